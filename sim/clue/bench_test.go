package clue

import (
	"fmt"
	"testing"

	cluecfg "github.com/clockworksim/clockwork/configs/clue"
	"github.com/clockworksim/clockwork/sim"
)

// BenchmarkGame plays whole four-player games through the simulator's seam (one Worker.Play a
// game), each agent at every seat: what `clockwork clue run` costs per game and worker.
// Compare agents with: go test ./sim/clue -run '^$' -bench Game -count 6 | benchstat -
func BenchmarkGame(b *testing.B) {
	l, err := cluecfg.LoadDir("", nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, agent := range []string{"random", "notebook", "deductive"} {
		for _, players := range []int{4} {
			b.Run(fmt.Sprintf("%s/%dp", agent, players), func(b *testing.B) {
				lu, err := Lineup([]string{agent})
				if err != nil {
					b.Fatal(err)
				}
				cfg := &sim.Config{Players: []int{players}, Agents: []sim.Lineup{lu}, Seed: 1}
				w, err := New(l.Data).NewWorker(cfg)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					w.Play(0, 0, players, uint64(i), 0)
				}
			})
		}
	}
}
