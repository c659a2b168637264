package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// ladderConfig is a three-rung ladder at two player counts on the frozen data.
func ladderConfig(t *testing.T) sim.Config {
	cfg := testConfig(t)
	cfg.Campaigns = 60
	cfg.Agents = []sim.Lineup{spec(t, "random"), spec(t, "rusher"), spec(t, "planner")}
	return cfg
}

// A ladder plays every agent on the same campaigns: each of its groups is byte-identical to
// the agent's own run, and its pairs count exactly the campaigns one agent won and the other
// lost (recomputed here from the single runs' outcomes).
func TestLadderPairsTheAgentsRuns(t *testing.T) {
	cfg := ladderConfig(t)
	lad, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, lad.Groups, 6)
	outs := map[string][]sim.Outcome{}
	for ai, a := range cfg.Agents {
		one := cfg
		one.Agents = []sim.Lineup{a}
		one.Outcomes = true
		r, err := sim.Run(context.Background(), one)
		require.NoError(t, err)
		assert.Nil(t, r.Ladder, "one agent makes no ladder")
		for pi, g := range r.Groups {
			got := lad.Groups[ai*len(cfg.Players)+pi]
			assert.Equal(t, encodeGroup(t, g), encodeGroup(t, got), "%s at %d players", a.Name, g.Players)
			outs[a.Name+"/"+string(rune('0'+g.Players))] = g.Outcomes
		}
	}
	require.Len(t, lad.Ladder, 3*len(cfg.Players)) // random-rusher, rusher-planner, random-planner
	for _, p := range lad.Ladder {
		oa, ob := outs[p.A.Agent+"/"+string(rune('0'+p.Players))], outs[p.B.Agent+"/"+string(rune('0'+p.Players))]
		var aOnly, bOnly int64
		for i := range oa {
			aOnly += int64(b2i(oa[i].Won() && !ob[i].Won()))
			bOnly += int64(b2i(ob[i].Won() && !oa[i].Won()))
		}
		assert.Equal(t, int64(cfg.Campaigns), p.Campaigns)
		assert.Equal(t, [2]int64{aOnly, bOnly}, [2]int64{p.AOnly, p.BOnly}, "%s-%s at %d players", p.A.Agent, p.B.Agent, p.Players)
	}
	assert.Equal(t, "random", lad.Ladder[2*len(cfg.Players)].A.Agent)
	assert.Equal(t, "planner", lad.Ladder[2*len(cfg.Players)].B.Agent)
	assert.NotZero(t, lad.Ladder[2*len(cfg.Players)+1].BOnly, "the planner wins campaigns random loses")
	require.NoError(t, lad.Validate())
}

// A ladder's shards merge into the single run (pairs add up), whatever the workers.
func TestLadderShardsMerge(t *testing.T) {
	cfg := ladderConfig(t)
	single, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	var parts []*sim.Results
	for i := 0; i < 3; i++ {
		c := cfg
		c.Shard, c.Workers = sim.Shard{Index: i, Count: 3}, 1+i%2
		r, err := sim.Run(context.Background(), c)
		require.NoError(t, err)
		parts = append(parts, roundTrip(t, r))
	}
	merged, err := sim.Merge(parts, []string{"a.json", "b.json", "c.json"}, sim.MergeOptions{})
	require.NoError(t, err)
	assert.Equal(t, encode(t, single), encode(t, merged))

	one := testConfig(t)
	one.Shard, one.Campaigns = sim.Shard{Index: 1, Count: 3}, cfg.Campaigns
	other, err := sim.Run(context.Background(), one)
	require.NoError(t, err)
	_, err = sim.Merge([]*sim.Results{parts[0], other}, []string{"a.json", "b.json"}, sim.MergeOptions{})
	assert.ErrorContains(t, err, "b.json: ladder: none, but a.json has random")
}

// The results reader refuses a ladder pair that does not fit its groups.
func TestLadderValidation(t *testing.T) {
	cfg := ladderConfig(t)
	cfg.Campaigns = 10
	r, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	for _, c := range []struct {
		change func(p *sim.LadderPair)
		want   string
	}{
		{func(p *sim.LadderPair) { p.Campaigns = 11 }, "ladder[0].campaigns: 11 is more than the campaigns of its groups (10)"},
		{func(p *sim.LadderPair) { p.AOnly = -1 }, "ladder[0].won_by_a_only: -1 is negative"},
		{func(p *sim.LadderPair) { p.A.Agent = "expert" }, "ladder[0].a: no group of agent expert"},
		{func(p *sim.LadderPair) { p.B = p.A }, "ladder[0].b: the same agent as a"},
		{func(p *sim.LadderPair) { p.AOnly, p.BOnly = 6, 6 }, "ladder[0].won_by_b_only: 12 is more than the campaigns"},
	} {
		bad := roundTrip(t, r)
		c.change(&bad.Ladder[0])
		assert.ErrorContains(t, bad.Validate(), c.want)
	}
}

// roundTrip passes r through its JSON text, as a file between two commands would.
func roundTrip(t *testing.T, r *sim.Results) *sim.Results {
	t.Helper()
	raw, err := json.Marshal(r)
	require.NoError(t, err)
	back, err := sim.ReadResults(raw, "r.json")
	require.NoError(t, err)
	return back
}

func encodeGroup(t *testing.T, g *sim.Group) string {
	t.Helper()
	raw, err := json.Marshal(g)
	require.NoError(t, err)
	return string(raw)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A ladder's outcomes file holds every agent (named with its non-default strategies), reads
// back group by group, and its shards merge.
func TestLadderOutcomesFile(t *testing.T) {
	cfg := ladderConfig(t)
	cfg.Campaigns, cfg.Outcomes = 12, true
	set := strategies.Defaults()
	require.NoError(t, set.Parse("multiples=one"))
	one, err := agents.NewSpec("planner", set)
	require.NoError(t, err)
	cfg.Agents = append(cfg.Agents, cwsim.Lineup(one))
	r, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, sim.WriteOutcomes(&buf, r))
	f, err := sim.ReadOutcomes(bytes.NewReader(buf.Bytes()), "o.csv")
	require.NoError(t, err)
	require.Len(t, f.Groups, len(r.Groups))
	var names []string
	for _, g := range f.Groups {
		names = append(names, g.Agent)
		require.Len(t, g.Campaigns, cfg.Campaigns)
	}
	assert.Contains(t, names, "planner:multiples=one")
	var again bytes.Buffer
	require.NoError(t, f.Write(&again))
	assert.Equal(t, buf.String(), again.String(), "the file round-trips")

	var parts []*sim.OutcomeFile
	for i := 0; i < 2; i++ {
		c := cfg
		c.Shard = sim.Shard{Index: i, Count: 2}
		sr, err := sim.Run(context.Background(), c)
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, sim.WriteOutcomes(&b, sr))
		p, err := sim.ReadOutcomes(&b, "s.csv")
		require.NoError(t, err)
		parts = append(parts, p)
	}
	merged, err := sim.MergeOutcomes(parts, []string{"a.csv", "b.csv"})
	require.NoError(t, err)
	var m bytes.Buffer
	require.NoError(t, merged.Write(&m))
	assert.Equal(t, buf.String(), m.String())
}
