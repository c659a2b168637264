package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/configs"
	"github.com/clockworksim/clockwork/rules"
)

func defaultData(t testing.TB) *rules.Data {
	t.Helper()
	l, err := configs.Load(configs.Default(), configs.DefaultLabel, nil)
	if err != nil {
		t.Fatal(err)
	}
	return l.Data
}

// playRandom plays one campaign with uniformly random legal actions, calling check after every
// action. It returns the number of actions.
func playRandom(t testing.TB, g *rules.Game, r *rand.Rand, check bool, maxActions int) int {
	buf := make([]rules.Action, 0, 512)
	n := 0
	for !g.IsTerminal() {
		buf = g.LegalActions(buf)
		if len(buf) == 0 {
			t.Fatalf("no legal action at prompt %s (level %d round %d)", g.Prompt(), g.Level(), g.Round())
		}
		a := buf[r.IntN(len(buf))]
		g.Apply(a)
		n++
		if check {
			if err := g.Check(); err != nil {
				t.Fatalf("after action %d %v (prompt now %s, level %d round %d): %v", n, a, g.Prompt(), g.Level(), g.Round(), err)
			}
		}
		if n > maxActions {
			t.Fatalf("campaign did not end after %d actions (level %d round %d prompt %s)", n, g.Level(), g.Round(), g.Prompt())
		}
	}
	return n
}

func TestRandomPlayInvariants(t *testing.T) {
	d := defaultData(t)
	campaigns := 2000
	if testing.Short() {
		campaigns = 200
	}
	for players := 2; players <= 4; players++ {
		var g rules.Game
		wins := 0
		for i := 0; i < campaigns; i++ {
			seed := rules.CampaignSeed(1, uint64(i))
			g.Reset(d, players, seed, uint64(i))
			if err := g.Check(); err != nil {
				t.Fatalf("%dp campaign %d after setup: %v", players, i, err)
			}
			r := rand.New(rand.NewPCG(seed, 99))
			playRandom(t, &g, r, true, 200000)
			if g.Won() {
				wins++
			}
		}
		t.Logf("%d players: %d campaigns, %d won by random play", players, campaigns, wins)
	}
}
