package sim_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/sim"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOutcomeBits(t *testing.T) {
	cases := []struct {
		won    bool
		levels uint8
		shards int
		want   int // shards read back
	}{
		{false, 0, 0, 0},
		{true, 0b1111, 7, 7},
		{false, 0b1011, 3, 3},
		{true, 0b1000, sim.MaxOutcomeShards, sim.MaxOutcomeShards},
		{false, 0xff, sim.MaxOutcomeShards + 5, sim.MaxOutcomeShards}, // clamped; bits past level 4 dropped
		{false, 0b0001, -2, 0},
	}
	for _, c := range cases {
		o := sim.NewOutcome(c.won, c.levels, c.shards)
		assert.True(t, o.Played())
		assert.Equal(t, c.won, o.Won())
		assert.Equal(t, c.levels&0b1111, o.Levels())
		for lvl := 1; lvl <= 4; lvl++ {
			assert.Equal(t, c.levels&(1<<(lvl-1)) != 0, o.LevelWon(lvl), "level %d of %04b", lvl, c.levels)
		}
		assert.False(t, o.LevelWon(0))
		assert.False(t, o.LevelWon(5))
		assert.Equal(t, c.want, o.Shards())
	}
	assert.False(t, sim.Outcome(0).Played(), "the zero Outcome is a campaign not played")
	assert.GreaterOrEqual(t, sim.MaxOutcomeShards, 4*127, "holds any team's Shards")
}

func outcomesConfig(t *testing.T) sim.Config {
	t.Helper()
	cfg := testConfig(t)
	cfg.Campaigns = 40
	cfg.Outcomes = true
	return cfg
}

func outcomesBytes(t *testing.T, r *sim.Results) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, sim.WriteOutcomes(&b, r))
	return b.String()
}

// The outcomes file is byte-identical whatever the worker count, and the shards of a run merge
// into the single run's file.
func TestOutcomesFileIndependentOfWorkersAndShards(t *testing.T) {
	cfg := outcomesConfig(t)
	cfg.Workers = 1
	one, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	single := outcomesBytes(t, one)
	cfg.Workers = 3
	three, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, single, outcomesBytes(t, three))

	lines := strings.Split(strings.TrimSuffix(single, "\n"), "\n")
	assert.Equal(t, sim.OutcomesHeader, lines[0])
	assert.Len(t, lines, 1+2*40)
	assert.Regexp(t, `^2,planner,,0,[01],[01],[01],[01],[01],\d+$`, lines[1])
	assert.Regexp(t, `^2,planner,,39,`, lines[40])
	assert.Regexp(t, `^3,planner,,0,`, lines[41])

	var parts []*sim.OutcomeFile
	var names []string
	for i := 0; i < 2; i++ {
		c := cfg
		c.Shard = sim.Shard{Index: i, Count: 2}
		r, err := sim.Run(context.Background(), c)
		require.NoError(t, err)
		path := filepath.Join(t.TempDir(), "o.csv")
		require.NoError(t, r.WriteOutcomesFile(path))
		back, err := sim.ReadOutcomesFile(path)
		require.NoError(t, err)
		assert.True(t, sim.IsOutcomesFile(path))
		parts = append(parts, back)
		names = append(names, path)
	}
	merged, err := sim.MergeOutcomes(parts, names)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, merged.Write(&b))
	assert.Equal(t, single, b.String())

	_, err = sim.MergeOutcomes([]*sim.OutcomeFile{parts[0], parts[0]}, []string{"a.csv", "b.csv"})
	assert.ErrorContains(t, err, "campaign 0 of 2 players appears twice")
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	assert.NoError(t, sim.CheckWritable(filepath.Join(dir, "new", "o.csv")), "makes the directory")
	assert.DirExists(t, filepath.Join(dir, "new"))
	assert.ErrorContains(t, sim.CheckWritable(dir), "is a directory")
	file := filepath.Join(dir, "file")
	require.NoError(t, sim.WriteAtomic(file, []byte("x")))
	assert.Error(t, sim.CheckWritable(filepath.Join(file, "o.csv")), "under a regular file")
	entries, err := filepath.Glob(filepath.Join(dir, "new", ".*"))
	require.NoError(t, err)
	assert.Empty(t, entries, "no temporary file left")
}
