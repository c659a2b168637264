package rules_test

import (
	"fmt"
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

// biased picks a random legal action, preferring progress over passing.
func biased(r *rand.Rand, buf []rules.Action) rules.Action {
	var w [512]float64
	total := 0.0
	for i, a := range buf {
		x := 1.0
		switch a.Kind() {
		case rules.ActEndRound, rules.ActPass, rules.ActGiveUp, rules.ActTakeDamage:
			x = 0.02
		case rules.ActActivate, rules.ActBoss, rules.ActDefeat, rules.ActVulnerable:
			x = 50
		case rules.ActMultiples:
			x = 1 + 10*float64(a.X())
		case rules.ActMove:
			x = 5
		case rules.ActShard:
			x = 0.5
		}
		w[i] = x
		total += x
	}
	p := r.Float64() * total
	for i := range buf {
		p -= w[i]
		if p <= 0 {
			return buf[i]
		}
	}
	return buf[len(buf)-1]
}

func TestDiagBiased(t *testing.T) {
	d := defaultData(t)
	var g rules.Game
	c := &counter{}
	g.SetSink(c)
	wins := 0
	buf := make([]rules.Action, 0, 512)
	for i := 0; i < 300; i++ {
		seed := rules.CampaignSeed(7, uint64(i))
		g.Reset(d, 3, seed, uint64(i))
		r := rand.New(rand.NewPCG(seed, 1))
		var hist []string
		rules.SetDebugEngage(func(g *rules.Game, h int) {
			hist = append(hist, fmt.Sprintf("engaged:%s h%d %v actor %d %s", g.PromptString(), h, g.Hero(h).Engaged, g.Actor(), g.DebugFlags()))
		})
		for n := 0; !g.IsTerminal(); n++ {
			buf = g.LegalActions(buf)
			if len(buf) == 0 {
				h := g.Hero(g.Actor())
				t.Fatalf("no actions at %s actor %d level %d engaged %v forroom %v\n%v", g.Prompt(), g.Actor(), g.Level(), h.Engaged, h.ForRoom, hist[max(0, len(hist)-12):])
			}
			a := biased(r, buf)
			hist = append(hist, g.Prompt().String()+":"+a.String())
			g.Apply(a)
			if err := g.Check(); err != nil {
				t.Fatal(err)
			}
		}
		if g.Won() {
			wins++
		}
	}
	for k, v := range c.n {
		t.Logf("%-20s %d", rules.EventNames[k], v)
	}
	t.Logf("wins %d", wins)
}
