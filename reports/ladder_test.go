package reports

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// ladderResults is a hand-made three-rung ladder at 3 players: random 10%, planner 50%,
// expert:rollouts=2 60% of 200 campaigns.
func ladderResults() *sim.Results {
	res := &sim.Results{Schema: sim.Schema, Seed: 1, Shard: sim.Shard{Count: 1}, RoundCap: 100, CampaignsRequested: 200}
	def := strategies.Defaults().String()
	Rungs := []sim.Rung{{Agent: "random", Strategies: def}, {Agent: "planner", Strategies: def}, {Agent: "expert", Strategies: def + ",rollouts=2"}}
	for i, w := range []int64{20, 100, 120} {
		g := testGroup(3, 200, w, map[string]string{})
		g.Agent, g.Strategies = Rungs[i].Agent, Rungs[i].Strategies
		res.Groups = append(res.Groups, g)
	}
	pair := func(a, b int, aOnly, bOnly int64) sim.LadderPair {
		return sim.LadderPair{Players: 3, Params: map[string]string{}, A: Rungs[a], B: Rungs[b], Campaigns: 200, AOnly: aOnly, BOnly: bOnly}
	}
	res.Ladder = []sim.LadderPair{pair(0, 1, 5, 85), pair(1, 2, 10, 30), pair(0, 2, 4, 104)}
	return res
}

// The ladder's steps are the paired differences with their Agresti-Min intervals and McNemar's
// test; the depth is first against last; the middle rung's share is its rise over the depth.
func TestLadders(t *testing.T) {
	lads := Ladders(ladderResults())
	require.Len(t, lads, 1)
	l := lads[0]
	require.Len(t, l.Rungs, 3)
	require.Len(t, l.Steps, 2)
	require.NotNil(t, l.Depth)
	st := l.Steps[1] // planner -> expert: 10 against 30 of 200
	assert.InDelta(t, 0.10, st.Diff, 1e-12)
	// Agresti-Min: b = 10.5, c = 30.5, n = 202.
	d, se := 20.0/202, math.Sqrt(41-20.0*20/202)/202
	assert.InDelta(t, d-1.959963984540054*se, st.Lo, 1e-9)
	assert.InDelta(t, d+1.959963984540054*se, st.Hi, 1e-9)
	assert.Equal(t, McNemarTest(10, 30), st.Test)
	assert.Equal(t, 0, l.Depth.A)
	assert.Equal(t, 2, l.Depth.B)
	assert.Equal(t, "80.0%", depthShare(l, 1)) // (50 - 10) / (60 - 10)
	assert.Equal(t, "expert:rollouts=2", l.Rungs[2].Label)
}

// The ladder section comes first in every report, with its chart, and the CSV has its steps.
func TestLadderInReports(t *testing.T) {
	res := ladderResults()
	cwOf(res.Groups[2]).Decisions = map[string]*cwsim.DecisionStat{"boss": {Searched: 50, Changed: 10}, "shard": {Searched: 40, Changed: 12}}
	var txt bytes.Buffer
	require.NoError(t, Table(&txt, res))
	out := txt.String()
	assert.Regexp(t, `(?m)^3 players, expert, rollouts=2 +shard +40 +12 +30\.0% +0\.20$`, out)
	assert.Less(t, strings.Index(out, "  shard  "), strings.Index(out, "  boss  "), "the most changed kind first")
	assert.Less(t, strings.Index(out, "Campaign win rate by agent"), strings.Index(out, "Level"))
	assert.Contains(t, out, "+10.0 pt")
	assert.Contains(t, out, "80.0%")
	charts, err := Charts(res)
	require.NoError(t, err)
	assert.Equal(t, ChartLadder, charts[0].Name)
	var csv bytes.Buffer
	require.NoError(t, CSV(&csv, res))
	assert.Contains(t, csv.String(), "ladder_difference,3,planner>expert:rollouts=2,,,,0.1,")
	assert.Contains(t, csv.String(), "ladder_difference,3,random>expert:rollouts=2,,,,0.5,")

	res.Ladder = nil
	txt.Reset()
	require.NoError(t, Table(&txt, res))
	assert.NotContains(t, txt.String(), "Campaign win rate by agent")
	_, err = LadderChart(res)
	assert.ErrorIs(t, err, ErrNoData)
}
