// Package reports turns a results file (sim.Results) into the answer a designer can act on: the
// game registry (RegisterGame, GameReport: a game's metrics with their selectors, charts,
// sections, CSV rows and summary), the generic report of a game that registers nothing (the win
// rate of the judged seat or team, and for games whose seats compete the win rate per seat, the
// games nobody won, the length in turns and the agents' wins), the report's title and headline,
// the balance gates (CheckGates), the skill ladder (Ladders), sweeps (SweepChart, GoalHeatmap),
// the sensitivity ranking (Effects, MatrixEffects), and the entry points that write it: Write (a
// chosen set of formats into a directory), Table and Brief (the terminal), CSV (the long, "tidy"
// summary), Markdown and HTML.
//
// It is the top of the reports' layers, which import one way (as gonum/plot's vg <- plot <-
// plotter):
//
//   - reports/stats: the numbers (Wilson intervals, means and standard errors, quantiles from
//     histograms, McNemar's test, paired differences), on gonum;
//   - reports/format: how those numbers and the report's words are written;
//   - reports/chart: the chart kit on gonum/plot (Chart, the house style, bars, whiskers, heat
//     maps, PNG and SVG);
//   - reports/page: the writers (a page of sections rendered as Markdown or HTML, tables as
//     terminal text, files written atomically);
//   - reports (this package): what to compute and show for a results file, and which game says
//     so.
//
// Beside it, reports/compare is the paired comparison of two outcomes files (`clockwork
// compare`), on the same lower layers. This package may import those lower layers, package sim,
// gonum/plot and go.yaml.in/yaml (the gates files); it imports no game. A game's report package (reports/clockwork,
// reports/clue, reports/duels) registers itself from init, and every writer dispatches on the
// results file's game.
//
// The package only reads sim result types: counts are exact integers there, and every derived
// figure (rate, interval, mean) is computed from them (package stats), never stored.
package reports
