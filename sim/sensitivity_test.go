package sim_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	pigsim "github.com/clockworksim/clockwork/sim/pig"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// sensitivityOf runs a small sensitivity on Pig with a turn cap of 10 (a cap some games reach):
// the die's faces and the turn cap, 8 down and up, at 2 and 3 players.
func sensitivityOf(t *testing.T, shard sim.Shard) (*sim.Results, sim.Config) {
	cfg := testConfig(t)
	cfg.Game, cfg.Episodes, cfg.Shard = pigGame(t, "turn_cap", 10), 40, shard
	s := &sim.Sensitivity{Base: cfg, Step: 8,
		Values: []sim.MovedValue{{"faces", 6}, {"turn_cap", 10}},
		Config: func(param string, value int) (sim.Config, error) {
			d, err := cfg.Game.(*pigsim.Game).Data.With(param, value)
			if err != nil {
				return sim.Config{}, errors.New("not valid data")
			}
			c := cfg
			c.Game = pigsim.New(d)
			return c, nil
		},
		Simulate:    func(_ string, c sim.Config) (*sim.Results, error) { return sim.Run(context.Background(), c) },
		Interrupted: func() bool { return false },
	}
	res, err := s.Run()
	require.NoError(t, err)
	return res, cfg
}

// Each moved value is paired with the base run game by game: the counts equal those of the two
// runs' outcomes; a move to invalid data is a skipped row; the file validates.
func TestSensitivityPairsWithTheBase(t *testing.T) {
	res, cfg := sensitivityOf(t, sim.Shard{})
	require.Len(t, res.Groups, 2)
	require.Len(t, res.Sensitivity, 2*2*2) // 2 values x (down, up) x 2 player counts
	base := res.Groups
	for _, row := range res.Sensitivity {
		if row.Param == "faces" && row.Value < 0 {
			assert.Equal(t, "not valid data", row.Skipped)
			assert.Zero(t, row.Paired.Episodes)
			continue
		}
		require.Empty(t, row.Skipped, "%s=%d", row.Param, row.Value)
		moved := cfg
		d, err := cfg.Game.(*pigsim.Game).Data.With(row.Param, row.Value)
		require.NoError(t, err)
		moved.Game, moved.Outcomes = pigsim.New(d), true
		r, err := sim.Run(context.Background(), moved)
		require.NoError(t, err)
		for gi, g := range r.Groups {
			if g.Players != row.Players {
				continue
			}
			want := sim.PairOutcomes(base[gi].Outcomes, g.Outcomes, int64(cfg.Episodes))
			assert.Equal(t, want, row.Paired, "%s=%d at %d players", row.Param, row.Value, row.Players)
			assert.Equal(t, g.Wins-base[gi].Wins, row.Paired.MovedOnly-row.Paired.BaseOnly, "the paired difference is the difference of wins")
		}
	}
	// The cap only ends games: at 2 the hold agent, which banks 20 before it could win, wins
	// none; at 18 it wins every game it won at 10, and some more.
	for i, g := range base {
		down, up := res.Sensitivity[4+i], res.Sensitivity[6+i]
		assert.Equal(t, [2]int{2, g.Players}, [2]int{down.Value, down.Players})
		assert.Equal(t, [2]int64{g.Wins, 0}, [2]int64{down.Paired.BaseOnly, down.Paired.MovedOnly}, "turn cap 2")
		assert.Equal(t, [2]int{18, g.Players}, [2]int{up.Value, up.Players})
		assert.Zero(t, up.Paired.BaseOnly, "turn cap 18")
		assert.Positive(t, up.Paired.MovedOnly, "turn cap 18")
	}
	require.NoError(t, simtest.RoundTrip(t, res).Validate())

	bad := simtest.RoundTrip(t, res)
	bad.Sensitivity[2].Paired.Episodes = 41
	assert.ErrorContains(t, bad.Validate(), "sensitivity[2].paired.campaigns: 41 is more than the base group's campaigns (40)")
}

// The shards of a sensitivity run merge into the whole run, rows included.
func TestSensitivityShardsMerge(t *testing.T) {
	whole, _ := sensitivityOf(t, sim.Shard{})
	a, _ := sensitivityOf(t, sim.Shard{Index: 0, Count: 2})
	b, _ := sensitivityOf(t, sim.Shard{Index: 1, Count: 2})
	for _, r := range []*sim.Results{whole, a, b} {
		r.SensitivityMetric = "win_rate" // as a sensitivity's --metric writes it
	}
	merged, err := sim.Merge([]*sim.Results{simtest.RoundTrip(t, a), simtest.RoundTrip(t, b)}, []string{"a.json", "b.json"}, sim.MergeOptions{})
	require.NoError(t, err)
	assert.Equal(t, simtest.JSON(t, whole), simtest.JSON(t, merged))
}
