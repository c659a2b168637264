package reports

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// ChartLadder is the name of LadderChart's chart.
const ChartLadder = "ladder"

// Ladder is the skill ladder of one player count (and params) of a results file: the agents that
// played the same campaigns, in the order given, with the paired comparisons of neighbouring
// rungs and of the first against the last (the skill depth).
type Ladder struct {
	Players int
	Params  string // "k=v;k=v", "" for none
	// Rungs are the agents, bottom to top as given, with their groups.
	Rungs []LadderRung
	// Steps compare rung i with rung i+1; Depth the first rung with the last (nil for two rungs:
	// the one step is the depth).
	Steps []LadderStep
	Depth *LadderStep
}

// LadderRung is one agent of a ladder and its campaign win rate.
type LadderRung struct {
	Label string // the agent, with its strategies when not the defaults
	Win   stats.Rate
	Group *sim.Group
}

// LadderStep is a paired comparison of two rungs, A (lower) and B, over the same campaigns.
type LadderStep struct {
	A, B      int // rung indexes
	Campaigns int64
	// Diff is B's win rate minus A's over the paired campaigns, Lo and Hi its 95% interval
	// (Agresti-Min adjusted Wald interval for paired proportions).
	Diff, Lo, Hi float64
	Test         stats.McNemar
}

// Ladders returns the skill ladders of res (from res.Ladder), by player count and params in
// the order of the file; none without a ladder.
func Ladders(res *sim.Results) []Ladder {
	var out []Ladder
	index := map[string]int{}
	for _, p := range res.Ladder {
		k := strconv.Itoa(p.Players) + "|" + sim.ParamsText(p.Params)
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, Ladder{Players: p.Players, Params: sim.ParamsText(p.Params)})
		}
		l := &out[i]
		a, b := l.rung(res, p, p.A), l.rung(res, p, p.B)
		st := pairedStep(a, b, p)
		if a == 0 && b == len(l.Rungs)-1 && b > 1 {
			l.Depth = &st
		} else {
			l.Steps = append(l.Steps, st)
		}
	}
	return out
}

// rung returns the index of rung r in the ladder, adding it (with its group) the first time.
func (l *Ladder) rung(res *sim.Results, p sim.LadderPair, r sim.Rung) int {
	for i, x := range l.Rungs {
		if x.Group.Agent == r.Agent && x.Group.Strategies == r.Strategies {
			return i
		}
	}
	g := res.RungGroup(p, r)
	l.Rungs = append(l.Rungs, LadderRung{Label: RungText(res.Game, r.Agent, r.Strategies), Win: stats.NewRate(g.Wins, g.Episodes), Group: g})
	return len(l.Rungs) - 1
}

// pairedStep compares rungs a and b of pair p: the paired difference of their win rates with
// the Agresti-Min interval (half a campaign added to each cell of the 2x2 table), and McNemar's
// test on the discordant campaigns.
func pairedStep(a, b int, p sim.LadderPair) LadderStep {
	st := LadderStep{A: a, B: b, Campaigns: p.Episodes, Test: stats.McNemarTest(p.AOnly, p.BOnly)}
	st.Diff, st.Lo, st.Hi = stats.PairedDiff(p.AOnly, p.BOnly, p.Episodes)
	return st
}

// ladderTables are the ladder section's tables: the win rate of every rung, then the paired
// steps and the skill depth with each middle rung's share of it.
func ladderTables(res *sim.Results) []page.Table {
	lads := Ladders(res)
	if len(lads) == 0 {
		return nil
	}
	r := gameOf(res)
	rates := page.Table{Title: r.winRate().Title + " by agent (the same " + r.episodes() + " for every agent)",
		Header: []string{"players", "agent", r.episodes(), "win rate", "95% interval"}}
	rates.Right = []bool{false, false, true, true, true}
	steps := page.Table{Title: "Paired steps: each agent against the one below it, and the skill depth (first against last)",
		Header: []string{"players", "from", "to", r.episodes(), "difference", "95% interval", "won by the lower only", "won by the higher only", "McNemar p"}}
	steps.Right = []bool{false, false, false, true, true, true, true, true, true}
	shares := page.Table{Title: "Share of the skill depth each agent reaches (its win rate above the first agent's, over the depth)",
		Header: []string{"players", "agent", "share of the depth"}}
	shares.Right = []bool{false, false, true}
	for _, l := range lads {
		who := ladderWho(l)
		for _, r := range l.Rungs {
			rates.Rows = append(rates.Rows, []string{who, r.Label, strconv.FormatInt(r.Group.Episodes, 10), format.Rate(r.Win), format.Interval(r.Win)})
		}
		all := l.Steps
		if l.Depth != nil {
			all = append(append([]LadderStep{}, l.Steps...), *l.Depth)
		}
		for _, st := range all {
			steps.Rows = append(steps.Rows, []string{who, l.Rungs[st.A].Label, l.Rungs[st.B].Label, strconv.FormatInt(st.Campaigns, 10),
				format.Signed(st.Diff), format.SignedRange(st.Lo, st.Hi), strconv.FormatInt(st.Test.B, 10), strconv.FormatInt(st.Test.C, 10), format.P(st.Test.P)})
		}
		if l.Depth != nil {
			for i := 1; i+1 < len(l.Rungs); i++ {
				shares.Rows = append(shares.Rows, []string{who, l.Rungs[i].Label, depthShare(l, i)})
			}
		}
	}
	out := []page.Table{rates, steps}
	if len(shares.Rows) > 0 {
		out = append(out, shares)
	}
	return out
}

// ladderWho names a ladder's player count and params.
func ladderWho(l Ladder) string {
	if l.Params == "" {
		return strconv.Itoa(l.Players)
	}
	return strconv.Itoa(l.Players) + " (" + l.Params + ")"
}

// depthShare is rung i's share of the ladder's skill depth: (its win rate - the first's) /
// (the last's - the first's), "-" when the depth is not above zero.
func depthShare(l Ladder, i int) string {
	first, last := l.Rungs[0].Win.P, l.Rungs[len(l.Rungs)-1].Win.P
	if !(last-first > 0) {
		return "-"
	}
	return format.Pct((l.Rungs[i].Win.P - first) / (last - first))
}

// LadderChart draws the skill ladder: the campaign win rate of every agent (x, in ladder
// order) with its Wilson 95% interval, one line per player count. With rungs that are one
// agent at several budgets (expert:rollouts=1, 2, 4, ...) it is the budget chart. It needs a
// ladder at a single param set (chart.ErrNoData otherwise: a sweep with several agents shows them in
// its tables).
func LadderChart(res *sim.Results) (*plot.Plot, error) {
	lads := Ladders(res)
	if len(lads) == 0 {
		return nil, fmt.Errorf("%w: the results hold no ladder", chart.ErrNoData)
	}
	for _, l := range lads {
		if l.Params != lads[0].Params {
			return nil, fmt.Errorf("%w: ladders at several param sets", chart.ErrNoData)
		}
	}
	p := chart.NewPlot("Skill ladder: "+winRateName(res)+" by agent", "", "win rate (%)")
	counts := PlayerCounts(res)
	top := 0.0
	for _, l := range lads {
		c := chart.SeriesColor(slices.Index(counts, l.Players))
		xys := make(plotter.XYs, len(l.Rungs))
		var eb chart.ErrorBars
		for i, r := range l.Rungs {
			off := 0.06 * (float64(slices.Index(counts, l.Players)) - float64(len(counts)-1)/2)
			xys[i] = plotter.XY{X: float64(i) + off, Y: stats.Pct(r.Win.P)}
			eb.Add(xys[i].X, xys[i].Y, stats.Pct(r.Win.Lo), stats.Pct(r.Win.Hi))
			top = max(top, stats.Pct(r.Win.Hi))
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		line.Color, line.Width = c, vg.Points(1.5)
		points.Color, points.Shape, points.Radius = c, draw.CircleGlyph{}, vg.Points(3)
		bars, err := chart.NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		bars.LineStyle.Color = c
		p.Add(line, points, bars)
		p.Legend.Add(format.Players(l.Players), line, points)
	}
	names := make([]string, len(lads[0].Rungs))
	for i, r := range lads[0].Rungs {
		names[i] = strings.ReplaceAll(r.Label, ":", "\n") // one strategy a line: long labels stay readable
	}
	chart.NominalX(p, names)
	chart.PercentAxis(p, top)
	p.Legend.Top, p.Legend.Left = true, true
	return p, nil
}
