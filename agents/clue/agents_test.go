package clue

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// playGames plays games of each player count up to maxPlayers with the agent name in every
// seat, on the checked path, and returns the end reasons counted and the game lengths in turns.
func playGames(t *testing.T, name string, games, maxPlayers int) (ends [5]int, turns int) {
	t.Helper()
	d := frozenData(t)
	var g rules.Game
	for players := rules.MinPlayers; players <= maxPlayers; players++ {
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
			ends[g.EndReason()]++
			turns += g.Turn()
		}
	}
	return ends, turns
}

func TestAgentsPlayWholeGames(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			games, most := 10, rules.MaxPlayers
			if name == "expert" {
				games, most = 1, 4 // its play-outs make a game cost some hundred milliseconds
			}
			ends, turns := playGames(t, name, games, most)
			n := games * (most - rules.MinPlayers + 1)
			t.Logf("%s: ends %v (none, accused, ganondorf, all wrong, turn cap), mean turns %.1f", name, ends, float64(turns)/float64(n))
			if name != "random" && ends[rules.EndTurnCap] > 0 {
				t.Errorf("%s: %d games reached the turn cap (movers jammed?)", name, ends[rules.EndTurnCap])
			}
		})
	}
}

// wrongAccusations counts the wrong accusations of the seats in mask, read from seat 0's log
// (accusations are public).
func wrongAccusations(g *rules.Game, mask uint8) int {
	v := g.View(0)
	n := 0
	for _, o := range v.Log {
		if o.Kind == rules.ObsAccuse && o.Flag == 0 && mask&(1<<o.Seat) != 0 {
			n++
		}
	}
	return n
}

func TestDeductiveNeverAccusesWrong(t *testing.T) {
	// A thousand games, the deductive agent in the last seat against every agent (itself
	// included) at every player count: it accuses only what it has deduced, so never wrongly;
	// and it wins.
	d := frozenData(t)
	games := 1000
	if testing.Short() {
		games = 150
	}
	others := []string{"random", "notebook", "passes", "deductive"}
	var tables [rules.MaxPlayers + 1][4]*Table
	var g rules.Game
	accused, wins := 0, 0
	for i := 0; i < games; i++ {
		players, o := rules.MinPlayers+i%5, (i/5)%len(others)
		if tables[players][o] == nil {
			names := make([]string, players)
			for s := range names {
				names[s] = others[o]
			}
			names[players-1] = "deductive"
			tables[players][o] = NewTable(lineup(t, names...)...)
		}
		mask := uint8(1) << (players - 1)
		if others[o] == "deductive" {
			mask = 1<<players - 1
		}
		g.Reset(d, players, 21, uint64(i))
		if err := tables[players][o].Play(&g, uint64(i)); err != nil {
			t.Fatal(err)
		}
		if n := wrongAccusations(&g, mask); n > 0 {
			t.Fatalf("%dp vs %s game %d: the deductive agent accused wrongly %d times", players, others[o], i, n)
		}
		if g.EndReason() == rules.EndAccused {
			accused++
			if mask&(1<<g.Winner()) != 0 {
				wins++
			}
		}
	}
	if wins < accused/2 {
		t.Fatalf("deductive seats won %d of the %d games won by an accusation", wins, accused)
	}
	t.Logf("%d games, %d won by an accusation, %d of them by a deductive seat", games, accused, wins)
}

func TestAgentsAllocateNothing(t *testing.T) {
	d := frozenData(t)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			tab := NewTable(lineup(t, name, name, name, name)...)
			var g rules.Game
			i := uint64(0)
			runs := 5
			if name == "expert" {
				runs = 2
			}
			allocs := testing.AllocsPerRun(runs, func() {
				g.Reset(d, 4, 3, i)
				if err := tab.Play(&g, i); err != nil {
					t.Fatal(err)
				}
				i++
			})
			if allocs != 0 {
				t.Fatalf("%v allocations per whole game, want 0", allocs)
			}
		})
	}
}

// BenchmarkAgents plays whole 4-player games with the same agent in every seat (run the expert
// with few iterations: -bench Agents/expert -benchtime=5x).
func BenchmarkAgents(b *testing.B) {
	d := frozenData(b)
	for _, name := range Names() {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			tab := NewTable(lineup(b, name, name, name, name)...)
			var g rules.Game
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.Reset(d, 4, 5, uint64(i))
				if err := tab.Play(&g, uint64(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
