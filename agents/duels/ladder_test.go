package duels

import (
	"flag"
	"math"
	"testing"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// TestLadder checks that each rung beats the one below it clearly on mirror matchups (the same
// team on both sides, every team and map in turn), each deal played twice with the seats
// swapped so that neither the first-player roll nor the side favours a rung. The margin is far
// outside chance: a coin would win more than 60% of 400 games less than once in 30,000 runs.
func TestLadder(t *testing.T) {
	d := frozen(t)
	games := 400
	for _, pair := range [][2]string{{"aggressive", "random"}, {"tactical", "aggressive"}} {
		t.Run(pair[0]+">"+pair[1], func(t *testing.T) {
			wins, noWinner := ladder(t, d, pair[0], pair[1], games)
			t.Logf("%s beat %s in %d of %d mirror games (%d without a winner)", pair[0], pair[1], wins, games, noWinner)
			if wins*10 <= games*6 {
				t.Errorf("%s won %d of %d games against %s, want more than 60%%", pair[0], wins, games, pair[1])
			}
		})
	}
}

// long runs the long tests: the expert's rung (some 20 seconds on one core).
var long = flag.Bool("long", false, "run the long tests (the expert's rung of the ladder)")

// TestExpertLadder checks the expert's rung: over 400 mirror games against tactical, seats
// alternated, it wins more than it loses by more than two standard errors. Run with -long.
func TestExpertLadder(t *testing.T) {
	if !*long {
		t.Skip("the expert's rung takes some 20 seconds: run with -args -long")
	}
	d := frozen(t)
	games := 400
	wins, noWinner := ladder(t, d, "expert", "tactical", games)
	losses := games - wins - noWinner
	t.Logf("expert beat tactical in %d of %d mirror games, lost %d (%d without a winner)", wins, games, losses, noWinner)
	if float64(wins-losses) <= 2*math.Sqrt(float64(wins+losses)) {
		t.Errorf("expert won %d and lost %d of %d games against tactical: not clearly better", wins, losses, games)
	}
}

// ladder plays games mirror games of strong against weak, game 2k and 2k+1 on the same deal
// with the seats swapped, and returns the games strong won and those nobody won.
func ladder(t *testing.T, d *rules.Data, strong, weak string, games int) (wins, noWinner int) {
	t.Helper()
	var g rules.Game
	ab := NewTable(lineup(t, strong, weak)...)
	ba := NewTable(lineup(t, weak, strong)...)
	for i := 0; i < games; i++ {
		deal := uint64(i / 2)
		team := rules.TeamID(int(deal) % len(d.Teams))
		m := rules.MapID(int(deal) / len(d.Teams) % len(d.Maps))
		g.Reset(d, mirror(team, m), 404, deal)
		tab, seat := ab, 0
		if i%2 == 1 {
			tab, seat = ba, 1
		}
		if err := tab.Play(&g, deal); err != nil {
			t.Fatal(err)
		}
		switch g.Winner() {
		case seat:
			wins++
		case -1:
			noWinner++
		}
	}
	return wins, noWinner
}
