package duels

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// TestAgentsCannotPeek proves that every agent decides from what its seat may know: at every
// decision of whole games, a copy of the agent (its memory included) facing a Determinize'd copy
// of the game (opponents' hands and every draw pile dealt again from what the seat has not seen,
// a face-down attack card drawn again, the streams of chance reseeded) sees the same View and
// the same legal actions, and makes the same decision as on the real game.
func TestAgentsCannotPeek(t *testing.T) {
	d := frozen(t)
	games := 24
	if testing.Short() {
		games = 6
	}
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			var g, w rules.Game
			tab := NewTable(lineup(t, name, name, name, name)...)
			real := make([]rules.Action, 0, rules.MaxActions)
			alt := make([]rules.Action, 0, rules.MaxActions)
			decisions, differ := 0, 0
			for i := 0; i < games; i++ {
				s := rules.Setup{Players: 2 + i%3, Map: rules.MapID(i % len(d.Maps))}
				for k := 0; k < s.Players; k++ {
					s.Teams[k] = rules.TeamID((i + 4*k) % len(d.Teams))
				}
				g.Reset(d, s, 17, uint64(i))
				for p := 0; p < s.Players; p++ {
					tab.Seats[p].Reset(d, s, p, uint64(i*8+p))
				}
				for !g.IsTerminal() {
					seat := g.ToMove()
					g.Clone(&w)
					w.Determinize(seat, uint64(decisions)*7919+1)
					if hiddenDiffers(&g, &w, seat) {
						differ++
					}
					vr, vw := g.View(seat), w.View(seat)
					if vr != vw {
						t.Fatalf("game %d turn %d: the View of seat %d changed under Determinize", i, g.Turn(), seat)
					}
					real, alt = g.LegalActions(real), w.LegalActions(alt)
					if !sameActions(real, alt) {
						t.Fatalf("game %d turn %d: the legal actions of seat %d changed under Determinize", i, g.Turn(), seat)
					}
					onReal := copyAgent(t, tab.Seats[seat]).Choose(&vr, real)
					onAlt := copyAgent(t, tab.Seats[seat]).Choose(&vw, alt)
					if onReal != onAlt {
						t.Fatalf("game %d turn %d: %s chose %s on the real game, %s on a sample of what seat %d cannot see",
							i, g.Turn(), name, g.Describe(onReal), g.Describe(onAlt), seat)
					}
					if err := tab.Step(&g); err != nil {
						t.Fatal(err)
					}
					decisions++
				}
			}
			if differ*2 < decisions {
				t.Fatalf("only %d of %d samples differed from the real game in what the seat cannot see: the test proves little", differ, decisions)
			}
		})
	}
}

// hiddenDiffers reports whether the sample w differs from g in something seat cannot see: an
// opponent's hand or a draw pile.
func hiddenDiffers(g, w *rules.Game, seat int) bool {
	for p := 0; p < g.Players(); p++ {
		if p != seat && !sameCards(g.Hand(p), w.Hand(p)) || !sameCards(g.DrawPile(p), w.DrawPile(p)) {
			return true
		}
	}
	return false
}

func sameCards(a, b []rules.CardID) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sameActions(a, b []rules.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// copyAgent returns a copy of agent a with its memory, so that a probe leaves a unchanged.
func copyAgent(t *testing.T, a Agent) Agent {
	t.Helper()
	switch x := a.(type) {
	case *Random:
		c := *x
		return &c
	case *Aggressive:
		c := *x
		return &c
	case *Tactical:
		c := *x
		return &c
	}
	t.Fatalf("no copy for agent %s", a.Name())
	return nil
}
