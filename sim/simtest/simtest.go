// Package simtest is the conformance suite every game's adapter runs in its tests: one worker
// gives the same results as several, shards merged give the one run, a run stopped and resumed
// from its checkpoint gives the uninterrupted one, the results file survives a write-read round
// trip and the reader's validation, and a worker's episode allocates nothing. Only tests import
// it.
package simtest

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/clockworksim/clockwork/sim"
)

// Conformance runs the suite on cfg (a small run: a few dozen episodes per group, outcomes
// recorded by the suite itself).
func Conformance(t *testing.T, cfg sim.Config) {
	t.Helper()
	cfg.Outcomes = true
	cfg.Workers = 1
	one := run(t, cfg)
	want := encode(t, one)
	file, err := json.MarshalIndent(one, "", " ")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("workers", func(t *testing.T) {
		many := cfg
		many.Workers = 3
		if got := encode(t, run(t, many)); got != want {
			t.Fatalf("3 workers give other results than 1:\n%s\nwant\n%s", got, want)
		}
	})
	t.Run("shards", func(t *testing.T) {
		// the episodes of every shard, merged (sim.Merge checks that they add up)
		var parts []*sim.Results
		var names []string
		for i := range 3 {
			sh := cfg
			sh.Shard = sim.Shard{Index: i, Count: 3}
			parts = append(parts, run(t, sh))
			names = append(names, filepath.Join("shard", string(rune('0'+i))))
		}
		merged, err := sim.Merge(parts, names, sim.MergeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.MarshalIndent(merged, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		// A merge keeps no outcomes, and names the shards it merged: compare the rest.
		merged.Shard = one.Shard
		got, _ = json.MarshalIndent(merged, "", " ")
		if string(got) != string(file) {
			t.Fatalf("3 shards merged give other results than one run:\n%s\nwant\n%s", got, file)
		}
	})
	t.Run("resume", func(t *testing.T) { resume(t, cfg, want) })
	t.Run("round trip", func(t *testing.T) {
		back, err := sim.ReadResults(file, "results.json")
		if err != nil {
			t.Fatal(err)
		}
		again, err := json.MarshalIndent(back, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if got := string(again); got != string(file) {
			t.Fatalf("the results file changed in a write-read round trip:\n%s\nwant\n%s", got, file)
		}
	})
	t.Run("no allocation", func(t *testing.T) { noAllocation(t, cfg) })
}

// resume stops a run after a few episodes, writes its checkpoint, resumes from it and requires
// the uninterrupted results.
func resume(t *testing.T, cfg sim.Config, want string) {
	for _, stopAt := range []int64{1, 7} {
		ctx, cancel := context.WithCancel(context.Background())
		first := cfg
		first.Progress = func(done, _ int64) {
			if done >= stopAt {
				cancel()
			}
		}
		part, err := sim.Run(ctx, first)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !part.Partial {
			t.Fatalf("stopped after %d episodes, the run is not partial", stopAt)
		}
		path := filepath.Join(t.TempDir(), "checkpoint.json")
		if err := sim.NewCheckpoint(sim.CheckpointRun{Outcomes: true}, part).WriteFile(path); err != nil {
			t.Fatal(err)
		}
		ck, err := sim.ReadCheckpoint(path)
		if err != nil {
			t.Fatal(err)
		}
		second := cfg
		second.Resume = ck.Results.Groups
		if got := encode(t, run(t, second)); got != want {
			t.Fatalf("stopped at %d and resumed, the results differ:\n%s\nwant\n%s", stopAt, got, want)
		}
	}
}

// noAllocation plays episodes of the first group with a warm worker and requires no allocation.
func noAllocation(t *testing.T, cfg sim.Config) {
	w, err := cfg.Game.NewWorker(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := cfg.Players[0]
	deal := uint64(0)
	for range 3 { // warm the arena
		w.Play(0, 0, p, deal, 0)
		deal++
	}
	if n := testing.AllocsPerRun(20, func() { w.Play(0, 0, p, deal, int(deal)%p); deal++ }); n != 0 {
		t.Fatalf("%v allocations an episode", n)
	}
}

func run(t *testing.T, cfg sim.Config) *sim.Results {
	t.Helper()
	res, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Validate(); err != nil {
		t.Fatalf("the results do not validate: %v", err)
	}
	return res
}

// encode returns the results file and the outcomes file of res.
func encode(t *testing.T, res *sim.Results) string {
	t.Helper()
	raw, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if res.Groups[0].Outcomes != nil {
		if err := sim.WriteOutcomes(&out, res); err != nil {
			t.Fatal(err)
		}
	}
	return string(raw) + "\n" + out.String()
}
