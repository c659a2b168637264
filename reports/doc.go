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
// The package only reads sim result types: counts are exact integers there, and every derived
// figure (rate, interval, mean) is computed here, never stored.
package reports
