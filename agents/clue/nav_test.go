package clue

import (
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
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

func TestLanesMin(t *testing.T) {
	// min is the least of two in every lane, for any distances below 2^15.
	var r chance.Stream
	r.Seed(3, 0)
	for k := 0; k < 10000; k++ {
		var a, b [rules.NumLocations]int16
		for l := range a {
			a[l], b[l] = int16(r.Intn(1<<15)), int16(r.Intn(1<<15))
			if k%3 == 0 {
				b[l] = a[l] + int16(r.Intn(3)) - 1 // near ties
				b[l] = max(b[l], 0)
			}
		}
		x, y := lanesOf(func(l int) int16 { return a[l] }), lanesOf(func(l int) int16 { return b[l] })
		x.min(y)
		for l := range a {
			if got, want := x.at(l), int(min(a[l], b[l])); got != want {
				t.Fatalf("min of %d and %d: %d", a[l], b[l], got)
			}
		}
	}
}
