package clue

import (
	"math"
	"math/bits"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// DefaultWorlds is the number of worlds the deductive agent samples to value the rumor it asks
// (32: paired against 64 on the same deals, no clear difference in strength, 9% less time a
// game; see docs/clue-agents.md).
const DefaultWorlds = 32

// HeadWorlds is the number of those worlds (the first drawn) on which it values every
// location's rumors to choose where to head, whether to stay and its personality rumor (fewer
// than DefaultWorlds made it clearly weaker).
const HeadWorlds = 32

// outcomes of a rumor as its asker sees them: seat s shows a card of kind k (s*3+k), no one
// shows (noShow), or (2 players) no one shows and the asker sees aside card c (asideSeen+c).
const (
	noShow      = rules.MaxPlayers * NumKinds
	asideSeen   = noShow + 1
	numOutcomes = asideSeen + rules.NumCards
)

// rumorValues holds what each possible rumor of one seat is worth: the information its answer
// gives about the envelope, estimated on worlds drawn uniformly from the seat's Notebook.
//
// The value of a rumor is the sum over the three kinds of the mutual information (in nats)
// between the envelope's card of that kind and the answer (who shows, and which card), each
// world giving one answer: the first seat on the asker's left holding one of the three shows
// one of them (a card chosen at random when he holds several, as his choice is unknown; a seat
// out by Ganondorf is not asked, memory.asked); with
// 2 players, when no one shows, the asker sees one of the aside cards he has not seen yet (at
// random: he knows which slots he saw, not what the others hold). The
// estimate is the plug-in one on the sampled worlds, the same worlds for every rumor (common
// random numbers), so the ranking of rumors is stable even where the figures are rough.
type rumorValues struct {
	worlds []World
	n      int
	env    [][NumKinds]int8        // each world's envelope card index within its kind
	choice [][8]int8               // per world and set of the rumor's cards the shower holds (bit j: card j), the one he shows
	noShow []int16                 // each world's answer when no seat holds a card of the rumor
	same   [rules.NumCards]int8    // the first card of its kind whose column equals this card's
	seat3  [rules.MaxPlayers]int16 // the first answer of the seat at each distance: seat * NumKinds
	// each rumor's information summed over the worlds in fixed point (see infoQ), or a bound
	// above it (see exact); valueOf is its value
	valueQ  [rules.NumHeroes][rules.NumItems][rules.NumLocations]int64
	exact   [rules.NumLocations]uint64  // bit h*NumItems+i: valueQ[h][i][l] is the rumor's, not a bound
	room    [rules.NumLocations]float64 // the best rumor's value in each location
	roomQ   [rules.NumLocations]int64   // its information summed over the worlds, in fixed point (see infoQ)
	capQ    [rules.NumLocations]int64   // no rumor in the location carries more (see above; bit l of capped)
	capped  uint16                      // bit l: capQ[l] holds and the location is not valued
	seed    int                         // the rumor (hero*NumItems+item) that was best in the location valued last (-1: none)
	best    [rules.NumLocations][2]int8 // the best rumor (hero, item) in each location
	version int                         // the memory version the worlds are for (-1: none)
	draws   int                         // draws so far (see subset)

	// the worlds as bit sets (bit w: world w), for rumor
	players   int                                  // seats at the table
	at        [rules.NumCards][8]uint64            // at[c][d]: card c is held d seats to the valuer's left (at[c][farSeat&7]: by none of them)
	envAt     [NumKinds][rules.NumLocations]uint64 // envAt[k][e]: the envelope's card of kind k is its e-th
	envs      [NumKinds]int                        // the kind's cards at the start of envAt[k] that are in some world's envelope
	envIdx    [NumKinds][rules.NumLocations]int8   // which ones, in order
	shows     [8][3]uint64                         // shows[held][j]: a shower holding the set held (two cards or more) shows card j
	quiet     [1 + rules.NumCards]uint64           // the worlds of each answer when no one holds a card (noShow, or an aside card seen)
	nQuiet    int
	envSets   [rules.NumCards]uint64 // the envAt sets of two worlds or more of the kinds not the same in every world, in one list
	nEnvSets  int
	openKinds int                      // the kinds whose envelope card is not the same in every world
	hEnvQ     int64                    // n times the envelope's entropy per kind, summed over the kinds, in fixed point
	fresh     uint16                   // bit l: location l's values are for these worlds
	memo      [1 << memoBits]answerSum // answers' sums on these worlds (see answer)
}

// newRumorValues makes the tables for k worlds.
func newRumorValues(k int) *rumorValues {
	if k > MaxWorlds {
		panic("clue: more worlds than MaxWorlds")
	}
	v := &rumorValues{worlds: make([]World, k), env: make([][NumKinds]int8, k),
		choice: make([][8]int8, k), noShow: make([]int16, k),
		version: -1, seed: -1}
	return v
}

// forget drops the worlds and what was learnt from them (a new game).
func (v *rumorValues) forget() {
	v.version, v.seed = -1, -1
}

// draw samples new worlds when the memory has changed since the last draw.
func (v *rumorValues) draw(m *memory, r *chance.Stream) {
	if v.version == m.version {
		return
	}
	v.version = m.version
	v.fresh, v.capped = 0, 0
	v.n = m.nb.Samples(r, v.worlds)
	for s := 0; s < m.players; s++ {
		v.seat3[s] = int16((m.seat + s) % m.players * NumKinds)
	}
	// the worlds where each card is with each owner, by owner&7 (a seat, Envelope, and 7 for
	// Aside and Nobody: neither is a seat a rumor asks)
	aside := m.nb.deal.AsideCards > 0 // else no world has an aside card: no one shows
	var own [rules.NumCards][8]uint64
	for w := 0; w < v.n; w++ {
		bit := uint64(1) << (w & (MaxWorlds - 1))
		for c, o := range v.worlds[w][:rules.NumCards] {
			own[c][uint8(o)&7] |= bit
		}
	}
	// each owner's distance to the valuer's left (farSeat: not another seat asked)
	var dist [8]uint8
	for o := range dist {
		dist[o] = farSeat
		if o < m.players && o != m.seat && m.asked(o) {
			dist[o] = uint8((o - m.seat + m.players) % m.players)
		}
	}
	v.at = [rules.NumCards][8]uint64{}
	for c := range own {
		for o, ws := range own[c] {
			v.at[c][dist[o]&7] |= ws // farSeat&7 is past the seats: a set no rumor reads
		}
		k, e := rules.Card(c).Kind(), int8(rules.Card(c).Index())
		for ws := own[c][Envelope]; ws != 0; ws &= ws - 1 {
			v.env[bits.TrailingZeros64(ws)][k] = e
		}
	}
	for w := 0; w < v.n; w++ {
		p := uint32(r.Uint64())
		// the shower picks among the cards he holds at random: which[held][pick mod their number]
		c := &v.choice[w]
		c[0], c[1], c[2], c[4] = which[0][0], which[1][0], which[2][0], which[4][0]
		c[3], c[5], c[6] = which[3][p%2], which[5][p%2], which[6][p%2]
		c[7] = which[7][p%3]
		v.noShow[w] = noShow
		if aside {
			v.noShow[w] = int16(v.asideAnswer(m, w, p))
		}
	}
	v.draws++
	v.players = m.players
	v.masks()
	v.classes()
}

// classes finds, for each card, the first card of its kind held at the same distance in every
// world: in a rumor the two give the same answer in every world (an answer names the shower
// and the kind shown), so every rumor naming one is worth exactly what the same rumor naming
// the other is. Own cards, the envelope's and the aside pile's fall together, and so do cards
// known to be in one hand.
func (v *rumorValues) classes() {
	for c := 0; c < rules.NumCards; c++ {
		v.same[c] = int8(c)
		k := rules.Card(c).Kind()
		for d := 0; d < c; d++ {
			if rules.Card(d).Kind() == k && v.same[d] == int8(d) && v.sameSeats(c, d) {
				v.same[c] = int8(d)
				break
			}
		}
	}
}

// sameSeats reports whether cards c and d are held at the same distance in every world (the
// worlds where no other seat holds them are then the same too).
func (v *rumorValues) sameSeats(c, d int) bool {
	for s := 1; s < v.players; s++ {
		if v.at[c][s] != v.at[d][s] {
			return false
		}
	}
	return true
}

// farSeat is the distance of a card no other seat holds.
const farSeat = 255

// location brings the values of the rumors in location l up to date (drawing new worlds when
// the memory has changed).
func (v *rumorValues) location(m *memory, r *chance.Stream, l int) {
	v.draw(m, r)
	v.values(l)
}

// values brings the values of the rumors in location l up to date with the worlds in hand:
// the best rumor and its value exactly, and every other rumor's value or, where summing its
// answers stopped once it could not beat the best so far, a bound above it (exactValue makes
// it exact). The best is the first in order of the hero, then the item, among the rumors of
// the highest value, as valuing each in full would choose.
func (v *rumorValues) values(l int) { v.above(l, math.MinInt64) }

// above reports whether the best rumor in location l carries more than floor of information
// (in fixed point, summed over the worlds, as infoQ). When it does, the location is valued as
// values does; when not, its rumors are summed only as far as showing that, and the location
// is left unvalued (room and best unknown) until a lower floor or values asks again.
func (v *rumorValues) above(l int, floor int64) bool {
	bit := uint16(1) << l
	switch {
	case v.fresh&bit != 0:
		return v.roomQ[l] > floor
	case v.capped&bit != 0 && floor >= v.capQ[l]:
		return false
	}
	if same := int(v.same[rules.LocationCard(l)]) - rules.NumHeroes - rules.NumItems; same != l {
		// the same answers as an earlier location in every world: its values
		ok := v.above(same, floor)
		if v.fresh&(1<<same) == 0 {
			v.cap(l, v.capQ[same])
			return ok
		}
		for h := range v.valueQ {
			for i := range v.valueQ[h] {
				v.valueQ[h][i][l] = v.valueQ[h][i][same]
			}
		}
		v.room[l], v.roomQ[l], v.best[l], v.exact[l] = v.room[same], v.roomQ[same], v.best[same], v.exact[same]
		v.fresh, v.capped = v.fresh|bit, v.capped&^bit
		return ok
	}
	if !v.rank(l, floor) {
		v.cap(l, floor)
		return false
	}
	v.fresh, v.capped = v.fresh|bit, v.capped&^bit
	return true
}

// cap notes that no rumor in location l carries more than q (the location is left unvalued).
func (v *rumorValues) cap(l int, q int64) {
	v.capped, v.capQ[l] = v.capped|1<<l, q
}

// rank values the rumors of location l and keeps the best of those above floor; false when
// none is. It values first the rumor that was best in the location valued last (often the
// best here too, so that the others stop summing sooner), then the others in order.
func (v *rumorValues) rank(l int, floor int64) bool {
	v.exact[l] = 0
	best, bestQ := -1, floor
	first := -1
	if v.seed >= 0 {
		h, i := v.seed/rules.NumItems, v.seed%rules.NumItems
		first = int(v.same[rules.HeroCard(h)])*rules.NumItems + int(v.same[rules.ItemCard(i)]) - rules.NumHeroes
		v.try(l, first, &best, &bestQ)
	}
	for x := 0; x < rules.NumHeroes*rules.NumItems; x++ {
		h, i := x/rules.NumItems, x%rules.NumItems
		sh, si := int(v.same[rules.HeroCard(h)]), int(v.same[rules.ItemCard(i)])-rules.NumHeroes
		if sh != h || si != i {
			// the same answers as an earlier rumor: its value, and never a better one
			v.valueQ[h][i][l] = v.valueQ[sh][si][l]
			if v.exact[l]&(1<<(sh*rules.NumItems+si)) != 0 {
				v.exact[l] |= 1 << x
			}
		} else if x != first {
			v.try(l, x, &best, &bestQ)
		}
	}
	if best < 0 {
		return false
	}
	v.seed = best
	v.room[l], v.roomQ[l], v.best[l] = v.fromQ(bestQ), bestQ, [2]int8{int8(best / rules.NumItems), int8(best % rules.NumItems)}
	return true
}

// try values rumor x (hero x/NumItems, item x%NumItems) in location l and makes it the best
// (*best, of information *bestQ) when it carries more, or as much and comes first in order.
func (v *rumorValues) try(l, x int, best *int, bestQ *int64) {
	floor := *bestQ
	if *best >= 0 && x < *best {
		floor-- // as much is enough
	}
	h, i := x/rules.NumItems, x%rules.NumItems
	q, exact := v.infoQ(h, i, l, floor)
	v.valueQ[h][i][l] = q
	if exact {
		v.exact[l] |= 1 << x
	}
	if q > floor {
		*best, *bestQ = x, q
	}
}

// floorQ is the most information (as infoQ) with which a location scoring its best rumor's
// value times scale does not beat limit: beating is scoring more, or as much when tieWins.
func (v *rumorValues) floorQ(limit, scale float64, tieWins bool) int64 {
	beats := func(q int64) bool {
		s := v.fromQ(q) * scale
		return s > limit || tieWins && s == limit
	}
	q := int64(limit / scale * fixScale * float64(v.n))
	for beats(q) {
		q--
	}
	for !beats(q + 1) {
		q++
	}
	return q
}

// exactValue returns the value of the rumor naming hero h and item i in location l (valuing
// the location first when its values are not for the worlds in hand).
func (v *rumorValues) exactValue(h, i, l int) float64 {
	v.values(l)
	if bit := uint64(1) << (h*rules.NumItems + i); v.exact[l]&bit == 0 {
		v.valueQ[h][i][l], _ = v.infoQ(h, i, l, math.MinInt64)
		v.exact[l] |= bit
	}
	return v.valueOf(h, i, l)
}

// valueOf is the value of the rumor naming hero h and item i in location l as last valued on
// the worlds in hand, or a bound above it (see exact).
func (v *rumorValues) valueOf(h, i, l int) float64 {
	return v.fromQ(v.valueQ[h][i][l])
}

// subset takes the first worlds of src (as many as v holds; src's are in random order, so
// they are as uniform a draw as src's), when src has drawn since v last took them.
func (v *rumorValues) subset(src *rumorValues) {
	if v.version == src.version && v.draws == src.draws {
		return
	}
	v.version, v.draws, v.fresh, v.capped = src.version, src.draws, 0, 0
	v.n = min(src.n, len(v.env))
	copy(v.env, src.env[:v.n])
	copy(v.choice, src.choice[:v.n])
	copy(v.noShow, src.noShow[:v.n])
	first := uint64(1)<<v.n - 1 // the first v.n worlds (all 64 when v.n is 64: 1<<64 is 0)
	for c := range v.at {
		for d := range v.at[c] {
			v.at[c][d] = src.at[c][d] & first
		}
	}
	v.seat3, v.players = src.seat3, src.players
	v.masks()
	v.classes()
}

// masks builds the bit sets of the worlds that rumor reads, but at, and forgets the answers'
// sums of the worlds before.
func (v *rumorValues) masks() {
	clear(v.memo[:])
	v.envAt = [NumKinds][rules.NumLocations]uint64{}
	v.shows = [8][3]uint64{}
	var quiet [numOutcomes]uint64
	for w := 0; w < v.n; w++ {
		bit := uint64(1) << w
		for k := 0; k < NumKinds; k++ {
			v.envAt[k][v.env[w][k]] |= bit
		}
		for _, held := range [...]int{3, 5, 6, 7} { // a shower holding one card shows it
			v.shows[held][v.choice[w][held]] |= bit
		}
		quiet[v.noShow[w]] |= bit
	}
	for k := 0; k < NumKinds; k++ {
		v.envs[k] = 0
		for e, m := range v.envAt[k] {
			if m != 0 {
				v.envIdx[k][v.envs[k]] = int8(e)
				v.envs[k]++
			}
		}
	}
	v.nQuiet = 0
	for _, m := range quiet {
		if m != 0 {
			v.quiet[v.nQuiet] = m
			v.nQuiet++
		}
	}
	v.nEnvSets, v.openKinds = 0, 0
	for k := 0; k < NumKinds; k++ {
		if v.envs[k] < 2 {
			continue // the same card in every world: it adds nothing (see answer)
		}
		v.openKinds++
		for _, e := range v.envIdx[k][:v.envs[k]] {
			if m := v.envAt[k][e]; m&(m-1) != 0 { // a card in one world adds 0 ln 0 or 1 ln 1
				v.envSets[v.nEnvSets] = m
				v.nEnvSets++
			}
		}
	}
	v.hEnvQ = 0
	for k := 0; k < NumKinds; k++ {
		v.hEnvQ += xlogxQ[uint8(v.n)]
		for _, e := range v.envIdx[k][:v.envs[k]] {
			v.hEnvQ -= xlogxQ[uint8(bits.OnesCount64(v.envAt[k][e]))]
		}
	}
}

// which[mask][j] is the j-th of the rumor's cards (0 hero, 1 item, 2 location) in mask.
var which = [8][3]int8{{}, {0}, {1}, {0, 1}, {2}, {0, 2}, {1, 2}, {0, 1, 2}}

// MaxWorlds is the most worlds rumor values are estimated on (one bit per world).
const MaxWorlds = 64

// fixScale is the fixed point of the information sums: 2^32 units a nat.
const fixScale = 1 << 32

// xlogxQ[c] is c ln c in fixed point (fixScale), for c up to MaxWorlds: sums of it are exact,
// whatever their order. A byte indexes it, so that reading it needs no bounds check.
var xlogxQ = func() (t [256]int64) {
	for c := 1; c <= MaxWorlds; c++ {
		t[c] = int64(math.Round(float64(c) * math.Log(float64(c)) * fixScale))
	}
	return t
}()

// fromQ is the value of a rumor whose information summed over the worlds is q in fixed point.
func (v *rumorValues) fromQ(q int64) float64 {
	return float64(q) / fixScale / float64(v.n)
}

// infoQ returns the information of the rumor naming hero h, item i and location l summed over
// the worlds, in fixed point, and true; or, as soon as the answers summed so far leave it at
// most floor, that bound and false (each answer's sum is at least 0, so the rest can only
// lower it).
//
// The answers are bit sets of worlds: at each distance to the left in turn, the worlds where
// that seat is the first to hold one of the three cards, split by the card he shows; then the
// worlds where no one shows. For each answer, n ln n of its worlds, less those of its worlds
// with each envelope card, summed (in fixed point, so that equal tables give equal values).
func (v *rumorValues) infoQ(h, i, l int, floor int64) (int64, bool) {
	ah, ai, al := &v.at[rules.HeroCard(h)], &v.at[rules.ItemCard(i)], &v.at[rules.LocationCard(l)]
	var covered uint64
	q := v.hEnvQ
	for d := 1; d < v.players; d++ {
		H, I, L := ah[d]&^covered, ai[d]&^covered, al[d]&^covered
		any := H | I | L
		if any == 0 {
			continue
		}
		covered |= any
		hi, hl, il := H&I&^L, H&L&^I, I&L&^H
		hil := H & I & L
		sh := &v.shows
		if q -= v.answer(H&^I&^L | hi&sh[3][0] | hl&sh[5][0] | hil&sh[7][0]); q <= floor {
			return q, false
		}
		if q -= v.answer(I&^H&^L | hi&sh[3][1] | il&sh[6][1] | hil&sh[7][1]); q <= floor {
			return q, false
		}
		if q -= v.answer(L&^H&^I | hl&sh[5][2] | il&sh[6][2] | hil&sh[7][2]); q <= floor {
			return q, false
		}
	}
	for _, o := range v.quiet[:v.nQuiet] {
		q -= v.answer(o &^ covered)
	}
	return q, true
}

// bound is the most a rumor can be worth on these worlds: the envelope's entropy, which the
// information of any answer cannot exceed (each answer's sum in rumor is at least 0 in the
// fixed point too, so no value computed exceeds it).
func (v *rumorValues) bound() float64 {
	return float64(v.hEnvQ) / fixScale / float64(v.n)
}

// answer is, for the worlds o giving one answer, |o| ln |o| times the kinds less the sum over
// the envelope's cards of c ln c (c: the worlds of o with that card), in fixed point. A kind
// whose envelope card is the same in every world adds |o| ln |o| - |o| ln |o|, and an answer
// of one world adds 0 for every kind, so neither is summed.
//
// Many rumors share answers (about half of the sums on a four-player table), so the sums of
// the worlds in hand are remembered in a small table by their set of worlds (memo).
func (v *rumorValues) answer(o uint64) int64 {
	n := bits.OnesCount64(o)
	if n <= 1 {
		return 0
	}
	m := &v.memo[o*0x9E3779B97F4A7C15>>(64-memoBits)]
	if m.worlds == o {
		return m.sum
	}
	s := int64(v.openKinds) * xlogxQ[uint8(n)]
	for _, e := range v.envSets[:v.nEnvSets] {
		s -= xlogxQ[uint8(bits.OnesCount64(o&e))]
	}
	m.worlds, m.sum = o, s
	return s
}

// memoBits sizes the table of answers' sums: 1<<memoBits places, each holding the last answer
// whose set of worlds hashes there (Fibonacci hashing).
const memoBits = 9

// answerSum is a place of the table of answers' sums: a set of worlds (0: none; an answer of
// fewer than two worlds is never kept) and its sum.
type answerSum struct {
	worlds uint64
	sum    int64
}

// asideAnswer is the answer world w gives when no other seat holds a card of the rumor: with 2
// players the asker sees one of the aside cards he has not seen yet (pick chooses which),
// else no one shows.
func (v *rumorValues) asideAnswer(m *memory, w int, pick uint32) int {
	wd := &v.worlds[w]
	var unseen [rules.MaxAside]rules.Card
	n := 0
	for c := rules.Card(0); c < rules.NumCards && n < len(unseen); c++ {
		if wd[c] == Aside && m.asideKnown&(1<<c) == 0 {
			unseen[n] = c
			n++
		}
	}
	if n > 0 {
		return asideSeen + int(unseen[int(pick%uint32(n))])
	}
	return noShow
}
