package reports

import (
	"errors"
	"fmt"
	"image/color"
	"slices"
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

// ChartWinRate is the name of the win-rate chart (WinRateChart), the base name of its files.
const ChartWinRate = "win-rate"

// ErrNoGroups is returned for a results value without groups.
var ErrNoGroups = errors.New("the results hold no groups")

// Charts returns every chart of a results file in report order, the chart that answers the
// command's question first: the skill ladder of a run with several agents (LadderChart), the
// tornado charts of a sensitivity file (TornadoChart), then the charts of the file's game
// (GameReport.Charts: its sweep charts first; for a game that registers none, the sweep charts
// of the generic metrics and the win rate), then the win rate by seat of a game whose groups
// have seat counts (SeatWinRateChart).
func Charts(res *sim.Results) ([]*chart.Chart, error) {
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
		c := chart.NewChart(ChartLadder, lad)
		c.Caption = "Each point is an agent's win rate, the agents in the order of the ladder, " +
			"with its Wilson 95% interval; one line per player count. Agents whose intervals " +
			"overlap are not told apart by this run."
		charts = append([]*chart.Chart{c}, charts...)
	case !errors.Is(err, chart.ErrNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartLadder, err)
	}
	return charts, nil
}

// WinRateChartOf is WinRateChart as a chart named ChartWinRate, as tall as its rows need.
func WinRateChartOf(res *sim.Results) (*chart.Chart, error) {
	p, err := WinRateChart(res)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartWinRate, err)
	}
	c := chart.NewChart(ChartWinRate, p)
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
	p := chart.NewPlot(GroupsTitle(res, gameOf(res).winRate().Title), "", "win rate (%)")
	horizontal := len(res.Groups) > MaxVerticalBars
	colorOf := barColors(res)
	names := make([]string, len(res.Groups))
	var eb chart.ErrorBars
	var xeb chart.XErrorBars
	var labels plotter.XYLabels
	top := 0.0
	n := len(res.Groups)
	for i, g := range res.Groups {
		pos := float64(i)
		if horizontal {
			pos = float64(n - 1 - i) // the first group at the top
		}
		r := stats.NewRate(g.Wins, g.Episodes)
		names[i] = lb.Short(g)
		label := format.Rate(r)
		if n <= 4 {
			names[i] = lb.Label(g)
			label += " (n=" + strconv.FormatInt(g.Episodes, 10) + ")"
		}
		y := 0.0
		if r.Known() {
			y = stats.Pct(r.P)
			if horizontal {
				xeb.Add(pos, y, 100*r.Lo, 100*r.Hi)
			} else {
				eb.Add(pos, y, 100*r.Lo, 100*r.Hi)
			}
		}
		b, err := chart.NewBars([]float64{y}, pos, 0.6, colorOf(g))
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
		e, err := chart.NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	if len(xeb.XYs) > 0 {
		e, err := chart.NewXErrorBars(xeb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	if len(labels.XYs) > 0 {
		l, err := chart.LabelsAbove(labels, 9)
		if horizontal {
			l, err = chart.PlacedLabels(labels, chart.TextStyle(8, draw.XLeft, draw.YCenter), vg.Point{X: vg.Points(3)})
		}
		if err != nil {
			return nil, err
		}
		p.Add(l)
	}
	if !horizontal {
		chart.NominalX(p, names)
		chart.PercentAxis(p, top*1.12)
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
	p.Y.Tick.Marker = chart.NominalTicks(rows)
	p.X.Tick.Marker = chart.PlainTicks(false)
	chart.PercentAxis(p, top*1.15)
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
			return chart.SeriesColor(slices.Index(counts, g.Players))
		case len(agents) > 1:
			return chart.SeriesColor(slices.Index(agents, g.Agent))
		}
		return chart.SeriesColor(0)
	}
}

// winRateChartHeight is the height of the win-rate chart: 10 cm, or 5.5 mm per row of
// horizontal bars.
func winRateChartHeight(res *sim.Results) vg.Length {
	if len(res.Groups) <= MaxVerticalBars {
		return chart.DefaultHeight
	}
	return max(chart.DefaultHeight, vg.Length(len(res.Groups))*5.5*vg.Millimeter+3*vg.Centimeter)
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
