package clue

import (
	"math/bits"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// Random plays uniformly random legal actions (rumors, shows, moves, draws, Boss uses), except
// that it accuses only once it has left Hyrule Castle and come back (players start there, and
// a baseline that accused on its first turn would end every game at once); then it makes a
// random accusation, once, since a wrong one puts it out.
type Random struct {
	r    chance.Stream
	seat int
	left bool // it has been outside the castle
}

// Name returns "random".
func (a *Random) Name() string { return "random" }

// Reset seeds the agent's stream for a new game.
func (a *Random) Reset(_ *rules.Data, _, seat int, seed uint64) {
	a.r.Seed(seed, agentStream)
	a.seat, a.left = seat, false
}

// Choose returns a random legal action (see Random).
func (a *Random) Choose(v *rules.View, legal []rules.Action) rules.Action {
	if v.Table.Mover[a.seat].Room() != rules.Castle {
		a.left = true
	}
	n := 0
	for _, x := range legal {
		if x.Kind != rules.ActAccuse {
			n++
		}
	}
	if a.left && n < len(legal) || n == 0 {
		return pickKind(&a.r, legal, rules.ActAccuse)
	}
	k := a.r.Intn(n)
	for _, x := range legal {
		if x.Kind != rules.ActAccuse {
			if k == 0 {
				return x
			}
			k--
		}
	}
	return legal[0]
}

// pickKind returns a random legal action of kind k (legal must hold one).
func pickKind(r *chance.Stream, legal []rules.Action, k rules.ActionKind) rules.Action {
	n := 0
	for _, x := range legal {
		if x.Kind == k {
			n++
		}
	}
	i := r.Intn(n)
	for _, x := range legal {
		if x.Kind == k {
			if i == 0 {
				return x
			}
			i--
		}
	}
	return legal[0]
}

// find returns the legal action of kind k with the given A (or any A when a is -1).
func find(legal []rules.Action, k rules.ActionKind, a int) (rules.Action, bool) {
	for _, x := range legal {
		if x.Kind == k && (a < 0 || int(x.A) == a) {
			return x, true
		}
	}
	return rules.Action{}, false
}

// has reports whether kinds (see rules.Kinds) holds kind k.
func has(kinds uint32, k rules.ActionKind) bool { return kinds&(1<<k) != 0 }

// findBoss returns the legal use of a kept Boss with effect e (the first listed).
func findBoss(d *rules.Data, legal []rules.Action, e rules.Effect) (rules.Action, bool) {
	for _, x := range legal {
		if x.Kind == rules.ActBoss && d.Bosses[x.A].Effect == e {
			return x, true
		}
	}
	return rules.Action{}, false
}

// accusation returns the legal accusation of hero h, item i, location l.
func accusation(legal []rules.Action, h, i, l int) (rules.Action, bool) {
	for _, x := range legal {
		if x.Kind == rules.ActAccuse && int(x.A) == h && int(x.B) == i && int(x.C) == l {
			return x, true
		}
	}
	return rules.Action{}, false
}

// randomBit returns a random set bit of m (m != 0).
func randomBit(r *chance.Stream, m uint32) int {
	for i := r.Intn(bits.OnesCount32(m)); i > 0; i-- {
		m &= m - 1
	}
	return bits.TrailingZeros32(m)
}

// Bookkeeper is the "notebook" agent (and, made by NewPasses, the "passes" agent): a player
// with a paper sheet. It crosses off only the cards it holds, sees face up, is shown, or sees
// laid face up, and draws no inference from other players' answers. It walks to the nearest
// location whose card is still open, asks about random open cards, heads for Hyrule Castle
// when one card of each kind is left and accuses there; it shows a random matching card, draws
// encounters as the deductive agent does (unless the chance of the striking Ganondorf is above
// DefaultRiskLimit), and plays only extra turns and the castle move.
type Bookkeeper struct {
	r      chance.Stream
	mem    memory
	nav    *nav
	passes bool // the "passes" agent (NewPasses)
}

// NewBookkeeper returns a "notebook" agent.
func NewBookkeeper() *Bookkeeper { return &Bookkeeper{nav: &nav{}} }

// NewPasses returns a "passes" agent: the notebook agent that also reads the passes, the middle
// rung between the notebook and the deductive agent, the player most people are. On its sheet
// it marks, for each other player, the cards he passed on ("I cannot answer": he holds none of
// the three named) and, once his hand is face up, the cards he lacks; a card that no other
// player may hold by those marks, that it does not hold and that is neither face up nor
// possibly aside, is the envelope's, and the rest of its kind is crossed off. Its rumors narrow
// what is open: of each kind the open card the fewest other players may hold (the envelope's
// once known, which no one can show), ties at random. It draws nothing from a card shown
// between two others or from a wrong accusation, and combines no facts (a player who showed a
// card on a rumor whose other two cards he passed on is not taken to hold the third). Otherwise
// it plays as the notebook agent: it walks to the nearest open location, stays where it was
// moved when that location is open, accuses in Hyrule Castle once one card of each kind is
// open, shows a random matching card, and draws unless the striking Ganondorf is too likely.
func NewPasses() *Bookkeeper { return &Bookkeeper{nav: &nav{}, passes: true} }

// Name returns "notebook", or "passes" (NewPasses).
func (a *Bookkeeper) Name() string {
	if a.passes {
		return "passes"
	}
	return "notebook"
}

// open returns the cards of kind k its sheet holds open (memory.passOpen for the passes agent).
func (a *Bookkeeper) open(k int) uint32 {
	if a.passes {
		return a.mem.passOpen(k)
	}
	return a.mem.open(k)
}

// narrowest returns the open card of kind k (any of the kind when none is) that the fewest
// other players may hold, at random among equals.
func (a *Bookkeeper) narrowest(k int) int {
	m := &a.mem
	open := orAll(m.passOpen(k), kindMask[k])
	best, fewest := uint32(0), rules.MaxPlayers+1
	for o := open; o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(o)
		n := bits.OnesCount8(m.mayHold(c))
		if m.asideOpen() {
			n++
		}
		switch {
		case n < fewest:
			best, fewest = 1<<c, n
		case n == fewest:
			best |= 1 << c
		}
	}
	return randomBit(&a.r, best)
}

// Reset prepares the agent for a new game.
func (a *Bookkeeper) Reset(d *rules.Data, players, seat int, seed uint64) {
	a.r.Seed(seed, agentStream)
	a.mem.reset(d, players, seat, false)
	a.nav.build(d)
}

// Choose decides by the paper sheet (see Bookkeeper).
func (a *Bookkeeper) Choose(v *rules.View, legal []rules.Action) rules.Action {
	m := &a.mem
	m.sync(v)
	h, i, l, solved := m.sheetSolved()
	if a.passes {
		h, i, l, solved = m.passSolved()
	}
	if solved {
		if x, ok := accusation(legal, h, i, l); ok {
			return x
		}
		if x, ok := findBoss(v.Data, legal, rules.EffMoveToCastle); ok {
			return x
		}
	}
	t := v.Table
	here := t.Mover[m.seat].Room()
	switch t.Phase {
	case rules.PhStart:
		if x, ok := find(legal, rules.ActStay, -1); ok && here >= 0 && a.open(KindLocation)&(1<<rules.LocationCard(here)) != 0 {
			return x
		}
		if x, ok := find(legal, rules.ActRoll, -1); ok {
			return x
		}
	case rules.PhDraw:
		if strikeRisk(v.Data, t) <= DefaultRiskLimit {
			if x, ok := find(legal, rules.ActDraw, -1); ok {
				return x
			}
		}
		if x, ok := find(legal, rules.ActNoDraw, -1); ok {
			return x
		}
	case rules.PhMove:
		target := rules.Castle
		if !solved {
			target = a.nearestOpen(t.Mover[m.seat], here)
		}
		if x, ok := a.nav.stepToward(legal, t.Mover[m.seat], target, &a.r); ok {
			return x
		}
	case rules.PhRumor:
		if a.passes {
			if x, ok := rumorAction(legal, a.narrowest(KindHero), a.narrowest(KindItem)-rules.NumHeroes); ok {
				return x
			}
		}
		hero := randomBit(&a.r, orAll(m.open(KindHero), kindMask[KindHero]))
		item := randomBit(&a.r, orAll(m.open(KindItem), kindMask[KindItem])) - rules.NumHeroes
		if x, ok := rumorAction(legal, hero, item); ok {
			return x
		}
	case rules.PhAside:
		for _, x := range legal {
			if m.asideSeen[x.A] == rules.NoCard {
				return x
			}
		}
	case rules.PhEnd:
		if x, ok := findBoss(v.Data, legal, rules.EffExtraTurn); ok {
			return x
		}
		if x, ok := find(legal, rules.ActEndTurn, -1); ok {
			return x
		}
	}
	return legal[a.r.Intn(len(legal))]
}

// nearestOpen returns the nearest location (not the one it stands in) whose card is not crossed
// off, or the nearest location at all when every open one is crossed (its card known).
func (a *Bookkeeper) nearestOpen(from rules.Place, here int) int {
	open := a.open(KindLocation)
	if bits.OnesCount32(open) <= 1 {
		open = kindMask[KindLocation] // the location is known: any room asks about the rest
	}
	best, bestD := rules.Castle, unreachable+1
	for l := 0; l < rules.NumLocations; l++ {
		if l == here || open&(1<<rules.LocationCard(l)) == 0 {
			continue
		}
		if d := a.nav.from(from, l); d < bestD {
			best, bestD = l, d
		}
	}
	return best
}

// orAll returns m, or all when m is empty.
func orAll(m, all uint32) uint32 {
	if m == 0 {
		return all
	}
	return m
}

// rumorAction returns the legal rumor about hero h and item i.
func rumorAction(legal []rules.Action, h, i int) (rules.Action, bool) {
	for _, x := range legal {
		if x.Kind == rules.ActRumor && int(x.A) == h && int(x.B) == i {
			return x, true
		}
	}
	return rules.Action{}, false
}
