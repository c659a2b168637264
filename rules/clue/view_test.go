package clue

import (
	"math/rand/v2"
	"testing"
)

// TestViewShowsOnlyWhatTheSeatMayKnow: in random games, no seat's log holds a card it may not
// see, and every answer is in every seat's log.
func TestViewShowsOnlyWhatTheSeatMayKnow(t *testing.T) {
	d := frozenData(t)
	var g Game
	buf := make([]Action, 0, MaxActions)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for i := uint64(0); i < 40; i++ {
			g.Reset(d, players, 3, i)
			rng := rand.New(rand.NewPCG(i, 8))
			for !g.IsTerminal() {
				buf = g.LegalActions(buf)
				g.Apply(pickRandom(buf, rng, true))
			}
			answers := -1
			for s := 0; s < players; s++ {
				v := g.View(s)
				n := 0
				for _, o := range v.Log {
					if o.Kind == ObsAnswer {
						n++
					}
					if !mayKnow(s, o) {
						t.Fatalf("%dp game %d: seat %d sees %+v", players, i, s, o)
					}
				}
				if answers >= 0 && n != answers {
					t.Fatalf("%dp game %d: seat %d saw %d answers, another %d", players, i, s, n, answers)
				}
				answers = n
			}
		}
	}
}

// mayKnow reports whether seat s may see observation o as it is.
func mayKnow(s int, o Obs) bool {
	own := int(o.To) == s
	switch o.Kind {
	case ObsAnswer:
		return o.Card == NoCard || (own && (int(o.Asker) == s || int(o.Seat) == s))
	case ObsAside:
		return o.Card == NoCard || (own && int(o.Asker) == s)
	case ObsEncounter:
		return o.Boss < 0 || (own && int(o.Seat) == s)
	case ObsBoss:
		return o.Card == NoCard || (own && int(o.Seat) == s)
	}
	return o.To == All
}

// TestDeterminize: a game determinized with the true deal plays on like the real one in the
// public state, passes Check all the way, and a deal that does not fit is refused.
func TestDeterminize(t *testing.T) {
	d := frozenData(t)
	var g, h Game
	buf := make([]Action, 0, MaxActions)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for i := uint64(0); i < 30; i++ {
			g.Reset(d, players, 5, i)
			rng := rand.New(rand.NewPCG(i, 9))
			for k := 0; k < 30 && !g.IsTerminal(); k++ {
				buf = g.LegalActions(buf)
				g.Apply(pickRandom(buf, rng, true))
			}
			if g.IsTerminal() {
				continue
			}
			seat := g.ToMove()
			v := g.View(seat)
			deal := Deal{Envelope: g.envelope, Hands: g.hand, Aside: g.aside}
			if err := h.Determinize(&v, &deal, 77); err != nil {
				t.Fatalf("%dp game %d: %v", players, i, err)
			}
			if h.t != g.t {
				t.Fatalf("%dp game %d: the determinized table differs:\n%+v\n%+v", players, i, h.t, g.t)
			}
			if err := h.Check(); err != nil {
				t.Fatalf("%dp game %d determinized: %v", players, i, err)
			}
			for s := 0; s < players; s++ {
				if h.logN[s] != g.logN[s] {
					t.Fatalf("%dp game %d: seat %d's rebuilt log has %d entries, the real one %d", players, i, s, h.logN[s], g.logN[s])
				}
				for k, o := range h.log[s][:h.logN[s]] {
					r := g.log[s][k]
					if !mayKnow(s, o) || o.Kind != r.Kind || (o.Card == NoCard) != (r.Card == NoCard) {
						t.Fatalf("%dp game %d: seat %d's entry %d is %+v, the real one %+v", players, i, s, k, o, r)
					}
				}
			}
			hv := h.View(seat)
			if len(hv.Log) != len(v.Log) || hv.BossN != v.BossN || CardSet(hv.Hand) != CardSet(v.Hand) {
				t.Fatalf("%dp game %d: the viewer's view changed", players, i)
			}
			for !h.IsTerminal() {
				buf = h.LegalActions(buf)
				h.Apply(pickRandom(buf, rng, true))
				if err := h.Check(); err != nil {
					t.Fatalf("%dp game %d rollout: %v", players, i, err)
				}
			}
			bad := deal
			other := (seat + 1) % players
			if g.t.HandN[other] > 0 {
				bad.Hands[other][0] = g.envelope[0]
				if err := h.Determinize(&v, &bad, 1); err == nil {
					t.Fatalf("%dp game %d: a deal with a card twice is accepted", players, i)
				}
			}
		}
	}
}

// TestDeterminizeOwners places the cards from an owner table.
func TestDeterminizeOwners(t *testing.T) {
	var g, h Game
	g.Reset(frozenData(t), 4, 1, 2)
	v := g.View(g.ToMove())
	var owner [NumCards]int8
	for c := range owner {
		owner[c] = OwnerFaceUp
	}
	for _, c := range g.envelope {
		owner[c] = OwnerEnvelope
	}
	for s := 0; s < 4; s++ {
		for _, c := range g.Hand(s) {
			owner[c] = int8(s)
		}
	}
	if err := h.DeterminizeOwners(&v, &owner, 3); err != nil {
		t.Fatal(err)
	}
	for s := 0; s < 4; s++ {
		if CardSet(h.Hand(s)) != CardSet(g.Hand(s)) {
			t.Errorf("seat %d's hand differs", s)
		}
	}
	owner[g.Hand((v.Seat + 1) % 4)[0]] = OwnerEnvelope
	if err := h.DeterminizeOwners(&v, &owner, 3); err == nil {
		t.Error("an owner table with a short hand is accepted")
	}
}
