package clue

import (
	"math/bits"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// memory is what one seat remembers of a game, read from its View's log: the plain crossed-off
// cards of a paper Clue sheet, what it showed to whom, the aside cards it looked at, and (when
// deduce is set) the facts fed to an exact Notebook.
type memory struct {
	data          *rules.Data
	players, seat int
	deduce        bool
	ready         bool
	cursor        int                        // log entries read
	nb            *Notebook                  // exact deduction (deduce only)
	hand          uint32                     // own cards
	faceUp        uint32                     // leftover cards face up
	crossed       uint32                     // cards known not in the envelope: own, face up, shown, revealed, seen
	shownTo       [rules.MaxPlayers]uint32   // cards this seat showed to each asker
	shownAny      [rules.NumCards]uint8      // how many askers each own card was shown to
	asideSeen     [rules.MaxAside]rules.Card // the card seen in each aside slot, or NoCard
	asideKnown    uint32                     // the aside cards seen
	rumor         uint32                     // the cards of the last rumor in the log
	rumorAsker    int
	accused       [rules.MaxPlayers]uint32 // each seat's wrong accusation, if any
	version       int                      // facts taken in so far (changes when knowledge may have)
	revealed      uint32
	ganonOut      uint8                    // bit s: seat s is out by Ganondorf, his hand face up
	upHand        [rules.MaxPlayers]uint32 // each seat's cards laid face up
	lacks         [rules.MaxPlayers]uint32 // the cards each seat passed on (he holds none of them)
	asideN        int                      // 2 players: cards set aside
}

// reset prepares the memory for a new game.
func (m *memory) reset(d *rules.Data, players, seat int, deduce bool) {
	m.data, m.players, m.seat, m.deduce = d, players, seat, deduce
	m.ready, m.cursor, m.version = false, 0, 0
	if deduce && m.nb == nil {
		m.nb = &Notebook{} // agents that deduce make it at construction; this serves the others
	}
}

// kindOf is the Notebook kind of a rules card (the same numbering).
func cardKinds() (k [MaxCards]uint8) {
	for c := rules.Card(0); c < rules.NumCards; c++ {
		k[c] = uint8(c.Kind())
	}
	return k
}

var kinds = cardKinds()

// start reads the deal from the first view of the game.
func (m *memory) start(v *rules.View) {
	m.ready = true
	t := v.Table
	m.hand, m.faceUp, m.revealed, m.ganonOut = cardSet(v.Hand), cardSet(v.FaceUp()), 0, 0
	m.crossed = m.hand | m.faceUp
	m.shownTo = [rules.MaxPlayers]uint32{}
	m.shownAny = [rules.NumCards]uint8{}
	m.accused = [rules.MaxPlayers]uint32{}
	for i := range m.asideSeen {
		m.asideSeen[i] = rules.NoCard
	}
	m.asideKnown = 0
	m.upHand, m.lacks, m.asideN = [rules.MaxPlayers]uint32{}, [rules.MaxPlayers]uint32{}, t.AsideN
	m.rumor, m.rumorAsker = 0, -1
	if !m.deduce {
		return
	}
	d := Deal{Cards: rules.NumCards, Kind: kinds, Seats: m.players, AsideCards: t.AsideN, FaceUp: m.faceUp, Me: m.seat}
	for s := 0; s < m.players; s++ {
		d.Hand[s] = t.HandN[s]
	}
	m.nb.Reset(d)
	m.nb.Hold(Owner(m.seat), m.hand)
}

// cardSet is the bit set of cards.
func cardSet(cs []rules.Card) uint32 {
	var m uint32
	for _, c := range cs {
		m |= 1 << c
	}
	return m
}

// rumorSet is the bit set of a rumor's three cards.
func rumorSet(h, i, l int8) uint32 {
	return 1<<rules.HeroCard(int(h)) | 1<<rules.ItemCard(int(i)) | 1<<rules.LocationCard(int(l))
}

// sync reads the log entries the memory has not seen yet.
func (m *memory) sync(v *rules.View) {
	if !m.ready {
		m.start(v)
	}
	for ; m.cursor < len(v.Log); m.cursor++ {
		m.take(&v.Log[m.cursor])
	}
}

// take learns from one observation.
func (m *memory) take(o *rules.Obs) {
	switch o.Kind {
	case rules.ObsRumor:
		m.rumor, m.rumorAsker = rumorSet(o.Hero, o.Item, o.Loc), int(o.Asker)
	case rules.ObsAnswer:
		if o.Loc >= 0 && o.Hero >= 0 && o.Item >= 0 {
			m.rumor = rumorSet(o.Hero, o.Item, o.Loc) // the answer names its rumor
		}
		s := int(o.Seat)
		m.version++
		switch {
		case o.Flag == 0:
			m.lacks[s] |= m.rumor
			m.lack(s, m.rumor)
		case o.Card != rules.NoCard && s == m.seat:
			if m.shownTo[o.Asker]&(1<<o.Card) == 0 {
				m.shownAny[o.Card]++
			}
			m.shownTo[o.Asker] |= 1 << o.Card
		case o.Card != rules.NoCard:
			m.hold(Owner(s), o.Card)
		case m.deduce:
			m.nb.HoldOneOf(Owner(s), m.rumor)
		}
	case rules.ObsAside:
		if o.Card != rules.NoCard {
			m.asideSeen[o.Flag] = o.Card
			m.asideKnown |= 1 << o.Card
			m.hold(Aside, o.Card)
			m.version++
		}
	case rules.ObsRevealed:
		m.revealed |= 1 << o.Card
		m.upHand[o.Seat] |= 1 << o.Card
		m.hold(Owner(o.Seat), o.Card)
		m.version++
	case rules.ObsEliminated:
		if rules.Out(o.Flag) == rules.OutGanondorf {
			m.ganonOut |= 1 << o.Seat
			m.version++
		}
	case rules.ObsBoss:
		if o.Card != rules.NoCard && o.Asker >= 0 {
			m.hold(Owner(o.Asker), o.Card)
			m.version++
		}
	case rules.ObsAccuse:
		if o.Flag == 0 {
			cards := rumorSet(o.Hero, o.Item, o.Loc)
			m.accused[o.Seat] = cards
			if m.deduce {
				m.nb.NotAllInEnvelope(cards)
			}
			m.version++
		}
	}
}

// asked reports whether seat s is still asked rumors: not when he is out by Ganondorf, his hand
// face up (unless rules.ganondorf_out_answers).
func (m *memory) asked(s int) bool {
	return m.ganonOut&(1<<s) == 0 || m.data.Rules.GanondorfOutAnswers
}

// hold records that owner o holds card c (it is then crossed off).
func (m *memory) hold(o Owner, c rules.Card) {
	m.crossed |= 1 << c
	if m.deduce {
		m.nb.Hold(o, 1<<c)
	}
}

// lack records that seat s holds none of cards.
func (m *memory) lack(s int, cards uint32) {
	if m.deduce && s != m.seat {
		m.nb.Lack(Owner(s), cards)
	}
}

// open returns the cards of kind k not crossed off (the paper sheet's candidates).
func (m *memory) open(k int) uint32 {
	return kindMask[k] &^ m.crossed
}

// kindMask is the set of cards of each kind.
var kindMask = [NumKinds]uint32{
	(1<<rules.NumHeroes - 1),
	(1<<rules.NumItems - 1) << rules.NumHeroes,
	(1<<rules.NumLocations - 1) << (rules.NumHeroes + rules.NumItems),
}

// sheetSolved reports the paper sheet's answer: one card of each kind left.
func (m *memory) sheetSolved() (h, i, l int, ok bool) {
	for k := 0; k < NumKinds; k++ {
		if bits.OnesCount32(m.open(k)) != 1 {
			return -1, -1, -1, false
		}
	}
	return bits.TrailingZeros32(m.open(KindHero)),
		bits.TrailingZeros32(m.open(KindItem)) - rules.NumHeroes,
		bits.TrailingZeros32(m.open(KindLocation)) - rules.NumHeroes - rules.NumItems, true
}

// mayHold returns the other seats (bit s) that may hold card c by the marks of a paper sheet
// with a column per player: not those that passed on a rumor naming it, nor those whose hand
// is face up without it. No mark is carried from one player to another.
func (m *memory) mayHold(c int) (seats uint8) {
	for s := 0; s < m.players; s++ {
		if s == m.seat || m.lacks[s]&(1<<c) != 0 || m.ganonOut&(1<<s) != 0 && m.upHand[s]&(1<<c) == 0 {
			continue
		}
		seats |= 1 << s
	}
	return seats
}

// asideOpen reports whether the 2-player aside pile may hold a card not crossed off (some of
// its cards are still unseen).
func (m *memory) asideOpen() bool { return bits.OnesCount32(m.asideKnown) < m.asideN }

// passOpen returns the cards of kind k still open on a sheet read with the passes: the card no
// other player may hold (mayHold), not crossed off and not possibly aside, is the envelope's
// and alone is open; else the cards not crossed off.
func (m *memory) passOpen(k int) uint32 {
	open := m.open(k)
	if m.asideOpen() {
		return open
	}
	for o := open; o != 0; o &= o - 1 {
		if c := bits.TrailingZeros32(o); m.mayHold(c) == 0 {
			return 1 << c
		}
	}
	return open
}

// passSolved is sheetSolved on passOpen.
func (m *memory) passSolved() (h, i, l int, ok bool) {
	var one [NumKinds]uint32
	for k := range one {
		if one[k] = m.passOpen(k); bits.OnesCount32(one[k]) != 1 {
			return -1, -1, -1, false
		}
	}
	return bits.TrailingZeros32(one[KindHero]),
		bits.TrailingZeros32(one[KindItem]) - rules.NumHeroes,
		bits.TrailingZeros32(one[KindLocation]) - rules.NumHeroes - rules.NumItems, true
}

// solved reports the Notebook's answer once entailed (hero, item and location indexes).
func (m *memory) solved() (h, i, l int, ok bool) {
	ch, ci, cl, ok := m.nb.Solution()
	if !ok {
		return -1, -1, -1, false
	}
	return ch, ci - rules.NumHeroes, cl - rules.NumHeroes - rules.NumItems, true
}
