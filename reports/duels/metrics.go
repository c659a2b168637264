package duels

import (
	"maps"
	"slices"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// Zelda Duels' selectors: a team (a data id, e.g. link), the opponent of a match-up, a card.
var (
	teamSel     = reports.Selector{Name: "team", Values: teamsInPlay}
	opponentSel = reports.Selector{Name: "opponent", Values: teamsInPlay}
	cardSel     = reports.Selector{Name: "card", Values: func(g *sim.Group) []string {
		if s := duelssim.Of(g); s != nil {
			return slices.Sorted(maps.Keys(s.Cards))
		}
		return nil
	}}
)

// The metrics of Zelda Duels besides the generic ones (win_rate: the first listed team's wins;
// seat_win_rate, no_winner_rate, mean_turns). Gates, CSV and the sweep charts know them by name.
var (
	// firstPlayerWinRate: games won by the player who played first (the winner of the
	// first-player roll, whatever his seat) / games.
	firstPlayerWinRate = &reports.Metric{Name: "first_player_win_rate", Gate: true,
		Rate:  func(g *sim.Group, _ reports.At) (int64, int64) { return place(g, 0) },
		Title: "First player's win rate", YLabel: "win rate (%)", Slug: "first-player-win-rate"}
	// teamWinRate (team): the team's wins / its seats, in groups whose teams all differ (a
	// mirror says nothing of a team's strength: no trials there).
	teamWinRate = &reports.Metric{Name: "team_win_rate", Needs: []string{"team"}, Gate: true, Rate: teamRate,
		Title: "Win rate of {team}", YLabel: "win rate (%)", Slug: "team-{team}-win-rate"}
	// teamMatrixWinRate (team): team_win_rate in two-player groups, added up over a match-up
	// matrix's groups whatever their teams and map (the tier list's rate; a gate picks a map
	// with params); the rows CSVTeamMatrixWinRate of report.csv.
	teamMatrixWinRate = &reports.Metric{Name: CSVTeamMatrixWinRate, Needs: []string{"team"}, Gate: true, Rate: matrixTeamRate,
		Pools: []string{ParamTeams, ParamMap}}
	// matchupWinRate (team, opponent): the team's wins / games in two-player groups of the team
	// against the opponent, whichever is listed first; for team = opponent, the mirror group's
	// first position's wins.
	matchupWinRate = &reports.Metric{Name: "matchup_win_rate", Needs: []string{"team", "opponent"}, Gate: true,
		Rate:  matchupRate,
		Title: "Win rate of {team} against {opponent}", YLabel: "win rate (%)", Slug: "matchup-{team}-{opponent}"}
	// firstOutRate (team): games in which one of the team's characters was the first eliminated
	// / games the team played a seat in.
	firstOutRate = &reports.Metric{Name: "first_out_rate", Needs: []string{"team"}, Gate: true, Rate: firstOut,
		Title: "{team} eliminated first", YLabel: "share of games (%)", Slug: "first-out-{team}"}
	// cardWinRate (card): the games its side won / the games it was played in (games whose teams
	// all differ).
	cardWinRate = &reports.Metric{Name: "card_win_rate", Needs: []string{"card"}, Gate: true,
		Rate: func(g *sim.Group, at reports.At) (int64, int64) {
			if s := duelssim.Of(g); s != nil && s.Cards[at["card"]] != nil {
				return s.Cards[at["card"]].GamesWon, s.Cards[at["card"]].Games
			}
			return 0, 0
		}}
	// triforceWinRate and clockWinRate: the seats that played such a card and won / the seats
	// that played one.
	triforceWinRate = &reports.Metric{Name: "triforce_win_rate", Gate: true,
		Rate: func(g *sim.Group, _ reports.At) (int64, int64) {
			if s := duelssim.Of(g); s != nil {
				return s.Triforce.Won, s.Triforce.Games
			}
			return 0, 0
		}}
	clockWinRate = &reports.Metric{Name: "clock_win_rate", Gate: true,
		Rate: func(g *sim.Group, _ reports.At) (int64, int64) {
			if s := duelssim.Of(g); s != nil {
				return s.Clock.Won, s.Clock.Games
			}
			return 0, 0
		}}
)

// metrics lists Duels' own metrics, those with a sweep chart first.
var metrics = []*reports.Metric{firstPlayerWinRate, teamWinRate, matchupWinRate, firstOutRate,
	cardWinRate, triforceWinRate, clockWinRate, teamMatrixWinRate}

// place returns the wins of the k-th player in turn order (0: the first) and the games.
func place(g *sim.Group, k int) (wins, games int64) {
	if s := duelssim.Of(g); s != nil && k < len(s.TurnOrderWins) {
		return s.TurnOrderWins[k], g.Episodes
	}
	return 0, 0
}

// teamRate is team_win_rate.
func teamRate(g *sim.Group, at reports.At) (k, n int64) {
	m := matchupOf(g)
	if !m.distinct() || !slices.Contains(m.inPlay, at["team"]) {
		return 0, 0
	}
	return teamWins(m, at["team"])
}

// matrixTeamRate is team_matrix_win_rate: teamRate in a two-player group.
func matrixTeamRate(g *sim.Group, at reports.At) (k, n int64) {
	if _, _, ok := matchupOf(g).duel(); !ok {
		return 0, 0
	}
	return teamRate(g, at)
}

// matchupRate is matchup_win_rate.
func matchupRate(g *sim.Group, at reports.At) (k, n int64) {
	m := matchupOf(g)
	a, b, ok := m.duel()
	t, o := at["team"], at["opponent"]
	if !ok || !(a == t && b == o || a == o && b == t) {
		return 0, 0
	}
	return m.winsOf(t)
}

// firstOut is first_out_rate.
func firstOut(g *sim.Group, at reports.At) (k, n int64) {
	if s := duelssim.Of(g); s != nil && s.Teams[at["team"]] != nil && s.Teams[at["team"]].Games > 0 {
		return s.Teams[at["team"]].FirstOut, g.Episodes
	}
	return 0, 0
}

// teamsInPlay lists the teams that played a seat of group g.
func teamsInPlay(g *sim.Group) []string { return matchupOf(g).inPlay }
