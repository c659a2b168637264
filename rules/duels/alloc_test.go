package duels_test

import (
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/duels"
)

// TestZeroAllocationsPerGame pins that a whole random game (Reset, LegalActions, Apply) allocates
// nothing once the game and the buffer exist.
func TestZeroAllocationsPerGame(t *testing.T) {
	d := frozen(t)
	var g duels.Game
	var r chance.Stream
	r.Seed(3, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	i := uint64(0)
	allocs := testing.AllocsPerRun(50, func() {
		s := duels.Setup{Players: 2 + int(i%3), Map: duels.MapID(i % uint64(len(d.Maps)))}
		for k := 0; k < s.Players; k++ {
			s.Teams[k] = duels.TeamID((int(i) + 3*k) % len(d.Teams))
		}
		g.Reset(d, s, 5, i)
		for !g.IsTerminal() {
			buf = g.LegalActions(buf[:0])
			g.Apply(buf[r.Intn(len(buf))])
		}
		i++
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per game, want 0", allocs)
	}
}

// BenchmarkRandomGame plays whole two-player random games.
func BenchmarkRandomGame(b *testing.B) {
	d := frozen(b)
	var g duels.Game
	var r chance.Stream
	r.Seed(3, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	b.ReportAllocs()
	b.ResetTimer()
	actions := 0
	for i := 0; i < b.N; i++ {
		s := duels.Setup{Players: 2, Map: duels.MapID(i % len(d.Maps))}
		s.Teams[0], s.Teams[1] = duels.TeamID(i%len(d.Teams)), duels.TeamID((i+1)%len(d.Teams))
		g.Reset(d, s, 1, uint64(i))
		for !g.IsTerminal() {
			buf = g.LegalActions(buf[:0])
			g.Apply(buf[r.Intn(len(buf))])
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkLegalActions lists the legal actions of a mid-game position.
func BenchmarkLegalActions(b *testing.B) {
	d := frozen(b)
	var g duels.Game
	s := duels.Setup{Players: 2, Teams: [duels.MaxPlayers]duels.TeamID{0, 1}}
	g.Reset(d, s, 1, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = g.LegalActions(buf[:0])
	}
}
