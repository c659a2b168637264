package duels

import (
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// rulesTable is how often the rules came into play, per game, in every group and over all of
// them.
func rulesTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Rules in play, per game", Header: []string{"group", "games", "heart rolls",
		"hand-limit discards", "heal actions", "reshuffles", "Triforce played", "Triforce triggered", "Clock played"}}
	t.Right = page.RightFrom(len(t.Header), 1)
	var all duelssim.RuleStats
	var games int64
	n := 0
	for _, g := range res.Groups {
		s := duelssim.Of(g)
		if s == nil {
			continue
		}
		t.Rows = append(t.Rows, rulesRow(lb.Label(g), s.Rules, g.Episodes))
		addRules(&all, s.Rules)
		games += g.Episodes
		n++
	}
	if n > 1 {
		t.Rows = append(t.Rows, rulesRow("all groups", all, games))
	}
	return t
}

// rulesRow is a row of the rules table.
func rulesRow(label string, r duelssim.RuleStats, games int64) []string {
	return []string{label, itoa(games), perGame(r.HeartRolls, games), perGame(r.HandLimitDiscards, games),
		perGame(r.HealActions, games), perGame(r.Reshuffles, games), perGame(r.TriforcePlayed, games),
		perGame(r.TriforceTriggered, games), perGame(r.ClockPlayed, games)}
}

// addRules adds the rule counts of b into a.
func addRules(a *duelssim.RuleStats, b duelssim.RuleStats) {
	a.HeartRolls += b.HeartRolls
	a.HandLimitDiscards += b.HandLimitDiscards
	a.HealActions += b.HealActions
	a.TriforcePlayed += b.TriforcePlayed
	a.TriforceTriggered += b.TriforceTriggered
	a.ClockPlayed += b.ClockPlayed
	a.Reshuffles += b.Reshuffles
}

// ffaTable is, for every group of 3 or 4 players, each team's seats, share of the wins and how
// often it was the first out (false without such groups).
func ffaTable(res *sim.Results) (page.Table, bool) {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Who is eliminated first", Header: []string{"group", "team", "seats", "wins",
		"win share of its seats", "95% interval", "first out", "95% interval"}}
	t.Right = page.RightFrom(len(t.Header), 2)
	for _, g := range res.Groups {
		s := duelssim.Of(g)
		if s == nil || g.Players < 3 {
			continue
		}
		for _, team := range matchupOf(g).inPlay {
			ts := s.Teams[team]
			w, f := stats.NewRate(ts.Wins, ts.Games), stats.NewRate(firstOut(g, reports.At{"team": team}))
			t.Rows = append(t.Rows, []string{lb.Label(g), team, itoa(ts.Games), itoa(ts.Wins), format.Rate(w),
				format.Interval(w), format.Rate(f), format.Interval(f)})
		}
	}
	return t, len(t.Rows) > 0
}
