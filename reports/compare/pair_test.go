package compare

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
)

// group makes an outcomes group from a string of per-campaign results (W won, L lost) for
// campaigns first, first+1, ...
func group(players int, agent, params string, first uint64, results string) *sim.OutcomeGroup {
	g := &sim.OutcomeGroup{Players: players, Agent: agent, Params: params}
	for i, r := range results {
		g.Episodes = append(g.Episodes, first+uint64(i))
		g.Outcomes = append(g.Outcomes, sim.NewOutcome(r == 'W', 0, 0))
	}
	return g
}

func file(groups ...*sim.OutcomeGroup) *sim.OutcomeFile { return &sim.OutcomeFile{Groups: groups} }

func TestPairCountsDiscordantCampaigns(t *testing.T) {
	a := file(group(2, "planner", "", 0, "WWLLWL"), group(3, "planner", "", 0, "WLLL"))
	b := file(group(2, "planner", "x=1", 0, "WLWWLW"), group(3, "planner", "x=1", 0, "WLLW"))
	rows, err := Pair(a, b, "a.csv", "b.csv", Options{})
	require.NoError(t, err)
	require.Len(t, rows, 2)
	r := rows[0]
	assert.Equal(t, 2, r.Players)
	assert.Equal(t, "", r.ParamsA)
	assert.Equal(t, "x=1", r.ParamsB)
	assert.EqualValues(t, 6, r.Campaigns)
	assert.EqualValues(t, 3, r.A.K)
	assert.EqualValues(t, 4, r.B.K)
	assert.InDelta(t, 1.0/6, r.Diff, 1e-12)
	assert.EqualValues(t, 2, r.Test.B, "campaigns 1 and 4 won by A only")
	assert.EqualValues(t, 3, r.Test.C, "campaigns 2, 3 and 5 won by B only")
	lo, hi := sim.Wilson(3, 6)
	assert.InDelta(t, lo, r.A.Lo, 1e-12, "the project's Wilson interval")
	assert.InDelta(t, hi, r.A.Hi, 1e-12)
	assert.EqualValues(t, 0, rows[1].Test.B)
	assert.EqualValues(t, 1, rows[1].Test.C)
}

func TestPairGroupsByParams(t *testing.T) {
	// The same param sets: paired by params.
	a := file(group(3, "planner", "k=1", 0, "WL"), group(3, "planner", "k=2", 0, "LL"))
	b := file(group(3, "planner", "k=1", 0, "WW"), group(3, "planner", "k=2", 0, "LW"))
	rows, err := Pair(a, b, "a.csv", "b.csv", Options{})
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, [2]string{"k=1", "k=1"}, [2]string{rows[0].ParamsA, rows[0].ParamsB})
	assert.EqualValues(t, 1, rows[0].Test.C)
	assert.Equal(t, [2]string{"k=2", "k=2"}, [2]string{rows[1].ParamsA, rows[1].ParamsB})

	// A single baseline against each point of a sweep, either way round.
	base := file(group(3, "planner", "", 0, "WL"))
	rows, err = Pair(base, b, "base.csv", "sweep.csv", Options{})
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, "", rows[1].ParamsA)
	assert.Equal(t, "k=2", rows[1].ParamsB)
	rows, err = Pair(b, base, "sweep.csv", "base.csv", Options{})
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, "k=2", rows[1].ParamsA)

	// Two different sweeps do not pair.
	c := file(group(3, "planner", "k=3", 0, "WW"), group(3, "planner", "k=4", 0, "LW"))
	_, err = Pair(a, c, "a.csv", "c.csv", Options{})
	assert.EqualError(t, err, "c.csv: params: at 3 players its 2 param sets (k=3, k=4) are not a.csv's 2 (k=1, k=2), and neither file has a single one to pair with each")
}

func TestPairRefusals(t *testing.T) {
	a := file(group(2, "planner", "", 0, "WWLL"), group(3, "planner", "", 0, "WLWL"))
	cases := []struct {
		b    *sim.OutcomeFile
		opts Options
		want string
	}{
		{file(group(2, "planner", "", 0, "WWLL")), Options{},
			"b.csv: players: no campaigns at 3 players, a.csv has 4"},
		{file(group(2, "planner", "", 0, "WWLL"), group(3, "planner", "", 0, "WLWL"), group(4, "planner", "", 0, "W")), Options{},
			"b.csv: players: has campaigns at 4 players, a.csv has none"},
		{file(group(2, "planner", "", 0, "WWL"), group(3, "planner", "", 0, "WLWL")), Options{},
			"b.csv: campaign: at 2 players the campaign indexes are not a.csv's (campaign 3 is only in a.csv): a.csv has 4 campaigns, 0 to 3, b.csv has 3 campaigns, 0 to 2"},
		{file(group(2, "planner", "", 4, "WWLL"), group(3, "planner", "", 0, "WLWL")), Options{},
			"b.csv: campaign: at 2 players the campaign indexes are not a.csv's (campaign 0 is only in a.csv)"},
		{file(group(2, "planner", "", 0, "WWLL"), group(3, "planner", "", 0, "WLWLW")), Options{},
			"campaign 4 is only in b.csv"},
		{file(group(2, "rusher", "", 0, "WWLL"), group(3, "planner", "", 0, "WLWL")), Options{},
			`b.csv: agent: "rusher" at 2 players, a.csv has "planner": the agents differ`},
	}
	for _, c := range cases {
		_, err := Pair(a, c.b, "a.csv", "b.csv", c.opts)
		assert.ErrorContains(t, err, c.want)
		assert.NotContains(t, err.Error(), "\n", "one line")
	}
	_, err := Pair(a, file(group(2, "rusher", "", 0, "WWLL"), group(3, "planner", "", 0, "WLWL")), "a.csv", "b.csv", Options{})
	assert.ErrorIs(t, err, ErrAgentsDiffer)
	rows, err := Pair(a, file(group(2, "rusher", "", 0, "WWLL"), group(3, "planner", "", 0, "WLWL")), "a.csv", "b.csv", Options{AllowAgents: true})
	require.NoError(t, err)
	assert.Equal(t, "rusher", rows[0].AgentB)
	_, err = Pair(file(), file(), "a.csv", "b.csv", Options{})
	assert.EqualError(t, err, "a.csv: campaign: no campaigns")
}

func pairedRows(t *testing.T) []Row {
	t.Helper()
	a := file(group(3, "planner", "", 0, strings.Repeat("WWLL", 10)))
	b := file(group(3, "rusher", "rules.move_carry_over=off", 0, strings.Repeat("WLLL", 10)))
	rows, err := Pair(a, b, "out/a.csv", "out/b.csv", Options{AllowAgents: true})
	require.NoError(t, err)
	return rows
}

func TestPairedWriters(t *testing.T) {
	rows := pairedRows(t)
	var b bytes.Buffer
	require.NoError(t, Write(&b, "table", rows, "out/a.csv", "out/b.csv"))
	out := b.String()
	assert.Contains(t, out, "A = out/a.csv, B = out/b.csv")
	assert.Contains(t, out, "none → rules.move_carry_over=off")
	assert.Contains(t, out, "planner → rusher")
	assert.Contains(t, out, "50.0% [35.2-64.8]")
	assert.Contains(t, out, "25.0% [14.2-40.2]")
	assert.Contains(t, out, "-25.0 pp")
	assert.Contains(t, out, "0.0020", "b=10, c=0: exact p = 2/1024")
	assert.Contains(t, out, "exact")

	b.Reset()
	require.NoError(t, Write(&b, "markdown", rows, "out/a.csv", "out/b.csv"))
	md := b.String()
	assert.Contains(t, md, "| players | params | agents | campaigns | A win rate \\[95%\\] |")
	assert.Contains(t, md, "|---|---|---|---:|")
	assert.Contains(t, md, `rules.move\_carry\_over=off`)

	b.Reset()
	require.NoError(t, Write(&b, "csv", rows, "out/a.csv", "out/b.csv"))
	recs, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 2)
	assert.Equal(t, CSVHeader(), recs[0])
	assert.Equal(t, []string{"3", "", "rules.move_carry_over=off", "planner", "rusher", "40", "20", "0.5"}, recs[1][:8])
	assert.Equal(t, []string{"-0.25", "10", "0"}, recs[1][14:17])
	assert.Equal(t, "exact_binomial", recs[1][19])

	b.Reset()
	require.NoError(t, Write(&b, "json", rows, "out/a.csv", "out/b.csv"))
	var doc struct {
		A, B        string
		Comparisons []map[string]any
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	assert.Equal(t, "out/a.csv", doc.A)
	require.Len(t, doc.Comparisons, 1)
	c := doc.Comparisons[0]
	assert.EqualValues(t, 10, c["b"])
	assert.EqualValues(t, 0, c["c"])
	assert.InDelta(t, 2.0/1024, c["p_value"], 1e-9)
	assert.Len(t, c["interval_a"], 2)

	assert.Error(t, Write(&b, "xml", rows, "a", "b"))
}

// Two ladders (several agents at one player count) pair agent by agent.
func TestPairLadders(t *testing.T) {
	a := file(group(3, "planner", "", 0, "WWLL"), group(3, "expert", "", 0, "WWWL"))
	b := file(group(3, "planner", "", 0, "WLLL"), group(3, "expert", "", 0, "WWWW"))
	rows, err := Pair(a, b, "a.csv", "b.csv", Options{})
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, "planner", rows[0].AgentB)
	assert.EqualValues(t, 1, rows[0].Test.B, "campaign 1: the planner of a only")
	assert.Equal(t, "expert", rows[1].AgentA)
	assert.EqualValues(t, 1, rows[1].Test.C, "campaign 3: the expert of b only")
}
