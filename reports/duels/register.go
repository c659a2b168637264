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
	"github.com/clockworksim/clockwork/reports/stats"
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
		CSVKeys:      csvKeys,
		CSVPooled:    csvPooled,
		Headline:     headline,
		Command:      command,
		SeatChart:    seatChart,
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

// The metrics of the rows of report.csv that pool a matrix's groups (csvPooled).
const (
	// CSVTeamMatrixWinRate (team, map): a team's wins / games over all its match-ups against the
	// other teams (mirrors left out), on one map or all maps pooled: the tier list's rate.
	CSVTeamMatrixWinRate = "team_matrix_win_rate"
	// CSVMatrixMatchupWinRate (team, opponent, map all): a cell of the matrix pooled over all
	// maps, the team's wins / games against the opponent (the mirror's first position for team =
	// opponent).
	CSVMatrixMatchupWinRate = "matrix_matchup_win_rate"
	// CSVMetaWeight (team, map all): the team's weight in the meta (Metas), lo95 and hi95 its
	// bootstrap percentile interval, n the resamples.
	CSVMetaWeight = "meta_weight"
	// CSVMetaSupportRate (team, map all): the share of the resamples whose equilibrium plays the
	// team, with its Wilson interval, n the resamples.
	CSVMetaSupportRate = "meta_support_rate"
	// CSVNashAverage (team, map all): the team's Nash average, its expected P(win) - P(loss)
	// against the meta's mix (a fraction in [-1, 1]), lo95 and hi95 its bootstrap percentile
	// interval, n the resamples.
	CSVNashAverage = "nash_average"
	// CSVAllMaps is the map column of a row pooled over all maps.
	CSVAllMaps = "all"
)

// csvKeys are the params keys with a column of their own in report.csv: the map of a match-up
// matrix (IsMatrix), so that its rows over the matrix can name theirs ("all" for all maps);
// none for another file, whose columns stay as they were.
func csvKeys(res *sim.Results) []string {
	if IsMatrix(res) {
		return []string{ParamMap}
	}
	return nil
}

// csvPooled are the rows of report.csv of a match-up matrix (IsMatrix) that pool its groups,
// for every setting (players 2, its agent, its params other than the map and the teams), in
// the columns map, seat, team, opponent and card:
//
//   - team_matrix_win_rate (team, map all): every team's rate over the matrix, in tier-list
//     order; then with two maps or more the same on each map (map its id);
//   - matrix_matchup_win_rate (team, opponent, map all): every cell of the matrix pooled over
//     all maps, rows and columns in tier-list order (a pair never played: no value, n 0);
//   - meta_weight, then meta_support_rate, then nash_average (team, map all): the meta (Metas),
//     a row per team in the meta's order (none when it cannot be computed).
//
// Nil for another file.
func csvPooled(res *sim.Results) []reports.CSVLine {
	if !IsMatrix(res) {
		return nil
	}
	var out []reports.CSVLine
	for i, s := range settings(res) {
		g := s.Matchups[0].g
		rest := map[string]string{}
		for k, v := range g.Params {
			if k != ParamMap && k != ParamTeams {
				rest[k] = v
			}
		}
		line := func(metric, mapID, team, opponent string, r stats.Rate) reports.CSVLine {
			return reports.CSVLine{Metric: metric, Players: 2, Agent: reports.RungText(res.Game, g.Agent, g.Strategies),
				Params: sim.ParamsText(rest), Keys: []string{mapID}, Columns: []string{"", team, opponent, ""}, Rate: r, Unit: "fraction"}
		}
		for _, t := range s.tiers() {
			out = append(out, line(CSVTeamMatrixWinRate, CSVAllMaps, t.Team, "", t.Rate))
		}
		ids := s.mapIDs()
		if len(ids) > 1 {
			mbs := s.mapBalance(ids)
			for i, id := range ids {
				for _, mb := range mbs {
					out = append(out, line(CSVTeamMatrixWinRate, id, mb.Team, "", mb.Rates[i]))
				}
			}
		}
		all := s.matrix(s.matrixTeams(), "", true)
		for r, row := range all.Teams {
			for c, col := range all.Teams {
				out = append(out, line(CSVMatrixMatchupWinRate, CSVAllMaps, row, col, all.Cells[r][c].Rate))
			}
		}
		metas, _ := s.meta(res.Seed, uint64(i)) // an error leaves the rows out; the charts report it
		for _, m := range metas {
			out = append(out, line(CSVMetaWeight, CSVAllMaps, m.Team, "", stats.Rate{N: m.Support.N, P: m.Weight, Lo: m.WeightLo, Hi: m.WeightHi}))
		}
		for _, m := range metas {
			out = append(out, line(CSVMetaSupportRate, CSVAllMaps, m.Team, "", m.Support))
		}
		for _, m := range metas {
			out = append(out, line(CSVNashAverage, CSVAllMaps, m.Team, "", stats.Rate{N: m.Support.N, P: m.Payoff, Lo: m.PayoffLo, Hi: m.PayoffHi}))
		}
	}
	return out
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
