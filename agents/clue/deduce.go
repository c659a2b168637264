package clue

import "math/bits"

// The deduction is exact and needs no budget. A state is, for each unknown card, the set of
// slots it may be in (a slot is a seat, one of the envelope's three kinds, or the aside pile).
//
//   - propagate applies the sound rules to a fixed point: a slot with as many possible cards as
//     it holds takes them all; a slot whose holding is complete loses its other candidates; a
//     "holds one of" fact with one candidate left fixes it; a card with no slot, a slot with too
//     few candidates or too many fixed cards, a fact with no candidate, is a contradiction.
//   - solve branches on an open "holds one of" fact (the one with fewest candidates): the first
//     candidate is in the seat's hand, or it is not and the next is, and so on (the cases are
//     disjoint and cover every assignment). When no fact is open, what is left is a pure
//     transport problem (cards to slots with exact counts), which a matching decides exactly.
//   - deduce asks, for each card and slot not yet seen together in a found assignment, whether
//     an assignment with the card in that slot exists; each one found marks every pair it uses,
//     each refuted pair is removed (a deduction), so the answer is exact for every pair.

// propagate narrows a to a fixed point of the sound rules; false means no assignment fits.
// Each slot's possible and fixed cards are found in one pass over the cards and then kept up
// to date as the rules narrow a (narrow), so that a rule reads them without a pass.
func (n *Notebook) propagate(a *[MaxCards]uint16) bool {
	var p slotCards
	return p.of(n.unknown, a) && n.narrow(a, &p)
}

// propagateRoot propagates n.stack[0], the root of a search, keeping its slots' cards.
func (n *Notebook) propagateRoot() bool {
	return n.slots[0].of(n.unknown, &n.stack[0]) && n.narrow(&n.stack[0], &n.slots[0])
}

// narrow narrows a, whose slots' cards p holds, to a fixed point of the sound rules, keeping p
// up to date; false means no assignment fits.
func (n *Notebook) narrow(a *[MaxCards]uint16, p *slotCards) bool {
	for {
		changed := false
		for s := 0; s < numSlots; s++ {
			need := int(n.need[s])
			if need < 0 {
				continue
			}
			np, nf := bits.OnesCount32(p.poss[s]), bits.OnesCount32(p.fixed[s])
			switch {
			case nf > need || np < need:
				return false
			case np == need && nf < need:
				for m := p.poss[s] &^ p.fixed[s]; m != 0; m &= m - 1 {
					p.fix(a, bits.TrailingZeros32(m), s)
				}
				changed = true
			case nf == need && np > nf:
				for m := p.poss[s] &^ p.fixed[s]; m != 0; m &= m - 1 {
					if !p.out(a, bits.TrailingZeros32(m), s) {
						return false
					}
				}
				changed = true
			}
		}
		for i := 0; i < n.nClause; i++ {
			cl := n.clauses[i]
			if cl.seat == nandSeat {
				if !n.propagateNand(a, p, cl.cards, &changed) {
					return false
				}
				continue
			}
			if cl.cards&p.fixed[cl.seat] != 0 {
				continue
			}
			cands := cl.cards & p.poss[cl.seat]
			if cands == 0 {
				return false
			}
			if cands&(cands-1) == 0 {
				p.fix(a, bits.TrailingZeros32(cands), int(cl.seat))
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
}

// slotCards is, for a state being narrowed, the cards each slot may hold and those it holds
// for sure (the card's only slot).
type slotCards struct {
	poss, fixed [numSlots]uint32
}

// of makes p the slots' cards of state a over the cards unknown; false when a card has no slot.
func (p *slotCards) of(unknown uint32, a *[MaxCards]uint16) bool {
	*p = slotCards{}
	for m := unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		sl := a[c]
		if sl == 0 {
			return false
		}
		if sl&(sl-1) == 0 {
			p.fixed[bits.TrailingZeros16(sl)] |= 1 << c
		}
		for ; sl != 0; sl &= sl - 1 {
			p.poss[bits.TrailingZeros16(sl)] |= 1 << c
		}
	}
	return true
}

// fix puts card c in slot s (one it may be in), taking it from its other slots.
func (p *slotCards) fix(a *[MaxCards]uint16, c, s int) {
	for o := a[c] &^ (1 << s); o != 0; o &= o - 1 {
		p.poss[bits.TrailingZeros16(o)] &^= 1 << c
	}
	a[c] = 1 << s
	p.fixed[s] |= 1 << c
}

// out rules card c out of slot s (one it may be in); false when it is left with no slot.
func (p *slotCards) out(a *[MaxCards]uint16, c, s int) bool {
	a[c] &^= 1 << s
	p.poss[s] &^= 1 << c
	if a[c] == 0 {
		return false
	}
	if a[c]&(a[c]-1) == 0 {
		p.fixed[bits.TrailingZeros16(a[c])] |= 1 << c
	}
	return true
}

// openClause returns the open fact with the fewest candidates in the state whose slots' cards
// p holds: its clause's seat (nandSeat for "not all in the envelope") and its candidate cards;
// ok is false when no fact is open.
func (n *Notebook) openClause(p *slotCards) (seat uint8, cands uint32, ok bool) {
	best := 99
	for _, cl := range n.clauses[:n.nClause] {
		if cs := p.open(cl); cs != 0 && bits.OnesCount32(cs) < best {
			best, seat, cands, ok = bits.OnesCount32(cs), cl.seat, cs, true
		}
	}
	return seat, cands, ok
}

// open returns the candidates of fact cl: for "seat holds one of", its cards the seat may hold,
// or 0 when one of them is fixed there; for "not all in the envelope" (nandSeat), its cards not
// fixed there, or 0 when one of them can no longer be there (the fact holds).
func (p *slotCards) open(cl clause) uint32 {
	if cl.seat == nandSeat {
		if cl.cards&^envelopeCards(&p.poss) != 0 {
			return 0
		}
		return cl.cards &^ envelopeCards(&p.fixed)
	}
	if cl.cards&p.fixed[cl.seat] != 0 {
		return 0
	}
	return cl.cards & p.poss[cl.seat]
}

// envelopeCards is the cards of sets (a slotCards' poss or fixed) in the envelope's slots.
func envelopeCards(sets *[numSlots]uint32) uint32 {
	return sets[slotEnv] | sets[slotEnv+1] | sets[slotEnv+2]
}

// propagateNand applies "not all of cards in the envelope" to a (p its slots' cards): all
// fixed there is a contradiction; all but one fixed there rules the last one out of the
// envelope.
func (n *Notebook) propagateNand(a *[MaxCards]uint16, p *slotCards, cards uint32, changed *bool) bool {
	cs := p.open(clause{seat: nandSeat, cards: cards})
	switch {
	case cs != 0 && cs&(cs-1) == 0:
		c := bits.TrailingZeros32(cs)
		if !p.out(a, c, slotEnv+int(n.deal.Kind[c])) {
			return false
		}
		*changed = true
	case cs == 0 && cards&^envelopeCards(&p.fixed) == 0:
		return false // all of them fixed there
	}
	return true
}

// leafFunc is what solve does at a state with no open fact: true stops the search.
type leafMode int

const (
	leafWitness leafMode = iota // find one assignment (n.witness) and stop
	leafCount                   // count the leaf's assignments and go on
)

// solve searches the propagated state n.stack[depth] (its slots' cards n.slots[depth]) in
// mode; it reports whether the search was stopped (an assignment found, or the count's leaf
// budget spent). A branch starts from its parent's slots' cards and narrows from there.
func (n *Notebook) solve(depth int, mode leafMode) bool {
	a, pa := &n.stack[depth], &n.slots[depth]
	for {
		seat, cands, ok := n.openClause(pa)
		if !ok {
			if mode == leafWitness {
				return n.match(a)
			}
			return n.count.leaf(n, a, pa)
		}
		c := bits.TrailingZeros32(cands)
		b, pb := &n.stack[depth+1], &n.slots[depth+1]
		*b, *pb = *a, *pa
		if seat == nandSeat {
			// first the card is not in the envelope (the fact holds), then it is
			e := slotEnv + int(n.deal.Kind[c])
			if pb.out(b, c, e) && n.narrow(b, pb) && n.solve(depth+1, mode) {
				return true
			}
			pa.fix(a, c, e)
		} else {
			pb.fix(b, c, int(seat))
			if n.narrow(b, pb) && n.solve(depth+1, mode) {
				return true
			}
			if !pa.out(a, c, int(seat)) {
				return false
			}
		}
		if !n.narrow(a, pa) {
			return false
		}
	}
}

// deduce brings n.base and n.poss up to date with every fact (see the comment at the top).
func (n *Notebook) deduce() {
	if !n.dirty {
		return
	}
	n.dirty = false
	n.poss = [numSlots]uint32{}
	if !n.settle(1<<numSlots - 1) {
		return
	}
	for m := n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		for sl := n.base[c]; sl != 0; sl &= sl - 1 {
			n.poss[bits.TrailingZeros16(sl)] |= 1 << c
		}
	}
	n.compact()
}

// keptWitnesses is how many of the last assignments deduce found it keeps: facts only ever
// narrow the consistent assignments, so one found before that still fits every fact saves
// the search for each pair it shows possible.
const keptWitnesses = 32

// reuse marks in seen the card-slot pairs of the kept assignments that still fit every fact
// (every card in a slot n.base allows, every open fact satisfied); the slots' counts held
// when they were found and do not change.
func (n *Notebook) reuse(seen *[numSlots]uint32) {
	for i := max(0, n.nKept-keptWitnesses); i < n.nKept; i++ {
		if !n.fitsKept(i) {
			continue
		}
		w := &n.kept[i%keptWitnesses]
		for m := n.unknown; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			seen[w[c]] |= 1 << c
		}
	}
}

// fits reports whether assignment w agrees with n.base and satisfies every open fact.
func (n *Notebook) fits(w *[MaxCards]int8) bool {
	for m := n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		if n.base[c]&(1<<w[c]) == 0 {
			return false
		}
	}
	for i := 0; i < n.nClause; i++ {
		cl := n.clauses[i]
		ok := false
		for m := cl.cards; m != 0 && !ok; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			if cl.seat == nandSeat {
				ok = int(w[c]) != slotEnv+int(n.deal.Kind[c])
			} else {
				ok = int(w[c]) == int(cl.seat)
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// settle makes every card-slot pair of n.base with a slot in slots exact: each is kept only
// when some assignment consistent with every fact puts the card there (the other slots' pairs
// stay sound: they may still hold impossible ones). It reports false, with n.bad set, when
// the facts contradict each other.
func (n *Notebook) settle(slots uint16) bool {
	if !n.fixBase() {
		return false
	}
	seen := &n.flow.seen
	*seen = [numSlots]uint32{}
	n.reuse(seen)
	for m := n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		for sl := n.base[c] & slots; sl != 0; sl &= sl - 1 {
			s := bits.TrailingZeros16(sl)
			if seen[s]&(1<<c) != 0 || n.base[c]&(1<<s) == 0 {
				continue
			}
			root := &n.stack[0]
			*root = n.base
			root[c] = 1 << s
			if n.propagateRoot() && n.solve(0, leafWitness) {
				for d := n.unknown; d != 0; d &= d - 1 {
					c2 := bits.TrailingZeros32(d)
					seen[n.witness[c2]] |= 1 << c2
				}
				n.kept[n.nKept%keptWitnesses] = n.witness
				n.nKept++
				continue
			}
			n.base[c] &^= 1 << s
			if !n.propagate(&n.base) {
				n.bad = true // no assignment at all: the facts contradict each other
				return false
			}
		}
	}
	return true
}

// flowScratch is the matching's working memory.
type flowScratch struct {
	rem    [numSlots]int8   // room left in each slot
	inSlot [numSlots]uint32 // cards matched to each slot
	a      *[MaxCards]uint16
	seen   [numSlots]uint32 // the card-slot pairs deduce has seen in an assignment: a card tries the others first
}

// match decides whether the open cards of a (no open fact left) can fill every slot's room
// exactly, by augmenting paths; on success n.witness holds the assignment.
func (n *Notebook) match(a *[MaxCards]uint16) bool {
	f := &n.flow
	f.a = a
	f.inSlot = [numSlots]uint32{}
	for s := range f.rem {
		f.rem[s] = n.need[s]
	}
	var open uint32
	for m := n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		if a[c]&(a[c]-1) == 0 {
			s := bits.TrailingZeros16(a[c])
			f.rem[s]--
			f.inSlot[s] |= 1 << c
		} else {
			open |= 1 << c
		}
	}
	for s := range f.rem {
		if f.rem[s] < 0 && n.need[s] >= 0 {
			return false
		}
	}
	for m := open; m != 0; m &= m - 1 {
		var visited uint16
		if !f.augment(bits.TrailingZeros32(m), &visited, open) {
			return false
		}
	}
	for s := 0; s < numSlots; s++ {
		if n.need[s] >= 0 && f.rem[s] != 0 {
			return false
		}
		for m := f.inSlot[s]; m != 0; m &= m - 1 {
			n.witness[bits.TrailingZeros32(m)] = int8(s)
		}
	}
	return true
}

// augment places card c, moving open cards already placed along a path when needed; it tries
// the slots deduce has not yet seen the card in first, so that each assignment it finds shows
// as many new pairs possible as it can.
func (f *flowScratch) augment(c int, visited *uint16, open uint32) bool {
	var fresh uint16
	for sl := f.a[c]; sl != 0; sl &= sl - 1 {
		if s := bits.TrailingZeros16(sl); f.seen[s]&(1<<c) == 0 {
			fresh |= 1 << s
		}
	}
	return f.place(c, fresh, visited, open) || f.place(c, f.a[c]&^fresh, visited, open)
}

// place places card c in one of the slots slots, moving open cards along a path when needed.
func (f *flowScratch) place(c int, slots uint16, visited *uint16, open uint32) bool {
	for sl := slots; sl != 0; sl &= sl - 1 {
		s := bits.TrailingZeros16(sl)
		if *visited&(1<<s) != 0 {
			continue
		}
		*visited |= 1 << s
		if f.rem[s] > 0 {
			f.rem[s]--
			f.inSlot[s] |= 1 << c
			return true
		}
		for m := f.inSlot[s] & open; m != 0; m &= m - 1 {
			c2 := bits.TrailingZeros32(m)
			f.inSlot[s] &^= 1 << c2
			if f.augment(c2, visited, open) {
				f.inSlot[s] |= 1 << c
				return true
			}
			f.inSlot[s] |= 1 << c2
		}
	}
	return false
}
