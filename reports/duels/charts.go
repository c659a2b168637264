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
// win rate and the first player's; a sweep over the matrix: every team's win rate over it); for
// a match-up matrix (IsMatrix) each setting's tier list, its answer, and each setting's meta; then the match-up matrices
// (all maps first) or, without a matrix, the win rate of every group; then the first player's
// win rate by player count; then each setting's tier list (unless it came first), map balance
// and card power.
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
	sets := settings(res)
	matrix := IsMatrix(res)
	if matrix { // the answer: the tier list first, then the meta
		for _, s := range sets {
			cs, err := s.tierCharts()
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
		}
		cs, err := metaCharts(res)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
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
	for _, s := range sets {
		var cs []*chart.Chart
		if !matrix {
			if cs, err = s.tierCharts(); err != nil {
				return nil, err
			}
		}
		more, err := s.charts()
		if err != nil {
			return nil, err
		}
		out = append(append(out, cs...), more...)
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
	{ChartTiers, "Teams sorted by win rate over all their duels, the highest at the top, coloured by tier, " +
		"each whisker the Wilson 95% interval, with the rate and tier in the column on the right; the dashed " +
		"line is 50%."},
	{ChartMeta, "Each bar is a team's weight in the Nash equilibrium of the team choice (the mix no team beats " +
		"on average, of maximum entropy), its whisker the bootstrap 95% interval; in brackets the share of " +
		"resamples whose equilibrium plays the team. A grey team is not played: it loses to the meta."},
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

// addChart appends the chart name of plot p (err: the plot's error) to out, at least height
// high; a plot without data (chart.ErrNoData) is left out.
func addChart(out *[]*chart.Chart, name string, p *plot.Plot, height vg.Length, err error) error {
	switch {
	case errors.Is(err, chart.ErrNoData):
		return nil
	case err != nil:
		return fmt.Errorf("chart %s: %w", name, err)
	}
	c := chart.NewChart(name, p)
	c.Height = max(c.Height, height)
	*out = append(*out, c)
	return nil
}

// tierCharts is one setting's tier-list chart (none without two-player match-ups).
func (s *setting) tierCharts() ([]*chart.Chart, error) {
	var out []*chart.Chart
	tiers := s.tiers()
	p, err := TierChart(tiers)
	return out, addChart(&out, tierChartName(s.Label), p, tierChartHeight(len(tiers)), err)
}

// charts are one setting's map balance and card power charts (those it has data for).
func (s *setting) charts() ([]*chart.Chart, error) {
	var out []*chart.Chart
	if ids := s.mapIDs(); len(ids) > 1 {
		h := mapHeat(s.mapBalance(ids))
		p, err := h.plot(withLabel("Win rate by map", s.Label), "map", "team")
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", mapChartName(s.Label), err)
		}
		out = append(out, h.chart(mapChartName(s.Label), p))
	}
	cps := s.cardPowers()
	p, err := CardChart(cps)
	return out, addChart(&out, cardChartName(s.Label), p, cardChartHeight(len(cardsShown(cps))), err)
}

// metaCharts are the meta's charts of every setting of a match-up matrix (MetaChart).
func metaCharts(res *sim.Results) ([]*chart.Chart, error) {
	metas, err := Metas(res)
	if err != nil {
		return nil, err
	}
	var out []*chart.Chart
	for _, ms := range metaSettings(metas) {
		p, err := MetaChart(ms)
		if err := addChart(&out, metaChartName(ms[0].Setting), p, tierChartHeight(len(ms)), err); err != nil {
			return nil, err
		}
	}
	return out, nil
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

// tierOrder lists the tiers, strongest first (the order of the tier chart's legend).
var tierOrder = []string{TierS, TierA, TierB, TierC, TierD}

// tierLabelRoom is the room the tier chart keeps right of 100% for its column of labels, in
// points of win rate.
const tierLabelRoom = 18

// tierRow is one team's row of the tier chart: its name as people read it, its row (y: the
// first team at the top), its tier and rate, and its label ("61.3% S", "" without games) at
// x = LabelX, in the column right of 100%.
type tierRow struct {
	Name, Tier, Label string
	Y, LabelX         float64
	Rate              stats.Rate
}

// tierRows lays out the rows of the tier chart of tiers.
func tierRows(tiers []Tier) []tierRow {
	out := make([]tierRow, len(tiers))
	for i, t := range tiers {
		out[i] = tierRow{Name: TeamName(t.Team), Tier: t.Tier, Y: float64(len(tiers) - 1 - i), LabelX: 100, Rate: t.Rate}
		if t.Rate.Known() {
			out[i].Label = format.Rate(t.Rate) + " " + t.Tier
		}
	}
	return out
}

// TierChart draws a tier list as horizontal bars, one row per team (named as people read it,
// TeamName), the highest win rate at the top, coloured by tier, with the Wilson 95% interval as
// a whisker on each bar, a dashed line at 50%, and the rate and tier of each team in a column of
// its own right of 100% (tierRows: so that no label meets another, a whisker or the line at 50%).
func TierChart(tiers []Tier) (*plot.Plot, error) {
	if len(tiers) == 0 {
		return nil, fmt.Errorf("%w: no two-player match-up", chart.ErrNoData)
	}
	p := chart.NewPlot(withLabel("Tier list: win rate over all match-ups", tiers[0].Setting), "win rate (%)", "")
	n := len(tiers)
	names := make([]string, n)
	var eb chart.XErrorBars
	var labels plotter.XYLabels
	legend := map[string]plot.Thumbnailer{}
	for _, r := range tierRows(tiers) {
		names[int(r.Y)] = r.Name
		if !r.Rate.Known() {
			continue
		}
		b, err := chart.NewBars([]float64{stats.Pct(r.Rate.P)}, r.Y, 0.6, tierColors[r.Tier])
		if err != nil {
			return nil, err
		}
		b.Horizontal = true
		p.Add(b)
		if legend[r.Tier] == nil {
			legend[r.Tier] = b
		}
		eb.Add(r.Y, stats.Pct(r.Rate.P), 100*r.Rate.Lo, 100*r.Rate.Hi)
		labels.XYs = append(labels.XYs, plotter.XY{X: r.LabelX, Y: r.Y})
		labels.Labels = append(labels.Labels, r.Label)
	}
	for _, tier := range tierOrder {
		if b := legend[tier]; b != nil {
			p.Legend.Add("tier "+tier, b)
		}
	}
	half, err := evenLine(-0.5, float64(n)-0.5, 50, true)
	if err != nil {
		return nil, err
	}
	p.Add(half)
	if len(eb.XYs) > 0 {
		e, err := chart.NewXErrorBars(eb)
		if err != nil {
			return nil, err
		}
		l, err := chart.PlacedLabels(labels, chart.TextStyle(8.5, draw.XLeft, draw.YCenter), vg.Point{X: vg.Points(6)})
		if err != nil {
			return nil, err
		}
		p.Add(e, l)
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.X.Min, p.X.Max = 0, 100+tierLabelRoom
	p.X.Tick.Marker = plot.ConstantTicks(chart.PlainTicks(false).Ticks(0, 100)) // no tick over the labels
	return p, nil
}

// tierChartHeight is the tier chart's height: 7 mm per team and 3.5 cm, at least 10 cm.
func tierChartHeight(teams int) vg.Length {
	return max(chart.DefaultHeight, vg.Length(teams)*7*vg.Millimeter+3.5*vg.Centimeter)
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
