package clue

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// TestLadder checks that each rung beats the one below it: one seat of the stronger agent
// against the weaker in every other seat wins more than its fair share (1/players), over games
// of 2, 4 and 6 players with the stronger seat rotated.
func TestLadder(t *testing.T) {
	d := frozenData(t)
	games := 60
	if testing.Short() {
		games = 20
	}
	var g rules.Game
	for _, pair := range [][2]string{{"deductive", "passes"}, {"passes", "notebook"}, {"notebook", "random"}} {
		for _, players := range []int{2, 4, 6} {
			names := make([]string, players)
			for s := range names {
				names[s] = pair[1]
			}
			names[0] = pair[0]
			tab := NewTable(lineup(t, names...)...)
			wins := 0
			for i := 0; i < games; i++ {
				g.Reset(d, players, 77, uint64(i))
				if err := tab.Play(&g, uint64(i)); err != nil {
					t.Fatal(err)
				}
				if g.Winner() == 0 {
					wins++
				}
			}
			if fair := games / players; wins <= fair {
				t.Errorf("%s in seat 0 against %s, %d players: %d wins of %d, no more than the fair %d",
					pair[0], pair[1], players, wins, games, fair)
			}
		}
	}
}
