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

// ChartWinRate is the name of the win-rate chart (WinRateChart), the base name of its files.
const ChartWinRate = "win-rate"

// ErrNoGroups is returned for a results value without groups.
var ErrNoGroups = errors.New("the results hold no groups")

// ErrNoData is wrapped by the errors of charts whose counts are missing from the results (an
// old or hand-made file): Charts leaves such charts out.
var ErrNoData = errors.New("no data")

// Charts returns every chart of a results file in report order, the chart that answers the
// command's question first: the skill ladder of a run with several agents (LadderChart), the
// tornado charts of a sensitivity file (TornadoChart), then the charts of the file's game
// (GameReport.Charts: its sweep charts first; for a game that registers none, the sweep charts
// of the generic metrics and the win rate), then the win rate by seat of a game whose groups
// have seat counts (SeatWinRateChart).
func Charts(res *sim.Results) ([]*Chart, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, ErrNoGroups
	}
	own := gameOf(res).Charts
	if own == nil {
		own = genericCharts
	}
	charts, err := own(res)
	if err != nil {
		return nil, err
	}
	seats, err := seatCharts(res)
	if err != nil {
		return nil, err
	}
	charts = append(charts, seats...)
	tornados, err := tornadoCharts(res)
	if err != nil {
		return nil, err
	}
	charts = append(tornados, charts...)
	lad, err := LadderChart(res)
	switch {
	case err == nil:
		c := NewChart(ChartLadder, lad)
		c.Caption = "Each point is an agent's win rate, the agents in the order of the ladder, " +
			"with its Wilson 95% interval; one line per player count. Agents whose intervals " +
			"overlap are not told apart by this run."
		charts = append([]*Chart{c}, charts...)
	case !errors.Is(err, ErrNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartLadder, err)
	}
	return charts, nil
}

// WinRateChartOf is WinRateChart as a chart named ChartWinRate, as tall as its rows need.
func WinRateChartOf(res *sim.Results) (*Chart, error) {
	p, err := WinRateChart(res)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartWinRate, err)
	}
	c := NewChart(ChartWinRate, p)
	c.Height = winRateChartHeight(res)
	c.Caption = fmt.Sprintf("Each bar is the share of its group's %s won by the judged seat (or the "+
		"team), written beside it; the whisker is its Wilson 95%% interval. Bars of one player count "+
		"share a colour.", gameOf(res).episodes())
	return c, nil
}

// MaxVerticalBars is the most groups WinRateChart draws as vertical bars; more are drawn as
// horizontal bars, one row per group, so that their labels never overlap.
const MaxVerticalBars = 8

// WinRateChart draws the campaign win rate of every group as a bar with its Wilson 95% interval
// and its value written beside it; bars of one player count share a colour. Up to
// maxVerticalBars groups stand as vertical bars; more (a sweep, a grid of Ganon targets) lie as
// horizontal bars, one labelled row per group in the order of the results (see
// winRateChartHeight for the figure's height).
func WinRateChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, ErrNoGroups
	}
	lb := NewLabeller(res)
	p := NewPlot(GroupsTitle(res, gameOf(res).winRate().Title), "", "win rate (%)")
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
		r := NewRate(g.Wins, g.Campaigns)
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
		l, err := LabelsAbove(labels, 9)
		if horizontal {
			l, err = placedLabels(labels, TextStyle(8, draw.XLeft, draw.YCenter), vg.Point{X: vg.Points(3)})
		}
		if err != nil {
			return nil, err
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

// GroupsTitle is a chart title naming what tells the groups apart: "Campaign win rate by player
// count", "... by ganon.targets and player count", "... by agent", or for a single group
// "Campaign win rate (3 players)".
func GroupsTitle(res *sim.Results, what string) string {
	if len(res.Groups) == 1 {
		return what + " (" + NewLabeller(res).Label(res.Groups[0]) + ")"
	}
	return what + " by " + GroupsDesc(res)
}

// GroupsDesc names what tells the groups apart: "player count", "agent and player count",
// "ganon.targets and player count", or "group".
func GroupsDesc(res *sim.Results) string {
	lb := NewLabeller(res)
	var parts []string
	for _, k := range lb.params {
		parts = append(parts, ParamTitle(res, k))
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

// NumericSweepParam returns the only swept parameter of res when its values are all numbers.
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

// JoinAnd joins words as "a, b and c".
func JoinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Grid is the data of a heat map: columns x rows of values (NaN when unknown) at integer
// coordinates.
type Grid struct {
	cols, rows int
	z          []float64
}

// NewGrid returns a grid of cols x rows cells, every value unknown (NaN).
func NewGrid(cols, rows int) *Grid {
	z := make([]float64, cols*rows)
	for i := range z {
		z[i] = math.NaN()
	}
	return &Grid{cols: cols, rows: rows, z: z}
}

// Set sets the value of the cell at column c, row r (row 0 at the bottom).
func (g *Grid) Set(c, r int, v float64) { g.z[r*g.cols+c] = v }

// Dims, Z, X and Y implement plotter.GridXYZ.
func (g *Grid) Dims() (c, r int)   { return g.cols, g.rows }
func (g *Grid) Z(c, r int) float64 { return g.z[r*g.cols+c] }
func (g *Grid) X(c int) float64    { return float64(c) }
func (g *Grid) Y(r int) float64    { return float64(r) }

// HeatMap draws the grid with a light-to-dark blue ramp over [lo, hi]; unknown cells are grey.
func (g *Grid) HeatMap(lo, hi float64) *plotter.HeatMap {
	h := plotter.NewHeatMap(g, ramp{n: 64})
	h.Min, h.Max = lo, hi
	h.NaN = color.Gray{Y: 235}
	h.Underflow, h.Overflow = rampColor(0), rampColor(1)
	return h
}

// Labels writes every cell's value in % (one decimal; "-" when unknown), in white on the cells
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
