package duels

import (
	"io"
	"strconv"
)

// JSONSink writes the event log as JSON Lines (schema duels.events/v1, SCHEMAS.md): one object a
// line, keys in a fixed order, every line with `ev` and `g` (the game's index).
type JSONSink struct {
	w     io.Writer
	seats []string // agent name per seat, for game_start
	buf   []byte
	err   error
}

// NewJSONSink returns a sink writing to w; seats names the agent of each seat (may be nil).
func NewJSONSink(w io.Writer, seats []string) *JSONSink { return &JSONSink{w: w, seats: seats} }

// Err returns the first write error, if any.
func (s *JSONSink) Err() error { return s.err }

// obj builds one JSON object.
type obj struct{ b []byte }

func (o *obj) key(k string) {
	if last := o.b[len(o.b)-1]; last != '{' && last != '[' {
		o.b = append(o.b, ',')
	}
	o.b = strconv.AppendQuote(o.b, k)
	o.b = append(o.b, ':')
}
func (o *obj) str(k, v string)     { o.key(k); o.b = strconv.AppendQuote(o.b, v) }
func (o *obj) num(k string, v int) { o.key(k); o.b = strconv.AppendInt(o.b, int64(v), 10) }
func (o *obj) flag(k string, v bool) {
	o.key(k)
	o.b = strconv.AppendBool(o.b, v)
}
func (o *obj) raw(k, v string) { o.key(k); o.b = append(o.b, v...) }
func (o *obj) sq(k string, s Square) {
	o.key(k)
	o.b = appendSquare(o.b, s)
}

func appendSquare(b []byte, s Square) []byte {
	if s == NoSquare {
		return append(b, "null"...)
	}
	b = append(b, `{"r":`...)
	b = strconv.AppendInt(b, int64(s.Row()), 10)
	b = append(b, `,"c":`...)
	b = strconv.AppendInt(b, int64(s.Col()), 10)
	return append(b, '}')
}

// cardName returns the id of card c, or "" for none.
func cardName(g *Game, c CardID) string {
	if c == NoCard {
		return ""
	}
	return g.d.Cards[c].ID
}

// charName returns the data id of character c in the game, or "" for none.
func charName(g *Game, c int8) string {
	if c < 0 || !g.CharExists(int(c)) {
		return ""
	}
	return g.Character(int(c)).ID
}

// logName names character c in the log, uniquely in its game: its data id (goron_1), and when
// its team plays at another seat too (a mirror match, a free-for-all repeating a team) the seat
// after an @ (link@0, link@1).
func logName(g *Game, c int8) string {
	name := charName(g, c)
	if name != "" && g.teamRepeated(int(c)/MaxTeamChars) {
		name += "@" + strconv.Itoa(int(c)/MaxTeamChars)
	}
	return name
}

// Event writes e as one line.
func (s *JSONSink) Event(g *Game, e *Event) {
	o := obj{b: append(s.buf[:0], '{')}
	o.str("ev", EventNames[e.Type])
	o.num("g", int(g.idx))
	switch e.Type {
	case EvGameStart:
		s.gameStart(g, &o)
	case EvTurnStart:
		o.num("turn", g.turn)
		o.num("seat", int(e.Seat))
	case EvRoll:
		f := g.d.Faces[g.face]
		o.num("seat", int(e.Seat))
		o.str("face", f.Name)
		o.num("steps", int(f.Steps))
		o.flag("all", f.All)
	case EvMove:
		o.num("seat", int(e.Seat))
		o.str("char", logName(g, e.Char))
		o.key("path")
		o.b = append(o.b, '[')
		for i := 0; i < int(e.NPath); i++ {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = appendSquare(o.b, e.Path[i])
		}
		o.b = append(o.b, ']')
		o.num("damage", e.Amount)
	case EvDraw, EvDiscard:
		o.num("seat", int(e.Seat))
		o.str("card", cardName(g, e.Card))
		o.key("hand")
		o.b = appendCards(o.b, g, g.Hand(int(e.Seat)))
		if e.Type == EvDiscard {
			o.str("reason", e.Reason)
		} else {
			o.str("from", e.Reason)
		}
	case EvAction:
		o.num("seat", int(e.Seat))
		o.num("n", e.Amount)
		o.str("kind", e.Reason)
		s.optional(g, e, &o)
	case EvAttack:
		s.attack(g, e, &o)
	case EvEffect:
		o.num("seat", int(e.Seat))
		o.str("card", cardName(g, e.Card))
		o.str("char", logName(g, e.Char))
		o.str("effect", e.Word.String())
		o.num("amount", e.Amount)
		o.num("hp", e.HP)
		o.num("duration", e.Value)
	case EvHeal:
		o.str("char", logName(g, e.Char))
		o.num("amount", e.Amount)
		o.num("hp", e.HP)
		o.str("source", e.Reason)
	case EvEliminated:
		o.str("char", logName(g, e.Char))
		if e.Target >= 0 {
			o.str("by", logName(g, e.Target))
		} else {
			o.str("by", e.Reason)
		}
	case EvGameEnd:
		if g.winner >= 0 {
			o.num("winner", g.winner)
		} else {
			o.raw("winner", "null")
		}
		o.num("turns", g.turn)
	case EvReshuffle:
		o.num("seat", int(e.Seat))
		o.num("cards", e.Amount)
	}
	o.b = append(o.b, '}', '\n')
	s.buf = o.b
	if s.err == nil {
		_, s.err = s.w.Write(o.b)
	}
}

// optional writes an action's card, character and target where it has them (null otherwise).
func (s *JSONSink) optional(g *Game, e *Event, o *obj) {
	if e.Card == NoCard {
		o.raw("card", "null")
	} else {
		o.str("card", cardName(g, e.Card))
	}
	for _, kc := range [2]struct {
		k string
		c int8
	}{{"char", e.Char}, {"target", e.Target}} {
		if kc.c < 0 {
			o.raw(kc.k, "null")
		} else {
			o.str(kc.k, logName(g, kc.c))
		}
	}
}

func appendCards(b []byte, g *Game, cs []CardID) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, g.d.Cards[c].ID)
	}
	return append(b, ']')
}

func (s *JSONSink) attack(g *Game, e *Event, o *obj) {
	o.num("seat", int(e.Seat))
	o.str("attacker", logName(g, e.Char))
	o.str("target", logName(g, e.Target))
	o.str("card", cardName(g, e.Card))
	o.num("attack", e.Value)
	o.flag("ranged", e.Flag)
	if e.Card2 == NoCard {
		o.raw("defend_card", "null")
	} else {
		o.str("defend_card", cardName(g, e.Card2))
	}
	o.num("defend", e.Value2)
	o.num("damage", e.Amount)
	o.num("hp", e.HP)
}

func (s *JSONSink) gameStart(g *Game, o *obj) {
	o.str("schema", EventSchema)
	o.num("players", g.players)
	o.key("seed")
	o.b = strconv.AppendUint(o.b, g.seed, 10)
	o.key("seats")
	o.b = append(o.b, '[')
	for i := 0; i < g.players; i++ {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		name := "?"
		if i < len(s.seats) {
			name = s.seats[i]
		}
		o.b = strconv.AppendQuote(o.b, name)
	}
	o.b = append(o.b, ']')
	o.key("teams")
	o.b = append(o.b, '[')
	for i := 0; i < g.players; i++ {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.b = strconv.AppendQuote(o.b, g.d.Teams[g.teams[i]].ID)
	}
	o.b = append(o.b, ']')
	o.str("map", g.m.ID)
	o.num("rows", g.m.Rows)
	o.num("cols", g.m.Cols)
	s.obstacles(g, o)
	s.characters(g, o)
	o.num("first", g.first)
	o.num("hand_limit", g.d.Rules.HandLimit)
}

func (s *JSONSink) obstacles(g *Game, o *obj) {
	o.key("obstacles")
	o.b = append(o.b, '[')
	n := 0
	for r := 0; r < g.m.Rows; r++ {
		for c := 0; c < g.m.Cols; c++ {
			k := g.m.Cell[Sq(r, c)]
			if k < 0 {
				continue
			}
			if n > 0 {
				o.b = append(o.b, ',')
			}
			n++
			ob := &g.m.Obstacles[k]
			x := obj{b: append(o.b, '{')}
			x.num("r", r)
			x.num("c", c)
			x.str("kind", ob.ID)
			x.flag("blocks_move", ob.BlocksMove)
			x.flag("blocks_shot", ob.BlocksShot)
			o.b = append(x.b, '}')
		}
	}
	o.b = append(o.b, ']')
}

func (s *JSONSink) characters(g *Game, o *obj) {
	o.key("characters")
	o.b = append(o.b, '[')
	n := 0
	for c := 0; c < MaxCharacters; c++ {
		if !g.chars[c].Exists {
			continue
		}
		if n > 0 {
			o.b = append(o.b, ',')
		}
		n++
		ch := g.Character(c)
		x := obj{b: append(o.b, '{')}
		x.str("id", logName(g, int8(c)))
		x.num("seat", c/MaxTeamChars)
		x.num("hp", int(g.chars[c].HP))
		x.num("max_hp", int(ch.HP))
		x.sq("at", g.chars[c].At)
		x.key("moves_through")
		x.b = append(x.b, '[')
		k := 0
		for i := range g.m.Obstacles {
			if ch.Through[g.mapID]&(1<<uint(i)) != 0 {
				if k > 0 {
					x.b = append(x.b, ',')
				}
				k++
				x.b = strconv.AppendQuote(x.b, g.m.Obstacles[i].ID)
			}
		}
		x.b = append(x.b, ']')
		o.b = append(x.b, '}')
	}
	o.b = append(o.b, ']')
}
