package reports

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

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
var errNoData = errors.New("no data")

// Charts returns every chart of a results file in report order: win rate, level success, temple
// success, rounds, final Shards and Ganon's shortfall; then, for each swept numeric parameter
// (SweepParams), its sweep charts (SweepMetrics) and, for a parameter under "ganon.", the
// Ganon heat map. Parameters with non-numeric values get no sweep charts, and a results value
// without temple or shortfall counts (an old or hand-made file) no temple or shortfall chart.
func Charts(res *sim.Results) ([]*Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	var charts []*Chart
	for _, mk := range []struct {
		name string
		fn   func(*sim.Results) (*plot.Plot, error)
	}{
		{ChartWinRate, WinRateChart},
		{ChartLevelSuccess, LevelSuccessChart},
		{ChartTempleSuccess, TempleSuccessChart},
	} {
		p, err := mk.fn(res)
		if errors.Is(err, errNoData) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", mk.name, err)
		}
		c := NewChart(mk.name, p)
		if mk.name == ChartTempleSuccess {
			c.Height = templeChartHeight(res)
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
	charts = append(charts, rounds, NewChart(ChartFinalShards, shards))
	ganon, err := GanonShortfallChart(res)
	switch {
	case err == nil:
		charts = append(charts, ganon)
	case !errors.Is(err, errNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartGanonShortfall, err)
	}
	sweeps, err := sweepCharts(res)
	if err != nil {
		return nil, err
	}
	return append(charts, sweeps...), nil
}

// WinRateChart draws the campaign win rate of every group (player count) as a bar with its
// Wilson 95% interval and its value written above; bars of one player count share a colour.
func WinRateChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	lb := newLabeller(res)
	p := newPlot("Campaign win rate by player count", "", "win rate (%)")
	counts := playerCounts(res) // a bar's colour says its player count
	names := make([]string, len(res.Groups))
	var eb errorBars
	var labels plotter.XYLabels
	top := 0.0
	for i, g := range res.Groups {
		r := NewRate(g.Wins, g.Campaigns)
		names[i] = lb.short(g)
		label := fmtRate(r)
		if len(res.Groups) <= 4 {
			names[i] = lb.label(g)
			label += " (n=" + strconv.FormatInt(g.Campaigns, 10) + ")"
		}
		y := 0.0
		if r.Known() {
			y = pct(r.P)
			eb.add(float64(i), y, 100*r.Lo, 100*r.Hi)
		}
		b, err := newBars([]float64{y}, float64(i), 0.6, seriesColor(slices.Index(counts, g.Players)))
		if err != nil {
			return nil, err
		}
		p.Add(b)
		if r.Known() {
			labels.XYs = append(labels.XYs, plotter.XY{X: float64(i), Y: 100 * r.Hi})
			labels.Labels = append(labels.Labels, label)
			top = max(top, 100*r.Hi)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := newErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	if len(labels.XYs) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i] = textStyle(9, draw.XCenter, draw.YBottom)
		}
		l.Offset = vg.Point{Y: vg.Points(3)}
		p.Add(l)
	}
	nominalX(p, names)
	percentAxis(p, top*1.12)
	return p, nil
}

// LevelSuccessChart draws the success rate of every level as grouped bars, one bar per group
// (player count) in each level, with Wilson 95% interval bars.
func LevelSuccessChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	lb := newLabeller(res)
	nl := levelCount(res)
	p := newPlot("Level success rate by player count", "", "success rate (%)")
	ng := len(res.Groups)
	width := 0.8 / float64(ng)
	var eb errorBars
	top := 0.0
	for gi, g := range res.Groups {
		off := (float64(gi) - float64(ng-1)/2) * width
		vals := make([]float64, nl)
		for lvl := 1; lvl <= nl; lvl++ {
			r := Rate{P: math.NaN()}
			if l := level(g, lvl); l != nil {
				r = NewRate(l.Successes, l.Attempts)
			}
			if !r.Known() {
				continue
			}
			vals[lvl-1] = pct(r.P)
			eb.add(float64(lvl-1)+off, pct(r.P), 100*r.Lo, 100*r.Hi)
			top = max(top, 100*r.Hi)
		}
		b, err := newBars(vals, off, width*0.9, seriesColor(gi))
		if err != nil {
			return nil, err
		}
		p.Add(b)
		p.Legend.Add(lb.label(g), b)
	}
	if len(eb.XYs) > 0 {
		e, err := newErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	names := make([]string, nl)
	for i := range names {
		names[i] = fmt.Sprintf("Level %d", i+1)
	}
	nominalX(p, names)
	percentAxis(p, top)
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
		return nil, fmt.Errorf("%w: the results hold no temple counts", errNoData)
	}
	lb := newLabeller(res)
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
	grid := newGrid(len(temples), len(rows))
	rowNames := make([]string, len(rows))
	for ri, r := range rows {
		y := len(rows) - 1 - ri
		rowNames[y] = lb.short(r.g) + " L" + strconv.Itoa(r.lvl)
		for c, name := range temples {
			if t := temple(r.g, name, r.lvl); t != nil && t.Attempts > 0 {
				grid.set(c, y, float64(t.Successes)/float64(t.Attempts))
			}
		}
	}
	p := newPlot("Success rate by temple and level", "temple", "")
	labels, err := grid.labels(0, 1)
	if err != nil {
		return nil, err
	}
	p.Add(grid.heatMap(0, 1), labels)
	p.NominalY(rowNames...)
	nominalX(p, temples)
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
	lb := newLabeller(res)
	var groups []*sim.Group
	for _, g := range res.Groups {
		if players == 0 || g.Players == players {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("no group has %d players", players)
	}
	last := 1
	for _, g := range groups {
		for _, l := range g.Levels {
			last = max(last, Summarize(l.RoundsHist).Max)
		}
	}
	panels := make([]*plot.Plot, len(groups))
	top := 0.0 // shared by the panels, so that their heights compare
	for i, g := range groups {
		p := newPlot(lb.label(g), "", "campaigns (%)")
		if i == len(groups)-1 || len(groups) > 3 {
			p.X.Label.Text = "rounds"
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		for _, l := range g.Levels {
			ys := Shares(nil, l.RoundsHist)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := stepLine(ys, last, seriesColor(l.Level-1), dashes(l.Level-1))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(fmt.Sprintf("Level %d", l.Level), line)
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = plainTicks(true)
		panels[i] = p
	}
	for _, p := range panels {
		percentAxis(p, top)
	}
	title := "Rounds used per level"
	switch {
	case len(groups) == 1:
		title += " (" + lb.label(groups[0]) + ")"
	case players > 0:
		title += " (" + playersName(players) + ")"
	}
	c := facetChart(ChartRounds, title, panels)
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
	lb := newLabeller(res)
	p := newPlot("Triforce Shards at the end of the campaign", "Triforce Shards held by the team", "campaigns (%)")
	last, top := 1, 0.0
	for _, g := range res.Groups {
		last = max(last, Summarize(g.FinalShardsHist).Max)
	}
	for i, g := range res.Groups {
		s := Summarize(g.FinalShardsHist)
		if s.N == 0 {
			continue
		}
		ys := Shares(nil, g.FinalShardsHist)
		for j := range ys {
			ys[j] *= 100
			top = max(top, ys[j])
		}
		line, err := stepLine(ys, last, seriesColor(i), dashes(i))
		if err != nil {
			return nil, err
		}
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s (mean %.2f ± %.2f SE)", lb.label(g), s.Mean, nanZero(s.SE)), line)
	}
	p.X.Min, p.X.Max = -0.5, float64(last)+0.5
	p.X.Tick.Marker = plainTicks(true)
	percentAxis(p, top)
	return p, nil
}

// GanonShortfallChart draws, for the lost campaigns, what Ganon's targets still asked of the
// cards after all the heroes' Shards: one panel per skill (move, attack, interact), one step
// line per group giving the share of lost campaigns (%) with each shortfall.
func GanonShortfallChart(res *sim.Results) (*Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	lb := newLabeller(res)
	skills := skillNames(res)
	if len(skills) == 0 {
		return nil, fmt.Errorf("%w: the results hold no Ganon shortfall counts", errNoData)
	}
	last := 1
	for _, g := range res.Groups {
		for _, h := range g.Ganon.ShortfallHist {
			last = max(last, Summarize(h).Max)
		}
	}
	panels := make([]*plot.Plot, len(skills))
	top := 0.0 // shared by the panels
	for si, skill := range skills {
		p := newPlot(titleCase(skill), "", "lost campaigns (%)")
		if si == len(skills)-1 || len(skills) > 3 {
			p.X.Label.Text = "shortfall (skill points still needed)"
		}
		p.Title.TextStyle.Font.Size = vg.Points(10)
		for gi, g := range res.Groups {
			h := g.Ganon.ShortfallHist[skill]
			if sum(h) == 0 {
				continue
			}
			ys := Shares(nil, h)
			for j := range ys {
				ys[j] *= 100
				top = max(top, ys[j])
			}
			line, err := stepLine(ys, last, seriesColor(gi), dashes(gi))
			if err != nil {
				return nil, err
			}
			p.Add(line)
			p.Legend.Add(lb.label(g), line)
		}
		p.X.Min, p.X.Max = -0.5, float64(last)+0.5
		p.X.Tick.Marker = plainTicks(true)
		panels[si] = p
	}
	for _, p := range panels {
		percentAxis(p, top)
	}
	return facetChart(ChartGanonShortfall, "Ganon's shortfall per skill in lost campaigns", panels), nil
}

// grid is the data of a heat map: columns x rows of values (NaN when unknown) at integer
// coordinates.
type grid struct {
	cols, rows int
	z          []float64
}

func newGrid(cols, rows int) *grid {
	z := make([]float64, cols*rows)
	for i := range z {
		z[i] = math.NaN()
	}
	return &grid{cols: cols, rows: rows, z: z}
}

func (g *grid) set(c, r int, v float64) { g.z[r*g.cols+c] = v }

// Dims, Z, X and Y implement plotter.GridXYZ.
func (g *grid) Dims() (c, r int)   { return g.cols, g.rows }
func (g *grid) Z(c, r int) float64 { return g.z[r*g.cols+c] }
func (g *grid) X(c int) float64    { return float64(c) }
func (g *grid) Y(r int) float64    { return float64(r) }

// heatMap draws the grid with a light-to-dark blue ramp over [lo, hi]; unknown cells are grey.
func (g *grid) heatMap(lo, hi float64) *plotter.HeatMap {
	h := plotter.NewHeatMap(g, ramp{n: 64})
	h.Min, h.Max = lo, hi
	h.NaN = color.Gray{Y: 235}
	h.Underflow, h.Overflow = rampColor(0), rampColor(1)
	return h
}

// labels writes every cell's value in % (one decimal; "-" when unknown), in white on the cells
// that are dark on the colour scale [lo, hi].
func (g *grid) labels(lo, hi float64) (*plotter.Labels, error) {
	var xyl plotter.XYLabels
	styles := make([]text.Style, 0, len(g.z))
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			v := g.Z(c, r)
			xyl.XYs = append(xyl.XYs, plotter.XY{X: float64(c), Y: float64(r)})
			sty := textStyle(9, draw.XCenter, draw.YCenter)
			if math.IsNaN(v) {
				xyl.Labels = append(xyl.Labels, "-")
			} else {
				xyl.Labels = append(xyl.Labels, fmtPct(v))
				if hi > lo && (v-lo)/(hi-lo) > 0.55 {
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
