package clue

import (
	"math"
	"math/bits"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// Deductive's judgement settings.
const (
	// DefaultRiskLimit is the largest chance of drawing the Ganondorf card that strikes that the
	// deductive agent accepts for an encounter draw.
	DefaultRiskLimit = 0.10
	// TurnDiscount is the factor a location's value loses per turn of walking still needed
	// after this one (in (0, 1]).
	TurnDiscount = 0.5
	// StayShare is the share of the best location's value that the location a player was moved
	// into must have for him to stay and ask there.
	StayShare = 0.5
)

// Deductive plays by exact deduction: its Notebook takes every fact its seat sees (its hand,
// the face-up cards, who could not answer, who showed a card to whom, the cards shown to it,
// the aside cards it saw, hands laid face up, cards seen by Boss powers, wrong accusations).
//
//   - It accuses only when the Notebook entails the envelope, so never wrongly; from the
//     moment it is entailed it heads for Hyrule Castle by the shortest route (and plays a
//     castle move, an extra turn, a reroll or extra steps that help).
//   - Otherwise it values every rumor by the information its answer gives about the envelope
//     (rumorValues, on worlds drawn uniformly from the Notebook), each location by its best
//     rumor, and heads for the location whose value, discounted by TurnDiscount per turn of
//     walking still needed with the roll in hand, is highest; there it asks the best rumor.
//   - It stays where another player moved it when that location is worth at least StayShare
//     of the best; it uses its personality card at the end of a turn in which it could not
//     ask (the best rumor anywhere else); it draws an encounter when the chance that the card
//     is the striking Ganondorf is at most its risk limit.
//   - Asked, it shows a card it has already shown that asker when it can, else the card it has
//     shown most others, else a location (the kind with most cards, which tells least).
//   - Bosses: extra turn always (at the end of the turn), ask again while unsolved, see a card
//     of the seat whose hand it knows least, enter any location when its best target is more
//     than a roll away, reroll or extra steps when its target is out of reach, the castle move
//     once solved; it moves other players' movers only when a card says "play immediately"
//     (then the rival nearest the castle, to the location farthest from it).
//   - Once solved, a rumor it must still make names its own cards where it can (a bluff that
//     tells the others nothing).
type Deductive struct {
	r         chance.Stream
	mem       memory
	nav       *nav
	val       *rumorValues // the rumor to ask where it stands: on all the worlds drawn
	where     *rumorValues // where to head, stay or ask by personality: on the first of them (may be val)
	known     bool         // the envelope is entailed (it stays so for the rest of the game)
	kinds     uint32       // bit k: the decision in hand has a legal action of kind k (see rules.Kinds)
	answer    [3]int8      // then its hero, item and location indexes
	RiskLimit float64      // see DefaultRiskLimit
	Discount  float64      // see TurnDiscount
}

// NewDeductive returns a deductive agent.
func NewDeductive() *Deductive {
	return newDeductive(DefaultWorlds, HeadWorlds)
}

// newDeductive returns a deductive agent that values the rumor it asks on ask worlds and where
// to head on the first head of them.
func newDeductive(ask, head int) *Deductive {
	a := &Deductive{mem: memory{nb: &Notebook{}}, nav: &nav{}, val: newRumorValues(ask), RiskLimit: DefaultRiskLimit, Discount: TurnDiscount}
	a.where = a.val
	if head < ask {
		a.where = newRumorValues(head)
	}
	return a
}

// worlds brings the worlds of both valuations up to date (each location's values follow when
// asked for).
func (a *Deductive) worlds() {
	a.val.draw(&a.mem, &a.r)
	if a.where != a.val {
		a.where.subset(a.val)
	}
}

// heading brings the values that choose where to head up to date and returns them.
func (a *Deductive) heading() *rumorValues {
	a.worlds()
	for l := 0; l < rules.NumLocations; l++ {
		a.where.values(l)
	}
	return a.where
}

// Name returns "deductive".
func (a *Deductive) Name() string { return "deductive" }

// Reset prepares the agent for a new game.
func (a *Deductive) Reset(d *rules.Data, players, seat int, seed uint64) {
	a.r.Seed(seed, agentStream)
	a.mem.reset(d, players, seat, true)
	a.nav.build(d)
	a.val.forget()
	a.where.forget()
	a.known = false
}

// Notebook returns the agent's Notebook (what its seat has deduced so far).
func (a *Deductive) Notebook() *Notebook { return a.mem.nb }

// Choose decides (see Deductive).
func (a *Deductive) Choose(v *rules.View, legal []rules.Action) rules.Action {
	a.take(v, legal)
	return a.choose(v, legal)
}

// take brings the agent up to date with its seat's view and notes the kinds of the legal
// actions (see rules.Kinds): what every decision reads first.
func (a *Deductive) take(v *rules.View, legal []rules.Action) {
	a.mem.sync(v)
	a.kinds = rules.Kinds(legal)
}

// choose decides once the view is taken in (take).
func (a *Deductive) choose(v *rules.View, legal []rules.Action) rules.Action {
	if x, ok := a.decide(v, legal); ok {
		return x
	}
	if x, ok := find(legal, rules.ActEndTurn, -1); ok {
		return x
	}
	if x, ok := find(legal, rules.ActRoll, -1); ok {
		return x
	}
	for _, x := range legal {
		if x.Kind != rules.ActAccuse { // never a guess
			return x
		}
	}
	return legal[0]
}

// decide returns the agent's choice, or ok false to fall back on ending the turn or rolling.
func (a *Deductive) decide(v *rules.View, legal []rules.Action) (rules.Action, bool) {
	m := &a.mem
	t := v.Table
	var h, i, l int
	solved := false
	switch {
	case a.known:
		// facts only narrow what is consistent: an entailed envelope stays the answer
		h, i, l, solved = int(a.answer[0]), int(a.answer[1]), int(a.answer[2]), true
	case needsSolution(t, a.kinds):
		if drawsWorlds(t, a.kinds) && !m.nb.envelopeFixed() {
			// the worlds it draws anyway show most often, with no search, that the envelope
			// is not yet entailed (Notebook.Solution); when propagation alone leaves one card
			// of each kind, it is solved and will not value
			a.val.draw(m, &a.r)
		}
		h, i, l, solved = m.solved()
		a.known, a.answer = solved, [3]int8{int8(h), int8(i), int8(l)}
	}
	if solved && has(a.kinds, rules.ActAccuse) {
		if x, ok := accusation(legal, h, i, l); ok {
			return x, true
		}
	}
	switch t.Phase {
	case rules.PhStart:
		return a.start(v, legal, solved)
	case rules.PhDraw:
		if strikeRisk(v.Data, t) <= a.RiskLimit {
			return a.find(legal, rules.ActDraw, -1)
		}
		return a.find(legal, rules.ActNoDraw, -1)
	case rules.PhImmediate:
		return a.immediate(v, legal)
	case rules.PhMove:
		return a.move(v, legal, solved)
	case rules.PhRumor:
		return a.rumor(v, legal, solved)
	case rules.PhAnswer:
		return a.show(t, legal), true
	case rules.PhAside:
		for _, x := range legal {
			if m.asideSeen[x.A] == rules.NoCard {
				return x, true
			}
		}
	case rules.PhEnd:
		return a.end(v, legal, solved)
	}
	return rules.Action{}, false
}

// needsSolution reports whether a decision with legal actions of kinds (see rules.Kinds) depends
// on whether the envelope is solved: every decision that draws worlds (drawsWorlds: a move, a
// rumor, a start where it may stay, play a Boss or accuse, an end where it may still ask by
// personality), an end where it may play a Boss, and any decision where it may accuse. Elsewhere (showing a card, drawing, the aside look, a start whose only choice is to
// roll, an end whose only choice is to end the turn) it plays the same either way, so the
// deduction waits for a decision that needs it.
func needsSolution(t *rules.Table, kinds uint32) bool {
	return drawsWorlds(t, kinds) || has(kinds, rules.ActAccuse) ||
		t.Phase == rules.PhEnd && has(kinds, rules.ActBoss)
}

// drawsWorlds reports whether a decision in this phase, with legal actions of kinds, draws
// worlds when the envelope is not yet entailed: one that values rumors (a move, a rumor, a
// start where it may stay or jump, an end where it may ask by personality), and a start in
// Hyrule Castle, where unless it accuses it rolls and values where to head on the same worlds.
func drawsWorlds(t *rules.Table, kinds uint32) bool {
	switch t.Phase {
	case rules.PhMove, rules.PhRumor:
		return true
	case rules.PhStart:
		return has(kinds, rules.ActStay) || has(kinds, rules.ActBoss) || has(kinds, rules.ActAccuse)
	case rules.PhEnd:
		return has(kinds, rules.ActPersonality) && !t.Rumored
	}
	return false
}

// find returns the first legal action of kind k (with A == arg unless arg < 0), skipping the
// search when the decision has none of that kind.
func (a *Deductive) find(legal []rules.Action, k rules.ActionKind, arg int) (rules.Action, bool) {
	if !has(a.kinds, k) {
		return rules.Action{}, false
	}
	return find(legal, k, arg)
}

// findBoss returns the legal use of a kept Boss with effect e (the first listed), skipping the
// search when the decision has no Boss to play.
func (a *Deductive) findBoss(d *rules.Data, legal []rules.Action, e rules.Effect) (rules.Action, bool) {
	if !has(a.kinds, rules.ActBoss) {
		return rules.Action{}, false
	}
	return findBoss(d, legal, e)
}

// strikeRisk is the chance that the next encounter card is the Ganondorf card that strikes (0
// while the next Ganondorf would still be harmless), from the public table.
func strikeRisk(d *rules.Data, t *rules.Table) float64 {
	if t.DeckN == 0 || t.GanonSeen+1 < d.Rules.GanondorfCards {
		return 0
	}
	return float64(t.GanonInDeck) / float64(t.DeckN)
}

// start is the start of the turn: stay, a Boss, or roll.
func (a *Deductive) start(v *rules.View, legal []rules.Action, solved bool) (rules.Action, bool) {
	m := &a.mem
	here := v.Table.Mover[m.seat].Room()
	if solved {
		if x, ok := a.findBoss(v.Data, legal, rules.EffMoveToCastle); ok && here != rules.Castle {
			return x, true
		}
		return a.find(legal, rules.ActRoll, -1)
	}
	if x, ok := a.seeCard(v, legal); ok {
		return x, true
	}
	_, stay := a.find(legal, rules.ActStay, -1)
	_, jump := a.findBoss(v.Data, legal, rules.EffMoveToAnyLocation)
	if !stay && !jump {
		return a.find(legal, rules.ActRoll, -1)
	}
	a.worlds()
	if x, ok := a.find(legal, rules.ActStay, -1); ok && here >= 0 && a.worthStaying(here) {
		return x, true
	}
	if jump {
		a.heading()
		best, _ := a.bestRoom(here)
		if best >= 0 && a.nav.from(v.Table.Mover[m.seat], best) > int(math.Ceil(a.nav.meanRoll)) {
			if x, ok := a.bossTo(v, legal, rules.EffMoveToAnyLocation, best); ok {
				return x, true
			}
		}
	}
	return a.find(legal, rules.ActRoll, -1)
}

// worthStaying reports whether location here is worth at least StayShare of the best other
// location's value. It values here first, and the others only until one settles the answer:
// here worth StayShare of the most any rumor can be worth (rumorValues.bound) stays with no
// other valued, and one other worth more than here over StayShare leaves (each other valued
// only as far as telling that: rumorValues.above).
func (a *Deductive) worthStaying(here int) bool {
	w := a.where
	w.values(here)
	mine := w.room[here]
	if mine >= StayShare*w.bound() {
		return true
	}
	for l := 0; l < rules.NumLocations; l++ {
		if l != here && w.above(l, w.floorQ(mine, StayShare, false)) {
			return false // StayShare of its value is more than here's
		}
	}
	return true
}

// bestRoom is the location (not here) with the best rumor value, ignoring distance.
func (a *Deductive) bestRoom(here int) (int, float64) {
	best, bv := -1, -1.0
	for l := 0; l < rules.NumLocations; l++ {
		if l != here && a.where.room[l] > bv {
			best, bv = l, a.where.room[l]
		}
	}
	return best, bv
}

// move chooses the move (or a Boss that moves) toward the target: the castle once solved,
// else the location of best discounted value.
func (a *Deductive) move(v *rules.View, legal []rules.Action, solved bool) (rules.Action, bool) {
	m := &a.mem
	t := v.Table
	target := rules.Castle
	if solved {
		if x, ok := a.findBoss(v.Data, legal, rules.EffMoveToCastle); ok {
			return x, true
		}
	} else {
		a.worlds()
		target = a.target(legal, t.Mover[m.seat].Room())
	}
	if !canEnter(legal, target) {
		if !solved {
			if x, ok := a.bossTo(v, legal, rules.EffMoveToAnyLocation, target); ok {
				return x, true
			}
		}
		d := a.nav.from(t.Mover[m.seat], target)
		for _, x := range legal {
			if x.Kind == rules.ActBoss && v.Data.Bosses[x.A].Effect == rules.EffExtraSteps && d <= t.Steps+v.Data.Bosses[x.A].Amount {
				return x, true
			}
		}
		if x, ok := a.findBoss(v.Data, legal, rules.EffReroll); ok && float64(t.Steps) < a.nav.meanRoll && d > t.Steps {
			return x, true
		}
	}
	return a.nav.stepToward(legal, t.Mover[m.seat], target, &a.r)
}

// target is the location of best value discounted by the turns still needed after this move
// (the first in index order among equal scores). It values the locations in order of their
// discount, highest first, and skips one whose discount times the most any rumor can be worth
// (rumorValues.bound) cannot beat the best so far; a location it values it values only as far
// as telling whether it beats the best (rumorValues.above): the choice is the one valuing them
// all would make.
func (a *Deductive) target(legal []rules.Action, here int) int {
	var cands [rules.NumLocations]struct {
		l    int
		disc float64
	}
	n := 0
	left := a.nav.bestMoves(legal)
	for l := 0; l < rules.NumLocations; l++ {
		if l == here || left[l] > unreachable {
			continue
		}
		disc := math.Pow(a.Discount, math.Ceil(a.nav.turns(left[l])))
		j := n
		for ; j > 0 && cands[j-1].disc < disc; j-- {
			cands[j] = cands[j-1]
		}
		cands[j].l, cands[j].disc = l, disc
		n++
	}
	best, bestScore := -1, -1.0
	w := a.where
	bound := w.bound()
	for _, c := range cands[:n] {
		if most := bound * c.disc; most < bestScore || most == bestScore && c.l > best {
			continue
		}
		if best >= 0 && !w.above(c.l, w.floorQ(bestScore, c.disc, c.l < best)) {
			continue // its rumors were summed only as far as showing that it cannot beat the best
		}
		w.values(c.l)
		if score := w.room[c.l] * c.disc; score > bestScore || score == bestScore && c.l < best {
			best, bestScore = c.l, score
		}
	}
	if best < 0 {
		return rules.Castle
	}
	return best
}

// rumor asks the best rumor in the location (a bluff with its own cards once solved).
func (a *Deductive) rumor(v *rules.View, legal []rules.Action, solved bool) (rules.Action, bool) {
	m := &a.mem
	if solved {
		h := ownOr(m.hand, KindHero, 0)
		i := ownOr(m.hand, KindItem, rules.NumHeroes) - rules.NumHeroes
		return rumorAction(legal, h, i)
	}
	l := v.Table.Mover[m.seat].Room()
	if l < 0 || l >= rules.NumLocations {
		return rules.Action{}, false
	}
	a.val.location(m, &a.r, l)
	b := a.val.best[l]
	return rumorAction(legal, int(b[0]), int(b[1]))
}

// ownOr returns an own card of kind k, else the card def.
func ownOr(hand uint32, k, def int) int {
	if own := hand & kindMask[k]; own != 0 {
		return bits.TrailingZeros32(own)
	}
	return def
}

// show chooses the card to show the asker (see Deductive).
func (a *Deductive) show(t *rules.Table, legal []rules.Action) rules.Action {
	m := &a.mem
	asker := int(t.Rumor.Asker)
	best, bestScore := legal[0], -1
	for _, x := range legal {
		if x.Kind != rules.ActShow {
			continue
		}
		c := rules.Card(x.A)
		score := int(m.shownAny[c]) * 4
		if m.shownTo[asker]&(1<<c) != 0 {
			score += 1000
		}
		if c.Kind() == rules.KindLocation {
			score++
		}
		if score > bestScore {
			best, bestScore = x, score
		}
	}
	return best
}

// end is the end of the turn: Bosses, the personality card, then end the turn.
func (a *Deductive) end(v *rules.View, legal []rules.Action, solved bool) (rules.Action, bool) {
	m := &a.mem
	t := v.Table
	if !solved {
		if x, ok := a.findBoss(v.Data, legal, rules.EffAskAgain); ok {
			return x, true
		}
		if x, ok := a.seeCard(v, legal); ok {
			return x, true
		}
		if _, can := a.find(legal, rules.ActPersonality, -1); can && !t.Rumored {
			a.heading()
			if x, ok := a.personality(legal, t.Mover[m.seat].Room()); ok {
				return x, true
			}
		}
	}
	if x, ok := a.findBoss(v.Data, legal, rules.EffExtraTurn); ok {
		return x, true
	}
	return a.find(legal, rules.ActEndTurn, -1)
}

// personality returns the best legal personality rumor (any location but here).
func (a *Deductive) personality(legal []rules.Action, here int) (rules.Action, bool) {
	var best rules.Action
	bv, ok := 0.0, false
	for _, x := range legal {
		if x.Kind != rules.ActPersonality || int(x.C) == here {
			continue
		}
		if a.where.valueOf(int(x.A), int(x.B), int(x.C)) <= bv {
			continue // its value or a bound above it
		}
		if val := a.where.exactValue(int(x.A), int(x.B), int(x.C)); val > bv {
			best, bv, ok = x, val, true
		}
	}
	return best, ok
}

// seeCard returns a see_card use on the seat whose hand it knows least.
func (a *Deductive) seeCard(v *rules.View, legal []rules.Action) (rules.Action, bool) {
	var best rules.Action
	most, ok := 0, false
	if !has(a.kinds, rules.ActBoss) {
		return best, false
	}
	for _, x := range legal {
		if x.Kind != rules.ActBoss || v.Data.Bosses[x.A].Effect != rules.EffSeeCard || x.B == rules.None {
			continue
		}
		s := int(x.B)
		unknown := v.Table.HandN[s] - bits.OnesCount32(a.mem.nb.Known(Owner(s)))
		if unknown > most {
			best, most, ok = x, unknown, true
		}
	}
	return best, ok
}

// bossTo returns the legal use of a Boss with effect e that enters room r.
func (a *Deductive) bossTo(v *rules.View, legal []rules.Action, e rules.Effect, r int) (rules.Action, bool) {
	if !has(a.kinds, rules.ActBoss) {
		return rules.Action{}, false
	}
	for _, x := range legal {
		if x.Kind == rules.ActBoss && v.Data.Bosses[x.A].Effect == e && int(x.C) == r {
			return x, true
		}
	}
	return rules.Action{}, false
}

// immediate plays a Boss that says "play immediately" (the only legal actions are its uses).
func (a *Deductive) immediate(v *rules.View, legal []rules.Action) (rules.Action, bool) {
	if x, ok := a.seeCard(v, legal); ok {
		return x, true
	}
	// move_mover: the rival nearest the castle goes to the location farthest from it
	best, bestScore := legal[0], math.MinInt
	for _, x := range legal {
		if x.Kind != rules.ActBoss || x.B == rules.None || x.C == rules.None {
			continue
		}
		rival := a.nav.from(v.Table.Mover[x.B], rules.Castle)
		away := a.nav.from(rules.RoomPlace(int(x.C)), rules.Castle)
		if score := away - 4*rival; score > bestScore {
			best, bestScore = x, score
		}
	}
	return best, true
}
