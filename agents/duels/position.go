package duels

import rules "github.com/clockworksim/clockwork/rules/duels"

// The tactical agent's judgement of where its characters stand: what each can hit from a square
// this turn (expected damage of its best card, the focused target counting more), what the
// opponents can hit it with on their next turn (melee characters within a roll of a square next
// to it, ranged ones with an open line to it: a square out of every line is in cover), how far
// it is from a fight, and a fairy square for a hurt character. All in hit points.

// Weights of the position score (hit points per unit).
const (
	wFocus    = 1.5  // the focused target's damage counts this many times
	wApproach = 0.15 // per step to the nearest square a character can fight from
	wDanger   = 0.4  // per expected point an opponent can deal to a healthy character next turn
	wMutual   = 0.35 // the share of a threat that the threatened character can answer in kind
	reachRoll = 3    // squares an opponent is assumed to move before attacking (the die's mean)
	wQuiet    = 3.0  // own turns without a hit point lost on the board that double the boldness
)

// reachTable is the best expected damage each of the agent's characters can deal each opponent
// with a card in hand: in melee (sword icon) and at range (bow icon).
type reachTable struct {
	melee, shot [rules.MaxCharacters][rules.MaxCharacters]float64
	armed       [rules.MaxCharacters]bool // the character holds an attack card
}

// fillReach computes the reach table of the agent's characters from its hand.
func (a *Tactical) fillReach() {
	s, r := &a.s, &a.reach
	*r = reachTable{}
	v := s.v
	for i := 0; i < v.HandN; i++ {
		id := v.Hand[i]
		cd := &s.d.Cards[id]
		if !cd.CanAttack() {
			continue
		}
		for c := s.seat * rules.MaxTeamChars; c < (s.seat+1)*rules.MaxTeamChars; c++ {
			if !s.mine(c) || !s.mayPlay(c, id) {
				continue
			}
			r.armed[c] = true
			av := s.value(c, id, true, 1)
			for t := 0; t < v.Players*rules.MaxTeamChars; t++ {
				if !s.opponent(t) {
					continue
				}
				ed := a.attackWorth(c, t, id, av)
				if cd.Melee {
					r.melee[c][t] = max(r.melee[c][t], ed)
				}
				if cd.Ranged {
					r.shot[c][t] = max(r.shot[c][t], ed)
				}
			}
		}
	}
}

// attackWorth is the expected damage of an attack of value av with card id by c on t,
// counting the card's attack effects, the card a defender spends, and the focus.
func (a *Tactical) attackWorth(c, t int, id rules.CardID, av int) float64 {
	s := &a.s
	cd := &s.d.Cards[id]
	ed := float64(av)
	if !cd.NoDefend {
		ed = s.expDamage(av, t)
	}
	ed = min(ed, float64(s.v.Chars[t].HP)) + s.effectValue(cd.OnAttack, c, t)
	if !cd.NoDefend {
		ed += forceWorth * (1 - s.defLess[t][1]) // the defender spends a card
	}
	if t == a.focus {
		ed *= wFocus
	}
	return ed
}

// offence is the best expected damage character c can deal this turn standing on at.
func (a *Tactical) offence(c int, at rules.Square) float64 {
	s := &a.s
	best := 0.0
	for t := 0; t < s.v.Players*rules.MaxTeamChars; t++ {
		if !s.opponent(t) {
			continue
		}
		to := s.v.Chars[t].At
		if rules.Adjacent(at, to) {
			best = max(best, a.reach.melee[c][t], a.reach.shot[c][t])
		} else if a.reach.shot[c][t] > best && s.clearShot(at, to) {
			best = a.reach.shot[c][t]
		}
	}
	return best
}

// threat is what the opponents can be expected to deal character c on at on their next turn:
// for each, its mean melee attack if it can reach a square next to at, or its mean ranged attack
// if it has an open line to at. A blow c can answer in kind next turn (a melee attacker ends
// next to it; a line of fire is open both ways for c's own bow) counts wMutual of a blow it
// cannot answer (a shooter facing a character with no ranged card: the reason to seek cover).
func (a *Tactical) threat(c int, at rules.Square) float64 {
	s := &a.s
	sum := 0.0
	for o := 0; o < s.v.Players*rules.MaxTeamChars; o++ {
		if !s.opponent(o) || s.v.HandSizes[o/rules.MaxTeamChars] == 0 {
			continue
		}
		st := &s.styles[o]
		from := s.v.Chars[o].At
		th := 0.0
		if st.meleeAtk > 0 && s.stepsToAdjacent(from, at) <= reachRoll {
			th = wMutual * st.meleeAtk
		}
		if st.shotAtk > 0 && s.clearShot(from, at) {
			w := 1.0
			if a.reach.shot[c][o] > 0 {
				w = wMutual
			}
			th = max(th, w*st.shotAtk)
		}
		sum += th
	}
	return sum
}

// approach is minus the steps character c on at needs toward a fight: to a square next to the
// focused target for a melee character; for a ranged one, into an open line with it (the steps
// to its row, column or diagonal, at least 1 when the line is blocked, and a quarter of the
// distance, so that a blocked line is left for a nearer one).
func (a *Tactical) approach(c int, at rules.Square) float64 {
	s := &a.s
	if a.focus < 0 {
		return 0
	}
	to := s.v.Chars[a.focus].At
	if s.styles[c].ranged {
		if s.clearShot(at, to) {
			return 0
		}
		dr, dc := abs(at.Row()-to.Row()), abs(at.Col()-to.Col())
		gap := float64(max(min(dr, dc, abs(dr-dc)), 1)) + 0.25*float64(s.stepsToAdjacent(at, to))
		return -a.boldness() * wApproach * gap
	}
	return -a.boldness() * wApproach * float64(s.stepsToAdjacent(at, to))
}

// boldness is 1, growing by 1 every wQuiet of the agent's own turns in which no character on the
// board lost a hit point: the approach counts that many times more and the danger that many
// times less, so that two careful sides facing each other from cover do not wait for ever.
func (a *Tactical) boldness() float64 { return 1 + float64(a.quiet)/wQuiet }

// watch counts the quiet turns: at the first decision of each of its turns the agent compares
// the hit points on the board with those at its previous turn.
func (a *Tactical) watch() {
	v := a.s.v
	if v.InTurn != v.Seat || v.Turn == a.lastTurn {
		return
	}
	hp := 0
	for c := range v.Chars {
		hp += int(v.Chars[c].HP)
	}
	if hp < a.lastHP || a.lastTurn == 0 {
		a.quiet = 0
	} else {
		a.quiet++
	}
	a.lastTurn, a.lastHP = v.Turn, hp
}

// place scores character c standing on at (the occupancy already showing it there).
func (a *Tactical) place(c int, at rules.Square) float64 {
	s := &a.s
	ch := &s.v.Chars[c]
	hurt := float64(ch.MaxHP-ch.HP) / float64(ch.MaxHP)
	th := a.threat(c, at)
	score := a.approach(c, at) - wDanger*(1+hurt)*th/a.boldness()
	if th >= float64(ch.HP) {
		score -= killWorth // it could be eliminated there
	}
	if a.reach.armed[c] && !a.spent() {
		score += a.offence(c, at)
	}
	if s.m.FairyHeal > 0 && s.m.Fairy[at] {
		score += float64(min(s.m.FairyHeal, ch.MaxHP-ch.HP)) / float64(len(s.d.Faces))
	}
	return score
}

// spent reports whether the agent's turn has no action left (its characters deal nothing more
// this turn: a place is worth its safety, not its reach).
func (a *Tactical) spent() bool {
	v := a.s.v
	return v.InTurn == v.Seat && v.ActionsLeft == 0 && (v.Phase == rules.PhaseAction || v.Phase == rules.PhaseEffect)
}

// moveGain is how much moving character c to dest improves its place, less the damage of the
// walk (leevers) weighed by how hurt it is.
func (a *Tactical) moveGain(c int, dest rules.Square) float64 {
	s := &a.s
	from := s.v.Chars[c].At
	if dest == from {
		return 0
	}
	was := a.place(c, from)
	s.relocate(c, from, dest)
	now := a.place(c, dest)
	s.relocate(c, dest, from)
	return now - was - a.walkCost(c, dest)
}

// walkCost is the damage character c takes walking to dest this decision (the die's roll or
// a move effect's squares), weighed by how hurt it is; 0 on maps without such obstacles.
func (a *Tactical) walkCost(c int, dest rules.Square) float64 {
	s := &a.s
	if !s.hazed {
		return 0
	}
	if a.walkOf != c {
		steps := int(s.v.Face.Steps)
		if s.v.Phase == rules.PhaseEffect {
			steps = int(s.v.MoveSteps)
		}
		s.walkDamage(c, steps, &a.walk)
		a.walkOf = c
	}
	d := a.walk[dest]
	if d == noWalk {
		return 0 // the engine offered it: a walk the agent's reading does not see
	}
	return float64(d) * 2 * a.hurtWeight(c)
}

// bestMove returns the index of the move of the agent's own characters with the largest gain,
// or -1 when none gains at least minGain.
func (a *Tactical) bestMove(legal []rules.Action, minGain float64) int {
	best, bestG := -1, minGain
	for i, m := range legal {
		if m.Kind != rules.ActMove {
			continue
		}
		if g := a.moveGain(int(m.Char), m.Dest); g > bestG {
			best, bestG = i, g
		}
	}
	return best
}

// displace returns the index of the destination of an opponent moved by the agent's card that
// leaves it most exposed (exposure).
func (a *Tactical) displace(legal []rules.Action) int {
	best, bestV := 0, -1e9
	for i, m := range legal {
		if val := a.exposure(m); val > bestV {
			best, bestV = i, val
		}
	}
	return best
}

// exposure is the expected damage the agent's characters can deal this turn to the opponent
// that move m (of a card's move effect) puts on its destination.
func (a *Tactical) exposure(m rules.Action) float64 {
	s := &a.s
	if m.Kind != rules.ActMove {
		return -1e9
	}
	t := int(m.Char)
	from := s.v.Chars[t].At
	s.relocate(t, from, m.Dest)
	val := 0.0
	for c := s.seat * rules.MaxTeamChars; c < (s.seat+1)*rules.MaxTeamChars; c++ {
		if !s.mine(c) {
			continue
		}
		at := s.v.Chars[c].At
		if rules.Adjacent(at, m.Dest) {
			val += max(a.reach.melee[c][t], a.reach.shot[c][t])
		} else if s.clearShot(at, m.Dest) {
			val += a.reach.shot[c][t]
		}
	}
	s.relocate(t, m.Dest, from)
	return val
}
