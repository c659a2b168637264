package reports

import (
	"io"
	"slices"

	"github.com/clockworksim/clockwork/sim"
)

// GanonTable prints the terminal summary of a goal search (`clockwork ganon`): the game's own
// (GameReport.Summary: for Clockwork Realm the answers to --goal, the win rates by player count
// and target, the Shards brought to Ganon's Tower and what Ganon still asked of the cards), or
// for a game that registers none the win rate of every group.
func GanonTable(w io.Writer, r *sim.Results) {
	if s := gameOf(r).Summary; s != nil {
		s(w, r)
		return
	}
	genericSummary(w, r)
}

// Rungs lists the agents (with their strategies) of the results' groups, in order of first
// appearance.
func Rungs(r *sim.Results) []sim.Rung {
	var out []sim.Rung
	for _, g := range r.Groups {
		rg := sim.Rung{Agent: g.Agent, Strategies: g.Strategies}
		if !slices.Contains(out, rg) {
			out = append(out, rg)
		}
	}
	return out
}
