// Package clue is CLUE: The Legend of Zelda's part of the reports (imported as cluereports): the
// first-player advantage (wins by place in the turn order), how games end, the Ganondorf risk,
// what each Boss and the personality cards are worth, the game's length; its metrics for gates
// and sweeps, its charts, sections and rows of report.csv. It registers them with package
// reports from init; a program that writes reports imports it for that alone:
//
//	import _ "github.com/clockworksim/clockwork/reports/clue"
package clue

import (
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	rules "github.com/clockworksim/clockwork/rules/clue"
	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// placeSel picks a place in the turn order (1: the first player).
var placeSel = reports.Selector{Name: "place", Min: 1, Max: rules.MaxPlayers, Short: "place %s"}

// The game's own metrics, after the generic ones (win_rate, seat_win_rate, no_winner_rate,
// mean_turns).
var (
	firstPlayer = &reports.Metric{Name: "first_player_win_rate", Gate: true,
		Rate:  func(g *sim.Group, _ reports.At) (int64, int64) { return placeWins(g, 1) },
		Title: "First player's win rate", YLabel: "win rate (%)", Slug: "first-player-win-rate"}
	placeRate = &reports.Metric{Name: "turn_order_win_rate", Needs: []string{"place"}, Gate: true,
		Rate:  func(g *sim.Group, at reports.At) (int64, int64) { return placeWins(g, at.Int("place")) },
		Title: "Win rate of the player in place {place}", YLabel: "win rate (%)", Slug: "place-{place}-win-rate"}
	ganonStruck = &reports.Metric{Name: "ganondorf_elimination_rate", Gate: true,
		Rate: func(g *sim.Group, _ reports.At) (int64, int64) {
			if s := cluesim.Of(g); s != nil {
				return s.GanondorfGames, g.Episodes
			}
			return 0, 0
		},
		Title: "Games in which Ganondorf put a player out", YLabel: "share of games (%)", Slug: "ganondorf-elimination"}
	ganonLoss = &reports.Metric{Name: "ganondorf_loss_rate", Gate: true,
		Rate:  func(g *sim.Group, _ reports.At) (int64, int64) { return endRate(g, "ganondorf") },
		Title: "Games lost to Ganondorf", YLabel: "share of games (%)", Slug: "ganondorf-loss"}
	wrongOut = &reports.Metric{Name: "wrong_accusation_rate", Gate: true,
		Rate: func(g *sim.Group, _ reports.At) (int64, int64) {
			if s := cluesim.Of(g); s != nil {
				return s.Eliminated[rules.OutNames[rules.OutWrongAccusation]], g.Episodes * int64(g.Players)
			}
			return 0, 0
		},
		Title: "Players out for a wrong accusation", YLabel: "share of players (%)", Slug: "wrong-accusation"}
	metrics = []*reports.Metric{firstPlayer, placeRate, ganonStruck, ganonLoss, wrongOut}
)

func init() {
	reports.RegisterGame(reports.GameReport{
		Name:        cluesim.Name,
		ShortAnswer: true,
		Capped: func(_ *sim.Results, g *sim.Group) (int64, bool) {
			if s := cluesim.Of(g); s != nil {
				return s.EndReasons["turn_cap"], true
			}
			return 0, false
		},
		Metrics:     metrics,
		Selectors:   []reports.Selector{placeSel},
		ParamTitles: map[string]string{"rules.ganondorf_cards": "Ganondorf cards"},
		Sections:    sections,
		Charts:      charts,
		CSVColumns:  []string{"seat", "place"},
		CSVRows:     csvRows,
	})
}

// placeWins are the wins of the player in place p of the turn order, of the group's games.
func placeWins(g *sim.Group, p int) (k, n int64) {
	s := cluesim.Of(g)
	if s == nil || p < 1 || p > len(s.TurnOrderWins) {
		return 0, 0
	}
	return s.TurnOrderWins[p-1], g.Episodes
}

// endRate is the share of the games that ended for reason.
func endRate(g *sim.Group, reason string) (k, n int64) {
	if s := cluesim.Of(g); s != nil {
		return s.EndReasons[reason], g.Episodes
	}
	return 0, 0
}

// csvRows are a group's rows of report.csv: the win rate, the generic seat rows, the win rate
// of every place in the turn order, the Ganondorf and wrong-accusation rates.
func csvRows(res *sim.Results, g *sim.Group) []reports.CSVRow {
	cols := func(place string) []string { return []string{"", place} }
	rows := []reports.CSVRow{{Metric: reports.MetricNamed(res.Game, "win_rate"), Columns: cols("")}}
	rows = append(rows, reports.SeatRows(res, g)...)
	if s := cluesim.Of(g); s != nil {
		for p := range s.TurnOrderWins {
			v := strconv.Itoa(p + 1)
			rows = append(rows, reports.CSVRow{Metric: placeRate, At: reports.At{"place": v}, Columns: cols(v)})
		}
	}
	return append(rows, reports.CSVRow{Metric: ganonStruck, Columns: cols("")},
		reports.CSVRow{Metric: ganonLoss, Columns: cols("")}, reports.CSVRow{Metric: wrongOut, Columns: cols("")})
}
