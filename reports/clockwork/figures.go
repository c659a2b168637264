package clockwork

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// LevelSuccessChart draws the success rate of every level as grouped bars, one bar per group
// (player count) in each level, with Wilson 95% interval bars.
func LevelSuccessChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	lb := reports.NewLabeller(res)
	nl := levelCount(res)
	p := chart.NewPlot(reports.GroupsTitle(res, "Level success rate"), "", "success rate (%)")
	ng := len(res.Groups)
	width := 0.8 / float64(ng)
	var eb chart.ErrorBars
	top := 0.0
	for gi, g := range res.Groups {
		off := (float64(gi) - float64(ng-1)/2) * width
		vals := make([]float64, nl)
		for lvl := 1; lvl <= nl; lvl++ {
			r := levelSuccess.RateOf(g, atLevel(lvl))
			if !r.Known() {
				continue
			}
			vals[lvl-1] = stats.Pct(r.P)
			eb.Add(float64(lvl-1)+off, stats.Pct(r.P), 100*r.Lo, 100*r.Hi)
			top = max(top, 100*r.Hi)
		}
		b, err := chart.NewBars(vals, off, width*0.9, chart.SeriesColor(gi))
		if err != nil {
			return nil, err
		}
		p.Add(b)
		if ng > 1 {
			p.Legend.Add(lb.Label(g), b)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := chart.NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	names := make([]string, nl)
	for i := range names {
		names[i] = fmt.Sprintf("Level %d", i+1)
	}
	chart.NominalX(p, names)
	chart.PercentAxis(p, top)
	return p, nil
}

// TempleSuccessChart draws a heat map of the success rate of every temple (columns) at every
// level where temples are played, for every group (rows, "3p L2"). Colours run from 0% to
// 100% (the key is in the legend); each cell is labelled with its rate and the number of
// attempts n ("-" when the temple was never played there), and a cell whose 95% interval is
// stats.WideInterval or wider is hatched: a rate of a few attempts does not look solid.
func TempleSuccessChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	temples := templeNames(res)
	levels := templeLevels(res)
	if len(temples) == 0 || len(levels) == 0 {
		return nil, fmt.Errorf("%w: the results hold no temple counts", chart.ErrNoData)
	}
	view := templeView(res)
	lb := reports.NewLabeller(view)
	type row struct {
		g   *sim.Group
		lvl int
	}
	var rows []row
	for _, g := range view.Groups {
		for _, lvl := range levels {
			rows = append(rows, row{g, lvl})
		}
	}
	// Row 0 is drawn at the bottom: put the first group's first level at the top.
	cells := chart.NewRateCells(len(temples), len(rows))
	rowNames := make([]string, len(rows))
	for ri, r := range rows {
		y := len(rows) - 1 - ri
		rowNames[y] = lb.Short(r.g) + " L" + strconv.Itoa(r.lvl)
		for c, name := range temples {
			cells.Set(c, y, templeSuccess.RateOf(r.g, reports.At{"level": strconv.Itoa(r.lvl), "temple": name}))
		}
	}
	p := chart.NewPlot("Success rate by temple and level", "temple", "")
	p.Add(cells)
	cells.AddKey(p)
	p.NominalY(rowNames...)
	chart.NominalX(p, temples)
	p.Y.Min, p.Y.Max = -0.5, float64(len(rows))-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	return p, nil
}

// templeChartHeight grows the temple heat map with its number of rows (at least 10 cm).
func templeChartHeight(res *sim.Results) vg.Length {
	rows := len(templeView(res).Groups) * len(templeLevels(res))
	return max(chart.DefaultHeight, vg.Length(rows)*9*vg.Millimeter+3*vg.Centimeter)
}

// RoundsChart draws the distribution of rounds used per level: one panel per group (only the
// groups with that player count when players > 0; every group when players is 0), one step
// line per level giving the share of the campaigns (%) that used each number of rounds.
// All panels share the x range.
func RoundsChart(res *sim.Results, players int) (*chart.Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	lb := reports.NewLabeller(res)
	var groups []*sim.Group
	for _, g := range res.Groups {
		if players == 0 || g.Players == players {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("no group has %d players", players)
	}
	// The x axis ends at the last bin holding at least 0.5% of a level's campaigns (a few
	// campaigns that ran long, or hit the last bin, do not stretch it); the x label says how
	// much is left out.
	last, hidden := 1, 0.0
	for _, g := range groups {
		for _, l := range cwOf(g).Levels {
			for i, sh := range stats.Shares(nil, l.RoundsHist) {
				if sh >= 0.005 {
					last = max(last, i)
				}
			}
		}
	}
	for _, g := range groups {
		for _, l := range cwOf(g).Levels {
			beyond := 0.0
			for i, sh := range stats.Shares(nil, l.RoundsHist) {
				if i > last {
					beyond += sh
				}
			}
			hidden = max(hidden, beyond)
		}
	}
	xLabel := "rounds"
	note := ""
	if hidden > 0 {
		note = fmt.Sprintf("; past %d rounds, not shown: at most %s of a level", last, format.Pct(hidden))
	}
	panels := make([]*plot.Plot, len(groups))
	top := 0.0 // shared by the panels, so that their heights compare
	for i, g := range groups {
		p := chart.NewPlot(lb.Label(g), "", "campaigns (%)")
		if i == len(groups)-1 || len(groups) > 3 {
			p.X.Label.Text = xLabel
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		for _, l := range cwOf(g).Levels {
			ys := stats.Shares(nil, l.RoundsHist)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := chart.StepLine(ys, last, chart.SeriesColor(l.Level-1), chart.Dashes(l.Level-1))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(fmt.Sprintf("Level %d", l.Level), line)
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = chart.PlainTicks(true)
		panels[i] = p
	}
	for _, p := range panels {
		chart.PercentAxis(p, top)
	}
	title := "Rounds used per level"
	switch {
	case len(groups) == 1:
		title += " (" + lb.Label(groups[0]) + ")"
	case players > 0:
		title += " (" + format.Players(players) + ")"
	}
	if note != "" {
		title = strings.TrimSuffix(title, ")") + note + ")"
		if !strings.Contains(title, " (") {
			title = "Rounds used per level (" + note[2:] + ")"
		}
	}
	c := chart.FacetChart(ChartRounds, title, panels)
	if players > 0 {
		c.Name = fmt.Sprintf("%s-%dp", ChartRounds, players)
	}
	return c, nil
}

// FinalShardsChart draws, for every group, the distribution of the Triforce Shards the team
// held at the end of the campaign (share of campaigns, %), as step lines; the legend gives the
// mean and its standard error.
func FinalShardsChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	lb := reports.NewLabeller(res)
	p := chart.NewPlot("Triforce Shards at the end of the campaign", "Triforce Shards held by the team", "campaigns (%)")
	last, top := 1, 0.0
	for _, g := range res.Groups {
		last = max(last, stats.Summarize(cwOf(g).FinalShardsHist).Max)
	}
	for i, g := range res.Groups {
		s := stats.Summarize(cwOf(g).FinalShardsHist)
		if s.N == 0 {
			continue
		}
		ys := stats.Shares(nil, cwOf(g).FinalShardsHist)
		for j := range ys {
			ys[j] *= 100
			top = max(top, ys[j])
		}
		line, err := chart.StepLine(ys, last, chart.SeriesColor(i), chart.Dashes(i))
		if err != nil {
			return nil, err
		}
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s (mean %.2f ± %.2f SE)", lb.Label(g), s.Mean, stats.NanZero(s.SE)), line)
	}
	p.X.Min, p.X.Max = -0.5, float64(last)+0.5
	p.X.Tick.Marker = chart.PlainTicks(true)
	chart.PercentAxis(p, top)
	return p, nil
}

// GanonShortfallChart draws Ganon's shortfall per skill (move, attack, interact), one panel per
// skill, one step line per group giving the share of its campaigns (%) at each number of skill
// points short; a panel's title gives the groups' means (one decimal) and medians, in legend
// order, when there are at most 4 (those of the tables: shortfallText). What it counts
// (shortfallKind):
//   - of the teams that reached Ganon and lost, how far short they were: his targets less the
//     Shards and the cards played in the last fight (ganon.reached_shortfall_hist), how close
//     the fights came;
//   - for a file written before that count, the lost campaigns (whether they reached him or
//     not): his targets less all the heroes' Shards (ganon.shortfall_hist).
//
// Along a numeric sweep of more than reports.MaxVerticalBars groups it draws the mean shortfall
// against the swept value, except along a sweep of Ganon's targets (ganon.targets...), where the
// shortfall mostly repeats the target (lines of slope 1): there is no chart then (an error
// wrapping chart.ErrNoData).
func GanonShortfallChart(res *sim.Results) (*chart.Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	kind := shortfallKind(res)
	skills := skillNames(res)
	if len(skills) == 0 {
		return nil, fmt.Errorf("%w: the results hold no Ganon shortfall counts", chart.ErrNoData)
	}
	title := kind.title + ", per skill"
	if identicalShortfalls(res, kind, skills) { // equal targets: one panel says it all
		title = kind.title + " (" + format.JoinAnd(skills) + " alike)"
		skills = skills[:1]
	}
	if len(res.Groups) > reports.MaxVerticalBars {
		if param, ok := reports.NumericSweepParam(res); ok {
			return shortfallSweepChart(res, kind, param, title, skills)
		}
	}
	last := 1
	for _, g := range res.Groups {
		for _, s := range skills {
			last = max(last, stats.Summarize(kind.hist(g, s)).Max)
		}
	}
	panels := make([]*plot.Plot, len(skills))
	top := 0.0 // shared by the panels
	lb := reports.NewLabeller(res)
	for si, skill := range skills {
		p := chart.NewPlot(format.TitleCase(skill), "", kind.yLabel)
		if len(skills) == 1 {
			p.Title.Text = ""
		}
		if si == len(skills)-1 || len(skills) > 3 {
			p.X.Label.Text = kind.xLabel
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		var means, medians []string // of the groups drawn, in legend order
		for gi, g := range res.Groups {
			h := kind.hist(g, skill)
			if stats.Summarize(h).N == 0 {
				continue
			}
			ys := stats.Shares(nil, h)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := chart.StepLine(ys, last, chart.SeriesColor(gi), chart.Dashes(gi))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(lb.Label(g), line)
			st := stats.Summarize(h)
			means, medians = append(means, fmt.Sprintf("%.1f", st.Mean)), append(medians, strconv.Itoa(int(st.Median)))
		}
		if len(means) <= 4 { // the groups' statistics, in legend order, as the tables show them
			stats := "mean " + strings.Join(means, ", ") + "; median " + strings.Join(medians, ", ")
			if p.Title.Text == "" {
				p.Title.Text = stats
			} else {
				p.Title.Text += " (" + stats + ")"
			}
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = chart.PlainTicks(true)
		panels[si] = p
	}
	for _, p := range panels {
		chart.PercentAxis(p, top)
	}
	return chart.FacetChart(ChartGanonShortfall, title, panels), nil
}

// shortfallSweepChart is the Ganon chart along a numeric sweep of many groups: the mean
// shortfall against the swept value, one line per player count, one panel per skill.
func shortfallSweepChart(res *sim.Results, kind shortfall, param, title string, skills []string) (*chart.Chart, error) {
	if ganonTargets(param) {
		return nil, fmt.Errorf("%w: along %s the shortfall only repeats the target", chart.ErrNoData, param)
	}
	panels := make([]*plot.Plot, len(skills))
	for i, skill := range skills {
		p, err := reports.SweepChart(res, param, kind.metric.Name+":"+skill)
		if err != nil {
			return nil, err
		}
		p.Title.Text = format.TitleCase(skill)
		p.Y.Label.Text = "points short (mean)" // fits the height of a panel
		if len(skills) == 1 {
			p.Title.Text = title
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		panels[i] = p
	}
	return chart.FacetChart(ChartGanonShortfall, "Mean of: "+title, panels), nil
}

// shortfall is which Ganon shortfall the chart and the tables show (shortfallKind).
type shortfall struct {
	metric                 *reports.Metric
	reached                bool // the teams that reached Ganon (else all lost campaigns)
	title, xLabel, yLabel  string
	tableTitle, columnHead string // the report table's title, and its columns' after the skill
	termText               string // what the ganon command's table says it shows
}

var (
	reachedShortfall = shortfall{metric: ganonReachedShortfall, reached: true,
		title:      "Of the teams that reached Ganon, how far short they were",
		xLabel:     "skill points his targets still asked after the Shards and the cards played",
		yLabel:     "reached him and lost (%)",
		tableTitle: "Ganon (short once reached: of the teams that reached him and lost, what his targets still asked after the Shards and the cards played in the last fight, in skill points)",
		columnHead: "short once reached",
		termText:   "of the teams that reached Ganon and lost, what his targets still asked after the Shards\nand the cards played in the last fight (mean and median per skill, as in the report)"}
	lostShortfall = shortfall{metric: ganonShortfall,
		title:      "Lost campaigns: Ganon's targets minus the team's Shards",
		xLabel:     "skill points the cards still had to give",
		yLabel:     "lost campaigns (%)",
		tableTitle: "Ganon (shortfall: his targets minus the team's Shards, over lost campaigns, in skill points)",
		columnHead: "shortfall",
		termText:   "in the lost campaigns what his targets still asked of the cards after the Shards\n(mean and median per skill, as in the report)"}
)

// shortfallKind is the reached shortfall when every group has it, else (a file written before
// it, or a merge with one) the shortfall of all lost campaigns.
func shortfallKind(res *sim.Results) shortfall {
	for _, g := range res.Groups {
		if cwOf(g).Ganon.ReachedShortfallHist == nil {
			return lostShortfall
		}
	}
	return reachedShortfall
}

// hist is group g's histogram of skill.
func (k shortfall) hist(g *sim.Group, skill string) []int64 {
	return k.metric.Hist(g, reports.At{"skill": skill})
}

// shortfallText is a shortfall histogram's mean (one decimal) and median, as the chart's legend,
// the report's table and the ganon command's table show them: "mean 4.2, median 3" ("-"
// without campaigns).
func shortfallText(h []int64) string {
	st := stats.Summarize(h)
	if st.N == 0 {
		return "-"
	}
	return fmt.Sprintf("mean %.1f, median %d", st.Mean, int(st.Median))
}

// identicalShortfalls reports whether every group's shortfall histograms are the same for all
// the skills (the ganon command sets the three targets equal, and then they are).
func identicalShortfalls(res *sim.Results, kind shortfall, skills []string) bool {
	if len(skills) < 2 {
		return false
	}
	for _, g := range res.Groups {
		h0 := kind.hist(g, skills[0])
		for _, s := range skills[1:] {
			if !slices.Equal(h0, kind.hist(g, s)) {
				return false
			}
		}
	}
	return true
}

// templeView is res as the temple chart and table show it: every group, except in a file of
// `clockwork ganon`, whose groups differ only by Ganon's target, which the levels before his
// Tower never read: when the groups of a player count and agent hold the same temple counts at
// every target (the same campaigns: common random numbers), one of them stands for all, and the
// target leaves its label.
func templeView(res *sim.Results) *sim.Results {
	if !ganonGroups(res) {
		return res
	}
	type key struct {
		players           int
		agent, strategies string
	}
	first := map[key]*sim.Group{}
	var keep []*sim.Group
	for _, g := range res.Groups {
		k := key{g.Players, g.Agent, g.Strategies}
		f, seen := first[k]
		if !seen {
			first[k] = g
			c := *g
			c.Params = maps.Clone(g.Params)
			delete(c.Params, cwsim.GanonParam(g.Players))
			keep = append(keep, &c)
			continue
		}
		if a, b := cwsim.Of(f), cwsim.Of(g); a == nil || b == nil || !reflect.DeepEqual(a.Temples, b.Temples) {
			return res // the targets moved the temples: every group has its rows
		}
	}
	view := *res
	view.Groups = keep
	return &view
}

// ganonGroups reports whether every group of res sets Ganon's target of its own player count
// (a file of `clockwork ganon`).
func ganonGroups(res *sim.Results) bool {
	for _, g := range res.Groups {
		if _, ok := g.Params[cwsim.GanonParam(g.Players)]; !ok {
			return false
		}
	}
	return len(res.Groups) > 0
}
