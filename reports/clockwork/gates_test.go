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

// gateResults is a small results file: 3 players, 1000 campaigns, 400 wins.
func gateResults() *sim.Results {
	g := &sim.Group{Players: 3, Agent: "planner", Params: map[string]string{"x": "1"}, Episodes: 1000, Wins: 400,
		Stats: &cwsim.Stats{Timeouts: 10, FinalShardsHist: []int64{0, 500, 500}, Ganon: cwsim.GanonStats{Reached: 800, Defeated: 400}}}
	for lvl := 1; lvl <= 4; lvl++ {
		cwOf(g).Levels = append(cwOf(g).Levels, &cwsim.LevelStats{Level: lvl, Attempts: 1000, Successes: int64(900 - 100*lvl),
			RoundsHist: []int64{0, 0, 0, 0, 1000}, BossReached: 950})
	}
	cwOf(g).Temples = []*cwsim.TempleStat{{Temple: "forest", Level: 1, Attempts: 200, Successes: 50}}
	return &sim.Results{Schema: sim.Schema, Groups: []*sim.Group{g}}
}

func TestParseGates(t *testing.T) {
	gates, err := reports.ParseGates("expect.yaml", []byte(`gates:
  - metric: campaign_win_rate
    players: 3
    min: 0.35
    max: 0.55
  - metric: level_success
    level: 1
    players: 3
    min: 0.6
    interval: true
  - metric: temple_success
    temple: forest
    level: 1
    min: 0.3
  - metric: mean_rounds
    level: 2
    max: 5
    params: {x: "1"}
`))
	require.NoError(t, err)
	require.Len(t, gates, 4)
	assert.Equal(t, "campaign_win_rate", gates[0].Metric)
	assert.Equal(t, 0.35, *gates[0].Min)
	assert.True(t, gates[1].Interval)
	assert.Equal(t, "expect.yaml:6:5", gates[1].Pos)
}

func TestBadGates(t *testing.T) {
	_, err := reports.ParseGates("e.yaml", []byte(`gates:
  - metric: win_rate
    min: 0.1
  - metric: campaign_win_rate
    min: lots
  - metric: level_success
    min: 0.2
  - metric: campaign_win_rate
    minimum: 0.2
  - metric: campaign_win_rate
    min: 0.9
    max: 0.1
  - metric: campaign_win_rate
    players: 7
    min: 0.1
  - {metric: campaign_win_rate, min: 0.1, interval: sometimes}
`))
	require.Error(t, err)
	for _, want := range []string{
		`e.yaml:2:13: gates[0].metric: unknown metric "win_rate"`,
		`e.yaml:5:10: gates[1].min: expected a number, got "lots"`,
		`e.yaml:6:5: gates[2]: metric level_success needs level`,
		`e.yaml:9:5: gates[3]: unknown key "minimum"`,
		`e.yaml:10:5: gates[4]: min 0.9 is above max 0.1`,
		`e.yaml:14:14: gates[5].players: expected a whole number from 2 to 4, got "7"`,
		`e.yaml:16:53: gates[6].interval: expected true, false or overlap, got "sometimes"`,
	} {
		assert.Contains(t, err.Error(), want)
	}
	_, err = reports.ParseGates("e.yaml", []byte("gates: [\n"))
	assert.ErrorContains(t, err, "e.yaml: not valid YAML")
	_, err = reports.ParseGates("e.yaml", []byte("checks: []\n"))
	assert.ErrorContains(t, err, `e.yaml:1:1: unknown key "checks"`)
}

func f(x float64) *float64 { return &x }

func TestCheckGates(t *testing.T) {
	res := gateResults()
	results, err := reports.CheckGates(res, []reports.Gate{
		{Metric: "campaign_win_rate", Players: 3, Min: f(0.35), Max: f(0.55)},                     // 0.40: pass
		{Metric: "campaign_win_rate", Players: 3, Min: f(0.39), Interval: true},                   // interval ~0.37-0.43: fail
		{Metric: "level_success", At: reports.At{"level": "1"}, Min: f(0.9)},                      // 0.8: fail
		{Metric: "temple_success", At: reports.At{"temple": "forest", "level": "1"}, Max: f(0.3)}, // 0.25: pass
		{Metric: "mean_rounds", At: reports.At{"level": "2"}, Min: f(4), Max: f(4)},               // exactly 4: pass
		{Metric: "ganon_defeat_rate", Min: f(0.5)},                                                // 0.5: pass
		{Metric: "campaign_win_rate", Players: 3, Max: f(0.39), Overlap: true},                    // interval ~0.37-0.43 touches: pass
		{Metric: "campaign_win_rate", Players: 3, Max: f(0.39)},                                   // estimate 0.40: fail
		{Metric: "campaign_win_rate", Players: 3, Max: f(0.36), Overlap: true},                    // interval wholly above: fail
	})
	require.NoError(t, err)
	pass := []bool{true, false, false, true, true, true, true, false, false}
	for i, r := range results {
		assert.Equal(t, pass[i], r.Pass, "gate %d: %+v", i, r)
	}
	assert.Equal(t, "below the minimum 0.39", results[1].Msg)
	assert.InDelta(t, 0.4, results[0].Value, 1e-9)

	var text, md bytes.Buffer
	require.NoError(t, reports.GateTable(&text, results))
	assert.Equal(t, 4, strings.Count(text.String(), "PASS"))
	assert.Equal(t, 1, strings.Count(text.String(), "WARN"), "the overlap pass whose estimate is out of the band")
	assert.Contains(t, text.String(), "(interval overlaps)")
	assert.Equal(t, "above the maximum 0.36", results[8].Msg)
	require.NoError(t, reports.GateMarkdown(&md, results))
	assert.Contains(t, md.String(), "### Balance gates: 5 of 9 passed")
	assert.Contains(t, md.String(), "| ❌ fail | level_success L1 |")
}

// A gate that passes only because the interval of a small sample overlaps its band is a
// warned pass; a pass whose estimate is in the band, or a failure, carries no warning.
func TestWeakGatePass(t *testing.T) {
	res := gateResults()
	cwOf(res.Groups[0]).Temples = append(cwOf(res.Groups[0]).Temples,
		&cwsim.TempleStat{Temple: "water", Level: 2, Attempts: 3, Successes: 0})
	water := reports.At{"temple": "water", "level": "2"}
	results, err := reports.CheckGates(res, []reports.Gate{
		{Metric: "temple_success", At: water, Min: f(0.3), Overlap: true},                                        // 0 of 3: interval 0-0.56
		{Metric: "temple_success", At: water, Max: f(0.3), Overlap: true},                                        // estimate in the band
		{Metric: "campaign_win_rate", Players: 3, Min: f(0.41), Overlap: true},                                   // 0.40 of 1000: just below
		{Metric: "temple_success", At: reports.At{"temple": "forest", "level": "1"}, Min: f(0.9), Overlap: true}, // fails
	})
	require.NoError(t, err)
	assert.True(t, results[0].Pass)
	assert.Contains(t, results[0].Warning, "passes only because its 95% interval overlaps the band: the estimate 0.0000 is below the minimum 0.3")
	assert.Contains(t, results[0].Warning, "n=3 is too small to tell")
	assert.True(t, results[1].Pass)
	assert.Empty(t, results[1].Warning)
	assert.True(t, results[2].Pass)
	assert.Contains(t, results[2].Warning, "below the minimum 0.41")
	assert.NotContains(t, results[2].Warning, "too small", "1000 campaigns give a narrow interval")
	assert.False(t, results[3].Pass)
	assert.Empty(t, results[3].Warning)
	var md bytes.Buffer
	require.NoError(t, reports.GateMarkdown(&md, results))
	assert.Contains(t, md.String(), "| ⚠️ weak pass | temple_success")
}

// A gate that matches no group, or groups that cannot be pooled, is bad input: every such gate
// is named at its file:line:column.
func TestGatesThatCannotBeChecked(t *testing.T) {
	gates, err := reports.ParseGates("e.yaml", []byte(`gates:
  - {metric: campaign_win_rate, players: 2, min: 0.1}
  - {metric: campaign_win_rate, agent: plannr, min: 0.1}
  - {metric: campaign_win_rate, params: {x: "2"}, min: 0.1}
  - {metric: campaign_win_rate, params: {y: "1"}, min: 0.1}
  - {metric: temple_success, temple: forrest, level: 1, min: 0.1}
  - {metric: campaign_win_rate, min: 0.1}
`))
	require.NoError(t, err)
	res := gateResults()
	other := *res.Groups[0]
	other.Params = map[string]string{"x": "2"}
	res.Groups = append(res.Groups, &other)
	_, err = reports.CheckGates(res, gates)
	require.Error(t, err)
	for _, want := range []string{
		"e.yaml:2:42: gates[0].players: no group has 2 players (the results have 3)",
		`e.yaml:3:40: gates[1].agent: no group was played by "plannr" (the results have planner)`,
		"e.yaml:5:41: gates[3].params: no group has the param y (the results' params: x)",
		`e.yaml:6:38: gates[4].temple: "forrest" is not a temple of the results (forest)`,
		"e.yaml:7:5: gates[5]: the 2 groups it matches differ in params (x: 1, 2): pick one with params (and players)",
	} {
		assert.Contains(t, err.Error(), want)
	}
	assert.NotContains(t, err.Error(), "gates[2]", "x=2 is a group")
	assert.Len(t, strings.Split(err.Error(), "\n"), 5)

	_, err = reports.ParseGates("e.yaml", []byte("gates: []\n"))
	assert.ErrorContains(t, err, "e.yaml:1:8: gates: the list is empty: a gates file needs at least one gate")
	_, err = reports.CheckGates(res, nil)
	assert.ErrorContains(t, err, "no gates")
}

// The gates shipped in docs/ parse, and hold the bands: the campaign win rate at
// every player count and every temple-level (6 temples, Levels 1-3) at every player count.
func TestShippedGatesParse(t *testing.T) {
	gates, err := reports.ReadGates("../../docs/balance.yaml")
	require.NoError(t, err)
	count := map[string]int{}
	for _, g := range gates {
		count[g.Metric]++
	}
	assert.Equal(t, 3, count["campaign_win_rate"])
	assert.Equal(t, 3*6*3, count["temple_success"])
}

// A gate's agent may name an agent with its strategies: one rung of a ladder of budgets.
func TestGateAgentWithStrategies(t *testing.T) {
	res := ladderResults()
	gates, err := reports.ParseGates("g.yaml", []byte("gates:\n  - {metric: campaign_win_rate, agent: \"expert:rollouts=2\", min: 0.5}\n  - {metric: campaign_win_rate, agent: planner, max: 0.4}\n"))
	require.NoError(t, err)
	results, err := reports.CheckGates(res, gates)
	require.NoError(t, err)
	require.Len(t, results, 2)
	assert.True(t, results[0].Pass, "expert:rollouts=2 wins 60%")
	assert.InDelta(t, 0.6, results[0].Value, 1e-12)
	assert.False(t, results[1].Pass, "the planner wins 50%")
}

// A gate's bare agent name picks that agent's rung of default strategies when the ladder also
// holds the agent with other strategies (planner, planner:temple=random); with no such rung it
// names the agent, whatever its strategies.
func TestGateAgentPicksTheDefaultRung(t *testing.T) {
	base := gateResults().Groups[0]
	base.Strategies = strategies.Defaults().String()
	random := *base
	random.Wins = 100
	set := strategies.Defaults()
	require.NoError(t, set.Parse("temple=random"))
	random.Strategies = set.String()
	res := &sim.Results{Schema: sim.Schema, Groups: []*sim.Group{base, &random}}
	gates, err := reports.ParseGates("g.yaml", []byte("gates:\n  - {metric: campaign_win_rate, agent: planner, min: 0.3}\n  - {metric: campaign_win_rate, agent: \"planner:temple=random\", max: 0.2}\n"))
	require.NoError(t, err)
	results, err := reports.CheckGates(res, gates)
	require.NoError(t, err)
	assert.InDelta(t, 0.4, results[0].Value, 1e-12, "planner is the default rung")
	assert.InDelta(t, 0.1, results[1].Value, 1e-12)

	res.Groups = []*sim.Group{&random}
	results, err = reports.CheckGates(res, gates[:1])
	require.NoError(t, err)
	assert.InDelta(t, 0.1, results[0].Value, 1e-12, "the only planner rung")
}

// The gate chart draws one row per gate, coloured by its outcome, with the means of another
// unit in a panel of their own; the legend adds one swatch of each colour.
func TestGateChart(t *testing.T) {
	gates, err := reports.ParseGates("expect.yaml", []byte(`gates:
  - {metric: campaign_win_rate, players: 3, min: 0.35, max: 0.55}
  - {metric: level_success, level: 1, players: 3, min: 0.9}
  - {metric: level_success, level: 2, players: 3, max: 0.69, interval: overlap}
  - {metric: mean_rounds, level: 2, max: 5}
`))
	require.NoError(t, err)
	results, err := reports.CheckGates(gateResults(), gates)
	require.NoError(t, err)
	require.Equal(t, []bool{true, false, true, true}, []bool{results[0].Pass, results[1].Pass, results[2].Pass, results[3].Pass})
	require.NotEmpty(t, results[2].Warning)
	c, err := reports.GateChart(results)
	require.NoError(t, err)
	assert.Len(t, c.Panels, 2, "rates, then rounds")
	assert.NotEqual(t, c.Title, c.Caption)
	img := c.Image()
	w := img.Bounds().Max.X
	for _, want := range []struct {
		name string
		i    int
		runs int
	}{{"pass", 0, 3}, {"weak pass", 1, 2}, {"fail", 3, 2}} {
		assert.Len(t, colourRuns(img, chart.SeriesColor(want.i), w), want.runs, "rows of %s", want.name)
	}
	dir := t.TempDir()
	paths, err := reports.WriteGateChart(results, dir)
	require.NoError(t, err)
	assert.Len(t, paths, 2)
	_, err = reports.GateChart(nil)
	assert.ErrorIs(t, err, chart.ErrNoData)
}
