package reports

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// sweepMetric is a parsed SweepChart metric: a metric of the game with a title, at the value
// of its selector when it needs one.
type sweepMetric struct {
	def *Metric
	at  At
}

// parseMetric parses a SweepChart metric of res's game: the name of a metric with a sweep
// chart, followed by ":VALUE" for a metric that needs a selector (level_success:2).
func parseMetric(res *sim.Results, s string) (sweepMetric, error) {
	r := gameOf(res)
	name, arg, hasArg := strings.Cut(s, ":")
	def := r.metric(name)
	if def == nil || def.Title == "" || hasArg != (len(def.Needs) > 0) || (hasArg && arg == "") {
		return sweepMetric{}, fmt.Errorf("unknown metric %q (expected %s)", s, format.JoinOr(sweepMetricForms(r)))
	}
	m := sweepMetric{def: def, at: At{}}
	if hasArg {
		sel, _ := r.selector(def.Needs[0])
		if n, err := strconv.Atoi(arg); sel.whole() && (err != nil || n < sel.Min || n > sel.Max) {
			return m, fmt.Errorf("metric %q: the %s must be %s", s, sel.Name, sel.rangeText())
		}
		m.at[sel.Name] = arg
	}
	return m, nil
}

// sweepMetricForms lists how the game's sweep metrics are named: "campaign_win_rate",
// "level_success:L with L = 1-4".
func sweepMetricForms(r *GameReport) []string {
	var out []string
	for _, m := range r.metrics() {
		switch {
		case m.Title == "":
		case len(m.Needs) == 0:
			out = append(out, m.Name)
		default:
			sel, _ := r.selector(m.Needs[0])
			v := strings.ToUpper(sel.Name[:1])
			form := m.Name + ":" + v
			if sel.whole() {
				form += fmt.Sprintf(" with %s = %d-%d", v, sel.Min, sel.Max)
			}
			out = append(out, form)
		}
	}
	return out
}

// title, yLabel and slug describe the metric.
func (m sweepMetric) title() string  { return m.at.Fill(m.def.Title) }
func (m sweepMetric) yLabel() string { return m.at.Fill(m.def.YLabel) }
func (m sweepMetric) slug() string   { return m.at.Fill(m.def.Slug) }

// isRate reports whether the metric is a rate (drawn in %).
func (m sweepMetric) isRate() bool { return m.def.IsRate() }

// value returns the metric of a group with its 95% interval, in the unit of the chart (% for
// rates, the mean's own for means); ok is false when the group has no data for it.
func (m sweepMetric) value(g *sim.Group) (y, lo, hi float64, ok bool) {
	e := m.def.Of(g, m.at)
	if e.N == 0 {
		return 0, 0, 0, false
	}
	lo, hi = e.Band()
	if m.isRate() {
		return stats.Pct(e.Value), stats.Pct(lo), stats.Pct(hi), true
	}
	return e.Value, lo, hi, true
}

// isBaseValue reports whether x, group g's value of param, is the value the data gives it
// (res.BaseParams[param], or [param.<players>] as the ganon command writes it).
func isBaseValue(res *sim.Results, g *sim.Group, param string, x float64) bool {
	v, ok := res.BaseParams[param]
	if !ok {
		v, ok = res.BaseParams[param+"."+strconv.Itoa(g.Players)]
	}
	b, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	return ok && err == nil && b == x
}

// SweepPoint is one point of a line of a sweep chart: the swept value X and the figure Y with
// its 95% interval Lo..Hi, in the chart's unit (% for rates).
type SweepPoint struct{ X, Y, Lo, Hi float64 }

// SweepLine is one line of a sweep chart: its legend and its points.
type SweepLine struct {
	Name   string
	Points []SweepPoint
}

// sweepX returns the swept value of group g as a number.
func sweepX(g *sim.Group, param string) (float64, error) {
	v, ok := paramOf(g, param)
	if !ok {
		return 0, fmt.Errorf("group with %s has no params value %q", format.Players(g.Players), param)
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("params %q value %q is not a number", param, v)
	}
	return x, nil
}

// SweepChart draws a metric against the swept value of param (x = strconv.ParseFloat of each
// group's Params[param]) with one line per player count (more precisely, per combination of
// everything else that tells the groups apart), a black ring on the points at the data's own
// value (res.BaseParams, when known) and a shaded 95% band: the Wilson interval for
// rates, mean ± stats.Z(0.95)·SE for means. metric is a metric of res's game with a sweep chart (a
// Title), the generic ones (win_rate, seat_win_rate:S, no_winner_rate, mean_turns) or the game's
// own (Clockwork Realm: "campaign_win_rate", "level_success:L" with L = 1-4,
// "ganon_defeat_rate", "mean_final_shards", "ganon_shortfall:SKILL"), a selector's value after
// the colon. param may also be a key completed by each group's player count, as the
// ganon command writes them: "ganon.targets" reads "ganon.targets.3" in a 3-player group. It
// is an error when a group lacks param, when a value is not numeric or when two groups of one
// line share a value.
func SweepChart(res *sim.Results, param string, metric string) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, ErrNoGroups
	}
	m, err := parseMetric(res, metric)
	if err != nil {
		return nil, err
	}
	lb := NewLabeller(res)
	series := map[string][]SweepPoint{}
	var baseXYs plotter.XYs // the points at the data's own value (res.BaseParams)
	var order []string
	for _, g := range res.Groups {
		x, err := sweepX(g, param)
		if err != nil {
			return nil, err
		}
		key := lb.LabelExcept(g, param)
		if !slices.Contains(order, key) {
			order = append(order, key)
		}
		for _, pt := range series[key] {
			if pt.X == x {
				return nil, fmt.Errorf("two groups of %s have %s = %g", key, param, x)
			}
		}
		y, lo, hi, ok := m.value(g)
		if !ok {
			continue
		}
		series[key] = append(series[key], SweepPoint{x, y, lo, hi})
		if isBaseValue(res, g, param, x) {
			baseXYs = append(baseXYs, plotter.XY{X: x, Y: y})
		}
	}
	lines := make([]SweepLine, len(order))
	for i, key := range order {
		lines[i] = SweepLine{Name: key, Points: series[key]}
	}
	p := chart.NewPlot(m.title()+" by "+ParamTitle(res, param), ParamTitle(res, param), m.yLabel())
	if err := DrawSweep(p, res, param, lines, baseXYs, m.isRate()); err != nil {
		return nil, err
	}
	return p, nil
}

// DrawSweep draws the lines of a sweep chart of param on p (SweepChart's, or a game's own): each
// line in its colour and dashes (by its index: a line without points keeps its colour) over its
// shaded 95% band, a black ring on the points base (the data's own value) or, when none is
// given and the data's value of param is known (res.BaseParams), a dashed line there; the y axis
// in % for a rate (else from 0), the x axis padded, with whole-number ticks for a short range
// of whole numbers.
func DrawSweep(p *plot.Plot, res *sim.Results, param string, lines []SweepLine, base plotter.XYs, rate bool) error {
	p.X.Tick.Label.Rotation = 0
	top := 0.0
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for si, sl := range lines {
		pts := sl.Points
		if len(pts) == 0 {
			continue
		}
		sort.Slice(pts, func(i, j int) bool { return pts[i].X < pts[j].X })
		line := make(plotter.XYs, len(pts))
		band := make(plotter.XYs, 0, 2*len(pts))
		for i, pt := range pts {
			line[i] = plotter.XY{X: pt.X, Y: pt.Y}
			band = append(band, plotter.XY{X: pt.X, Y: pt.Hi})
			top = max(top, pt.Hi)
			xmin, xmax = min(xmin, pt.X), max(xmax, pt.X)
		}
		for i := len(pts) - 1; i >= 0; i-- {
			band = append(band, plotter.XY{X: pts[i].X, Y: pts[i].Lo})
		}
		col := chart.SeriesColor(si)
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return err
		}
		poly.Color = chart.Translucent(col, 0.2)
		poly.LineStyle.Width = 0
		l, sc, err := plotter.NewLinePoints(line)
		if err != nil {
			return err
		}
		l.LineStyle.Color = col
		l.LineStyle.Width = vg.Points(1.5)
		l.LineStyle.Dashes = chart.Dashes(si)
		sc.GlyphStyle.Color = col
		sc.GlyphStyle.Radius = vg.Points(2.5)
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(poly, l, sc) // the band first, so the line is drawn over it
		p.Legend.Add(sl.Name, poly, l, sc)
	}
	if len(base) > 0 {
		sc, err := plotter.NewScatter(base)
		if err != nil {
			return err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(5), Shape: draw.RingGlyph{}}
		p.Add(sc)
		p.Legend.Add("the data's value", sc)
	}
	if rate {
		chart.PercentAxis(p, top)
	} else {
		p.Y.Min, p.Y.Max = 0, chart.NiceCeil(top*1.05)
	}
	if b, ok := commonBase(res, param); ok && len(base) == 0 && !math.IsInf(xmin, 0) {
		// The data's value was not swept: a dashed line there, the x range stretched to it.
		xmin, xmax = min(xmin, b), max(xmax, b)
		l, err := plotter.NewLine(plotter.XYs{{X: b, Y: p.Y.Min}, {X: b, Y: p.Y.Max}})
		if err != nil {
			return err
		}
		l.Color, l.Width, l.Dashes = color.Gray{Y: 40}, vg.Points(1), []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(l)
		p.Legend.Add("the data's value ("+strconv.FormatFloat(b, 'g', -1, 64)+")", l)
	}
	if xmin < xmax {
		pad := (xmax - xmin) * 0.03
		p.X.Min, p.X.Max = xmin-pad, xmax+pad
		if xmax-xmin <= 12 && integral(xmin) && integral(xmax) {
			p.X.Tick.Marker = chart.PlainTicks(true)
		}
	}
	return nil
}

// commonBase is the data's value of param when the results record one (res.BaseParams) and it
// is the same number for every group.
func commonBase(res *sim.Results, param string) (float64, bool) {
	var b float64
	for i, g := range res.Groups {
		v, ok := res.BaseParams[param]
		if !ok {
			v, ok = res.BaseParams[param+"."+strconv.Itoa(g.Players)]
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if !ok || err != nil || (i > 0 && x != b) {
			return 0, false
		}
		b = x
	}
	return b, len(res.Groups) > 0
}

func integral(x float64) bool { return x == math.Trunc(x) }

// GoalHeatmap draws the campaign win rate for every swept value of param (columns, x, in
// increasing order) and player count (rows, y) as a heat map with every cell labelled with its
// rate in % ("<0.1%" for a rate above 0 that rounds to 0.0%). The colour scale (winColor) runs
// from 0 to the largest rate of the map (winScale), so that low rates are told apart: 0%
// is white, any rate above 0 is tinted; the legend shows the scale with labelled
// values. Cells with no group are grey. Marked with outlines: the data's own value of param in
// each row (res.BaseParams, e.g. the printed target 18 at 3 players; solid black) and the
// answers of the game's own goal search (res.GameGoals, e.g. `clockwork ganon --goal`; dashed vermillion). param is read as in
// SweepChart: with the ganon command's results, whose groups hold "ganon.targets.<players>",
// pass "ganon.targets". It is an error when a value is not numeric or when two groups share a
// value and a player count (groups that differ by something else too).
func GoalHeatmap(res *sim.Results, param string) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, ErrNoGroups
	}
	type cell struct {
		x   float64
		row heatRow
	}
	cells := map[cell]*sim.Group{}
	var xs []float64
	xnames := map[float64]string{}
	for _, g := range res.Groups {
		x, err := sweepX(g, param)
		if err != nil {
			return nil, err
		}
		k := cell{x, rowOf(g)}
		if cells[k] != nil {
			return nil, fmt.Errorf("two groups have %s, agent %s and %s = %g: the heat map needs one group per cell", format.Players(g.Players), RungText(res.Game, g.Agent, g.Strategies), param, x)
		}
		cells[k] = g
		if _, seen := xnames[x]; !seen {
			xs = append(xs, x)
			v, _ := paramOf(g, param)
			xnames[x] = strings.TrimSpace(v)
		}
	}
	slices.Sort(xs)
	players := heatRows(res)
	grid := chart.NewGrid(len(xs), len(players))
	hi := 0.0
	for c, x := range xs {
		for r, n := range players {
			if g := cells[cell{x, n}]; g != nil {
				if rt := stats.NewRate(g.Wins, g.Episodes); rt.Known() {
					grid.Set(c, r, rt.P)
					hi = max(hi, rt.P)
				}
			}
		}
	}
	if hi == 0 {
		hi = 1
	}
	names := make([]string, len(xs))
	for i, x := range xs {
		names[i] = xnames[x]
	}
	rows := make([]string, len(players))
	for i, n := range players {
		rows[i] = format.Players(n.players)
		if len(Rungs(res)) > 1 {
			rows[i] += ", " + RungText(res.Game, n.rung.Agent, n.rung.Strategies)
		}
	}
	title := gameOf(res).winRate().Title + " by " + ParamTitle(res, param) + " and player count"
	if len(Rungs(res)) > 1 {
		title = gameOf(res).winRate().Title + " by " + ParamTitle(res, param) + ", player count and agent"
	}
	p := chart.NewPlot(title, ParamTitle(res, param), "")
	col := func(v float64) color.Color { return winColor(v, hi) }
	p.Add(grid.Cells(col))
	labels, err := grid.LabelsBy(func(v float64) bool { return winScale(v, hi) > 0.6 })
	if err != nil {
		return nil, err
	}
	p.Add(labels)
	base, goal := goalMarks(res, param, xs, players)
	for _, m := range base {
		p.Add(m)
	}
	for _, m := range goal {
		p.Add(m)
	}
	p.Legend.Add("win rate")
	for _, sw := range winScaleSteps(hi) {
		p.Legend.Add(format.PctShort(sw), chart.Swatch{Color: col(sw)})
	}
	if len(base) > 0 {
		p.Legend.Add("the data's target", base[0])
	}
	if len(goal) > 0 {
		p.Legend.Add("goal "+format.PctShort(res.GameGoals[0].Goal)+": answer", goal[0])
	}
	p.NominalY(rows...)
	chart.NominalX(p, names)
	p.Y.Min, p.Y.Max = -0.5, float64(len(players))-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	return p, nil
}

// heatRow is a row of the Ganon heat map: a player count and an agent.
type heatRow struct {
	players int
	rung    sim.Rung
}

func rowOf(g *sim.Group) heatRow {
	return heatRow{g.Players, sim.Rung{Agent: g.Agent, Strategies: g.Strategies}}
}

// heatRows lists the heat map's rows: by player count, then agent in order of appearance.
func heatRows(res *sim.Results) []heatRow {
	var rows []heatRow
	for _, n := range PlayerCounts(res) {
		for _, rg := range Rungs(res) {
			rows = append(rows, heatRow{n, rg})
		}
	}
	return rows
}

// goalMarks returns the heat map's outlines of the cells at columns xs (swept values) and rows
// (player counts and agents): base for the data's own value of param in each row (res.BaseParams[param], or
// [param.<players>] as the ganon command writes it), goal for the answers of res.GanonGoals
// (for a param under "ganon.targets").
func goalMarks(res *sim.Results, param string, xs []float64, rows []heatRow) (base, goal []*chart.Mark) {
	for r, row := range rows {
		n := row.players
		v, ok := res.BaseParams[param]
		if !ok {
			v, ok = res.BaseParams[param+"."+strconv.Itoa(n)]
		}
		if x, err := strconv.ParseFloat(strings.TrimSpace(v), 64); ok && err == nil {
			if c := slices.Index(xs, x); c >= 0 {
				base = append(base, chart.NewMark(c, r, 0, nil, color.Black))
			}
		}
		for _, gl := range res.GameGoals {
			if gl.Players == n && (gl.Agent == "" || row.rung == sim.Rung{Agent: gl.Agent, Strategies: gl.Strategies}) && strings.HasPrefix(param, "ganon.targets") {
				if c := slices.Index(xs, float64(gl.Target)); c >= 0 {
					goal = append(goal, chart.NewMark(c, r, 0.12, []vg.Length{vg.Points(4), vg.Points(2)}, chart.SeriesColor(3)))
				}
			}
		}
	}
	return base, goal
}

// winScale maps a rate v of a map whose largest rate is hi to [0, 1]: 0 stays 0 (white) and
// any rate above 0 starts at 0.15 (tinted), then (v/hi)^0.7, which spreads the low rates without
// crowding the high ones.
func winScale(v, hi float64) float64 {
	if !(v > 0) || !(hi > 0) {
		return 0
	}
	return 0.15 + 0.85*math.Pow(min(v/hi, 1), 0.7)
}

// winColor is the colour of rate v on the heat map's scale (winScale on the "Blues" ramp).
func winColor(v, hi float64) color.Color {
	if math.IsNaN(v) {
		return color.Gray{Y: 235}
	}
	return chart.RampColor(winScale(v, hi))
}

// winScaleSteps are the rates the colour scale's legend shows: 0, 1%, then round values up to
// the largest rate hi.
func winScaleSteps(hi float64) []float64 {
	steps := []float64{0}
	for _, v := range []float64{0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1} {
		if v < hi*0.95 {
			steps = append(steps, v)
		}
	}
	return append(steps, hi)
}

// SweepChartNamed is SweepChart as a chart named "sweep-<param>-<metric slug>".
func SweepChartNamed(res *sim.Results, param, metric string) (*chart.Chart, error) {
	p, err := SweepChart(res, param, metric)
	if err != nil {
		return nil, fmt.Errorf("sweep chart of %s over %s: %w", metric, param, err)
	}
	m, _ := parseMetric(res, metric)
	c := chart.NewChart("sweep-"+format.Slug(param)+"-"+m.slug(), p)
	c.Caption = "One line per player count; the shaded band is the 95% interval (Wilson for a " +
		"rate, mean ± 1.96 standard errors for a mean) and a black ring marks the data's own value."
	return c, nil
}

// NumericParam reports whether every group's value of param is a number.
func NumericParam(res *sim.Results, param string) bool {
	for _, g := range res.Groups {
		if _, err := sweepX(g, param); err != nil {
			return false
		}
	}
	return true
}

// NewHeatmapChart sizes a Ganon heat map of cols columns: 1.4 cm a column besides the axis and
// the colour scale, at least the default width.
func NewHeatmapChart(name string, p *plot.Plot, cols int) *chart.Chart {
	c := chart.NewChart(name, p)
	c.Width = max(chart.DefaultWidth, vg.Length(cols)*1.4*vg.Centimeter+6*vg.Centimeter)
	c.LegendBelow = false // the colour scale is narrow: on the right
	c.Caption = "Each cell is the win rate at one swept value (column) and player count (row); " +
		"the colours run from 0 to the map's largest rate. A solid black outline marks the " +
		"data's own value, a dashed vermillion one the answer of a goal search."
	return c
}

// DistinctValues counts the distinct values of param (see paramOf) among the groups.
func DistinctValues(res *sim.Results, param string) int {
	seen := map[string]bool{}
	for _, g := range res.Groups {
		if v, ok := paramOf(g, param); ok {
			seen[v] = true
		}
	}
	return len(seen)
}
