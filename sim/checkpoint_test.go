package sim_test

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// fileBytes is the results file and the outcomes file of r.
func fileBytes(t *testing.T, r *sim.Results) (string, string) {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, sim.WriteOutcomes(&out, r))
	return simtest.JSON(t, r), out.String()
}

func checkpointConfig(t *testing.T) sim.Config {
	cfg := testConfig(t)
	cfg.Episodes, cfg.Workers, cfg.Outcomes = 20, 2, true
	return cfg
}

// A run interrupted after some campaigns, checkpointed to a file and resumed from it gives the
// same results and outcomes, byte for byte, as a straight run; so does a run that pauses for
// a checkpoint every few campaigns.
func TestResumeIsByteIdentical(t *testing.T) {
	defer func(b int) { *sim.BlockSize = b }(*sim.BlockSize)
	*sim.BlockSize = 4 // precision checks every 4 campaigns per group
	for k, precision := range []float64{0, 0.5, 0} {
		cfg := checkpointConfig(t)
		cfg.Precision = precision
		if k == 2 { // a ladder: its pairs come from the outcomes the checkpoint keeps
			cfg.Agents = []sim.Lineup{lineup(t, "random"), lineup(t, "hold", "random")}
		}
		straight, err := sim.Run(context.Background(), cfg)
		require.NoError(t, err)
		wantRes, wantOut := fileBytes(t, straight)
		t.Logf("precision %g: %d campaigns, stopped %q", precision, straight.Groups[0].Episodes, straight.Stopped)

		for _, stopAt := range []int64{1, 13, 25} {
			ctx, cancel := context.WithCancel(context.Background())
			first := cfg
			first.Progress = func(done, _ int64) {
				if done >= stopAt {
					cancel()
				}
			}
			part, err := sim.Run(ctx, first)
			require.NoError(t, err)
			if !part.Partial {
				continue // the precision stop came first
			}
			path := filepath.Join(t.TempDir(), "checkpoint.json")
			require.NoError(t, sim.NewCheckpoint(sim.CheckpointRun{Outcomes: true}, part).WriteFile(path))
			ck, err := sim.ReadCheckpoint(path)
			require.NoError(t, err)

			second := cfg
			second.Resume = ck.Results.Groups
			got, err := sim.Run(context.Background(), second)
			require.NoError(t, err)
			gotRes, gotOut := fileBytes(t, got)
			assert.Equal(t, wantRes, gotRes, "results, stopped at %d, precision %g", stopAt, precision)
			assert.Equal(t, wantOut, gotOut, "outcomes, stopped at %d, precision %g", stopAt, precision)
		}

		paused := cfg
		var checkpoints int
		paused.Checkpoint = func(r *sim.Results) {
			checkpoints++
			assert.True(t, r.Partial)
			require.NoError(t, r.Validate())
		}
		paused.CheckpointEvery = time.Nanosecond
		// A game of Pig takes microseconds: a rest after each lets the ticker come between the
		// workers' chunks (as it does between a longer game's), whatever the machine's load.
		paused.Progress = func(int64, int64) { time.Sleep(20 * time.Microsecond) }
		got, err := sim.Run(context.Background(), paused)
		require.NoError(t, err)
		gotRes, gotOut := fileBytes(t, got)
		assert.Equal(t, wantRes, gotRes, "results with checkpoints, precision %g", precision)
		assert.Equal(t, wantOut, gotOut)
		if precision == 0 { // with blocks of one chunk per worker, no pause comes within a block
			assert.Positive(t, checkpoints)
		}
	}
}

// A checkpoint's run must match the resuming one field by field.
func TestCheckpointRunDiff(t *testing.T) {
	a := sim.CheckpointRun{Command: "run", Seed: 1, Players: []int{2, 3}, Episodes: 40}
	assert.NoError(t, a.Diff(a))
	b := a
	b.Seed = 2
	assert.EqualError(t, a.Diff(b), "run.seed: 1 in the checkpoint, 2 in this command")
	b = a
	b.Players = []int{3}
	assert.EqualError(t, a.Diff(b), "run.players: [2 3] in the checkpoint, [3] in this command")
	b = a
	b.Params = map[string]string{"x": "1"}
	assert.EqualError(t, a.Diff(b), "run.params: none in the checkpoint, x=1 in this command")
}
