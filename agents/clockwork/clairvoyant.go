package clockwork

import (
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// ClairvoyantDoc is the clairvoyant's registry description: a bound, not a playing agent.
const ClairvoyantDoc = "a bound, not a playing agent: the expert's search on the true state (perfect information: deck orders, face-down rooms and chance seen)"

// NewClairvoyant makes the clairvoyant: the expert's search (the same kinds, budget, race and
// common seeds) with every rollout on a copy of the real game instead of a sample of the view,
// so it sees every deck's order, every face-down room and the dice to come. It cheats by
// design: it is the ceiling of the skill ladder (what play could win with perfect
// information), never a team a designer could field. The gap between it and the expert is
// what hidden information costs the search.
func NewClairvoyant(s strategies.Set) *Expert {
	e := NewExpert(s)
	e.peek = true
	return e
}

// peek returns the game behind a view: the clairvoyant's one read of hidden state
// (rules.View.TrueGame, which no playing agent calls).
func peek(v rules.View) *rules.Game { return v.TrueGame() }
