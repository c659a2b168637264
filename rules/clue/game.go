package clue

import (
	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/play"
)

// The engine follows the games' contract (rules/play). It offers no play.Sampler: what a seat
// may know of the hands is what its own deduction allows, so a lookahead agent determinizes a
// view with a deal it draws from its own notebook (Determinize).
var (
	_ play.State[Action, *Game] = (*Game)(nil)
	_ play.Observer[View]       = (*Game)(nil)
)

// Phase is the step of a turn the game waits in.
type Phase uint8

// The phases of a turn.
const (
	PhStart     Phase = iota // the turn begins: roll, stay, accuse (castle), personality, Boss
	PhDraw                   // the seat may draw a Boss Encounter card (Table.PendingDraws)
	PhImmediate              // the seat must play the Boss just drawn (Table.Immediate)
	PhMove                   // the dice are rolled: move (or play reroll / extra_steps / a move power)
	PhRumor                  // in a location: name a hero and an item
	PhAnswer                 // the answerer (Table.Answerer) chooses which card to show
	PhAside                  // 2 players: the asker chooses a set-aside card to look at
	PhEnd                    // after the move and rumor: accuse (castle), Boss, personality, end turn
	PhOver                   // the game is over
)

// PhaseNames name the phases.
var PhaseNames = [...]string{"start", "draw", "immediate", "move", "rumor", "answer", "aside", "end", "over"}

// Out says why a player is out of the game (a wrong accuser still answers; see eliminate).
type Out uint8

// Player status.
const (
	In                 Out = iota // playing
	OutWrongAccusation            // accused wrongly
	OutGanondorf                  // drew the Ganondorf card that strikes
)

// OutNames are the elimination reasons in the event log.
var OutNames = [...]string{"", "wrong_accusation", "ganondorf"}

// Rumor is the rumor being answered, or the last one of the turn.
type Rumor struct {
	Asker, Hero, Item, Loc int8
	Via                    Via
}

// Via is how a rumor was started.
type Via uint8

// The ways to start a rumor (event `rumor.via`).
const (
	ViaEntered     Via = iota // entering the location
	ViaStayed                 // staying where another player moved him
	ViaPersonality            // the personality card
	ViaBoss                   // a Boss power (ask_again, move_to_any_location)
)

// ViaNames are the names in the event log.
var ViaNames = [...]string{"entered", "stayed", "personality", "boss"}

// Table is the public state of a game: what every seat sees.
type Table struct {
	Players     int
	First       int   // the seat that played first
	Seat        int   // whose turn it is
	Phase       Phase // what the game waits for
	Turn        int   // turns begun, counting every player's turn (1-based once play starts)
	Mover       [NumHeroes]Place
	ItemAt      [NumItems]Place
	Out         [MaxPlayers]Out
	HandN       [MaxPlayers]int
	FaceUp      [MaxHand]Card // leftover cards, face up for all
	FaceUpN     int
	AsideN      int              // 2 players: cards set aside face down
	Revealed    [MaxPlayers]bool // hand laid face up (Ganondorf; no longer asked); the cards are in the log
	MovedIn     [MaxPlayers]bool // moved into a location by another since his last turn
	MoveDraw    [MaxPlayers]bool // may draw an encounter at his next turn for being moved
	Personal    [MaxPlayers]bool // personality card used
	Extra       [MaxPlayers]int  // extra turns owed (extra_turn)
	Dice        [NumDice]uint8   // faces of the last roll (0 is "?")
	Steps       int              // squares the roll (and powers) give this turn
	Rolled      bool             // the dice were rolled this turn
	Moved       bool             // the player moved this turn
	Pending     int              // encounter draws the seat may still make
	Return      Phase            // the phase after the draws
	Immed       int8             // the Boss to play now (PhImmediate), else -1
	Rumor       Rumor            // the current (or last) rumor of the turn
	Answerer    int              // PhAnswer: the seat choosing; else the last asked
	Rumored     bool             // a rumor was made this turn
	LeftRoom    int8             // the room left this turn, or -1
	Encount     bool             // the Boss Encounter deck is used
	DeckN       int              // cards in the Boss Encounter deck
	GanonSeen   int              // Ganondorf cards revealed so far (repeats of the last counted)
	GanonInDeck int              // Ganondorf cards in the deck
	Kept        [MaxPlayers]int  // Boss cards each seat keeps (which ones is private)
	Used        [MaxBosses]bool  // Boss cards played and discarded (public)
	UsedBy      [MaxBosses]int8  // the seat that played each Boss; -1: not played (or discarded unused)
	Winner      int              // the winning seat, or -1
	End         EndReason
}

// Game is the whole mutable state of one game. The zero value is ready for Reset.
type Game struct {
	data *Data
	t    Table
	// Hidden state.
	envelope [3]Card
	hand     [MaxPlayers][MaxHand]Card
	aside    [MaxAside]Card
	deck     [MaxDeck]int8 // bottom first; a Boss index, or ganonCard
	owner    [MaxBosses]int8
	// Chance, one stream per source.
	rDeal, rFirst, rDice, rDeck, rPower chance.Stream
	seed, idx                           uint64
	// Observation logs, one per seat.
	logN [MaxPlayers]int
	log  [MaxPlayers][MaxObs]Obs
	full bool // a log is full: the game ends as at the turn cap
	sink Sink
	ev   Event
	// The move search's scratch (reach), kept so that it is not cleared for every move.
	reached Reach
	queue   [MaxSquares]Place
}

const ganonCard int8 = -2

// The chance streams.
const (
	streamDeal = iota
	streamFirst
	streamDice
	streamDeck
	streamPower
)

// Data returns the game's data.
func (g *Game) Data() *Data { return g.data }

// Table returns the public state (read only; valid until the next Apply).
func (g *Game) Table() *Table { return &g.t }

// Seed returns the game's episode seed and index.
func (g *Game) Seed() (seed, idx uint64) { return g.seed, g.idx }

// Reset starts game idx of a run with the given seed, for players seats (MinPlayers to
// MaxPlayers): cards dealt, movers and items placed, the first player drawn. It allocates
// nothing after a Game's first use.
func (g *Game) Reset(d *Data, players int, seed, idx uint64) {
	if players < MinPlayers || players > MaxPlayers {
		panic("clue: players out of range")
	}
	sink := g.sink
	g.data, g.seed, g.idx, g.sink = d, seed, idx, sink
	g.t = Table{Players: players, Winner: -1, Immed: -1, LeftRoom: -1}
	for b := range g.t.UsedBy {
		g.t.UsedBy[b] = -1
	}
	g.logN = [MaxPlayers]int{}
	g.full = false
	es := chance.EpisodeSeed(seed, idx)
	g.rDeal.Seed(es, streamDeal)
	g.rFirst.Seed(es, streamFirst)
	g.rDice.Seed(es, streamDice)
	g.rDeck.Seed(es, streamDeck)
	g.rPower.Seed(es, streamPower)
	g.place()
	g.deal()
	g.buildDeck()
	g.t.First = g.rFirst.Intn(players)
	if g.sink != nil {
		g.emit(&Event{Type: EvGameStart})
	}
	g.beginTurn(g.t.First)
}

// place puts every mover and item in Hyrule Castle, or the players' movers on their start
// squares (rules.players_start).
func (g *Game) place() {
	for h := range g.t.Mover {
		g.t.Mover[h] = RoomPlace(Castle)
		if h < g.t.Players && !g.data.Rules.StartInCastle {
			g.t.Mover[h] = g.data.Board.Start[h]
		}
	}
	for i := range g.t.ItemAt {
		g.t.ItemAt[i] = RoomPlace(Castle)
	}
}

// deal fills the envelope with one card of each kind, sets aside cards for 2 players, deals the
// rest evenly and lays the leftovers face up.
func (g *Game) deal() {
	r := &g.rDeal
	g.envelope = [3]Card{HeroCard(r.Intn(NumHeroes)), ItemCard(r.Intn(NumItems)), LocationCard(r.Intn(NumLocations))}
	var rest [NumCards]Card
	n := 0
	for c := Card(0); c < NumCards; c++ {
		if c != g.envelope[0] && c != g.envelope[1] && c != g.envelope[2] {
			rest[n] = c
			n++
		}
	}
	chance.Shuffle(r, rest[:n])
	p := g.t.Players
	if p == 2 {
		g.t.AsideN = g.data.Rules.AsideCards
		copy(g.aside[:], rest[n-g.t.AsideN:n])
		n -= g.t.AsideN
	}
	each := n / p
	for s := 0; s < p; s++ {
		copy(g.hand[s][:each], rest[s*each:(s+1)*each])
		g.t.HandN[s] = each
	}
	g.t.FaceUpN = copy(g.t.FaceUp[:], rest[each*p:n])
}

// buildDeck shuffles the Boss Encounter deck (3+ players, rules.encounters_min_players).
func (g *Game) buildDeck() {
	for i := range g.owner {
		g.owner[i] = -1
	}
	g.t.Encount = g.t.Players >= g.data.Rules.EncountersMinPlayers
	if !g.t.Encount {
		return
	}
	n := 0
	for b := 0; b < g.data.BossN; b++ {
		g.deck[n] = int8(b)
		n++
	}
	for k := 0; k < g.data.Rules.GanondorfCards; k++ {
		g.deck[n] = ganonCard
		n++
	}
	chance.Shuffle(&g.rDeck, g.deck[:n])
	g.t.DeckN, g.t.GanonInDeck = n, g.data.Rules.GanondorfCards
}

// Clone copies g into dst for lookahead without allocating (the logs are copied up to their
// lengths). The sink is not copied: dst has none.
func (g *Game) Clone(dst *Game) {
	dst.data, dst.t = g.data, g.t
	dst.envelope, dst.hand, dst.aside, dst.deck, dst.owner = g.envelope, g.hand, g.aside, g.deck, g.owner
	dst.rDeal, dst.rFirst, dst.rDice, dst.rDeck, dst.rPower = g.rDeal, g.rFirst, g.rDice, g.rDeck, g.rPower
	dst.seed, dst.idx, dst.full, dst.sink = g.seed, g.idx, g.full, nil
	dst.logN = g.logN
	for s := 0; s < g.t.Players; s++ {
		copy(dst.log[s][:g.logN[s]], g.log[s][:g.logN[s]])
	}
}

// IsTerminal reports whether the game is over.
func (g *Game) IsTerminal() bool { return g.t.Phase == PhOver }

// ToMove returns the seat that decides now: the player whose turn it is, or the answerer
// choosing a card. -1 when the game is over.
func (g *Game) ToMove() int {
	switch g.t.Phase {
	case PhOver:
		return -1
	case PhAnswer:
		return g.t.Answerer
	}
	return g.t.Seat
}

// Winner returns the winning seat, or play.NoWinner (no winner, or not over).
func (g *Game) Winner() int { return g.t.Winner }

// EndReason returns why the game ended (EndNone while it goes on).
func (g *Game) EndReason() EndReason { return g.t.End }

// Turn returns the turns played (begun), counting every player's turn.
func (g *Game) Turn() int { return g.t.Turn }

// Players returns the number of seats.
func (g *Game) Players() int { return g.t.Players }

// Envelope returns the three cards of the envelope (hidden: for tests, replays and judges).
func (g *Game) Envelope() [3]Card { return g.envelope }

// Hand returns seat s's cards (hidden: agents use View). Valid until the next Apply.
func (g *Game) Hand(s int) []Card { return g.hand[s][:g.t.HandN[s]] }

// Aside returns the 2-player set-aside cards (hidden).
func (g *Game) Aside() []Card { return g.aside[:g.t.AsideN] }

// Holds reports whether seat s holds card c.
func (g *Game) Holds(s int, c Card) bool {
	for _, x := range g.hand[s][:g.t.HandN[s]] {
		if x == c {
			return true
		}
	}
	return false
}

// KeptBosses appends the Boss cards seat s keeps into buf (hidden from the other seats).
func (g *Game) KeptBosses(s int, buf []int) []int {
	buf = buf[:0]
	for b := 0; b < g.data.BossN; b++ {
		if int(g.owner[b]) == s {
			buf = append(buf, b)
		}
	}
	return buf
}

// active counts the players still in.
func (g *Game) active() int {
	n := 0
	for s := 0; s < g.t.Players; s++ {
		if g.t.Out[s] == In {
			n++
		}
	}
	return n
}

// roomOfSeat returns the room seat s's mover is in, or -1.
func (g *Game) roomOfSeat(s int) int { return g.t.Mover[s].Room() }

// String returns the phase's name.
func (p Phase) String() string { return PhaseNames[p] }

// String returns the reason's name in the event log ("" while in).
func (o Out) String() string { return OutNames[o] }
