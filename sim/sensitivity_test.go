package sim_test

import (
	"context"
	"errors"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
)

// sensitivityOf runs a small sensitivity on the frozen data: Ganon's Move target at 2 and 3
// players and the number of Shards, one step down and up.
func sensitivityOf(t *testing.T, shard sim.Shard) (*sim.Results, sim.Config) {
	cfg := testConfig(t)
	cfg.Campaigns, cfg.Shard = 40, shard
	s := &sim.Sensitivity{Base: cfg, Step: 8,
		Values: []sim.MovedValue{{"ganon.targets.3.move", 18}, {"setup.shards", 0}},
		Config: func(param string, value int) (sim.Config, error) {
			l, err := configs.LoadDir(configstest.Dir, []string{param + "=" + strconv.Itoa(value)})
			if err != nil {
				return sim.Config{}, errors.New("not valid data")
			}
			c := cfg
			c.Game = cwsim.New(l.Data)
			return c, nil
		},
		Simulate:    func(_ string, c sim.Config) (*sim.Results, error) { return sim.Run(context.Background(), c) },
		Interrupted: func() bool { return false },
	}
	res, err := s.Run()
	require.NoError(t, err)
	return res, cfg
}

// Each moved value is paired with the base run campaign by campaign: the counts equal those of
// the two runs' outcomes; a move to invalid data is a skipped row; the file validates.
func TestSensitivityPairsWithTheBase(t *testing.T) {
	res, cfg := sensitivityOf(t, sim.Shard{})
	require.Len(t, res.Groups, 2)
	require.Len(t, res.Sensitivity, 2*2*2) // 2 values x (down, up) x 2 player counts
	base := res.Groups
	for _, row := range res.Sensitivity {
		if row.Param == "setup.shards" && row.Value < 0 {
			assert.Equal(t, "not valid data", row.Skipped)
			assert.Zero(t, row.Paired.Campaigns)
			continue
		}
		require.Empty(t, row.Skipped, "%s=%d", row.Param, row.Value)
		moved := cfg
		moved.Game = cwsim.New(configstest.Frozen(t, row.Param+"="+strconv.Itoa(row.Value)))
		moved.Outcomes = true
		r, err := sim.Run(context.Background(), moved)
		require.NoError(t, err)
		for gi, g := range r.Groups {
			if g.Players != row.Players {
				continue
			}
			want := sim.PairOutcomes(base[gi].Outcomes, g.Outcomes, int64(cfg.Campaigns))
			assert.Equal(t, want, row.Paired, "%s=%d at %d players", row.Param, row.Value, row.Players)
			assert.Equal(t, g.Wins-base[gi].Wins, row.Paired.MovedOnly-row.Paired.BaseOnly, "the paired difference is the difference of wins")
		}
	}
	up := res.Sensitivity[3] // ganon.targets.3.move=26 at 3 players: a harder Ganon
	assert.Equal(t, 3, up.Players)
	assert.Equal(t, 26, up.Value)
	// A harder Ganon wins no more of the same campaigns (on 40 campaigns the Move target may
	// also decide none: Move is the skill the teams have most of).
	assert.GreaterOrEqual(t, up.Paired.BaseOnly, up.Paired.MovedOnly)
	require.NoError(t, roundTrip(t, res).Validate())

	bad := roundTrip(t, res)
	bad.Sensitivity[0].Paired.Campaigns = 41
	assert.ErrorContains(t, bad.Validate(), "sensitivity[0].paired.campaigns: 41 is more than the base group's campaigns (40)")
}

// The shards of a sensitivity run merge into the whole run, rows included.
func TestSensitivityShardsMerge(t *testing.T) {
	whole, _ := sensitivityOf(t, sim.Shard{})
	a, _ := sensitivityOf(t, sim.Shard{Index: 0, Count: 2})
	b, _ := sensitivityOf(t, sim.Shard{Index: 1, Count: 2})
	for _, r := range []*sim.Results{whole, a, b} {
		r.SensitivityMetric = "level_success:2" // as clockwork sensitivity --metric writes it
	}
	merged, err := sim.Merge([]*sim.Results{roundTrip(t, a), roundTrip(t, b)}, []string{"a.json", "b.json"}, sim.MergeOptions{})
	require.NoError(t, err)
	assert.Equal(t, encode(t, whole), encode(t, merged))
}
