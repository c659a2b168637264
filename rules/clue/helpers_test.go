package clue

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// frozenDir is the frozen copy of the shipping data the rules tests run on.
const frozenDir = "../../testdata/clue"

var (
	frozenOnce sync.Once
	frozen     *Data
	frozenErr  error
)

// frozenSpec reads the frozen YAML files into a Spec (the tests need no loader).
func frozenSpec(t testing.TB) *Spec {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(frozenDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no frozen data in %s: %v", frozenDir, err)
	}
	sort.Strings(files)
	s := &Spec{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(raw, s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	return s
}

// frozenData returns the Data of the frozen test data (built once).
func frozenData(t testing.TB) *Data {
	t.Helper()
	frozenOnce.Do(func() {
		d, probs := NewData(frozenSpec(t))
		if probs != nil {
			frozenErr = probs
		}
		frozen = d
	})
	if frozenErr != nil {
		t.Fatalf("frozen data: %v", frozenErr)
	}
	return frozen
}

// dataWith returns fresh Data from the frozen Spec after edit changes it.
func dataWith(t testing.TB, edit func(s *Spec)) *Data {
	t.Helper()
	s := frozenSpec(t)
	edit(s)
	d, probs := NewData(s)
	if probs != nil {
		t.Fatalf("edited data: %v", probs)
	}
	return d
}

// mustApply applies a through the checked path and checks the invariants after it.
func mustApply(t testing.TB, g *Game, a Action) {
	t.Helper()
	if err := g.ApplyChecked(a); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(); err != nil {
		t.Fatalf("after %v: %v", a, err)
	}
}

// legal reports whether a is among the legal actions.
func legal(g *Game, a Action) bool {
	var buf [MaxActions]Action
	for _, l := range g.LegalActions(buf[:0]) {
		if l == a {
			return true
		}
	}
	return false
}

// countKind counts the legal actions of kind k.
func countKind(g *Game, k ActionKind) int {
	var buf [MaxActions]Action
	n := 0
	for _, l := range g.LegalActions(buf[:0]) {
		if l.Kind == k {
			n++
		}
	}
	return n
}

// randomStep plays one uniformly random legal action, drawn from the seed's PCG.
func randomStep(g *Game, buf []Action, pick func(n int) int) []Action {
	buf = g.LegalActions(buf)
	g.Apply(buf[pick(len(buf))])
	return buf
}
