package pig_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/pig"
	"github.com/clockworksim/clockwork/rules/play/playtest"
)

// TestGoldenPlaythrough pins the story of a seeded two-player game, one line a turn, each seat
// holding at a turn total of 12: testdata/pig/golden/playthrough-2p.txt.
func TestGoldenPlaythrough(t *testing.T) {
	playtest.Golden(t, "pig", "playthrough-2p.txt", []byte(story(t, 2026, 4)))
}

// story plays episode idx of run seed seed and tells it.
func story(t *testing.T, seed, idx uint64) string {
	d := pig.Default()
	var g pig.Game
	g.Reset(d, 2, chance.EpisodeSeed(seed, idx), idx)
	var b strings.Builder
	fmt.Fprintf(&b, "Pig, 2 players, target %d, a die of %d faces, turn cap %d: episode %d of seed %d\n",
		d.Target, d.Faces, d.TurnCap, idx, seed)
	for !g.IsTerminal() {
		if g.TurnTotal() == 0 {
			fmt.Fprintf(&b, "turn %d, seat %d rolls", g.Turn(), g.ToMove())
		}
		a, total := pig.Roll, g.TurnTotal()
		if total >= 12 {
			a = pig.Hold
		}
		if err := g.ApplyChecked(a); err != nil {
			t.Fatal(err)
		}
		if err := g.Check(); err != nil {
			t.Fatal(err)
		}
		switch {
		case a == pig.Hold:
			fmt.Fprintf(&b, ", holds %d%s\n", total, scores(&g))
		case g.LastRoll() == 1:
			fmt.Fprintf(&b, " 1: bust, loses %d%s\n", total, scores(&g))
		default:
			fmt.Fprintf(&b, " %d", g.LastRoll())
		}
	}
	fmt.Fprintf(&b, "seat %d wins with %d at turn %d (%d rolls, %d busts)\n", g.Winner(), g.Score(g.Winner()), g.Turn(), g.Rolls(), g.Busts())
	return b.String()
}

// scores is " (scores a-b)".
func scores(g *pig.Game) string { return fmt.Sprintf(" (scores %d-%d)", g.Score(0), g.Score(1)) }
