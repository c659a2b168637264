package duels

import (
	"slices"
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// seatChart is Zelda Duels' seat chart of a file with a match-up matrix (nil for another file,
// whose chart is the generic one): a matrix holds a group per match-up and map (220 for ten
// teams on four maps), too many for a bar and a legend entry each, so its groups are pooled per
// setting and player count: in each seat, the seat's wins over every match-up and map of the
// setting, with its Wilson 95% interval, and the games nobody won (reports.SeatWinRateChart of
// the pooled groups: one bar per setting and player count, a legend only when there are
// several).
func seatChart(res *sim.Results) (*chart.Chart, error) {
	sets := settings(res)
	if !slices.ContainsFunc(sets, (*setting).hasMatrix) {
		return nil, nil
	}
	pooled := &sim.Results{Game: res.Game}
	n, rotated := 0, true
	for _, s := range sets {
		index := map[int]*sim.Group{}
		for _, m := range s.Matchups {
			g := m.g
			if g.SeatWins == nil {
				continue
			}
			p := index[g.Players]
			if p == nil {
				rest := map[string]string{}
				for k, v := range g.Params {
					if k != ParamMap && k != ParamTeams {
						rest[k] = v
					}
				}
				p = &sim.Group{Players: g.Players, Agent: g.Agent, Strategies: g.Strategies, Params: rest,
					Seats: g.Seats, SeatWins: make([]int64, len(g.SeatWins))}
				index[g.Players] = p
				pooled.Groups = append(pooled.Groups, p)
			}
			n, rotated = n+1, rotated && g.Rotated
			p.Episodes, p.NoWinner = p.Episodes+g.Episodes, p.NoWinner+g.NoWinner
			for i, w := range g.SeatWins {
				if i < len(p.SeatWins) {
					p.SeatWins[i] += w
				}
			}
		}
	}
	if len(pooled.Groups) == 0 {
		return nil, nil
	}
	p, err := reports.SeatWinRateChart(pooled)
	if err != nil {
		return nil, err
	}
	p.Title.Text = reports.GroupsTitle(pooled, "Win rate by seat") + ", every match-up pooled"
	c := chart.NewChart(reports.ChartSeatWinRate, p)
	c.Caption = "In each seat, the share of games that seat won over every match-up and map pooled (" +
		strconv.Itoa(n) + " groups), with its Wilson 95% interval; the last bars are the games nobody won. "
	if rotated {
		c.Caption += "The seats were rotated, so every team and agent held each seat in turn: equal bars mean no seat is favoured."
	} else {
		c.Caption += "Equal bars mean no seat is favoured."
	}
	return c, nil
}
