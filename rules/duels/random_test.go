package duels_test

import (
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/duels"
)

// TestRandomPlayKeepsInvariants plays random games on every map with 2 to 4 players, checking
// the invariants after every action, and that every game ends.
func TestRandomPlayKeepsInvariants(t *testing.T) {
	d := frozen(t)
	games := 2000
	if testing.Short() {
		games = 300
	}
	var r chance.Stream
	r.Seed(7, 0)
	var g duels.Game
	buf := make([]duels.Action, 0, duels.MaxActions)
	wins, capped := 0, 0
	for i := 0; i < games; i++ {
		s := randomLineup(d, &r, 2+i%3)
		s.Map = duels.MapID(i / 3 % len(d.Maps))
		g.Reset(d, s, 11, uint64(i))
		if err := g.Check(); err != nil {
			t.Fatalf("game %d after reset: %v", i, err)
		}
		_, err := playRandom(&g, &r, buf, g.Check)
		if err != nil {
			t.Fatalf("game %d (%+v) turn %d: %v", i, s, g.Turn(), err)
		}
		if g.Winner() >= 0 {
			wins++
		} else {
			capped++
		}
	}
	t.Logf("%d games: %d won, %d without a winner", games, wins, capped)
	if wins == 0 {
		t.Fatal("no random game was won")
	}
}
