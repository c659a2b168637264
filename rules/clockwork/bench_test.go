package clockwork_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// BenchmarkRandomCampaign plays whole campaigns with uniformly random legal actions, reusing
// one Game and one action buffer: the steady state must allocate nothing.
func BenchmarkRandomCampaign(b *testing.B) {
	d := configstest.Frozen(b)
	for players := 2; players <= 4; players++ {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			var g rules.Game
			buf := make([]rules.Action, 0, 1024)
			pcg := rand.NewPCG(1, 2)
			r := rand.New(pcg)
			actions := 0
			b.ReportAllocs()
			i := uint64(0)
			for b.Loop() {
				g.Reset(d, players, chance.EpisodeSeed(3, i), i)
				pcg.Seed(i, 7)
				for !g.IsTerminal() {
					buf = g.LegalActions(buf)
					g.Apply(buf[r.IntN(len(buf))])
					actions++
				}
				i++
			}
			b.ReportMetric(float64(actions)/float64(i), "actions/campaign")
		})
	}
}
