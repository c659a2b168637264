package agents

import (
	"testing"

	"github.com/clockworksim/clockwork/configs/configstest"
	"github.com/clockworksim/clockwork/rules"
	"github.com/clockworksim/clockwork/strategies"
)

// TestTokenJudgingRemembered plays planner campaigns on the frozen data and, at each main
// decision where bestToken would take what its last fruitless judging saw for a fruitless
// judging again (noGain), judges the token uses afresh on a copy of the planner that remembers
// nothing: it must find no use worth its token either.
func TestTokenJudgingRemembered(t *testing.T) {
	d := configstest.Frozen(t)
	var g rules.Game
	p := NewPlanner(strategies.Defaults(), false)
	buf := make([]rules.Action, 0, 1024)
	remembered := 0
	for i := uint64(0); i < 40; i++ {
		seed := rules.CampaignSeed(1, i)
		g.Reset(d, 2+int(i%3), seed, i)
		p.Reset(seed)
		for n := 0; !g.IsTerminal() && n < 50000; n++ {
			buf = g.LegalActions(buf)
			v := g.View()
			if v.Prompt() == rules.PromptMain && v.TokenUses() > 0 {
				q := *p // bestToken reads only the board copy and its own records: a plain copy will do
				q.gather = !q.bossReady(v)
				if j := q.judging(v, buf); j.board != 0 && j == q.noGain {
					remembered++
					q.noGain, q.noTokenLevel = tokenJudging{}, -1
					if a, ok := q.bestToken(v, buf); ok {
						t.Fatalf("campaign %d, level %d round %d: the remembered judging found nothing, a fresh one %v", i, v.Level(), v.Round(), a)
					}
				}
			}
			g.Apply(p.Choose(v, buf))
		}
	}
	if remembered < 20 {
		t.Fatalf("only %d remembered judgings: the test looks at too few", remembered)
	}
	t.Logf("%d remembered judgings checked", remembered)
}
