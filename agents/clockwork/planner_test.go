package clockwork

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// TestTokenJudgingRemembered plays planner campaigns on the frozen data and, at each main
// decision where bestToken would take what its last fruitless judging saw for a fruitless
// judging again (noGain), judges the token uses afresh on a copy of the planner that remembers
// nothing: it must find no use worth its token either.
func TestTokenJudgingRemembered(t *testing.T) {
	remembered := 0
	playPlanner(t, 1, 40, 50000, func(i uint64, _ int, p *Planner, v rules.View, legal []rules.Action) {
		if v.Prompt() != rules.PromptMain || v.TokenUses() == 0 {
			return
		}
		q := *p // bestToken reads only the board copy and its own records: a plain copy will do
		q.gather = !q.bossReady(v)
		if j := q.judging(v, legal); j.board == 0 || j != q.noGain {
			return
		}
		remembered++
		q.noGain, q.noTokenLevel = tokenJudging{}, -1
		if a, ok := q.bestToken(v, legal); ok {
			t.Fatalf("campaign %d, level %d round %d: the remembered judging found nothing, a fresh one %v", i, v.Level(), v.Round(), a)
		}
	})
	if remembered < 20 {
		t.Fatalf("only %d remembered judgings: the test looks at too few", remembered)
	}
	t.Logf("%d remembered judgings checked", remembered)
}
