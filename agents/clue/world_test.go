package clue

import (
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

func TestDealOf(t *testing.T) {
	// A world drawn from a seat's Notebook becomes a deal Determinize accepts; a world with a
	// card too many for a seat does not fit.
	d := frozenData(t)
	var g, alt rules.Game
	g.Reset(d, 3, 1, 2)
	v := g.View(1)
	var m memory
	m.reset(d, 3, 1, true)
	m.sync(&v)
	var r chance.Stream
	r.Seed(3, 0)
	var w World
	if !m.nb.Sample(&r, &w) {
		t.Fatal("no world")
	}
	var deal rules.Deal
	if !DealOf(&w, v.Table, &deal) {
		t.Fatal("a sampled world does not fit")
	}
	if err := alt.Determinize(&v, &deal, 5); err != nil {
		t.Fatalf("Determinize refuses the deal: %v", err)
	}
	for c := range w {
		if w[c] == Envelope {
			w[c] = 0 // the envelope loses a card, seat 0 gets one too many
			break
		}
	}
	if DealOf(&w, v.Table, &deal) {
		t.Fatal("a world with a short envelope fits")
	}
}
