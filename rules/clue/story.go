package clue

import (
	"fmt"
	"io"
	"strings"
)

// StorySink writes the events of a game as a readable story, one line an event (for
// `clockwork clue replay` without --json). Like the JSON log it tells every hidden card.
type StorySink struct {
	w     io.Writer
	seats []string
	err   error
}

// NewStorySink returns a sink writing the story to w; seats names the agent of each seat.
func NewStorySink(w io.Writer, seats []string) *StorySink { return &StorySink{w: w, seats: seats} }

// Err returns the first write error.
func (s *StorySink) Err() error { return s.err }

func (s *StorySink) printf(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.w, format+"\n", args...)
	}
}

// who names seat i: its hero, and its agent if known.
func (s *StorySink) who(d *Data, i int) string {
	name := d.Names[HeroCard(i)]
	if i < len(s.seats) && s.seats[i] != "" {
		return fmt.Sprintf("%s (seat %d, %s)", name, i, s.seats[i])
	}
	return fmt.Sprintf("%s (seat %d)", name, i)
}

func names(d *Data, cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = d.Names[c]
	}
	return strings.Join(parts, ", ")
}

func where(d *Data, p Place) string {
	if p.IsRoom() {
		return d.RoomNames[p.Room()]
	}
	r, c := d.Board.RC(p)
	return fmt.Sprintf("square r%d c%d", r, c)
}

// Emit writes the line of one event.
func (s *StorySink) Emit(e *Event) {
	g, d := e.G, e.G.data
	switch e.Type {
	case EvGameStart:
		s.printf("Game %d: %d players, seed %d. The envelope holds %s.", e.Game, g.t.Players, g.seed, names(d, g.envelope[:]))
		for i := 0; i < g.t.Players; i++ {
			s.printf("  %s holds %s.", s.who(d, i), names(d, g.Hand(i)))
		}
		if g.t.FaceUpN > 0 {
			s.printf("  Face up: %s.", names(d, g.t.FaceUp[:g.t.FaceUpN]))
		}
		if g.t.AsideN > 0 {
			s.printf("  Set aside: %s.", names(d, g.Aside()))
		}
		if g.t.Encount {
			s.printf("  Boss Encounter deck: %d cards, %d of them Ganondorf.", g.t.DeckN, g.t.GanonInDeck)
		}
		s.printf("  %s plays first.", s.who(d, g.t.First))
	case EvTurnStart:
		s.printf("Turn %d: %s, in %s.", e.Turn, s.who(d, int(e.Seat)), where(d, g.t.Mover[e.Seat]))
	case EvRoll:
		s.printf("  rolls %s and %s: %d squares.", face(g.t.Dice[0]), face(g.t.Dice[1]), e.Steps)
	case EvMove:
		s.printf("  moves %d squares to %s.", e.Steps, where(d, e.To))
	case EvEncounter:
		if e.Boss < 0 {
			s.printf("  draws Ganondorf (%d revealed)%s.", g.t.GanonSeen, map[bool]string{true: ": he is out of the game", false: ""}[e.Correct])
		} else {
			s.printf("  draws %s (%s).", d.Bosses[e.Boss].Name, d.Bosses[e.Boss].Effect)
		}
	case EvBossPower:
		if e.Correct {
			s.printf("  discards %s: nothing for it to act on.", d.Bosses[e.Boss].Name)
			return
		}
		s.printf("  plays %s: %s%s.", d.Bosses[e.Boss].Name, d.Bosses[e.Boss].Effect, s.powerDetail(e, d))
	case EvRumor:
		s.printf("  asks (%s): %s with the %s in %s?", ViaNames[e.Via], d.Names[HeroCard(int(e.Hero))], d.Names[ItemCard(int(e.Item))], d.RoomNames[e.Loc])
	case EvAnswer:
		if e.Card == NoCard {
			s.printf("    %s cannot answer.", s.who(d, int(e.Seat)))
		} else {
			s.printf("    %s shows %s.", s.who(d, int(e.Seat)), d.Names[e.Card])
		}
	case EvAsideSeen:
		s.printf("    no one can answer; looks at the set-aside %s.", d.Names[e.Card])
	case EvAccuse:
		s.printf("  accuses %s with the %s in %s: %s.", d.Names[HeroCard(int(e.Hero))], d.Names[ItemCard(int(e.Item))], d.RoomNames[e.Loc], map[bool]string{true: "right", false: "wrong"}[e.Correct])
	case EvEliminated:
		s.printf("  %s is out (%s).", s.who(d, int(e.Seat)), OutNames[e.Out])
	case EvGameEnd:
		if e.Seat >= 0 {
			s.printf("%s wins after %d turns.", s.who(d, int(e.Seat)), g.t.Turn)
		} else {
			s.printf("No winner (%s) after %d turns.", g.t.End, g.t.Turn)
		}
	}
}

func (s *StorySink) powerDetail(e *Event, d *Data) string {
	var b strings.Builder
	if e.Target >= 0 {
		fmt.Fprintf(&b, " on %s", s.who(d, int(e.Target)))
	}
	if e.Card != NoCard {
		fmt.Fprintf(&b, ", sees %s", d.Names[e.Card])
	}
	if e.To != NoPlace {
		fmt.Fprintf(&b, ", into %s", where(d, e.To))
	}
	return b.String()
}

func face(f uint8) string {
	if f == 0 {
		return "?"
	}
	return fmt.Sprint(f)
}
