package sim_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	pigsim "github.com/clockworksim/clockwork/sim/pig"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// Results do not depend on the number of workers.
func TestDeterministicAcrossWorkers(t *testing.T) {
	cfg := testConfig(t)
	cfg.Workers = 1
	one, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	cfg.Workers = 4
	four, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, one), simtest.JSON(t, four))
	assert.EqualValues(t, 120, one.Groups[0].Episodes)
	assert.False(t, one.Partial)
}

// A run split into 4 shards and merged equals the single run, byte for byte.
func TestShardsMergeToTheSingleRun(t *testing.T) {
	cfg := testConfig(t)
	single, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	var parts []*sim.Results
	var names []string
	for i := 0; i < 4; i++ {
		c := cfg
		c.Shard = sim.Shard{Index: i, Count: 4}
		c.Workers = 1 + i%2
		r, err := sim.Run(context.Background(), c)
		require.NoError(t, err)
		// Through a file, as a real pipeline would.
		path := filepath.Join(t.TempDir(), "r.json")
		require.NoError(t, r.WriteFile(path))
		back, err := sim.ReadFile(path)
		require.NoError(t, err)
		parts = append(parts, back)
		names = append(names, path)
	}
	merged, err := sim.Merge(parts, names, sim.MergeOptions{})
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, single), simtest.JSON(t, merged))

	// Half the shards are refused, naming the missing ones, unless AllowMissing: then they
	// merge into a partial cover, which merges with the rest.
	_, err = sim.Merge(parts[:2], names[:2], sim.MergeOptions{})
	assert.ErrorContains(t, err, "merge: shard: the files hold 2 of the 4 shards; missing: 2/4, 3/4")
	half, err := sim.Merge(parts[:2], names[:2], sim.MergeOptions{AllowMissing: true})
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, half.Shard.Merged)
	rest, err := sim.Merge(parts[2:], names[2:], sim.MergeOptions{AllowMissing: true})
	require.NoError(t, err)
	all, err := sim.Merge([]*sim.Results{half, rest}, []string{"half", "rest"}, sim.MergeOptions{})
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, single), simtest.JSON(t, all))
	testMergeRefusals(t, parts)
}

// testMergeRefusals changes one thing in shard 1 of 4 and checks that merging it with shard 0 is
// refused with a message naming both files and the field.
func testMergeRefusals(t *testing.T, parts []*sim.Results) {
	clone := func(r *sim.Results) *sim.Results {
		raw, err := json.Marshal(r)
		require.NoError(t, err)
		var c sim.Results
		require.NoError(t, json.Unmarshal(raw, &c))
		return &c
	}
	cases := []struct {
		change func(r *sim.Results)
		want   string
	}{
		{func(r *sim.Results) {}, "b.json: shard: a.json and b.json both hold shard 0/4"},
		{func(r *sim.Results) { r.Schema = "clockwork.results/v0" }, `b.json: schema: clockwork.results/v0, but a.json has clockwork.results/v1`},
		{func(r *sim.Results) { r.ToolVersion = "v9" }, "b.json: tool_version: v9, but a.json has test"},
		{func(r *sim.Results) { r.ConfigFingerprint = "sha256:other" }, "b.json: config_fingerprint: sha256:other, but a.json has pig:target=30,faces=6,turn_cap=200"},
		{func(r *sim.Results) { r.Seed = 8 }, "b.json: seed: 8, but a.json has 7"},
		{func(r *sim.Results) { r.Shard.Count = 5 }, "b.json: shard.count: 5, but a.json has 4"},
		{func(r *sim.Results) { r.TurnCap = 50 }, "b.json: round_cap: 50, but a.json has 100"},
		{func(r *sim.Results) { r.EpisodesRequested = 240 }, "b.json: campaigns_requested: 240, but a.json has 120"},
		{func(r *sim.Results) { r.Precision = 0.1 }, "b.json: precision: 0.1, but a.json has 0"},
		{func(r *sim.Results) { r.Partial, r.Groups[1].Partial = true, true }, "b.json: partial: the run was interrupted (3 players: 30 of 30 campaigns); run that shard again"},
		{func(r *sim.Results) { r.Groups = r.Groups[:1] }, "b.json: players: 2, but a.json has 2, 3"},
		{func(r *sim.Results) { r.Groups[0].Agent = "random" }, "b.json: agent: hold,random, random, but a.json has hold,random"},
		{func(r *sim.Results) { r.Groups[1].Strategies = "engage=x" }, "b.json: strategies: "},
		{func(r *sim.Results) { r.Groups[1].Params = map[string]string{"k": "1"} }, "b.json: params: {k=1}, {}, but a.json has {}"},
		{func(r *sim.Results) { r.Groups[1].ConfigFingerprint = "sha256:x" }, "b.json: groups[1].config_fingerprint: sha256:x at 3 players, but a.json has "},
		{func(r *sim.Results) { r.Groups[0].Episodes = 40 }, "b.json: groups[0].campaigns: 40 at 2 players, but its shards of 120 campaigns hold 30"},
	}
	for _, c := range cases {
		b := clone(parts[1])
		if c.want == cases[0].want {
			b = parts[0]
		}
		c.change(b)
		_, err := sim.Merge([]*sim.Results{parts[0], b}, []string{"a.json", "b.json"}, sim.MergeOptions{AllowMissing: true})
		assert.ErrorContains(t, err, "merge: "+c.want)
	}
}

// Every game is won by a seat or by nobody; the judged agent's wins are its seat's (no
// rotation); every turn rolls the die at least once, and some rolls bust.
func TestCountsAddUp(t *testing.T) {
	r, err := sim.Run(context.Background(), testConfig(t))
	require.NoError(t, err)
	for _, g := range r.Groups {
		var won, turns int64
		for _, n := range g.SeatWins {
			won += n
		}
		for n, games := range g.TurnsHist {
			turns += int64(n) * games
		}
		assert.Equal(t, g.Episodes, won+g.NoWinner, "every game is won or reaches the turn cap")
		assert.Zero(t, g.NoWinner, "no game reaches the default turn cap")
		assert.Equal(t, g.Wins, g.SeatWins[0], "the judged agent sits at seat 0")
		assert.Equal(t, g.Wins, g.AgentWins["hold"])
		s := pigsim.Of(g)
		assert.GreaterOrEqual(t, s.Rolls, turns, "a roll a turn at least")
		assert.Positive(t, s.Busts)
		assert.Less(t, s.Busts, s.Rolls)
	}
}

func TestPrecisionStopsEarlyAndDeterministically(t *testing.T) {
	cfg := testConfig(t)
	cfg.Episodes = 5000
	cfg.Players = []int{2}
	cfg.Precision = 0.2
	a, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.False(t, a.Partial, "a precision stop is not partial")
	assert.Equal(t, sim.StoppedPrecision, a.Stopped)
	assert.EqualValues(t, 5000, a.EpisodesRequested)
	assert.Equal(t, 0.2, a.Precision)
	assert.Less(t, a.Groups[0].Episodes, int64(5000))
	lo, hi := sim.Wilson(a.Groups[0].Wins, a.Groups[0].Episodes)
	assert.Less(t, hi-lo, 0.2)
	cfg.Workers = 3
	b, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, a), simtest.JSON(t, b))
}

func TestCancelGivesPartialResults(t *testing.T) {
	cfg := testConfig(t)
	cfg.Episodes = 100000
	cfg.Outcomes = true
	cfg.Workers = 3
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Progress = func(done, total int64) {
		if done == 50 {
			cancel()
		}
	}
	r, err := sim.Run(ctx, cfg)
	require.NoError(t, err)
	assert.True(t, r.Partial)
	assert.Equal(t, sim.StoppedInterrupted, r.Stopped)
	assert.Less(t, r.Groups[0].Episodes+r.Groups[1].Episodes, int64(1000))
	for _, g := range r.Groups {
		assert.True(t, g.Partial, "%d players: not complete", g.Players)
		// The campaigns played are exactly the first g.Campaigns of the group: a prefix.
		for pos, o := range g.Outcomes {
			assert.Equal(t, int64(pos) < g.Episodes, o.Played(), "%d players, campaign %d", g.Players, pos)
		}
	}

	// Cancelled before the start: every group is there, empty and partial.
	r, err = sim.Run(ctx, cfg)
	require.NoError(t, err)
	require.Len(t, r.Groups, 2)
	assert.True(t, r.Partial)
	assert.Zero(t, r.Groups[0].Episodes)
	assert.True(t, r.Groups[1].Partial)
}

func TestShardCampaigns(t *testing.T) {
	assert.EqualValues(t, 10, sim.ShardEpisodes(10, sim.Shard{Count: 1}))
	assert.EqualValues(t, 3, sim.ShardEpisodes(10, sim.Shard{Index: 1, Count: 3})) // 1, 4, 7
	assert.EqualValues(t, 3, sim.ShardEpisodes(10, sim.Shard{Index: 2, Count: 3})) // 2, 5, 8
	assert.EqualValues(t, 0, sim.ShardEpisodes(2, sim.Shard{Index: 3, Count: 4}))  // none
	assert.EqualValues(t, 7, sim.ShardEpisodes(10, sim.Shard{Count: 3, Merged: []int{0, 2}}))
}

func TestWilson(t *testing.T) {
	lo, hi := sim.Wilson(50, 100)
	assert.InDelta(t, 0.4038, lo, 1e-3)
	assert.InDelta(t, 0.5962, hi, 1e-3)
	lo, hi = sim.Wilson(0, 10)
	assert.Equal(t, 0.0, lo)
	assert.InDelta(t, 0.2775, hi, 1e-3)

	// The interval always holds the estimate, with exact ends at 0 and n successes.
	for n := int64(1); n <= 3000; n += 7 {
		for _, k := range []int64{0, 1, n / 3, n - 1, n} {
			lo, hi := sim.Wilson(k, n)
			p := float64(k) / float64(n)
			assert.True(t, lo <= p && p <= hi, "k=%d n=%d: [%g, %g] holds %g", k, n, lo, hi, p)
		}
		lo, _ := sim.Wilson(0, n)
		_, hi := sim.Wilson(n, n)
		assert.Equal(t, 0.0, lo, "n=%d", n)
		assert.Equal(t, 1.0, hi, "n=%d", n)
	}
}
