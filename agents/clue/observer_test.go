package clue

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// TestObserverSolvesBeforeAccusations follows every seat with an Observer in games of notebook
// and deductive players: a right accusation comes no earlier than the accuser's seat could know
// the answer, and the deductive winner knew it in the very turn he won or before.
func TestObserverSolvesBeforeAccusations(t *testing.T) {
	d := frozenData(t)
	var g rules.Game
	var obs [rules.MaxPlayers]*Observer
	for s := range obs {
		obs[s] = NewObserver()
	}
	earlier := 0
	for i := 0; i < 30; i++ {
		players := rules.MinPlayers + i%5
		names := make([]string, players)
		for s := range names {
			names[s] = "notebook"
		}
		names[i%players] = "deductive"
		tab := NewTable(lineup(t, names...)...)
		g.Reset(d, players, 13, uint64(i))
		for s := 0; s < players; s++ {
			tab.Seats[s].Reset(d, players, s, uint64(s))
			obs[s].Reset(d, players, s)
		}
		for !g.IsTerminal() {
			if err := tab.Step(&g); err != nil {
				t.Fatal(err)
			}
			for s := 0; s < players; s++ {
				v := g.View(s)
				obs[s].Sync(&v)
			}
		}
		if w := g.Winner(); w >= 0 {
			at := obs[w].SolvedAt()
			if at < 0 || at > g.Turn() {
				t.Fatalf("game %d: seat %d (%s) won at turn %d, could know at %d", i, w, names[w], g.Turn(), at)
			}
			if at < g.Turn() {
				earlier++
			}
			h, it, l, _ := obs[w].Notebook().Solution()
			if env := g.Envelope(); rules.Card(h) != env[0] || rules.Card(it) != env[1] || rules.Card(l) != env[2] {
				t.Fatalf("game %d: the observer's answer is not the envelope", i)
			}
		}
	}
	if earlier == 0 {
		t.Fatalf("no winner could know the answer before the turn he won")
	}
}
