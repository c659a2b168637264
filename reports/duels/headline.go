package duels

import (
	"fmt"
	"strings"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// This file is Zelda Duels' answer in one sentence (the report's headline) and its name for the
// command in the report's title: a match-up matrix answers with its tier list, a match-up with
// its teams' result, a sweep over the matrix with the team that moved most (sweep.go).

// headline is Duels' headline of res, in parts (reports.Headline joins them; nil: the generic
// one): a sweep over the matrix, the team whose rate moves most (sweepHeadline); a match-up
// matrix, the tier list's ends (tierHeadline); a run of a match-up (or a ladder of agents on
// it), the first listed team's wins against the others (matchupHeadline). A sensitivity file
// keeps the generic answer (the value that moves the matrix most).
func headline(res *sim.Results) []string {
	if len(res.Sensitivity) > 0 || len(res.Goals) > 0 || len(res.GameGoals) > 0 {
		return nil
	}
	if len(matrixSweepParams(res)) > 0 {
		return sweepHeadline(res)
	}
	if IsMatrix(res) {
		return tierHeadline(res)
	}
	if c := reports.Command(res); c == reports.CommandRun || c == reports.CommandLadder {
		return matchupHeadline(res)
	}
	return nil
}

// command is Duels' name of the command in the report's title: "match-up matrix" for a matrix
// (IsMatrix), "sweep over the match-up matrix", "sensitivity over the match-up matrix"; ""
// (reports.Command's name) for another file.
func command(res *sim.Results) string {
	switch {
	case !IsMatrix(res):
		return ""
	case len(res.Sensitivity) > 0:
		return "sensitivity over the match-up matrix"
	case len(matrixSweepParams(res)) > 0:
		return "sweep over the match-up matrix"
	case len(reports.Rungs(res)) > 1:
		return "match-up matrix (skill ladder)"
	}
	return "match-up matrix"
}

// tierHeadline is the tier list's answer, per setting: the first and the last team with their
// win rates over the matrix (their games against the other teams, maps pooled, mirrors left out)
// and tiers ("Link wins 61.3% [56.4-65.9] of its games against the other teams, the most (tier
// S), and Zelda the least, 38.8% [34.1-43.6] (tier D)"); a setting's label leads its part when
// the results hold several.
func tierHeadline(res *sim.Results) []string {
	names := namesOf(res)
	var parts []string
	for _, s := range settings(res) {
		var known []Tier
		for _, t := range s.tiers() {
			if t.Rate.Known() {
				known = append(known, t)
			}
		}
		if len(known) < 2 {
			continue
		}
		best, worst := known[0], known[len(known)-1]
		part := fmt.Sprintf("%s %s of its games against the other teams, the most (tier %s), and %s the least, %s (tier %s)",
			wins(names.of(best.Team)), format.RateInterval(best.Rate), best.Tier,
			names.of(worst.Team), format.RateInterval(worst.Rate), worst.Tier)
		if s.Label != "" {
			part = s.Label + ": " + part
		}
		parts = append(parts, part)
	}
	return parts
}

// matchupHeadline is the answer of a run of a match-up: the first listed team's wins against
// the teams of the other seats, named as people read them ("Link wins 69.1% [66.2-71.8] against
// Ganon"); with several agents on the same deals, its rate with each ("Link wins 2.7% [..]
// (random), 63.3% [..] (aggressive) against Ganon"); with several player counts, one part per
// count ("at 3 players ..."). Nil when a group does not name its teams.
func matchupHeadline(res *sim.Results) []string {
	type key struct {
		players int
		teams   string
	}
	var keys []key
	groups := map[key][]*sim.Group{}
	for _, g := range res.Groups {
		k := key{g.Players, g.Params[ParamTeams]}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], g)
	}
	ladder := len(reports.Rungs(res)) > 1
	counts := len(reports.PlayerCounts(res)) > 1
	names := namesOf(res)
	var parts []string
	for _, k := range keys {
		gs := groups[k]
		m := matchupOf(gs[0])
		seats := m.seatTeams()
		if len(seats) < 2 {
			return nil
		}
		var rates []string
		for _, g := range gs {
			r := format.RateInterval(stats.NewRate(g.Wins, g.Episodes))
			if ladder {
				r += " (" + reports.RungText(res.Game, g.Agent, g.Strategies) + ")"
			}
			rates = append(rates, r)
		}
		part := fmt.Sprintf("%s %s against %s", wins(subjectOf(names, seats)), strings.Join(rates, ", "), opponentsOf(names, seats))
		if counts {
			part = fmt.Sprintf("at %d players %s", k.players, part)
		}
		parts = append(parts, part)
	}
	return parts
}

// subjectOf names the first listed team of a line-up (seats: the team of each position) as the
// subject of the headline: "Link and Navi", or "the first listed Link and Navi" when the team
// plays another seat too (a mirror).
func subjectOf(names teamNames, seats []string) string {
	name := names.of(seats[0])
	for _, t := range seats[1:] {
		if t == seats[0] {
			return "the first listed " + name
		}
	}
	return name
}

// opponentsOf names the teams of the line-up's other positions, in order, a team that plays
// several seats once with its seats: "Ganon and the Wizrobes", "Ganon and the Wizrobes (2
// seats)".
func opponentsOf(names teamNames, seats []string) string {
	var order []string
	n := map[string]int{}
	for _, t := range seats[1:] {
		if n[t] == 0 {
			order = append(order, t)
		}
		n[t]++
	}
	list := make([]string, len(order))
	for i, t := range order {
		list[i] = names.of(t)
		if n[t] > 1 {
			list[i] += fmt.Sprintf(" (%d seats)", n[t])
		}
	}
	return format.JoinAnd(list)
}
