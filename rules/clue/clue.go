// Package clue is the rules engine of CLUE: The Legend of Zelda (the seed rulebook
// ../shared/seeds/clue-zelda-rulebook.txt is the authority; docs/clue-rules.md lists every
// reading where it is silent, each a key of the data's `rules` section).
//
// A Game holds every mutable thing in fixed-size arrays sized by the constants below; Reset
// reuses them, so a worker plays game after game without allocating. Every decision is an
// Action of the seat ToMove(): LegalActions lists them into a caller's buffer, Apply plays one
// (ApplyChecked refuses an illegal one). Chance comes from rules/chance streams, one per source
// (deal, first player, dice, encounter deck, powers), so a game is fixed by (data, players,
// seed, index).
//
// What a seat may know is its View: its hand, the public table and a log of observations
// filtered to that seat. Determinize builds a game from a view and a chosen assignment of the
// hidden cards, for searching agents.
package clue

// Limits of the engine's arrays.
const (
	MinPlayers   = 2                                   // fewest players (2-player rules: four cards aside, no encounters)
	MaxPlayers   = 6                                   // most players (one hero mover each)
	NumHeroes    = 6                                   // Hero (who) cards and hero movers
	NumItems     = 6                                   // Item (what) cards and item tokens
	NumLocations = 9                                   // Location (where) cards, each a room of the board
	NumCards     = NumHeroes + NumItems + NumLocations // the 21 Rumor cards
	NumRooms     = NumLocations + 1                    // the nine locations and Hyrule Castle
	Castle       = NumLocations                        // room index of Hyrule Castle
	MaxBosses    = 32                                  // Boss cards in the Boss Encounter deck (17 printed)
	MaxGanondorf = 16                                  // Ganondorf cards in the deck (8 printed)
	MaxDeck      = MaxBosses + MaxGanondorf
	MaxHand      = NumCards - 3 // the most cards one seat can hold
	MaxAside     = 8            // set-aside cards of the 2-player rules (4 printed)
	MaxRows      = 32           // board rows
	MaxCols      = 32           // board columns
	MaxSquares   = MaxRows * MaxCols
	MaxExits     = 16   // corridor squares next to one room's doors
	MaxDieFaces  = 12   // faces of one die
	NumDice      = 2    // dice rolled each turn
	MaxTurnCap   = 2000 // the largest rules.turn_cap
	MaxObs       = 8192 // observations kept per seat (about 1.5 a turn; a game whose log fills ends as at the turn cap)
	MaxActions   = 2048 // a buffer this long always holds LegalActions
)

// Card is a Rumor card: heroes are 0-5, items 6-11, locations 12-20 (data order of each kind).
type Card uint8

// NoCard marks "no card" (an answer without a card, an empty slot).
const NoCard Card = 255

// Kinds of Rumor cards.
const (
	KindHero     = 0
	KindItem     = 1
	KindLocation = 2
)

// HeroCard returns the card of hero h (0-5).
func HeroCard(h int) Card { return Card(h) }

// ItemCard returns the card of item i (0-5).
func ItemCard(i int) Card { return Card(NumHeroes + i) }

// LocationCard returns the card of location l (0-8).
func LocationCard(l int) Card { return Card(NumHeroes + NumItems + l) }

// Kind returns the kind of c: KindHero, KindItem or KindLocation.
func (c Card) Kind() int {
	switch {
	case c < NumHeroes:
		return KindHero
	case c < NumHeroes+NumItems:
		return KindItem
	}
	return KindLocation
}

// Index returns c's index within its kind (hero 0-5, item 0-5, location 0-8).
func (c Card) Index() int {
	switch c.Kind() {
	case KindHero:
		return int(c)
	case KindItem:
		return int(c) - NumHeroes
	}
	return int(c) - NumHeroes - NumItems
}

// Place is where a mover or an item token stands: a board square (row*cols+col, below
// MaxSquares) or a room (RoomPlace).
type Place uint16

// NoPlace marks "nowhere".
const NoPlace Place = 0xFFFF

// RoomPlace returns the place of room r (0-8 a location, Castle for Hyrule Castle).
func RoomPlace(r int) Place { return Place(MaxSquares + r) }

// IsRoom reports whether p is a room.
func (p Place) IsRoom() bool { return p >= MaxSquares && p != NoPlace }

// Room returns the room of p (-1 when p is a square).
func (p Place) Room() int {
	if !p.IsRoom() {
		return -1
	}
	return int(p) - MaxSquares
}

// EndReason is why a game ended.
type EndReason uint8

// The reasons a game ends.
const (
	EndNone      EndReason = iota // still playing
	EndAccused                    // a player accused rightly and won
	EndGanondorf                  // Ganondorf took the last player, or (rules.ganondorf_eighth: game_lost) the game
	EndAllWrong                   // every player is out, the last by a wrong accusation
	EndTurnCap                    // rules.turn_cap turns were played
)

// EndReasonNames are the names of the reasons in the event log.
var EndReasonNames = [...]string{"", "accused", "ganondorf", "all_wrong", "turn_cap"}

// String returns the reason's name in the event log.
func (r EndReason) String() string { return EndReasonNames[r] }
