package main

import (
	"slices"
	"strings"
	"testing"
)

// FuzzParseValues reads arbitrary --param and --targets values (the shared parseValues, and
// parseSweepParam and ganonTargets on top of it): never a panic, and accepted values are not
// empty, each once.
func FuzzParseValues(f *testing.F) {
	for _, s := range []string{"4,5,6", "2..8", "10..30:2", "6..30:3", "1..1000", "1..1001", "5..2", "2..8:0",
		"2..8:-1", "a..b", "1,,2", "1,1", " 3 , 4 ", "..", "2..", "..8", "1..9223372036854775807", "-9223372036854775808..9223372036854775807:4611686018427387904",
		"0..99:1", "x=1", "1..5:2:3", "", ","} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkValues(t, s)
		if p, err := parseSweepParam("k=" + s); err == nil {
			assertValues(t, p.values)
		}
		if targets, err := ganonTargets(s, 3); err == nil {
			for _, x := range targets {
				if x < 1 || x > 99 {
					t.Fatalf("target %d accepted", x)
				}
			}
		}
	})
}

func checkValues(t *testing.T, s string) {
	values, err := parseValues("--param", s)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "--param ") {
			t.Fatalf("message without the flag: %v", err)
		}
		return
	}
	assertValues(t, values)
}

func assertValues(t *testing.T, values []string) {
	if len(values) == 0 || len(values) > 1000 {
		t.Fatalf("%d values accepted", len(values))
	}
	seen := map[string]bool{}
	for _, v := range values {
		if v == "" || seen[v] {
			t.Fatalf("value %q empty or twice in %q", v, values)
		}
		seen[v] = true
	}
}

// FuzzParseShard reads arbitrary --shard values: never a panic, and an accepted shard exists.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/1", "2/8", "3/2", "half", "-1/2", "1/0", "0/-1", "/", "1/", "/2", "0/9223372036854775807", " 0/1", "0/1/2", "+0/+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := parseShard(s)
		if err != nil {
			return
		}
		if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
			t.Fatalf("%q accepted as %d/%d", s, sh.Index, sh.Count)
		}
	})
}

// FuzzParsePlayers reads arbitrary --players values: never a panic, and accepted counts are 2
// to 4, each once.
func FuzzParsePlayers(f *testing.F) {
	for _, s := range []string{"2,3,4", "3", "2,2", "5", "two", "", ",", " 2 , 4 ", "+3", "03", "2,3,4,2", "4,3,2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		players, err := parsePlayers(s)
		if err != nil {
			return
		}
		if len(players) == 0 || len(players) > 3 {
			t.Fatalf("%q accepted as %v", s, players)
		}
		for i, p := range players {
			if p < 2 || p > 4 || slices.Contains(players[:i], p) {
				t.Fatalf("%q accepted as %v", s, players)
			}
		}
	})
}

// Crashers found by FuzzParseValues, kept as regression cases.
func TestParseValuesRegressions(t *testing.T) {
	for _, c := range []struct{ in, err string }{
		// b-a overflowed an int: the range counted 1 value and the loop never ended.
		{"-9223372036854775808..9223372036854775807:4611686018427387904", ""},
		{"-9223372036854775808..9223372036854775807", "more than 1000 values"},
		// v += step overflowed past b.
		{"9223372036854775806..9223372036854775807:2", ""},
	} {
		values, err := parseValues("--param", c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || len(values) > 4 {
			t.Errorf("%q: %v %v", c.in, values, err)
		}
	}
}
