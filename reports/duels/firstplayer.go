package duels

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// ChartFirstPlayer is the name of FirstPlayerChart's chart.
const ChartFirstPlayer = "first-player"

// FirstPlayer is the first player's win rate over the groups of one player count.
type FirstPlayer struct {
	// Players is the player count of the groups pooled.
	Players int
	// Rate is the wins of the player who played first (the winner of the first-player roll,
	// whatever his seat) over the games, with its Wilson 95% interval.
	Rate stats.Rate
	// Even is the share of an even game, 1 / Players.
	Even float64
}

// FirstPlayers returns the first player's win rate of every player count of res, all its
// groups pooled, by player count.
func FirstPlayers(res *sim.Results) []FirstPlayer {
	var out []FirstPlayer
	for _, n := range reports.PlayerCounts(res) {
		var k, games int64
		for _, g := range res.Groups {
			if s := duelssim.Of(g); g.Players == n && s != nil && len(s.TurnOrderWins) > 0 {
				k, games = k+s.TurnOrderWins[0], games+g.Episodes
			}
		}
		if games > 0 {
			out = append(out, FirstPlayer{Players: n, Rate: stats.NewRate(k, games), Even: 1 / float64(n)})
		}
	}
	return out
}

// FirstPlayerChart draws the first player's win rate of every player count as bars with their
// Wilson 95% intervals and values, and a dashed mark at the even share 1 / players on each.
func FirstPlayerChart(fps []FirstPlayer) (*plot.Plot, error) {
	if len(fps) == 0 {
		return nil, fmt.Errorf("%w: no turn-order wins", chart.ErrNoData)
	}
	p := chart.NewPlot("First player's win rate, all groups pooled", "", "win rate (%)")
	var eb chart.ErrorBars
	var labels plotter.XYLabels
	names := make([]string, len(fps))
	top := 0.0
	for i, fp := range fps {
		names[i] = format.Players(fp.Players)
		b, err := chart.NewBars([]float64{stats.Pct(fp.Rate.P)}, float64(i), 0.5, chart.SeriesColor(0))
		if err != nil {
			return nil, err
		}
		p.Add(b)
		eb.Add(float64(i), stats.Pct(fp.Rate.P), 100*fp.Rate.Lo, 100*fp.Rate.Hi)
		labels.XYs = append(labels.XYs, plotter.XY{X: float64(i), Y: 100 * fp.Rate.Hi})
		labels.Labels = append(labels.Labels, format.Rate(fp.Rate)+" (n="+itoa(fp.Rate.N)+")")
		even, err := evenLine(float64(i)-0.35, float64(i)+0.35, 100*fp.Even, false)
		if err != nil {
			return nil, err
		}
		p.Add(even)
		if i == 0 {
			p.Legend.Add("first player", b)
			p.Legend.Add("even share", even)
		}
		top = max(top, 100*fp.Rate.Hi)
	}
	e, err := chart.NewErrorBars(eb)
	if err != nil {
		return nil, err
	}
	l, err := chart.LabelsAbove(labels, 9)
	if err != nil {
		return nil, err
	}
	p.Add(e, l)
	chart.NominalX(p, names)
	chart.PercentAxis(p, top*1.12)
	return p, nil
}
