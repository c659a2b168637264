package clue

import (
	"testing"

	cluecfg "github.com/clockworksim/clockwork/configs/clue"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

func lineup(t *testing.T, seats ...string) sim.Lineup {
	t.Helper()
	l, err := Lineup(seats)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// CLUE passes the simulator's conformance suite, with rotated seats and a ladder of line-ups.
func TestConformance(t *testing.T) {
	l, err := cluecfg.LoadDir("../../testdata/clue", nil)
	if err != nil {
		t.Fatal(err)
	}
	simtest.Conformance(t, sim.Config{Game: New(l.Data), Players: []int{2, 4}, Campaigns: 24, Seed: 3, Rotate: true,
		RoundCap: 1, Agents: []sim.Lineup{lineup(t, "deductive", "random"), lineup(t, "notebook")}})
}
