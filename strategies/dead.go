package strategies

import (
	"math"

	"github.com/clockworksim/clockwork/rules"
)

// The least-loss search (Payer.search) walks every node of its tree up to a node limit, and a
// plan it finds depends on where that limit falls. deadCounter lets it skip what it would only
// count: a subtree in which no plan is as good as the best so far holds no plan the search
// would look at (each is cut at its loss), so all the walk does there is add its nodes. The
// counter knows the least loss of covering any remaining need with the remaining cards
// (lower) and the size of such a subtree (count), so the search adds that size and goes on
// exactly as the walk would, node limit included.
//
// It works for payments whose losses are all whole quarters and that carry no Move over (the
// carry makes a plan's loss depend on more than its cards); other payments are walked.
type deadCounter struct {
	on bool
	p  *Payer
	// dims is the root need + 1 per skill (0 when negative): the needs the tables cover.
	dims [3]int
	// least[((i*dims[0]+x0)*dims[1]+x1)*dims[2]+x2] is the least loss, in quarters, of covering
	// need x with cards i.. (leastInf: none can).
	least [maxLeast]int32
	// box is, per card, the needs its table covers; want those the search can have left there
	// in the current payment (see boxes).
	box, want [maxPayCards + 1][3]span
	// valid: least holds the tables of the cards whose plays sig keeps (nSig of them)
	valid    bool
	sigCards [maxPayCards]payCard
	sigPlays [maxPlays]playSig
	nSig     int
	// bigBudget stands for every budget (in quarters) that no loss of the remaining cards can
	// exhaust: the subtree is never cut.
	bigBudget int32
	// suffix[i] is the most loss (in quarters) the plays of cards i.. can add up to: a budget
	// no less is never exhausted below card i, as bigBudget is not.
	suffix [maxPayCards + 1]int32
	// grain[i] divides every loss (in quarters) of the plays of cards i.. (0: all are 0): what
	// they add up to is a multiple of it, so a budget counts as the multiple of it below.
	grain [maxPayCards + 1]int32
	// memo holds counts, each with the plan that wrote it (gen)
	memo [memoSize]countEntry
	gen  uint32
}

// countEntry is a count of the memo: its key (the card, need and budget) and the plan it is for.
type countEntry struct {
	key   uint64
	val   int32
	stamp uint32
}

const (
	maxLeast = 1 << 16
	memoBits = 12
	memoSize = 1 << memoBits
	// countCap is where counts stop growing: past the node limit the search is over.
	countCap = maxNodes + 2
	// smallTree bounds the nodes of a search that is walked without the tables.
	smallTree = 4096
)

// lossInf is the loss of covering a need no cards can cover.
var lossInf = float32(math.Inf(1))

// leastInf is lossInf in the tables (in quarters): more than any loss, and twice it fits.
const leastInf = 1 << 29

// prepare sets the counter up for a payment of need with p's cards and reports whether it is on.
func (d *deadCounter) prepare(p *Payer, need rules.Cost) bool {
	d.on, d.p = false, p
	if p.mover >= 0 {
		return false
	}
	var dims [3]int
	size := p.nCards + 1
	for s := range dims {
		dims[s] = int(max(need[s], 0)) + 1
		size *= dims[s]
	}
	if size > maxLeast || dims[0] > 256 || dims[1] > 256 || dims[2] > 256 {
		return false // the tables and the memo keys hold needs up to 255
	}
	tree := 1
	for i := 0; i < p.nCards && tree < smallTree; i++ {
		tree *= p.cards[i].n + 1
	}
	if tree < smallTree {
		return false // a small tree: walking it is quicker than the tables
	}
	d.suffix[p.nCards], d.grain[p.nCards] = 0, 0
	for i := p.nCards - 1; i >= 0; i-- {
		c := &p.cards[i]
		m, g := int32(0), d.grain[i+1]
		for k := c.first; k < c.first+c.n; k++ {
			q := p.plays[k].loss * 4
			if q != float32(math.Floor(float64(q))) || q < 0 || q > 1<<16 || p.plays[k].amount <= 0 {
				return false // not whole quarters: budgets would not be exact
			}
			m, g = max(m, int32(q)), gcd(g, int32(q))
		}
		d.suffix[i], d.grain[i] = d.suffix[i+1]+m, g
	}
	d.bigBudget = d.suffix[0] + 1
	d.boxes(need)
	if j, ok := d.reusable(dims); !ok || !d.reuse(j) {
		d.dims = dims
		d.fill()
	}
	d.remember()
	d.gen++
	if d.gen == 0 { // wrapped: forget every stamp
		d.memo = [memoSize]countEntry{}
		d.gen = 1
	}
	d.on = true
	return true
}

// A payment is chosen card by card: each play asks the payer again, with that card gone and
// the need less what it paid. The tables of the cards after it are then those of the last
// plan, so they are kept (moved one card up) and only the cards before it are computed again.
// What a card's tables depend on is the plays of the cards from it on (skill, amount, loss):
// sig keeps those of the last plan's cards.
type playSig struct {
	skill  rules.Skill
	amount int16
	loss   float32
}

// sameCard reports whether card i of the payer has the plays of card j of the last plan.
func (d *deadCounter) sameCard(i, j int) bool {
	c, o := &d.p.cards[i], &d.sigCards[j]
	if c.n != o.n {
		return false
	}
	for k := 0; k < c.n; k++ {
		pl, sg := &d.p.plays[c.first+k], &d.sigPlays[o.first+k]
		if pl.skill != sg.skill || pl.amount != sg.amount || pl.loss != sg.loss {
			return false
		}
	}
	return true
}

// reusable reports whether the tables of the last plan serve the payer's cards with needs
// within dims: its cards less at most one, the j-th (j = the cards' count: none), in the same
// order, and needs no greater than it covered.
func (d *deadCounter) reusable(dims [3]int) (int, bool) {
	if !d.valid || dims[0] > d.dims[0] || dims[1] > d.dims[1] || dims[2] > d.dims[2] {
		return 0, false
	}
	n, old := d.p.nCards, d.nSig
	if n != old && n != old-1 {
		return 0, false
	}
	j := 0
	for j < n && d.sameCard(j, j) {
		j++
	}
	if j == n {
		return j, true // the same cards, or the last one gone
	}
	if n == old {
		return 0, false
	}
	for i := j; i < n; i++ {
		if !d.sameCard(i, i+1) {
			return 0, false
		}
	}
	return j, true
}

// reuse moves the tables of the last plan's cards after card j one card up and computes those
// of cards j-1 .. 0 again. It reports false, having computed nothing, when a kept table does
// not cover the needs the search can have left at its card (they were computed for others).
func (d *deadCounter) reuse(j int) bool {
	per := d.dims[0] * d.dims[1] * d.dims[2]
	n := d.p.nCards
	shift, first := 0, 0 // the kept tables: cards first .. n, from the last plan's first+shift ..
	if n < d.nSig {
		shift, first = 1, j
	}
	for i := first; i <= n; i++ {
		for s := range d.want[i] {
			if got, want := d.box[i+shift][s], d.want[i][s]; got.lo > want.lo || got.hi < want.hi {
				return false
			}
		}
	}
	if shift == 0 {
		return true // the same cards: the same tables
	}
	copy(d.least[j*per:(n+1)*per], d.least[(j+1)*per:(n+2)*per])
	copy(d.box[j:n+1], d.box[j+1:n+2])
	d.fillFrom(j)
	return true
}

// span is the needs of one skill a table covers: lo <= need < hi.
type span struct{ lo, hi int }

// boxes computes, per card i, the needs the search can have left when it comes to it (want):
// need less at most what cards 0 .. i-1 give each skill, clipped at 0. Only those are ever
// looked up in card i's table.
func (d *deadCounter) boxes(need rules.Cost) {
	p := d.p
	var given [3]int
	for i := 0; i <= p.nCards; i++ {
		for s := range given {
			root := int(max(need[s], 0))
			d.want[i][s] = span{lo: max(0, root-given[s]), hi: root + 1}
		}
		if i == p.nCards {
			break
		}
		var most [3]int
		c := &p.cards[i]
		for k := c.first; k < c.first+c.n; k++ {
			most[p.plays[k].skill] = max(most[p.plays[k].skill], int(p.plays[k].amount))
		}
		for s := range given {
			given[s] += most[s]
		}
	}
}

// remember keeps the plays of the payer's cards as those the tables are for.
func (d *deadCounter) remember() {
	p := d.p
	d.nSig, d.valid = p.nCards, true
	k := 0
	for i := 0; i < p.nCards; i++ {
		c := &p.cards[i]
		d.sigCards[i] = payCard{first: k, n: c.n}
		for j := c.first; j < c.first+c.n; j++ {
			pl := &p.plays[j]
			d.sigPlays[k] = playSig{skill: pl.skill, amount: pl.amount, loss: pl.loss}
			k++
		}
	}
}

// fill computes least from the last card back.
func (d *deadCounter) fill() {
	per := d.dims[0] * d.dims[1] * d.dims[2]
	n := d.p.nCards
	last := d.least[n*per : (n+1)*per]
	for x := range last {
		last[x] = leastInf
	}
	last[0] = 0
	d.box[n] = [3]span{{0, d.dims[0]}, {0, d.dims[1]}, {0, d.dims[2]}}
	d.fillFrom(n)
}

// fillFrom computes the tables of cards from-1 .. 0 from those of card from, each over the
// needs the search can have left at its card (want, recorded in box).
func (d *deadCounter) fillFrom(from int) {
	p := d.p
	d1, d2 := d.dims[1], d.dims[2]
	per := d.dims[0] * d1 * d2
	for i := from - 1; i >= 0; i-- {
		b := d.want[i]
		d.box[i] = b
		cur, next := d.least[i*per:(i+1)*per], d.least[(i+1)*per:(i+2)*per]
		for x0 := b[0].lo; x0 < b[0].hi; x0++ { // the card unused
			for x1 := b[1].lo; x1 < b[1].hi; x1++ {
				row := (x0*d1 + x1) * d2
				copy(cur[row+b[2].lo:row+b[2].hi], next[row+b[2].lo:row+b[2].hi])
			}
		}
		c := &p.cards[i]
		for k := c.first; k < c.first+c.n; k++ {
			if p.dominated(c, k) {
				continue
			}
			pl := &p.plays[k]
			a, l := int(pl.amount), int32(pl.loss*4)
			// A need x with x[skill] = v > 0 (the search plays a card only toward a skill still
			// needed) comes from x with x[skill] = max(0, v-a); the last skill's needs lie side
			// by side, the others' rows are copied side by side.
			for x0 := b[0].lo; x0 < b[0].hi; x0++ {
				for x1 := b[1].lo; x1 < b[1].hi; x1++ {
					row := (x0*d1 + x1) * d2
					to := cur[row+b[2].lo : row+b[2].hi]
					switch pl.skill {
					case 2:
						from := next[row : row+d2]
						for j := range to {
							if v := b[2].lo + j; v > 0 {
								to[j] = min(to[j], l+from[max(0, v-a)])
							}
						}
						continue
					case 1:
						if x1 == 0 {
							continue
						}
						row = (x0*d1 + max(0, x1-a)) * d2
					default:
						if x0 == 0 {
							continue
						}
						row = (max(0, x0-a)*d1 + x1) * d2
					}
					from := next[row+b[2].lo:][:len(to)]
					for j := range to {
						to[j] = min(to[j], l+from[j]) // never above leastInf: to starts no higher
					}
				}
			}
		}
	}
}

// gcd returns the greatest common divisor of a and b (not negative; gcd(0, b) = b).
func gcd(a, b int32) int32 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// dominated reports whether play k of card c never lowers a least loss (fillFrom) below what
// another play of the card gives: one toward the same skill of no smaller amount and no more
// loss (the first of equal ones counts). The least loss only grows with the need, so that play
// leaves less need for no more loss.
func (p *Payer) dominated(c *payCard, k int) bool {
	pl := &p.plays[k]
	for j := c.first; j < c.first+c.n; j++ {
		o := &p.plays[j]
		if j == k || o.skill != pl.skill || o.amount < pl.amount || o.loss > pl.loss {
			continue
		}
		if o.amount > pl.amount || o.loss < pl.loss || j < k {
			return true
		}
	}
	return false
}

// lower returns the least loss of covering need with cards i.. (lossInf: they cannot).
func (d *deadCounter) lower(i int, need rules.Cost) float32 {
	x0, x1, x2 := int(max(need[0], 0)), int(max(need[1], 0)), int(max(need[2], 0))
	q := d.least[((i*d.dims[0]+x0)*d.dims[1]+x1)*d.dims[2]+x2]
	if q >= leastInf {
		return lossInf
	}
	return float32(q) / 4 // whole quarters (prepare): exact
}

// count returns the nodes the search would walk (at most countCap) from a node at card i with
// need left and budget (the best loss less the node's) left before a node is cut, that node
// included, in a subtree where it finds no plan to look at.
func (d *deadCounter) count(i int, need rules.Cost, budget float32) int {
	var x [3]int16
	for s := range x {
		x[s] = max(need[s], 0)
	}
	return int(d.countQ(i, x, d.quarters(budget)))
}

// quarters converts a budget to whole quarters (bigBudget when nothing can exhaust it).
func (d *deadCounter) quarters(budget float32) int32 {
	q := float64(budget) * 4
	if q >= float64(d.bigBudget) {
		return d.bigBudget
	}
	return int32(q) // budgets are whole quarters here (prepare)
}

// countQ is count with the budget in quarters. It mirrors Payer.search node for node: a node
// is counted, then cut when its loss passes the best (budget < 0), ends when need is covered
// or the cards are out, and otherwise has a child per play toward a skill still needed and one
// for the card unused.
func (d *deadCounter) countQ(i int, x [3]int16, budget int32) int32 {
	if budget < 0 || (x[0] <= 0 && x[1] <= 0 && x[2] <= 0) || i == d.p.nCards {
		return 1
	}
	if budget >= d.suffix[i] {
		budget = d.bigBudget // no cut below: the count of every such budget (one memo entry)
	} else if g := d.grain[i]; g > 1 {
		budget -= budget % g // a sum of losses passes budget as soon as it passes this
	}
	if i == d.p.nCards-1 { // the last card: a child per play toward a skill needed, and one unused
		c := &d.p.cards[i]
		t := int32(2)
		for k := c.first; k < c.first+c.n; k++ {
			if x[d.p.plays[k].skill] > 0 {
				t++
			}
		}
		return t
	}
	key := uint64(i)<<48 | uint64(x[0])<<40 | uint64(x[1])<<32 | uint64(x[2])<<24 | uint64(budget)
	h := (key * 0x9e3779b97f4a7c15) >> (64 - memoBits)
	slot := -1
	for probe := uint64(0); probe < 8; probe++ {
		e := &d.memo[(h+probe)&(memoSize-1)]
		if e.stamp != d.gen {
			slot = int((h + probe) & (memoSize - 1))
			break
		}
		if e.key == key {
			return e.val
		}
	}
	p := d.p
	t := int32(1)
	c := &p.cards[i]
	for k := c.first; k < c.first+c.n && t < countCap; k++ {
		pl := &p.plays[k]
		if x[pl.skill] <= 0 {
			continue
		}
		y := x
		y[pl.skill] = max(0, y[pl.skill]-pl.amount)
		nb := budget
		if budget != d.bigBudget {
			nb = budget - int32(pl.loss*4)
		}
		t = min(t+d.countQ(i+1, y, nb), countCap)
	}
	if t < countCap {
		t = min(t+d.countQ(i+1, x, budget), countCap)
	}
	if slot >= 0 {
		d.memo[slot] = countEntry{key: key, val: t, stamp: d.gen}
	}
	return t
}
