package clue

import (
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// TestAgentsDoNotPeek proves that no agent reads hidden state: at random decisions of whole
// games, a fresh agent chooses the same on the real game and on a game that the deciding seat
// cannot tell from it (rules.Game.Determinize with hidden cards drawn from that seat's exact
// Notebook, other seats' Bosses and the deck redrawn, chance reseeded). The games are played by
// the agent itself, except the expert's, played by deductive agents (the expert is slow).
func TestAgentsDoNotPeek(t *testing.T) {
	d := frozenData(t)
	games := 12
	if testing.Short() {
		games = 4
	}
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			var g, alt rules.Game
			var r chance.Stream
			r.Seed(99, 0)
			var mem memory
			var deal rules.Deal
			var w World
			buf := make([]rules.Action, 0, rules.MaxActions)
			altBuf := make([]rules.Action, 0, rules.MaxActions)
			checked, differs := 0, 0
			for i := 0; i < games; i++ {
				players := rules.MinPlayers + i%5
				seats := make([]string, players)
				for s := range seats {
					seats[s] = name
					if name == "expert" {
						seats[s] = "deductive"
					}
				}
				tab := NewTable(lineup(t, seats...)...)
				g.Reset(d, players, 5, uint64(i))
				for s := 0; s < players; s++ {
					tab.Seats[s].Reset(d, players, s, uint64(s))
				}
				for !g.IsTerminal() {
					s := g.ToMove()
					buf = g.LegalActions(buf)
					v := g.View(s)
					if r.Intn(checkEvery(name)) == 0 {
						mem.reset(d, players, s, true)
						mem.sync(&v)
						if !mem.nb.Sample(&r, &w) || !DealOf(&w, v.Table, &deal) {
							t.Fatalf("game %d: no world fits seat %d's view", i, s)
						}
						if err := alt.Determinize(&v, &deal, r.Uint64()); err != nil {
							t.Fatalf("game %d: Determinize: %v", i, err)
						}
						if deal.Envelope != g.Envelope() {
							differs++
						}
						altView := alt.View(s)
						altBuf = alt.LegalActions(altBuf)
						a1, a2 := lineup(t, name)[0], lineup(t, name)[0]
						a1.Reset(d, players, s, 7)
						a2.Reset(d, players, s, 7)
						x1, x2 := a1.Choose(&v, buf), a2.Choose(&altView, altBuf)
						if x1 != x2 {
							t.Fatalf("game %d turn %d seat %d: %v on the real game, %v on one it cannot tell apart", i, g.Turn(), s, x1, x2)
						}
						checked++
					}
					g.Apply(tab.Seats[s].Choose(&v, buf))
				}
			}
			if checked < 8 || differs == 0 {
				t.Fatalf("only %d decisions checked, %d with another envelope", checked, differs)
			}
			t.Logf("%d decisions checked, %d on a game with another envelope", checked, differs)
		})
	}
}

// checkEvery is one over the share of decisions the peek test checks for agent name.
func checkEvery(name string) int {
	if name == "expert" {
		return 20
	}
	return 6
}
