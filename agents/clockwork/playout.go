package clockwork

import (
	"fmt"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// DefaultMaxActions bounds the actions of one level in a play-out: a safety net against agents
// that never pass (far more than any level takes).
const DefaultMaxActions = 200000

// Limits bound a play-out.
type Limits struct {
	// RoundCap ends a level past this many rounds as a loss (reason timeout).
	RoundCap int
	// MaxActions ends a level past this many actions the same way (0: DefaultMaxActions).
	MaxActions int
	// Checked applies every action on the engine's checked path (rules.Game.ApplyChecked): an
	// illegal choice stops the play-out with an error.
	Checked bool
	// StopAtLevelEnd stops as soon as the level the play-out started in has ended (a rollout
	// that judges one level).
	StopAtLevelEnd bool
}

// PlayOut plays g on from its current state with agent a, within lim, until the campaign ends
// (or, with StopAtLevelEnd, the level). It is the one play-out loop: the simulator plays whole
// campaigns with it and lookahead agents their rollouts. buf is the action buffer to reuse; it
// is returned. It allocates nothing.
func PlayOut(g *rules.Game, a Agent, lim Limits, buf []rules.Action) ([]rules.Action, error) {
	maxActions := lim.MaxActions
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	start := g.Level()
	level, actions := start, 0
	for !g.IsTerminal() {
		if g.Level() != level {
			if lim.StopAtLevelEnd {
				return buf, nil
			}
			level, actions = g.Level(), 0
		}
		if g.Round() > lim.RoundCap || actions > maxActions {
			g.EndLevelTimeout()
			continue
		}
		buf = g.LegalActions(buf)
		choice := a.Choose(g.View(g.ToMove()), buf)
		if !lim.Checked {
			g.Apply(choice)
		} else if err := g.ApplyChecked(choice); err != nil {
			return buf, fmt.Errorf("%s: %w", a.Name(), err)
		}
		actions++
	}
	return buf, nil
}
