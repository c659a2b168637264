package sim_test

// The core's tests play Pig (rules/pig, agents/pig, sim/pig), the tiny complete game built from
// the engines' contract to be their fixture: its games take microseconds, its seats compete,
// its data has values to move (the target, the die's faces, the turn cap) and its Outcomes use
// every field (won, the winning position as a part, the judged seat's score). The tests that
// pin Clockwork Realm itself are sim/clockwork's.

import (
	"testing"

	"github.com/stretchr/testify/require"

	rules "github.com/clockworksim/clockwork/rules/pig"
	"github.com/clockworksim/clockwork/sim"
	pigsim "github.com/clockworksim/clockwork/sim/pig"
)

// testConfig is a run of the hold agent (judged, seat 0) against random ones at two and three
// players, on the default data.
func testConfig(t testing.TB) sim.Config {
	t.Helper()
	return sim.Config{Game: pigsim.New(rules.Default()), Players: []int{2, 3}, Agents: []sim.Lineup{lineup(t, "hold", "random")},
		Episodes: 120, Seed: 7, ToolVersion: "test"}
}

// lineup is the line-up of the Pig agents seats, the last filling a larger table.
func lineup(t testing.TB, seats ...string) sim.Lineup {
	t.Helper()
	l, err := pigsim.Lineup(seats)
	require.NoError(t, err)
	return l
}

// pigGame is Pig on the default data with key set to value (rules.Data.With).
func pigGame(t testing.TB, key string, value int) *pigsim.Game {
	t.Helper()
	d, err := rules.Default().With(key, value)
	require.NoError(t, err)
	return pigsim.New(d)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
