package sim_test

import (
	"context"
	"maps"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// The goal search bisects a value of the data on the same deals: here the turn cap at which
// the hold agent wins half its two-player games against a random one. A cap only ends games, so
// the win rate rises with it, game by game (the search reads the direction from the rates at the
// ends, nobody tells it): the search brackets the goal, and the cap it finds
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
	s := &sim.GoalSearch{Param: func(int) string { return "turn_cap" }, Base: base,
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

// pigSearch is the goal search of the Pig value key at two players for the line-up seats (the
// first judged), trying values, with 200 games a point and workers workers (0: every CPU).
func pigSearch(t *testing.T, key string, seats []string, values []int, goal float64, workers int) *sim.GoalSearch {
	t.Helper()
	base := testConfig(t)
	base.Players, base.Episodes, base.Agents, base.Workers = []int{2}, 200, []sim.Lineup{lineup(t, seats...)}, workers
	return &sim.GoalSearch{Param: func(int) string { return key }, Base: base,
		Targets: map[int][]int{2: values}, Goal: goal,
		Config: func(players, target int, l []sim.Lineup) (sim.Config, error) {
			cfg := base
			cfg.Game, cfg.Players, cfg.Agents = pigGame(t, key, target), []int{players}, l
			cfg.Params = map[string]string{key: strconv.Itoa(target)}
			return cfg, nil
		},
		Simulate:    func(_ string, cfg sim.Config) (*sim.Results, error) { return sim.Run(context.Background(), cfg) },
		Interrupted: func() bool { return false },
	}
}

// runGoal runs the search and returns its one goal and the win rate of every value played.
func runGoal(t *testing.T, s *sim.GoalSearch) (sim.Goal, map[int]float64, *sim.Results) {
	t.Helper()
	res, err := s.Run(nil)
	require.NoError(t, err)
	require.Len(t, res.Goals, 1)
	require.NoError(t, simtest.RoundTrip(t, res).Validate())
	key := s.Param(2)
	rates := map[int]float64{}
	for _, g := range res.Groups {
		v, err := strconv.Atoi(g.Params[key])
		require.NoError(t, err)
		rates[v] = float64(g.Wins) / float64(g.Episodes)
	}
	t.Logf("goal %.2f: %s=%d (bracketed %v); win rates %v", s.Goal, key, res.Goals[0].Target, res.Goals[0].Bracketed, rates)
	return res.Goals[0], rates, res
}

// assertNearest checks that no value played has a win rate nearer the goal than the answer's.
func assertNearest(t *testing.T, goal sim.Goal, rates map[int]float64) {
	t.Helper()
	r, ok := rates[goal.Target]
	require.True(t, ok, "the answer %d was played", goal.Target)
	for v, rv := range rates {
		assert.LessOrEqual(t, math.Abs(r-goal.Goal), math.Abs(rv-goal.Goal), "%d (%.3f) is nearer the goal %.2f than the answer %d (%.3f)", v, rv, goal.Goal, goal.Target, r)
	}
}

// A win rate that falls as the value rises: the random agent against the hold one, as the
// target rises (a longer game leaves less to luck). Nobody says which way it moves: the search
// brackets the goal between the ends, bisects down to two neighbouring targets, and answers the
// target whose rate is the nearest the goal of all those played; the same for any worker count.
func TestGoalSearchFallingRate(t *testing.T) {
	goal, rates, res := runGoal(t, pigSearch(t, "target", []string{"random", "hold"}, []int{2, 60}, 0.3, 1))
	assert.Greater(t, rates[2], 0.3)
	assert.Less(t, rates[60], 0.3)
	assert.True(t, goal.Bracketed)
	assert.Equal(t, 2, goal.Low)
	assert.Equal(t, 60, goal.High)
	assert.Greater(t, len(rates), 4, "the bisection played targets between the ends")
	assertNearest(t, goal, rates)
	_, below := rates[goal.Target-1]
	_, above := rates[goal.Target+1]
	assert.True(t, below || above, "a neighbour of the answer was played")

	other, _, res4 := runGoal(t, pigSearch(t, "target", []string{"random", "hold"}, []int{2, 60}, 0.3, 4))
	assert.Equal(t, goal, other, "the answer at 1 and 4 workers")
	assert.Equal(t, res.Groups, res4.Groups, "the points played at 1 and 4 workers")
}

// When no value tried reaches the goal (every rate above it, or every rate below), whichever way
// the rate moves, the answer is the value tried whose rate is the nearest, not bracketed, and
// nothing is played beyond the values tried.
func TestGoalSearchGoalOutsideTheRates(t *testing.T) {
	for _, c := range []struct {
		name   string
		key    string
		seats  []string
		values []int
		goal   float64
		want   int
	}{
		{"falling, goal above every rate", "target", []string{"random", "hold"}, []int{10, 20, 40, 60}, 0.9, 10},
		{"falling, goal below every rate", "target", []string{"random", "hold"}, []int{10, 20, 40, 60}, 0.02, 60},
		{"rising, goal above every rate", "turn_cap", []string{"hold", "random"}, []int{4, 6, 8, 10}, 0.95, 10},
		{"rising, goal below every rate", "turn_cap", []string{"hold", "random"}, []int{4, 6, 8, 10}, 0.05, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			goal, rates, _ := runGoal(t, pigSearch(t, c.key, c.seats, c.values, c.goal, 0))
			assert.False(t, goal.Bracketed)
			assert.Equal(t, c.want, goal.Target)
			assertNearest(t, goal, rates)
			assert.ElementsMatch(t, c.values, slices.Collect(maps.Keys(rates)), "only the values tried were played")
		})
	}
}

// The issue's shape (clue goal --goal 0.2 when the rate rises from 80% with the value): every
// rate is far above the goal, so the answer is the value with the lowest rate, not bracketed;
// a goal between the rates is bracketed and answered by the value nearest to it.
func TestGoalSearchIssueExample(t *testing.T) {
	values := []int{12, 13, 14, 15, 16, 17, 18, 19, 20}
	goal, rates, _ := runGoal(t, pigSearch(t, "turn_cap", []string{"hold", "random"}, values, 0.2, 0))
	lowest := values[0]
	for _, v := range values {
		if rates[v] < rates[lowest] {
			lowest = v
		}
	}
	assert.GreaterOrEqual(t, rates[lowest], 0.7, "every rate is far above the goal")
	assert.False(t, goal.Bracketed)
	assert.Equal(t, lowest, goal.Target, "the value with the lowest rate")
	assert.Len(t, rates, len(values))

	mid := (rates[values[0]] + rates[values[len(values)-1]]) / 2
	goal, rates, _ = runGoal(t, pigSearch(t, "turn_cap", []string{"hold", "random"}, values, mid, 0))
	assert.True(t, goal.Bracketed)
	assertNearest(t, goal, rates)
}

// A rate that is not monotone (the random agent against the hold one as the die's faces grow:
// it falls, then rises): with the rates at the ends both above the goal but one between below
// it, the goal is bracketed by two neighbouring values tried, the bisection stays between them,
// and the answer is still the value nearest the goal among those played.
func TestGoalSearchNotMonotone(t *testing.T) {
	goal, rates, _ := runGoal(t, pigSearch(t, "faces", []string{"random", "hold"}, []int{3, 6, 12}, 0.3, 0))
	require.Greater(t, rates[3], 0.3)
	require.Greater(t, rates[12], 0.3)
	require.Less(t, rates[6], 0.3)
	assert.True(t, goal.Bracketed)
	assertNearest(t, goal, rates)
	for v := range rates {
		assert.True(t, v <= 6 || v == 12, "faces %d: the bisection stays between 3 and 6", v)
	}
	assert.Greater(t, len(rates), 3, "the bisection played values between 3 and 6")
}
