package duels

import rules "github.com/clockworksim/clockwork/rules/duels"

// Aggressive goes straight for the weakest opponent: it moves toward the opponent character with
// the fewest hit points (the nearest among equals) until one of its characters can hit it,
// attacks with its strongest card (the highest attack value now, against the weakest target it
// reaches), defends with its best defence card, and draws when it has no attack. It plays no
// special card that is not an attack on someone, and heals only when it can do nothing else.
type Aggressive struct {
	s sight
}

// NewAggressive returns an aggressive agent.
func NewAggressive() *Aggressive { return &Aggressive{} }

// Name returns "aggressive".
func (a *Aggressive) Name() string { return "aggressive" }

// Reset prepares the agent for seat seat of a new game.
func (a *Aggressive) Reset(d *rules.Data, setup rules.Setup, seat int, _ uint64) {
	a.s.prepare(d, setup, seat)
}

// Choose returns the aggressive choice among legal.
func (a *Aggressive) Choose(v *rules.View, legal []rules.Action) rules.Action {
	a.s.read(v)
	switch v.Phase {
	case rules.PhaseMove:
		return a.move(legal, rules.ActEndMove)
	case rules.PhaseEffect:
		if v.MoveChar/rules.MaxTeamChars == int8(v.Seat) {
			return a.move(legal, rules.ActEndMove)
		}
		return a.pull(legal)
	case rules.PhaseDefend:
		return a.defend(legal)
	}
	return a.act(legal)
}

// weakest returns the opponent character with the fewest hit points, the nearest to from among
// equals (-1: none).
func (a *Aggressive) weakest(from rules.Square) int {
	s := &a.s
	best, bestHP, bestD := -1, 1<<30, 1<<30
	for k := range s.others() {
		t := s.opponentAt(k)
		if !s.opponent(t) {
			continue
		}
		hp, d := int(s.v.Chars[t].HP), s.steps(from, s.v.Chars[t].At)
		if hp < bestHP || hp == bestHP && d < bestD {
			best, bestHP, bestD = t, hp, d
		}
	}
	return best
}

// icons reports whether character c holds a card it may attack with in melee, and at range.
func (a *Aggressive) icons(c int) (melee, ranged bool) {
	v := a.s.v
	for i := 0; i < v.HandN; i++ {
		cd := &a.s.d.Cards[v.Hand[i]]
		if cd.CanAttack() && a.s.mayPlay(c, v.Hand[i]) {
			melee, ranged = melee || cd.Melee, ranged || cd.Ranged
		}
	}
	if !melee && !ranged {
		melee = true // no attack in hand yet: close in all the same
	}
	return melee, ranged
}

// closeness scores character c standing on at against the weakest opponent: 0 when one of its
// cards in hand reaches it, else minus the steps to a square next to it.
func (a *Aggressive) closeness(c int, at rules.Square) int {
	t := a.weakest(at)
	if t < 0 {
		return 0
	}
	to := a.s.v.Chars[t].At
	melee, ranged := a.icons(c)
	if a.s.canHit(melee, ranged, at, to) {
		return 0
	}
	return -a.s.stepsToAdjacent(at, to)
}

// move picks the move that brings a character closest to its target, or ends the movement
// (the action of kind stop, or staying) when no move gains.
func (a *Aggressive) move(legal []rules.Action, stop rules.ActionKind) rules.Action {
	s := &a.s
	best, bestGain := -1, 0
	for i, m := range legal {
		if m.Kind != rules.ActMove {
			continue
		}
		c := int(m.Char)
		from := s.v.Chars[c].At
		if m.Dest == from {
			continue
		}
		was := a.closeness(c, from)
		s.relocate(c, from, m.Dest)
		gain := a.closeness(c, m.Dest) - was
		s.relocate(c, m.Dest, from)
		if gain > bestGain {
			best, bestGain = i, gain
		}
	}
	if best >= 0 {
		return legal[best]
	}
	for _, m := range legal {
		if m.Kind == stop || m.Kind == rules.ActMove && m.Dest == s.v.Chars[m.Char].At {
			return m
		}
	}
	return legal[0]
}

// pull moves an opponent (a card's move effect) to the square nearest to the agent's
// characters.
func (a *Aggressive) pull(legal []rules.Action) rules.Action {
	s := &a.s
	best, bestD := 0, 1<<30
	for i, m := range legal {
		for c := s.seat * rules.MaxTeamChars; c < (s.seat+1)*rules.MaxTeamChars; c++ {
			if s.mine(c) {
				if d := s.steps(m.Dest, s.v.Chars[c].At); d < bestD {
					best, bestD = i, d
				}
			}
		}
	}
	return legal[best]
}

// defend plays the defence card of the highest value, or none when it holds none.
func (a *Aggressive) defend(legal []rules.Action) rules.Action {
	best, bestV := -1, -1
	for i, m := range legal {
		if m.Card == rules.NoCard {
			continue
		}
		if dv := a.s.value(int(a.s.v.Target), m.Card, false, 1); dv > bestV {
			best, bestV = i, dv
		}
	}
	if best < 0 {
		return fallback(legal, rules.ActDefend)
	}
	return legal[best]
}

// act attacks with the strongest card against the weakest target it reaches; else plays a
// special that damages an opponent; else draws (discarding its weakest card at the limit);
// else heals; else ends the turn.
func (a *Aggressive) act(legal []rules.Action) rules.Action {
	s := &a.s
	best, bestV := -1, -1<<30
	for i, m := range legal {
		var val int
		switch m.Kind {
		case rules.ActAttack:
			val = 100*s.value(int(m.Char), m.Card, true, 1) - int(s.v.Chars[m.Target].HP)
		case rules.ActSpecial:
			if m.Target < 0 || !s.opponent(int(m.Target)) || !damages(s.d.Cards[m.Card].Effects) {
				continue
			}
			val = -int(s.v.Chars[m.Target].HP)
		default:
			continue
		}
		if val > bestV {
			best, bestV = i, val
		}
	}
	if best >= 0 {
		return legal[best]
	}
	for _, k := range [...]rules.ActionKind{rules.ActDraw, rules.ActDiscard, rules.ActHeal} {
		if k == rules.ActDiscard {
			if i := a.weakestDiscard(legal); i >= 0 {
				return legal[i]
			}
			continue
		}
		for _, m := range legal {
			if m.Kind == k {
				return m
			}
		}
	}
	return fallback(legal, rules.ActEndTurn)
}

// weakestDiscard returns the index of the discard action of the card with the lowest attack
// value (-1: no discard action).
func (a *Aggressive) weakestDiscard(legal []rules.Action) int {
	best, bestV := -1, 1<<30
	for i, m := range legal {
		if m.Kind != rules.ActDiscard {
			continue
		}
		if v := int(a.s.d.Cards[m.Card].Attack); v < bestV {
			best, bestV = i, v
		}
	}
	return best
}

// damages reports whether an effect list damages the card's target.
func damages(list []rules.Effect) bool {
	for _, e := range list {
		if e.Word == rules.WDamage {
			return true
		}
	}
	return false
}
