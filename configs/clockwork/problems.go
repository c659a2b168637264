package clockwork

import "github.com/clockworksim/clockwork/configs/datafile"

// Pos is where a value came from: a file position, or a --set flag (datafile.Pos).
type Pos = datafile.Pos

// Problem is one thing wrong with the data, at a position (datafile.Problem).
type Problem = datafile.Problem

// Problems is every problem found in a data set; an error when not empty (datafile.Problems).
type Problems = datafile.Problems
