package clockwork_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

var (
	whereCampaigns = flag.Int("where", 0, "TestWhereSearchPays: campaigns per player count (0: skip)")
	whereSet       = flag.String("where-set", "search=wide", "TestWhereSearchPays: the expert's strategies, comma-separated")
	wherePlayers   = flag.String("where-players", "2,3,4", "TestWhereSearchPays: player counts")
)

// whereRow is one decision kind's counts in TestWhereSearchPays.
type whereRow struct {
	offered, alike, searched, changed, rollouts int64
	cpu                                         time.Duration
}

// TestWhereSearchPays measures, per decision kind, how often the expert's search finds a choice
// other than the planner's that wins more rollouts: it plays -where campaigns a player count
// with the expert (-where-set, default search=wide: every kind but payments) on the frozen data,
// and prints per kind the decisions with 2 to 8 choices, those whose choices all led to the same
// game (alike), those searched, those changed, the rollouts played and the CPU time spent.
//
//	go test ./agents/clockwork -run WhereSearchPays -where 100 -v
//
// With -where 0 (the default) it checks the counting on two campaigns: every searched decision
// counted once, changed at most searched.
func TestWhereSearchPays(t *testing.T) {
	n, players := *whereCampaigns, *wherePlayers
	if n == 0 {
		n, players = 2, "3"
	}
	s := strategies.Defaults()
	for _, kv := range strings.Split(*whereSet, ",") {
		if err := s.Parse(kv); err != nil {
			t.Fatal(err)
		}
	}
	d := configstest.Frozen(t)
	for _, p := range strings.Split(players, ",") {
		var np int
		fmt.Sscan(p, &np)
		rows, wins := whereRun(t, d, s, np, n)
		t.Logf("%d heroes, %d campaigns, %s: %d won", np, n, s, wins)
		t.Logf("%-12s %8s %8s %8s %8s %10s %8s", "kind", "offered", "alike", "searched", "changed", "rollouts", "cpu")
		for k, r := range rows {
			if r.offered > 0 {
				t.Logf("%-12s %8d %8d %8d %8d %10d %8.1fs", rules.Prompt(k), r.offered, r.alike, r.searched, r.changed, r.rollouts, r.cpu.Seconds())
			}
			if r.changed > r.searched || r.searched+r.alike > r.offered {
				t.Fatalf("%s: counts out of order: %+v", rules.Prompt(k), r)
			}
		}
	}
}

// whereRun plays n campaigns of the expert and returns its counts per kind and its wins.
func whereRun(t *testing.T, d *rules.Data, s strategies.Set, players, n int) ([rules.NumPrompts]whereRow, int) {
	t.Helper()
	var rows [rules.NumPrompts]whereRow
	e := agents.NewExpert(s)
	var g rules.Game
	buf := make([]rules.Action, 0, 1024)
	wins := 0
	for i := 0; i < n; i++ {
		seed := chance.EpisodeSeed(1, uint64(i))
		g.Reset(d, players, seed, uint64(i))
		e.Reset(seed)
		for !g.IsTerminal() {
			if g.Round() > 100 {
				g.EndLevelTimeout()
				continue
			}
			buf = g.LegalActions(buf)
			k := g.Prompt()
			var before agents.Decisions
			e.TakeDecisions(&before)
			start := time.Now()
			a := e.Choose(g.View(0), buf)
			var got agents.Decisions
			e.TakeDecisions(&got)
			if s.Searches(k) && len(buf) > 1 && len(buf) <= 8 {
				r := &rows[k]
				r.offered++
				r.cpu += time.Since(start)
				r.alike += got[k].Alike
				r.searched += got[k].Searched
				r.changed += got[k].Changed
				r.rollouts += got[k].Rollouts
			}
			g.Apply(a)
		}
		if g.Won() {
			wins++
		}
	}
	return rows, wins
}
