package clue

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	yaml "go.yaml.in/yaml/v3"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// frozenDir is the frozen copy of the shipping data the agents' tests play on.
const frozenDir = "../../testdata/clue"

var (
	frozenOnce sync.Once
	frozen     *rules.Data
	frozenErr  error
)

// readSpec reads the frozen YAML files into a Spec (the tests need no loader).
func readSpec() (*rules.Spec, error) {
	files, err := filepath.Glob(filepath.Join(frozenDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		return nil, err
	}
	sort.Strings(files)
	s := &rules.Spec{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := yaml.Unmarshal(raw, s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// dataWith returns Data built from the frozen files after edit changes the document.
func dataWith(t testing.TB, edit func(s *rules.Spec)) *rules.Data {
	t.Helper()
	s, err := readSpec()
	if err != nil || s == nil {
		t.Fatalf("frozen data in %s: %v", frozenDir, err)
	}
	edit(s)
	d, probs := rules.NewData(s)
	if probs != nil {
		t.Fatalf("data: %v", probs)
	}
	return d
}

// frozenData returns the Data of the frozen test data (built once).
func frozenData(t testing.TB) *rules.Data {
	t.Helper()
	frozenOnce.Do(func() {
		s, err := readSpec()
		if err != nil || s == nil {
			frozenErr = err
			return
		}
		d, probs := rules.NewData(s)
		if probs != nil {
			frozenErr = probs
		}
		frozen = d
	})
	if frozenErr != nil || frozen == nil {
		t.Fatalf("frozen data in %s: %v", frozenDir, frozenErr)
	}
	return frozen
}

// lineup makes one fresh agent per seat by name.
func lineup(t testing.TB, names ...string) []Agent {
	t.Helper()
	var out []Agent
	for _, n := range names {
		a, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}
