package clue

import (
	"math/bits"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
)

// refPropagate is propagation done the plain way: every pass finds each slot's possible and
// fixed cards again from the cards, then applies the rules.
func refPropagate(n *Notebook, a *[MaxCards]uint16) bool {
	for {
		changed := false
		var poss, fixed [numSlots]uint32
		for m := n.unknown; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			if a[c] == 0 {
				return false
			}
			if a[c]&(a[c]-1) == 0 {
				fixed[bits.TrailingZeros16(a[c])] |= 1 << c
			}
			for sl := a[c]; sl != 0; sl &= sl - 1 {
				poss[bits.TrailingZeros16(sl)] |= 1 << c
			}
		}
		for s := 0; s < numSlots; s++ {
			need := int(n.need[s])
			if need < 0 {
				continue
			}
			np, nf := bits.OnesCount32(poss[s]), bits.OnesCount32(fixed[s])
			switch {
			case nf > need || np < need:
				return false
			case np == need && nf < need:
				for m := poss[s] &^ fixed[s]; m != 0; m &= m - 1 {
					a[bits.TrailingZeros32(m)] = 1 << s
				}
				changed = true
			case nf == need && np > nf:
				for m := poss[s] &^ fixed[s]; m != 0; m &= m - 1 {
					c := bits.TrailingZeros32(m)
					if a[c] &^= 1 << s; a[c] == 0 {
						return false
					}
				}
				changed = true
			}
		}
		for i := 0; i < n.nClause; i++ {
			cl := n.clauses[i]
			if cl.seat == nandSeat {
				cs := refNandOpen(n, a, cl.cards)
				switch {
				case cs != 0 && cs&(cs-1) == 0:
					c := bits.TrailingZeros32(cs)
					if a[c] &^= 1 << (slotEnv + int(n.deal.Kind[c])); a[c] == 0 {
						return false
					}
					changed = true
				case cs == 0:
					all := true
					for m := cl.cards; m != 0; m &= m - 1 {
						c := bits.TrailingZeros32(m)
						all = all && a[c] == 1<<(slotEnv+int(n.deal.Kind[c]))
					}
					if all {
						return false
					}
				}
				continue
			}
			if cl.cards&fixed[cl.seat] != 0 {
				continue
			}
			cands := cl.cards & poss[cl.seat]
			if cands == 0 {
				return false
			}
			if c := bits.TrailingZeros32(cands); cands&(cands-1) == 0 && a[c] != 1<<cl.seat {
				a[c] = 1 << cl.seat
				fixed[cl.seat] |= cands
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
}

// refNandOpen returns the cards of "not all in the envelope" fact cards not yet fixed to the
// envelope, or 0 when the fact holds (a card of it can no longer be there), card by card.
func refNandOpen(n *Notebook, a *[MaxCards]uint16, cards uint32) uint32 {
	var cs uint32
	for m := cards; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		e := uint16(1) << (slotEnv + int(n.deal.Kind[c]))
		if a[c]&e == 0 {
			return 0
		}
		if a[c] != e {
			cs |= 1 << c
		}
	}
	return cs
}

func TestPropagateMatchesPlainPropagation(t *testing.T) {
	// Notebooks of small and whole deals after random observations, and states narrowed from
	// their facts at random (consistent or not): propagate reaches the plain way's fixed point,
	// or finds the contradiction it finds. The test fails if either outcome never came up.
	var r chance.Stream
	r.Seed(9, 0)
	n := &Notebook{}
	var held, contradicted int
	for g := 0; g < 600; g++ {
		var d Deal
		var w [MaxCards]Owner
		if g%2 == 0 {
			d, w = smallDeal(&r)
		} else {
			d, w = fullDeal(&r, 2+g%5, g%3-1)
		}
		n.Reset(d)
		var f bruteFacts
		for step := 0; step < 1+r.Intn(20); step++ {
			observe(&r, d, &w, n, &f)
			if r.Intn(8) == 0 && len(f.nand) < MaxSeats {
				if m := wrongAccusation(&r, d, &w); m != 0 {
					n.NotAllInEnvelope(m)
					f.nand = append(f.nand, m)
				}
			}
		}
		for try := 0; try < 20; try++ {
			a := n.base
			for m := n.unknown; m != 0; m &= m - 1 {
				c := bits.TrailingZeros32(m)
				if r.Intn(4) == 0 {
					a[c] &^= 1 << pickSlot(&r, a[c])
				}
			}
			want, got := a, a
			okWant, okGot := refPropagate(n, &want), n.propagate(&got)
			if okWant != okGot || okWant && want != got {
				t.Fatalf("deal %d try %d: propagate %v %v, the plain way %v %v", g, try, okGot, got, okWant, want)
			}
			if okGot {
				held++
			} else {
				contradicted++
			}
		}
	}
	if held == 0 || contradicted == 0 {
		t.Fatalf("states held %d, contradicted %d: an outcome untested", held, contradicted)
	}
}

// pickSlot returns one of the slots in sl at random (0 when sl is empty).
func pickSlot(r *chance.Stream, sl uint16) int {
	n := bits.OnesCount16(sl)
	if n == 0 {
		return 0
	}
	for k := r.Intn(n); k > 0; k-- {
		sl &= sl - 1
	}
	return bits.TrailingZeros16(sl)
}
