package clockwork_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// Recording a campaign's outcome allocates nothing (it runs in the workers' hot loop).
func TestOutcomeOfAllocatesNothing(t *testing.T) {
	cfg := testConfig(t)
	a := cfg.Agents[0].New().(agents.Agent)
	var g rules.Game
	cwsim.Play(&g, a, dataOf(cfg), 3, 1, 0, sim.DefaultTurnCap, nil)
	o := cwsim.OutcomeOf(&g)
	assert.True(t, o.Played())
	assert.Equal(t, g.Won(), o.Won())
	out := make([]sim.Outcome, 1)
	assert.Zero(t, testing.AllocsPerRun(100, func() { out[0] = cwsim.OutcomeOf(&g) }))
}

// The outcomes agree with the counts, and recording them leaves the results file unchanged.
func TestOutcomesAgreeWithCounts(t *testing.T) {
	with := simtest.OutcomesKeepResults(t, outcomesConfig(t))
	for _, g := range with.Groups {
		require.Len(t, g.Outcomes, 40)
		var wins int64
		levels := make([]int64, 4)
		shards := make([]int64, len(cwsim.Of(g).FinalShardsHist))
		for _, o := range g.Outcomes {
			require.True(t, o.Played())
			if o.Won() {
				wins++
			}
			for lvl := 1; lvl <= 4; lvl++ {
				if o.PartWon(lvl) {
					levels[lvl-1]++
				}
			}
			shards[min(o.Score(), len(shards)-1)]++
		}
		assert.Equal(t, g.Wins, wins)
		for i, l := range cwsim.Of(g).Levels {
			assert.Equal(t, l.Successes, levels[i], "level %d", i+1)
		}
		assert.Equal(t, cwsim.Of(g).FinalShardsHist, shards)
	}
}

// Campaigns not played (an interrupted run) are left out; params are quoted when they need it;
// a file read back writes the same bytes.
func TestOutcomesWriteReadRoundTrip(t *testing.T) {
	r := &sim.Results{Shard: sim.Shard{Index: 1, Count: 3}, Groups: []*sim.Group{
		{Players: 3, Agent: "planner", Params: map[string]string{"b": "1,2", "a": "x"}, Episodes: 2,
			Outcomes: []sim.Outcome{sim.NewOutcome(true, 0b1111, 9), 0, sim.NewOutcome(false, 0b0101, 2)}},
		{Players: 2, Agent: "planner", Params: map[string]string{}, Episodes: 1,
			Outcomes: []sim.Outcome{sim.NewOutcome(false, 0b0001, 0)}},
	}}
	got := outcomesBytes(t, r)
	want := cwHeader + "\n" +
		"clockwork,2,planner,,1,0,1,0,0,0,0\n" +
		"clockwork,3,planner,\"a=x;b=1,2\",1,1,1,1,1,1,9\n" +
		"clockwork,3,planner,\"a=x;b=1,2\",7,0,1,0,1,0,2\n"
	assert.Equal(t, want, got)
	f, err := sim.ReadOutcomes(strings.NewReader(got), "o.csv")
	require.NoError(t, err)
	require.Len(t, f.Groups, 2)
	assert.Equal(t, "a=x;b=1,2", f.Groups[1].Params)
	assert.Equal(t, []uint64{1, 7}, f.Groups[1].Episodes)
	assert.Equal(t, "3 players, params a=x;b=1,2", f.Groups[1].Label())
	var b bytes.Buffer
	require.NoError(t, f.Write(&b))
	assert.Equal(t, want, b.String())

	// Lines in another order are sorted on reading.
	shuffled := cwHeader + "\nclockwork,3,planner,,5,0,0,0,0,0,1\nclockwork,2,planner,,9,1,1,1,1,1,4\nclockwork,3,planner,,2,1,1,1,1,1,3\n"
	f, err = sim.ReadOutcomes(strings.NewReader(shuffled), "o.csv")
	require.NoError(t, err)
	assert.Equal(t, 2, f.Groups[0].Players)
	assert.Equal(t, []uint64{2, 5}, f.Groups[1].Episodes)
	assert.True(t, f.Groups[1].Outcomes[0].Won())

	// Without recorded outcomes there is nothing to write.
	err = sim.WriteOutcomes(&b, &sim.Results{Groups: []*sim.Group{{Players: 2, Episodes: 3}}})
	assert.ErrorContains(t, err, "no outcomes recorded")
}

// cwHeader is the header of Clockwork Realm's outcomes files: the games' header, then the
// levels and the Shards.
var cwHeader = sim.OutcomesHeader + ",level1,level2,level3,level4,shards"

// Files of the first two versions (no game column; version 1: levels_won in one column of four
// characters) read as the same outcomes as their version-3 form, and are written back in
// version 3.
func TestReadOutcomesVersion1(t *testing.T) {
	v1 := sim.OutcomesHeaderV1 + "\n" +
		"2,planner,,1,0,1000,0\n" +
		"3,planner,\"a=x;b=1,2\",7,0,1010,2\n" +
		"3,planner,\"a=x;b=1,2\",1,1,1111,9\n"
	v2 := sim.OutcomesHeaderV2 + "\n" +
		"2,planner,,1,0,1,0,0,0,0\n" +
		"3,planner,\"a=x;b=1,2\",1,1,1,1,1,1,9\n" +
		"3,planner,\"a=x;b=1,2\",7,0,1,0,1,0,2\n"
	v3 := cwHeader + "\n" +
		"clockwork,2,planner,,1,0,1,0,0,0,0\n" +
		"clockwork,3,planner,\"a=x;b=1,2\",1,1,1,1,1,1,9\n" +
		"clockwork,3,planner,\"a=x;b=1,2\",7,0,1,0,1,0,2\n"
	old, err := sim.ReadOutcomes(strings.NewReader(v1), "v1.csv")
	require.NoError(t, err)
	mid, err := sim.ReadOutcomes(strings.NewReader(v2), "v2.csv")
	require.NoError(t, err)
	cur, err := sim.ReadOutcomes(strings.NewReader(v3), "v3.csv")
	require.NoError(t, err)
	assert.Equal(t, cur, old)
	assert.Equal(t, cur, mid)
	assert.True(t, old.Groups[1].Outcomes[1].PartWon(3))
	assert.False(t, old.Groups[1].Outcomes[1].PartWon(2))
	var b bytes.Buffer
	require.NoError(t, old.Write(&b))
	assert.Equal(t, v3, b.String())
	for name, text := range map[string]string{"v1.csv": v1, "v2.csv": v2, "v3.csv": v3} {
		path := filepath.Join(t.TempDir(), name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		assert.True(t, sim.IsOutcomesFile(path), name)
	}
}

func TestReadOutcomesErrors(t *testing.T) {
	h, h1, h3 := sim.OutcomesHeaderV2+"\n", sim.OutcomesHeaderV1+"\n", cwHeader+"\n"
	cases := []struct{ in, want string }{
		{"", "o.csv: empty, expected the outcomes header"},
		{"metric,players\n", `o.csv:1: not an outcomes file: the header is "metric,players", expected one starting "game,players,agent,params,episode,won"`},
		{h3 + "clockwork,3,planner,,0,1,1,1,2,1,2\n", `o.csv:2: level3: "2" is not 0 or 1`},
		{h3 + "clockwork,3,planner,,0,1,1,1,1,1,-1\n", `o.csv:2: shards: "-1" is not a whole number from 0 to`},
		{sim.OutcomesHeader + "\nclockwork,3,planner,,0,1\n", `o.csv:2: game: clockwork's outcomes have the columns "level1,level2,level3,level4,shards" after won, the header ""`},
		{h + "3,planner,,0,1,1,1,1,1\n", "o.csv:2: line: 9 fields, expected 10"},
		{h + "3,planner,,0,1,1111,2\n", "o.csv:2: line: 7 fields, expected 10"},
		{h + "5,planner,,0,1,1,1,1,1,2\n", `o.csv:2: players: "5" is not 2, 3 or 4`},
		{h + "3,,,0,1,1,1,1,1,2\n", "o.csv:2: agent: empty"},
		{h + "3,planner,,-1,1,1,1,1,1,2\n", `o.csv:2: campaign: "-1" is not a campaign index`},
		{h + "3,planner,,0,yes,1,1,1,1,2\n", `o.csv:2: won: "yes" is not 0 or 1`},
		{h + "3,planner,,0,1,1,1,2,1,2\n", `o.csv:2: level3: "2" is not 0 or 1`},
		{h + "3,planner,,0,1,1,1,1,,2\n", `o.csv:2: level4: "" is not 0 or 1`},
		{h + "3,planner,,0,1,1,1,1,1,-1\n", `o.csv:2: shards: "-1" is not a number of Shards`},
		{h + "3,planner,,0,1,1,1,1,1,2\n3,planner,,0,1,1,1,1,1,2\n", "o.csv:3: campaign: episode 0 of 3 players appears twice"},
		{h + "3,planner,,4,1,1,1,1,1,2\n3,planner,,1,1,1,1,1,1,2\n3,planner,,4,1,1,1,1,1,2\n", "o.csv: episode: episode 4 of 3 players appears twice"},
		{h1 + "3,planner,,0,1,1111\n", "o.csv:2: line: 6 fields, expected 7 (players,agent,params,campaign,won,levels_won,shards)"},
		{h1 + "3,planner,,0,1,1,1,1,1,2\n", "o.csv:2: line: 10 fields, expected 7"},
		{h1 + "5,planner,,0,1,1111,2\n", `o.csv:2: players: "5" is not 2, 3 or 4`},
		{h1 + "3,planner,,0,1,111,2\n", `o.csv:2: levels_won: "111" is not 4 characters 0 or 1`},
		{h1 + "3,planner,,0,1,11x1,2\n", `o.csv:2: levels_won: "11x1"`},
		{h1 + "3,planner,,0,1,1111,-1\n", `o.csv:2: shards: "-1" is not a number of Shards`},
		{h1 + "3,planner,,0,1,1111,2\n3,planner,,0,1,1111,2\n", "o.csv:3: campaign: episode 0 of 3 players appears twice"},
	}
	for _, c := range cases {
		_, err := sim.ReadOutcomes(strings.NewReader(c.in), "o.csv")
		assert.ErrorContains(t, err, c.want, "%q", c.in)
	}
}
