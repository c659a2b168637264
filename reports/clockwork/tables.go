package clockwork

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// sections returns Clockwork's parts of the report of res, with the charts of chartNames (its
// charts that exist) placed in their section; its sweep charts get a section of their own,
// first (reports adds the skill ladder and the sensitivity ranking).
func sections(res *sim.Results, chartNames []string) []page.Section {
	has := page.NewChartPicker(chartNames)
	pick := has.Pick
	secs := []page.Section{
		{Title: "Campaign win rate",
			Text: "Share of campaigns in which the team defeated Ganon, with its Wilson 95% interval; " +
				"mean Triforce Shards held at the end with its standard error (SE).",
			Charts: pick(reports.ChartWinRate), Tables: []page.Table{campaignTable(res)}},
		{Title: "Level success and rounds",
			Text: "Share of campaigns that cleared each level (every campaign plays all four levels), " +
				"and the rounds each level took (mean ± SE, median, 90th percentile).",
			Charts: pick(ChartLevelSuccess, ChartRounds), Tables: []page.Table{levelTable(res)}},
		{Title: "Temples",
			Text:   "Success rate by temple at each level where temples are played: rate [Wilson 95% interval] and attempts.",
			Charts: pick(ChartTempleSuccess), Tables: []page.Table{templeTable(res)}},
		{Title: "Triforce Shards",
			Text:   "Distribution of the Shards the team held at the end of the campaign.",
			Charts: pick(ChartFinalShards)},
		{Title: "Ganon",
			Text:   ganonText(res),
			Charts: pick(ChartGanonShortfall), Tables: append(goalTables(res), ganonTable(res))},
		{Title: "Why campaigns were lost",
			Text:   "The reason Level 4 ended in a loss, as a share of the lost campaigns.",
			Tables: []page.Table{lossTable(res)}},
		{Title: "How teams lose",
			Text: "How the teams played each level: the share of hero-rounds in which a hero performed no action, " +
				"hero-rounds spent in the Boss Room while a teammate was outside, failed special-room activations " +
				"(and retries of a room that had failed that round), Shards burned on reshuffles in levels then lost, " +
				"kills by cause, and what ended each lost level. Blunders of an agent show here before they show in the win rate.",
			Tables: []page.Table{qualityTable(res), causeTable(res)}},
	}
	if dt := decisionTable(res); len(dt.Rows) > 0 {
		secs = append(secs, page.Section{Title: "Where the expert differs from the planner",
			Text: "The decisions a searching agent judged by rollouts on samples of what the heroes can see, by kind, and how " +
				"often its choice was not the planner's. The kinds it changes most are where the planner loses the most.",
			Tables: []page.Table{dt}})
	}
	var rest []string
	for _, n := range chartNames {
		if has[n] {
			rest = append(rest, n)
		}
	}
	if len(rest) == 0 {
		return secs
	}
	// A sweep's own charts answer its question: they come first.
	sweep := reports.SweepSection(rest)
	if strings.HasPrefix(rest[0], "ganon-heatmap") {
		sweep.Title = "Ganon targets"
		sweep.Text = "Campaign win rate at each Ganon target and player count (every cell labelled; colour on a " +
			"scale that keeps low rates apart from 0%). Outlined: the data's own target " +
			"(solid) and the answer to the goal (dashed), when given. Then each metric against the target."
		sweep.Tables = goalTables(res)
		secs[4].Tables = secs[4].Tables[len(sweep.Tables):] // the goal table moves up with the heat map
	}
	return append([]page.Section{sweep}, secs...)
}

func campaignTable(res *sim.Results) page.Table {
	t := page.Table{Title: "Campaigns", Header: []string{"players", "agent"}}
	params := reports.HasParams(res)
	if params {
		t.Header = append(t.Header, "params")
	}
	t.Header = append(t.Header, "campaigns", "win rate", "95% interval", "mean Shards (± SE)", "timeouts")
	t.Right = page.RightFrom(len(t.Header), len(t.Header)-5)
	for _, g := range res.Groups {
		r := winRate(g)
		row := []string{strconv.Itoa(g.Players), reports.RungText(res.Game, g.Agent, g.Strategies)}
		if params {
			row = append(row, sim.ParamsText(g.Params))
		}
		row = append(row, reports.CampaignsCell(g), format.Rate(r), format.Interval(r),
			format.Mean(meanShards.StatsOf(g, nil), 2), format.Rate(timeoutRate.RateOf(g, nil)))
		t.Rows = append(t.Rows, row)
	}
	return t
}

func levelTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Levels", Header: []string{"group", "level", "success", "95% interval",
		"mean rounds (± SE)", "median", "90th pct", "boss reached", "timeouts"}}
	t.Right = page.RightFrom(len(t.Header), 1)
	for _, g := range res.Groups {
		for _, l := range cwOf(g).Levels {
			at := atLevel(l.Level)
			r, s := levelSuccess.RateOf(g, at), meanRounds.StatsOf(g, at)
			last := len(l.RoundsHist) - 1
			t.Rows = append(t.Rows, []string{lb.Label(g), strconv.Itoa(l.Level), format.Rate(r), format.Interval(r),
				format.Mean(s, 2), format.Quantile(s.Median, s, last), format.Quantile(s.P90, s, last),
				format.Rate(bossReached.RateOf(g, at)), format.Rate(stats.NewRate(l.Timeouts, l.Attempts))})
		}
	}
	return t
}

func templeTable(res *sim.Results) page.Table {
	res = templeView(res)
	lb := reports.NewLabeller(res)
	levels := templeLevels(res)
	t := page.Table{Title: "Temples", Header: []string{"group", "temple"}}
	for _, lvl := range levels {
		t.Header = append(t.Header, fmt.Sprintf("Level %d", lvl))
	}
	t.Right = page.RightFrom(len(t.Header), 2)
	for _, g := range res.Groups {
		for _, name := range templeNames(res) {
			row := []string{lb.Label(g), name}
			for _, lvl := range levels {
				cell := "-"
				if r := templeSuccess.RateOf(g, reports.At{"level": strconv.Itoa(lvl), "temple": name}); r.Known() {
					cell = fmt.Sprintf("%s [%.1f-%.1f] n=%d", format.Rate(r), 100*r.Lo, 100*r.Hi, r.N)
				}
				row = append(row, cell)
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

func ganonTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	skills := skillNames(res)
	kind := shortfallKind(res)
	t := page.Table{Title: kind.tableTitle,
		Header: []string{"group", "reached", "defeated once reached", "95% interval"}}
	for _, s := range skills {
		t.Header = append(t.Header, s+" "+kind.columnHead)
	}
	t.Right = page.RightFrom(len(t.Header), 1)
	for _, g := range res.Groups {
		d := ganonDefeat.RateOf(g, nil)
		row := []string{lb.Label(g), format.Rate(ganonReached.RateOf(g, nil)), format.Rate(d), format.Interval(d)}
		for _, s := range skills {
			row = append(row, shortfallText(kind.hist(g, s)))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func lossTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Loss reasons", Header: []string{"group", "reason", "campaigns", "share of losses"},
		Right: []bool{false, false, true, true}}
	for _, g := range res.Groups {
		losses := g.Episodes - g.Wins
		for _, k := range lossReasons(cwOf(g).LossReasons) {
			t.Rows = append(t.Rows, []string{lb.Label(g), strings.ReplaceAll(k, "_", " "),
				strconv.FormatInt(cwOf(g).LossReasons[k], 10), format.Rate(stats.NewRate(cwOf(g).LossReasons[k], losses))})
		}
	}
	return t
}

func qualityTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Play quality (per level played)", Header: []string{"group", "level", "idle hero-rounds",
		"Boss Room waits", "failed activations", "retries", "Shards burned in lost levels", "kills"}}
	t.Right = page.RightFrom(len(t.Header), 1)
	for _, g := range res.Groups {
		for _, l := range cwOf(g).Levels {
			q := &l.Quality
			per := func(n int64) string { return fmtPer(n, l.Attempts) }
			t.Rows = append(t.Rows, []string{lb.Label(g), strconv.Itoa(l.Level),
				format.Rate(stats.NewRate(q.IdleHeroRounds, q.HeroRounds)), per(q.BossWaits), per(q.FailedActivations),
				per(q.Retries), strconv.FormatInt(q.ShardsBurnedLost, 10), per(l.Kills)})
		}
	}
	return t
}

func causeTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Kills and lost levels by cause", Header: []string{"group", "level", "kills by cause", "lost levels by cause"}}
	t.Right = page.RightFrom(len(t.Header), 1)
	for _, g := range res.Groups {
		for _, l := range cwOf(g).Levels {
			t.Rows = append(t.Rows, []string{lb.Label(g), strconv.Itoa(l.Level), countList(l.Quality.KillsBy), countList(lostToWords(l.Quality.LostTo))})
		}
	}
	return t
}

// decisionTable lists the lookahead decisions of every group that has some (the expert's):
// judged, changed from the planner's choice, the share changed and the judged per campaign.
func decisionTable(res *sim.Results) page.Table {
	lb := reports.NewLabeller(res)
	t := page.Table{Title: "Decisions judged by lookahead, and changed from the planner's choice",
		Header: []string{"group", "decision", "judged", "changed", "share changed", "judged per campaign"},
		Right:  []bool{false, false, true, true, true, true}}
	for _, g := range res.Groups {
		for _, k := range sortedDecisionKinds(g) {
			c := cwOf(g).Decisions[k]
			t.Rows = append(t.Rows, []string{lb.Label(g), strings.ReplaceAll(k, "_", " "), strconv.FormatInt(c.Searched, 10),
				strconv.FormatInt(c.Changed, 10), format.Rate(stats.NewRate(c.Changed, c.Searched)),
				fmt.Sprintf("%.2f", float64(c.Searched)/float64(max(g.Episodes, 1)))})
		}
	}
	return t
}

// sortedDecisionKinds is the group's kinds of lookahead decision, the most changed first.
func sortedDecisionKinds(g *sim.Group) []string {
	var ks []string
	for k := range cwOf(g).Decisions {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		a, b := cwOf(g).Decisions[ks[i]], cwOf(g).Decisions[ks[j]]
		if a.Changed != b.Changed {
			return a.Changed > b.Changed
		}
		return ks[i] < ks[j]
	})
	return ks
}

// lostToWords names what lost levels in the words of the loss reasons: a draw from an empty deck
// and hand is "deck exhausted" (the loss reason), the other causes of a forced discard keep
// their names.
func lostToWords(m map[string]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, n := range m {
		if k == "draw" {
			k = "deck_exhausted"
		}
		out[k] += n
	}
	return out
}

// fmtPer formats n per level played ("0.35").
func fmtPer(n, levels int64) string {
	if levels == 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(n)/float64(levels), 'f', 2, 64)
}

// countList formats counts by name, largest first ("enemy 120, hazard 30"), or "-".
func countList(m map[string]int64) string {
	parts := make([]string, 0, len(m))
	for _, k := range lossReasons(m) { // sorted by count, then name
		parts = append(parts, fmt.Sprintf("%s %d", strings.ReplaceAll(k, "_", " "), m[k]))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// ganonText introduces the Ganon section: what the shortfall of its chart and table counts.
func ganonText(res *sim.Results) string {
	text := "Ganon reached (a hero entered his Boss Room) and defeated once reached: of the teams that reached him, how many won. "
	if shortfallKind(res).reached {
		return text + "Of the teams that reached him and lost, how far short they were: what his targets still asked, per skill, " +
			"after the Shards of the heroes in his Boss Room and the cards played in the last fight against him " +
			"(a team that began no payment against him counts all its heroes' Shards and no card); " +
			"its mean and median in the table and the chart's legend. 0 means the cards had covered that skill."
	}
	return text + "For the lost campaigns (whether they reached him or not), what his targets still asked of " +
		"the cards after all the heroes' Shards, per skill (its mean and median in the table and the chart's legend). " +
		"This file predates the count of the teams that reached him: this shortfall counts the Shards, not the cards " +
		"played against him, so it is not how close the fights came."
}
