package clue

import (
	"math/bits"
	"slices"

	"github.com/clockworksim/clockwork/rules/chance"
)

// Counting runs the deduction's search over the open "holds one of" facts to the end instead of
// stopping at the first assignment. Its leaves are disjoint and cover every consistent
// assignment, and at a leaf every fact is satisfied, so the leaf's assignments are exactly the
// ways to put its open cards into the slots' remaining room: a dynamic programme over the open
// cards whose state is the room left in each slot (a mixed-radix number; at most
// prod(hand+1) * 2^3 * (aside+1) states) counts them exactly, and a backward pass gives each
// card-slot pair's share. Sample draws a leaf in proportion to its count and then walks the
// programme backwards: a uniform draw over every consistent assignment, with no rejection.
//
// The number of leaves grows with the open facts; past MaxLeaves the count stops and covers
// only the leaves met first in the search's fixed order (CountExact reports false): the
// weights and the sampler are then those of that subset, a documented approximation.

// counter holds the counting's tables and results.
type counter struct {
	table []uint64 // forward layers: layer j (j open cards placed) at [j*states, (j+1)*states)
	back  [2][]uint64
	pos   []uint16 // per state, bit x: active slot x has room left
	bySum []int32  // the states in order of the room left in all (the sum of their digits)
	sums  []uint8  // each state's room left in all
	top   []uint16 // per state, bit x: active slot x has all its room left
	// closed[j] is the set of active slots that no open card from the j-th on may go to
	closed [MaxCards + 1]uint16
	sumAt  [MaxCards + 2]int32 // the states with room left r are bySum[sumAt[r]:sumAt[r+1]]
	// the rooms pos, bySum and sumAt were built for
	indexed  bool
	idxAct   int
	idxRadix [numSlots]int
	states   int
	open     [MaxCards]int8 // the open cards of the leaf in hand, in order
	nOpen    int
	trans    [MaxCards][numSlots]int8 // per open card, the active slot indexes it may go to
	nTrans   [MaxCards]int8
	active   [numSlots]int8 // active slot index -> slot
	radix    [numSlots]int
	stride   [numSlots]int
	nAct     int

	leaves  [MaxLeaves][MaxCards]uint16
	weights [MaxLeaves]uint64
	nLeaves int
	built   int // the kept leaf whose programme the tables hold, or -1
	// fixed is the world of the leaf fixedFor with only its fixed cards placed (walkBack)
	fixed    World
	fixedFor *[MaxCards]uint16
	draws    [MaxSamples]uint64
	one      [1]World
	total    uint64
	exact    bool
	marg     [MaxCards][numSlots]uint64 // each card-slot pair's weight (see marginals)
	margOK   bool                       // marg is up to date with the leaves
}

// size allocates the tables for the largest leaf deal d can have (the seat Me's hand known).
func (k *counter) size(n *Notebook) {
	d := n.deal
	states := 1 << NumKinds * (d.AsideCards + 1)
	for s := 0; s < d.Seats; s++ {
		if s != d.Me {
			states *= d.Hand[s] + 1
		}
	}
	k.grow(states, bits.OnesCount32(n.unknown)+1)
}

// grow makes the tables hold layers layers of states states.
func (k *counter) grow(states, layers int) {
	if cap(k.table) < states*layers {
		k.table = make([]uint64, states*layers)
	}
	for i := range k.back {
		if cap(k.back[i]) < states {
			k.back[i] = make([]uint64, states)
		}
	}
	if cap(k.pos) < states {
		k.pos, k.top, k.bySum, k.sums = make([]uint16, states), make([]uint16, states), make([]int32, states), make([]uint8, states)
		k.indexed = false
	}
}

// index fills pos, bySum and sumAt for the current states (kept while the slots' rooms stay
// the same from one leaf to the next), and returns the room of the start state (every slot's
// whole room left).
func (k *counter) index() int {
	full := 0
	for x := 0; x < k.nAct; x++ {
		full += k.radix[x] - 1
	}
	if k.indexed && k.nAct == k.idxAct && slices.Equal(k.radix[:k.nAct], k.idxRadix[:k.nAct]) {
		return full
	}
	k.indexed, k.idxAct, k.idxRadix = true, k.nAct, k.radix
	N := k.states
	var digit [numSlots]int
	var room [MaxCards + 2]int32
	order := k.bySum[:N]
	// an odometer over the states, keeping which digits are above 0 (m), at their top (top)
	// and their sum as it turns (every radix is at least 2: a slot is active with room left)
	var m, top uint16
	sum := 0
	for s := 0; s < N; s++ {
		k.pos[s], k.top[s] = m, top
		k.sums[s] = uint8(sum)
		room[sum+1]++
		for x := 0; x < k.nAct; x++ {
			bit := uint16(1) << x
			if digit[x]++; digit[x] < k.radix[x] {
				sum++
				m |= bit
				if digit[x] == k.radix[x]-1 {
					top |= bit
				}
				break
			}
			sum -= digit[x] - 1
			digit[x] = 0
			m &^= bit
			top &^= bit
		}
	}
	for r := 1; r < len(room); r++ {
		room[r] += room[r-1]
	}
	k.sumAt = room
	for s := 0; s < N; s++ {
		sum := k.sums[s]
		order[room[sum]] = int32(s)
		room[sum]++
	}
	return full
}

// forward builds the programme of leaf a and returns its number of assignments.
func (k *counter) forward(n *Notebook, a *[MaxCards]uint16) uint64 {
	k.built = -1
	var rem [numSlots]int
	for s := range rem {
		rem[s] = int(n.need[s])
	}
	k.nOpen = 0
	for m := n.unknown; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		if a[c]&(a[c]-1) == 0 {
			rem[bits.TrailingZeros16(a[c])]--
		} else {
			k.open[k.nOpen] = int8(c)
			k.nOpen++
		}
	}
	var index [numSlots]int8
	k.nAct, k.states = 0, 1
	for s := 0; s < numSlots; s++ {
		if rem[s] > 0 {
			index[s] = int8(k.nAct)
			k.active[k.nAct] = int8(s)
			k.radix[k.nAct], k.stride[k.nAct] = rem[s]+1, k.states
			k.states *= rem[s] + 1
			k.nAct++
		} else if rem[s] < 0 && n.need[s] >= 0 {
			return 0
		}
	}
	for j := 0; j < k.nOpen; j++ {
		k.nTrans[j] = 0
		for sl := a[k.open[j]]; sl != 0; sl &= sl - 1 {
			s := bits.TrailingZeros16(sl)
			if rem[s] <= 0 {
				continue
			}
			k.trans[j][k.nTrans[j]] = index[s]
			k.nTrans[j]++
		}
	}
	k.grow(k.states, k.nOpen+1)
	N := k.states
	full := k.index()
	if full != k.nOpen {
		return 0 // the open cards cannot fill the room left exactly
	}
	k.closed[k.nOpen] = 1<<k.nAct - 1
	for j := k.nOpen - 1; j >= 0; j-- {
		k.closed[j] = k.closed[j+1]
		for t := 0; t < int(k.nTrans[j]); t++ {
			k.closed[j] &^= 1 << k.trans[j][t]
		}
	}
	k.table[N-1] = 1
	for j := 0; j < k.nOpen; j++ {
		// after j cards, only the states with j less room than the start can be reached: only
		// those entries of a layer are written, and only they are read; a state with room left
		// in a slot that no card still to place may go to leads nowhere and is skipped (its
		// entries are never read)
		from, to := k.table[j*N:(j+1)*N], k.table[(j+1)*N:(j+2)*N]
		for _, s := range k.layer(j + 1) {
			to[s] = 0
		}
		closed := k.closed[j]
		for _, s := range k.layer(j) {
			if w := from[s]; w != 0 && k.pos[s]&closed == 0 {
				pm := k.pos[s]
				for t := 0; t < int(k.nTrans[j]); t++ {
					if x := k.trans[j][t]; pm&(1<<x) != 0 {
						to[int(s)-k.stride[x]] += w
					}
				}
			}
		}
	}
	return k.table[k.nOpen*N]
}

// layer returns the states the programme can reach after j open cards (those with j less room
// than the start).
func (k *counter) layer(j int) []int32 {
	r := k.nOpen - j
	return k.bySum[k.sumAt[r]:k.sumAt[r+1]]
}

// leaf counts the assignments of leaf a and keeps it (for sampling and the shares); it
// reports true when the leaf budget is spent (the search stops).
func (k *counter) leaf(n *Notebook, a *[MaxCards]uint16) bool {
	w := k.forward(n, a)
	if w == 0 {
		return false
	}
	if k.nLeaves == MaxLeaves {
		k.exact = false
		return true
	}
	k.leaves[k.nLeaves] = *a
	k.weights[k.nLeaves] = w
	k.built = k.nLeaves
	k.nLeaves++
	k.total += w
	return false
}

// marginals brings each card-slot pair's share up to date: for every kept leaf, its fixed
// cards count its whole weight and a backward pass over its programme gives its open cards'
// shares. Only Weight needs them, so the count does this on demand.
func (k *counter) marginals(n *Notebook) {
	if k.margOK {
		return
	}
	k.margOK = true
	k.marg = [MaxCards][numSlots]uint64{}
	for i := 0; i < k.nLeaves; i++ {
		a := &k.leaves[i]
		w := k.forward(n, a)
		k.built = i
		for m := n.unknown; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			if a[c]&(a[c]-1) == 0 {
				k.marg[c][bits.TrailingZeros16(a[c])] += w
			}
		}
		k.backward()
	}
}

// backward adds the shares of the open cards of the leaf whose programme k.forward just built.
func (k *counter) backward() {
	N := k.states
	next, cur := k.back[0][:N], k.back[1][:N]
	clear(next)
	next[0] = 1
	for j := k.nOpen - 1; j >= 0; j-- {
		from := k.table[j*N : (j+1)*N]
		c := k.open[j]
		for _, s := range k.layer(j) {
			var b uint64
			if f := from[s]; f != 0 {
				pm := k.pos[s]
				for t := 0; t < int(k.nTrans[j]); t++ {
					if x := k.trans[j][t]; pm&(1<<x) != 0 {
						bw := next[int(s)-k.stride[x]]
						b += bw
						k.marg[c][k.active[x]] += f * bw
					}
				}
			}
			cur[s] = b
		}
		next, cur = cur, next
	}
}

// recount brings the count up to date with every fact.
//
// The search starts from the propagated facts, not from the whole deduction: its leaves are
// disjoint and cover every consistent assignment whatever impossible pairs are left in, and
// each leaf's programme counts only assignments that fit every fact, so the count is exact
// all the same (impossible pairs only cost leaves of weight 0).
func (n *Notebook) recount() {
	if !n.stale {
		return
	}
	n.stale = false
	k := &n.count
	k.nLeaves, k.total, k.exact, k.margOK, k.built, k.fixedFor = 0, 0, true, false, -1, nil
	if n.bad || !n.propagate(&n.base) {
		n.bad = true
		return
	}
	n.stack[0] = n.base
	n.solve(0, leafCount)
}

// Count returns the number of card assignments consistent with every fact (0 when they
// contradict each other) and whether it is exact (see MaxLeaves).
func (n *Notebook) Count() (worlds float64, exact bool) {
	n.recount()
	return float64(n.count.total), n.count.exact
}

// Weight returns the share in [0, 1] of the consistent assignments that put card c with owner
// o (0 when there are none).
func (n *Notebook) Weight(c int, o Owner) float64 {
	n.recount()
	if n.count.total == 0 || c < 0 || c >= n.deal.Cards || n.unknown&(1<<c) == 0 {
		return 0
	}
	s := n.slotOf(o, c)
	if s < 0 {
		return 0
	}
	n.count.marginals(n)
	return float64(n.count.marg[c][s]) / float64(n.count.total)
}

// World is one complete assignment of the cards: each card's owner (Nobody for a face-up card
// or a card index past the deal's).
type World [MaxCards]Owner

// MaxSamples is the most worlds one call of Samples draws.
const MaxSamples = 1024

// Sample fills dst with one world drawn uniformly from the consistent ones, using r; false
// when there is none.
func (n *Notebook) Sample(r *chance.Stream, dst *World) bool {
	if n.Samples(r, n.count.one[:]) != 1 {
		return false
	}
	*dst = n.count.one[0]
	return true
}

// Samples fills dst (at most MaxSamples worlds) with independent worlds, each drawn uniformly
// from the consistent ones, in random order, and returns how many it drew (0 when there is
// none, else len(dst) up to MaxSamples). Draws that fall in the same leaf share its programme,
// so many draws cost little more than one per leaf touched.
func (n *Notebook) Samples(r *chance.Stream, dst []World) int {
	n.recount()
	k := &n.count
	if k.total == 0 {
		return 0
	}
	if len(dst) > MaxSamples {
		dst = dst[:MaxSamples]
	}
	xs := k.draws[:len(dst)]
	for i := range xs {
		xs[i] = uint64(r.Intn(int(k.total)))
	}
	slices.Sort(xs)
	leaf, base := 0, uint64(0)
	for i := 0; i < len(xs); {
		for xs[i]-base >= k.weights[leaf] {
			base += k.weights[leaf]
			leaf++
		}
		a := &k.leaves[leaf]
		if k.built != leaf {
			k.forward(n, a)
			k.built = leaf
		}
		for ; i < len(xs) && xs[i]-base < k.weights[leaf]; i++ {
			n.walkBack(r, a, &dst[i])
		}
	}
	chance.Shuffle(r, dst)
	n.keepWorlds(dst)
	return len(dst)
}

// keepWorlds keeps the first worlds of ws as assignments for the next deduction (see reuse):
// each was consistent with every fact so far.
func (n *Notebook) keepWorlds(ws []World) {
	for i := 0; i < len(ws) && i < keptWitnesses; i++ {
		w := &n.kept[n.nKept%keptWitnesses]
		for m := n.unknown; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			switch o := ws[i][c]; o {
			case Envelope:
				w[c] = int8(slotEnv + int(n.deal.Kind[c]))
			case Aside:
				w[c] = slotAside
			default:
				w[c] = int8(o)
			}
		}
		n.nKept++
	}
}

// walkBack draws one assignment of the leaf whose programme k.forward just built.
func (n *Notebook) walkBack(r *chance.Stream, a *[MaxCards]uint16, dst *World) {
	k := &n.count
	if k.fixedFor != a {
		k.fixedFor = a
		for c := range k.fixed {
			k.fixed[c] = Nobody
			if c < n.deal.Cards && n.unknown&(1<<c) != 0 && a[c]&(a[c]-1) == 0 {
				k.fixed[c] = ownerOfSlot(bits.TrailingZeros16(a[c]))
			}
		}
	}
	*dst = k.fixed
	N, s := k.states, 0
	for j := k.nOpen - 1; j >= 0; j-- {
		from := k.table[j*N : (j+1)*N]
		y := uint64(r.Intn(int(k.table[(j+1)*N+s])))
		for t := 0; t < int(k.nTrans[j]); t++ {
			x := k.trans[j][t]
			if k.top[s]&(1<<x) != 0 {
				continue // no room to give back
			}
			w := from[s+k.stride[x]]
			if y < w {
				dst[k.open[j]] = ownerOfSlot(int(k.active[x]))
				s += k.stride[x]
				break
			}
			y -= w
		}
	}
}

// CountExact reports whether Count, Weight and Sample cover every consistent assignment.
func (n *Notebook) CountExact() bool {
	n.recount()
	return n.count.exact
}
