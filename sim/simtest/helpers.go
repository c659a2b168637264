package simtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/sim"
)

// The helpers below serve the tests of the generic core and of every game's adapter: results
// as JSON text, a file edited at a JSON path, and the fuzz targets of the readers, whose seeds
// are each game's own.

// JSON returns res as its results file's indented JSON.
func JSON(t testing.TB, res *sim.Results) string {
	t.Helper()
	raw, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// GroupJSON returns g as its JSON in a results file.
func GroupJSON(t testing.TB, g *sim.Group) string {
	t.Helper()
	raw, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// RoundTrip passes res through its JSON text and the reader, as a file between two commands
// would.
func RoundTrip(t testing.TB, res *sim.Results) *sim.Results {
	t.Helper()
	raw, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	back, err := sim.ReadResults(raw, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// FileJSON runs cfg and returns its results file as generic JSON, to edit with Set.
func FileJSON(t testing.TB, cfg sim.Config) map[string]any {
	t.Helper()
	res, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(JSON(t, res)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// Set changes the value at a dotted path of generic JSON (list indexes as numbers, e.g.
// groups.0.wins).
func Set(t testing.TB, m map[string]any, path string, value any) {
	t.Helper()
	parts := strings.Split(path, ".")
	var cur any = m
	for i, p := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[p] = value
				return
			}
			cur = c[p]
		case []any:
			var k int
			if _, err := fmt.Sscan(p, &k); err != nil || k < 0 || k >= len(c) {
				t.Fatalf("%s: %q is not an index of the list", path, p)
			}
			if last {
				c[k] = value
				return
			}
			cur = c[k]
		default:
			t.Fatalf("%s: nothing at %q", path, p)
		}
	}
}

// OutcomesKeepResults runs cfg with and without its outcomes recorded and fails unless the
// results file is the same and only the run that records them holds them; it returns that run.
func OutcomesKeepResults(t testing.TB, cfg sim.Config) *sim.Results {
	t.Helper()
	cfg.Outcomes = true
	with, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Outcomes = false
	without, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if JSON(t, with) != JSON(t, without) {
		t.Fatal("recording the outcomes changes results.json")
	}
	for _, g := range without.Groups {
		if g.Outcomes != nil {
			t.Fatal("a run that records no outcomes holds some")
		}
	}
	return with
}

// FuzzResults fuzzes the results reader from seeds: it must never panic nor fail without a
// message, and a file it accepts must be written and read back.
func FuzzResults(f *testing.F, seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := sim.ReadResults(raw, "fuzz.json")
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("accepted but cannot be written: %v", err)
		}
		if _, err := sim.ReadResults(again, "again.json"); err != nil {
			t.Fatalf("accepted, written, then refused: %v", err)
		}
	})
}

// FuzzOutcomes fuzzes the outcomes reader from seeds: it must never panic nor fail without a
// message, and a file it accepts must be written and read back to the same file.
func FuzzOutcomes(f *testing.F, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		of, err := sim.ReadOutcomes(strings.NewReader(text), "fuzz.csv")
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		var buf bytes.Buffer
		if err := of.Write(&buf); err != nil {
			t.Fatalf("accepted but cannot be written: %v", err)
		}
		back, err := sim.ReadOutcomes(bytes.NewReader(buf.Bytes()), "again.csv")
		if err != nil {
			t.Fatalf("accepted, written, then refused: %v\n%s", err, buf.String())
		}
		var buf2 bytes.Buffer
		if err := back.Write(&buf2); err != nil || !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
			t.Fatalf("not the same file after a round trip (%v):\n%s\n---\n%s", err, buf.String(), buf2.String())
		}
	})
}

// Refusal is an edit of a valid results file that the reader must refuse: the value set at
// Path (as Set reads it) and the problem it must name.
type Refusal struct {
	Path  string
	Value any
	Want  string
}

// ReadRefuses applies each refusal to a copy of file (generic JSON of a valid results file),
// writes it and reads it back with sim.ReadFile, and fails unless the error names the file and
// then the refusal's problem.
func ReadRefuses(t testing.TB, file map[string]any, refusals []Refusal) {
	t.Helper()
	raw, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "r.json")
	for _, r := range refusals {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		Set(t, m, r.Path, r.Value)
		bad, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = sim.ReadFile(path)
		if err == nil || !strings.Contains(err.Error(), path+": "+r.Want) {
			t.Errorf("%s = %v: the reader says %v, want %q", r.Path, r.Value, err, path+": "+r.Want)
		}
	}
}

// Lineup is lineupOf(seats) (a seat game's adapter's Lineup), failing t on an error.
func Lineup(t testing.TB, lineupOf func(seats []string) (sim.Lineup, error), seats ...string) sim.Lineup {
	t.Helper()
	l, err := lineupOf(seats)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
