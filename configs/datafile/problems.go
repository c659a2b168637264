package datafile

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is where a value came from: a file position, or a --set flag.
type Pos struct {
	File string // file name relative to the data directory (or the flag, for --set values)
	Line int    // 1-based; 0 for --set values
	Col  int    // 1-based; 0 for --set values
}

// String formats the position as file:line:column, or the flag alone for --set values.
func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Problem is one thing wrong with the data, at a position.
type Problem struct {
	Pos Pos
	Msg string
}

// String formats the problem as `file:line:column: what is wrong`.
func (p Problem) String() string { return p.Pos.String() + ": " + p.Msg }

// Problems is every problem found in a data set. It is an error when not empty.
type Problems []Problem

// Error lists the problems one per line, in file and line order.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// sort orders problems by file, line and column; --set problems (line 0) come last. The sort is
// stable so problems at one position keep the order they were found in.
func (ps Problems) sort() {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i].Pos, ps[j].Pos
		if (a.Line == 0) != (b.Line == 0) {
			return b.Line == 0
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}
