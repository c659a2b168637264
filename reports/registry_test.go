package reports

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// testregistered registers a small report of its own: a match win rate, a metric of a round
// (1-3) whose selector gates describe as "R2", one section, one chart, CSV rows in a column
// round and a summary of its own.
var (
	roundSel  = Selector{Name: "round", Min: 1, Max: 3, Short: "R%s"}
	roundWins = &Metric{Name: "round_win_rate", Needs: []string{"round"}, Gate: true,
		Rate: func(g *sim.Group, at At) (int64, int64) {
			return g.Wins * int64(at.Int("round")) / 3, g.Episodes
		},
		Title: "Round {round} win rate", YLabel: "win rate (%)", Slug: "round-{round}-win-rate"}
)

func init() {
	RegisterGame(GameReport{Name: "testregistered", WinRate: "match_win_rate", WinRateTitle: "Match win rate",
		Metrics: []*Metric{roundWins}, Selectors: []Selector{roundSel},
		Sections: func(res *sim.Results, charts []string) []page.Section {
			t := page.Table{Title: "Round 3", Header: []string{"group", "round 3 wins"}, Right: []bool{false, true}}
			for _, g := range res.Groups {
				t.Rows = append(t.Rows, []string{NewLabeller(res).Label(g), format.Rate(roundWins.RateOf(g, At{"round": "3"}))})
			}
			return []page.Section{{Title: "Rounds", Text: "The rounds won.", Charts: charts, Tables: []page.Table{t}}}
		},
		Charts: func(res *sim.Results) ([]*chart.Chart, error) {
			c, err := WinRateChartOf(res)
			return []*chart.Chart{c}, err
		},
		CSVColumns: []string{"round"},
		CSVRows: func(res *sim.Results, g *sim.Group) []CSVRow {
			var rows []CSVRow
			for r := 1; r <= 3; r++ {
				v := strconv.Itoa(r)
				rows = append(rows, CSVRow{Metric: roundWins, At: At{"round": v}, Columns: []string{v}})
			}
			return rows
		},
		Summary: func(w io.Writer, res *sim.Results) { fmt.Fprintf(w, "%d groups of matches\n", len(res.Groups)) },
	})
}

// registeredResults is a results file of testregistered: two agents at 2 players, 90 matches.
func registeredResults() *sim.Results {
	return &sim.Results{Schema: sim.Schema, Game: "testregistered", ToolVersion: "v0.0.0-test", Seed: 1, Shard: sim.Shard{Count: 1},
		Groups: []*sim.Group{bareGroup(2, "sharp", "", 90, 60, nil), bareGroup(2, "sharp", "eyes=keen", 90, 30, nil)}}
}

// Every writer dispatches on the results file's game: its sections, charts, CSV rows and
// columns, labels, metrics and selectors, heading and summary.
func TestRegisteredGame(t *testing.T) {
	res := registeredResults()
	var buf bytes.Buffer
	require.NoError(t, Table(&buf, res))
	head := "clockwork v0.0.0-test, seed 1, data , round cap 0, 2 groups, 180 matches\n" +
		"At 2 players the sharp wins 66.7% [56.4-75.5], the sharp:eyes=keen 33.3% [24.5-43.6].\n"
	assert.True(t, strings.HasPrefix(buf.String(), head+"\nRound 3\n"), buf.String())
	assert.Regexp(t, `(?m)^2 players, eyes=keen +33\.3%$`, buf.String())

	charts, err := Charts(res)
	require.NoError(t, err)
	assert.Equal(t, []string{ChartWinRate}, chartNames(charts))
	assert.Equal(t, "Match win rate by strategy", charts[0].Title)
	buf.Reset()
	require.NoError(t, page.Markdown(&buf, reportDoc(res, charts), charts))
	assert.True(t, strings.HasPrefix(buf.String(), "# Registered balance report: run (skill ladder)\n\n"+
		"**At 2 players the sharp wins 66.7% \\[56.4-75.5\\], the sharp:eyes=keen 33.3% \\[24.5-43.6\\].**\n"), buf.String())
	assert.Contains(t, buf.String(), "\n## Rounds\n\nThe rounds won.\n\n![Match win rate by strategy](win-rate.png)\n")

	buf.Reset()
	require.NoError(t, CSV(&buf, res))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	assert.Equal(t, "metric,players,agent,params,round,value,lo95,hi95,n,unit,seed,tool_version,config_fingerprint,round_cap,partial", lines[0])
	require.Len(t, lines, 7)
	assert.True(t, strings.HasPrefix(lines[6], "round_win_rate,2,sharp:eyes=keen,,3,0.333333,"), lines[6])

	gates, err := ParseGates("r.yaml", []byte("game: testregistered\ngates:\n  - {metric: round_win_rate, round: 2, agent: sharp, min: 0.3}\n"+
		"  - {metric: match_win_rate, agent: \"sharp:eyes=keen\", max: 0.3}\n"))
	require.NoError(t, err)
	results, err := CheckGates(res, gates)
	require.NoError(t, err)
	assert.Equal(t, "round_win_rate R2 sharp", results[0].describe())
	assert.InDelta(t, 40.0/90, results[0].Value, 1e-12, "the default rung: 60 * 2 / 3 of 90")
	assert.InDelta(t, 30.0/90, results[1].Value, 1e-12)
	assert.False(t, results[1].Pass)

	buf.Reset()
	GoalTable(&buf, res)
	assert.Equal(t, head+"\n2 groups of matches\n", buf.String())
	p, err := SweepChart(&sim.Results{Game: "testregistered", Groups: []*sim.Group{bareGroup(1, "a", "", 9, 3, map[string]string{"k": "1"})}}, "k", "round_win_rate:2")
	require.NoError(t, err)
	assert.Equal(t, "Round 2 win rate by k", p.Title.Text)
}

// RegisterGame refuses a game without a name, a name registered twice and a metric whose
// selector the game lacks.
func TestRegisterGameRefuses(t *testing.T) {
	for name, r := range map[string]GameReport{
		"no name":        {},
		"twice":          {Name: "testregistered"},
		"no such select": {Name: "testbroken", Metrics: []*Metric{{Name: "m", Needs: []string{"phase"}}}},
	} {
		assert.Panics(t, func() { RegisterGame(r) }, name)
	}
	assert.Contains(t, Games(), "testregistered")
	assert.NotContains(t, Games(), "testbroken")
}

// The ladder's steps are the paired differences with their Agresti-Min intervals and McNemar's
// test; the depth is first against last; the middle rung's share is its rise over the depth;
// the rungs are labelled by the game.
func TestLadders(t *testing.T) {
	res := &sim.Results{Schema: sim.Schema, Game: "testregistered"}
	rungs := []sim.Rung{{Agent: "random"}, {Agent: "planner"}, {Agent: "expert", Strategies: "rollouts=2"}}
	for i, w := range []int64{20, 100, 120} {
		res.Groups = append(res.Groups, bareGroup(2, rungs[i].Agent, rungs[i].Strategies, 200, w, nil))
	}
	pair := func(a, b int, aOnly, bOnly int64) sim.LadderPair {
		return sim.LadderPair{Players: 2, Params: map[string]string{}, A: rungs[a], B: rungs[b], Episodes: 200, AOnly: aOnly, BOnly: bOnly}
	}
	res.Ladder = []sim.LadderPair{pair(0, 1, 5, 85), pair(1, 2, 10, 30), pair(0, 2, 4, 104)}
	lads := Ladders(res)
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
	assert.Equal(t, stats.McNemarTest(10, 30), st.Test)
	assert.Equal(t, 0, l.Depth.A)
	assert.Equal(t, 2, l.Depth.B)
	assert.Equal(t, "80.0%", depthShare(l, 1)) // (50 - 10) / (60 - 10)
	assert.Equal(t, "expert:rollouts=2", l.Rungs[2].Label)
	charts, err := Charts(res)
	require.NoError(t, err)
	assert.Equal(t, ChartLadder, charts[0].Name)
	assert.Equal(t, "Skill ladder", Sections(res, chartNames(charts))[0].Title)
}

// TestGoalHeatmapMarks checks the marks of the heat map: the data's target where it was
// tried (18 at 3 players; 13 at 2 players was not), one goal answer per player count, and a
// colour scale that tells 0% from a rate under 1%.
func TestGoalHeatmapMarks(t *testing.T) {
	res := &sim.Results{Schema: sim.Schema}
	const n = 400
	for _, p := range []int{2, 3} {
		c := 10 + 4*p // the target of a 50% win rate
		for x := 6; x <= 30; x += 3 {
			w := min(max(int64(n/2+n*(c-x)/14), 0), n)
			res.Groups = append(res.Groups, bareGroup(p, "planner", "", n, w, map[string]string{"ganon.targets." + strconv.Itoa(p): strconv.Itoa(x)}))
		}
		res.GameGoals = append(res.GameGoals, sim.Goal{Players: p, Goal: 0.5, Target: c/3*3 + 3*((c%3+1)/3), Low: 6, High: 30, Bracketed: true})
	}
	res.BaseParams = map[string]string{"ganon.targets." + strconv.Itoa(2): "13", "ganon.targets." + strconv.Itoa(3): "18"}
	p, err := GoalHeatmap(res, "ganon.targets")
	require.NoError(t, err)
	assert.Equal(t, "Win rate by ganon.targets and player count", p.Title.Text, "an unregistered game: the generic title")
	if winColor(0, 1) == winColor(0.002, 1) || winColor(0.002, 1) == winColor(0.01, 1) {
		t.Error("the colour scale is flat near 0")
	}
	if winScale(0.01, 1) < 0.15 || winScale(0, 1) != 0 {
		t.Errorf("winScale(0.01) = %v, winScale(0) = %v", winScale(0.01, 1), winScale(0, 1))
	}
	var xs []float64
	for x := 6; x <= 30; x += 3 {
		xs = append(xs, float64(x))
	}
	base, goals := goalMarks(res, "ganon.targets", xs, heatRows(res))
	if len(base) != 1 || len(goals) != 2 {
		t.Fatalf("%d marks of the data's target (want 1) and %d of goals (want 2)", len(base), len(goals))
	}
	if col, row := base[0].Cell(); col != 4 || row != 1 { // target 18 is the fifth column; 3 players the second row
		t.Errorf("data's target marked at column %d, row %d", col, row)
	}
}
