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

// program is one leaf's dynamic programme: its open cards, the active slots they may go to and
// the forward counts. Every state lies in one layer only (layer j, j open cards placed, holds
// the states with j less room than the start), so one entry a state holds them all: table[s]
// is the number of ways to reach state s from the start.
type program struct {
	table  []uint64
	states int
	open   [MaxCards]int8 // the open cards of the leaf, in order
	nOpen  int
	tmask  [MaxCards]uint16 // per open card, the active slots it may go to (bit x: active slot x)
	active [numSlots]int8   // active slot index -> slot
	owner  [numSlots]Owner  // active slot index -> its slot's owner
	radix  [numSlots]int
	stride [numSlots]int
	shape  uint64 // the radixes, 6 bits each in order (an active slot's is at least 2): the key of its state index
	nAct   int
}

// Kept programmes: the leaves of a count keep their programmes (up to these bounds) so that
// Samples draws from them without building them again.
const (
	keptPrograms = 64      // the most leaves whose programmes are kept
	keptCells    = 1 << 15 // the most table entries they hold together
)

// stateIndex orders the states of one shape of room (the radix of each active slot): consecutive
// leaves and counts often share a shape, so the counter keeps the last stateIndexes of them.
type stateIndex struct {
	shape uint64              // the programmes' shape it indexes (program.shape)
	pos   []uint16            // per state, bit x: active slot x has room left
	bySum []int32             // the states in order of the room left in all (the sum of their digits)
	sumAt [MaxCards + 2]int32 // the states with room left r are bySum[sumAt[r]:sumAt[r+1]]
	valid bool
	used  int // the counter's clock when it was last used
}

// stateIndexes is how many shapes of room the counter keeps indexed.
const stateIndexes = 16

// counter holds the counting's tables and results.
type counter struct {
	scratch program   // the programme of a leaf not kept (built is which)
	progs   []program // the kept leaves' programmes, in leaf order
	pool    []uint64  // their tables
	used    int       // the pool's entries in use
	nProgs  int       // the leaves whose programmes are kept: the first nProgs
	back    [2][]uint64
	// closed[j] is the set of active slots that no open card from the j-th on may go to
	closed [MaxCards + 1]uint16
	idx    [stateIndexes]stateIndex // the last shapes of room indexed
	cur    *stateIndex              // the index of the programme in hand
	clock  int                      // index uses so far (for replacing the least recent)

	leaves  [MaxLeaves][MaxCards]uint16
	weights [MaxLeaves]uint64
	nLeaves int
	built   int // the leaf whose programme the scratch holds, or -1
	// fixed is the world of the leaf fixedFor with only its fixed cards placed (walkBack)
	fixed     World
	fixedSlot [MaxCards]int8 // and each of its fixed cards' slots
	fixedFor  *[MaxCards]uint16
	spare     [MaxCards]int8 // the slots of a drawn world not kept
	draws     [MaxSamples]uint64
	sorted    [MaxWorlds]uint64  // sortDraws' scratch
	order     [MaxSamples]uint16 // Samples' shuffle of the draws
	place     [MaxSamples]uint16 // and where each draw's world goes
	one       [1]World
	total     uint64
	exact     bool
	marg      [MaxCards][numSlots]uint64 // each card-slot pair's weight (see marginals)
	margOK    bool                       // marg is up to date with the leaves
}

// size allocates the tables for the largest leaf a notebook of deal d can have, whichever seat
// is Me (the seat with the smallest hand, whose cards it knows): a notebook reset for another
// seat of the same table (the expert's rollouts) then needs no more room.
func (k *counter) size(n *Notebook) {
	d := n.deal
	states, smallest := 1<<NumKinds*(d.AsideCards+1), -1
	for s := 0; s < d.Seats; s++ {
		states *= d.Hand[s] + 1
		if smallest < 0 || d.Hand[s] < d.Hand[smallest] {
			smallest = s
		}
	}
	if d.Me >= 0 && smallest >= 0 {
		states /= d.Hand[smallest] + 1
	}
	k.grow(states)
	if k.progs == nil {
		k.progs, k.pool = make([]program, keptPrograms), make([]uint64, keptCells)
	}
}

// grow makes the scratch and index tables hold states states.
func (k *counter) grow(states int) {
	if cap(k.scratch.table) < states {
		k.scratch.table = make([]uint64, states)
	}
	for i := range k.back {
		if cap(k.back[i]) < states {
			k.back[i] = make([]uint64, states)
		}
	}
	for i := range k.idx {
		if x := &k.idx[i]; cap(x.pos) < states {
			x.pos, x.bySum, x.valid = make([]uint16, states), make([]int32, states), false
		}
	}
}

// keepable returns the programme where the next kept leaf's count is built: its place among the
// kept ones, with its table in the pool, when both have room for cells more entries; else nil.
func (k *counter) keepable(cells int) *program {
	if k.nProgs != k.nLeaves || k.nProgs == keptPrograms || k.used+cells > keptCells {
		return nil
	}
	p := &k.progs[k.nProgs]
	p.table = k.pool[k.used : k.used+cells]
	return p
}

// index makes k.cur the index of p's shape of room (building it in place of the least recently
// used one when it is not kept), and returns the room of the start state (every slot's whole
// room left).
func (k *counter) index(p *program) int {
	full := 0
	for x := 0; x < p.nAct; x++ {
		full += p.radix[x] - 1
	}
	k.clock++
	lru := &k.idx[0]
	for i := range k.idx {
		x := &k.idx[i]
		if x.valid && x.shape == p.shape {
			x.used, k.cur = k.clock, x
			return full
		}
		if !x.valid || x.used < lru.used {
			lru = x
		}
	}
	lru.build(p)
	lru.used, k.cur = k.clock, lru
	return full
}

// build fills x for p's states: the number of states of each room left first (the digits'
// sums, one digit at a time), then one pass over the states places each in its run of bySum.
func (x *stateIndex) build(p *program) {
	x.valid, x.shape = true, p.shape
	N := p.states
	var size [MaxCards + 2]int32 // size[r]: the states with room left r
	size[0] = 1
	top := 0
	for d := 0; d < p.nAct; d++ {
		r, prev := p.radix[d], size
		top += r - 1
		var run int32 // prev[s-r+1] + ... + prev[s]
		for s := 0; s <= top; s++ {
			if run += prev[s]; s >= r {
				run -= prev[s-r]
			}
			size[s] = run
		}
	}
	var at [MaxCards + 2]int32 // where the next state of each room left goes
	for r := 1; r < len(at); r++ {
		at[r] = at[r-1] + size[r-1]
	}
	x.sumAt = at
	pos, order := x.pos[:N], x.bySum[:N]
	if p.nAct == 0 {
		pos[0], order[0] = 0, 0
		return
	}
	// the states in runs of the first digit (radix r0); an odometer over the other digits keeps
	// which of them are above 0 (m) and their sum (every radix is at least 2: a slot is active
	// with room left)
	var digit [numSlots]int
	var m uint16
	sum, r0 := 0, p.radix[0]
	for base := 0; base < N; base += r0 {
		pos[base], order[at[sum]] = m, int32(base)
		at[sum]++
		for d0 := 1; d0 < r0; d0++ {
			pos[base+d0], order[at[sum+d0]] = m|1, int32(base+d0)
			at[sum+d0]++
		}
		for d := 1; d < p.nAct; d++ {
			bit := uint16(1) << d
			if digit[d]++; digit[d] < p.radix[d] {
				sum++
				m |= bit
				break
			}
			sum -= digit[d] - 1
			digit[d] = 0
			m &^= bit
		}
	}
}

// forward builds the programme of the leaf whose slots' cards are sc and returns its number of
// assignments: into the kept programme of the next leaf when keep is true and there is room
// (k.progs[k.nLeaves]), else into the scratch. It returns the programme it built.
func (k *counter) forward(n *Notebook, sc *slotCards, keep bool) (uint64, *program) {
	k.built = -1
	q := &k.scratch // the shape first, in the scratch; moved to a kept programme below
	var rem [numSlots]int
	var fixed uint32
	for s := range rem {
		rem[s] = int(n.need[s]) - bits.OnesCount32(sc.fixed[s])
		fixed |= sc.fixed[s]
	}
	open := n.unknown &^ fixed
	var at [MaxCards]int8 // each open card's place in q.open
	q.nOpen = 0
	for m := open; m != 0; m &= m - 1 {
		c := bits.TrailingZeros32(m)
		q.open[q.nOpen], at[c] = int8(c), int8(q.nOpen)
		q.tmask[q.nOpen] = 0
		q.nOpen++
	}
	q.nAct, q.states, q.shape = 0, 1, 0
	for s := 0; s < numSlots; s++ {
		if rem[s] > 0 {
			for m := sc.poss[s] & open; m != 0; m &= m - 1 {
				q.tmask[at[bits.TrailingZeros32(m)]] |= 1 << q.nAct
			}
			q.active[q.nAct], q.owner[q.nAct] = int8(s), ownerOfSlot(s)
			q.radix[q.nAct], q.stride[q.nAct] = rem[s]+1, q.states
			q.shape |= uint64(rem[s]+1) << (6 * q.nAct)
			q.states *= rem[s] + 1
			q.nAct++
		} else if rem[s] < 0 && n.need[s] >= 0 {
			return 0, q
		}
	}
	k.grow(q.states)
	p := q
	if keep {
		if kp := k.keepable(q.states); kp != nil {
			table := kp.table
			*kp = *q
			kp.table = table
			p = kp
		}
	}
	return k.fill(p), p
}

// fill computes the forward layers of programme p and returns its number of assignments.
func (k *counter) fill(p *program) uint64 {
	N := p.states
	full := k.index(p)
	if full != p.nOpen {
		return 0 // the open cards cannot fill the room left exactly
	}
	k.closed[p.nOpen] = 1<<p.nAct - 1
	for j := p.nOpen - 1; j >= 0; j-- {
		k.closed[j] = k.closed[j+1] &^ p.tmask[j]
	}
	t := p.table[:N]
	clear(t)
	t[N-1] = 1
	pos := k.cur.pos
	for j := 0; j < p.nOpen; j++ {
		// after j cards, only the states with j less room than the start can be reached: only
		// those are read; a state with room left in a slot that no card still to place may go
		// to leads nowhere and is skipped
		closed, tmask := k.closed[j], p.tmask[j]
		for _, s := range k.layer(p, j) {
			if w := t[s]; w != 0 && pos[s]&closed == 0 {
				for m := pos[s] & tmask; m != 0; m &= m - 1 {
					t[int(s)-p.stride[bits.TrailingZeros16(m)]] += w
				}
			}
		}
	}
	return t[0]
}

// layer returns the states p's programme can reach after j open cards (those with j less room
// than the start); k's index must be p's.
func (k *counter) layer(p *program, j int) []int32 {
	r := p.nOpen - j
	return k.cur.bySum[k.cur.sumAt[r]:k.cur.sumAt[r+1]]
}

// leaf counts the assignments of leaf a and keeps it (for sampling and the shares), with its
// programme while there is room; it reports true when the leaf budget is spent (the search
// stops).
func (k *counter) leaf(n *Notebook, a *[MaxCards]uint16, sc *slotCards) bool {
	w, p := k.forward(n, sc, true)
	if w == 0 {
		return false
	}
	if k.nLeaves == MaxLeaves {
		k.exact = false
		return true
	}
	if p != &k.scratch {
		k.used += len(p.table)
		k.nProgs++
	} else {
		k.built = k.nLeaves
	}
	k.leaves[k.nLeaves] = *a
	k.weights[k.nLeaves] = w
	k.nLeaves++
	k.total += w
	return false
}

// program returns the programme of kept leaf i, building it in the scratch when it was not kept.
func (k *counter) program(n *Notebook, i int) *program {
	if i < k.nProgs {
		return &k.progs[i]
	}
	if k.built != i {
		k.rebuild(n, i)
	}
	return &k.scratch
}

// rebuild builds the programme of kept leaf i in the scratch and returns its number of
// assignments and the programme.
func (k *counter) rebuild(n *Notebook, i int) (uint64, *program) {
	var sc slotCards
	sc.of(n.unknown, &k.leaves[i])
	w, p := k.forward(n, &sc, false)
	k.built = i
	return w, p
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
		w, p := k.rebuild(n, i)
		for m := n.unknown; m != 0; m &= m - 1 {
			c := bits.TrailingZeros32(m)
			if a[c]&(a[c]-1) == 0 {
				k.marg[c][bits.TrailingZeros16(a[c])] += w
			}
		}
		k.backward(p)
	}
}

// backward adds the shares of the open cards of the leaf whose programme k.forward just built.
func (k *counter) backward(p *program) {
	N := p.states
	next, cur := k.back[0][:N], k.back[1][:N]
	clear(next)
	next[0] = 1
	from := p.table[:N]
	for j := p.nOpen - 1; j >= 0; j-- {
		c := p.open[j]
		for _, s := range k.layer(p, j) {
			var b uint64
			if f := from[s]; f != 0 {
				for m := k.cur.pos[s] & p.tmask[j]; m != 0; m &= m - 1 {
					x := bits.TrailingZeros16(m)
					bw := next[int(s)-p.stride[x]]
					b += bw
					k.marg[c][p.active[x]] += f * bw
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
	k.nProgs, k.used = 0, 0
	if !n.fixBase() {
		return
	}
	n.stack[0] = n.base
	if n.propagateRoot() {
		n.solve(0, leafCount)
	}
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
// none, else len(dst) up to MaxSamples). Each draw is a number below the count, uniform: the
// leaf it falls in and its rank within the leaf's assignments name one world (walkBack), so
// a world costs one random number. Draws that fall in the same leaf share its programme, so
// many draws cost little more than one per leaf touched; each world goes to its place in a
// shuffle drawn after the numbers, and the first keptWitnesses places are kept for the next
// deduction (see reuse).
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
	if len(xs) <= MaxWorlds {
		sortDraws(xs, k.sorted[:len(xs)], k.total)
	} else {
		slices.Sort(xs)
	}
	// the worlds' shuffle, drawn now (the walks use no random number): the world of the i-th
	// draw in order goes to dst[place[i]]
	order, place := k.order[:len(dst)], k.place[:len(dst)]
	for i := range order {
		order[i] = uint16(i)
	}
	chance.Shuffle(r, order)
	for i, o := range order {
		place[o] = uint16(i)
	}
	leaf, base := 0, uint64(0)
	for i := 0; i < len(xs); {
		for xs[i]-base >= k.weights[leaf] {
			base += k.weights[leaf]
			leaf++
		}
		a, p := &k.leaves[leaf], k.program(n, leaf)
		for ; i < len(xs) && xs[i]-base < k.weights[leaf]; i++ {
			// the first keptWitnesses worlds are kept for the next deduction (see reuse)
			at, slots := int(place[i]), &k.spare
			if at < keptWitnesses {
				slots = &n.kept[(n.nKept+at)%keptWitnesses]
			}
			n.walkBack(a, p, xs[i]-base, &dst[at], slots)
		}
	}
	n.nKept += min(len(dst), keptWitnesses)
	return len(dst)
}

// sortDraws sorts the draws xs (each below total; at most MaxWorlds of them) ascending, faster
// than slices.Sort for an agent's draw: a counting sort on their top bits (uniform draws: about
// one in each of up to twice as many buckets as draws) through tmp, then an insertion sort of
// what is then nearly in order.
func sortDraws(xs, tmp []uint64, total uint64) {
	var at [2*MaxWorlds + 1]uint8 // bucket b's draws go from at[b] on
	lb := bits.Len(uint(len(xs)))
	shift := max(bits.Len64(total)-lb, 0) // x>>shift < 1<<lb <= 2*len(xs)
	for _, x := range xs {
		at[x>>shift+1]++
	}
	for b := 1; b <= 1<<lb; b++ {
		at[b] += at[b-1]
	}
	for _, x := range xs {
		tmp[at[x>>shift]] = x
		at[x>>shift]++
	}
	copy(xs, tmp)
	insertionSort(xs)
}

// insertionSort sorts a few numbers (or many nearly in order) faster than slices.Sort.
func insertionSort(xs []uint64) {
	for i := 1; i < len(xs); i++ {
		x, j := xs[i], i
		for ; j > 0 && xs[j-1] > x; j-- {
			xs[j] = xs[j-1]
		}
		xs[j] = x
	}
}

// walkBack returns in dst the assignment of rank y (below the leaf's count) of leaf a, from its
// programme p, and in slots each unknown card's slot: from the end state back to the start,
// each open card takes the first slot whose predecessor states count beyond what is left of
// y, and y keeps its rank among them.
func (n *Notebook) walkBack(a *[MaxCards]uint16, p *program, y uint64, dst *World, slots *[MaxCards]int8) {
	k := &n.count
	if k.fixedFor != a {
		k.fixedFor = a
		for c := range k.fixed {
			k.fixed[c], k.fixedSlot[c] = Nobody, 0
			if c < n.deal.Cards && n.unknown&(1<<c) != 0 && a[c]&(a[c]-1) == 0 {
				s := bits.TrailingZeros16(a[c])
				k.fixed[c], k.fixedSlot[c] = ownerOfSlot(s), int8(s)
			}
		}
	}
	*dst, *slots = k.fixed, k.fixedSlot
	N, s := p.states, 0
	var digit [numSlots]int // the room given back to each active slot so far (s's digits)
	var full uint16         // the active slots given back all their room
	from := p.table[:N]
	for j := p.nOpen - 1; j >= 0; j-- {
		for m := p.tmask[j] &^ full; m != 0; m &= m - 1 {
			x := bits.TrailingZeros16(m)
			w := from[s+p.stride[x]]
			if y < w {
				dst[p.open[j]], slots[p.open[j]] = p.owner[x], p.active[x]
				s += p.stride[x]
				if digit[x]++; digit[x] == p.radix[x]-1 {
					full |= 1 << x
				}
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
