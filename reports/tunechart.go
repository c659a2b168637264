package reports

import (
	"fmt"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// ChartConvergence is the name of tune's convergence chart (ConvergenceChart).
const ChartConvergence = "tune-convergence"

// ConvergenceChart draws a tune's search against the episodes it played: each candidate's
// summed miss as a dot where its play ended, and the best miss so far as a step line (what a
// designer watches fall to zero). Candidates whose data was refused or whose play an
// interruption stopped have no miss and no dot; their episodes still count.
func ConvergenceChart(trajectory []sim.Candidate, episodesNoun string) (*chart.Chart, error) {
	var dots, best plotter.XYs
	played, lowest := 0.0, 0.0
	for _, c := range trajectory {
		played += float64(c.Episodes)
		if c.Invalid != "" || c.Unfinished {
			continue
		}
		if len(best) == 0 || c.Miss < lowest {
			if len(best) > 0 {
				best = append(best, plotter.XY{X: played, Y: lowest})
			}
			lowest = c.Miss
			best = append(best, plotter.XY{X: played, Y: lowest})
		}
		dots = append(dots, plotter.XY{X: played, Y: c.Miss})
	}
	if len(dots) == 0 {
		return nil, fmt.Errorf("%w: no candidate was judged", chart.ErrNoData)
	}
	best = append(best, plotter.XY{X: played, Y: lowest})
	p := chart.NewPlot("The search: each candidate's miss and the best so far", episodesNoun+" played", "summed miss (metric units)")
	sc, err := plotter.NewScatter(dots)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: chart.Translucent(chart.SeriesColor(7), 0.8), Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
	line, err := plotter.NewLine(best)
	if err != nil {
		return nil, err
	}
	line.Color, line.Width = chart.SeriesColor(0), vg.Points(2)
	p.Add(sc, line)
	p.Legend.Add("a candidate", sc)
	p.Legend.Add("the best so far", line)
	p.Y.Min = 0
	c := chart.NewChart(ChartConvergence, p)
	c.Caption = "Every candidate plays the same episodes (common random numbers); a miss is how far " +
		"the gates' figures lie outside their bands, summed. The search stops where the line stays flat."
	return c, nil
}
