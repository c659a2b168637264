package duels

import (
	"fmt"

	"github.com/clockworksim/clockwork/reports/chart"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// CardChart draws the top and bottom of a card-power ranking (chartCards) as horizontal bars:
// for each card, its side's win rate in the games it was played in minus its team's in the
// games it was not, in points, with the 95% interval (Newcombe) and a line at 0; the most
// winning card at the top, blue above 0 and vermillion below.
func CardChart(cps []CardPower) (*plot.Plot, error) {
	cards, cut := chartCards(cps)
	if len(cards) == 0 {
		return nil, fmt.Errorf("%w: no card played in a game whose teams all differ", chart.ErrNoData)
	}
	title := "Card power: win rate played minus not played"
	if cut {
		title = fmt.Sprintf("Card power: the top and bottom %d cards", CardChartRows)
	}
	p := chart.NewPlot(withLabel(title, cps[0].Setting), "win rate played - not played (points)", "")
	n := len(cards)
	rows := make([]string, n)
	var eb chart.XErrorBars
	lo, hi := 0.0, 0.0
	for i, c := range cards {
		y := float64(n - 1 - i) // the first card at the top
		rows[n-1-i] = cardLabel(c)
		col := aboveColor
		if c.Diff < 0 {
			col = belowColor
		}
		b, err := chart.NewBars([]float64{100 * c.Diff}, y, 0.6, col)
		if err != nil {
			return nil, err
		}
		b.Horizontal = true
		p.Add(b)
		eb.XYs = append(eb.XYs, plotter.XY{X: 100 * c.Diff, Y: y})
		eb.XErrors = append(eb.XErrors, struct{ Low, High float64 }{Low: 100 * (c.Diff - c.Lo), High: 100 * (c.Hi - c.Diff)})
		lo, hi = min(lo, 100*c.Lo), max(hi, 100*c.Hi)
	}
	e, err := chart.NewXErrorBars(eb)
	if err != nil {
		return nil, err
	}
	zero, err := evenLine(-0.5, float64(n)-0.5, 0, true)
	if err != nil {
		return nil, err
	}
	p.Add(e, zero)
	p.NominalY(rows...)
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.X.Min, p.X.Max = lo-2, hi+2
	return p, nil
}

// cardLabel names a card in the chart: "link_master_sword (link)".
func cardLabel(c CardPower) string {
	if c.Team == "" {
		return c.Card
	}
	return c.Card + " (" + c.Team + ")"
}
