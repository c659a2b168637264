package duels

import rules "github.com/clockworksim/clockwork/rules/duels"

// Tactical weighs every decision in expected hit points, from what its seat sees.
//
// Movement: each move is scored by the place it gives the character (position.go): the damage
// it can deal from there this turn, the damage the opponents can answer with next turn (ranged
// characters keep out of reach of melee ones and out of open lines: cover), the steps left to
// a fight and a fairy square when hurt; it moves while a move gains. After quiet turns (no hit
// point lost anywhere) it grows bolder, so that two careful sides do not wait for ever.
//
// Actions: an attack is worth its expected damage (attack value against the best defence the
// target's player is likely to hold, from the unseen cards of its deck), the focused target
// (the opponent it can eliminate soonest) counting more and an elimination most, plus the card
// the defender spends, less the defence the card takes from its character's hand (guard);
// a special card is worth its effects; a Clock card that boosts an attack it can make this
// turn goes before it; a Triforce card counts its ability when the condition holds and waits
// while it does not; drawing is worth a card's mean use while the hand has room (at the limit,
// less the card discarded: first a card no living character can play); the heal action a
// point, in proportion to the hit points lost.
//
// Defence: the option of the least expected cost: the damage let through, weighed by how hurt
// the character is (a real threat), the chance of being eliminated, and the card spent.
type Tactical struct {
	s     sight
	reach reachTable
	focus int // the focused opponent character (-1: none)
	// What its own plays have done (its seat's memory, public anyway): the cards its team has
	// played, and the Triforce abilities it has triggered.
	played, triUsed [rules.MaxCards]bool
	// The quiet turns (boldness): its own turns in a row in which no hit point was lost, the
	// turn of its last count and the hit points on the board then.
	quiet, lastTurn, lastHP int
	// The least damage of a walk to every square for character walkOf (-1: none yet) at this
	// decision.
	walk   [rules.MaxSquares]int8
	walkOf int
	away   [rules.MaxSquares]int8 // the same for a card's own move after the actions (retreat)
}

// Worths, in hit points, that the tactical agent weighs its decisions with.
const (
	drawWorth   = 1.0  // a card drawn into an empty hand (less as the hand fills)
	healWorth   = 1.0  // a point healed on a character at half its hit points (in proportion to the loss)
	forceWorth  = 0.4  // a card the defender spends to answer an attack
	freeWorth   = 0.5  // an action not spent
	killWorth   = 3.0  // eliminating a character, beyond the damage
	guardCap    = 5    // the highest defence a hand's guard counts (the highest basic attack)
	waitWorth   = 0.7  // a Triforce ability whose condition may yet be met
	lethalWorth = 10.0 // being eliminated, beyond the damage
)

// NewTactical returns a tactical agent.
func NewTactical() *Tactical { return &Tactical{focus: -1} }

// Name returns "tactical".
func (a *Tactical) Name() string { return "tactical" }

// Reset prepares the agent for seat seat of a new game.
func (a *Tactical) Reset(d *rules.Data, setup rules.Setup, seat int, _ uint64) {
	a.s.prepare(d, setup, seat)
	a.played, a.triUsed = [rules.MaxCards]bool{}, [rules.MaxCards]bool{}
	a.focus = -1
	a.quiet, a.lastTurn, a.lastHP = 0, 0, 0
}

// Choose returns the tactical choice among legal.
func (a *Tactical) Choose(v *rules.View, legal []rules.Action) rules.Action {
	a.look(v)
	var ch rules.Action
	switch v.Phase {
	case rules.PhaseMove:
		ch = fallback(legal, rules.ActEndMove)
		if i := a.bestMove(legal, 0.05); i >= 0 {
			ch = legal[i]
		}
	case rules.PhaseEffect:
		ch = a.effectMove(legal)
	case rules.PhaseDefend:
		ch = a.defend(legal)
	default:
		ch = legal[a.bestAction(legal)]
	}
	a.remember(ch)
	return ch
}

// look reads the decision's View: the sight, the quiet turns, the focus and the reach table.
func (a *Tactical) look(v *rules.View) {
	a.s.read(v)
	a.walkOf = -1
	a.watch()
	a.focus = a.pickFocus()
	a.fillReach()
}

// pickFocus returns the opponent character the agent can eliminate soonest: the fewest hit
// points plus half the steps its nearest character needs to reach it.
func (a *Tactical) pickFocus() int {
	s := &a.s
	best, bestV := -1, 1<<30
	for k := range s.others() {
		t := s.opponentAt(k)
		if !s.opponent(t) {
			continue
		}
		near := 1 << 20
		for c := s.seat * rules.MaxTeamChars; c < (s.seat+1)*rules.MaxTeamChars; c++ {
			if s.mine(c) {
				near = min(near, s.stepsToAdjacent(s.v.Chars[c].At, s.v.Chars[t].At))
			}
		}
		if val := 2*int(s.v.Chars[t].HP) + near; val < bestV {
			best, bestV = t, val
		}
	}
	return best
}

// effectMove places a character moved by a card: its own by the place it gains, an opponent
// where it is most exposed.
func (a *Tactical) effectMove(legal []rules.Action) rules.Action {
	if int(a.s.v.MoveChar)/rules.MaxTeamChars != a.s.seat {
		return legal[a.displace(legal)]
	}
	if i := a.bestMove(legal, 0); i >= 0 {
		return legal[i]
	}
	for _, m := range legal {
		if m.Dest == a.s.v.Chars[m.Char].At {
			return m
		}
	}
	return legal[0]
}

// bestAction returns the index of the turn action of the highest worth.
func (a *Tactical) bestAction(legal []rules.Action) int {
	best, bestV := 0, -1e9
	for i, m := range legal {
		if w := a.worth(m, legal); w > bestV {
			best, bestV = i, w
		}
	}
	return best
}

// worth is the value of a turn action in hit points.
func (a *Tactical) worth(m rules.Action, legal []rules.Action) float64 {
	s := &a.s
	switch m.Kind {
	case rules.ActAttack:
		return a.attackValue(m)
	case rules.ActSpecial:
		return a.specialValue(m, legal)
	case rules.ActDraw:
		return a.drawValue()
	case rules.ActDiscard:
		return a.drawValue() - a.cardWorth(m.Card)
	case rules.ActHeal:
		ch := &s.v.Chars[m.Char]
		return float64(min(s.d.Rules.HealAction, ch.MaxHP-ch.HP)) * healWorth * 2 * float64(ch.MaxHP-ch.HP) / float64(ch.MaxHP)
	}
	return 0
}

// attackValue is an attack's expected damage with its effects, an elimination's worth, a
// Triforce ability, less the defence the card takes from its character's hand (guard).
func (a *Tactical) attackValue(m rules.Action) float64 {
	s := &a.s
	c, t := int(m.Char), int(m.Target)
	cd := &s.d.Cards[m.Card]
	av := s.value(c, m.Card, true, 1)
	ed := a.attackWorth(c, t, m.Card, av)
	if hp := float64(s.v.Chars[t].HP); float64(av)-s.expDamage(av, t) < 0.5 && float64(av) >= hp || cd.NoDefend && float64(av) >= hp {
		ed += killWorth
	} else if s.expDamage(av, t) >= hp {
		ed += killWorth / 2
	}
	ed += a.triforceValue(m.Card, c, t)
	if cd.CanDefend() {
		ed -= float64(a.guard(c, rules.NoCard) - a.guard(c, m.Card))
	}
	if cd.Free {
		ed += freeWorth
	}
	return ed
}

// specialValue is a special card's worth: its effects, its Triforce ability, its Clock's
// boosts, an action saved; a Clock card that boosts an attack the agent can make this turn is
// worth a little more than that attack, so that it goes first.
func (a *Tactical) specialValue(m rules.Action, legal []rules.Action) float64 {
	s := &a.s
	c, t := int(m.Char), int(m.Target)
	cd := &s.d.Cards[m.Card]
	val := s.effectValue(cd.Effects, c, t) + a.triforceValue(m.Card, c, t) + a.moveValue(cd.Effects, c)
	if cd.Free && s.v.ActionsLeft > 0 {
		val += freeWorth
	}
	if s.v.ActionsLeft == 0 { // a free card after the actions: it pays only beyond the card kept
		val += a.retreatValue(cd.Effects, c) - a.cardWorth(m.Card)
	}
	if cd.Clock > 0 {
		boost, now := a.clockValue(cd, c, legal)
		val += boost
		if boost > 0 && now > 0 && (s.v.ActionsLeft >= 2 || cd.Free) {
			val = max(val, now+0.1)
		}
	}
	if t >= 0 && s.opponent(t) && t == a.focus {
		val += 0.3 * damageOf(cd.Effects)
	}
	return val
}

// moveValue is the worth of a special card's own move effect: a character that reaches no
// target now but can reach one by the move, with an action left after the card, gains a fight.
func (a *Tactical) moveValue(list []rules.Effect, c int) float64 {
	s := &a.s
	left := s.v.ActionsLeft
	if !freeOf(list) {
		left--
	}
	for _, e := range list {
		if e.Word != rules.WMoveSelf || !a.reach.armed[c] || a.offence(c, s.v.Chars[c].At) > 0 || left < 1 {
			continue
		}
		for t := 0; t < s.v.Players*rules.MaxTeamChars; t++ {
			if s.opponent(t) && s.stepsToAdjacent(s.v.Chars[c].At, s.v.Chars[t].At) <= int(e.Amount) {
				return 1.0
			}
		}
	}
	return 0
}

// retreatValue is the worth of a card's own move effect played when the turn has no action
// left (hit and run): the best gain of character c's place among the squares the move reaches,
// less the damage of the walk, with nothing more to deal this turn (place counts no offence).
func (a *Tactical) retreatValue(list []rules.Effect, c int) float64 {
	s := &a.s
	from := s.v.Chars[c].At
	best := 0.0
	for _, e := range list {
		if e.Word != rules.WMoveSelf {
			continue
		}
		s.walkDamage(c, int(e.Amount), &a.away)
		was := a.place(c, from)
		for q, d := range a.away {
			to := rules.Square(q)
			if d == noWalk || to == from || d >= s.v.Chars[c].HP {
				continue
			}
			s.relocate(c, from, to)
			gain := a.place(c, to) - was - float64(d)*2*a.hurtWeight(c)
			s.relocate(c, to, from)
			best = max(best, gain)
		}
	}
	return best
}

// clockValue is the worth of a Clock card's boosts for character c over its duration (boost),
// and the worth of the best attack c can make now that it would boost (now; 0: none).
func (a *Tactical) clockValue(cd *rules.Card, c int, legal []rules.Action) (boost, now float64) {
	s := &a.s
	atk, def := 0.0, 0.0
	for _, e := range cd.Effects {
		switch e.Word {
		case rules.WAttackBonus:
			atk += float64(e.Amount)
		case rules.WDefenceBonus:
			def += float64(e.Amount)
		case rules.WDoubleValues:
			atk += s.styles[c].meanAtk
			def += 1
		}
	}
	attacks := 0
	for i := 0; i < s.v.HandN; i++ {
		h := &s.d.Cards[s.v.Hand[i]]
		if h.CanAttack() && s.mayPlay(c, s.v.Hand[i]) {
			attacks++
		}
	}
	uses := float64(min(attacks, int(cd.Clock)))
	boost = 0.6*atk*uses + 0.3*def*min(a.threat(c, s.v.Chars[c].At), 3)*float64(cd.Clock)/3
	if atk > 0 {
		for _, m := range legal {
			if m.Kind == rules.ActAttack && int(m.Char) == c {
				now = max(now, a.attackValue(m))
			}
		}
	}
	return boost, now
}

// triforceValue is the worth of card id's Triforce ability played by c at t: its effects when
// the condition holds and the ability is unused (or the map allows it again), minus a waiting
// worth when the condition may yet be met.
func (a *Tactical) triforceValue(id rules.CardID, c, t int) float64 {
	tri := a.s.d.Cards[id].Tri
	if tri == nil || a.triUsed[id] && !a.s.m.TriforceUnlimited {
		return 0
	}
	if a.triMet(tri, c) {
		return a.s.effectValue(tri.Effects, c, t)
	}
	return -waitWorth
}

// triMet reports whether a Triforce condition holds for a card c plays now.
func (a *Tactical) triMet(tri *rules.Triforce, c int) bool {
	v := a.s.v
	switch tri.Cond {
	case rules.CondAfterCard:
		return a.played[tri.Card]
	case rules.CondHPAtMost:
		return v.Chars[c].HP <= tri.Amount
	case rules.CondPartnerEliminated:
		base := c - c%rules.MaxTeamChars
		for p := base; p < base+rules.MaxTeamChars; p++ {
			if v.Chars[p].Exists && !v.Chars[p].Alive {
				return true
			}
		}
		return false
	}
	return true
}

// drawValue is the worth of drawing a card: less as the hand fills (a full hand's draw costs
// a discard, counted by the discard action).
func (a *Tactical) drawValue() float64 {
	v := a.s.v
	return drawWorth * (1 - 0.8*float64(v.HandN)/float64(a.s.d.Rules.HandLimit))
}

// cardWorth is what a card in hand is worth keeping: nothing for a card no living character
// may play, else its best expected use as an attack or a defence.
func (a *Tactical) cardWorth(id rules.CardID) float64 {
	s := &a.s
	cd := &s.d.Cards[id]
	w := 0.0
	for c := s.seat * rules.MaxTeamChars; c < (s.seat+1)*rules.MaxTeamChars; c++ {
		if !s.mine(c) || !s.mayPlay(c, id) {
			continue
		}
		w = max(w, 0.5)
		if cd.CanAttack() {
			w = max(w, 0.4*float64(s.value(c, id, true, 1)))
		}
		if cd.CanDefend() {
			w = max(w, 0.3*float64(min(s.value(c, id, false, 1), 6)))
		}
		if cd.Kind == rules.Special {
			w = max(w, 1.0)
		}
	}
	return w
}

// defend picks the defence of the least expected cost (defenceCost).
func (a *Tactical) defend(legal []rules.Action) rules.Action {
	best, bestC := 0, 1e18
	for i, m := range legal {
		if cost := a.defenceCost(m); cost < bestC {
			best, bestC = i, cost
		}
	}
	return legal[best]
}

// defenceCost is the expected cost of defence m: the damage let through (weighed by how hurt
// the character is: a real threat), the chance of being eliminated, and the card spent (its
// worth, less its defence effects).
func (a *Tactical) defenceCost(m rules.Action) float64 {
	s := &a.s
	t, at := int(s.v.Target), int(s.v.Attacker)
	dv, spent := 0, 0.0
	if m.Card != rules.NoCard {
		dv = s.value(t, m.Card, false, 1)
		spent = a.cardWorth(m.Card) - s.effectValue(s.d.Cards[m.Card].OnDefend, t, at) - a.triforceValue(m.Card, t, at)
	}
	exp, lethal := s.incoming(dv, int(s.v.Chars[t].HP))
	return exp*a.hurtWeight(t) + lethalWorth*lethal + spent
}

// judge scores any decision in hit points, the higher the better, as Choose weighs it: the
// lookahead of the expert agent starts from its best few.
func (a *Tactical) judge(m rules.Action, legal []rules.Action) float64 {
	v := a.s.v
	switch v.Phase {
	case rules.PhaseMove:
		if m.Kind == rules.ActMove {
			return a.moveGain(int(m.Char), m.Dest) - 0.05
		}
		return 0
	case rules.PhaseEffect:
		if int(v.MoveChar)/rules.MaxTeamChars != a.s.seat {
			return a.exposure(m)
		}
		return a.moveGain(int(m.Char), m.Dest)
	case rules.PhaseDefend:
		return -a.defenceCost(m)
	}
	return a.worth(m, legal)
}

// hurtWeight is what a hit point of character c is worth to the agent now: half a point for
// an unhurt character, up to one and a half for one about to fall.
func (a *Tactical) hurtWeight(c int) float64 {
	ch := &a.s.v.Chars[c]
	return 0.5 + float64(ch.MaxHP-ch.HP)/float64(ch.MaxHP)
}

// remember notes the cards its team plays and the Triforce abilities they trigger.
func (a *Tactical) remember(m rules.Action) {
	if m.Card == rules.NoCard || m.Kind != rules.ActAttack && m.Kind != rules.ActSpecial && m.Kind != rules.ActDefend {
		return
	}
	c := int(m.Char)
	if m.Kind == rules.ActDefend {
		c = int(a.s.v.Target)
	}
	if tri := a.s.d.Cards[m.Card].Tri; tri != nil && a.triMet(tri, c) {
		a.triUsed[m.Card] = true
	}
	a.played[m.Card] = true
}

// damageOf sums the damage words of an effect list.
func damageOf(list []rules.Effect) float64 {
	n := 0.0
	for _, e := range list {
		if e.Word == rules.WDamage {
			n += float64(e.Amount)
		}
	}
	return n
}

// freeOf reports whether an effect list makes its card cost no action.
func freeOf(list []rules.Effect) bool {
	for _, e := range list {
		if e.Word == rules.WExtraAction {
			return true
		}
	}
	return false
}

// guard is the defence character c's hand holds: the highest value (up to guardCap) of the
// cards in hand it may defend with, leaving out one copy of card out (NoCard: none). An attack
// with a card that can defend costs the guard it takes away, a point for each point of defence
// the hand loses: its character meets the next blow with the next best card.
func (a *Tactical) guard(c int, out rules.CardID) int {
	s := &a.s
	best, left := 0, false
	for i := 0; i < s.v.HandN; i++ {
		id := s.v.Hand[i]
		if id == out && !left {
			left = true
			continue
		}
		if s.d.Cards[id].CanDefend() && s.mayPlay(c, id) {
			best = max(best, min(s.value(c, id, false, 1), guardCap))
		}
	}
	return best
}
