// Package reports turns a results file (sim.Results) into numbers and pictures a designer can
// act on: statistics computed with gonum (Wilson 95% intervals for every rate, mean and standard
// error for every mean, quantiles from histograms), charts drawn with gonum/plot (PNG and SVG),
// and four writers: a terminal table, GitHub-flavoured Markdown, a long ("tidy") CSV and one
// self-contained HTML page with the charts inlined as SVG.
//
// Write is the entry point that writes a chosen set of formats into a directory; Table and CSV
// write a single summary to any io.Writer; Charts builds the charts of a results file, and
// SweepChart and GanonHeatmap build the charts of a sweep (groups that differ by a params value).
// Pair compares two outcomes files (sim.OutcomeFile) campaign by campaign with McNemar's test
// (McNemarTest), and WritePaired writes the comparison.
//
// The package imports no game. A game's report package (reports/clockwork for Clockwork Realm)
// registers what the writers need of the game's results files (RegisterGame, GameReport): its
// metrics with their selectors, charts, sections, CSV rows and summary; every writer dispatches on
// the results file's game, and a game that registers nothing gets the generic report (the win
// rate of the judged seat or team, and for games whose seats compete the win rate per seat, the
// games nobody won, the length in turns and the agents' wins).
//
// The package only reads sim result types: counts are exact integers there, and every derived
// figure (rate, interval, mean) is computed here, never stored.
package reports
