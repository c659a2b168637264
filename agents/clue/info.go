package clue

import (
	"math"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// DefaultWorlds is the number of worlds the deductive agent samples to value its rumors.
const DefaultWorlds = 64

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
// one of them (a card chosen at random when he holds several, as his choice is unknown); with
// 2 players, when no one shows, the asker sees one of the aside cards he has not seen yet (at
// random: he knows which slots he saw, not what the others hold). The
// estimate is the plug-in one on the sampled worlds, the same worlds for every rumor (common
// random numbers), so the ranking of rumors is stable even where the figures are rough.
type rumorValues struct {
	worlds  []World
	n       int
	env     [][NumKinds]int8        // each world's envelope card index within its kind
	pick    []uint32                // a random number per world: which matching card its shower shows
	out     []int16                 // each world's answer to the rumor being valued
	dist    [][rules.NumCards]uint8 // each card's holder, in seats to the valuer's left (farSeat: none)
	hEnv    float64                 // n times the envelope's entropy, summed over the kinds
	xlogx   []float64               // xlogx[c] = c ln c
	cell    [numOutcomes][NumKinds][rules.NumLocations]int32
	total   [numOutcomes]int32
	value   [rules.NumHeroes][rules.NumItems][rules.NumLocations]float64
	room    [rules.NumLocations]float64 // the best rumor's value in each location
	best    [rules.NumLocations][2]int8 // the best rumor (hero, item) in each location
	version int                         // the memory version the worlds are for (-1: none)
	fresh   uint16                      // bit l: location l's values are for these worlds
}

// newRumorValues makes the tables for k worlds.
func newRumorValues(k int) *rumorValues {
	v := &rumorValues{worlds: make([]World, k), env: make([][NumKinds]int8, k), pick: make([]uint32, k), out: make([]int16, k), dist: make([][rules.NumCards]uint8, k),
		xlogx: make([]float64, k+1), version: -1}
	for c := 1; c <= k; c++ {
		v.xlogx[c] = float64(c) * math.Log(float64(c))
	}
	return v
}

// draw samples new worlds when the memory has changed since the last draw.
func (v *rumorValues) draw(m *memory, r *chance.Stream) {
	if v.version == m.version {
		return
	}
	v.version = m.version
	v.fresh = 0
	v.n = m.nb.Samples(r, v.worlds)
	for w := 0; w < v.n; w++ {
		for c := 0; c < rules.NumCards; c++ {
			if v.worlds[w][c] == Envelope {
				k := rules.Card(c).Kind()
				v.env[w][k] = int8(rules.Card(c).Index())
			}
		}
		v.pick[w] = uint32(r.Uint64())
		for c := 0; c < rules.NumCards; c++ {
			v.dist[w][c] = farSeat
			if o := int(v.worlds[w][c]); o >= 0 && o < m.players && o != m.seat {
				v.dist[w][c] = uint8((o - m.seat + m.players) % m.players)
			}
		}
	}
	// the envelope's own entropy per kind, summed: n * sum_k H(E_k) in nats
	v.hEnv = 0
	for k := 0; k < NumKinds; k++ {
		for w := 0; w < v.n; w++ {
			v.cell[0][k][v.env[w][k]]++
		}
		for w := 0; w < v.n; w++ {
			if c := v.cell[0][k][v.env[w][k]]; c > 0 {
				v.hEnv -= v.xlogx[c]
				v.cell[0][k][v.env[w][k]] = 0
			}
		}
		v.hEnv += v.xlogx[v.n]
	}
}

// farSeat is the distance of a card no other seat holds.
const farSeat = 255

// location brings the values of the rumors in location l up to date.
func (v *rumorValues) location(m *memory, r *chance.Stream, l int) {
	v.draw(m, r)
	if v.fresh&(1<<l) != 0 {
		return
	}
	v.fresh |= 1 << l
	v.room[l] = -1
	for h := 0; h < rules.NumHeroes; h++ {
		for i := 0; i < rules.NumItems; i++ {
			x := v.rumor(m, h, i, l)
			v.value[h][i][l] = x
			if x > v.room[l] {
				v.room[l], v.best[l] = x, [2]int8{int8(h), int8(i)}
			}
		}
	}
}

// refresh brings every location's values up to date.
func (v *rumorValues) refresh(m *memory, r *chance.Stream) {
	for l := 0; l < rules.NumLocations; l++ {
		v.location(m, r, l)
	}
}

// rumor returns the value of seat m.seat asking about hero h, item i in location l.
func (v *rumorValues) rumor(m *memory, h, i, l int) float64 {
	cards := [3]rules.Card{rules.HeroCard(h), rules.ItemCard(i), rules.LocationCard(l)}
	for w := 0; w < v.n; w++ {
		o := v.outcome(m, w, &cards, v.pick[w])
		v.out[w] = int16(o)
		v.total[o]++
		for k := 0; k < NumKinds; k++ {
			v.cell[o][k][v.env[w][k]]++
		}
	}
	// sum over outcomes of T_o ln T_o - sum of c ln c over the cells; each cell read once and
	// cleared for the next rumor
	var s float64
	for w := 0; w < v.n; w++ {
		o := v.out[w]
		if t := v.total[o]; t > 0 {
			s += float64(NumKinds) * v.xlogx[t]
			v.total[o] = 0
		}
		for k := 0; k < NumKinds; k++ {
			if c := v.cell[o][k][v.env[w][k]]; c > 0 {
				s -= v.xlogx[c]
				v.cell[o][k][v.env[w][k]] = 0
			}
		}
	}
	return (v.hEnv - s) / float64(v.n)
}

// outcome is the answer world w gives to the seat's rumor about cards: the first seat on its
// left holding one of them shows one (pick chooses among several).
func (v *rumorValues) outcome(m *memory, w int, cards *[3]rules.Card, pick uint32) int {
	// the answerer is the holder nearest on the asker's left; count his cards of the three
	d := &v.dist[w]
	first := min(d[cards[0]], d[cards[1]], d[cards[2]])
	if first != farSeat {
		var which [3]int
		held := 0
		for j, c := range cards {
			if d[c] == first {
				which[held] = j
				held++
			}
		}
		s := (m.seat + int(first)) % m.players
		return s*NumKinds + which[int(pick%uint32(held))]
	}
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
