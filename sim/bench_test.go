package sim

import (
	"fmt"
	"testing"

	"github.com/clockworksim/clockwork/agents"
	"github.com/clockworksim/clockwork/configs"
	"github.com/clockworksim/clockwork/rules"
	"github.com/clockworksim/clockwork/strategies"
)

// BenchmarkCampaign plays whole campaigns per agent and player count, as a simulator worker
// does (one Game, one agent, one buffer): the steady state must allocate nothing. It plays the
// embedded default data, not the frozen test data: docs/performance.md reports the speed of the
// data that ships (it pins no value).
func BenchmarkCampaign(b *testing.B) {
	l, err := configs.Load(configs.Default(), configs.DefaultLabel, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range agents.Names() {
		for players := 2; players <= 4; players++ {
			b.Run(fmt.Sprintf("%s/%dp", name, players), func(b *testing.B) {
				a, _ := agents.New(name, strategies.Defaults())
				var g rules.Game
				buf := make([]rules.Action, 0, 1024)
				i := uint64(0)
				b.ReportAllocs()
				for b.Loop() {
					buf = Play(&g, a, l.Data, players, 1, i, DefaultRoundCap, buf)
					i++
				}
			})
		}
	}
}
