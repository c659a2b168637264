package duels

// EventSchema names the event log's schema; game_start carries it (SCHEMAS.md, "Event log of
// Zelda Duels").
const EventSchema = "duels.events/v1"

// EventType is the kind of an event.
type EventType uint8

// The event types; EventNames holds their names in the log.
const (
	EvGameStart  EventType = iota // the line-up, board and characters (read from the game)
	EvTurnStart                   // Seat begins turn Game.Turn()
	EvRoll                        // Seat rolled Game.Face()
	EvMove                        // Char walked (or was pushed along) Path, taking Amount damage
	EvDraw                        // Seat took Card into its hand; Reason "deck" or "discard" (recover)
	EvDiscard                     // Seat discarded Card; Reason says why
	EvAction                      // Seat spent action number Amount (0: a card that costs none); Reason is the kind; Card, Char, Target what it played, discarded or healed
	EvAttack                      // Char attacked Target with Card (Value) against Card2 (Value2): Amount damage, HP left
	EvEffect                      // effect Word of Card acted on Char (Amount; HP after; Value the card's Clock duration)
	EvHeal                        // Char healed Amount to HP; Reason is the source
	EvEliminated                  // Char left the board, by Target (-1: none) or Reason (a hazard)
	EvGameEnd                     // the game ended (Game.Winner(), Game.Turn())
	EvReshuffle                   // Seat's discard pile (Amount cards) became its draw pile
	NumEventTypes
)

// EventNames are the `ev` values of the event types.
var EventNames = [NumEventTypes]string{"game_start", "turn_start", "roll", "move", "draw",
	"discard", "action", "attack", "effect", "heal", "eliminated", "game_end", "reshuffle"}

// Action kinds of the `action` event, and heal sources of the `heal` event.
const (
	ActionPlay = "play"
	ActionDraw = "draw"
	ActionHeal = "heal"
	HealHeart  = "heart_roll"
	HealAction = "action"
	HealCard   = "card"
)

// MaxPath is the most squares a move event lists.
const MaxPath = MaxSteps + MaxRows + MaxCols

// Event is one event of a game. Which fields mean something depends on Type (see the
// constants); the sink may also read the game, which is in the state right after the event.
type Event struct {
	Type          EventType
	Seat          int8
	Char, Target  int8
	Card, Card2   CardID
	Word          Word
	Flag          bool // attack: ranged
	Amount, HP    int
	Value, Value2 int
	Reason        string
	Path          [MaxPath]Square
	NPath         int8
}

// Sink receives the events of a game, synchronously, while the game is in the state right after
// each event. A game with no sink emits nothing and pays only a nil check.
type Sink interface {
	Event(g *Game, e *Event)
}

// Stats holds a game's counts for designers' tallies. Reset clears them; Game.Stats returns them.
type Stats struct {
	CardsPlayed       [MaxCards]uint16    // plays of each card id (attack, defence or special)
	CardDamage        [MaxCards]uint32    // hit points taken off by each card id (combat and effects)
	Eliminated        [MaxCharacters]int8 // character indexes in the order they were eliminated
	NumEliminated     int                 // entries of Eliminated
	HeartRolls        [MaxPlayers]uint16  // Container Heart rolls of each seat
	HandLimitDiscards [MaxPlayers]uint16  // discards to draw at the hand limit, per seat
	HealActions       [MaxPlayers]uint16  // heal actions taken, per seat
	TriforcePlayed    [MaxPlayers]uint16  // Triforce cards played, per seat
	TriforceTriggered [MaxPlayers]uint16  // Triforce abilities triggered, per seat
	ClockPlayed       [MaxPlayers]uint16  // Clock cards played, per seat
	Reshuffles        [MaxPlayers]uint16  // discard piles reshuffled into the draw pile, per seat
}

// EliminationOrder returns the characters eliminated so far, in order (a view into the stats).
func (s *Stats) EliminationOrder() []int8 { return s.Eliminated[:s.NumEliminated] }

// Played returns the number of plays of card id.
func (s *Stats) Played(id CardID) int { return int(s.CardsPlayed[id]) }

// Damage returns the hit points taken off by card id.
func (s *Stats) Damage(id CardID) int { return int(s.CardDamage[id]) }
