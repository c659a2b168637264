package clockwork

import "github.com/clockworksim/clockwork/configs/datafile"

// NumericValue is one whole number of the data and its --set path (datafile.NumericValue).
type NumericValue = datafile.NumericValue

// NumericValues lists every whole number of the data, in --set paths, sorted by path.
func NumericValues(doc *Document) []NumericValue { return datafile.NumericValues(doc) }

// MatchValue reports whether a --set path is selected by pattern (datafile.MatchValue).
func MatchValue(pattern, p string) bool { return datafile.MatchValue(pattern, p) }
