package clue

// ObsKind is the kind of an observation: one fact a seat learned.
type ObsKind uint8

// The observations. Fields not named are unset (-1 or NoCard).
const (
	ObsNone       ObsKind = iota
	ObsRumor              // Asker asked about Hero, Item, Loc; Flag: the Via (public)
	ObsAnswer             // Seat was asked Asker's rumor (Hero, Item, Loc); Flag 1: he showed a card; Card: which (only in the asker's and Seat's logs)
	ObsAside              // 2 players: Asker looked at set-aside slot Flag; Card: which (only in his log)
	ObsEncounter          // Seat drew a Boss card; Boss: which (only in his log)
	ObsGanondorf          // Seat drew a Ganondorf card; Flag: Ganondorf cards revealed so far (public)
	ObsRevealed           // Seat's Card is laid face up (Ganondorf's victim; public)
	ObsBoss               // Seat played Boss; Asker: its target seat, Loc: its room (or -1); Card: the card seen by see_card (only in his log)
	ObsAccuse             // Seat accused Hero, Item, Loc; Flag 1: right (public)
	ObsEliminated         // Seat is out; Flag: the Out reason (public)
)

// ObsKindNames name the observation kinds.
var ObsKindNames = [...]string{"", "rumor", "answer", "aside", "encounter", "ganondorf", "revealed",
	"boss", "accuse", "eliminated"}

// All is the To of a public observation.
const All = -1

// Obs is one observation of a seat's log (12 bytes).
type Obs struct {
	Kind            ObsKind
	Flag            uint8
	Asker, Seat     int8
	Hero, Item, Loc int8
	Card            Card
	Boss            int8
	To              int8   // the seat that alone may see it, or All
	Turn            uint16 // the turn it happened in
}

// observe appends o to seat to's log (All: every seat's).
func (g *Game) observe(o Obs, to int) {
	o.Turn = uint16(g.t.Turn)
	o.To = int8(to)
	if to != All {
		g.push(to, o)
		return
	}
	for s := 0; s < g.t.Players; s++ {
		g.push(s, o)
	}
}

// observeBut appends the public version o to every log but those of seats a and b.
func (g *Game) observeBut(o Obs, a, b int) {
	o.Turn = uint16(g.t.Turn)
	o.To = All
	for s := 0; s < g.t.Players; s++ {
		if s != a && s != b {
			g.push(s, o)
		}
	}
}

func (g *Game) push(s int, o Obs) {
	n := g.logN[s]
	if n == MaxObs {
		g.full = true // the game ends at the next turn, as at the turn cap
		return
	}
	g.log[s][n] = o
	g.logN[s] = n + 1
}
