package sim_test

import (
	"testing"

	"github.com/clockworksim/clockwork/sim"
)

// TestSeatHelpers: a line-up is seated by the rotation, and an episode is won by the line-up
// when its first position's seat won.
func TestSeatHelpers(t *testing.T) {
	var seats [sim.MaxSeats]string
	sim.Seat(seats[:], []string{"a", "b", "c"}, 1, 3)
	if seats[0] != "c" || seats[1] != "a" || seats[2] != "b" {
		t.Fatalf("rotation 1 of a, b, c seats %v", seats[:3])
	}
	for _, c := range []struct {
		winner, rot, want int
		won               bool
	}{{1, 1, 1, true}, {0, 1, 0, false}, {-1, 0, sim.NoWinner, false}, {-7, 2, sim.NoWinner, false}} {
		e := sim.SeatEpisode(c.winner, c.rot, 3, 40)
		if e.Winner != c.want || e.Outcome.Won() != c.won || e.Turns != 40 {
			t.Errorf("winner %d in rotation %d: %+v", c.winner, c.rot, e)
		}
	}
	cfg := sim.Config{Agents: []sim.Lineup{{Label: "x", New: func() any { return []string{"a"} }}}}
	if got, err := sim.SeatAgents[string](&cfg, "test"); err != nil || len(got) != 1 || got[0][0] != "a" {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := sim.SeatAgents[int](&cfg, "Pig"); err == nil || err.Error() != "sim: line-up x is not of Pig agents" {
		t.Fatalf("a line-up of another game: %v", err)
	}
}
