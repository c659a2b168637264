package clue

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// playGames plays games of each player count with the agent name in every seat, on the
// checked path, and returns the end reasons counted and the game lengths in turns.
func playGames(t *testing.T, name string, games int, check func(g *rules.Game)) (ends [5]int, turns int) {
	t.Helper()
	d := frozenData(t)
	var g rules.Game
	for players := rules.MinPlayers; players <= rules.MaxPlayers; players++ {
		names := make([]string, players)
		for i := range names {
			names[i] = name
		}
		tab := NewTable(lineup(t, names...)...)
		tab.Checked = true
		for i := 0; i < games; i++ {
			g.Reset(d, players, 11, uint64(i))
			if err := tab.Play(&g, uint64(i)); err != nil {
				t.Fatalf("%s %dp game %d: %v", name, players, i, err)
			}
			if !g.IsTerminal() {
				t.Fatalf("%s %dp game %d did not end", name, players, i)
			}
			if check != nil {
				check(&g)
			}
			ends[g.EndReason()]++
			turns += g.Turn()
		}
	}
	return ends, turns
}

func TestAgentsPlayWholeGames(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			ends, turns := playGames(t, name, 10, nil)
			t.Logf("%s: ends %v (none, accused, ganondorf, all wrong, turn cap), mean turns %.1f", name, ends, float64(turns)/50)
		})
	}
}
