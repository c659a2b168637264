// Package stats owns the numbers of the reports: rates with their Wilson 95% score intervals
// (Wilson, NewRate), means with their standard errors and quantiles from histograms of counts
// (Summarize, HistMean, HistQuantile), McNemar's test of paired binary outcomes (McNemarTest)
// and the paired differences of rates and means over the same campaigns (PairedDiff,
// PairedMean). Every figure is computed with gonum's stat and distuv packages from the exact
// integer counts of a results file; nothing here is stored.
//
// It is the lowest layer of the reports: it may import the standard library, gonum (never
// gonum/plot) and package sim (whose Wilson interval it shares), and nothing else of this module:
// no chart, no writer and no game.
package stats
