package clue

// EventSchema names the event log's schema; game_start carries it (../shared/SCHEMAS.md).
const EventSchema = "clue.events/v1"

// EventType is the kind of an event of the log.
type EventType uint8

// The event types; their names in the log are EventNames.
const (
	EvNone EventType = iota
	EvGameStart
	EvTurnStart
	EvRoll
	EvMove
	EvEncounter
	EvBossPower
	EvRumor
	EvAnswer
	EvAsideSeen
	EvAccuse
	EvEliminated
	EvGameEnd
	NumEventTypes
)

// EventNames are the `ev` values of the log, indexed by EventType.
var EventNames = [NumEventTypes]string{"", "game_start", "turn_start", "roll", "move", "encounter",
	"boss_power", "rumor", "answer", "aside_seen", "accuse", "eliminated", "game_end"}

// Event is one event of a game, as the engine hands it to a Sink: only valid during the call.
// Which fields are set depends on Type (docs: the clue.events/v1 table of SCHEMAS.md).
type Event struct {
	Type    EventType
	Game    uint64 // the game's index
	Turn    int    // turns begun
	Seat    int8   // the acting seat (game_end: the winner or -1)
	Asker   int8   // answer, aside_seen: the asker
	Target  int8   // boss_power: the target seat, or -1
	Hero    int8
	Item    int8
	Loc     int8
	Card    Card // answer: the card shown (NoCard: none); aside_seen, boss_power: the card seen
	Boss    int8 // encounter, boss_power: the Boss (data index); encounter: -1 for Ganondorf
	Effect  Effect
	Steps   int   // roll: the movement; move: squares walked
	From    Place // move
	To      Place // move; boss_power: the room entered or moved into (NoPlace: none)
	Via     Via
	Out     Out  // eliminated: why
	Correct bool // accuse: right; encounter: the Ganondorf card eliminated the drawer; boss_power: wasted (an immediate Boss with nothing to act on, discarded)
	G       *Game
}

// Sink receives the events of a game. The Event is only valid during the call.
type Sink interface {
	Emit(e *Event)
}

// SetSink attaches a sink (nil detaches it). Without one no event is even built.
func (g *Game) SetSink(s Sink) { g.sink = s }

// emit fills the common fields and hands the event to the sink through the Game's own buffer,
// so that it never escapes to the heap. Callers check g.sink != nil first.
func (g *Game) emit(ep *Event) {
	g.ev = *ep
	e := &g.ev
	e.Game, e.Turn, e.G = g.idx, g.t.Turn, g
	g.sink.Emit(e)
}
