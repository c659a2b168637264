package duels

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// TestAgentsCannotPeek proves that every agent decides from what its seat may know: at every
// decision of whole games, a copy of the agent (its memory included) facing a Determinize'd copy
// of the game (opponents' hands and every draw pile dealt again from what the seat has not seen,
// a face-down attack card drawn again, the streams of chance reseeded) sees the same View and
// the same legal actions, and makes the same decision as on the real game. A searching agent
// (the expert) is handed the game itself and samples it: exactly the same decision needs a
// Determinize whose sample is a function of the View and the seed alone (see the test's log).
func TestAgentsCannotPeek(t *testing.T) {
	d := frozen(t)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			games := 24
			if name == "expert" {
				games = 3
			}
			if testing.Short() {
				games = 3
			}
			var g, w rules.Game
			tab := NewTable(seated(t, name)...)
			_, searcher := tab.Seats[0].(Searcher)
			exact := !searcher || canonicalSamples(t, d)
			agree := 0
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
					onReal, onAlt := decide(t, tab.Seats[seat], &g, &vr, real), decide(t, tab.Seats[seat], &w, &vw, alt)
					if onReal == onAlt {
						agree++
					} else if exact {
						t.Fatalf("game %d turn %d: %s chose %s on the real game, %s on a sample of what seat %d cannot see",
							i, g.Turn(), name, g.Describe(onReal), g.Describe(onAlt), seat)
					}
					if err := tab.Step(&g); err != nil {
						t.Fatal(err)
					}
					decisions++
				}
			}
			if !exact {
				// A searching agent samples from the game it is handed; until Determinize's sample
				// depends on the View alone (a request to rules/duels), the real game and a sample
				// give different samples for the same seed, and the decisions agree only mostly.
				t.Logf("%s: %d of %d decisions agree on the real game and on a sample (Determinize is not canonical yet)", name, agree, decisions)
				if agree*10 < decisions*8 {
					t.Errorf("%s: only %d of %d decisions agree on the real game and on a sample", name, agree, decisions)
				}
			}
			if differ*2 < decisions {
				t.Fatalf("only %d of %d samples differed from the real game in what the seat cannot see: the test proves little", differ, decisions)
			}
		})
	}
}

// decide asks a copy of agent a (its memory included, so that a is unchanged) for its decision
// on game g (a Searcher is handed g).
func decide(t *testing.T, a Agent, g *rules.Game, v *rules.View, legal []rules.Action) rules.Action {
	t.Helper()
	c := copyAgent(t, a)
	if sr, ok := c.(Searcher); ok {
		return sr.ChooseIn(g, v, legal)
	}
	return c.Choose(v, legal)
}

// canonicalSamples reports whether Determinize's sample depends only on what the viewer sees:
// the sample of a game and the sample of an earlier sample of it, with the same seed, agree.
func canonicalSamples(t *testing.T, d *rules.Data) bool {
	t.Helper()
	var g, w1, w2 rules.Game
	g.Reset(d, rules.Setup{Players: 2, Teams: [rules.MaxPlayers]rules.TeamID{0, 1}}, 3, 0)
	g.Clone(&w1)
	w1.Determinize(0, 5)
	w1.Determinize(0, 9)
	g.Clone(&w2)
	w2.Determinize(0, 9)
	return !hiddenDiffers(&w1, &w2, 0)
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
	case *Expert:
		c := *x // shares x's rollout table, whose agents every rollout resets
		return &c
	}
	t.Fatalf("no copy for agent %s", a.Name())
	return nil
}
