package reports

import (
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/sim"
)

// GanonTable prints the terminal summary of `clockwork ganon`: the answers to --goal, the win
// rates by player count and target (and agent, when several played), then the Shards brought
// to the Tower and what Ganon still asked of the cards when he won.
func GanonTable(w io.Writer, r *sim.Results) {
	for _, goal := range r.GanonGoals {
		fmt.Fprintln(w, GoalText(r, goal))
	}
	if len(r.GanonGoals) > 0 {
		fmt.Fprintln(w)
	}
	several := len(Rungs(r)) > 1
	agent := func(g *sim.Group) string {
		if !several {
			return ""
		}
		return "\t" + rungText(g.Agent, g.Strategies)
	}
	head := ""
	if several {
		head = "\tagent"
	}
	target := func(g *sim.Group) string { return g.Params[sim.GanonParam(g.Players)] }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "players\ttarget"+head+"\tcampaigns\twin rate\t95% interval\tGanon reached\tbeaten once reached\t95% interval")
	for _, g := range r.Groups {
		win, beat := NewRate(g.Wins, g.Campaigns), NewRate(cwOf(g).Ganon.Defeated, cwOf(g).Ganon.Reached)
		fmt.Fprintf(tw, "%d\t%s%s\t%d\t%s\t%s\t%s\t%s\t%s\n", g.Players, target(g), agent(g), g.Campaigns,
			FmtRate(win), FmtInterval(win), FmtRate(NewRate(cwOf(g).Ganon.Reached, g.Campaigns)), FmtRate(beat), FmtInterval(beat))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nShards the team brings to Ganon's Tower (the end of the campaign), and what Ganon still")
	fmt.Fprintln(w, "asked of the cards when he won (mean per skill, after the Shards)")
	fmt.Fprintln(tw, "players\ttarget"+head+"\tmean Shards\tmedian\tshortfall move\tattack\tinteract")
	for _, g := range r.Groups {
		shards := Summarize(cwOf(g).FinalShardsHist)
		mean := func(h []int64) float64 { return zeroNaN(Summarize(h).Mean) }
		fmt.Fprintf(tw, "%d\t%s%s\t%.2f\t%d\t%.1f\t%.1f\t%.1f\n", g.Players, target(g), agent(g), zeroNaN(shards.Mean),
			int(zeroNaN(shards.Median)), mean(cwOf(g).Ganon.ShortfallHist["move"]), mean(cwOf(g).Ganon.ShortfallHist["attack"]), mean(cwOf(g).Ganon.ShortfallHist["interact"]))
	}
	tw.Flush()
}

// zeroNaN is x, or 0 for NaN (an empty histogram's mean in the terminal table).
func zeroNaN(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return x
}

// rungText names an agent with its strategies when they are not the defaults, e.g.
// "expert:rollouts=2" (agents.Spec.Label).
func rungText(agent, strategies string) string {
	return agents.Spec{Name: agent, Strategies: strategies}.Label()
}

// rungs lists the agents (with their strategies) of the results' groups, in order of first
// appearance.
func Rungs(r *sim.Results) []sim.Rung {
	var out []sim.Rung
	for _, g := range r.Groups {
		rg := sim.Rung{Agent: g.Agent, Strategies: g.Strategies}
		if !slices.Contains(out, rg) {
			out = append(out, rg)
		}
	}
	return out
}
