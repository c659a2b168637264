package clue

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// TestNavMatchesEngine checks the agents' map against the engine's own count of squares to
// every room, from every corridor square and every room.
func TestNavMatchesEngine(t *testing.T) {
	d := frozenData(t)
	var n nav
	n.build(d)
	b := &d.Board
	var want [rules.NumRooms]int
	check := func(p rules.Place) {
		t.Helper()
		b.StepsToRooms(p, &want)
		for r, w := range want {
			got := n.from(p, r)
			if w < 0 {
				w = unreachable
			}
			if got != w {
				t.Fatalf("from place %d to room %d: nav %d, engine %d", p, r, got, w)
			}
		}
	}
	squares := 0
	for p := 0; p < b.Rows*b.Cols; p++ {
		if b.Corridor(rules.Place(p)) {
			check(rules.Place(p))
			squares++
		}
	}
	for r := 0; r < rules.NumRooms; r++ {
		check(rules.RoomPlace(r))
	}
	if squares < 50 {
		t.Fatalf("only %d corridor squares checked", squares)
	}
	if n.meanRoll < 2 || n.meanRoll > 24 {
		t.Fatalf("mean roll %v out of range", n.meanRoll)
	}
}
