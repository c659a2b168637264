// Package format owns how the reports write numbers and words: percentages, rates with their
// intervals, means with their standard errors, signed differences in points, p-values, the
// numbers of a CSV file, and the small words of titles and file names (TitleCase, Slug,
// JoinAnd, Players). Every writer, chart and game report formats through it, so that a rate reads
// the same in a table, a label and a headline.
//
// It may import the standard library and package stats (whose Rate and HistStats it formats),
// nothing else of this module: no chart, no writer and no game.
package format
