package duels

import (
	"fmt"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/play"
)

// The engine follows the games' contract (rules/play).
var (
	_ play.State[Action, *Game] = (*Game)(nil)
	_ play.Observer[View]       = (*Game)(nil)
	_ play.Sampler              = (*Game)(nil)
)

// Setup is one game's line-up: the number of players, the team of every seat and the map.
type Setup struct {
	Players int                // 2..MaxPlayers
	Teams   [MaxPlayers]TeamID // the team of each seat (seats 0..Players-1)
	Map     MapID
}

// Phase is the part of a turn that the next decision belongs to.
type Phase uint8

// The phases.
const (
	PhaseMove   Phase = iota // moving after a number or "all" roll
	PhaseAction              // the turn's actions
	PhaseDefend              // the attacked player may play a defence card
	PhaseEffect              // a card's move effect asks where a character goes
	PhaseOver                // the game has ended
)

var phaseNames = [...]string{"move", "action", "defend", "effect", "over"}

// String returns the phase's name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "?"
}

// Streams of chance of a game: one per seat's deck, one for the die, one for random effects.
const (
	streamDice   = MaxPlayers
	streamEffect = MaxPlayers + 1
)

// charState is one character's mutable state. Character index = seat*MaxTeamChars + slot.
type charState struct {
	HP     int8
	At     Square
	Alive  bool
	Exists bool // the seat's team has this slot
	Moved  bool // moved during this turn's movement
}

// pile is an ordered list of cards (a draw pile's top is its end).
type pile struct {
	Cards [MaxDeck]CardID
	N     int
}

func (p *pile) push(c CardID) { p.Cards[p.N] = c; p.N++ }

func (p *pile) pop() CardID { p.N--; return p.Cards[p.N] }

// remove takes the card at index i out, keeping the order of the rest.
func (p *pile) remove(i int) CardID {
	c := p.Cards[i]
	copy(p.Cards[i:p.N-1], p.Cards[i+1:p.N])
	p.N--
	return c
}

// index returns the position of card c, or -1.
func (p *pile) index(c CardID) int {
	for i := 0; i < p.N; i++ {
		if p.Cards[i] == c {
			return i
		}
	}
	return -1
}

// cardSet is a set of card ids (one bit a card).
type cardSet [(MaxCards + 63) / 64]uint64

func (s *cardSet) add(c CardID)      { s[c/64] |= 1 << (c % 64) }
func (s *cardSet) has(c CardID) bool { return s[c/64]&(1<<(c%64)) != 0 }

// clockCard is a Clock card in play.
type clockCard struct {
	Card CardID
	Char int8 // the character it acts on
	Left int8 // owner's turn starts until it is discarded
}

// Effect lists a frame may walk.
const (
	listAttack uint8 = iota
	listDefend
	listSpecial
	listTriforce
)

// frame is an effect list being resolved.
type frame struct {
	Card        CardID
	List        uint8
	Idx         uint8
	Self, Other int8
	Seat        int8
}

// attack is the combat being resolved.
type attack struct {
	Attacker, Target int8
	Card             CardID
	Ranged           bool
}

// pendingMove is a move effect waiting for its destination.
type pendingMove struct {
	Char   int8
	Steps  int8
	Lethal bool // the path may eliminate the moved character (moving an opponent)
}

// Game is the whole mutable state of one game, in fixed-size arrays. Reset reuses it.
type Game struct {
	d    *Data
	m    *Map
	sink Sink

	seed, idx, epSeed uint64
	players           int
	teams             [MaxPlayers]TeamID
	mapID             MapID

	chars [MaxCharacters]charState
	occ   [MaxSquares]int8 // character index + 1 standing on a square, 0: none

	hand, draw, discard [MaxPlayers]pile
	inPlay              [MaxPlayers][MaxInPlay]clockCard
	nInPlay             [MaxPlayers]int
	revealed            [MaxPlayers]int8 // bit s: seat s has seen this seat's hand since it last took a card

	deckRNG  [MaxPlayers]chance.Stream
	dice, fx chance.Stream

	first, seat, turn int
	ownTurns          [MaxPlayers]int
	phase             Phase
	face              int8
	allMove           bool
	actionsLeft       int
	atk               attack
	playing           CardID // the special card of the player in turn being resolved (NoCard: none)
	frames            [4]frame
	nFrames, head     int
	pend              pendingMove
	winner            int
	triUsed           [MaxPlayers]cardSet // per seat: the Triforce abilities it has used
	played            [MaxPlayers]cardSet // per seat: the cards it has played in this game
	stats             Stats

	// scratch of the movement search
	reach reachTable
}

// Reset starts game idx of a run with seed seed on data d with line-up s: places the teams,
// shuffles the decks, rolls for the first player, deals the opening hands and starts the first
// turn. It allocates nothing (except the events of an attached sink).
func (g *Game) Reset(d *Data, s Setup, seed, idx uint64) {
	sink := g.sink
	*g = Game{}
	g.sink = sink
	g.d, g.mapID, g.m = d, s.Map, &d.Maps[s.Map]
	g.seed, g.idx, g.epSeed = seed, idx, chance.EpisodeSeed(seed, idx)
	g.players, g.teams = s.Players, s.Teams
	g.winner, g.playing = -1, NoCard
	for i := range g.deckRNG {
		g.deckRNG[i].Seed(g.epSeed, i)
	}
	g.dice.Seed(g.epSeed, streamDice)
	g.fx.Seed(g.epSeed, streamEffect)
	g.place()
	for seat := 0; seat < g.players; seat++ {
		t := &d.Teams[g.teams[seat]]
		p := &g.draw[seat]
		p.N = copy(p.Cards[:], t.Deck)
		chance.Shuffle(&g.deckRNG[seat], p.Cards[:p.N])
	}
	g.first = g.rollFirst()
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvGameStart})
	}
	for i := 0; i < g.players; i++ {
		seat := (g.first + i) % g.players
		g.drawCards(seat, d.Rules.OpeningHand)
	}
	g.startTurn(g.first)
}

// place puts every character on its start square.
func (g *Game) place() {
	for seat := 0; seat < g.players; seat++ {
		t := &g.d.Teams[g.teams[seat]]
		for slot := range t.Chars {
			c := seat*MaxTeamChars + slot
			at := g.m.Starts[g.players][seat][slot]
			g.chars[c] = charState{HP: t.Chars[slot].HP, At: at, Alive: true, Exists: true}
			g.occ[at] = int8(c + 1)
		}
	}
}

// rollFirst rolls the die for every player and returns the seat of the highest roll; the tied
// highest roll again until one is highest.
func (g *Game) rollFirst() int {
	var in [MaxPlayers]bool
	for s := 0; s < g.players; s++ {
		in[s] = true
	}
	for {
		best, n, who := -1, 0, 0
		var rank [MaxPlayers]int
		for s := 0; s < g.players; s++ {
			if !in[s] {
				continue
			}
			rank[s] = g.d.Faces[g.dice.Intn(len(g.d.Faces))].Rank()
			if rank[s] > best {
				best, n, who = rank[s], 1, s
			} else if rank[s] == best {
				n++
			}
		}
		if n == 1 {
			return who
		}
		for s := 0; s < g.players; s++ {
			in[s] = in[s] && rank[s] == best
		}
	}
}

// startTurn begins the turn of seat: counts the turn, ages its Clock cards, rolls the die and
// applies a Container Heart.
func (g *Game) startTurn(seat int) {
	if g.turn >= g.d.Rules.TurnCap {
		g.end(-1)
		return
	}
	g.turn++
	g.seat = seat
	g.ownTurns[seat]++
	g.actionsLeft = g.d.Rules.Actions
	if g.turn == 1 {
		g.actionsLeft = g.d.Rules.FirstTurnActions
	}
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvTurnStart, Seat: int8(seat)})
	}
	g.ageClocks(seat)
	g.face = int8(g.dice.Intn(len(g.d.Faces)))
	f := &g.d.Faces[g.face]
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvRoll, Seat: int8(seat)})
	}
	for c := seat * MaxTeamChars; c < (seat+1)*MaxTeamChars; c++ {
		g.chars[c].Moved = false
	}
	if f.Heart {
		g.stats.HeartRolls[seat]++
		g.heartHeal(seat)
		g.beginActions()
		return
	}
	g.allMove = f.All
	g.phase = PhaseMove
}

// heartHeal heals every character of seat in play by the Container Heart amount (a character on
// a fairy square by the map's fairy amount instead).
func (g *Game) heartHeal(seat int) {
	for c := seat * MaxTeamChars; c < (seat+1)*MaxTeamChars; c++ {
		ch := &g.chars[c]
		if !ch.Alive {
			continue
		}
		n := g.d.Rules.HeartHeal
		if g.m.FairyHeal > 0 && g.m.Fairy[ch.At] {
			n = g.m.FairyHeal
		}
		g.heal(c, n, HealHeart)
	}
}

// ageClocks counts one turn start of seat on each of its Clock cards and discards those whose
// duration is reached.
func (g *Game) ageClocks(seat int) {
	for i := 0; i < g.nInPlay[seat]; {
		cc := &g.inPlay[seat][i]
		cc.Left--
		if cc.Left > 0 {
			i++
			continue
		}
		card := cc.Card
		g.nInPlay[seat]--
		g.inPlay[seat][i] = g.inPlay[seat][g.nInPlay[seat]]
		g.discard[seat].push(card)
		if g.sink != nil {
			g.sink.Event(g, &Event{Type: EvDiscard, Seat: int8(seat), Card: card, Reason: "clock_ended"})
		}
	}
}

// endTurn passes the turn clockwise to the next player with a character in play.
func (g *Game) endTurn() {
	if g.phase == PhaseOver {
		return
	}
	next := g.seat
	for i := 0; i < g.players; i++ {
		next = (next + 1) % g.players
		if g.seatAlive(next) {
			break
		}
	}
	g.startTurn(next)
}

// seatAlive reports whether seat has a character in play.
func (g *Game) seatAlive(seat int) bool {
	for c := seat * MaxTeamChars; c < (seat+1)*MaxTeamChars; c++ {
		if g.chars[c].Alive {
			return true
		}
	}
	return false
}

// seatsAlive returns the number of players with a character in play, and the last of them.
func (g *Game) seatsAlive() (n, last int) {
	last = -1
	for s := 0; s < g.players; s++ {
		if g.seatAlive(s) {
			n, last = n+1, s
		}
	}
	return n, last
}

// playersInPlay returns the number of players with a character in play.
func (g *Game) playersInPlay() int {
	n, _ := g.seatsAlive()
	return n
}

// checkEnd ends the game when at most one player has characters in play.
func (g *Game) checkEnd() bool {
	if g.phase == PhaseOver {
		return true
	}
	n, who := g.seatsAlive()
	switch {
	case n == 1:
		g.end(who)
	case n == 0 && g.d.Rules.Simultaneous == SimulTurnPlayer:
		g.end(g.seat)
	case n == 0:
		g.end(-1)
	}
	return g.phase == PhaseOver
}

// end ends the game with winner (a seat, or -1).
func (g *Game) end(winner int) {
	g.phase, g.winner = PhaseOver, winner
	g.nFrames, g.head = 0, 0
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvGameEnd})
	}
}

// SetSink attaches an event sink (nil detaches it). Attach before Reset to see game_start.
func (g *Game) SetSink(s Sink) { g.sink = s }

// Clone copies the game into dst, without its sink (a copy for lookahead emits nothing).
func (g *Game) Clone(dst *Game) {
	*dst = *g
	dst.sink = nil
}

// IsTerminal reports whether the game has ended.
func (g *Game) IsTerminal() bool { return g.phase == PhaseOver }

// Winner returns the winning seat, or play.NoWinner (a game in progress, or ended with no
// winner).
func (g *Game) Winner() int { return g.winner }

// Turn returns the number of turns begun so far, counting every player's turn (1 is the first).
func (g *Game) Turn() int { return g.turn }

// OwnTurns returns the number of turns seat has begun.
func (g *Game) OwnTurns(seat int) int { return g.ownTurns[seat] }

// Seat returns the seat whose turn it is.
func (g *Game) Seat() int { return g.seat }

// First returns the seat that won the first-player roll.
func (g *Game) First() int { return g.first }

// Phase returns the phase of the next decision.
func (g *Game) Phase() Phase { return g.phase }

// Setup returns the game's line-up: its players, the team of each seat and its map.
func (g *Game) Setup() Setup {
	s := Setup{Players: g.players}
	copy(s.Teams[:], g.teams[:g.players])
	for i := range g.d.Maps {
		if &g.d.Maps[i] == g.m {
			s.Map = MapID(i)
		}
	}
	return s
}

// Players returns the number of players.
func (g *Game) Players() int { return g.players }

// Data returns the game's data.
func (g *Game) Data() *Data { return g.d }

// Map returns the game's map.
func (g *Game) Map() *Map { return g.m }

// teamRepeated reports whether the team of seat plays at another seat too.
func (g *Game) teamRepeated(seat int) bool {
	for s := 0; s < g.players; s++ {
		if s != seat && g.teams[s] == g.teams[seat] {
			return true
		}
	}
	return false
}

// Team returns the team of seat.
func (g *Game) Team(seat int) TeamID { return g.teams[seat] }

// Seed returns the run seed and the game index the game was reset with.
func (g *Game) Seed() (seed, idx uint64) { return g.seed, g.idx }

// ActionsLeft returns the actions the player whose turn it is has left.
func (g *Game) ActionsLeft() int { return g.actionsLeft }

// Face returns the die face rolled this turn.
func (g *Game) Face() Face { return g.d.Faces[g.face] }

// ToMove returns the seat deciding next: the defender during PhaseDefend, else the player whose
// turn it is (-1 when the game is over).
func (g *Game) ToMove() int {
	switch g.phase {
	case PhaseOver:
		return -1
	case PhaseDefend:
		return int(g.atk.Target) / MaxTeamChars
	case PhaseEffect:
		return int(g.frames[g.head].Seat)
	}
	return g.seat
}

// HP returns character c's hit points (0 once eliminated).
func (g *Game) HP(c int) int { return int(g.chars[c].HP) }

// Alive reports whether character c is in play.
func (g *Game) Alive(c int) bool { return g.chars[c].Alive }

// At returns character c's square (NoSquare once eliminated).
func (g *Game) At(c int) Square { return g.chars[c].At }

// Character returns the data of character c (its seat's team's slot).
func (g *Game) Character(c int) *Character {
	return &g.d.Teams[g.teams[c/MaxTeamChars]].Chars[c%MaxTeamChars]
}

// CharExists reports whether index c is a character of the game.
func (g *Game) CharExists(c int) bool { return c >= 0 && c < MaxCharacters && g.chars[c].Exists }

// Hand returns seat's hand (a view into the game: copy it to keep it).
func (g *Game) Hand(seat int) []CardID { return g.hand[seat].Cards[:g.hand[seat].N] }

// DrawPile returns seat's draw pile, the top card last (a view into the game).
func (g *Game) DrawPile(seat int) []CardID { return g.draw[seat].Cards[:g.draw[seat].N] }

// DiscardPile returns seat's discard pile, the most recent card last (a view into the game).
func (g *Game) DiscardPile(seat int) []CardID { return g.discard[seat].Cards[:g.discard[seat].N] }

// InPlay returns the number of Clock cards seat has in play, and the i-th one's card,
// character and owner's turn starts left.
func (g *Game) InPlay(seat, i int) (card CardID, char, left int) {
	cc := g.inPlay[seat][i]
	return cc.Card, int(cc.Char), int(cc.Left)
}

// NumInPlay returns the number of Clock cards seat has in play.
func (g *Game) NumInPlay(seat int) int { return g.nInPlay[seat] }

// Stats returns the game's counts for designers (read-only).
func (g *Game) Stats() *Stats { return &g.stats }

// Validate reports whether s is a line-up d can play: 2..MaxPlayers players, known teams, a
// known map.
func (s Setup) Validate(d *Data) error {
	if s.Players < MinPlayers || s.Players > MaxPlayers {
		return fmt.Errorf("duels: %d players, want %d to %d", s.Players, MinPlayers, MaxPlayers)
	}
	if int(s.Map) >= len(d.Maps) {
		return fmt.Errorf("duels: map %d of %d", s.Map, len(d.Maps))
	}
	for i := 0; i < s.Players; i++ {
		if int(s.Teams[i]) >= len(d.Teams) {
			return fmt.Errorf("duels: seat %d: team %d of %d", i, s.Teams[i], len(d.Teams))
		}
	}
	return nil
}
