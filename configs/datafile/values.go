package datafile

import (
	"encoding/json"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
)

// NumericValue is one whole number of the data and its --set path (entries of a list by their
// id, else by their position), e.g. enemies.keese.defeat.attack or damage.1.0.
type NumericValue struct {
	Path  string
	Value int
}

// NumericValues lists every whole number of a document (a game's data, as its JSON encoding
// names it), in --set paths, sorted by path: what `clockwork sensitivity` can move.
func NumericValues(doc any) []NumericValue {
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil // a document of plain data always marshals
	}
	var tree any
	if json.Unmarshal(raw, &tree) != nil {
		return nil
	}
	var out []NumericValue
	walkNumbers(tree, "", &out)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// walkNumbers appends the whole numbers below x (at path p) to out.
func walkNumbers(x any, p string, out *[]NumericValue) {
	join := func(seg string) string {
		if p == "" {
			return seg
		}
		return p + "." + seg
	}
	switch v := x.(type) {
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<31 {
			*out = append(*out, NumericValue{Path: p, Value: int(v)})
		}
	case map[string]any:
		for k, c := range v {
			walkNumbers(c, join(k), out)
		}
	case []any:
		for i, c := range v {
			seg := strconv.Itoa(i)
			if m, ok := c.(map[string]any); ok {
				if id, ok := m["id"].(string); ok && id != "" {
					seg = id
				}
			}
			walkNumbers(c, join(seg), out)
		}
	}
}

// MatchValue reports whether a --set path is selected by pattern: the pattern matches the whole
// path segment by segment (a "*" matching one segment, as in path.Match), or names a prefix of
// it ("enemies" selects every enemy value, "enemies.*.defeat" every Defeat cost).
func MatchValue(pattern, p string) bool {
	pat, segs := strings.Split(pattern, "."), strings.Split(p, ".")
	if len(pat) > len(segs) {
		return false
	}
	for i, ps := range pat {
		if ok, err := path.Match(ps, segs[i]); err != nil || !ok {
			return false
		}
	}
	return true
}
