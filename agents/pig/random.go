package pig

import (
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/pig"
)

// Random picks a uniformly random legal action: the baseline.
type Random struct {
	r chance.Stream
}

// Name returns "random".
func (a *Random) Name() string { return "random" }

// Reset seeds the agent's own stream for a game.
func (a *Random) Reset(_ *rules.Data, _, _ int, seed uint64) { a.r.Seed(seed, agentStream) }

// Choose returns a uniformly random legal action.
func (a *Random) Choose(_ *rules.View, legal []rules.Action) rules.Action {
	return legal[a.r.Intn(len(legal))]
}
