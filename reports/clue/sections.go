package clue

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	rules "github.com/clockworksim/clockwork/rules/clue"
	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// sections are CLUE's parts of the report, the answer to "who wins?" first: the turn order, the
// win rate of the judged agent, how games end, Ganondorf, the Bosses and personality cards.
func sections(res *sim.Results, charts []string) []page.Section {
	has := func(name string) []string {
		if slices.Contains(charts, name) {
			return []string{name}
		}
		return nil
	}
	return []page.Section{
		{Title: "Who wins: the turn order",
			Text: "Wins of the player who played first (the highest roller, whatever his seat), second, and so on, " +
				"as a share of the games, with Wilson 95% intervals: the first-player advantage. With --rotate every " +
				"deal is played from every seat, so the agents' own strength cancels out of the seats.",
			Charts: has(ChartTurnOrder), Tables: []page.Table{turnOrderTable(res)}},
		{Title: "Win rate",
			Text:   "Share of the games won by the line-up's first agent, wherever it sat, with its Wilson 95% interval.",
			Charts: has(reports.ChartWinRate), Tables: []page.Table{reports.WinRateTable(res)}},
		{Title: "How games end",
			Text: "Every game ends with a right accusation (a winner), with every player out (all accused wrongly, or " +
				"Ganondorf put the last ones out), with the game lost to Ganondorf (the card text's reading, a data " +
				"setting), or at the turn cap. Shares of the games, and the game's length.",
			Charts: has(ChartLength), Tables: []page.Table{endTable(res)}},
		{Title: "Knowing and winning",
			Text: "With --knowledge, an exact notebook follows every seat's log, whatever agent plays it: the turn at which " +
				"some player could first know the envelope, and the turns the winner took from the moment he could know to " +
				"his winning accusation (the walk to Hyrule Castle and the dice). A game won by a player who could not " +
				"know was a lucky accusation.",
			Tables: []page.Table{knowledgeTable(res)}},
		{Title: "Ganondorf",
			Text: "How often Ganondorf strikes: the games in which he put a player out, the players he put out per game, " +
				"and the players out for a wrong accusation (of all the players), with Wilson 95% intervals.",
			Charts: has(ChartGanondorf), Tables: []page.Table{ganonTable(res)}},
		{Title: "What the powers are worth",
			Text: "For each Boss card and for the personality cards: the share of the games in which it was played, and " +
				"the share of those won by the player who played it, with its Wilson 95% interval. A fair share is " +
				"1 / players; a power whose interval lies above it is worth having (or is played by the winning side).",
			Tables: []page.Table{powerTable(res)}},
	}
}

// turnOrderTable is the win rate of every place in the turn order, per group.
func turnOrderTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Wins by place in the turn order",
		Header: []string{"group", "place", "wins", "games", "win rate", "95% interval"},
		Right:  []bool{false, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		for p, n := range s.TurnOrderWins {
			r := stats.NewRate(n, g.Episodes)
			t.Rows = append(t.Rows, []string{lb.Label(g), placeName(p + 1), strconv.FormatInt(n, 10),
				strconv.FormatInt(g.Episodes, 10), format.Rate(r), format.Interval(r)})
		}
	}
	return t
}

// placeName is "1st", "2nd", ...
func placeName(p int) string {
	suffix := "th"
	switch p {
	case 1:
		suffix = "st"
	case 2:
		suffix = "nd"
	case 3:
		suffix = "rd"
	}
	return strconv.Itoa(p) + suffix
}

// endTable is the share of the games by how they ended, per group, and their length.
func endTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "How games end",
		Header: []string{"group", "accused", "all out", "lost to Ganondorf", "turn cap", "mean turns (± SE)", "median"},
		Right:  []bool{false, true, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		share := func(k string) string {
			r := stats.NewRate(s.EndReasons[k], g.Episodes)
			return format.Rate(r) + " [" + format.Interval(r) + "]"
		}
		h := stats.Summarize(g.TurnsHist)
		t.Rows = append(t.Rows, []string{lb.Label(g), share("accused"), share("all_wrong"), share("ganondorf"), share("turn_cap"),
			format.Mean(h, 2), fmt.Sprintf("%.0f", stats.NanZero(h.Median))})
	}
	return t
}

// ganonTable is the Ganondorf risk per group.
func ganonTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Ganondorf's risk",
		Header: []string{"group", "games he struck", "95% interval", "players out to him per game", "out for a wrong accusation", "95% interval"},
		Right:  []bool{false, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		struck := stats.NewRate(s.GanondorfGames, g.Episodes)
		wrong := stats.NewRate(s.Eliminated[rules.OutNames[rules.OutWrongAccusation]], g.Episodes*int64(g.Players))
		per := 0.0
		if g.Episodes > 0 {
			per = float64(s.Eliminated[rules.OutNames[rules.OutGanondorf]]) / float64(g.Episodes)
		}
		t.Rows = append(t.Rows, []string{lb.Label(g), format.Rate(struck), format.Interval(struck),
			fmt.Sprintf("%.3f", per), format.Rate(wrong), format.Interval(wrong)})
	}
	return t
}

// powerTable is, for every group, each Boss and the personality cards: the games it was played
// in and the share of those its player won.
func powerTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Boss and personality powers",
		Header: []string{"group", "power", "played in", "won by its player", "95% interval", "fair share"},
		Right:  []bool{false, false, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		fair := format.Pct(1 / float64(g.Players))
		row := func(name string, p cluesim.PowerStat, of int64) {
			used := stats.NewRate(p.Used, of)
			won := stats.NewRate(p.ByWinner, p.Used)
			t.Rows = append(t.Rows, []string{lb.Label(g), name, format.Rate(used), format.Rate(won), format.Interval(won), fair})
		}
		row("personality (per player)", s.Personality, g.Episodes*int64(g.Players))
		for _, id := range bossIDs(s) {
			row(id, *s.Bosses[id], g.Episodes)
		}
	}
	return t
}

// bossIDs are the Bosses of the counts, in order.
func bossIDs(s *cluesim.Stats) []string {
	ids := make([]string, 0, len(s.Bosses))
	for id := range s.Bosses {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// knowledgeTable is, per group whose knowledge was followed, when the envelope could first be
// known and how long the winner took from knowing to winning.
func knowledgeTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Knowing and winning",
		Header: []string{"group", "first could know: mean turn (± SE)", "median", "winner, knowing to winning: mean turns (± SE)", "median", "won without knowing"},
		Right:  []bool{false, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil || s.Knowledge == nil {
			continue
		}
		first, win := stats.Summarize(s.Knowledge.FirstHist), stats.Summarize(s.Knowledge.WinnerHist)
		lucky := stats.NewRate(s.Knowledge.WonUnknowing, g.Episodes-g.NoWinner)
		t.Rows = append(t.Rows, []string{lb.Label(g), format.Mean(first, 2), fmt.Sprintf("%.0f", stats.NanZero(first.Median)),
			format.Mean(win, 2), fmt.Sprintf("%.0f", stats.NanZero(win.Median)), format.Rate(lucky)})
	}
	if len(t.Rows) == 0 {
		t.Rows = append(t.Rows, []string{"(not followed: run with --knowledge)", "", "", "", "", ""})
	}
	return t
}
