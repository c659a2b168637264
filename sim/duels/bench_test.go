package duels

import (
	"testing"

	duelscfg "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/sim"
)

// BenchmarkGame plays whole two-player games of one match-up through the simulator's seam (one
// Worker.Play a game), each agent in both seats: what `clockwork duels run` and `matrix` cost
// per game and worker. Compare agents with: go test ./sim/duels -run '^$' -bench Game -count 6 |
// benchstat -
func BenchmarkGame(b *testing.B) {
	l, err := duelscfg.LoadDir("", nil)
	if err != nil {
		b.Fatal(err)
	}
	g, err := New(l.Data, []string{"link", "ganon"}, "lost_woods")
	if err != nil {
		b.Fatal(err)
	}
	for _, agent := range []string{"random", "aggressive", "tactical"} {
		b.Run(agent, func(b *testing.B) {
			lu, err := Lineup([]string{agent})
			if err != nil {
				b.Fatal(err)
			}
			cfg := &sim.Config{Players: []int{2}, Agents: []sim.Lineup{lu}, Seed: 1}
			w, err := g.NewWorker(cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				w.Play(0, 0, 2, uint64(i/2), i%2)
			}
		})
	}
}
