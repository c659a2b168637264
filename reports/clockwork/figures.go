package clockwork

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// LevelSuccessChart draws the success rate of every level as grouped bars, one bar per group
// (player count) in each level, with Wilson 95% interval bars.
func LevelSuccessChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	lb := reports.NewLabeller(res)
	nl := levelCount(res)
	p := reports.NewPlot(reports.GroupsTitle(res, "Level success rate"), "", "success rate (%)")
	ng := len(res.Groups)
	width := 0.8 / float64(ng)
	var eb reports.ErrorBars
	top := 0.0
	for gi, g := range res.Groups {
		off := (float64(gi) - float64(ng-1)/2) * width
		vals := make([]float64, nl)
		for lvl := 1; lvl <= nl; lvl++ {
			r := levelSuccess.RateOf(g, atLevel(lvl))
			if !r.Known() {
				continue
			}
			vals[lvl-1] = reports.Pct(r.P)
			eb.Add(float64(lvl-1)+off, reports.Pct(r.P), 100*r.Lo, 100*r.Hi)
			top = max(top, 100*r.Hi)
		}
		b, err := reports.NewBars(vals, off, width*0.9, reports.SeriesColor(gi))
		if err != nil {
			return nil, err
		}
		p.Add(b)
		if ng > 1 {
			p.Legend.Add(lb.Label(g), b)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := reports.NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	names := make([]string, nl)
	for i := range names {
		names[i] = fmt.Sprintf("Level %d", i+1)
	}
	reports.NominalX(p, names)
	reports.PercentAxis(p, top)
	return p, nil
}

// TempleSuccessChart draws a heat map of the success rate of every temple (columns) at every
// level where temples are played, for every group (rows, "3p L2"). Colours run from 0% to
// 100% (the key is in the legend); each cell is labelled with its rate and the number of
// attempts n ("-" when the temple was never played there), and a cell whose 95% interval is
// reports.WideInterval or wider is hatched: a rate of a few attempts does not look solid.
func TempleSuccessChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	temples := templeNames(res)
	levels := templeLevels(res)
	if len(temples) == 0 || len(levels) == 0 {
		return nil, fmt.Errorf("%w: the results hold no temple counts", reports.ErrNoData)
	}
	lb := reports.NewLabeller(res)
	type row struct {
		g   *sim.Group
		lvl int
	}
	var rows []row
	for _, g := range res.Groups {
		for _, lvl := range levels {
			rows = append(rows, row{g, lvl})
		}
	}
	// Row 0 is drawn at the bottom: put the first group's first level at the top.
	cells := reports.NewRateCells(len(temples), len(rows))
	rowNames := make([]string, len(rows))
	for ri, r := range rows {
		y := len(rows) - 1 - ri
		rowNames[y] = lb.Short(r.g) + " L" + strconv.Itoa(r.lvl)
		for c, name := range temples {
			cells.Set(c, y, templeSuccess.RateOf(r.g, reports.At{"level": strconv.Itoa(r.lvl), "temple": name}))
		}
	}
	p := reports.NewPlot("Success rate by temple and level", "temple", "")
	p.Add(cells)
	cells.AddKey(p)
	p.NominalY(rowNames...)
	reports.NominalX(p, temples)
	p.Y.Min, p.Y.Max = -0.5, float64(len(rows))-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	return p, nil
}

// templeChartHeight grows the temple heat map with its number of rows (at least 10 cm).
func templeChartHeight(res *sim.Results) vg.Length {
	rows := len(res.Groups) * len(templeLevels(res))
	return max(reports.DefaultHeight, vg.Length(rows)*9*vg.Millimeter+3*vg.Centimeter)
}

// RoundsChart draws the distribution of rounds used per level: one panel per group (only the
// groups with that player count when players > 0; every group when players is 0), one step
// line per level giving the share of the campaigns (%) that used each number of rounds.
// All panels share the x range.
func RoundsChart(res *sim.Results, players int) (*reports.Chart, error) {
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
			for i, sh := range reports.Shares(nil, l.RoundsHist) {
				if sh >= 0.005 {
					last = max(last, i)
				}
			}
		}
	}
	for _, g := range groups {
		for _, l := range cwOf(g).Levels {
			beyond := 0.0
			for i, sh := range reports.Shares(nil, l.RoundsHist) {
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
		note = fmt.Sprintf("; past %d rounds, not shown: at most %s of a level", last, reports.FmtPct(hidden))
	}
	panels := make([]*plot.Plot, len(groups))
	top := 0.0 // shared by the panels, so that their heights compare
	for i, g := range groups {
		p := reports.NewPlot(lb.Label(g), "", "campaigns (%)")
		if i == len(groups)-1 || len(groups) > 3 {
			p.X.Label.Text = xLabel
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		for _, l := range cwOf(g).Levels {
			ys := reports.Shares(nil, l.RoundsHist)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := reports.StepLine(ys, last, reports.SeriesColor(l.Level-1), reports.Dashes(l.Level-1))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(fmt.Sprintf("Level %d", l.Level), line)
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = reports.PlainTicks(true)
		panels[i] = p
	}
	for _, p := range panels {
		reports.PercentAxis(p, top)
	}
	title := "Rounds used per level"
	switch {
	case len(groups) == 1:
		title += " (" + lb.Label(groups[0]) + ")"
	case players > 0:
		title += " (" + reports.PlayersName(players) + ")"
	}
	if note != "" {
		title = strings.TrimSuffix(title, ")") + note + ")"
		if !strings.Contains(title, " (") {
			title = "Rounds used per level (" + note[2:] + ")"
		}
	}
	c := reports.FacetChart(ChartRounds, title, panels)
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
	p := reports.NewPlot("Triforce Shards at the end of the campaign", "Triforce Shards held by the team", "campaigns (%)")
	last, top := 1, 0.0
	for _, g := range res.Groups {
		last = max(last, reports.Summarize(cwOf(g).FinalShardsHist).Max)
	}
	for i, g := range res.Groups {
		s := reports.Summarize(cwOf(g).FinalShardsHist)
		if s.N == 0 {
			continue
		}
		ys := reports.Shares(nil, cwOf(g).FinalShardsHist)
		for j := range ys {
			ys[j] *= 100
			top = max(top, ys[j])
		}
		line, err := reports.StepLine(ys, last, reports.SeriesColor(i), reports.Dashes(i))
		if err != nil {
			return nil, err
		}
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s (mean %.2f ± %.2f SE)", lb.Label(g), s.Mean, reports.NanZero(s.SE)), line)
	}
	p.X.Min, p.X.Max = -0.5, float64(last)+0.5
	p.X.Tick.Marker = reports.PlainTicks(true)
	reports.PercentAxis(p, top)
	return p, nil
}

// GanonShortfallChart draws, for the lost campaigns (whether they reached Ganon or not), what
// Ganon's targets still asked of the cards after all the heroes' Shards: one panel per skill
// (move, attack, interact), one step line per group giving the share of lost campaigns (%) with
// each shortfall; a panel's title gives the groups' means (the means of the tables) when there
// are at most 4. It is not how close the
// fights came: the results count the Shards, not the cards played against Ganon (the defeat
// rate once reached, ganon_defeat_rate, is that answer).
//
// Along a numeric sweep of more than reports.MaxVerticalBars groups it draws the mean shortfall
// against the swept value, except along a sweep of Ganon's targets (ganon.targets...), where the
// shortfall only repeats the target (lines of slope 1): there is no chart then (an error
// wrapping reports.ErrNoData).
func GanonShortfallChart(res *sim.Results) (*reports.Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, reports.ErrNoGroups
	}
	lb := reports.NewLabeller(res)
	skills := skillNames(res)
	if len(skills) == 0 {
		return nil, fmt.Errorf("%w: the results hold no Ganon shortfall counts", reports.ErrNoData)
	}
	title := "Lost campaigns: Ganon's targets minus the team's Shards, per skill"
	if identicalShortfalls(res, skills) { // equal targets: one panel says it all
		title = "Lost campaigns: Ganon's targets minus the team's Shards (" + reports.JoinAnd(skills) + " alike)"
		skills = skills[:1]
	}
	if len(res.Groups) > reports.MaxVerticalBars {
		if param, ok := reports.NumericSweepParam(res); ok {
			if ganonTargets(param) {
				return nil, fmt.Errorf("%w: along %s the shortfall after the Shards only repeats the target", reports.ErrNoData, param)
			}
			// Many groups along a sweep: the mean shortfall against the swept value, one line per
			// player count, rather than a tangle of distributions.
			panels := make([]*plot.Plot, len(skills))
			for i, skill := range skills {
				p, err := reports.SweepChart(res, param, "ganon_shortfall:"+skill)
				if err != nil {
					return nil, err
				}
				p.Title.Text = reports.TitleCase(skill)
				p.Y.Label.Text = "points short (mean)" // fits the height of a panel
				if len(skills) == 1 {
					p.Title.Text = title
				}
				p.Title.TextStyle.Font.Size = vg.Points(10)
				panels[i] = p
			}
			title = strings.Replace(title, "Lost campaigns: Ganon's", "Lost campaigns: mean of Ganon's", 1)
			return reports.FacetChart(ChartGanonShortfall, title, panels), nil
		}
	}
	last := 1
	for _, g := range res.Groups {
		for _, h := range cwOf(g).Ganon.ShortfallHist {
			last = max(last, reports.Summarize(h).Max)
		}
	}
	panels := make([]*plot.Plot, len(skills))
	top := 0.0 // shared by the panels
	for si, skill := range skills {
		p := reports.NewPlot(reports.TitleCase(skill), "", "lost campaigns (%)")
		if si == len(skills)-1 || len(skills) > 3 {
			p.X.Label.Text = "skill points the cards still had to give"
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		var means []string // of the groups drawn, in legend order
		for gi, g := range res.Groups {
			h := cwOf(g).Ganon.ShortfallHist[skill]
			if reports.Summarize(h).N == 0 {
				continue
			}
			ys := reports.Shares(nil, h)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := reports.StepLine(ys, last, reports.SeriesColor(gi), reports.Dashes(gi))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(lb.Label(g), line)
			means = append(means, fmt.Sprintf("%.1f", reports.Summarize(h).Mean))
		}
		switch {
		case len(means) > 4:
		case len(skills) == 1:
			p.Title.Text = "mean " + strings.Join(means, ", ")
		default:
			p.Title.Text += " (mean " + strings.Join(means, ", ") + ")"
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = reports.PlainTicks(true)
		panels[si] = p
	}
	for _, p := range panels {
		reports.PercentAxis(p, top)
	}
	if len(skills) == 1 && !strings.HasPrefix(panels[0].Title.Text, "mean ") {
		panels[0].Title.Text = ""
	}
	return reports.FacetChart(ChartGanonShortfall, title, panels), nil
}

// identicalShortfalls reports whether every group's shortfall histograms are the same for all
// the skills (the ganon command sets the three targets equal, and then they are).
func identicalShortfalls(res *sim.Results, skills []string) bool {
	if len(skills) < 2 {
		return false
	}
	for _, g := range res.Groups {
		h0 := cwOf(g).Ganon.ShortfallHist[skills[0]]
		for _, s := range skills[1:] {
			if !slices.Equal(h0, cwOf(g).Ganon.ShortfallHist[s]) {
				return false
			}
		}
	}
	return true
}
