package sim_test

import (
	"context"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// The goal search bisects a value of the data on the same deals: here the turn cap at which
// the hold agent wins half its two-player games against a random one. A cap only ends games, so
// the win rate rises with it, game by game: the search brackets the goal, and the cap it finds
// is, of the caps next to it that it played, the one whose win rate is the closest to the goal.
// Every point's group is the run of its data, and the file validates.
func TestGoalSearchBisectsTheTurnCap(t *testing.T) {
	base := testConfig(t)
	base.Players, base.Episodes = []int{2}, 200
	config := func(players, target int, l []sim.Lineup) (sim.Config, error) {
		cfg := base
		cfg.Game, cfg.Players, cfg.Agents = pigGame(t, "turn_cap", target), []int{players}, l
		cfg.Params = map[string]string{"turn_cap": strconv.Itoa(target)}
		return cfg, nil
	}
	s := &sim.GoalSearch{Param: func(int) string { return "turn_cap" }, Rising: true, Base: base,
		Targets: map[int][]int{2: {2, 20}}, Goal: 0.5, Config: config,
		Simulate:    func(_ string, cfg sim.Config) (*sim.Results, error) { return sim.Run(context.Background(), cfg) },
		Interrupted: func() bool { return false },
	}
	res, err := s.Run(nil)
	require.NoError(t, err)
	require.Len(t, res.Goals, 1)
	goal := res.Goals[0]
	assert.Equal(t, sim.Goal{Players: 2, Param: "turn_cap", Agent: "hold,random", Goal: 0.5, Target: goal.Target,
		Low: 2, High: 20, Bracketed: true}, goal)

	rates, prev := map[int]float64{}, -1.0
	for _, g := range res.Groups { // by turn cap
		tc, err := strconv.Atoi(g.Params["turn_cap"])
		require.NoError(t, err)
		rates[tc] = float64(g.Wins) / float64(g.Episodes)
		assert.GreaterOrEqual(t, rates[tc], prev, "the win rate at turn cap %d", tc)
		prev = rates[tc]
		cfg, _ := config(2, tc, base.Agents)
		one, err := sim.Run(context.Background(), cfg)
		require.NoError(t, err)
		assert.Equal(t, one.Groups[0].Wins, g.Wins, "turn cap %d", tc)
	}
	t.Logf("turn cap %d: win rates by cap %v", goal.Target, rates)
	assert.Less(t, rates[2], 0.5)
	assert.Greater(t, rates[20], 0.5)
	near := 0
	for _, tc := range []int{goal.Target - 1, goal.Target + 1} {
		if r, ok := rates[tc]; ok {
			near++
			assert.LessOrEqual(t, math.Abs(rates[goal.Target]-0.5), math.Abs(r-0.5), "turn cap %d against %d", goal.Target, tc)
		}
	}
	assert.Positive(t, near, "the bisection ends on two caps next to each other")
	require.NoError(t, simtest.RoundTrip(t, res).Validate())
}
