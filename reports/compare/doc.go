// Package compare is the paired comparison of two versions (`clockwork compare`): it pairs the
// campaigns of two outcomes files (sim.OutcomeFile) by player count, campaign index and params
// (Pair), compares each pair of groups with McNemar's test and the paired difference of their
// win rates (Row), and writes the comparison as a terminal table, Markdown, CSV, JSON or one HTML
// page (Write), or as a report with the chart of the paired differences (WriteReport).
//
// It reads outcomes files, not results files, and knows no game's report: it may import the
// standard library, gonum/plot, package sim and the lower layers of the reports (stats, format,
// chart, page); never package reports or a game.
package compare
