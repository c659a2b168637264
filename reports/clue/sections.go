package clue

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	rules "github.com/clockworksim/clockwork/rules/clue"
	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// sections are CLUE's parts of the report, the answer to "who wins?" first: the turn order, the
// win rate of the judged agent, how games end, Ganondorf, the Bosses and personality cards.
func sections(res *sim.Results, charts []string) []reports.Section {
	has := func(name string) []string {
		if slices.Contains(charts, name) {
			return []string{name}
		}
		return nil
	}
	return []reports.Section{
		{Title: "Who wins: the turn order",
			Text: "Wins of the player who played first (the highest roller, whatever his seat), second, and so on, " +
				"as a share of the games, with Wilson 95% intervals: the first-player advantage. With --rotate every " +
				"deal is played from every seat, so the agents' own strength cancels out of the seats.",
			Charts: has(ChartTurnOrder), Tables: []reports.TextTable{turnOrderTable(res)}},
		{Title: "Win rate",
			Text:   "Share of the games won by the line-up's first agent, wherever it sat, with its Wilson 95% interval.",
			Charts: has(reports.ChartWinRate), Tables: []reports.TextTable{reports.WinRateTable(res)}},
		{Title: "How games end",
			Text: "Every game ends with a right accusation (a winner), with every player out (all accused wrongly, or " +
				"Ganondorf put the last ones out), with the game lost to Ganondorf (the card text's reading, a data " +
				"setting), or at the turn cap. Shares of the games, and the game's length.",
			Charts: has(ChartLength), Tables: []reports.TextTable{endTable(res)}},
		{Title: "Knowing and winning",
			Text: "With --knowledge, an exact notebook follows every seat's log, whatever agent plays it: the turn at which " +
				"some player could first know the envelope, and the turns the winner took from the moment he could know to " +
				"his winning accusation (the walk to Hyrule Castle and the dice). A game won by a player who could not " +
				"know was a lucky accusation.",
			Tables: []reports.TextTable{knowledgeTable(res)}},
		{Title: "Ganondorf",
			Text: "How often Ganondorf strikes: the games in which he put a player out, the players he put out per game, " +
				"and the players out for a wrong accusation (of all the players), with Wilson 95% intervals.",
			Charts: has(ChartGanondorf), Tables: []reports.TextTable{ganonTable(res)}},
		{Title: "What the powers are worth",
			Text: "For each Boss card and for the personality cards: the share of the games in which it was played, and " +
				"the share of those won by the player who played it, with its Wilson 95% interval. A fair share is " +
				"1 / players; a power whose interval lies above it is worth having (or is played by the winning side).",
			Tables: []reports.TextTable{powerTable(res)}},
	}
}

// turnOrderTable is the win rate of every place in the turn order, per group.
func turnOrderTable(res *sim.Results) reports.TextTable {
	lb := reports.NewLabeller(res)
	t := reports.TextTable{Title: "Wins by place in the turn order",
		Header: []string{"group", "place", "wins", "games", "win rate", "95% interval"},
		Right:  []bool{false, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		for p, n := range s.TurnOrderWins {
			r := reports.NewRate(n, g.Campaigns)
			t.Rows = append(t.Rows, []string{lb.Label(g), placeName(p + 1), strconv.FormatInt(n, 10),
				strconv.FormatInt(g.Campaigns, 10), reports.FmtRate(r), reports.FmtInterval(r)})
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
func endTable(res *sim.Results) reports.TextTable {
	lb := reports.NewLabeller(res)
	t := reports.TextTable{Title: "How games end",
		Header: []string{"group", "accused", "all out", "lost to Ganondorf", "turn cap", "mean turns (± SE)", "median"},
		Right:  []bool{false, true, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		share := func(k string) string {
			r := reports.NewRate(s.EndReasons[k], g.Campaigns)
			return reports.FmtRate(r) + " [" + reports.FmtInterval(r) + "]"
		}
		h := reports.Summarize(g.TurnsHist)
		t.Rows = append(t.Rows, []string{lb.Label(g), share("accused"), share("all_wrong"), share("ganondorf"), share("turn_cap"),
			reports.FmtMean(h, 2), fmt.Sprintf("%.0f", reports.NanZero(h.Median))})
	}
	return t
}

// ganonTable is the Ganondorf risk per group.
func ganonTable(res *sim.Results) reports.TextTable {
	lb := reports.NewLabeller(res)
	t := reports.TextTable{Title: "Ganondorf's risk",
		Header: []string{"group", "games he struck", "95% interval", "players out to him per game", "out for a wrong accusation", "95% interval"},
		Right:  []bool{false, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		struck := reports.NewRate(s.GanondorfGames, g.Campaigns)
		wrong := reports.NewRate(s.Eliminated[rules.OutNames[rules.OutWrongAccusation]], g.Campaigns*int64(g.Players))
		per := 0.0
		if g.Campaigns > 0 {
			per = float64(s.Eliminated[rules.OutNames[rules.OutGanondorf]]) / float64(g.Campaigns)
		}
		t.Rows = append(t.Rows, []string{lb.Label(g), reports.FmtRate(struck), reports.FmtInterval(struck),
			fmt.Sprintf("%.3f", per), reports.FmtRate(wrong), reports.FmtInterval(wrong)})
	}
	return t
}

// powerTable is, for every group, each Boss and the personality cards: the games it was played
// in and the share of those its player won.
func powerTable(res *sim.Results) reports.TextTable {
	lb := reports.NewLabeller(res)
	t := reports.TextTable{Title: "Boss and personality powers",
		Header: []string{"group", "power", "played in", "won by its player", "95% interval", "fair share"},
		Right:  []bool{false, false, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil {
			continue
		}
		fair := reports.FmtPct(1 / float64(g.Players))
		row := func(name string, p cluesim.PowerStat, of int64) {
			used := reports.NewRate(p.Used, of)
			won := reports.NewRate(p.ByWinner, p.Used)
			t.Rows = append(t.Rows, []string{lb.Label(g), name, reports.FmtRate(used), reports.FmtRate(won), reports.FmtInterval(won), fair})
		}
		row("personality (per player)", s.Personality, g.Campaigns*int64(g.Players))
		for _, id := range bossIDs(s) {
			row(id, *s.Bosses[id], g.Campaigns)
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
func knowledgeTable(res *sim.Results) reports.TextTable {
	lb := reports.NewLabeller(res)
	t := reports.TextTable{Title: "Knowing and winning",
		Header: []string{"group", "first could know: mean turn (± SE)", "median", "winner, knowing to winning: mean turns (± SE)", "median", "won without knowing"},
		Right:  []bool{false, true, true, true, true, true}}
	for _, g := range res.Groups {
		s := cluesim.Of(g)
		if s == nil || s.Knowledge == nil {
			continue
		}
		first, win := reports.Summarize(s.Knowledge.FirstHist), reports.Summarize(s.Knowledge.WinnerHist)
		lucky := reports.NewRate(s.Knowledge.WonUnknowing, g.Campaigns-g.NoWinner)
		t.Rows = append(t.Rows, []string{lb.Label(g), reports.FmtMean(first, 2), fmt.Sprintf("%.0f", reports.NanZero(first.Median)),
			reports.FmtMean(win, 2), fmt.Sprintf("%.0f", reports.NanZero(win.Median)), reports.FmtRate(lucky)})
	}
	if len(t.Rows) == 0 {
		t.Rows = append(t.Rows, []string{"(not followed: run with --knowledge)", "", "", "", "", ""})
	}
	return t
}
