package clockwork

import (
	"math"
	"math/bits"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// A payment of many cards has too many plans to walk them all: lossTable finds the least-loss
// plan exactly, by dynamic programming over the cards and the need still open, instead of a
// branch and bound cut short by a node limit. least[i][x] is the best plan of cards i.. for
// need x: the least loss, and among those the least overpay. Both add up play by play (a play
// toward a skill needing v pays max(0, amount-v) over), so one value holds both: the loss in
// quarters above overBits bits of overpay. The plan it reads back is the one the walk would
// keep with no node limit: of the best plans, the first in the walk's order (card by card,
// each card's plays in order before leaving it unused).
//
// It works for payments whose losses are all whole quarters and that carry no Move over (the
// carry makes a plan's loss depend on more than its cards); other payments are walked.
type lossTable struct {
	on bool
	p  *Payer
	// dims is the root need + 1 per skill (0 when negative): the needs the tables cover.
	dims [3]int
	// least[((i*dims[0]+x0)*dims[1]+x1)*dims[2]+x2] is the best value (see above) of covering
	// need x with cards i.. (leastInf: none can). It is made at the first payment planned by
	// the tables (2 MB: Ganon's totals at four heroes fit) and grows only for a larger payment
	// (a power of two, at most maxLeast): after that it is never allocated again.
	least []int32
	// box is, per card, the needs its table covers; want those the plan can have left there in
	// the current payment (see boxes).
	box, want [maxPayCards + 1][3]span
	// valid: least holds the tables of the cards whose plays sig keeps (nSig of them)
	valid    bool
	sigCards [maxPayCards]payCard
	sigPlays [maxPlays]playSig
	nSig     int
}

const (
	// maxLeast bounds the table values of a payment, (cards + 1) x the needs it covers (8 MB):
	// Ganon's totals of 30 each (31^3 needs) with 64 cards fit.
	maxLeast = 1 << 21
	// overBits holds a plan's overpay below its loss in a table value.
	overBits = 10
	// smallTree bounds the nodes of a search that is walked without the tables.
	smallTree = 4096
)

// leastInf is more than any plan's value in the tables, and twice it fits.
const leastInf = 1 << 29

// prepare sets the table up for a payment of need with p's cards and reports whether it is on.
func (d *lossTable) prepare(p *Payer, need rules.Cost) bool {
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
	if size > maxLeast {
		return false
	}
	if p.plansTree(smallTree) < smallTree || !p.quarterLosses() {
		return false // a small tree: walking it is quicker than the tables
	}
	if size > len(d.least) {
		d.least = make([]int32, max(1<<19, 1<<bits.Len(uint(size-1))))
		d.valid = false // the tables are gone
	}
	d.boxes(need)
	if j, ok := d.reusable(dims); !ok || !d.reuse(j) {
		d.dims = dims
		d.fill()
	}
	d.remember()
	d.on = true
	return true
}

// quarterLosses reports whether every play's loss is a whole number of quarters and the table
// values of any plan fit: its loss below leastInf, its overpay in overBits bits.
func (p *Payer) quarterLosses() bool {
	var loss, amount int64
	for i := 0; i < p.nCards; i++ {
		c := &p.cards[i]
		var ml, ma int64
		for k := c.first; k < c.first+c.n; k++ {
			pl := &p.plays[k]
			q := pl.loss * 4
			if q != float32(math.Floor(float64(q))) || q < 0 || pl.amount <= 0 {
				return false // not whole quarters: the values would not be exact
			}
			ml, ma = max(ml, int64(q)), max(ma, int64(pl.amount))
		}
		loss, amount = loss+ml, amount+ma
	}
	return amount < 1<<overBits && loss<<overBits < leastInf/2
}

// value is play pl's part of a plan's table value toward a need of v of its skill.
func value(pl *payPlay, v int) int32 {
	return int32(pl.loss*4)<<overBits + int32(max(0, int(pl.amount)-v))
}

// at returns the table value of covering need x (clipped at 0) with cards i...
func (d *lossTable) at(i int, x [3]int) int32 {
	return d.least[((i*d.dims[0]+x[0])*d.dims[1]+x[1])*d.dims[2]+x[2]]
}

// plan reads the best plan for need back from the tables into p.best, its loss and overpay
// into p.bestL and p.bestO, and reports whether there is one.
func (d *lossTable) plan(need rules.Cost) bool {
	p := d.p
	var x [3]int
	for s := range x {
		x[s] = int(max(need[s], 0))
	}
	root := d.at(0, x)
	if root >= leastInf {
		return false
	}
	for i := 0; i < p.nCards && x != [3]int{}; i++ {
		want := d.at(i, x)
		c := &p.cards[i]
		for k := c.first; k < c.first+c.n; k++ {
			pl := &p.plays[k]
			v := x[pl.skill]
			if v <= 0 {
				continue
			}
			y := x
			y[pl.skill] = max(0, v-int(pl.amount))
			if value(pl, v)+d.at(i+1, y) == want {
				p.best[i], x = int16(k), y
				break
			}
		}
	}
	p.found, p.bestL, p.bestO = true, float32(root>>overBits)/4, int(root&(1<<overBits-1))
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
func (d *lossTable) sameCard(i, j int) bool {
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
func (d *lossTable) reusable(dims [3]int) (int, bool) {
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
// not cover the needs the plan can have left at its card (they were computed for others).
func (d *lossTable) reuse(j int) bool {
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

// boxes computes, per card i, the needs the plan can have left when it comes to it (want):
// need less at most what cards 0 .. i-1 give each skill, clipped at 0. Only those are ever
// looked up in card i's table.
func (d *lossTable) boxes(need rules.Cost) {
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
func (d *lossTable) remember() {
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
func (d *lossTable) fill() {
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
// needs the plan can have left at its card (want, recorded in box).
func (d *lossTable) fillFrom(from int) {
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
			if !p.dominated(c, k) {
				d.fillPlay(cur, next, b, &p.plays[k])
			}
		}
	}
}

// fillPlay lowers the values of cur (a card's table, over box b) to what playing pl and then
// the best of the next cards' table gives. A need x with x[skill] = v > 0 (a plan plays a card
// only toward a skill still needed) comes from x with x[skill] = max(0, v-amount); the last
// skill's needs lie side by side, the others' rows are read side by side.
func (d *lossTable) fillPlay(cur, next []int32, b [3]span, pl *payPlay) {
	d1, d2 := d.dims[1], d.dims[2]
	a := int(pl.amount)
	for x0 := b[0].lo; x0 < b[0].hi; x0++ {
		for x1 := b[1].lo; x1 < b[1].hi; x1++ {
			row := (x0*d1 + x1) * d2
			to := cur[row+b[2].lo : row+b[2].hi]
			var v int
			switch pl.skill {
			case 2:
				from := next[row : row+d2]
				for j := range to {
					if v := b[2].lo + j; v > 0 {
						to[j] = min(to[j], value(pl, v)+from[max(0, v-a)])
					}
				}
				continue
			case 1:
				v = x1
				row = (x0*d1 + max(0, x1-a)) * d2
			default:
				v = x0
				row = (max(0, x0-a)*d1 + x1) * d2
			}
			if v == 0 {
				continue
			}
			from, l := next[row+b[2].lo:][:len(to)], value(pl, v)
			for j := range to {
				to[j] = min(to[j], l+from[j]) // never above leastInf: to starts no higher
			}
		}
	}
}

// dominated reports whether play k of card c never gives a table value (fillFrom) below what
// another play of the card gives: one toward the same skill, of no smaller amount and less
// loss (the least loss only grows with the need, so that play leaves less need for less
// loss), or of the same amount and loss and listed first.
func (p *Payer) dominated(c *payCard, k int) bool {
	pl := &p.plays[k]
	for j := c.first; j < c.first+c.n; j++ {
		o := &p.plays[j]
		if j == k || o.skill != pl.skill {
			continue
		}
		if (o.amount >= pl.amount && o.loss < pl.loss) || (o.amount == pl.amount && o.loss == pl.loss && j < k) {
			return true
		}
	}
	return false
}
