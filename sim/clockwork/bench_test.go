package clockwork_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
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
					buf = cwsim.Play(&g, a, l.Data, players, 1, i, sim.DefaultTurnCap, buf)
					i++
				}
			})
		}
	}
}

// BenchmarkDecisionCost splits a three-hero campaign's time by decision, for the random agent
// and the planner: how many decisions of each group a campaign makes (and in all), and the
// microseconds a campaign spends listing, choosing and applying them. The groups: the main
// decisions that step a hero (move, tunnel, barrier), that end the round, that spend a token,
// the other main decisions, payments, and all other prompts. It plays as Play does (without the
// cap on a level's actions, never reached here). Each of the three times of a decision includes
// one clock read (time.Now: about 70 ns on the project's machine), so the groups compare better
// than they add up to BenchmarkCampaign.
func BenchmarkDecisionCost(b *testing.B) {
	l, err := configs.Load(configs.Default(), configs.DefaultLabel, nil)
	if err != nil {
		b.Fatal(err)
	}
	groups := [...]string{"step", "end", "token", "main", "pay", "other"}
	for _, name := range []string{"random", "planner"} {
		b.Run(name+"/3p", func(b *testing.B) {
			a, _ := agents.New(name, strategies.Defaults())
			var g rules.Game
			buf := make([]rules.Action, 0, 1024)
			var n [len(groups)]int
			var spent [len(groups)][3]time.Duration
			campaigns := 0
			for b.Loop() {
				seed := chance.EpisodeSeed(1, uint64(campaigns))
				g.Reset(l.Data, 3, seed, uint64(campaigns))
				a.Reset(seed)
				for !g.IsTerminal() {
					if g.Round() > sim.DefaultTurnCap {
						g.EndLevelTimeout()
						continue
					}
					t0 := time.Now()
					buf = g.LegalActions(buf)
					t1 := time.Now()
					c := a.Choose(g.View(0), buf)
					t2 := time.Now()
					k := decisionGroup(g.View(0).Prompt(), c.Kind())
					g.Apply(c)
					t3 := time.Now()
					n[k]++
					spent[k][0] += t1.Sub(t0)
					spent[k][1] += t2.Sub(t1)
					spent[k][2] += t3.Sub(t2)
				}
				campaigns++
			}
			per, all := float64(campaigns), 0
			for k := range groups {
				all += n[k]
			}
			b.ReportMetric(float64(all)/per, "decisions/campaign")
			for k, grp := range groups {
				b.ReportMetric(float64(n[k])/per, grp+"-decisions/campaign")
				for i, what := range [3]string{"list", "choose", "apply"} {
					b.ReportMetric(float64(spent[k][i].Microseconds())/per, grp+"-"+what+"-µs/campaign")
				}
			}
		})
	}
}

// decisionGroup is the group of BenchmarkDecisionCost a decision at prompt p choosing an action
// of kind k is counted in.
func decisionGroup(p rules.Prompt, k rules.ActionKind) int {
	switch {
	case p == rules.PromptPay:
		return 4
	case p != rules.PromptMain:
		return 5
	case k == rules.ActMove || k == rules.ActTunnel || k == rules.ActBarrier:
		return 0
	case k == rules.ActEndRound:
		return 1
	case k == rules.ActCompass || k == rules.ActMapSwap:
		return 2
	}
	return 3
}
