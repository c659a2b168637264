package clue

import (
	"errors"
	"fmt"

	"github.com/clockworksim/clockwork/rules/chance"
)

// View is what one seat may know: its hand, its kept Bosses, the public table and its log of
// observations. Its slices point into the Game: valid until the next Apply. An agent keeps a
// cursor into Log and reads only the entries after it.
type View struct {
	Data   *Data
	Seat   int
	Table  *Table          // public state: positions, status, hand sizes, dice, deck counts, ...
	Hand   []Card          // the seat's cards
	Bosses [MaxBosses]int8 // the Boss cards the seat keeps (data indexes), Bosses[:BossN]
	BossN  int
	Log    []Obs // every observation the seat may see, in order
}

// FaceUp returns the leftover cards every seat sees.
func (v *View) FaceUp() []Card { return v.Table.FaceUp[:v.Table.FaceUpN] }

// Players returns the number of seats.
func (v *View) Players() int { return v.Table.Players }

// Phase returns what the game waits for.
func (v *View) Phase() Phase { return v.Table.Phase }

// ToMove returns the seat that decides now (-1 when the game is over).
func (v *View) ToMove() int {
	switch v.Table.Phase {
	case PhOver:
		return -1
	case PhAnswer:
		return v.Table.Answerer
	}
	return v.Table.Seat
}

// HandSet returns the seat's hand as a bit set (bit c: Card c).
func (v *View) HandSet() uint32 { return CardSet(v.Hand) }

// FaceUpSet returns the face-up leftovers as a bit set.
func (v *View) FaceUpSet() uint32 { return CardSet(v.FaceUp()) }

// CardSet returns cs as a bit set (bit c: Card c).
func CardSet(cs []Card) uint32 {
	var m uint32
	for _, c := range cs {
		m |= 1 << c
	}
	return m
}

// Owner codes of DeterminizeOwners besides the seats.
const (
	OwnerEnvelope = -1 // the card is in the envelope
	OwnerAside    = -2 // 2 players: set aside
	OwnerFaceUp   = -3 // a face-up leftover
)

// DeterminizeOwners is Determinize with the hidden cards given as an owner per card: a seat,
// OwnerEnvelope, OwnerAside or OwnerFaceUp. Cards are placed in card order.
func (g *Game) DeterminizeOwners(v *View, owner *[NumCards]int8, seed uint64) error {
	var d Deal
	var n [MaxPlayers]int
	na := 0
	for c := Card(0); c < NumCards; c++ {
		switch o := int(owner[c]); {
		case o == OwnerEnvelope:
			d.Envelope[c.Kind()] = c
		case o == OwnerAside && na < MaxAside:
			d.Aside[na] = c
			na++
		case o >= 0 && o < MaxPlayers && n[o] < MaxHand:
			d.Hands[o][n[o]] = c
			n[o]++
		}
	}
	for s := 0; s < v.Table.Players; s++ {
		if s != v.Seat && n[s] != v.Table.HandN[s] {
			return errors.New("clue: the owners give a seat the wrong number of cards")
		}
	}
	return g.Determinize(v, &d, seed)
}

// View returns what seat s may know, and nothing more.
func (g *Game) View(s int) View {
	var v View
	g.FillView(s, &v)
	return v
}

// FillView sets *v to what seat s may know (View, into the caller's view).
func (g *Game) FillView(s int, v *View) {
	*v = View{Data: g.data, Seat: s, Table: &g.t, Hand: g.hand[s][:g.t.HandN[s]], Log: g.log[s][:g.logN[s]]}
	for b := 0; b < g.data.BossN; b++ {
		if int(g.owner[b]) == s {
			v.Bosses[v.BossN] = int8(b)
			v.BossN++
		}
	}
}

// Deal is an assignment of the hidden cards, for Determinize: the envelope, every seat's hand
// (the sizes are the table's) and the 2-player set-aside cards.
type Deal struct {
	Envelope [3]Card
	Hands    [MaxPlayers][MaxHand]Card
	Aside    [MaxAside]Card
}

// Determinize sets g up as a game that seat v.Seat cannot tell from the real one: the public
// table and v's log from the view, v's own hand and Bosses as they are, the other hidden cards
// from deal (the viewer's hand in deal is ignored), the other seats' kept Bosses and the order
// of the encounter deck drawn from the Bosses v has not seen, the other seats' logs rebuilt
// from v's (rebuildLogs), and every chance stream seeded from seed. It returns an error, and
// leaves g unusable, when deal does not fit the view (a card twice or missing, a revealed hand
// changed). It allocates nothing on success.
func (g *Game) Determinize(v *View, deal *Deal, seed uint64) error {
	g.data, g.t, g.full = v.Data, *v.Table, false
	g.envelope, g.aside = deal.Envelope, deal.Aside
	for s := 0; s < g.t.Players; s++ {
		if s == v.Seat {
			copy(g.hand[s][:], v.Hand)
		} else {
			g.hand[s] = deal.Hands[s]
		}
	}
	for _, o := range v.Log {
		if o.Kind == ObsRevealed && !g.Holds(int(o.Seat), o.Card) {
			return errors.New("clue: the deal changes a hand laid face up")
		}
	}
	if err := g.cardsPartition(); err != nil {
		return err
	}
	g.Reseed(seed)
	g.dealBosses(v)
	g.rebuildLogs(v)
	return nil
}

// rebuildLogs gives every seat the log it would have in the determinized game: the viewer's as
// it is; the others' from the viewer's public entries, with the private cards they saw taken
// from the deal (a card shown between two other seats is one of the rumor's cards the shower
// holds, drawn from the power stream; a card seen by see_card one of the target's).
func (g *Game) rebuildLogs(v *View) {
	g.logN = [MaxPlayers]int{}
	me := v.Seat
	for _, o := range v.Log {
		g.push(me, o)
		for s := 0; s < g.t.Players; s++ {
			if s != me {
				g.push(s, g.seenBy(s, me, o))
			}
		}
	}
}

// seenBy returns entry o of viewer me's log as seat s would have it.
func (g *Game) seenBy(s, me int, o Obs) Obs {
	switch o.Kind {
	case ObsAnswer:
		party := int(o.Asker) == s || int(o.Seat) == s
		if o.Flag == 0 || !party {
			o.Card, o.To = NoCard, All
			return o
		}
		if o.Card == NoCard { // shown between two seats other than the viewer
			o.Card = g.shownCard(int(o.Seat), o)
		}
		o.To = int8(s)
	case ObsAside:
		if int(o.Asker) == s {
			o.Card, o.To = g.aside[o.Flag], int8(s)
		} else {
			o.Card, o.To = NoCard, All
		}
	case ObsEncounter:
		o.Boss, o.To = -1, All
	case ObsBoss:
		if int(o.Seat) != s {
			o.Card, o.To = NoCard, All
		} else if o.Card == NoCard && o.Asker >= 0 && g.data.Bosses[o.Boss].Effect == EffSeeCard {
			tg := int(o.Asker)
			if n := g.t.HandN[tg]; n > 0 {
				o.Card = g.hand[tg][g.rPower.Intn(n)]
			}
			o.To = int8(s)
		}
	}
	return o
}

// shownCard picks a card of rumor o that seat sh holds (NoCard when the deal gives him none).
func (g *Game) shownCard(sh int, o Obs) Card {
	h, i, l := HeroCard(int(o.Hero)), ItemCard(int(o.Item)), LocationCard(int(o.Loc))
	var m [3]Card
	n := 0
	for _, c := range g.hand[sh][:g.t.HandN[sh]] {
		if c == h || c == i || c == l {
			m[n] = c
			n++
		}
	}
	if n == 0 {
		return NoCard
	}
	return m[g.rPower.Intn(n)]
}

// dealBosses gives the other seats their kept Bosses and fills the deck, from the Bosses the
// viewer has not seen, in an order drawn from the deck stream.
func (g *Game) dealBosses(v *View) {
	t := &g.t
	var pool [MaxBosses]int8
	n := 0
	for b := 0; b < g.data.BossN; b++ {
		g.owner[b] = -1
		if t.Encount && !t.Used[b] {
			pool[n] = int8(b)
			n++
		}
	}
	for _, b := range v.Bosses[:v.BossN] {
		g.owner[b] = int8(v.Seat)
		for k := 0; k < n; k++ {
			if pool[k] == b {
				pool[k] = pool[n-1]
				n--
				break
			}
		}
	}
	chance.Shuffle(&g.rDeck, pool[:n])
	k := 0
	for s := 0; s < t.Players; s++ {
		for j := 0; j < t.Kept[s] && s != v.Seat && k < n; j++ {
			g.owner[pool[k]] = int8(s)
			k++
		}
	}
	d := 0
	for ; k < n; k++ {
		g.deck[d] = pool[k]
		d++
	}
	for j := 0; j < t.GanonInDeck; j++ {
		g.deck[d] = ganonCard
		d++
	}
	t.DeckN = d
	g.shuffleDeck()
}

// Reseed reseeds every chance stream from seed (dice, deck, powers, ...), so that a rollout
// from a determinized game draws its own chance. The deck's order is unchanged.
func (g *Game) Reseed(seed uint64) {
	g.rDeal.Seed(seed, streamDeal)
	g.rFirst.Seed(seed, streamFirst)
	g.rDice.Seed(seed, streamDice)
	g.rDeck.Seed(seed, streamDeck)
	g.rPower.Seed(seed, streamPower)
}

// cardsPartition checks that every Rumor card is in exactly one place and the envelope holds one
// of each kind.
func (g *Game) cardsPartition() error {
	var where [NumCards]int
	mark := func(c Card) {
		if c < NumCards {
			where[c]++
		} else {
			where[0] += 100
		}
	}
	for k, c := range g.envelope {
		mark(c)
		if c >= NumCards || c.Kind() != k {
			return fmt.Errorf("clue: envelope slot %d holds card %d, not one of kind %d", k, c, k)
		}
	}
	for s := 0; s < g.t.Players; s++ {
		for _, c := range g.hand[s][:g.t.HandN[s]] {
			mark(c)
		}
	}
	for _, c := range g.aside[:g.t.AsideN] {
		mark(c)
	}
	for _, c := range g.t.FaceUp[:g.t.FaceUpN] {
		mark(c)
	}
	for c, n := range where {
		if n != 1 {
			return fmt.Errorf("clue: card %d is in %d places", c, n)
		}
	}
	return nil
}
