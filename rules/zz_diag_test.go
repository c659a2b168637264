package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/rules"
)

type counter struct{ n [rules.NumEventTypes]int }

func (c *counter) Emit(e *rules.Event) { c.n[e.Type]++ }

func TestDiagEvents(t *testing.T) {
	d := defaultData(t)
	var g rules.Game
	c := &counter{}
	g.SetSink(c)
	acts := 0
	for i := 0; i < 300; i++ {
		seed := rules.CampaignSeed(7, uint64(i))
		g.Reset(d, 3, seed, uint64(i))
		r := rand.New(rand.NewPCG(seed, 1))
		acts += playRandom(t, &g, r, false, 1000000)
	}
	for k, v := range c.n {
		t.Logf("%-20s %d", rules.EventNames[k], v)
	}
	t.Logf("actions %d", acts)
}
