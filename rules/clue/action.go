package clue

import "strconv"

// ActionKind is the kind of a decision.
type ActionKind uint8

// The decisions. Only the seat ToMove() decides; the fields of Action each kind uses are named.
const (
	ActNone        ActionKind = iota
	ActRoll                   // roll the two dice (then Move)
	ActMove                   // To: a square or a room reachable with the roll (To = own place: stop at once)
	ActStay                   // moved into a location by another: stay and ask there (then Rumor)
	ActRumor                  // A: hero, B: item, about the location entered
	ActShow                   // the answerer shows card A (when he holds several of the rumor's)
	ActAside                  // 2 players: the asker looks at set-aside card A (its slot, 0-based)
	ActAccuse                 // in Hyrule Castle: A hero, B item, C location
	ActDraw                   // draw a Boss Encounter card
	ActNoDraw                 // decline the draw
	ActBoss                   // play kept Boss A (data index); B: target seat or 255; C: room or 255
	ActPersonality            // once a game: rumor about A hero, B item, C location (not the one he is in)
	ActEndTurn                // end the turn (declines an accusation)
	NumActionKinds
)

// ActionKindNames name the kinds in messages.
var ActionKindNames = [NumActionKinds]string{"none", "roll", "move", "stay", "rumor", "show", "aside",
	"accuse", "draw", "no_draw", "boss", "personality", "end_turn"}

// Action is one decision: a small value (6 bytes).
type Action struct {
	Kind    ActionKind
	A, B, C uint8
	To      Place
}

// None marks "no target" in Action.B and Action.C.
const None = 255

// String describes the action with indexes (Describe names them with the data's ids).
func (a Action) String() string {
	s := ActionKindNames[a.Kind]
	switch a.Kind {
	case ActMove:
		if a.To.IsRoom() {
			return s + " room " + strconv.Itoa(a.To.Room())
		}
		return s + " square " + strconv.Itoa(int(a.To))
	case ActRumor:
		return s + " hero " + strconv.Itoa(int(a.A)) + " item " + strconv.Itoa(int(a.B))
	case ActShow:
		return s + " card " + strconv.Itoa(int(a.A))
	case ActAside:
		return s + " slot " + strconv.Itoa(int(a.A))
	case ActAccuse, ActPersonality:
		return s + " hero " + strconv.Itoa(int(a.A)) + " item " + strconv.Itoa(int(a.B)) + " location " + strconv.Itoa(int(a.C))
	case ActBoss:
		s += " " + strconv.Itoa(int(a.A))
		if a.B != None {
			s += " seat " + strconv.Itoa(int(a.B))
		}
		if a.C != None {
			s += " room " + strconv.Itoa(int(a.C))
		}
	}
	return s
}

// Describe names the action with the data's ids (for messages and stories; it allocates).
func (a Action) Describe(d *Data) string {
	switch a.Kind {
	case ActMove:
		if a.To.IsRoom() {
			return "move into " + d.RoomID(a.To.Room())
		}
		r, c := d.Board.RC(a.To)
		return "move to r" + strconv.Itoa(r) + "c" + strconv.Itoa(c)
	case ActRumor:
		return "rumor " + d.Heroes[a.A] + " " + d.Items[a.B]
	case ActShow:
		return "show " + d.CardID(Card(a.A))
	case ActAccuse, ActPersonality:
		return ActionKindNames[a.Kind] + " " + d.Heroes[a.A] + " " + d.Items[a.B] + " " + d.Locations[a.C]
	case ActBoss:
		s := "boss " + d.Bosses[a.A].ID + " (" + d.Bosses[a.A].Effect.String() + ")"
		if a.B != None {
			s += " seat " + strconv.Itoa(int(a.B))
		}
		if a.C != None {
			s += " " + d.RoomID(int(a.C))
		}
		return s
	}
	return a.String()
}
