package clockwork_test

import (
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// TestGanonNeedRecordsTheLastFight plays Ganon's Tower at random (biased toward strikes) and
// checks LevelResult.GanonNeed on every lost campaign: never above the Shortfall's targets,
// equal to the Shortfall when no payment against Ganon was begun, zero on the other levels, and
// below the Shortfall in some skill for some fights (the cards played count).
func TestGanonNeedRecordsTheLastFight(t *testing.T) {
	d := configstest.Frozen(t)
	buf := make([]rules.Action, 0, 1024)
	lost, fought, closer := 0, 0, 0
	for players := 2; players <= 4; players++ {
		targets := d.Ganon.Targets[players]
		for seed := uint64(1); seed <= 60; seed++ {
			g := rules.StartGanonAt(d, players, seed, [3]string{"light", "water", "forest"})
			r := rand.New(rand.NewPCG(seed, 7))
			for k := 0; !g.IsTerminal() && k < 200000; k++ {
				buf = g.LegalActions(buf)
				if err := g.ApplyChecked(biased(r, buf)); err != nil {
					t.Fatal(err)
				}
			}
			res := g.Result(rules.Levels)
			if g.Won() {
				if res.GanonNeed != (rules.Cost{}) {
					t.Errorf("%dp seed %d: won, but GanonNeed %v", players, seed, res.GanonNeed)
				}
				continue
			}
			lost++
			if res.GanonFights == 0 && res.GanonNeed != res.Shortfall {
				t.Errorf("%dp seed %d: no fight, GanonNeed %v != Shortfall %v", players, seed, res.GanonNeed, res.Shortfall)
			}
			less := false
			for s := range res.GanonNeed {
				if res.GanonNeed[s] < 0 || res.GanonNeed[s] > targets[s] {
					t.Errorf("%dp seed %d: GanonNeed %v outside 0..targets %v", players, seed, res.GanonNeed, targets)
				}
				less = less || res.GanonNeed[s] < res.Shortfall[s]
			}
			if res.GanonFights > 0 {
				fought++
			}
			if less {
				closer++
			}
			for lvl := 1; lvl < rules.Levels; lvl++ {
				if r := g.Result(lvl); r.GanonNeed != (rules.Cost{}) || r.GanonFights != 0 {
					t.Errorf("%dp seed %d level %d: GanonNeed %v, fights %d", players, seed, lvl, r.GanonNeed, r.GanonFights)
				}
			}
		}
	}
	t.Logf("%d lost, %d with a fight, %d closer than the Shortfall", lost, fought, closer)
	if fought == 0 || closer == 0 {
		t.Errorf("no lost fight recorded (%d lost, %d fought, %d closer): the harness does not reach the count", lost, fought, closer)
	}
}
