package reports

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/sim"
)

// SweepMetrics returns the metrics SweepChart draws, for a results file with levels levels:
// campaign_win_rate, level_success:1 ... level_success:levels, ganon_defeat_rate and
// mean_final_shards.
func SweepMetrics(levels int) []string {
	ms := []string{"campaign_win_rate"}
	for l := 1; l <= levels; l++ {
		ms = append(ms, "level_success:"+strconv.Itoa(l))
	}
	return append(ms, "ganon_defeat_rate", "mean_final_shards")
}

// metric is a parsed SweepChart metric.
type metric struct {
	name  string // as given
	kind  string // campaign_win_rate, level_success, ganon_defeat_rate, mean_final_shards
	level int    // for level_success
}

func parseMetric(s string) (metric, error) {
	m := metric{name: s, kind: s}
	if rest, ok := strings.CutPrefix(s, "level_success:"); ok {
		l, err := strconv.Atoi(rest)
		if err != nil || l < 1 || l > 4 {
			return m, fmt.Errorf("metric %q: the level must be 1, 2, 3 or 4", s)
		}
		m.kind, m.level = "level_success", l
		return m, nil
	}
	switch s {
	case "campaign_win_rate", "ganon_defeat_rate", "mean_final_shards":
		return m, nil
	}
	return m, fmt.Errorf("unknown metric %q (expected campaign_win_rate, level_success:L with L = 1-4, ganon_defeat_rate or mean_final_shards)", s)
}

// title, yLabel and slug describe the metric.
func (m metric) title() string {
	switch m.kind {
	case "campaign_win_rate":
		return "Campaign win rate"
	case "level_success":
		return fmt.Sprintf("Level %d success rate", m.level)
	case "ganon_defeat_rate":
		return "Ganon defeated once reached"
	}
	return "Mean Triforce Shards at the end"
}

func (m metric) yLabel() string {
	switch m.kind {
	case "campaign_win_rate":
		return "win rate (%)"
	case "level_success":
		return "success rate (%)"
	case "ganon_defeat_rate":
		return "defeat rate (%)"
	}
	return "Triforce Shards (mean)"
}

func (m metric) slug() string {
	switch m.kind {
	case "campaign_win_rate":
		return "win-rate"
	case "level_success":
		return fmt.Sprintf("level-%d-success", m.level)
	case "ganon_defeat_rate":
		return "ganon-defeat-rate"
	}
	return "final-shards"
}

// isRate reports whether the metric is a rate (drawn in %).
func (m metric) isRate() bool { return m.kind != "mean_final_shards" }

// value returns the metric of a group with its 95% interval, in the unit of the chart (% for
// rates, Shards for the mean); ok is false when the group has no data for it.
func (m metric) value(g *sim.Group) (y, lo, hi float64, ok bool) {
	var r Rate
	switch m.kind {
	case "campaign_win_rate":
		r = NewRate(g.Wins, g.Campaigns)
	case "ganon_defeat_rate":
		r = NewRate(g.Ganon.Defeated, g.Ganon.Reached)
	case "level_success":
		l := level(g, m.level)
		if l == nil {
			return 0, 0, 0, false
		}
		r = NewRate(l.Successes, l.Attempts)
	default:
		s := Summarize(g.FinalShardsHist)
		if s.N == 0 {
			return 0, 0, 0, false
		}
		lo, hi := s.CI95()
		if math.IsNaN(s.SE) {
			lo, hi = s.Mean, s.Mean
		}
		return s.Mean, lo, hi, true
	}
	if !r.Known() {
		return 0, 0, 0, false
	}
	return pct(r.P), pct(r.Lo), pct(r.Hi), true
}

// sweepPoint is one group of a sweep: its x value and its metric with the 95% interval.
type sweepPoint struct{ x, y, lo, hi float64 }

// sweepX returns the swept value of group g as a number.
func sweepX(g *sim.Group, param string) (float64, error) {
	v, ok := paramOf(g, param)
	if !ok {
		return 0, fmt.Errorf("group with %s has no params value %q", playersName(g.Players), param)
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("params %q value %q is not a number", param, v)
	}
	return x, nil
}

// SweepChart draws a metric against the swept value of param (x = strconv.ParseFloat of each
// group's Params[param]) with one line per player count (more precisely, per combination of
// everything else that tells the groups apart) and a shaded 95% band: the Wilson interval for
// rates, mean ± Z(0.95)·SE for mean_final_shards. metric is "campaign_win_rate",
// "level_success:L" (L = 1-4), "ganon_defeat_rate" (Ganon defeated once reached) or
// "mean_final_shards". param may also be a key completed by each group's player count, as the
// ganon command writes them: "ganon.targets" reads "ganon.targets.3" in a 3-player group. It
// is an error when a group lacks param, when a value is not numeric or when two groups of one
// line share a value.
func SweepChart(res *sim.Results, param string, metric string) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	m, err := parseMetric(metric)
	if err != nil {
		return nil, err
	}
	lb := newLabeller(res)
	series := map[string][]sweepPoint{}
	var order []string
	for _, g := range res.Groups {
		x, err := sweepX(g, param)
		if err != nil {
			return nil, err
		}
		key := lb.labelExcept(g, param)
		if !slices.Contains(order, key) {
			order = append(order, key)
		}
		for _, pt := range series[key] {
			if pt.x == x {
				return nil, fmt.Errorf("two groups of %s have %s = %g", key, param, x)
			}
		}
		y, lo, hi, ok := m.value(g)
		if !ok {
			continue
		}
		series[key] = append(series[key], sweepPoint{x, y, lo, hi})
	}
	p := newPlot(m.title()+" vs "+param, param, m.yLabel())
	p.X.Tick.Label.Rotation = 0
	top := 0.0
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for si, key := range order {
		pts := series[key]
		if len(pts) == 0 {
			continue
		}
		sort.Slice(pts, func(i, j int) bool { return pts[i].x < pts[j].x })
		line := make(plotter.XYs, len(pts))
		band := make(plotter.XYs, 0, 2*len(pts))
		for i, pt := range pts {
			line[i] = plotter.XY{X: pt.x, Y: pt.y}
			band = append(band, plotter.XY{X: pt.x, Y: pt.hi})
			top = max(top, pt.hi)
			xmin, xmax = min(xmin, pt.x), max(xmax, pt.x)
		}
		for i := len(pts) - 1; i >= 0; i-- {
			band = append(band, plotter.XY{X: pts[i].x, Y: pts[i].lo})
		}
		col := seriesColor(si)
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return nil, err
		}
		poly.Color = translucent(col, 0.2)
		poly.LineStyle.Width = 0
		l, sc, err := plotter.NewLinePoints(line)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color = col
		l.LineStyle.Width = vg.Points(1.5)
		l.LineStyle.Dashes = dashes(si)
		sc.GlyphStyle.Color = col
		sc.GlyphStyle.Radius = vg.Points(2.5)
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(poly, l, sc) // the band first, so the line is drawn over it
		p.Legend.Add(key, poly, l, sc)
	}
	if m.isRate() {
		percentAxis(p, top)
	} else {
		p.Y.Min, p.Y.Max = 0, niceCeil(top*1.05)
	}
	if xmin < xmax {
		pad := (xmax - xmin) * 0.03
		p.X.Min, p.X.Max = xmin-pad, xmax+pad
	}
	return p, nil
}

// GanonHeatmap draws the campaign win rate for every swept value of param (columns, x, in
// increasing order) and player count (rows, y) as a heat map with every cell labelled with its
// rate in %. Colours run from 0 to the largest rate of the map (pale to dark blue); cells with
// no group are grey. param is read as in SweepChart: with the ganon command's results, whose
// groups hold "ganon.targets.<players>", pass "ganon.targets". It is an error when a value is
// not numeric or when two groups share a value and a player count (groups that differ by
// something else too).
func GanonHeatmap(res *sim.Results, param string) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, errNoGroups
	}
	type cell struct {
		x       float64
		players int
	}
	cells := map[cell]*sim.Group{}
	var xs []float64
	xnames := map[float64]string{}
	for _, g := range res.Groups {
		x, err := sweepX(g, param)
		if err != nil {
			return nil, err
		}
		k := cell{x, g.Players}
		if cells[k] != nil {
			return nil, fmt.Errorf("two groups have %s and %s = %g: the heat map needs one group per cell", playersName(g.Players), param, x)
		}
		cells[k] = g
		if _, seen := xnames[x]; !seen {
			xs = append(xs, x)
			v, _ := paramOf(g, param)
			xnames[x] = strings.TrimSpace(v)
		}
	}
	slices.Sort(xs)
	players := playerCounts(res)
	grid := newGrid(len(xs), len(players))
	hi := 0.0
	for c, x := range xs {
		for r, n := range players {
			if g := cells[cell{x, n}]; g != nil && g.Campaigns > 0 {
				v := float64(g.Wins) / float64(g.Campaigns)
				grid.set(c, r, v)
				hi = max(hi, v)
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
		rows[i] = playersName(n)
	}
	p := newPlot("Campaign win rate by "+param+" and player count", param, "")
	labels, err := grid.labels(0, hi)
	if err != nil {
		return nil, err
	}
	p.Add(grid.heatMap(0, hi), labels)
	p.NominalY(rows...)
	nominalX(p, names)
	p.Y.Min, p.Y.Max = -0.5, float64(len(players))-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	return p, nil
}

// sweepCharts returns the sweep charts of every swept numeric parameter (none for an ordinary
// run): every SweepMetrics chart, then the Ganon heat map for a parameter under "ganon.".
func sweepCharts(res *sim.Results) ([]*Chart, error) {
	var charts []*Chart
	for _, param := range SweepParams(res) {
		numeric := true
		for _, g := range res.Groups {
			if _, err := sweepX(g, param); err != nil {
				numeric = false
				break
			}
		}
		if !numeric {
			continue
		}
		for _, ms := range SweepMetrics(levelCount(res)) {
			p, err := SweepChart(res, param, ms)
			if err != nil {
				return nil, fmt.Errorf("sweep chart of %s over %s: %w", ms, param, err)
			}
			m, _ := parseMetric(ms)
			charts = append(charts, NewChart("sweep-"+slug(param)+"-"+m.slug(), p))
		}
		if strings.HasPrefix(param, "ganon.") {
			p, err := GanonHeatmap(res, param)
			if err != nil {
				return nil, fmt.Errorf("Ganon heat map over %s: %w", param, err)
			}
			c := NewChart("ganon-heatmap-"+slug(param), p)
			c.Width = max(DefaultWidth, vg.Length(distinctValues(res, param))*1.4*vg.Centimeter+4*vg.Centimeter)
			charts = append(charts, c)
		}
	}
	return charts, nil
}

// distinctValues counts the distinct values of param (see paramOf) among the groups.
func distinctValues(res *sim.Results, param string) int {
	seen := map[string]bool{}
	for _, g := range res.Groups {
		if v, ok := paramOf(g, param); ok {
			seen[v] = true
		}
	}
	return len(seen)
}
