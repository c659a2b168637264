package datafile

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Vary is one `--vary KEY=RANGE[:STEP]` of tune: the values the whole numbers whose --set paths
// KEY selects (MatchValue: segments, "*" for one, a prefix for all below) may take. A range
// written with a sign on either bound ("-2..+2") is relative: each value moves within its own
// value plus the bounds. Otherwise it is absolute ("12..30"): every selected value may take the
// range's values. STEP (default 1) spaces the values tried; a value's current number is always
// among them (no change is always a candidate).
type Vary struct {
	Key      string
	Lo, Hi   int
	Step     int
	Relative bool
	// Spec is the flag's text, for messages.
	Spec string
}

// ParseVary reads a --vary flag's value. A value that is not KEY=LO..HI[:STEP] with whole
// numbers, LO above HI, or a step below 1 is an error quoting the flag.
func ParseVary(spec string) (Vary, error) {
	v := Vary{Spec: spec, Step: 1}
	fail := func(why string) (Vary, error) {
		return Vary{}, fmt.Errorf("--vary %q: %s (expected KEY=LO..HI[:STEP], e.g. ganon.targets.*=12..30 or teams.*.characters.*.hp=-2..+2)", spec, why)
	}
	key, rng, ok := strings.Cut(spec, "=")
	if !ok || strings.TrimSpace(key) == "" {
		return fail("no KEY=")
	}
	v.Key = strings.TrimSpace(key)
	rng, step, hasStep := strings.Cut(strings.TrimSpace(rng), ":")
	lo, hi, ok := strings.Cut(rng, "..")
	if !ok {
		return fail("no LO..HI range")
	}
	var err error
	if v.Lo, err = strconv.Atoi(lo); err != nil {
		return fail(fmt.Sprintf("LO %q is not a whole number", lo))
	}
	if v.Hi, err = strconv.Atoi(hi); err != nil {
		return fail(fmt.Sprintf("HI %q is not a whole number", hi))
	}
	if v.Lo > v.Hi {
		return fail(fmt.Sprintf("LO %d is above HI %d", v.Lo, v.Hi))
	}
	if hasStep {
		if v.Step, err = strconv.Atoi(step); err != nil || v.Step < 1 {
			return fail(fmt.Sprintf("STEP %q is not a whole number of 1 or more", step))
		}
	}
	v.Relative = strings.ContainsAny(lo[:1], "+-") || strings.ContainsAny(hi[:1], "+-")
	return v, nil
}

// Domain is the values one whole number of the data may take in a tune: its --set path, its
// current value and every value tried (sorted, the current one among them).
type Domain struct {
	Path    string
	Current int
	Values  []int
	// Vary is the --vary that gave the values.
	Vary string
}

// Domains returns the domain of every whole number of values that a vary selects and no keep
// pattern does, in path order; where several varies select a value, the last one wins (as a
// later --set does). A vary or keep that selects no value is an error naming it and dataCommand
// (the command that lists the values).
func Domains(values []NumericValue, varies []Vary, keep []string, dataCommand string) ([]Domain, error) {
	for _, k := range keep {
		if !slices.ContainsFunc(values, func(nv NumericValue) bool { return MatchValue(k, nv.Path) }) {
			return nil, fmt.Errorf("--keep %q: no whole number of the data matches it (see %s --format json)", k, dataCommand)
		}
	}
	var out []Domain
	for _, v := range varies {
		if !slices.ContainsFunc(values, func(nv NumericValue) bool { return MatchValue(v.Key, nv.Path) }) {
			return nil, fmt.Errorf("--vary %q: no whole number of the data matches %s (see %s --format json)", v.Spec, v.Key, dataCommand)
		}
	}
	for _, nv := range values {
		if slices.ContainsFunc(keep, func(k string) bool { return MatchValue(k, nv.Path) }) {
			continue
		}
		last := -1
		for i, v := range varies {
			if MatchValue(v.Key, nv.Path) {
				last = i
			}
		}
		if last >= 0 {
			out = append(out, varies[last].domain(nv))
		}
	}
	return out, nil
}

// domain is the values v gives the whole number nv.
func (v Vary) domain(nv NumericValue) Domain {
	lo, hi, from := v.Lo, v.Hi, v.Lo
	if v.Relative {
		lo, hi = nv.Value+v.Lo, nv.Value+v.Hi
		from = nv.Value - (nv.Value-lo)/v.Step*v.Step // the steps are counted from the current value
	}
	d := Domain{Path: nv.Path, Current: nv.Value, Vary: v.Spec}
	for x := from; x <= hi; x += v.Step {
		d.Values = append(d.Values, x)
	}
	if !slices.Contains(d.Values, nv.Value) {
		d.Values = append(d.Values, nv.Value)
		slices.Sort(d.Values)
	}
	return d
}
