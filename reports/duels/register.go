// Package duels is Zelda Duels' part of the reports (imported as duelsreports): the match-up
// matrix per map and over all maps, the tier list, the first-player advantage, the map balance,
// the card power (and the worth of Triforce and Clock cards), the rules in play and, for
// free-for-all groups, who is eliminated first; its metrics (first_player_win_rate,
// team_win_rate, matchup_win_rate, first_out_rate, card_win_rate, triforce_win_rate,
// clock_win_rate) with the selectors team, opponent and card, and its rows of report.csv. It
// registers them with package reports from init, so that every writer of reports serves Zelda
// Duels' results files; a program that writes them imports it for that alone:
//
//	import _ "github.com/clockworksim/clockwork/reports/duels"
package duels

import (
	"slices"
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

func init() {
	reports.RegisterGame(reports.GameReport{
		Name:         duelssim.Name,
		ShortAnswer:  true,
		WinRateTitle: "Win rate of the first listed team",
		Metrics:      metrics,
		Selectors:    []reports.Selector{teamSel, opponentSel, cardSel},
		ParamTitles:  map[string]string{ParamMap: "map", ParamTeams: "teams"},
		Sections:     sections,
		Charts:       charts,
		CSVColumns:   []string{"seat", "team", "opponent", "card"},
		CSVRows:      csvRows,
		Headline:     headline,
	})
}

// csvRows are a group's rows of report.csv, in the columns seat, team, opponent and card:
//
//   - win_rate: the first listed team's wins / games;
//   - seat_win_rate (seat), no_winner_rate, mean_turns: reports.SeatRows;
//   - first_player_win_rate: the first player's wins / games;
//   - matchup_win_rate (team, opponent; two players): each team's wins / games, a mirror once;
//   - team_win_rate (team; teams all different): the team's wins / its seats;
//   - first_out_rate (team): games a character of the team was the first out / games;
//   - card_win_rate (card; every card played in a game whose teams all differ): games won by
//     its side / games it was played in;
//   - triforce_win_rate, clock_win_rate (teams all different): seats that played one and won /
//     seats that played one.
func csvRows(res *sim.Results, g *sim.Group) []reports.CSVRow {
	row := func(metric *reports.Metric, at reports.At) reports.CSVRow {
		return reports.CSVRow{Metric: metric, At: at, Columns: []string{"", at["team"], at["opponent"], at["card"]}}
	}
	rows := []reports.CSVRow{row(reports.MetricNamed(res.Game, "win_rate"), nil)}
	rows = append(rows, reports.SeatRows(res, g)...)
	rows = append(rows, row(firstPlayerWinRate, nil))
	m := matchupOf(g)
	if a, b, ok := m.duel(); ok {
		rows = append(rows, row(matchupWinRate, reports.At{"team": a, "opponent": b}))
		if a != b {
			rows = append(rows, row(matchupWinRate, reports.At{"team": b, "opponent": a}))
		}
	}
	for _, t := range m.inPlay {
		if m.distinct() {
			rows = append(rows, row(teamWinRate, reports.At{"team": t}))
		}
		rows = append(rows, row(firstOutRate, reports.At{"team": t}))
	}
	if s := duelssim.Of(g); s != nil && m.distinct() {
		for _, id := range sortedCards(s) {
			if s.Cards[id].Games > 0 {
				rows = append(rows, row(cardWinRate, reports.At{"card": id}))
			}
		}
		rows = append(rows, row(triforceWinRate, nil), row(clockWinRate, nil))
	}
	return rows
}

// sortedCards returns the card ids of s, sorted.
func sortedCards(s *duelssim.Stats) []string {
	ids := make([]string, 0, len(s.Cards))
	for id, c := range s.Cards {
		if c != nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// itoa formats a count.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }
