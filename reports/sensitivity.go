package reports

import (
	"errors"
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

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// SensitivityMetrics are the metrics `clockwork sensitivity` can rank by besides the campaign
// win rate: each is paired campaign by campaign with the base run.
var SensitivityMetrics = []string{"campaign_win_rate", "level_success:1", "level_success:2", "level_success:3",
	"level_success:4", "mean_final_shards"}

// Effect is what moving one data value a step down (Low) and up (High) did at one player count,
// against the data as it is, on the same campaigns.
type Effect struct {
	Players int
	Param   string
	Base    int
	Low     *EffectSide // nil when the value was not moved that way (not valid data)
	High    *EffectSide
	// Skipped says why a side could not be tried.
	Skipped []string
}

// EffectSide is one moved value: the paired differences of the campaign win rate and of the
// chosen metric (moved minus base), each with its 95% interval, and McNemar's test on the
// campaigns won by one version only.
type EffectSide struct {
	Value             int
	Win, WinLo, WinHi float64
	Metric, MLo, MHi  float64
	Test              stats.McNemar
	Campaigns         int64
}

// Size is the effect's size for ranking: the largest absolute change of the win rate of either
// side (0 when neither was tried).
func (e Effect) Size() float64 {
	s := 0.0
	for _, side := range []*EffectSide{e.Low, e.High} {
		if side != nil && !math.IsNaN(side.Win) {
			s = max(s, math.Abs(side.Win))
		}
	}
	return s
}

// Effects returns the effects of a sensitivity file per player count, ranked by Size (largest
// first; ties by param), with the chosen metric (one of SensitivityMetrics; "" for the win rate).
func Effects(res *sim.Results, metric string) (map[int][]Effect, error) {
	if metric == "" {
		metric = "campaign_win_rate"
	}
	if !slices.Contains(SensitivityMetrics, metric) {
		return nil, fmt.Errorf("unknown sensitivity metric %q (expected one of: %s)", metric, strings.Join(SensitivityMetrics, ", "))
	}
	out := map[int][]Effect{}
	index := map[string]int{}
	for _, r := range res.Sensitivity {
		k := strconv.Itoa(r.Players) + "|" + r.Param
		i, ok := index[k]
		if !ok {
			i = len(out[r.Players])
			index[k] = i
			out[r.Players] = append(out[r.Players], Effect{Players: r.Players, Param: r.Param, Base: r.Base})
		}
		e := &out[r.Players][i]
		if r.Skipped != "" {
			e.Skipped = append(e.Skipped, fmt.Sprintf("%d: %s", r.Value, r.Skipped))
			continue
		}
		side := effectSide(r, metric)
		if r.Value < r.Base {
			e.Low = side
		} else {
			e.High = side
		}
	}
	for p := range out {
		sort.SliceStable(out[p], func(i, j int) bool {
			a, b := out[p][i], out[p][j]
			if a.Size() != b.Size() {
				return a.Size() > b.Size()
			}
			return a.Param < b.Param
		})
	}
	return out, nil
}

// effectSide derives one moved value's paired differences from its counts.
func effectSide(r sim.SensitivityRow, metric string) *EffectSide {
	p := r.Paired
	s := &EffectSide{Value: r.Value, Campaigns: p.Episodes, Test: stats.McNemarTest(p.BaseOnly, p.MovedOnly)}
	s.Win, s.WinLo, s.WinHi = stats.PairedDiff(p.BaseOnly, p.MovedOnly, p.Episodes)
	switch {
	case metric == "campaign_win_rate":
		s.Metric, s.MLo, s.MHi = s.Win, s.WinLo, s.WinHi
	case metric == "mean_final_shards":
		s.Metric, s.MLo, s.MHi = stats.PairedMean(p.ScoreDiff, p.ScoreDiff2, p.Episodes)
	default: // level_success:L
		l, _ := strconv.Atoi(strings.TrimPrefix(metric, "level_success:"))
		s.Metric, s.MLo, s.MHi = stats.PairedDiff(p.PartBase[l-1], p.PartMoved[l-1], p.Episodes)
	}
	return s
}

// sensitivityTables ranks the moved values at each player count by their effect on the
// campaign win rate (with the chosen metric's differences when it is another).
func sensitivityTables(res *sim.Results) []page.Table {
	if IsMatrixSensitivity(res) {
		return matrixSensitivityTables(res)
	}
	effects, err := Effects(res, res.SensitivityMetric)
	if err != nil || len(effects) == 0 {
		return nil
	}
	metric := res.SensitivityMetric
	header := []string{"rank", "value", "in the data", "down to", "win rate change", "95% interval", "up to", "win rate change", "95% interval", "McNemar p (down, up)"}
	if metric != "" && metric != "campaign_win_rate" {
		header = append(header, metric+" change (down, up)")
	}
	var out []page.Table
	for _, p := range PlayerCounts(res) {
		t := page.Table{Title: fmt.Sprintf("What matters most at %s: each value a step down and up, ranked by the largest change of the %s", format.Players(p), winRateName(res)),
			Header: header}
		t.Right = page.RightFrom(len(header), 3)
		t.Right[2] = true
		for i, e := range effects[p] {
			row := []string{strconv.Itoa(i + 1), e.Param, strconv.Itoa(e.Base)}
			row = append(row, sideCells(e.Low)...)
			row = append(row, sideCells(e.High)...)
			row = append(row, format.P(sideP(e.Low))+", "+format.P(sideP(e.High)))
			if len(header) > 10 {
				row = append(row, sideMetric(e.Low, metric)+", "+sideMetric(e.High, metric))
			}
			t.Rows = append(t.Rows, row)
		}
		out = append(out, t)
	}
	return out
}

// sideCells are a side's value, win rate change and interval ("not valid" when not tried).
func sideCells(s *EffectSide) []string {
	if s == nil {
		return []string{"not valid", "-", "-"}
	}
	return []string{strconv.Itoa(s.Value), format.Signed(s.Win), format.SignedRange(s.WinLo, s.WinHi)}
}

func sideP(s *EffectSide) float64 {
	if s == nil {
		return math.NaN()
	}
	return s.Test.P
}

// sideMetric formats the chosen metric's change of one side: points for rates, Shards for the
// mean.
func sideMetric(s *EffectSide, metric string) string {
	if s == nil || math.IsNaN(s.Metric) {
		return "-"
	}
	if metric == "mean_final_shards" {
		return fmt.Sprintf("%+.2f [%+.2f, %+.2f]", s.Metric, s.MLo, s.MHi)
	}
	return format.Signed(s.Metric) + " [" + format.SignedRange(s.MLo, s.MHi) + "]"
}

// tornadoTop is how many values a tornado chart shows.
const tornadoTop = 15

// TornadoChart draws the values that move the campaign win rate most at a player count: one
// row per value (the largest effect at the top), a wide orange bar from 0 to the change when the
// value goes a step down and a narrow blue one over it for a step up, each with its 95% interval
// (the down interval just above the row's centre, the up one just below); at most tornadoTop
// rows. A sensitivity over Zelda Duels' match-up matrix draws MatrixTornadoChart.
func TornadoChart(res *sim.Results, players int) (*plot.Plot, error) {
	if IsMatrixSensitivity(res) {
		return MatrixTornadoChart(res)
	}
	effects, err := Effects(res, res.SensitivityMetric)
	if err != nil {
		return nil, err
	}
	es := effects[players]
	if len(es) == 0 {
		return nil, fmt.Errorf("%w: no sensitivity rows at %s", chart.ErrNoData, format.Players(players))
	}
	es = es[:min(len(es), tornadoTop)]
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = fmt.Sprintf("%s (%d)", e.Param, e.Base)
	}
	return tornadoPlot(fmt.Sprintf("What matters most at %s", format.Players(players)), winRateName(res)+" change (points), one step down and up", names, es)
}

// tornadoPlot draws a tornado of effects es named names (the largest first, at the top): the
// change of each side's Win with its interval.
func tornadoPlot(title, xLabel string, labels []string, es []Effect) (*plot.Plot, error) {
	p := chart.NewPlot(title, xLabel, "")
	names := make([]string, len(es))
	for i := range es {
		names[len(es)-1-i] = TornadoLabel(labels[i])
	}
	lo, hi := 0.0, 0.0
	sides := []struct {
		name  string
		pick  func(Effect) *EffectSide
		color color.RGBA
		width vg.Length
		shift float64
	}{
		{"a step down", func(e Effect) *EffectSide { return e.Low }, chart.SeriesColor(1), vg.Points(10), 0.12},
		{"a step up", func(e Effect) *EffectSide { return e.High }, chart.SeriesColor(0), vg.Points(5), -0.12},
	}
	for _, sd := range sides {
		vals := make(plotter.Values, len(es))
		var xeb chart.XErrorBars
		for i, e := range es {
			row := float64(len(es) - 1 - i)
			s := sd.pick(e)
			if s == nil || math.IsNaN(s.Win) {
				continue
			}
			vals[len(es)-1-i] = 100 * s.Win
			xeb.Add(row+sd.shift, 100*s.Win, 100*s.WinLo, 100*s.WinHi)
			lo, hi = min(lo, 100*s.WinLo), max(hi, 100*s.WinHi)
		}
		bars, err := plotter.NewBarChart(vals, sd.width)
		if err != nil {
			return nil, err
		}
		bars.Horizontal, bars.Color, bars.LineStyle.Width = true, sd.color, 0
		p.Add(bars)
		p.Legend.Add(sd.name, bars)
		if err := chart.AddThinXErrorBars(p, xeb); err != nil {
			return nil, err
		}
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.6, float64(len(es))-0.4
	pad := math.Max(1, 0.06*(hi-lo))
	p.X.Min, p.X.Max = lo-pad, hi+pad
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: p.Y.Min}, {X: 0, Y: p.Y.Max}})
	if err != nil {
		return nil, err
	}
	zero.Color, zero.Width = color.Gray{Y: 60}, vg.Points(0.8)
	p.Add(zero)
	return p, nil
}

// ChartTornado is the name of the tornado chart at a player count, "tornado-3p".
func ChartTornado(players int) string { return fmt.Sprintf("tornado-%dp", players) }

// tornadoCharts are the tornado charts of a sensitivity file, one per player count (none for
// other files).
func tornadoCharts(res *sim.Results) ([]*chart.Chart, error) {
	if len(res.Sensitivity) == 0 {
		return nil, nil
	}
	if IsMatrixSensitivity(res) {
		return matrixTornadoCharts(res)
	}
	effects, err := Effects(res, res.SensitivityMetric)
	if err != nil {
		return nil, err
	}
	var out []*chart.Chart
	for _, n := range PlayerCounts(res) {
		t, err := TornadoChart(res, n)
		if errors.Is(err, chart.ErrNoData) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", ChartTornado(n), err)
		}
		c := chart.NewChart(ChartTornado(n), t)
		c.Caption = "Each row is a data value, the one that moves the win rate most at the top: " +
			"the wide orange bar is the change when the value goes one step down, the narrow " +
			"blue bar when it goes one step up, each with its 95% interval. A bar whose interval " +
			"crosses zero is within noise."
		c.Height = tornadoHeight(min(len(effects[n]), tornadoTop))
		c.Width = max(c.Width, tornadoLabelWidth(t)+tornadoDataWidth+legendRoom(c))
		out = append(out, c)
	}
	return out, nil
}

// tornadoHeight grows a tornado chart with its rows (room for two lines of label each).
func tornadoHeight(rows int) vg.Length {
	return max(chart.DefaultHeight, vg.Length(rows)*9*vg.Millimeter+3*vg.Centimeter)
}

// tornadoDataWidth is the width a tornado chart keeps for its bars, besides its labels and
// legend.
const tornadoDataWidth = 9 * vg.Centimeter

// tornadoLabelWidth is the width of the widest row label of a tornado plot.
func tornadoLabelWidth(p *plot.Plot) vg.Length {
	w := vg.Length(0)
	for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		w = max(w, p.Y.Tick.Label.Width(t.Label))
	}
	return w + 1*vg.Centimeter
}

// legendRoom is the width the chart's legend takes on the right (0 when it goes below).
func legendRoom(c *chart.Chart) vg.Length {
	if c.LegendBelow {
		return 0
	}
	w, _ := c.LegendSize()
	return w + 1*vg.Centimeter
}

// tornadoLine is the longest line of a row label before TornadoLabel wraps it, in characters.
const tornadoLine = 34

// TornadoLabel lays out a tornado row's label: one line when it has at most tornadoLine
// characters, else two lines split after the dot of its --set path that makes the longer line
// shortest (a path without a dot stays on one line). Nothing of the name is dropped.
func TornadoLabel(name string) string {
	if len(name) <= tornadoLine {
		return name
	}
	best := -1
	for i := 0; i < len(name)-1; i++ {
		if name[i] != '.' {
			continue
		}
		if best < 0 || max(i+1, len(name)-i-1) < max(best+1, len(name)-best-1) {
			best = i
		}
	}
	if best < 0 {
		return name
	}
	return name[:best+1] + "\n" + name[best+1:]
}
