package pig

import (
	"fmt"

	"github.com/clockworksim/clockwork/sim"
)

// Stats is Pig's own counts of one group, after the generic ones (games, wins, seat and agent
// wins, games nobody won, the turns histogram).
type Stats struct {
	// Rolls counts the die rolled, every seat's.
	Rolls int64 `json:"rolls"`
	// Busts counts the rolls of a 1, each losing a turn total.
	Busts int64 `json:"busts"`
}

// Of returns the Pig counts of a group of a Pig results file (nil for another game).
func Of(g *sim.Group) *Stats {
	s, _ := g.Stats.(*Stats)
	return s
}

// EmptyLike returns zero counts.
func (s *Stats) EmptyLike() sim.Stats { return &Stats{} }

// Add adds the counts of o.
func (s *Stats) Add(other sim.Stats) error {
	o, ok := other.(*Stats)
	if !ok {
		return fmt.Errorf("the group added is not of Pig")
	}
	s.Rolls += o.Rolls
	s.Busts += o.Busts
	return nil
}

// Validate checks the counts against the group's: busts at most the rolls, and at least a roll
// a turn (what the turns histogram counts, its last bin at its lower bound).
func (s *Stats) Validate(c *sim.Checker, path string, g *sim.Group) {
	var turns int64
	for n, games := range g.TurnsHist {
		turns += int64(n) * games
	}
	c.Count(path+".rolls", s.Rolls, -1, "")
	if s.Rolls < turns {
		c.Fail(path+".rolls", "%d, fewer than the turns played (%d at least): every turn rolls", s.Rolls, turns)
	}
	c.Count(path+".busts", s.Busts, s.Rolls, "rolls")
}
