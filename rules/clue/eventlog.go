package clue

import (
	"io"
	"strconv"
)

// JSONSink writes the clue.events/v1 event log as JSON Lines (../shared/SCHEMAS.md, "Event log
// of CLUE"): one object a line, `ev` and `g` first. The log is omniscient: game_start shows the
// envelope and every hand. It allocates (it serves replays, not bulk runs).
type JSONSink struct {
	w     io.Writer
	seats []string
	b     []byte
	err   error
}

// NewJSONSink returns a sink writing to w; seats names the agent of each seat (nil: none).
func NewJSONSink(w io.Writer, seats []string) *JSONSink { return &JSONSink{w: w, seats: seats} }

// Err returns the first write error.
func (s *JSONSink) Err() error { return s.err }

// Emit writes one event line.
func (s *JSONSink) Emit(e *Event) {
	if s.err != nil {
		return
	}
	g, d := e.G, e.G.data
	s.b = append(s.b[:0], `{"ev":`...)
	s.b = strconv.AppendQuote(s.b, EventNames[e.Type])
	s.num("g", int(e.Game))
	switch e.Type {
	case EvGameStart:
		s.gameStart(g)
	case EvTurnStart:
		s.num("turn", e.Turn)
		s.num("seat", int(e.Seat))
	case EvRoll:
		s.num("seat", int(e.Seat))
		s.key("dice")
		s.b = append(s.b, '[')
		for i, f := range g.t.Dice {
			if i > 0 {
				s.b = append(s.b, ',')
			}
			s.b = strconv.AppendInt(s.b, int64(f), 10)
		}
		s.b = append(s.b, ']')
		s.num("steps", e.Steps)
	case EvMove:
		s.num("seat", int(e.Seat))
		s.place("from", d, e.From)
		s.place("to", d, e.To)
		s.num("steps", e.Steps)
	case EvEncounter:
		s.num("seat", int(e.Seat))
		if e.Boss < 0 {
			s.str("card", "ganondorf")
		} else {
			s.str("card", d.Bosses[e.Boss].ID)
		}
		s.num("ganondorf_seen", g.t.GanonSeen)
		s.flag("eliminated", e.Correct)
	case EvBossPower:
		s.bossPower(e, d)
	case EvRumor:
		s.num("seat", int(e.Seat))
		s.rumorCards(d, e.Hero, e.Item, e.Loc)
		s.str("via", ViaNames[e.Via])
	case EvAnswer:
		s.num("asker", int(e.Asker))
		s.num("seat", int(e.Seat))
		s.card("shows", d, e.Card)
	case EvAsideSeen:
		s.num("asker", int(e.Asker))
		s.card("card", d, e.Card)
	case EvAccuse:
		s.num("seat", int(e.Seat))
		s.rumorCards(d, e.Hero, e.Item, e.Loc)
		s.flag("correct", e.Correct)
	case EvEliminated:
		s.num("seat", int(e.Seat))
		s.str("reason", OutNames[e.Out])
		var none []Card
		if e.Out == OutGanondorf {
			none = g.Hand(int(e.Seat))
		}
		s.cards("revealed", d, none)
	case EvGameEnd:
		s.key("winner")
		if e.Seat < 0 {
			s.b = append(s.b, "null"...)
		} else {
			s.b = strconv.AppendInt(s.b, int64(e.Seat), 10)
		}
		s.str("reason", g.t.End.String())
		s.num("turns", g.t.Turn)
	}
	s.b = append(s.b, "}\n"...)
	_, s.err = s.w.Write(s.b)
}

func (s *JSONSink) gameStart(g *Game) {
	d := g.data
	s.str("schema", EventSchema)
	s.num("players", g.t.Players)
	s.key("seed")
	s.b = strconv.AppendUint(s.b, g.seed, 10)
	s.key("seats")
	s.b = append(s.b, '[')
	for i := 0; i < g.t.Players; i++ {
		if i > 0 {
			s.b = append(s.b, ',')
		}
		name := ""
		if i < len(s.seats) {
			name = s.seats[i]
		}
		s.b = strconv.AppendQuote(s.b, name)
	}
	s.b = append(s.b, ']')
	s.num("first", g.t.First)
	s.key("envelope")
	s.b = append(s.b, '{')
	s.b = append(s.b, `"hero":`...)
	s.b = strconv.AppendQuote(s.b, d.CardID(g.envelope[0]))
	s.str("item", d.CardID(g.envelope[1]))
	s.str("location", d.CardID(g.envelope[2]))
	s.b = append(s.b, '}')
	s.key("hands")
	s.b = append(s.b, '[')
	for i := 0; i < g.t.Players; i++ {
		if i > 0 {
			s.b = append(s.b, ',')
		}
		s.list(d, g.Hand(i))
	}
	s.b = append(s.b, ']')
	s.cards("face_up", d, g.t.FaceUp[:g.t.FaceUpN])
	s.cards("aside", d, g.Aside())
	s.num("encounters", g.t.DeckN)
	s.num("ganondorf", g.t.GanonInDeck)
}

func (s *JSONSink) bossPower(e *Event, d *Data) {
	s.num("seat", int(e.Seat))
	s.str("boss", d.Bosses[e.Boss].ID)
	s.str("effect", e.Effect.String())
	if e.Target >= 0 {
		s.num("target", int(e.Target))
	}
	if e.Card != NoCard {
		s.card("card", d, e.Card)
	}
	if e.To != NoPlace {
		s.place("to", d, e.To)
	}
	if b := d.Bosses[e.Boss]; b.Effect == EffExtraSteps {
		s.num("amount", b.Amount)
	}
	if e.Correct {
		s.flag("wasted", true)
	}
}

func (s *JSONSink) key(k string) {
	s.b = append(s.b, ',')
	s.b = strconv.AppendQuote(s.b, k)
	s.b = append(s.b, ':')
}

func (s *JSONSink) num(k string, v int) {
	s.key(k)
	s.b = strconv.AppendInt(s.b, int64(v), 10)
}

func (s *JSONSink) str(k, v string) {
	s.key(k)
	s.b = strconv.AppendQuote(s.b, v)
}

func (s *JSONSink) flag(k string, v bool) {
	s.key(k)
	s.b = strconv.AppendBool(s.b, v)
}

func (s *JSONSink) card(k string, d *Data, c Card) {
	if c == NoCard {
		s.key(k)
		s.b = append(s.b, "null"...)
		return
	}
	s.str(k, d.CardID(c))
}

func (s *JSONSink) list(d *Data, cs []Card) {
	s.b = append(s.b, '[')
	for i, c := range cs {
		if i > 0 {
			s.b = append(s.b, ',')
		}
		s.b = strconv.AppendQuote(s.b, d.CardID(c))
	}
	s.b = append(s.b, ']')
}

func (s *JSONSink) cards(k string, d *Data, cs []Card) {
	s.key(k)
	s.list(d, cs)
}

func (s *JSONSink) rumorCards(d *Data, h, i, l int8) {
	s.str("hero", d.Heroes[h])
	s.str("item", d.Items[i])
	s.str("location", d.Locations[l])
}

// place writes a square as {"r","c"} and a room as {"location": id}.
func (s *JSONSink) place(k string, d *Data, p Place) {
	s.key(k)
	if p.IsRoom() {
		s.b = append(s.b, `{"location":`...)
		s.b = strconv.AppendQuote(s.b, d.RoomID(p.Room()))
		s.b = append(s.b, '}')
		return
	}
	r, c := d.Board.RC(p)
	s.b = append(s.b, `{"r":`...)
	s.b = strconv.AppendInt(s.b, int64(r), 10)
	s.b = append(s.b, `,"c":`...)
	s.b = strconv.AppendInt(s.b, int64(c), 10)
	s.b = append(s.b, '}')
}
