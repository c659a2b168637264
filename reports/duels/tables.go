package duels

import (
	"fmt"
	"math"
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// sections returns Duels' parts of the report of res, the answer first, placing the charts of
// chartNames (its charts that exist) in their section (reports adds the skill ladder, the
// sensitivity ranking and the generic Seats section).
func sections(res *sim.Results, chartNames []string) []page.Section {
	has := page.NewChartPicker(chartNames)
	pick := has.Pick
	var secs []page.Section
	for _, param := range matrixSweepParams(res) {
		if t, err := teamSweepTable(res, param); err == nil {
			secs = append(secs, page.Section{Title: "Each team's win rate by " + param, Lead: true,
				Text: "The whole match-up matrix played at every swept value on the same deals: each team's win rate over " +
					"all its match-ups (its games against the other teams, maps pooled, mirrors left out: the tier list's " +
					"rate) with its Wilson 95% interval and games n, a column per value. Each value's own tier list and " +
					"matrix follow.",
				Charts: pick(teamSweepChartName(param)), Tables: []page.Table{t}})
		}
	}
	sets := settings(res)
	var tierSecs []page.Section
	if tiers := Tiers(res); len(tiers) > 0 {
		var names []string
		for _, s := range sets {
			names = append(names, tierChartName(s.Label))
		}
		tierSecs = append(tierSecs, page.Section{Title: "Tier list",
			Text: "Each team's win rate over all its two-player match-ups (its games and wins added up over the groups " +
				"and maps, mirrors left out), ranked, with its Wilson 95% interval [lo, hi]. Tiers: S when lo >= 55%, " +
				"A when lo > 50%, B when the interval includes 50%, C when hi < 50%, D when hi <= 45%: a team leaves B only " +
				"when the games show it is not even.",
			Charts: pick(names...), Tables: []page.Table{tierTable(tiers)}})
	}
	ms := Matrices(res)
	switch {
	case IsMatrix(res): // the answer, the tier list, first; then the meta; then the matrix pooled, then each map's
		secs = append(secs, tierSecs...)
		if sec, ok := metaSection(res, pick); ok {
			secs = append(secs, sec)
		}
		secs = append(secs, matrixSections(ms, pick)...)
	case len(ms) > 0:
		secs = append(secs, matrixSection("Match-up matrix", matrixText, ms, pick))
		secs = append(secs, tierSecs...)
	default:
		secs = append(secs, page.Section{Title: "Win rate",
			Text:   "The first listed team's share of the games won, with its Wilson 95% interval.",
			Charts: pick(reports.ChartWinRate), Tables: []page.Table{reports.WinRateTable(res)}})
		secs = append(secs, tierSecs...)
	}
	secs = append(secs, page.Section{Title: "First-player advantage",
		Text: "The win rate of the player who played first (the winner of the first-player roll, whatever his seat), " +
			"with its Wilson 95% interval, beside the share of an even game (1 / players), and the wins of every place " +
			"in the turn order; pooled over the groups of each player count. With rotated seats every deal is played " +
			"from each seat, so this advantage cancels out of the match-up matrix.",
		Charts: pick(ChartFirstPlayer), Tables: []page.Table{firstPlayerTable(res)}})
	if t, ok := mapBalanceTable(sets); ok {
		secs = append(secs, page.Section{Title: "Map balance",
			Text: "Each team's win rate on each map (its two-player match-ups on that map pooled, mirrors left out) " +
				"with its Wilson 95% interval, and the spread: the best map's rate minus the worst's, in points. " +
				"\"yes\": the best map's interval lies wholly above the worst's.",
			Charts: pick(mapNames(sets)...), Tables: []page.Table{t}})
	}
	if cps := CardPowers(res); len(cps) > 0 {
		var names []string
		for _, s := range sets {
			names = append(names, cardChartName(s.Label))
		}
		secs = append(secs, page.Section{Title: "Card power",
			Text: "For each card played in a game whose teams all differ: its plays and damage per play, the win rate of " +
				"its side in the games it was played in (Wilson 95% interval), its team's win rate in those groups and in " +
				"the games it was not played in, and the difference played minus not played in points with its 95% " +
				"interval (Newcombe). Ranked by how surely the card wins: first the cards whose interval lies above 0 (by its " +
				"low end), then those whose interval includes 0 (by the difference), last those below 0. A card played in games already won (a finisher) ranks " +
				"high without winning them: read it as association, not cause. Then the same for the seats that played " +
				"a Triforce or a Clock card.",
			Charts: pick(names...), Tables: append(cardTables(cps), powerTable(sets))})
	}
	secs = append(secs, page.Section{Title: "Rules in play",
		Text: "How often the rules designers ask about came into play, per game (all seats): Container Heart rolls, " +
			"discards at the 10-card hand limit, heal actions, discard piles reshuffled, Triforce cards played and " +
			"their abilities triggered, Clock cards played.",
		Tables: []page.Table{rulesTable(res)}})
	if t, ok := ffaTable(res); ok {
		secs = append(secs, page.Section{Title: "Free-for-all",
			Text: "Groups of 3 or 4 players: each team's seats, its share of the wins, and how often one of its " +
				"characters was the first of the game eliminated (first out / games), with Wilson 95% intervals. " +
				"Seat balance is in the Seats section.",
			Tables: []page.Table{t}})
	}
	return secs
}

// matrixText says how to read a match-up matrix.
const matrixText = "The win rate of the row team against the column team (wins over the games of the match-up; games " +
	"nobody won count for neither), with its Wilson 95% interval and the games n, per map and over all maps. " +
	"Seats were rotated on the same deals, so the first-player roll cancels out of every cell; a pair (a, b) " +
	"gives its cell and the complement (b, a); the diagonal is the mirror match-up's first listed position. " +
	"Hatched cells (≈ in the tables): the 95% interval includes 50%, so the games cannot tell the match-up " +
	"from an even one. Rows and columns in tier-list order."

// matrixSection is a section of the matrices ms, each with its chart and table.
func matrixSection(title, text string, ms []*Matrix, pick func(...string) []string) page.Section {
	var names []string
	var tables []page.Table
	for _, m := range ms {
		names = append(names, matrixChartName(m))
		tables = append(tables, matrixTable(m))
	}
	return page.Section{Title: title, Text: text, Charts: pick(names...), Tables: tables}
}

// matrixSections are the sections of a match-up matrix's matrices after its tier list: the
// matrix over all maps, then each map's ("Match-up matrix" alone for a matrix of one map).
func matrixSections(ms []*Matrix, pick func(...string) []string) []page.Section {
	var all, byMap []*Matrix
	for _, m := range ms {
		if m.Overall {
			all = append(all, m)
		} else {
			byMap = append(byMap, m)
		}
	}
	if len(all) == 0 {
		return []page.Section{matrixSection("Match-up matrix", matrixText, byMap, pick)}
	}
	return []page.Section{
		matrixSection("Match-up matrix, all maps", "The win rate of the row team against the column team over all maps "+
			"pooled (wins over the games of the match-up; games nobody won count for neither), with its Wilson 95% "+
			"interval and the games n. Seats were rotated on the same deals, so the first-player roll cancels out of "+
			"every cell; a pair (a, b) gives its cell and the complement (b, a); the diagonal is the mirror match-up's "+
			"first listed position. Hatched cells (≈ in the tables): the 95% interval includes 50%, so the games "+
			"cannot tell the match-up from an even one. Rows and columns in tier-list order; each map's matrix follows.",
			all, pick),
		matrixSection("Match-up matrix by map", "The same matrix on each map, the rows and columns in the order of the "+
			"tier list over all maps.", byMap, pick),
	}
}

// cellText is a matrix cell: "62.5% [47-76] n=40", "≈" before an even one, "-" when unknown.
func cellText(c Cell) string {
	if !c.Rate.Known() {
		return "-"
	}
	mark := ""
	if c.Even() {
		mark = "≈"
	}
	return fmt.Sprintf("%s%s [%.0f-%.0f] n=%d", mark, format.Rate(c.Rate), 100*c.Rate.Lo, 100*c.Rate.Hi, c.Rate.N)
}

// matrixTable is one matrix as a table: a row per team, a column per opponent.
func matrixTable(m *Matrix) page.Table {
	t := page.Table{Title: m.Title(), Header: append([]string{"team \\ against"}, m.Teams...)}
	t.Right = page.RightFrom(len(t.Header), 1)
	for r, team := range m.Teams {
		row := []string{team}
		for c := range m.Teams {
			row = append(row, cellText(m.Cells[r][c]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// tierTable is the tier list of every setting.
func tierTable(tiers []Tier) page.Table {
	t := page.Table{Title: "Tier list", Header: []string{"rank", "team", "tier", "games", "wins", "win rate", "95% interval"}}
	multi := tiers[0].Setting != ""
	if multi {
		t.Header = append([]string{"setting"}, t.Header...)
	}
	t.Right = page.RightFrom(len(t.Header), len(t.Header)-4)
	for _, tr := range tiers {
		row := []string{strconv.Itoa(tr.Rank), tr.Team, tr.Tier, itoa(tr.Rate.N), itoa(tr.Rate.K),
			format.Rate(tr.Rate), format.Interval(tr.Rate)}
		if multi {
			row = append([]string{tr.Setting}, row...)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// firstPlayerTable is the first player's win rate of every group, and pooled by player count
// when several groups have it.
func firstPlayerTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Wins by place in the turn order", Header: []string{"group", "games",
		"first player", "95% interval", "even share", "1st / 2nd / 3rd / 4th"}}
	t.Right = page.RightFrom(len(t.Header), 1)
	pooled := map[int][]int64{}
	groups := map[int]int{}
	for _, g := range res.Groups {
		s := duelssim.Of(g)
		if s == nil || len(s.TurnOrderWins) == 0 {
			continue
		}
		t.Rows = append(t.Rows, placeRow(lb.Label(g), g.Players, g.Episodes, s.TurnOrderWins))
		p := append(pooled[g.Players], make([]int64, max(0, len(s.TurnOrderWins)+1-len(pooled[g.Players])))...)
		p[0] += g.Episodes
		for i, n := range s.TurnOrderWins {
			p[i+1] += n
		}
		pooled[g.Players] = p
		groups[g.Players]++
	}
	for _, n := range reports.PlayerCounts(res) {
		if groups[n] > 1 {
			p := pooled[n]
			t.Rows = append(t.Rows, placeRow(fmt.Sprintf("all %d-player groups", n), n, p[0], p[1:]))
		}
	}
	return t
}

// placeRow is a row of the turn-order table.
func placeRow(label string, players int, games int64, wins []int64) []string {
	r := stats.NewRate(wins[0], games)
	places := ""
	for i, w := range wins {
		if i > 0 {
			places += " / "
		}
		places += format.Rate(stats.NewRate(w, games))
	}
	return []string{label, itoa(games), format.Rate(r), format.Interval(r), format.Pct(1 / float64(players)), places}
}

// mapBalanceTable is each team's win rate per map in every setting with two maps or more.
func mapBalanceTable(sets []*setting) (page.Table, bool) {
	var ids []string
	for _, s := range sets {
		for _, id := range s.mapIDs() {
			if !contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) < 2 {
		return page.Table{}, false
	}
	t := page.Table{Title: "Win rate by map", Header: []string{"team"}}
	multi := sets[0].Label != "" || len(sets) > 1
	if multi {
		t.Header = []string{"setting", "team"}
	}
	first := len(t.Header)
	t.Header = append(append(t.Header, ids...), "spread (points)", "maps differ")
	t.Right = page.RightFrom(len(t.Header), first)
	for _, s := range sets {
		if len(s.mapIDs()) < 2 {
			continue
		}
		for _, mb := range s.mapBalance(ids) {
			row := []string{mb.Team}
			if multi {
				row = append([]string{s.Label}, row...)
			}
			for _, r := range mb.Rates {
				row = append(row, rateCell(r))
			}
			differ := "no"
			if mb.Differ {
				differ = "yes"
			}
			t.Rows = append(t.Rows, append(row, spreadText(mb.Spread), differ))
		}
	}
	return t, len(t.Rows) > 0
}

// rateCell is "62.5% [47-76] n=40", "-" without games.
func rateCell(r stats.Rate) string {
	if !r.Known() {
		return "-"
	}
	return fmt.Sprintf("%s [%.0f-%.0f] n=%d", format.Rate(r), 100*r.Lo, 100*r.Hi, r.N)
}

// spreadText is a spread in points, "-" when unknown.
func spreadText(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*x)
}

// pointsText is a difference in points with its interval: "+12.5 [+3.1, +21.0]".
func pointsText(d, lo, hi float64) string {
	if math.IsNaN(d) {
		return "-"
	}
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*d, 100*lo, 100*hi)
}

// perGame is a count per game with two decimals.
func perGame(n, games int64) string {
	if games == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(n)/float64(games))
}

// contains reports whether s holds v.
func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// mapNames are the names of the map-balance charts of the settings.
func mapNames(sets []*setting) []string {
	var out []string
	for _, s := range sets {
		out = append(out, mapChartName(s.Label))
	}
	return out
}
