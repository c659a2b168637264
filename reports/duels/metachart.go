package duels

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
)

// ChartMeta is the base name of the meta's chart (MetaChart), one per setting.
const ChartMeta = "meta"

// metaChartName is the name of a setting's meta chart.
func metaChartName(setting string) string { return withSetting(ChartMeta, setting) }

// metaLabelRoom is the room the meta chart keeps right of 100% for its column of labels, in
// points of weight.
const metaLabelRoom = 24

// metaColors are the bars of the teams the equilibrium plays and of the others (whose bar is
// empty, and whose whisker shows how far the resamples took them).
var metaColors = [2]struct {
	legend string
	index  int
}{{"played by the equilibrium", 0}, {"not played", 7}}

// metaLabel is a team's label on the meta chart: its weight and, in brackets, the share of
// resamples that play it ("37.2% (99%)").
func metaLabel(m MetaTeam) string {
	return fmt.Sprintf("%s (%s)", format.Pct(m.Weight), format.PctShort(m.Support.P))
}

// MetaChart draws one setting's meta (Metas) as horizontal bars, a row per team in the meta's
// order (the highest Nash average, then weight, at the top), each bar the team's weight in the
// equilibrium with its bootstrap 95% interval as a whisker (none when every resample gives the
// same weight), coloured by whether the
// equilibrium plays the team, and each team's weight and share of resamples that play it in a
// column of their own right of 100% (as TierChart's).
func MetaChart(metas []MetaTeam) (*plot.Plot, error) {
	if len(metas) == 0 {
		return nil, fmt.Errorf("%w: no match-up matrix", chart.ErrNoData)
	}
	p := chart.NewPlot(withLabel("Meta: the Nash equilibrium of the team choice", metas[0].Setting), "weight in the equilibrium (%)", "")
	n := len(metas)
	names := make([]string, n)
	var eb chart.XErrorBars
	var labels plotter.XYLabels
	legend := [2]plot.Thumbnailer{}
	for i, m := range metas {
		y := float64(n - 1 - i)
		names[int(y)] = TeamName(m.Team)
		kind := 0
		if m.Weight <= 0 {
			kind = 1
		}
		b, err := chart.NewBars([]float64{100 * m.Weight}, y, 0.6, chart.SeriesColor(metaColors[kind].index))
		if err != nil {
			return nil, err
		}
		b.Horizontal = true
		p.Add(b)
		if legend[kind] == nil {
			legend[kind] = b
		}
		if m.WeightHi > m.WeightLo { // no whisker for a weight every resample agrees on
			eb.Add(y, 100*m.Weight, 100*m.WeightLo, 100*m.WeightHi)
		}
		labels.XYs = append(labels.XYs, plotter.XY{X: 100, Y: y})
		labels.Labels = append(labels.Labels, metaLabel(m))
	}
	for k, th := range legend {
		if th != nil {
			p.Legend.Add(metaColors[k].legend, th)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := chart.NewXErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	l, err := chart.PlacedLabels(labels, chart.TextStyle(8.5, draw.XLeft, draw.YCenter), vg.Point{X: vg.Points(6)})
	if err != nil {
		return nil, err
	}
	p.Add(l)
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.X.Min, p.X.Max = 0, 100+metaLabelRoom
	p.X.Tick.Marker = plot.ConstantTicks(chart.PlainTicks(false).Ticks(0, 100)) // no tick over the labels
	return p, nil
}
