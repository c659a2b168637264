package clockwork

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/sim"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// smallRun plays a few campaigns of the rusher at 3 heroes on the frozen data (most reach Ganon
// and lose; the planner wins nearly all of them there).
func smallRun(t *testing.T) *sim.Results {
	t.Helper()
	sp, err := agents.NewSpec("rusher", strategies.Defaults())
	require.NoError(t, err)
	res, err := sim.Run(context.Background(), sim.Config{Game: New(configstest.Frozen(t)), Players: []int{3},
		Agents: []sim.Lineup{Lineup(sp)}, Episodes: 60, Seed: 5, ToolVersion: "test"})
	require.NoError(t, err)
	return res
}

func histSum(h []int64) (n int64) {
	for _, c := range h {
		n += c
	}
	return n
}

// The reached shortfall counts only the lost campaigns that reached Ganon, per skill, and is
// never further from his targets than the shortfall of all lost campaigns (cards played only
// lower it).
func TestReachedShortfallCountsTheTeamsThatReachedGanon(t *testing.T) {
	res := smallRun(t)
	g := Of(res.Groups[0])
	require.NotNil(t, g.Ganon.ReachedShortfallHist)
	lostReached := g.Ganon.Reached - g.Ganon.Defeated
	require.Positive(t, lostReached, "the run should have teams that reached Ganon and lost")
	require.Less(t, lostReached, res.Groups[0].Episodes-res.Groups[0].Wins, "some lost campaigns should not reach Ganon")
	for skill, h := range g.Ganon.ReachedShortfallHist {
		assert.Equal(t, lostReached, histSum(h), skill)
		// Bin by bin, from the far end: a reached team's need is at most its shortfall.
		all := g.Ganon.ShortfallHist[skill]
		var cumAll, cumReached int64
		for i := len(h) - 1; i >= 0; i-- {
			cumAll += all[i]
			cumReached += h[i]
			assert.LessOrEqual(t, cumReached, cumAll, "%s: more reached campaigns at %d+ than lost ones", skill, i)
		}
	}
	require.NoError(t, res.Validate())
}

// A results file written before reached_shortfall_hist still reads and validates; merged with a
// new one, the old group adds nothing to the new histograms; a wrong sum is refused.
func TestReachedShortfallIsOptional(t *testing.T) {
	res := smallRun(t)
	raw, err := json.Marshal(res)
	require.NoError(t, err)
	require.Contains(t, string(raw), `"reached_shortfall_hist":{"attack":[`)

	old := strings.Replace(string(raw), `"reached_shortfall_hist"`, `"unused_old_field"`, 1)
	oldRes, err := sim.ReadResults([]byte(old), "old.json")
	require.NoError(t, err)
	og := Of(oldRes.Groups[0])
	assert.Nil(t, og.Ganon.ReachedShortfallHist)

	// new + old, old + new: the old group's campaigns are not in the histograms, so the sum has
	// none (and validates); empty + new is new.
	cur := Of(res.Groups[0])
	require.Positive(t, og.Ganon.Reached-og.Ganon.Defeated)
	for _, pair := range [][2]*Stats{{cur, og}, {og, cur}} {
		sum := pair[0].EmptyLike().(*Stats)
		require.NoError(t, sum.Add(pair[0]))
		require.NoError(t, sum.Add(pair[1]))
		assert.Nil(t, sum.Ganon.ReachedShortfallHist)
		assert.Equal(t, 2*cur.Ganon.Reached, sum.Ganon.Reached)
		twice := *res.Groups[0]
		twice.Episodes, twice.Wins, twice.Stats = 2*twice.Episodes, 2*twice.Wins, sum
		require.NoError(t, (&sim.Results{Schema: res.Schema, ToolVersion: res.ToolVersion, ConfigFingerprint: res.ConfigFingerprint,
			Seed: res.Seed, Shard: res.Shard, TurnCap: res.TurnCap, Groups: []*sim.Group{&twice}}).Validate())
	}
	fresh := og.EmptyLike().(*Stats) // no campaigns: takes the new group's histograms
	require.NoError(t, fresh.Add(cur))
	assert.Equal(t, cur.Ganon.ReachedShortfallHist, fresh.Ganon.ReachedShortfallHist)
	both := cur.EmptyLike().(*Stats)
	require.NoError(t, both.Add(cur))
	require.NoError(t, both.Add(cur))
	assert.Equal(t, 2*histSum(cur.Ganon.ReachedShortfallHist["move"]), histSum(both.Ganon.ReachedShortfallHist["move"]))

	bad := *Of(res.Groups[0])
	bad.Ganon = bad.Ganon.clone()
	bad.Ganon.ReachedShortfallHist["move"][0]++
	res.Groups[0].Stats = &bad
	err = res.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ganon.reached_shortfall_hist.move")
}

// clone returns a deep copy of the Ganon counts.
func (s GanonStats) clone() GanonStats {
	c := s
	c.ShortfallHist, c.ReachedShortfallHist = map[string][]int64{}, map[string][]int64{}
	for k, h := range s.ShortfallHist {
		c.ShortfallHist[k] = append([]int64(nil), h...)
	}
	for k, h := range s.ReachedShortfallHist {
		c.ReachedShortfallHist[k] = append([]int64(nil), h...)
	}
	return c
}

// Broken reached_shortfall_hist in a file is refused with a message naming it, never a panic.
func TestReachedShortfallRefusedWhenBroken(t *testing.T) {
	raw, err := json.Marshal(smallRun(t))
	require.NoError(t, err)
	for _, c := range []struct{ from, to, want string }{
		{`"reached_shortfall_hist":{`, `"reached_shortfall_hist":{"luck":[1],`, "ganon.reached_shortfall_hist.luck: unknown skill"},
		{`"reached_shortfall_hist":{"attack":[`, `"reached_shortfall_hist":{"attack":null,"x":[`, "ganon.reached_shortfall_hist.attack"},
		{`"reached_shortfall_hist":{"attack":[`, `"reached_shortfall_hist":{"attack":[-1,`, "ganon.reached_shortfall_hist.attack"},
	} {
		bad := strings.Replace(string(raw), c.from, c.to, 1)
		require.NotEqual(t, string(raw), bad, c.from)
		_, err := sim.ReadResults([]byte(bad), "bad.json")
		assert.ErrorContains(t, err, c.want, c.to)
	}
	// null reads as absent (the reader ignores fields it does not know, such as "unused").
	ok := strings.Replace(string(raw), `"reached_shortfall_hist":{`, `"reached_shortfall_hist":null,"unused":{`, 1)
	res, err := sim.ReadResults([]byte(ok), "null.json")
	require.NoError(t, err)
	assert.Nil(t, Of(res.Groups[0]).Ganon.ReachedShortfallHist)
}
