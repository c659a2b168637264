package reports

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/sim"
)

// Stable chart names: the base names of the chart files.
const (
	ChartWinRate        = "win-rate"        // WinRateChart
	ChartLevelSuccess   = "level-success"   // LevelSuccessChart
	ChartTempleSuccess  = "temple-success"  // TempleSuccessChart
	ChartRounds         = "rounds"          // RoundsChart of every group ("rounds-3p" for 3 players only)
	ChartFinalShards    = "final-shards"    // FinalShardsChart
	ChartGanonShortfall = "ganon-shortfall" // GanonShortfallChart
)

// errNoGroups is returned for a results value without groups.
var errNoGroups = errors.New("the results hold no groups")

// errNoData is wrapped by the errors of charts whose counts are missing from the results (an
// old or hand-made file): Charts leaves such charts out.
var ErrNoData = errors.New("no data")

// Charts returns every chart of a results file in report order, the chart that answers the
// command's question first: for each swept numeric parameter (SweepParams), its sweep charts
// (SweepMetrics) and, for a parameter under "ganon.", the Ganon heat map (first of all for the
// ganon command's "ganon.targets", after the sweep charts otherwise); then win rate, level
// success, temple success, rounds, final Shards and Ganon's shortfall. With more than
// maxVerticalBars groups along one numeric sweep, the level success is drawn against the swept
// value (one panel per level, in place of the sweep's level_success charts) and the final
// Shards by the sweep chart of their mean only. Parameters with non-numeric values get no sweep
// charts, and a results value without temple or shortfall counts (an old or hand-made file) no
// temple or shortfall chart.
func Charts(res *sim.Results) ([]*Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	// Many groups along one numeric sweep (a sweep, the ganon command's grid): bars and
	// distributions of every group would be a tangle, so the level success is drawn against the
	// swept value (one panel per level) and the final Shards only by the sweep chart of their mean.
	param, numeric := NumericSweepParam(res)
	alongSweep := numeric && len(res.Groups) > MaxVerticalBars
	var charts []*Chart
	for _, mk := range []struct {
		name string
		fn   func(*sim.Results) (*plot.Plot, error)
	}{
		{ChartWinRate, WinRateChart},
		{ChartLevelSuccess, LevelSuccessChart},
		{ChartTempleSuccess, TempleSuccessChart},
	} {
		if mk.name == ChartLevelSuccess && alongSweep {
			c, err := levelSuccessSweepChart(res, param)
			if err != nil {
				return nil, fmt.Errorf("chart %s: %w", mk.name, err)
			}
			charts = append(charts, c)
			continue
		}
		p, err := mk.fn(res)
		if errors.Is(err, ErrNoData) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", mk.name, err)
		}
		c := NewChart(mk.name, p)
		switch mk.name {
		case ChartTempleSuccess:
			c.Height = templeChartHeight(res)
		case ChartWinRate:
			c.Height = winRateChartHeight(res)
		}
		charts = append(charts, c)
	}
	rounds, err := RoundsChart(res, 0)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartRounds, err)
	}
	shards, err := FinalShardsChart(res)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartFinalShards, err)
	}
	charts = append(charts, rounds)
	if !alongSweep {
		charts = append(charts, NewChart(ChartFinalShards, shards))
	}
	ganon, err := GanonShortfallChart(res)
	switch {
	case err == nil:
		charts = append(charts, ganon)
	case !errors.Is(err, ErrNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartGanonShortfall, err)
	}
	sweeps, err := sweepCharts(res, alongSweep)
	if err != nil {
		return nil, err
	}
	// The chart that answers the command's question comes first: the skill ladder of a run with
	// several agents, the swept metric (the Ganon heat map for the ganon command) for a sweep,
	// the campaign win rate for a run.
	tornados, err := tornadoCharts(res)
	if err != nil {
		return nil, err
	}
	sweeps = append(tornados, sweeps...)
	lad, err := LadderChart(res)
	switch {
	case err == nil:
		sweeps = append([]*Chart{NewChart(ChartLadder, lad)}, sweeps...)
	case !errors.Is(err, ErrNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartLadder, err)
	}
	return append(sweeps, charts...), nil
}

// maxVerticalBars is the most groups WinRateChart draws as vertical bars; more are drawn as
// horizontal bars, one row per group, so that their labels never overlap.
const MaxVerticalBars = 8

// WinRateChart draws the campaign win rate of every group as a bar with its Wilson 95% interval
// and its value written beside it; bars of one player count share a colour. Up to
// maxVerticalBars groups stand as vertical bars; more (a sweep, a grid of Ganon targets) lie as
// horizontal bars, one labelled row per group in the order of the results (see
// winRateChartHeight for the figure's height).
func WinRateChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	lb := NewLabeller(res)
	p := NewPlot(GroupsTitle(res, "Campaign win rate"), "", "win rate (%)")
	horizontal := len(res.Groups) > MaxVerticalBars
	colorOf := barColors(res)
	names := make([]string, len(res.Groups))
	var eb ErrorBars
	var xeb xErrorBars
	var labels plotter.XYLabels
	top := 0.0
	n := len(res.Groups)
	for i, g := range res.Groups {
		pos := float64(i)
		if horizontal {
			pos = float64(n - 1 - i) // the first group at the top
		}
		r := winRate.rateOf(g, where{})
		names[i] = lb.Short(g)
		label := FmtRate(r)
		if n <= 4 {
			names[i] = lb.Label(g)
			label += " (n=" + strconv.FormatInt(g.Campaigns, 10) + ")"
		}
		y := 0.0
		if r.Known() {
			y = Pct(r.P)
			if horizontal {
				xeb.add(pos, y, 100*r.Lo, 100*r.Hi)
			} else {
				eb.Add(pos, y, 100*r.Lo, 100*r.Hi)
			}
		}
		b, err := NewBars([]float64{y}, pos, 0.6, colorOf(g))
		if err != nil {
			return nil, err
		}
		b.Horizontal = horizontal
		p.Add(b)
		if r.Known() {
			xy := plotter.XY{X: pos, Y: 100 * r.Hi}
			if horizontal {
				xy = plotter.XY{X: 100 * r.Hi, Y: pos}
			}
			labels.XYs = append(labels.XYs, xy)
			labels.Labels = append(labels.Labels, label)
			top = max(top, 100*r.Hi)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	if len(xeb.XYs) > 0 {
		e, err := plotter.NewXErrorBars(xeb)
		if err != nil {
			return nil, err
		}
		e.LineStyle.Color = color.Gray{Y: 40}
		e.LineStyle.Width = vg.Points(1)
		e.CapWidth = vg.Points(4)
		p.Add(e)
	}
	if len(labels.XYs) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			if horizontal {
				l.TextStyle[i] = TextStyle(8, draw.XLeft, draw.YCenter)
			} else {
				l.TextStyle[i] = TextStyle(9, draw.XCenter, draw.YBottom)
			}
		}
		l.Offset = vg.Point{Y: vg.Points(3)}
		if horizontal {
			l.Offset = vg.Point{X: vg.Points(3)}
		}
		p.Add(l)
	}
	if !horizontal {
		NominalX(p, names)
		PercentAxis(p, top*1.12)
		return p, nil
	}
	// Horizontal: the groups down the y axis, the rate along x (room on the right for the values).
	rows := make([]string, n)
	for i := range names {
		rows[n-1-i] = names[i]
	}
	p.NominalY(rows...)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.Y.Label.Text = ""
	p.X.Label.Text = "win rate (%)"
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	p.Y.Tick.Marker = nominalTicks(rows)
	p.X.Tick.Marker = PlainTicks(false)
	PercentAxis(p, top*1.15)
	p.X.Min, p.X.Max = p.Y.Min, p.Y.Max
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	return p, nil
}

// barColors returns the colour of a group's win-rate bar: by player count when the results
// hold several, else by agent when they hold several, else one colour.
func barColors(res *sim.Results) func(*sim.Group) color.Color {
	counts := PlayerCounts(res)
	var agents []string
	for _, g := range res.Groups {
		if !slices.Contains(agents, g.Agent) {
			agents = append(agents, g.Agent)
		}
	}
	return func(g *sim.Group) color.Color {
		switch {
		case len(counts) > 1:
			return SeriesColor(slices.Index(counts, g.Players))
		case len(agents) > 1:
			return SeriesColor(slices.Index(agents, g.Agent))
		}
		return SeriesColor(0)
	}
}

// nominalTicks labels the integer positions 0..len(names)-1 (plot.NominalY's ticks, kept when
// the other axis's ticker is replaced).
func nominalTicks(names []string) plot.Ticker {
	ticks := make([]plot.Tick, len(names))
	for i, n := range names {
		ticks[i] = plot.Tick{Value: float64(i), Label: n}
	}
	return plot.ConstantTicks(ticks)
}

// winRateChartHeight is the height of the win-rate chart: 10 cm, or 5.5 mm per row of
// horizontal bars.
func winRateChartHeight(res *sim.Results) vg.Length {
	if len(res.Groups) <= MaxVerticalBars {
		return DefaultHeight
	}
	return max(DefaultHeight, vg.Length(len(res.Groups))*5.5*vg.Millimeter+3*vg.Centimeter)
}

// xErrorBars are horizontal interval bars from lo to hi at (x, y), all in data units.
type xErrorBars struct {
	plotter.XYs
	plotter.XErrors
}

// add appends a point at row y with value x and its interval [lo, hi].
func (e *xErrorBars) add(y, x, lo, hi float64) {
	e.XYs = append(e.XYs, plotter.XY{X: x, Y: y})
	e.XErrors = append(e.XErrors, struct{ Low, High float64 }{Low: x - lo, High: hi - x})
}

// groupsTitle is a chart title naming what tells the groups apart: "Campaign win rate by player
// count", "... by ganon.targets and player count", "... by agent", or for a single group
// "Campaign win rate (3 players)".
func GroupsTitle(res *sim.Results, what string) string {
	if len(res.Groups) == 1 {
		return what + " (" + NewLabeller(res).Label(res.Groups[0]) + ")"
	}
	return what + " by " + GroupsDesc(res)
}

// groupsDesc names what tells the groups apart: "player count", "agent and player count",
// "ganon.targets and player count", or "group".
func GroupsDesc(res *sim.Results) string {
	lb := NewLabeller(res)
	var parts []string
	for _, k := range lb.params {
		parts = append(parts, paramTitle(k))
	}
	if lb.agents {
		parts = append(parts, "agent")
	}
	if len(lb.strategies) > 0 {
		parts = append(parts, "strategy")
	}
	if len(PlayerCounts(res)) > 1 {
		parts = append(parts, "player count")
	}
	switch len(parts) {
	case 0:
		return "group"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// paramTitle names a swept parameter in titles: "Ganon target" for the ganon command's
// "ganon.targets", the key itself otherwise.
func paramTitle(k string) string {
	if k == "ganon.targets" {
		return "Ganon target"
	}
	return k
}

// levelSuccessSweepChart draws the success rate of every level against the swept value of
// param: one panel per level (SweepChart's level_success:L), one line per player count.
func levelSuccessSweepChart(res *sim.Results, param string) (*Chart, error) {
	var panels []*plot.Plot
	for lvl := 1; lvl <= levelCount(res); lvl++ {
		p, err := SweepChart(res, param, "level_success:"+strconv.Itoa(lvl))
		if err != nil {
			return nil, err
		}
		p.Title.Text = fmt.Sprintf("Level %d", lvl)
		p.Title.TextStyle.Font.Size = vg.Points(10)
		panels = append(panels, p)
	}
	return FacetChart(ChartLevelSuccess, "Level success rate by "+GroupsDesc(res), panels), nil
}

// LevelSuccessChart draws the success rate of every level as grouped bars, one bar per group
// (player count) in each level, with Wilson 95% interval bars.
func LevelSuccessChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	lb := NewLabeller(res)
	nl := levelCount(res)
	p := NewPlot(GroupsTitle(res, "Level success rate"), "", "success rate (%)")
	ng := len(res.Groups)
	width := 0.8 / float64(ng)
	var eb ErrorBars
	top := 0.0
	for gi, g := range res.Groups {
		off := (float64(gi) - float64(ng-1)/2) * width
		vals := make([]float64, nl)
		for lvl := 1; lvl <= nl; lvl++ {
			r := levelSuccess.rateOf(g, where{level: lvl})
			if !r.Known() {
				continue
			}
			vals[lvl-1] = Pct(r.P)
			eb.Add(float64(lvl-1)+off, Pct(r.P), 100*r.Lo, 100*r.Hi)
			top = max(top, 100*r.Hi)
		}
		b, err := NewBars(vals, off, width*0.9, SeriesColor(gi))
		if err != nil {
			return nil, err
		}
		p.Add(b)
		if ng > 1 {
			p.Legend.Add(lb.Label(g), b)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	names := make([]string, nl)
	for i := range names {
		names[i] = fmt.Sprintf("Level %d", i+1)
	}
	NominalX(p, names)
	PercentAxis(p, top)
	return p, nil
}

// TempleSuccessChart draws a heat map of the success rate of every temple (columns) at every
// level where temples are played, for every group (rows, "3p L2"). Colours run from 0% to
// 100%; each cell is labelled with its rate, or "-" when the temple was never played there.
func TempleSuccessChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	temples := templeNames(res)
	levels := templeLevels(res)
	if len(temples) == 0 || len(levels) == 0 {
		return nil, fmt.Errorf("%w: the results hold no temple counts", ErrNoData)
	}
	lb := NewLabeller(res)
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
	grid := NewGrid(len(temples), len(rows))
	rowNames := make([]string, len(rows))
	for ri, r := range rows {
		y := len(rows) - 1 - ri
		rowNames[y] = lb.Short(r.g) + " L" + strconv.Itoa(r.lvl)
		for c, name := range temples {
			if rt := templeSuccess.rateOf(r.g, where{level: r.lvl, temple: name}); rt.Known() {
				grid.Set(c, y, rt.P)
			}
		}
	}
	p := NewPlot("Success rate by temple and level", "temple", "")
	labels, err := grid.Labels(0, 1)
	if err != nil {
		return nil, err
	}
	p.Add(grid.HeatMap(0, 1), labels)
	p.NominalY(rowNames...)
	NominalX(p, temples)
	p.Y.Min, p.Y.Max = -0.5, float64(len(rows))-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	return p, nil
}

// templeChartHeight grows the temple heat map with its number of rows (at least 10 cm).
func templeChartHeight(res *sim.Results) vg.Length {
	rows := len(res.Groups) * len(templeLevels(res))
	return max(DefaultHeight, vg.Length(rows)*7*vg.Millimeter+3*vg.Centimeter)
}

// RoundsChart draws the distribution of rounds used per level: one panel per group (only the
// groups with that player count when players > 0; every group when players is 0), one step
// line per level giving the share of the campaigns (%) that used each number of rounds.
// All panels share the x range.
func RoundsChart(res *sim.Results, players int) (*Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	lb := NewLabeller(res)
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
			for i, sh := range Shares(nil, l.RoundsHist) {
				if sh >= 0.005 {
					last = max(last, i)
				}
			}
		}
	}
	for _, g := range groups {
		for _, l := range cwOf(g).Levels {
			beyond := 0.0
			for i, sh := range Shares(nil, l.RoundsHist) {
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
		note = fmt.Sprintf("; past %d rounds, not shown: at most %s of a level", last, FmtPct(hidden))
	}
	panels := make([]*plot.Plot, len(groups))
	top := 0.0 // shared by the panels, so that their heights compare
	for i, g := range groups {
		p := NewPlot(lb.Label(g), "", "campaigns (%)")
		if i == len(groups)-1 || len(groups) > 3 {
			p.X.Label.Text = xLabel
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		for _, l := range cwOf(g).Levels {
			ys := Shares(nil, l.RoundsHist)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := StepLine(ys, last, SeriesColor(l.Level-1), Dashes(l.Level-1))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(fmt.Sprintf("Level %d", l.Level), line)
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = PlainTicks(true)
		panels[i] = p
	}
	for _, p := range panels {
		PercentAxis(p, top)
	}
	title := "Rounds used per level"
	switch {
	case len(groups) == 1:
		title += " (" + lb.Label(groups[0]) + ")"
	case players > 0:
		title += " (" + PlayersName(players) + ")"
	}
	if note != "" {
		title = strings.TrimSuffix(title, ")") + note + ")"
		if !strings.Contains(title, " (") {
			title = "Rounds used per level (" + note[2:] + ")"
		}
	}
	c := FacetChart(ChartRounds, title, panels)
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
		return nil, errNoGroups
	}
	lb := NewLabeller(res)
	p := NewPlot("Triforce Shards at the end of the campaign", "Triforce Shards held by the team", "campaigns (%)")
	last, top := 1, 0.0
	for _, g := range res.Groups {
		last = max(last, Summarize(cwOf(g).FinalShardsHist).Max)
	}
	for i, g := range res.Groups {
		s := Summarize(cwOf(g).FinalShardsHist)
		if s.N == 0 {
			continue
		}
		ys := Shares(nil, cwOf(g).FinalShardsHist)
		for j := range ys {
			ys[j] *= 100
			top = max(top, ys[j])
		}
		line, err := StepLine(ys, last, SeriesColor(i), Dashes(i))
		if err != nil {
			return nil, err
		}
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s (mean %.2f ± %.2f SE)", lb.Label(g), s.Mean, NanZero(s.SE)), line)
	}
	p.X.Min, p.X.Max = -0.5, float64(last)+0.5
	p.X.Tick.Marker = PlainTicks(true)
	PercentAxis(p, top)
	return p, nil
}

// GanonShortfallChart draws, for the lost campaigns, what Ganon's targets still asked of the
// cards after all the heroes' Shards: one panel per skill (move, attack, interact), one step
// line per group giving the share of lost campaigns (%) with each shortfall.
func GanonShortfallChart(res *sim.Results) (*Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	lb := NewLabeller(res)
	skills := skillNames(res)
	if len(skills) == 0 {
		return nil, fmt.Errorf("%w: the results hold no Ganon shortfall counts", ErrNoData)
	}
	title := "Ganon's shortfall per skill in lost campaigns"
	if identicalShortfalls(res, skills) { // equal targets: one panel says it all
		title = "Ganon's shortfall in lost campaigns (" + JoinAnd(skills) + " alike)"
		skills = skills[:1]
	}
	if len(res.Groups) > MaxVerticalBars {
		if param, ok := NumericSweepParam(res); ok {
			// Many groups along a sweep: the mean shortfall against the swept value, one line per
			// player count, rather than a tangle of distributions.
			panels := make([]*plot.Plot, len(skills))
			for i, skill := range skills {
				p, err := SweepChart(res, param, "ganon_shortfall:"+skill)
				if err != nil {
					return nil, err
				}
				p.Title.Text = TitleCase(skill)
				p.Y.Label.Text = "points short (mean)" // fits the height of a panel
				if len(skills) == 1 {
					p.Title.Text = title
				}
				p.Title.TextStyle.Font.Size = vg.Points(10)
				panels[i] = p
			}
			if len(skills) == 1 {
				title = strings.Replace(title, "shortfall", "mean shortfall", 1)
			}
			return FacetChart(ChartGanonShortfall, title, panels), nil
		}
	}
	last := 1
	for _, g := range res.Groups {
		for _, h := range cwOf(g).Ganon.ShortfallHist {
			last = max(last, Summarize(h).Max)
		}
	}
	panels := make([]*plot.Plot, len(skills))
	top := 0.0 // shared by the panels
	for si, skill := range skills {
		p := NewPlot(TitleCase(skill), "", "lost campaigns (%)")
		if si == len(skills)-1 || len(skills) > 3 {
			p.X.Label.Text = "shortfall (skill points still needed)"
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		for gi, g := range res.Groups {
			h := cwOf(g).Ganon.ShortfallHist[skill]
			if sum(h) == 0 {
				continue
			}
			ys := Shares(nil, h)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := StepLine(ys, last, SeriesColor(gi), Dashes(gi))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(lb.Label(g), line)
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = PlainTicks(true)
		panels[si] = p
	}
	for _, p := range panels {
		PercentAxis(p, top)
	}
	if len(skills) == 1 {
		panels[0].Title.Text = ""
	}
	return FacetChart(ChartGanonShortfall, title, panels), nil
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

// numericSweepParam returns the only swept parameter of res when its values are all numbers.
func NumericSweepParam(res *sim.Results) (string, bool) {
	ps := SweepParams(res)
	if len(ps) != 1 {
		return "", false
	}
	for _, g := range res.Groups {
		if _, err := sweepX(g, ps[0]); err != nil {
			return "", false
		}
	}
	return ps[0], true
}

// joinAnd joins words as "a, b and c".
func JoinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// grid is the data of a heat map: columns x rows of values (NaN when unknown) at integer
// coordinates.
type Grid struct {
	cols, rows int
	z          []float64
}

func NewGrid(cols, rows int) *Grid {
	z := make([]float64, cols*rows)
	for i := range z {
		z[i] = math.NaN()
	}
	return &Grid{cols: cols, rows: rows, z: z}
}

func (g *Grid) Set(c, r int, v float64) { g.z[r*g.cols+c] = v }

// Dims, Z, X and Y implement plotter.GridXYZ.
func (g *Grid) Dims() (c, r int)   { return g.cols, g.rows }
func (g *Grid) Z(c, r int) float64 { return g.z[r*g.cols+c] }
func (g *Grid) X(c int) float64    { return float64(c) }
func (g *Grid) Y(r int) float64    { return float64(r) }

// heatMap draws the grid with a light-to-dark blue ramp over [lo, hi]; unknown cells are grey.
func (g *Grid) HeatMap(lo, hi float64) *plotter.HeatMap {
	h := plotter.NewHeatMap(g, ramp{n: 64})
	h.Min, h.Max = lo, hi
	h.NaN = color.Gray{Y: 235}
	h.Underflow, h.Overflow = rampColor(0), rampColor(1)
	return h
}

// labels writes every cell's value in % (one decimal; "-" when unknown), in white on the cells
// that are dark on the colour scale [lo, hi].
func (g *Grid) Labels(lo, hi float64) (*plotter.Labels, error) {
	return g.LabelsBy(func(v float64) bool { return hi > lo && (v-lo)/(hi-lo) > 0.55 })
}

// LabelsBy writes every cell's value in % (one decimal, "<0.1%" for a value above 0 that would
// round to 0.0%; "-" when unknown), in white on the cells where dark says so.
func (g *Grid) LabelsBy(dark func(float64) bool) (*plotter.Labels, error) {
	var xyl plotter.XYLabels
	styles := make([]text.Style, 0, len(g.z))
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			v := g.Z(c, r)
			xyl.XYs = append(xyl.XYs, plotter.XY{X: float64(c), Y: float64(r)})
			sty := TextStyle(9, draw.XCenter, draw.YCenter)
			if math.IsNaN(v) {
				xyl.Labels = append(xyl.Labels, "-")
			} else {
				label := FmtPct(v)
				if v > 0 && v < 0.0005 {
					label = "<0.1%"
				}
				xyl.Labels = append(xyl.Labels, label)
				if dark(v) {
					sty.Color = color.White
				}
			}
			styles = append(styles, sty)
		}
	}
	l, err := plotter.NewLabels(xyl)
	if err != nil {
		return nil, err
	}
	l.TextStyle = styles
	return l, nil
}

// ramp is a sequential palette of n colours from pale to dark blue (ColorBrewer's "Blues").
type ramp struct{ n int }

// Colors implements palette.Palette.
func (r ramp) Colors() []color.Color {
	cs := make([]color.Color, r.n)
	for i := range cs {
		cs[i] = rampColor(float64(i) / float64(max(r.n-1, 1)))
	}
	return cs
}

// rampColor interpolates the "Blues" ramp at t in [0,1].
func rampColor(t float64) color.RGBA {
	stops := [...][3]float64{{247, 251, 255}, {198, 219, 239}, {107, 174, 214}, {33, 113, 181}, {8, 48, 107}}
	t = min(max(t, 0), 1) * float64(len(stops)-1)
	i := min(int(t), len(stops)-2)
	f := t - float64(i)
	var c [3]uint8
	for k := range c {
		c[k] = uint8(math.Round(stops[i][k] + f*(stops[i+1][k]-stops[i][k])))
	}
	return color.RGBA{R: c[0], G: c[1], B: c[2], A: 255}
}
