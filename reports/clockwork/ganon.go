package clockwork

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// GanonTable prints the terminal summary of `clockwork ganon`: the answers to --goal, the win
// rates by player count and target (and agent, when several played), then the Shards brought
// to the Tower and how far short the teams that reached Ganon were (mean and median per skill,
// as in the report; for an older file, the shortfall of all lost campaigns) (reports.GanonTable
// of a Clockwork results file).
func GanonTable(w io.Writer, r *sim.Results) {
	for _, goal := range r.GameGoals {
		fmt.Fprintln(w, GoalText(r, goal))
	}
	if len(r.GameGoals) > 0 {
		fmt.Fprintln(w)
	}
	several := len(reports.Rungs(r)) > 1
	agent := func(g *sim.Group) string {
		if !several {
			return ""
		}
		return "\t" + reports.RungText(r.Game, g.Agent, g.Strategies)
	}
	head := ""
	if several {
		head = "\tagent"
	}
	target := func(g *sim.Group) string { return g.Params[cwsim.GanonParam(g.Players)] }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "players\ttarget"+head+"\tcampaigns\twin rate\t95% interval\tGanon reached\tbeaten once reached\t95% interval")
	for _, g := range r.Groups {
		win, beat := winRate(g), stats.NewRate(cwOf(g).Ganon.Defeated, cwOf(g).Ganon.Reached)
		fmt.Fprintf(tw, "%d\t%s%s\t%d\t%s\t%s\t%s\t%s\t%s\n", g.Players, target(g), agent(g), g.Episodes,
			format.Rate(win), format.Interval(win), format.Rate(stats.NewRate(cwOf(g).Ganon.Reached, g.Episodes)),
			format.Rate(beat), format.Interval(beat))
	}
	tw.Flush()
	kind := shortfallKind(r)
	fmt.Fprintln(w, "\nShards the team brings to Ganon's Tower (the end of the campaign), and "+kind.termText)
	fmt.Fprintln(tw, "players\ttarget"+head+"\tmean Shards\tmedian Shards\tmove "+kind.columnHead+"\tattack\tinteract")
	for _, g := range r.Groups {
		shards := stats.Summarize(cwOf(g).FinalShardsHist)
		fmt.Fprintf(tw, "%d\t%s%s\t%.2f\t%d\t%s\t%s\t%s\n", g.Players, target(g), agent(g), stats.NanZero(shards.Mean),
			int(stats.NanZero(shards.Median)), shortfallText(kind.hist(g, "move")), shortfallText(kind.hist(g, "attack")),
			shortfallText(kind.hist(g, "interact")))
	}
	tw.Flush()
}

// goalTables is the table of the answers to `clockwork ganon --goal` (none without them).
func goalTables(res *sim.Results) []page.Table {
	if len(res.GameGoals) == 0 {
		return nil
	}
	t := page.Table{Title: "Ganon goal: the target whose campaign win rate is the closest to the goal",
		Header: []string{"players", "goal", "target", "win rate", "95% interval", "campaigns", "targets tried", "goal reached"}}
	t.Right = page.RightFrom(len(t.Header), 0)
	for _, goal := range res.GameGoals {
		r := stats.NewRate(0, 0)
		n := "-"
		if g := res.GoalGroup(goal); g != nil {
			r, n = winRate(g), strconv.FormatInt(g.Episodes, 10)
		}
		reached := "yes"
		if !goal.Bracketed {
			reached = fmt.Sprintf("no: no target tried reaches it; %d is the nearest", goal.Target)
		}
		players := strconv.Itoa(goal.Players)
		if goal.Agent != "" && len(reports.Rungs(res)) > 1 {
			players += " (" + reports.RungText(res.Game, goal.Agent, goal.Strategies) + ")"
		}
		t.Rows = append(t.Rows, []string{players, format.Pct(goal.Goal), strconv.Itoa(goal.Target),
			format.Rate(r), format.Interval(r), n, fmt.Sprintf("%d-%d", goal.Low, goal.High), reached})
	}
	return []page.Table{t}
}

// GoalText says the answer to a Ganon goal in one line, e.g. "3 players: Ganon target 18 gives
// a 49.2% campaign win rate (95% 47.0-51.4%, 2000 campaigns), the closest to 50.0% among the
// targets 6 to 30", or when no target tried reaches the goal "3 players: no Ganon target tried
// (6 to 30) reaches the goal 95.0%; nearest is Ganon target 6 (a 82.3% campaign win rate, 95%
// 77.6-86.2%, 300 campaigns)".
func GoalText(res *sim.Results, goal sim.Goal) string {
	g := res.GoalGroup(goal)
	if g == nil {
		return fmt.Sprintf("%d players: Ganon target %d (its group is missing)", goal.Players, goal.Target)
	}
	r := winRate(g)
	who := ""
	if goal.Agent != "" && len(reports.Rungs(res)) > 1 {
		who = " for " + reports.RungText(res.Game, goal.Agent, goal.Strategies)
	}
	if !goal.Bracketed {
		return fmt.Sprintf("%d players%s: no Ganon target tried (%d to %d) reaches the goal %s; nearest is Ganon target %d (a %s campaign win rate, 95%% %.1f-%.1f%%, %d campaigns)",
			goal.Players, who, goal.Low, goal.High, format.Pct(goal.Goal), goal.Target, format.Rate(r), 100*r.Lo, 100*r.Hi, g.Episodes)
	}
	return fmt.Sprintf("%d players%s: Ganon target %d gives a %s campaign win rate (95%% %.1f-%.1f%%, %d campaigns), the closest to %s among the targets %d to %d",
		goal.Players, who, goal.Target, format.Rate(r), 100*r.Lo, 100*r.Hi, g.Episodes, format.Pct(goal.Goal), goal.Low, goal.High)
}
