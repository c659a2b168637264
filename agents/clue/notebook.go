// Package clue holds the agents that play CLUE: The Legend of Zelda, and the Notebook they
// share: an exact deduction over who holds which Rumor card, built from what one seat has seen.
//
// Every agent decides from its own seat's View (never the game's hidden state); made by name
// from a registry; each simulator worker owns its own agents, which allocate nothing per
// decision after construction.
package clue

import "math/bits"

// Notebook limits.
const (
	// MaxCards is the most cards a Notebook tracks (card indexes in [0, MaxCards)); CLUE has 21.
	MaxCards = 32
	// MaxSeats is the most seats a Notebook tracks (the rulebook's 2-6 players).
	MaxSeats = 6
	// NumOwners is the number of places a card can be: the seats, the envelope and the aside pile.
	NumOwners = MaxSeats + 2
	// MaxClauses is the most "holds at least one of" facts a Notebook keeps at once (facts a
	// known card already satisfies are dropped, so a game never comes near it).
	MaxClauses = 512
	// MaxLeaves bounds the disjoint cases Count enumerates; past it the count is approximate
	// (CountExact reports false).
	MaxLeaves = 4096
)

// Owner is where a card lies: a seat in [0, MaxSeats), Envelope or Aside.
type Owner int8

// The owners that are not seats.
const (
	// Envelope holds exactly one card of each kind: the answer.
	Envelope Owner = MaxSeats
	// Aside is the 2-player pile of cards set face down beside the board.
	Aside Owner = MaxSeats + 1
	// Nobody marks a card that no one holds (a face-up card) or an unknown owner.
	Nobody Owner = -1
)

// Kinds of Rumor card.
const (
	// KindHero is a hero card.
	KindHero = 0
	// KindItem is an item card.
	KindItem = 1
	// KindLocation is a location card.
	KindLocation = 2
	// NumKinds is the number of kinds; the envelope holds one card of each.
	NumKinds = 3
)

// Deal is the shape of a game as every seat knows it: the cards, their kinds, how many each
// seat holds, the aside pile and the face-up leftovers.
type Deal struct {
	// Cards is the number of Rumor cards, in [3, MaxCards]; cards are 0..Cards-1.
	Cards int
	// Kind is each card's kind (KindHero, KindItem or KindLocation).
	Kind [MaxCards]uint8
	// Seats is the number of seats, in [1, MaxSeats].
	Seats int
	// Hand is the number of cards each seat holds.
	Hand [MaxSeats]int
	// AsideCards is the size of the aside pile (4 with 2 players, else 0).
	AsideCards int
	// FaceUp is the set of face-up leftover cards (bit c is card c): known to all, held by none.
	FaceUp uint32
	// Me is the seat whose notebook this is (its hand sizes the counting tables), or -1.
	Me int
}

// slot indexes: seats 0..MaxSeats-1, the envelope's three kinds, then the aside pile.
const (
	slotEnv   = MaxSeats
	slotAside = MaxSeats + NumKinds
	numSlots  = slotAside + 1
)

// clause is an open fact: seat holds at least one of cards, or (seat nandSeat) the envelope
// does not hold all of cards.
type clause struct {
	seat  uint8
	cards uint32
}

// nandSeat marks a "not all in the envelope" clause.
const nandSeat = 255

// Notebook is an exact deduction over card ownership for one observer: facts go in (Hold,
// Lack, HoldOneOf); Possible, OwnerOf and Solution answer what every assignment consistent with
// all facts agrees on; Count, Weight and Sample measure and draw those assignments. It
// allocates only in NewNotebook (and Reset of a larger deal).
type Notebook struct {
	deal       Deal
	unknown    uint32                                    // cards not face up
	need       [numSlots]int8                            // cards each slot holds (-1: no such slot)
	base       [MaxCards]uint16                          // slots each card may be in, from facts and deductions
	clauses    [MaxClauses]clause                        // open "holds at least one of" facts
	nClause    int                                       // clauses in use
	bad        bool                                      // the facts contradict each other
	incomplete bool                                      // a fact was left out (see Incomplete)
	dirty      bool                                      // facts came in since the last deduction
	stale      bool                                      // facts came in since the last count
	solved     bool                                      // Solution's answer (solution) is for the facts so far
	solution   [NumKinds + 1]int                         // its hero, item and location cards, and 1 when entailed
	poss       [numSlots]uint32                          // after deduction: the cards each slot may hold
	stack      [MaxCards + MaxSeats + 2][MaxCards]uint16 // the search's states, by depth
	slots      [MaxCards + MaxSeats + 2]slotCards        // and their slots' cards
	witness    [MaxCards]int8                            // a consistent assignment: each card's slot
	kept       [keptWitnesses][MaxCards]int8             // the last assignments deduce found (see keep)
	nKept      int                                       // assignments kept so far (the ring's next place mod keptWitnesses)
	fitFrom    int                                       // the kept assignments from the fitFrom-th on were found under every fact
	baseFixed  bool                                      // base is at propagate's fixed point (see fixBase)
	flow       flowScratch
	count      counter
}

// NewNotebook returns a notebook for deal d with no facts but the deal itself.
func NewNotebook(d Deal) *Notebook {
	n := &Notebook{}
	n.Reset(d)
	return n
}

// Reset forgets every fact and starts over for deal d. It panics when d does not add up (the
// hands, the aside pile, the envelope and the face-up cards must make Cards).
func (n *Notebook) Reset(d Deal) {
	if d.Cards < NumKinds || d.Cards > MaxCards || d.Seats < 1 || d.Seats > MaxSeats {
		panic("clue.Notebook: deal out of range")
	}
	total := bits.OnesCount32(d.FaceUp) + d.AsideCards + NumKinds
	for s := 0; s < d.Seats; s++ {
		total += d.Hand[s]
	}
	if total != d.Cards {
		panic("clue.Notebook: the deal's hands, aside pile, envelope and face-up cards do not make its cards")
	}
	n.deal = d
	n.unknown = (uint32(1)<<d.Cards - 1) &^ d.FaceUp
	for s := range n.need {
		n.need[s] = -1
	}
	var all uint16
	for s := 0; s < d.Seats; s++ {
		n.need[s] = int8(d.Hand[s])
		all |= 1 << s
	}
	if d.AsideCards > 0 {
		n.need[slotAside] = int8(d.AsideCards)
		all |= 1 << slotAside
	}
	for k := 0; k < NumKinds; k++ {
		n.need[slotEnv+k] = 1
	}
	n.base = [MaxCards]uint16{}
	for m := n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		n.base[c] = all | 1<<(slotEnv+int(d.Kind[c]))
	}
	n.nClause, n.nKept = 0, 0
	n.bad, n.incomplete = false, false
	n.changed()
	n.count.size(n)
}

// changed marks that a fact came in: the deduction, the count and the solution are out of
// date, base may not be at its fixed point, and the assignments kept so far may not fit.
func (n *Notebook) changed() {
	n.dirty, n.stale, n.solved = true, true, false
	n.baseFixed, n.fitFrom = false, n.nKept
}

// fixBase brings base to propagate's fixed point unless it is there already; false (n.bad
// set) when no assignment fits.
func (n *Notebook) fixBase() bool {
	if !n.bad && !n.baseFixed {
		n.bad = !n.propagate(&n.base)
		n.baseFixed = true
	}
	return !n.bad
}

// fitsKept reports whether the kept assignment numbered i (in the order kept; its place in the
// ring is i mod keptWitnesses) fits every fact: those kept since the last fact do, as found
// under all of them.
func (n *Notebook) fitsKept(i int) bool {
	return i >= n.fitFrom || n.fits(&n.kept[i%keptWitnesses])
}

// Deal returns the deal the notebook was reset for.
func (n *Notebook) Deal() Deal { return n.deal }

// slotOf is the slot of owner o for card c, or -1 when o cannot hold c at all.
func (n *Notebook) slotOf(o Owner, c int) int {
	switch {
	case o == Envelope:
		return slotEnv + int(n.deal.Kind[c])
	case o == Aside:
		if n.deal.AsideCards == 0 {
			return -1
		}
		return slotAside
	case o >= 0 && int(o) < n.deal.Seats:
		return int(o)
	}
	return -1
}

// ownerOfSlot is the owner a slot belongs to.
func ownerOfSlot(s int) Owner {
	switch {
	case s < MaxSeats:
		return Owner(s)
	case s < slotAside:
		return Envelope
	}
	return Aside
}

// Hold records that owner o holds every card of cards (bit c is card c): a card in one's own
// hand, a card shown to one, a hand revealed by Ganondorf, an aside card looked at. Face-up
// cards in cards are ignored.
func (n *Notebook) Hold(o Owner, cards uint32) {
	for m := cards & n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		s := n.slotOf(o, c)
		if s < 0 || n.base[c]&(1<<s) == 0 {
			n.bad = true
			n.base[c] = 0
		} else {
			n.base[c] = 1 << s
		}
	}
	n.changed()
}

// Lack records that owner o holds none of cards (a seat that could not answer a Rumor).
func (n *Notebook) Lack(o Owner, cards uint32) {
	for m := cards & n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		if s := n.slotOf(o, c); s >= 0 {
			n.base[c] &^= 1 << s
			if n.base[c] == 0 {
				n.bad = true
			}
		}
	}
	n.changed()
}

// HoldOneOf records that seat o holds at least one of cards (it showed one of a Rumor's cards
// to someone else). A seat that can hold none of them makes the notebook inconsistent. At most
// MaxClauses such facts stay open (those a known card satisfies are dropped); past that a new
// one is left out (see Incomplete).
func (n *Notebook) HoldOneOf(o Owner, cards uint32) {
	if o < 0 || int(o) >= n.deal.Seats {
		return
	}
	cards &= n.unknown
	if cards == 0 {
		n.bad = true
		return
	}
	for i := 0; i < n.nClause; i++ {
		if cl := n.clauses[i]; cl.seat == uint8(o) && cl.cards&cards == cl.cards {
			return // an open fact already asks at least as much
		}
	}
	// a weaker open fact this one implies is dropped
	k := 0
	for i := 0; i < n.nClause; i++ {
		if cl := n.clauses[i]; cl.seat != uint8(o) || cl.cards&cards != cards {
			n.clauses[k] = cl
			k++
		}
	}
	n.nClause = k
	if !n.room() {
		return
	}
	n.clauses[n.nClause] = clause{seat: uint8(o), cards: cards}
	n.nClause++
	n.changed()
}

// NotAllInEnvelope records that the envelope does not hold every card of cards (a wrong
// accusation: at least one of its three cards is elsewhere). At most MaxSeats such facts (one
// per player) are kept; one more is left out (see Incomplete).
func (n *Notebook) NotAllInEnvelope(cards uint32) {
	if cards&n.deal.FaceUp != 0 || cards == 0 {
		return // a face-up card is never in the envelope: nothing is learnt
	}
	nands := 0
	for i := 0; i < n.nClause; i++ {
		if n.clauses[i].seat == nandSeat {
			nands++
		}
	}
	if nands == MaxSeats {
		n.incomplete = true // sound without it; see Incomplete
		return
	}
	if !n.room() {
		return
	}
	n.clauses[n.nClause] = clause{seat: nandSeat, cards: cards}
	n.nClause++
	n.changed()
}

// room makes room for one more open fact (dropping the satisfied ones); when there is none, the
// fact is left out and the notebook marked incomplete.
func (n *Notebook) room() bool {
	if n.nClause == MaxClauses {
		n.deduce()
		n.compact()
	}
	if n.nClause == MaxClauses {
		n.incomplete = true
		return false
	}
	return true
}

// Incomplete reports whether a fact was left out for want of room (more than MaxClauses open
// "holds one of" facts, or more than MaxSeats wrong accusations). Every answer is then still
// sound (what it entails is true) but may miss a deduction the lost fact allowed.
func (n *Notebook) Incomplete() bool { return n.incomplete }

// compact drops the clauses the current deductions already satisfy.
func (n *Notebook) compact() {
	k := 0
	for i := 0; i < n.nClause; i++ {
		cl := n.clauses[i]
		if !n.satisfied(&n.base, cl) {
			n.clauses[k] = cl
			k++
		}
	}
	n.nClause = k
}

// satisfied reports whether a satisfies cl for sure: some card of it fixed to its seat, or
// (nandSeat) some card of it ruled out of the envelope.
func (n *Notebook) satisfied(a *[MaxCards]uint16, cl clause) bool {
	if cl.seat == nandSeat {
		for m := cl.cards; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			if a[c]&(1<<(slotEnv+int(n.deal.Kind[c]))) == 0 {
				return true
			}
		}
		return false
	}
	bit := uint16(1) << cl.seat
	for m := cl.cards; m != 0; m &= m - 1 {
		if a[bits.TrailingZeros32(m)] == bit {
			return true
		}
	}
	return false
}

// Consistent reports whether some assignment of the cards agrees with every fact (false means
// a fact was recorded wrong).
func (n *Notebook) Consistent() bool {
	n.deduce()
	return !n.bad
}

// Possible returns the cards owner o may hold in some assignment consistent with every fact
// (bit c is card c); 0 when the facts are inconsistent.
func (n *Notebook) Possible(o Owner) uint32 {
	n.deduce()
	if n.bad {
		return 0
	}
	switch {
	case o == Envelope:
		return n.poss[slotEnv] | n.poss[slotEnv+1] | n.poss[slotEnv+2]
	case o == Aside:
		return n.poss[slotAside]
	case o >= 0 && int(o) < n.deal.Seats:
		return n.poss[o]
	}
	return 0
}

// Known returns the cards owner o holds in every consistent assignment.
func (n *Notebook) Known(o Owner) uint32 {
	n.deduce()
	var k uint32
	for m := n.Possible(o); m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		if bits.OnesCount16(n.base[c]) == 1 {
			k |= 1 << c
		}
	}
	return k
}

// OwnerOf returns the owner of card c when every consistent assignment agrees on it, else
// Nobody (also for a face-up card).
func (n *Notebook) OwnerOf(c int) Owner {
	n.deduce()
	if n.bad || n.unknown&(1<<c) == 0 || bits.OnesCount16(n.base[c]) != 1 {
		return Nobody
	}
	return ownerOfSlot(bits.TrailingZeros16(n.base[c]))
}

// Owners returns the set of owners card c may be with (bit o is owner o).
func (n *Notebook) Owners(c int) uint8 {
	n.deduce()
	if n.bad {
		return 0
	}
	var o uint8
	for m := n.base[c]; m != 0; m &= m - 1 {
		o |= 1 << ownerOfSlot(bits.TrailingZeros16(m))
	}
	return o
}

// Solution returns the envelope's three cards (hero, item, location) and true once every
// consistent assignment puts the same three there.
//
// When facts came in since the last deduction, it makes exact only where the envelope's cards
// may be (the rest waits for a question that needs it).
func (n *Notebook) Solution() (hero, item, location int, ok bool) {
	if !n.solved {
		n.solved = true
		n.solution = n.solve3()
	}
	if n.solution[NumKinds] == 0 {
		return -1, -1, -1, false
	}
	return n.solution[0], n.solution[1], n.solution[2], true
}

// solve3 settles the envelope's slots (see Solution) and returns its three cards and 1, or 0
// last when they are not entailed.
func (n *Notebook) solve3() (got [NumKinds + 1]int) {
	if n.dirty && (n.envelopeOpen() || !n.settle(1<<slotEnv|1<<(slotEnv+1)|1<<(slotEnv+2))) || n.bad {
		return got
	}
	cards, ok := n.envelopeOne()
	if !ok {
		return got
	}
	copy(got[:], cards[:])
	got[NumKinds] = 1
	return got
}

// envelopeOne returns, when base allows one card of each kind in the envelope, those cards and
// true; else false.
func (n *Notebook) envelopeOne() (cards [NumKinds]int, ok bool) {
	var cands [NumKinds]uint32
	for m := n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		if k := n.deal.Kind[c]; n.base[c]&(1<<(slotEnv+int(k))) != 0 {
			cands[k] |= 1 << c
		}
	}
	for k, p := range cands {
		if bits.OnesCount32(p) != 1 {
			return cards, false
		}
		cards[k] = bits.TrailingZeros32(p)
	}
	return cards, true
}

// envelopeFixed reports whether propagating the facts leaves one card of each kind that may be
// in the envelope: then (the facts being consistent) the envelope is entailed, with no search.
// False says nothing.
func (n *Notebook) envelopeFixed() bool {
	if !n.fixBase() {
		return false
	}
	_, ok := n.envelopeOne()
	return ok
}

// envelopeOpen reports true when assignments kept from earlier searches and draws (Samples)
// that still fit every fact put two different cards of one kind in the envelope: then the
// envelope is not entailed, with no search. False says nothing, except after a contradiction
// found by propagation (n.bad set).
func (n *Notebook) envelopeOpen() bool {
	if !n.fixBase() {
		return false
	}
	// the newest first: the worlds of the last draw fit every fact when no fact came since
	var env [NumKinds]int8
	for i := n.nKept - 1; i >= max(0, n.nKept-keptWitnesses); i-- {
		if !n.fitsKept(i) {
			continue
		}
		w := &n.kept[i%keptWitnesses]
		for c := 0; c < n.deal.Cards; c++ {
			if s := int(w[c]); n.unknown&(1<<c) != 0 && s >= slotEnv && s < slotAside {
				k := s - slotEnv
				if env[k] == 0 {
					env[k] = int8(c + 1)
				} else if env[k] != int8(c+1) {
					return true
				}
			}
		}
	}
	return false
}

// Candidates returns the cards of kind k that may still be in the envelope.
func (n *Notebook) Candidates(k int) uint32 {
	n.deduce()
	if n.bad {
		return 0
	}
	return n.poss[slotEnv+k]
}
