package clue

import (
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
)

// playRandom plays one whole game with uniformly random decisions from r (no allocation).
func playRandom(g *Game, buf []Action, r *chance.Stream) []Action {
	for !g.IsTerminal() {
		buf = g.LegalActions(buf)
		a := buf[r.Intn(len(buf))]
		for a.Kind == ActAccuse && r.Intn(50) != 0 {
			a = buf[r.Intn(len(buf))]
		}
		g.Apply(a)
	}
	return buf
}

// TestZeroAllocsPerGame: Reset and a whole random game allocate nothing once the Game exists.
func TestZeroAllocsPerGame(t *testing.T) {
	d := frozenData(t)
	g := new(Game)
	buf := make([]Action, 0, MaxActions)
	var r chance.Stream
	for players := MinPlayers; players <= MaxPlayers; players++ {
		idx := uint64(0)
		allocs := testing.AllocsPerRun(20, func() {
			g.Reset(d, players, 1, idx)
			r.Seed(idx, 99)
			buf = playRandom(g, buf, &r)
			v := g.View(idx2seat(idx, players))
			_ = v.Log
			idx++
		})
		if allocs != 0 {
			t.Errorf("%dp: %.1f allocations per game, want 0", players, allocs)
		}
	}
}

func idx2seat(idx uint64, players int) int { return int(idx % uint64(players)) }

// TestZeroAllocsDeterminize: Clone and Determinize of a used Game allocate nothing.
func TestZeroAllocsDeterminize(t *testing.T) {
	d := frozenData(t)
	var g, h Game
	g.Reset(d, 4, 1, 3)
	var r chance.Stream
	r.Seed(5, 1)
	buf := make([]Action, 0, MaxActions)
	for k := 0; k < 40 && !g.IsTerminal(); k++ {
		buf = g.LegalActions(buf)
		if a := buf[r.Intn(len(buf))]; a.Kind != ActAccuse {
			g.Apply(a)
		}
	}
	if g.IsTerminal() {
		t.Fatal("the game ended before the test could determinize it")
	}
	v := g.View(g.ToMove())
	var deal Deal
	deal.Envelope = g.envelope
	deal.Hands = g.hand
	deal.Aside = g.aside
	allocs := testing.AllocsPerRun(20, func() {
		g.Clone(&h)
		if err := h.Determinize(&v, &deal, 7); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per Clone + Determinize, want 0", allocs)
	}
}

func benchmarkGames(b *testing.B, players int) {
	d := frozenData(b)
	g := new(Game)
	buf := make([]Action, 0, MaxActions)
	var r chance.Stream
	b.ReportAllocs()
	b.ResetTimer()
	turns := 0
	for i := 0; i < b.N; i++ {
		g.Reset(d, players, 1, uint64(i))
		r.Seed(uint64(i), 99)
		buf = playRandom(g, buf, &r)
		turns += g.Turn()
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkGame2p .. 6p play whole random games (Reset included).
func BenchmarkGame2p(b *testing.B) { benchmarkGames(b, 2) }
func BenchmarkGame3p(b *testing.B) { benchmarkGames(b, 3) }
func BenchmarkGame4p(b *testing.B) { benchmarkGames(b, 4) }
func BenchmarkGame5p(b *testing.B) { benchmarkGames(b, 5) }
func BenchmarkGame6p(b *testing.B) { benchmarkGames(b, 6) }
