package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// Adding a group to an empty one shaped like it gives the group back, byte for byte.
func TestGroupAddToEmptyLike(t *testing.T) {
	cfg := testConfig(t)
	res, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	for _, g := range res.Groups {
		sum := g.EmptyLike()
		require.NoError(t, sum.Add(g))
		assert.Equal(t, encode(t, &Results{Groups: []*Group{g}}), encode(t, &Results{Groups: []*Group{sum}}))
	}
}

// Add refuses a group of another shape with the field that differs.
func TestGroupAddShapeErrors(t *testing.T) {
	d := configstest.Frozen(t)
	for _, c := range []struct {
		change func(g *Group)
		want   string
	}{
		{func(g *Group) { g.FinalShardsHist = g.FinalShardsHist[:3] }, "final_shards_hist: 41 bins, but the group added has 3"},
		{func(g *Group) { g.Levels = g.Levels[:3] }, "levels: 4, but the group added has 3"},
		{func(g *Group) { g.Levels[1].Level = 3 }, "levels[1].level: 2, but the group added has 3"},
		{func(g *Group) { g.Levels[1].RoundsHist = make([]int64, 40) }, "levels[1].rounds_hist: 61 bins, but the group added has 40"},
		{func(g *Group) { g.Levels[3].SpecialRoomsHist = nil }, "levels[3].special_rooms_hist: 6 bins, but the group added has 0"},
		{func(g *Group) { g.Temples = g.Temples[1:] }, "temples: "},
		{func(g *Group) { g.Temples[0].Level = 2 }, "temples[0].temple: "},
		{func(g *Group) { g.Ganon.ShortfallHist["luck"] = []int64{1} }, `ganon.shortfall_hist.luck: missing, but the group added has it`},
		{func(g *Group) { g.Ganon.ShortfallHist["move"] = []int64{1} }, "ganon.shortfall_hist.move: 61 bins, but the group added has 1"},
	} {
		o := newGroup(3, "planner", "", nil, d)
		c.change(o)
		err := newGroup(3, "planner", "", nil, d).Add(o)
		if assert.Error(t, err, c.want) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
}

// The workers' per-campaign count allocates nothing.
func TestTallyAddAllocatesNothing(t *testing.T) {
	d := configstest.Frozen(t)
	a, err := agents.New("planner", strategies.Defaults())
	require.NoError(t, err)
	var g rules.Game
	Play(&g, a, d, 3, 7, 0, DefaultRoundCap, nil)
	var tl tally
	assert.Zero(t, testing.AllocsPerRun(100, func() { tl.add(&g) }))
}
