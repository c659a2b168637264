package pig

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/pig"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

func lineup(t *testing.T, seats ...string) sim.Lineup { return simtest.Lineup(t, Lineup, seats...) }

// Pig passes the simulator's conformance suite, with rotated seats and two line-ups.
func TestConformance(t *testing.T) {
	simtest.Conformance(t, sim.Config{Game: New(rules.Default()), Players: []int{2, 3}, Episodes: 24, Seed: 3,
		Rotate: true, TurnCap: 1, Agents: []sim.Lineup{lineup(t, "hold", "random"), lineup(t, "random")}})
}
