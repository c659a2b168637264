package clue

import (
	"fmt"

	"gonum.org/v1/plot"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// The names of CLUE's charts (their files: NAME.png, NAME.svg).
const (
	ChartTurnOrder = "turn-order"     // win rate by place in the turn order, with intervals
	ChartLength    = "game-length"    // games by length in turns
	ChartGanondorf = "ganondorf-risk" // games Ganondorf struck, and lost to him
)

// charts are CLUE's charts in report order: the sweep charts of a sweep, the turn order (the
// first-player advantage: the answer to "who wins?"), the win rate, the length, Ganondorf.
func charts(res *sim.Results) ([]*chart.Chart, error) {
	ms := []string{"win_rate", "no_winner_rate", "mean_turns", firstPlayer.Name, ganonStruck.Name, ganonLoss.Name, wrongOut.Name}
	out, err := reports.SweepCharts(res, ms)
	if err != nil {
		return nil, err
	}
	for _, c := range []struct {
		name, caption string
		fn            func(*sim.Results) (*plot.Plot, error)
	}{
		{ChartTurnOrder, "Each bar is the win rate of one place in the turn order with its Wilson " +
			"95% interval; equal bars mean no seat is favoured, a falling row a first-player advantage.", turnOrderChart},
		{ChartLength, "The share of the games that lasted each number of turns (every player's turn " +
			"counted); the axis ends at the longest group's 99th percentile.", lengthChart},
		{ChartGanondorf, "The share of the games in which Ganondorf put a player out, and of those " +
			"lost to him, with their intervals.", ganondorfChart},
	} {
		p, err := c.fn(res)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", c.name, err)
		}
		chart := chart.NewChart(c.name, p)
		chart.Caption = c.caption
		out = append(out, chart)
		if c.name == ChartTurnOrder {
			wr, err := reports.WinRateChartOf(res)
			if err != nil {
				return nil, err
			}
			out = append(out, wr)
		}
	}
	return out, nil
}

// groupBars draws, for every group, one bar per x position (values and intervals from rate), as
// grouped bars with Wilson 95% interval bars; it returns the highest interval end.
func groupBars(p *plot.Plot, res *sim.Results, xs int, rate func(g *sim.Group, x int) stats.Rate) (float64, error) {
	lb := reports.NewLabeller(res)
	ng := len(res.Groups)
	width := 0.8 / float64(ng)
	var eb chart.ErrorBars
	top := 0.0
	for gi, g := range res.Groups {
		off := (float64(gi) - float64(ng-1)/2) * width
		vals := make([]float64, xs)
		for x := range xs {
			r := rate(g, x)
			if !r.Known() {
				continue
			}
			vals[x] = stats.Pct(r.P)
			eb.Add(float64(x)+off, stats.Pct(r.P), 100*r.Lo, 100*r.Hi)
			top = max(top, 100*r.Hi)
		}
		b, err := chart.NewBars(vals, off, width*0.9, chart.SeriesColor(gi))
		if err != nil {
			return 0, err
		}
		p.Add(b)
		if ng > 1 {
			p.Legend.Add(lb.Label(g), b)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := chart.NewErrorBars(eb)
		if err != nil {
			return 0, err
		}
		p.Add(e)
	}
	return top, nil
}

// turnOrderChart draws the win rate of every place in the turn order, per group, as bars with
// Wilson 95% interval bars.
func turnOrderChart(res *sim.Results) (*plot.Plot, error) {
	places := 0
	for _, g := range res.Groups {
		if s := cluesim.Of(g); s != nil {
			places = max(places, len(s.TurnOrderWins))
		}
	}
	if places == 0 {
		return nil, fmt.Errorf("%w: no turn-order counts", chart.ErrNoData)
	}
	p := chart.NewPlot(reports.GroupsTitle(res, "First-player advantage: win rate by place in the turn order"), "place in the turn order", "win rate (%)")
	top, err := groupBars(p, res, places, func(g *sim.Group, x int) stats.Rate { return stats.NewRate(placeWins(g, x+1)) })
	if err != nil {
		return nil, err
	}
	names := make([]string, places)
	for i := range names {
		names[i] = placeName(i + 1)
	}
	chart.NominalX(p, names)
	chart.PercentAxis(p, top)
	return p, nil
}

// ganondorfChart draws, per group, the share of the games Ganondorf struck (put a player out)
// and of the games lost to him, with intervals.
func ganondorfChart(res *sim.Results) (*plot.Plot, error) {
	p := chart.NewPlot(reports.GroupsTitle(res, "Ganondorf's risk"), "", "share of games (%)")
	top, err := groupBars(p, res, 2, func(g *sim.Group, x int) stats.Rate {
		if x == 0 {
			return stats.NewRate(ganonStruck.Rate(g, nil))
		}
		return stats.NewRate(ganonLoss.Rate(g, nil))
	})
	if err != nil {
		return nil, err
	}
	chart.NominalX(p, []string{"games he put a player out", "games lost to him"})
	chart.PercentAxis(p, max(top, 1))
	return p, nil
}

// lengthChart draws the games by length in turns (every player's turn counted), one step line
// per group, as shares, the axis ending where the longest group's 99th percentile does.
func lengthChart(res *sim.Results) (*plot.Plot, error) {
	lb := reports.NewLabeller(res)
	p := chart.NewPlot(reports.GroupsTitle(res, "Game length"), "turns (every player's turn counted)", "share of games (%)")
	last := 1
	for _, g := range res.Groups {
		if len(g.TurnsHist) > 0 {
			last = max(last, int(stats.HistQuantile(g.TurnsHist, 0.99))+1)
		}
	}
	for gi, g := range res.Groups {
		if len(g.TurnsHist) == 0 {
			continue
		}
		ys := stats.Shares(nil, g.TurnsHist)
		for i := range ys {
			ys[i] *= 100
		}
		l, err := chart.StepLine(ys, min(last, len(ys)-1), chart.SeriesColor(gi), chart.Dashes(gi))
		if err != nil {
			return nil, err
		}
		p.Add(l)
		if len(res.Groups) > 1 {
			p.Legend.Add(lb.Label(g), l)
		}
	}
	p.X.Min, p.X.Max = 0, float64(last)
	p.Y.Min = 0
	return p, nil
}
