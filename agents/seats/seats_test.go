package seats

import (
	"errors"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/play"
)

// race is a tiny engine for the Table's tests: seats in turn add 1 or 2 to a total; whoever
// brings it to goal or past wins. A seat's view is the total and its seat.
type race struct {
	total, goal, seat, turn, winner, players int
}

type view struct{ total, seat int }

func (r *race) ToMove() int { return r.seat }
func (r *race) LegalActions(buf []int) []int {
	return append(buf[:0], 1, 2)
}
func (r *race) Apply(a int) {
	r.total += a
	if r.total >= r.goal {
		r.winner = r.seat
		return
	}
	r.seat = (r.seat + 1) % r.players
	r.turn++
}
func (r *race) ApplyChecked(a int) error {
	if a != 1 && a != 2 {
		return errors.New("not 1 or 2")
	}
	r.Apply(a)
	return nil
}
func (r *race) IsTerminal() bool           { return r.winner != play.NoWinner }
func (r *race) Winner() int                { return r.winner }
func (r *race) Check() error               { return nil }
func (r *race) Clone(dst *race)            { *dst = *r }
func (r *race) FillView(seat int, v *view) { *v = view{r.total, seat} }
func (r *race) Players() int               { return r.players }
func (r *race) Turn() int                  { return r.turn }
func newRace(players, goal int) *race {
	return &race{goal: goal, winner: play.NoWinner, players: players}
}
func (r *race) reset(players, goal int)         { *r = *newRace(players, goal) }
func resetSeat(a bot, _ *race, s int, _ uint64) { a.(interface{ setSeat(int) }).setSeat(s) }

type bot = Agent[int, view]

// greedy adds add, or what wins when it can; a bad greedy answers 3.
type greedy struct {
	add, seat int
	seen      []int // the totals it saw, each with its own seat checked
	bad       bool
}

func (g *greedy) Name() string  { return "greedy" }
func (g *greedy) setSeat(s int) { g.seat = s }
func (g *greedy) Choose(v *view, legal []int) int {
	if v.seat != g.seat {
		panic("a view of another seat")
	}
	g.seen = append(g.seen, v.total)
	if g.bad {
		return 3
	}
	return g.add
}

// searcher wins at once when it can, seeing the game itself (ChooseIn).
type searcher struct {
	greedy
	searched int
}

func (s *searcher) ChooseIn(g *race, v *view, legal []int) int {
	s.searched++
	if g.goal-g.total <= 2 {
		return g.goal - g.total
	}
	return s.Choose(v, legal)
}

func table(agents ...bot) *Table[*race, int, view, bot] {
	t := NewTable[*race, int, view, bot]("race agents", resetSeat, 2, agents...)
	t.Searchers = true
	return t
}

func TestTablePlaysEverySeatFromItsView(t *testing.T) {
	a, b := &greedy{add: 1}, &greedy{add: 2}
	g := newRace(2, 10)
	if err := table(a, b).Play(g, 1); err != nil {
		t.Fatal(err)
	}
	// 1, 3, 4, 6, 7, 9, 10: seat 0 adds the 1 that reaches 10.
	if g.Winner() != 0 || len(a.seen) != 4 || len(b.seen) != 3 || b.seen[0] != 1 {
		t.Fatalf("winner %d, seat 0 saw %v, seat 1 saw %v", g.Winner(), a.seen, b.seen)
	}
}

func TestTableHandsSearchersTheGame(t *testing.T) {
	s := &searcher{greedy: greedy{add: 1}}
	g := newRace(2, 6)
	if err := table(&greedy{add: 1}, s).Play(g, 1); err != nil {
		t.Fatal(err)
	}
	// 1, 2, 3, 4, 5: the searcher reaches 6 from 5.
	if g.Winner() != 1 || s.searched != 3 || len(s.seen) != 2 {
		t.Fatalf("the searcher did not use the game: winner %d, %d searches, %d plain choices", g.Winner(), s.searched, len(s.seen))
	}
	plain := &searcher{greedy: greedy{add: 1}}
	tab := table(&greedy{add: 1}, plain)
	tab.Searchers = false
	if err := tab.Play(newRace(2, 6), 1); err != nil || plain.searched != 0 || len(plain.seen) != 3 {
		t.Fatalf("a table without searchers asked ChooseIn %d times (%v)", plain.searched, err)
	}
}

func TestTableCheckedPathAndEmptySeats(t *testing.T) {
	tab := table(&greedy{add: 1}, &greedy{bad: true})
	tab.Checked = true
	err := tab.Play(newRace(2, 10), 1)
	if err == nil || !strings.Contains(err.Error(), "greedy (seat 1): not 1 or 2") {
		t.Fatalf("an illegal choice on the checked path: %v", err)
	}
	err = table(&greedy{add: 1}).Play(newRace(3, 10), 1)
	if err == nil || err.Error() != "race agents: no agent in seat 1 of 3" {
		t.Fatalf("an empty seat: %v", err)
	}
}

func TestPlayUntilStopsAfterTheTurn(t *testing.T) {
	g := newRace(2, 100)
	tab := table(&greedy{add: 1}, &greedy{add: 1})
	for s := range 2 {
		resetSeat(tab.Seats[s], g, s, 0)
	}
	if err := tab.PlayUntil(g, 4); err != nil {
		t.Fatal(err)
	}
	if g.Turn() != 5 || g.total != 5 {
		t.Fatalf("turn %d, total %d after playing until turn 4", g.Turn(), g.total)
	}
	if AgentSeed(7, 0) != 7 || AgentSeed(7, 1) == AgentSeed(7, 2) {
		t.Fatal("each seat's agent has its own seed")
	}
}
