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
// designer watches fall to zero). A candidate the race dropped is a cross at its miss on the
// batches it played (never the best). Candidates whose data was refused or whose play an
// interruption stopped have no miss and no dot; their episodes still count.
func ConvergenceChart(trajectory []sim.Candidate, episodesNoun string) (*chart.Chart, error) {
	var dots, dropped, best plotter.XYs
	played, lowest := 0.0, 0.0
	for _, c := range trajectory {
		played += float64(c.Episodes)
		if c.Invalid != "" || c.Unfinished {
			continue
		}
		if c.Dropped {
			dropped = append(dropped, plotter.XY{X: played, Y: c.Miss})
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
	if len(dropped) > 0 {
		dr, err := plotter.NewScatter(dropped)
		if err != nil {
			return nil, err
		}
		dr.GlyphStyle = draw.GlyphStyle{Color: chart.SeriesColor(3), Radius: vg.Points(3), Shape: draw.CrossGlyph{}}
		p.Add(dr)
		p.Legend.Add("dropped by the race", dr)
	}
	p.Legend.Add("the best so far", line)
	p.Y.Min = 0
	c := chart.NewChart(ChartConvergence, p)
	c.Caption = "Every candidate plays the same episodes (common random numbers); a miss is how far " +
		"the gates' figures lie outside their bands, summed. The search stops where the line stays flat."
	if len(dropped) > 0 {
		c.Caption += " A cross is a candidate the race stopped early, worse than the best so far on the batches it played."
	}
	return c, nil
}

// ChartPareto is the name of tune's Pareto chart (ParetoChart).
const ChartPareto = "tune-pareto"

// ParetoChart draws what each size of change can do: every judged candidate as a dot at its
// number of values changed and its worst miss (the farthest any one gate lies outside its
// band), and the front, the lowest worst miss that so many changes or fewer reach, as a step
// line. Where the front reaches 0, that many changes suffice on the search's episodes.
func ParetoChart(trajectory []sim.Candidate) (*chart.Chart, error) {
	dots, front := paretoPoints(trajectory)
	if len(dots) == 0 {
		return nil, fmt.Errorf("%w: no candidate was judged", chart.ErrNoData)
	}
	most := front[len(front)-1].X
	p := chart.NewPlot("What each size of change can do", "values changed", "worst miss (metric units)")
	sc, err := plotter.NewScatter(dots)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: chart.Translucent(chart.SeriesColor(7), 0.6), Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
	line, err := plotter.NewLine(front)
	if err != nil {
		return nil, err
	}
	line.StepStyle, line.Color, line.Width = plotter.PostStep, chart.SeriesColor(0), vg.Points(2)
	p.Add(sc, line)
	p.Legend.Add("a candidate", sc)
	p.Legend.Add("the lowest worst miss, so many changes or fewer", line)
	p.Y.Min, p.X.Min, p.X.Max = 0, -0.5, most+0.5
	c := chart.NewChart(ChartPareto, p)
	c.LegendBelow = true
	c.FitLegend()
	c.Caption = "A candidate's worst miss is how far its farthest gate lies outside its band, on the search's episodes."
	return c, nil
}

// paretoPoints are the judged candidates of a trajectory (not those the race dropped) at their number of changes and worst
// miss, and the front: for each number of changes played, the lowest worst miss that so many
// changes or fewer reach.
func paretoPoints(trajectory []sim.Candidate) (dots, front plotter.XYs) {
	lowest := map[int]float64{}
	most := 0
	for _, c := range trajectory {
		if c.Invalid != "" || c.Unfinished || c.Dropped {
			continue
		}
		worst := 0.0
		for _, m := range c.Misses {
			worst = max(worst, m)
		}
		k := len(c.Edits)
		dots = append(dots, plotter.XY{X: float64(k), Y: worst})
		if w, ok := lowest[k]; !ok || worst < w {
			lowest[k] = worst
		}
		most = max(most, k)
	}
	for k := 0; k <= most; k++ {
		w, ok := lowest[k]
		if !ok {
			continue
		}
		if n := len(front); n > 0 && front[n-1].Y <= w {
			w = front[n-1].Y // fewer changes already reach lower
		}
		front = append(front, plotter.XY{X: float64(k), Y: w})
	}
	return dots, front
}
