package duels

import (
	"fmt"
	"io"
	"strings"
)

// StorySink writes a game as a readable story, one line an event, the same story the JSON
// log tells; with Board set it draws the board at the start of every turn.
type StorySink struct {
	w     io.Writer
	Board bool // draw the board at every turn start
	err   error
}

// NewStorySink returns a story writer to w.
func NewStorySink(w io.Writer, board bool) *StorySink { return &StorySink{w: w, Board: board} }

// Err returns the first write error, if any.
func (s *StorySink) Err() error { return s.err }

func (s *StorySink) printf(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.w, format, args...)
	}
}

// Event writes e as a line of the story.
func (s *StorySink) Event(g *Game, e *Event) {
	switch e.Type {
	case EvGameStart:
		s.printf("Game %d (seed %d) on %s, %d players:", g.idx, g.seed, g.m.Name, g.players)
		for i := 0; i < g.players; i++ {
			s.printf(" seat %d %s;", i, g.d.Teams[g.teams[i]].Name)
		}
		s.printf(" seat %d plays first.\n", g.first)
	case EvTurnStart:
		s.printf("\nTurn %d: seat %d (%s)\n", g.turn, e.Seat, g.d.Teams[g.teams[e.Seat]].Name)
		if s.Board {
			s.printf("%s", DrawBoard(g))
		}
	case EvRoll:
		s.printf("  rolls %s\n", g.d.Faces[g.face].Name)
	case EvMove:
		var p []string
		for i := 0; i < int(e.NPath); i++ {
			p = append(p, e.Path[i].String())
		}
		s.printf("  %s moves %s", storyName(g, e.Char), strings.Join(p, " "))
		if e.Amount > 0 {
			s.printf(", taking %d damage", e.Amount)
		}
		s.printf("\n")
	case EvDraw:
		s.printf("  seat %d takes %s (from the %s; %d in hand)\n", e.Seat, cardName(g, e.Card), e.Reason, g.hand[e.Seat].N)
	case EvDiscard:
		s.printf("  seat %d discards %s (%s)\n", e.Seat, cardName(g, e.Card), e.Reason)
	case EvAction:
		what := e.Reason
		if e.Card != NoCard && e.Reason == ActionPlay {
			what += " " + cardName(g, e.Card) + " by " + storyName(g, e.Char)
			if e.Target >= 0 {
				what += " at " + storyName(g, e.Target)
			}
		}
		if e.Amount == 0 {
			s.printf("  free %s\n", what)
		} else {
			s.printf("  action %d: %s\n", e.Amount, what)
		}
	case EvAttack:
		kind := "melee"
		if e.Flag {
			kind = "ranged"
		}
		def := "no defence"
		if e.Card2 != NoCard {
			def = fmt.Sprintf("%s (%d)", cardName(g, e.Card2), e.Value2)
		}
		s.printf("  %s attacks %s (%s) with %s (%d) against %s: %d damage, %d hp left\n",
			storyName(g, e.Char), storyName(g, e.Target), kind, cardName(g, e.Card), e.Value, def, e.Amount, e.HP)
	case EvEffect:
		s.printf("  %s: %s %d on %s (hp %d)\n", cardName(g, e.Card), e.Word, e.Amount, storyName(g, e.Char), e.HP)
	case EvHeal:
		s.printf("  %s heals %d to %d (%s)\n", storyName(g, e.Char), e.Amount, e.HP, e.Reason)
	case EvEliminated:
		by := e.Reason
		if e.Target >= 0 {
			by = storyName(g, e.Target)
		}
		s.printf("  %s is eliminated (by %s)\n", storyName(g, e.Char), by)
	case EvReshuffle:
		s.printf("  seat %d reshuffles %d discards into a new draw pile\n", e.Seat, e.Amount)
	case EvGameEnd:
		if g.winner >= 0 {
			s.printf("\nSeat %d (%s) wins after %d turns.\n", g.winner, g.d.Teams[g.teams[g.winner]].Name, g.turn)
		} else {
			s.printf("\nNo winner after %d turns.\n", g.turn)
		}
	}
}

// DrawBoard draws the board: obstacles by their symbol, fairy squares 'f', open squares '.', and
// each character in play by its seat's letter (A, B, C, D; lower case for minors).
func DrawBoard(g *Game) string {
	var b strings.Builder
	for r := 0; r < g.m.Rows; r++ {
		b.WriteString("    ")
		for c := 0; c < g.m.Cols; c++ {
			s := Sq(r, c)
			ch := byte('.')
			switch {
			case g.occ[s] != 0:
				i := int(g.occ[s] - 1)
				ch = 'A' + byte(i/MaxTeamChars)
				if !g.Character(i).Major {
					ch += 'a' - 'A'
				}
			case g.m.Cell[s] >= 0:
				ch = g.m.Obstacles[g.m.Cell[s]].Symbol
			case g.m.Fairy[s]:
				ch = 'f'
			}
			b.WriteByte(ch)
			b.WriteByte(' ')
		}
		b.WriteString("\n")
	}
	for c := 0; c < MaxCharacters; c++ {
		if g.chars[c].Alive {
			fmt.Fprintf(&b, "    %s %d/%d at %s\n", g.Character(c).ID, g.chars[c].HP, g.Character(c).HP, g.chars[c].At)
		}
	}
	return b.String()
}

// storyName names character c in the story: its id, and when its team plays at another seat
// too (a mirror match), the seat it belongs to ("link (seat 1)"), so that the story tells the
// two copies apart.
func storyName(g *Game, c int8) string {
	name := charName(g, c)
	if name == "" {
		return name
	}
	if seat := int(c) / MaxTeamChars; g.teamRepeated(seat) {
		return fmt.Sprintf("%s (seat %d)", name, seat)
	}
	return name
}
