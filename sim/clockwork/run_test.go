package clockwork_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	"github.com/clockworksim/clockwork/sim/simtest"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

func TestCountsAddUp(t *testing.T) {
	cfg := testConfig(t)
	r, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	for _, g := range r.Groups {
		var losses int64
		for _, n := range cwsim.Of(g).LossReasons {
			losses += n
		}
		assert.Equal(t, g.Episodes, g.Wins+losses, "every campaign is won or lost for a reason")
		var shards int64
		for _, n := range cwsim.Of(g).FinalShardsHist {
			shards += n
		}
		assert.Equal(t, g.Episodes, shards)
		for _, l := range cwsim.Of(g).Levels {
			assert.Equal(t, g.Episodes, l.Attempts, "every campaign plays all four levels")
			var rounds int64
			for _, n := range l.RoundsHist {
				rounds += n
			}
			assert.Equal(t, l.Attempts, rounds)
		}
		var templeAttempts int64
		for _, ts := range cwsim.Of(g).Temples {
			templeAttempts += ts.Attempts
		}
		assert.Equal(t, 3*g.Episodes, templeAttempts, "levels 1-3 each in one temple")
		assert.Equal(t, g.Wins, cwsim.Of(g).Ganon.Defeated)
	}
}

// Add refuses a group of another shape with the field that differs.
func TestGroupAddShapeErrors(t *testing.T) {
	d := configstest.Frozen(t)
	for _, c := range []struct {
		change func(g *sim.Group)
		want   string
	}{
		{func(g *sim.Group) { cwsim.Of(g).FinalShardsHist = cwsim.Of(g).FinalShardsHist[:3] }, "final_shards_hist: 41 bins, but the group added has 3"},
		{func(g *sim.Group) { cwsim.Of(g).Levels = cwsim.Of(g).Levels[:3] }, "levels: 4, but the group added has 3"},
		{func(g *sim.Group) { cwsim.Of(g).Levels[1].Level = 3 }, "levels[1].level: 2, but the group added has 3"},
		{func(g *sim.Group) { cwsim.Of(g).Levels[1].RoundsHist = make([]int64, 40) }, "levels[1].rounds_hist: 61 bins, but the group added has 40"},
		{func(g *sim.Group) { cwsim.Of(g).Levels[3].SpecialRoomsHist = nil }, "levels[3].special_rooms_hist: 6 bins, but the group added has 0"},
		{func(g *sim.Group) { cwsim.Of(g).Temples = cwsim.Of(g).Temples[1:] }, "temples: "},
		{func(g *sim.Group) { cwsim.Of(g).Temples[0].Level = 2 }, "temples[0].temple: "},
		{func(g *sim.Group) { cwsim.Of(g).Ganon.ShortfallHist["luck"] = []int64{1} }, `ganon.shortfall_hist.luck: missing, but the group added has it`},
		{func(g *sim.Group) { cwsim.Of(g).Ganon.ShortfallHist["move"] = []int64{1} }, "ganon.shortfall_hist.move: 61 bins, but the group added has 1"},
	} {
		o := newGroup(cwsim.New(d), 3, sim.Lineup{Name: "planner"}, false, nil)
		c.change(o)
		err := newGroup(cwsim.New(d), 3, sim.Lineup{Name: "planner"}, false, nil).Add(o)
		if assert.Error(t, err, c.want) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
}

// The expert's lookahead decisions are counted per group, the same whatever the workers, add
// up across shards, and are validated on read.
func TestExpertDecisionsCounted(t *testing.T) {
	set := strategies.Defaults()
	require.NoError(t, set.Parse("rollouts=1"))
	ex, err := agents.NewSpec("expert", set)
	require.NoError(t, err)
	cfg := testConfig(t)
	cfg.Agents, cfg.Players, cfg.Episodes, cfg.Workers = []sim.Lineup{cwsim.Lineup(ex)}, []int{2}, 6, 1
	one, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	d := cwsim.Of(one.Groups[0]).Decisions
	require.NotEmpty(t, d)
	var searched int64
	for k, c := range d {
		assert.Contains(t, rules.PromptNames[1:], k, "a kind of decision (rules.PromptNames)")
		searched += c.Searched
	}
	assert.GreaterOrEqual(t, searched, int64(2*cfg.Episodes), "at least the two temple choices of every campaign")
	cfg.Workers = 2
	two, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, one), simtest.JSON(t, two))

	var parts []*sim.Results
	for i := 0; i < 2; i++ {
		c := cfg
		c.Shard = sim.Shard{Index: i, Count: 2}
		r, err := sim.Run(context.Background(), c)
		require.NoError(t, err)
		parts = append(parts, simtest.RoundTrip(t, r))
	}
	merged, err := sim.Merge(parts, []string{"a.json", "b.json"}, sim.MergeOptions{})
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, one), simtest.JSON(t, merged))

	only := set
	require.NoError(t, only.Parse("search=choose_temple"))
	ot, err := agents.NewSpec("expert", only)
	require.NoError(t, err)
	cfg.Agents = []sim.Lineup{cwsim.Lineup(ot)}
	r, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, cwsim.Of(r.Groups[0]).Decisions, 1, "search=choose_temple judges the temple choice only")
	assert.Equal(t, int64(3*cfg.Episodes), cwsim.Of(r.Groups[0]).Decisions["choose_temple"].Searched, "three temple choices a campaign")

	bad := simtest.RoundTrip(t, one)
	for k, c := range cwsim.Of(bad.Groups[0]).Decisions {
		c.Changed = c.Searched + 1
		assert.ErrorContains(t, bad.Validate(), "groups[0].decisions."+k+".changed: ")
		break
	}
	cwsim.Of(bad.Groups[0]).Decisions["dance"] = &cwsim.DecisionStat{}
	assert.ErrorContains(t, bad.Validate(), "groups[0].decisions.dance: unknown kind of decision")
}

// The planner's older boss choices (multiples=max-affordable, boss-room=strike-only) still change
// play (at bosses) against the defaults, and are named in the results.
func TestOlderBossChoicesPlayDifferently(t *testing.T) {
	testPlaysDifferently(t, "multiples=max-affordable")
	testPlaysDifferently(t, "boss-room=strike-only")
}

func testPlaysDifferently(t *testing.T, kv string) {
	set := strategies.Defaults()
	require.NoError(t, set.Parse(kv))
	pat, err := agents.NewSpec("planner", set)
	require.NoError(t, err)
	cfg := testConfig(t)
	cfg.Players, cfg.Episodes = []int{3}, 40
	cfg.Agents = []sim.Lineup{spec(t, "planner"), cwsim.Lineup(pat)}
	r, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, r.Ladder, 1)
	assert.Positive(t, r.Ladder[0].AOnly+r.Ladder[0].BOnly, "some campaign ends otherwise")
	assert.NotEqual(t, r.Groups[0].Strategies, r.Groups[1].Strategies, kv)
	assert.NotEqual(t, simtest.GroupJSON(t, r.Groups[0]), simtest.GroupJSON(t, r.Groups[1]))
}
