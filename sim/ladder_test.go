package sim_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// ladderConfig is a three-rung ladder at two player counts: the random agent, the hold agent
// holding early (at 10) and the textbook one (at 20), each judged at seat 0 against random ones.
func ladderConfig(t *testing.T) sim.Config {
	cfg := testConfig(t)
	cfg.Episodes = 60
	cfg.Agents = []sim.Lineup{lineup(t, "random"), lineup(t, "hold:at=10", "random"), lineup(t, "hold", "random")}
	return cfg
}

// A ladder plays every agent on the same games: each of its groups is byte-identical to
// the agent's own run, and its pairs count exactly the games one agent won and the other
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
			assert.Equal(t, simtest.GroupJSON(t, g), simtest.GroupJSON(t, got), "%s at %d players", a.Name, g.Players)
			outs[a.Name+"/"+string(rune('0'+g.Players))] = g.Outcomes
		}
	}
	require.Len(t, lad.Ladder, 3*len(cfg.Players)) // random-hold:at=10, hold:at=10-hold, random-hold
	for _, p := range lad.Ladder {
		oa, ob := outs[p.A.Agent+"/"+string(rune('0'+p.Players))], outs[p.B.Agent+"/"+string(rune('0'+p.Players))]
		var aOnly, bOnly int64
		for i := range oa {
			aOnly += int64(b2i(oa[i].Won() && !ob[i].Won()))
			bOnly += int64(b2i(ob[i].Won() && !oa[i].Won()))
		}
		assert.Equal(t, int64(cfg.Episodes), p.Episodes)
		assert.Equal(t, [2]int64{aOnly, bOnly}, [2]int64{p.AOnly, p.BOnly}, "%s-%s at %d players", p.A.Agent, p.B.Agent, p.Players)
	}
	assert.Equal(t, "random", lad.Ladder[2*len(cfg.Players)].A.Agent)
	assert.Equal(t, "hold,random", lad.Ladder[2*len(cfg.Players)].B.Agent)
	assert.NotZero(t, lad.Ladder[2*len(cfg.Players)+1].BOnly, "the hold agent wins games random loses")
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
		parts = append(parts, simtest.RoundTrip(t, r))
	}
	merged, err := sim.Merge(parts, []string{"a.json", "b.json", "c.json"}, sim.MergeOptions{})
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, single), simtest.JSON(t, merged))

	one := testConfig(t)
	one.Shard, one.Episodes = sim.Shard{Index: 1, Count: 3}, cfg.Episodes
	other, err := sim.Run(context.Background(), one)
	require.NoError(t, err)
	_, err = sim.Merge([]*sim.Results{parts[0], other}, []string{"a.json", "b.json"}, sim.MergeOptions{})
	assert.ErrorContains(t, err, "b.json: ladder: none, but a.json has random")
}

// The results reader refuses a ladder pair that does not fit its groups.
func TestLadderValidation(t *testing.T) {
	cfg := ladderConfig(t)
	cfg.Episodes = 10
	r, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	for _, c := range []struct {
		change func(p *sim.LadderPair)
		want   string
	}{
		{func(p *sim.LadderPair) { p.Episodes = 11 }, "ladder[0].campaigns: 11 is more than the campaigns of its groups (10)"},
		{func(p *sim.LadderPair) { p.AOnly = -1 }, "ladder[0].won_by_a_only: -1 is negative"},
		{func(p *sim.LadderPair) { p.A.Agent = "hold:at=5" }, "ladder[0].a: no group of agent hold:at=5"},
		{func(p *sim.LadderPair) { p.B = p.A }, "ladder[0].b: the same agent as a"},
		{func(p *sim.LadderPair) { p.AOnly, p.BOnly = 6, 6 }, "ladder[0].won_by_b_only: 12 is more than the campaigns"},
	} {
		bad := simtest.RoundTrip(t, r)
		c.change(&bad.Ladder[0])
		assert.ErrorContains(t, bad.Validate(), c.want)
	}
}

// A ladder's outcomes file holds every line-up (named as it was given, options included), reads
// back group by group, and its shards merge.
func TestLadderOutcomesFile(t *testing.T) {
	cfg := ladderConfig(t)
	cfg.Episodes, cfg.Outcomes = 12, true
	cfg.Agents = append(cfg.Agents, lineup(t, "hold:at=25", "random"))
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
		require.Len(t, g.Episodes, cfg.Episodes)
	}
	assert.Contains(t, names, "hold:at=25,random")
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
