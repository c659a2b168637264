package clockwork

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// ladderResults is a hand-made three-rung ladder at 3 players: random 10%, planner 50%,
// expert:rollouts=2 60% of 200 campaigns.
func ladderResults() *sim.Results {
	res := &sim.Results{Schema: sim.Schema, Seed: 1, Shard: sim.Shard{Count: 1}, TurnCap: 100, EpisodesRequested: 200}
	def := strategies.Defaults().String()
	rungs := []sim.Rung{{Agent: "random", Strategies: def}, {Agent: "planner", Strategies: def}, {Agent: "expert", Strategies: def + ",rollouts=2"}}
	for i, w := range []int64{20, 100, 120} {
		g := testGroup(3, 200, w, map[string]string{})
		g.Agent, g.Strategies = rungs[i].Agent, rungs[i].Strategies
		res.Groups = append(res.Groups, g)
	}
	pair := func(a, b int, aOnly, bOnly int64) sim.LadderPair {
		return sim.LadderPair{Players: 3, Params: map[string]string{}, A: rungs[a], B: rungs[b], Episodes: 200, AOnly: aOnly, BOnly: bOnly}
	}
	res.Ladder = []sim.LadderPair{pair(0, 1, 5, 85), pair(1, 2, 10, 30), pair(0, 2, 4, 104)}
	return res
}

// The ladder section comes first in every report, with its chart, and the CSV has its steps.
func TestLadderInReports(t *testing.T) {
	res := ladderResults()
	cwOf(res.Groups[2]).Decisions = map[string]*cwsim.DecisionStat{"boss": {Searched: 50, Changed: 10}, "shard": {Searched: 40, Changed: 12}}
	var txt bytes.Buffer
	require.NoError(t, reports.Table(&txt, res))
	out := txt.String()
	assert.Regexp(t, `(?m)^3 players, expert, rollouts=2 +shard +40 +12 +30\.0% +0\.20$`, out)
	assert.Less(t, strings.Index(out, "  shard  "), strings.Index(out, "  boss  "), "the most changed kind first")
	assert.Less(t, strings.Index(out, "Campaign win rate by agent"), strings.Index(out, "Level"))
	assert.Contains(t, out, "+10.0 pt")
	assert.Contains(t, out, "80.0%")
	charts, err := reports.Charts(res)
	require.NoError(t, err)
	assert.Equal(t, reports.ChartLadder, charts[0].Name)
	var csv bytes.Buffer
	require.NoError(t, reports.CSV(&csv, res))
	assert.Contains(t, csv.String(), "ladder_difference,3,planner>expert:rollouts=2,,,,,,0.1,")
	assert.Contains(t, csv.String(), "ladder_difference,3,random>expert:rollouts=2,,,,,,0.5,")

	res.Ladder = nil
	txt.Reset()
	require.NoError(t, reports.Table(&txt, res))
	assert.NotContains(t, txt.String(), "Campaign win rate by agent")
	_, err = reports.LadderChart(res)
	assert.ErrorIs(t, err, chart.ErrNoData)
}
