package clue

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

func TestStrikeRisk(t *testing.T) {
	d := frozenData(t)
	last := d.Rules.GanondorfCards
	for _, tc := range []struct {
		name                string
		seen, inDeck, deckN int
		want                float64
	}{
		{"no Ganondorf seen", 0, last, 25, 0},
		{"the next is harmless", last - 2, 2, 12, 0},
		{"the next strikes", last - 1, 1, 10, 0.1},
		{"the striker came back", last, 1, 4, 0.25},
		{"empty deck", last - 1, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab := rules.Table{GanonSeen: tc.seen, GanonInDeck: tc.inDeck, DeckN: tc.deckN}
			if got := strikeRisk(d, &tab); got != tc.want {
				t.Fatalf("strikeRisk = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDeductiveShows(t *testing.T) {
	// Asked by seat 2 with hero 1, item 7 and location 14 in hand: the card seat 2 has seen
	// wins, then the card shown to most others, then the location.
	a := NewDeductive()
	d := frozenData(t)
	a.Reset(d, 4, 0, 1)
	legal := []rules.Action{{Kind: rules.ActShow, A: 1}, {Kind: rules.ActShow, A: 7}, {Kind: rules.ActShow, A: 14}}
	tab := rules.Table{Rumor: rules.Rumor{Asker: 2}}
	for _, tc := range []struct {
		name    string
		shownTo map[int]uint32 // asker -> cards shown to him
		want    uint8
	}{
		{"nothing shown yet: the location", nil, 14},
		{"shown to the asker", map[int]uint32{2: 1 << 7}, 7},
		{"shown to the asker beats shown to two others", map[int]uint32{2: 1 << 1, 1: 1 << 7, 3: 1 << 7}, 1},
		{"shown to others", map[int]uint32{1: 1 << 7}, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a.mem.shownTo = [rules.MaxPlayers]uint32{}
			a.mem.shownAny = [rules.NumCards]uint8{}
			for s, m := range tc.shownTo {
				a.mem.shownTo[s] = m
				for c := 0; c < rules.NumCards; c++ {
					if m&(1<<c) != 0 {
						a.mem.shownAny[c]++
					}
				}
			}
			if got := a.show(&tab, legal); got.A != tc.want {
				t.Fatalf("shows card %d, want %d", got.A, tc.want)
			}
		})
	}
}
