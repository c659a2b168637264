package sim_test

import (
	"context"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
)

// Adding a group to an empty one shaped like it gives the group back, byte for byte.
func TestGroupAddToEmptyLike(t *testing.T) {
	cfg := testConfig(t)
	res, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	for _, g := range res.Groups {
		sum := g.EmptyLike()
		require.NoError(t, sum.Add(g))
		assert.Equal(t, encode(t, &sim.Results{Groups: []*sim.Group{g}}), encode(t, &sim.Results{Groups: []*sim.Group{sum}}))
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
		o := sim.NewGroup(cwsim.New(d), 3, sim.Lineup{Name: "planner"}, false, nil)
		c.change(o)
		err := sim.NewGroup(cwsim.New(d), 3, sim.Lineup{Name: "planner"}, false, nil).Add(o)
		if assert.Error(t, err, c.want) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
}
