package clockwork

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/sim"
)

// Stable chart names of Clockwork Realm: the base names of the chart files (reports.ChartWinRate
// is "win-rate").
const (
	ChartLevelSuccess   = "level-success"   // LevelSuccessChart
	ChartTempleSuccess  = "temple-success"  // TempleSuccessChart
	ChartRounds         = "rounds"          // RoundsChart of every group ("rounds-3p" for 3 players only)
	ChartFinalShards    = "final-shards"    // FinalShardsChart
	ChartGanonShortfall = "ganon-shortfall" // GanonShortfallChart
)

// charts returns Clockwork's charts of a results file in report order (reports adds the skill
// ladder and the tornado charts before them): for each swept numeric parameter
// (reports.SweepParams), its sweep charts (sweepMetrics) and, for a parameter under "ganon.", the
// Ganon heat map (first of all for the ganon command's "ganon.targets", after the sweep charts
// otherwise); then win rate, level success, temple success, rounds, final Shards and Ganon's
// shortfall. With more than reports.MaxVerticalBars groups along one numeric sweep, the level
// success is drawn against the swept value (one panel per level, in place of the sweep's
// level_success charts) and the final Shards by the sweep chart of their mean only. Parameters
// with non-numeric values get no sweep charts, and a results value without temple or shortfall
// counts (an old or hand-made file) no temple or shortfall chart.
func charts(res *sim.Results) ([]*chart.Chart, error) {
	param, numeric := reports.NumericSweepParam(res)
	alongSweep := numeric && len(res.Groups) > reports.MaxVerticalBars
	win, err := reports.WinRateChartOf(res)
	if err != nil {
		return nil, err
	}
	out := []*chart.Chart{win}
	if alongSweep {
		c, err := levelSuccessSweepChart(res, param)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", ChartLevelSuccess, err)
		}
		out = append(out, c)
	} else {
		p, err := LevelSuccessChart(res)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", ChartLevelSuccess, err)
		}
		out = append(out, chart.NewChart(ChartLevelSuccess, p))
	}
	temples, err := TempleSuccessChart(res)
	switch {
	case err == nil:
		c := chart.NewChart(ChartTempleSuccess, temples)
		c.Height = templeChartHeight(res)
		out = append(out, c)
	case !errors.Is(err, chart.ErrNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartTempleSuccess, err)
	}
	rounds, err := RoundsChart(res, 0)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartRounds, err)
	}
	shards, err := FinalShardsChart(res)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartFinalShards, err)
	}
	out = append(out, rounds)
	if !alongSweep {
		out = append(out, chart.NewChart(ChartFinalShards, shards))
	}
	ganon, err := GanonShortfallChart(res)
	switch {
	case err == nil:
		out = append(out, ganon)
	case !errors.Is(err, chart.ErrNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartGanonShortfall, err)
	}
	sweeps, err := sweepCharts(res, alongSweep)
	if err != nil {
		return nil, err
	}
	out = append(sweeps, out...)
	for _, c := range out {
		if c.Caption == "" {
			c.Caption = captions[c.Name]
		}
	}
	return out, nil
}

// captions say how to read Clockwork's own charts, by chart name.
var captions = map[string]string{
	ChartLevelSuccess: "The share of the attempts at each level that cleared it, with its Wilson " +
		"95% interval; a level far below the others is where campaigns are lost.",
	ChartTempleSuccess: "Each cell is the success rate of one temple at one level, with the " +
		"attempts n; a hatched cell has an interval too wide to trust, a dash a temple never played there.",
	ChartRounds: "For each level, the share of the campaigns that used each number of rounds " +
		"there; a long tail is a level that drags.",
	ChartFinalShards: "The share of the campaigns that ended holding each number of Triforce " +
		"Shards; the legend gives each group's mean and its standard error.",
	ChartGanonShortfall: "For each skill, the share of the lost campaigns at each number of points " +
		"short of Ganon's target (the title says which); mass at 1 or 2 means close fights.",
}

// sweepCharts returns the sweep charts of every swept numeric parameter (none for an ordinary
// run): every sweepMetrics chart (but the level_success ones when skipLevels is set: charts
// draws them as one faceted chart) and, for a parameter under "ganon.", the Ganon heat map:
// first for the ganon command's "ganon.targets", last for any other.
func sweepCharts(res *sim.Results, skipLevels bool) ([]*chart.Chart, error) {
	var out []*chart.Chart
	for _, param := range reports.SweepParams(res) {
		if !reports.NumericParam(res, param) {
			continue
		}
		var heatmap *chart.Chart
		if strings.HasPrefix(param, "ganon.") {
			p, err := reports.GoalHeatmap(res, param)
			if err != nil {
				return nil, fmt.Errorf("Ganon heat map over %s: %w", param, err)
			}
			heatmap = reports.NewHeatmapChart("ganon-heatmap-"+format.Slug(param), p, reports.DistinctValues(res, param))
		}
		if heatmap != nil && ganonTargets(param) { // the heat map answers the ganon command: first
			out = append(out, heatmap)
			heatmap = nil
		}
		for _, ms := range sweepMetrics(levelCount(res)) {
			if skipLevels && strings.HasPrefix(ms, "level_success:") {
				continue
			}
			c, err := reports.SweepChartNamed(res, param, ms)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		if heatmap != nil {
			out = append(out, heatmap)
		}
	}
	return out, nil
}

// ganonTargets reports whether param is the ganon command's key: "ganon.targets" (its groups
// have several player counts) or "ganon.targets.N" (one).
func ganonTargets(param string) bool {
	rest, ok := strings.CutPrefix(param, "ganon.targets")
	if !ok || rest == "" {
		return ok
	}
	_, err := strconv.Atoi(strings.TrimPrefix(rest, "."))
	return err == nil && strings.HasPrefix(rest, ".")
}

// levelSuccessSweepChart draws the success rate of every level against the swept value of
// param: one panel per level (reports.SweepChart's level_success:L), one line per player count.
func levelSuccessSweepChart(res *sim.Results, param string) (*chart.Chart, error) {
	var panels []*plot.Plot
	for lvl := 1; lvl <= levelCount(res); lvl++ {
		p, err := reports.SweepChart(res, param, "level_success:"+strconv.Itoa(lvl))
		if err != nil {
			return nil, err
		}
		p.Title.Text = fmt.Sprintf("Level %d", lvl)
		p.Title.TextStyle.Font.Size = vg.Points(10)
		panels = append(panels, p)
	}
	return chart.FacetChart(ChartLevelSuccess, "Level success rate by "+reports.GroupsDesc(res), panels), nil
}
