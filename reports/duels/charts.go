package duels

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// Stable chart names of Zelda Duels: the base names of the chart files. With several settings
// (agents or params besides the match-up), each name ends with the setting's slug.
const (
	ChartMatrix     = "matrix"      // MatrixChart: "matrix-all-maps", "matrix-<map>"
	ChartTiers      = "tier-list"   // TierChart
	ChartMapBalance = "map-balance" // MapBalanceChart
	ChartCards      = "card-power"  // CardChart
)

// CardChartRows is the most cards the card chart shows at each end of the ranking.
const CardChartRows = 10

// matrixChartName is the name of a matrix's chart.
func matrixChartName(m *Matrix) string {
	return withSetting(ChartMatrix+"-"+format.Slug(m.MapName()), m.Setting)
}

// tierChartName, cardChartName and mapChartName name the charts of a setting.
func tierChartName(setting string) string { return withSetting(ChartTiers, setting) }
func cardChartName(setting string) string { return withSetting(ChartCards, setting) }
func mapChartName(setting string) string  { return withSetting(ChartMapBalance, setting) }

// withSetting appends the setting's slug to a chart name (nothing for a single setting).
func withSetting(name, setting string) string {
	if setting == "" {
		return name
	}
	return name + "-" + format.Slug(setting)
}

// charts returns Duels' charts of res in report order: the sweep charts of a numeric sweep (the
// win rate and the first player's; a sweep over the matrix: every team's win rate over it), then the match-up matrices (all maps first) or, without a
// matrix, the win rate of every group; then the first player's win rate by player count; then
// each setting's tier list, map balance and card power.
func charts(res *sim.Results) ([]*chart.Chart, error) {
	var out []*chart.Chart
	var err error
	if ps := matrixSweepParams(res); len(ps) > 0 {
		out, err = teamSweepCharts(res, ps) // not a line per match-up and map
	} else {
		out, err = reports.SweepCharts(res, []string{"win_rate", firstPlayerWinRate.Name})
	}
	if err != nil {
		return nil, err
	}
	ms := Matrices(res)
	if len(ms) == 0 {
		c, err := reports.WinRateChartOf(res)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	for _, m := range ms {
		c, err := MatrixChart(m)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", matrixChartName(m), err)
		}
		out = append(out, c)
	}
	fp, err := FirstPlayerChart(FirstPlayers(res))
	switch {
	case err == nil:
		out = append(out, chart.NewChart(ChartFirstPlayer, fp))
	case !errors.Is(err, chart.ErrNoData):
		return nil, fmt.Errorf("chart %s: %w", ChartFirstPlayer, err)
	}
	for _, s := range settings(res) {
		cs, err := s.charts()
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	for _, c := range out {
		if c.Caption == "" {
			c.Caption = captionOf(c.Name)
		}
	}
	return out, nil
}

// captions say how to read Zelda Duels' own charts, by the prefix of the chart's name.
var captions = []struct{ prefix, text string }{
	{ChartMatrix, "Each cell is the row team's win rate against the column team, with the games n; " +
		"blue favours the row, vermillion the column, and a hatched cell's 95% interval includes 50%: " +
		"no proven edge."},
	{ChartFirstPlayer, "Each bar is the first player's win rate at a player count with its Wilson " +
		"95% interval; the dashed mark is the even share, 1 / players. A bar clear of its mark is a " +
		"first-player advantage."},
	{ChartTiers, "Teams sorted by win rate over all their duels, coloured by tier, with Wilson 95% " +
		"intervals; the dashed line is 50%."},
	{ChartMapBalance, "Each cell is a team's win rate on one map; a row that changes colour " +
		"across maps is a team the map decides."},
	{ChartCards, "For each card, its side's win rate in the games it was played minus its team's in " +
		"the games it was not, in points, with a 95% interval; cards whose interval crosses 0 are " +
		"not proven strong or weak (and a card played when winning looks stronger than it is)."},
}

// captionOf is the caption of the chart called name ("" for none).
func captionOf(name string) string {
	for _, c := range captions {
		if strings.HasPrefix(name, c.prefix) {
			return c.text
		}
	}
	return ""
}

// charts are one setting's tier list, map balance and card power charts (those it has data
// for).
func (s *setting) charts() ([]*chart.Chart, error) {
	var out []*chart.Chart
	add := func(name string, p *plot.Plot, height vg.Length, err error) error {
		switch {
		case errors.Is(err, chart.ErrNoData):
			return nil
		case err != nil:
			return fmt.Errorf("chart %s: %w", name, err)
		}
		c := chart.NewChart(name, p)
		c.Height = max(c.Height, height)
		out = append(out, c)
		return nil
	}
	p, err := TierChart(s.tiers())
	if err := add(tierChartName(s.Label), p, 0, err); err != nil {
		return nil, err
	}
	if ids := s.mapIDs(); len(ids) > 1 {
		h := mapHeat(s.mapBalance(ids))
		p, err := h.plot(withLabel("Win rate by map", s.Label), "map", "team")
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", mapChartName(s.Label), err)
		}
		out = append(out, h.chart(mapChartName(s.Label), p))
	}
	cps := s.cardPowers()
	p, err = CardChart(cps)
	return out, add(cardChartName(s.Label), p, cardChartHeight(len(cardsShown(cps))), err)
}

// withLabel appends a setting's label to a title in brackets.
func withLabel(title, setting string) string {
	if setting == "" {
		return title
	}
	return title + " (" + setting + ")"
}

// MatrixChart draws a match-up matrix as a heat map: the row team's win rate against the column
// team in every cell, labelled with the rate and n, coloured from vermillion (0%) through white
// (50%) to blue (100%), hatched when its 95% interval includes 50%, with the colour key.
func MatrixChart(m *Matrix) (*chart.Chart, error) {
	h := &heat{rows: m.Teams, cols: m.Teams, rates: make([][]stats.Rate, len(m.Teams))}
	for r := range m.Teams {
		for c := range m.Teams {
			h.rates[r] = append(h.rates[r], m.Cells[r][c].Rate)
		}
	}
	p, err := h.plot(m.Title(), "against", "team")
	if err != nil {
		return nil, err
	}
	return h.chart(matrixChartName(m), p), nil
}

// mapHeat is the map balance as a heat: a row per team, a column per map.
func mapHeat(mbs []MapBalance) *heat {
	h := &heat{}
	for _, mb := range mbs {
		h.cols = mb.Maps
		h.rows = append(h.rows, mb.Team)
		h.rates = append(h.rates, mb.Rates)
	}
	return h
}

// tierColors are the colours of the tiers' bars.
var tierColors = map[string]color.Color{TierS: chart.SeriesColor(0), TierA: chart.SeriesColor(5),
	TierB: chart.SeriesColor(7), TierC: chart.SeriesColor(1), TierD: chart.SeriesColor(3)}

// TierChart draws a tier list as bars sorted by win rate, coloured by tier, with Wilson 95%
// interval bars, the value and the tier above each bar and a dashed line at 50%.
func TierChart(tiers []Tier) (*plot.Plot, error) {
	if len(tiers) == 0 {
		return nil, fmt.Errorf("%w: no two-player match-up", chart.ErrNoData)
	}
	p := chart.NewPlot(withLabel("Tier list: win rate over all match-ups", tiers[0].Setting), "", "win rate (%)")
	var eb chart.ErrorBars
	var labels plotter.XYLabels
	names := make([]string, len(tiers))
	seen := map[string]bool{}
	for i, t := range tiers {
		names[i] = t.Team
		if !t.Rate.Known() {
			continue
		}
		b, err := chart.NewBars([]float64{stats.Pct(t.Rate.P)}, float64(i), 0.6, tierColors[t.Tier])
		if err != nil {
			return nil, err
		}
		p.Add(b)
		if !seen[t.Tier] {
			seen[t.Tier] = true
			p.Legend.Add("tier "+t.Tier, b)
		}
		eb.Add(float64(i), stats.Pct(t.Rate.P), 100*t.Rate.Lo, 100*t.Rate.Hi)
		labels.XYs = append(labels.XYs, plotter.XY{X: float64(i), Y: 100 * t.Rate.Hi})
		labels.Labels = append(labels.Labels, format.Rate(t.Rate)+" "+t.Tier)
	}
	if len(eb.XYs) > 0 {
		e, err := chart.NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		l, err := chart.LabelsAbove(labels, 8)
		if err != nil {
			return nil, err
		}
		p.Add(e, l)
	}
	half, err := evenLine(-0.5, float64(len(tiers))-0.5, 50, false)
	if err != nil {
		return nil, err
	}
	p.Add(half)
	chart.NominalX(p, names)
	p.Y.Min, p.Y.Max = 0, 100
	return p, nil
}

// evenLine is a dashed grey line at value v across [from, to]: horizontal, or vertical when
// vertical is set.
func evenLine(from, to, v float64, vertical bool) (*plotter.Line, error) {
	xys := plotter.XYs{{X: from, Y: v}, {X: to, Y: v}}
	if vertical {
		xys = plotter.XYs{{X: v, Y: from}, {X: v, Y: to}}
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	l.LineStyle = draw.LineStyle{Color: color.Gray{Y: 20}, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	return l, nil
}

// chartCards are the cards the card chart shows: all when they are few, else the top and the
// bottom CardChartRows of the ranking (cards whose difference is known only); cut says some
// were left out.
func chartCards(cps []CardPower) (cards []CardPower, cut bool) {
	var known []CardPower
	for _, c := range cps {
		if !math.IsNaN(c.Diff) {
			known = append(known, c)
		}
	}
	if len(known) <= 2*CardChartRows {
		return known, false
	}
	return append(append([]CardPower{}, known[:CardChartRows]...), known[len(known)-CardChartRows:]...), true
}

// cardChartHeight is the card chart's height: 5.5 mm per card and 3 cm, at least 10 cm.
func cardChartHeight(rows int) vg.Length {
	return max(chart.DefaultHeight, vg.Length(rows)*5.5*vg.Millimeter+3*vg.Centimeter)
}

// cardsShown are the cards the card chart shows (chartCards).
func cardsShown(cps []CardPower) []CardPower {
	cards, _ := chartCards(cps)
	return cards
}
