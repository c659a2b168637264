package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/clockworksim/clockwork/sim"
)

// table is a summary table, written by every writer (terminal, Markdown, HTML).
type table struct {
	title  string
	header []string
	right  []bool // right-align the column (numbers)
	rows   [][]string
}

// section is a part of a report: a heading, a short explanation, charts (by name) and tables.
type section struct {
	title  string
	text   string
	charts []string
	tables []table
}

// sections returns the parts of the report of res, with the charts of chartNames (the charts
// that exist) placed in their section; sweep charts get a section of their own.
func sections(res *sim.Results, chartNames []string) []section {
	has := map[string]bool{}
	for _, n := range chartNames {
		has[n] = true
	}
	pick := func(names ...string) []string {
		var out []string
		for _, n := range names {
			if has[n] {
				out = append(out, n)
				delete(has, n)
			}
		}
		return out
	}
	secs := []section{
		{title: "Campaign win rate",
			text: "Share of campaigns in which the team defeated Ganon, with its Wilson 95% interval; " +
				"mean Triforce Shards held at the end with its standard error (SE).",
			charts: pick(ChartWinRate), tables: []table{campaignTable(res)}},
		{title: "Level success and rounds",
			text: "Share of campaigns that cleared each level (every campaign plays all four levels), " +
				"and the rounds each level took (mean ± SE, median, 90th percentile).",
			charts: pick(ChartLevelSuccess, ChartRounds), tables: []table{levelTable(res)}},
		{title: "Temples",
			text:   "Success rate by temple at each level where temples are played: rate [Wilson 95% interval] and attempts.",
			charts: pick(ChartTempleSuccess), tables: []table{templeTable(res)}},
		{title: "Triforce Shards",
			text:   "Distribution of the Shards the team held at the end of the campaign.",
			charts: pick(ChartFinalShards)},
		{title: "Ganon",
			text: "Ganon reached (a hero entered his Boss Room) and defeated once reached; for lost campaigns, " +
				"what his targets still asked of the cards after all the heroes' Shards, per skill.",
			charts: pick(ChartGanonShortfall), tables: append(goalTables(res), ganonTable(res))},
		{title: "Why campaigns were lost",
			text:   "The reason Level 4 ended in a loss, as a share of the lost campaigns.",
			tables: []table{lossTable(res)}},
		{title: "How teams lose",
			text: "How the teams played each level: the share of hero-rounds in which a hero performed no action, " +
				"hero-rounds spent in the Boss Room while a teammate was outside, failed special-room activations " +
				"(and retries of a room that had failed that round), Shards burned on reshuffles in levels then lost, " +
				"kills by cause, and what ended each lost level. Blunders of an agent show here before they show in the win rate.",
			tables: []table{qualityTable(res), causeTable(res)}},
	}
	if dt := decisionTable(res); len(dt.rows) > 0 {
		secs = append(secs, section{title: "Where the expert differs from the planner",
			text: "The decisions a searching agent judged by rollouts on samples of what the heroes can see, by kind, and how " +
				"often its choice was not the planner's. The kinds it changes most are where the planner loses the most.",
			tables: []table{dt}})
	}
	if st := sensitivityTables(res); st != nil {
		var names []string
		for _, n := range PlayerCounts(res) {
			names = append(names, ChartTornado(n))
		}
		secs = append([]section{{title: "What matters most",
			text: "Each data value moved one step down and one step up, one at a time, on the same campaigns as the data " +
				"as it is (common random numbers), ranked by the largest change of the campaign win rate: the paired " +
				"difference in points with its 95% interval (Agresti-Min) and McNemar's test on the campaigns won by one " +
				"version only. \"not valid\" marks a move the data does not allow.",
			charts: pick(names...), tables: st}}, secs...)
	}
	if lt := ladderTables(res); lt != nil {
		// A ladder answers "how much does good play matter?": it comes first.
		secs = append([]section{{title: "Skill ladder",
			text: "Every agent played the same campaigns (the same seeds), so each agent is compared with the one below it " +
				"campaign by campaign: the difference of their win rates with its 95% interval (Agresti-Min, for paired " +
				"proportions) and McNemar's test on the campaigns won by one and lost by the other. The skill depth is the " +
				"last agent's win rate minus the first's; each agent between reaches a share of it.",
			charts: pick(ChartLadder), tables: lt}}, secs...)
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
	sweep := section{title: "Sweep",
		text: "Each metric against the swept parameter, one line per player count, with the 95% interval " +
			"shaded (Wilson for rates, mean ± 1.96 SE for means).",
		charts: rest}
	if strings.HasPrefix(rest[0], "ganon-heatmap") {
		sweep.title = "Ganon targets"
		sweep.text = "Campaign win rate at each Ganon target and player count (every cell labelled; colour on a " +
			"scale that keeps low rates apart from 0%). Outlined: the data's own target " +
			"(solid) and the answer to the goal (dashed), when given. Then each metric against the target."
		sweep.tables = goalTables(res)
		secs[4].tables = secs[4].tables[len(sweep.tables):] // the goal table moves up with the heat map
	}
	return append([]section{sweep}, secs...)
}

// hasParams reports whether any group sets params.
func HasParams(res *sim.Results) bool {
	for _, g := range res.Groups {
		if len(g.Params) > 0 {
			return true
		}
	}
	return false
}

func campaignTable(res *sim.Results) table {
	t := table{title: "Campaigns", header: []string{"players", "agent"}}
	params := HasParams(res)
	if params {
		t.header = append(t.header, "params")
	}
	t.header = append(t.header, "campaigns", "win rate", "95% interval", "mean Shards (± SE)", "timeouts")
	t.right = RightFrom(len(t.header), len(t.header)-5)
	for _, g := range res.Groups {
		r := winRate.rateOf(g, where{})
		row := []string{strconv.Itoa(g.Players), rungText(g.Agent, g.Strategies)}
		if params {
			row = append(row, sim.ParamsText(g.Params))
		}
		row = append(row, CampaignsCell(g), FmtRate(r), FmtInterval(r),
			FmtMean(meanShards.statsOf(g, where{}), 2), FmtRate(timeoutRate.rateOf(g, where{})))
		t.rows = append(t.rows, row)
	}
	return t
}

// campaignsCell is a group's campaign count, "862 (partial)" when the group is not complete.
func CampaignsCell(g *sim.Group) string {
	n := strconv.FormatInt(g.Campaigns, 10)
	if g.Partial {
		n += " (partial)"
	}
	return n
}

func levelTable(res *sim.Results) table {
	lb := NewLabeller(res)
	t := table{title: "Levels", header: []string{"group", "level", "success", "95% interval",
		"mean rounds (± SE)", "median", "90th pct", "boss reached", "timeouts"}}
	t.right = RightFrom(len(t.header), 1)
	for _, g := range res.Groups {
		for _, l := range cwOf(g).Levels {
			at := where{level: l.Level}
			r, s := levelSuccess.rateOf(g, at), meanRounds.statsOf(g, at)
			last := len(l.RoundsHist) - 1
			t.rows = append(t.rows, []string{lb.Label(g), strconv.Itoa(l.Level), FmtRate(r), FmtInterval(r),
				FmtMean(s, 2), FmtNum(s.Median, s, last), FmtNum(s.P90, s, last),
				FmtRate(bossReached.rateOf(g, at)), strconv.FormatInt(l.Timeouts, 10)})
		}
	}
	return t
}

func templeTable(res *sim.Results) table {
	lb := NewLabeller(res)
	levels := templeLevels(res)
	t := table{title: "Temples", header: []string{"group", "temple"}}
	for _, lvl := range levels {
		t.header = append(t.header, fmt.Sprintf("Level %d", lvl))
	}
	t.right = RightFrom(len(t.header), 2)
	for _, g := range res.Groups {
		for _, name := range templeNames(res) {
			row := []string{lb.Label(g), name}
			for _, lvl := range levels {
				cell := "-"
				if r := templeSuccess.rateOf(g, where{level: lvl, temple: name}); r.Known() {
					cell = fmt.Sprintf("%s [%.1f-%.1f] n=%d", FmtRate(r), 100*r.Lo, 100*r.Hi, r.N)
				}
				row = append(row, cell)
			}
			t.rows = append(t.rows, row)
		}
	}
	return t
}

func ganonTable(res *sim.Results) table {
	lb := NewLabeller(res)
	skills := skillNames(res)
	t := table{title: "Ganon (shortfall: median over lost campaigns, in skill points)",
		header: []string{"group", "reached", "defeated once reached", "95% interval"}}
	for _, s := range skills {
		t.header = append(t.header, s+" shortfall")
	}
	t.right = RightFrom(len(t.header), 1)
	for _, g := range res.Groups {
		d := ganonDefeat.rateOf(g, where{})
		row := []string{lb.Label(g), FmtRate(ganonReached.rateOf(g, where{})), FmtRate(d), FmtInterval(d)}
		for _, s := range skills {
			h := ganonShortfall.hist(g, where{skill: s})
			st := Summarize(h)
			row = append(row, FmtNum(st.Median, st, len(h)-1))
		}
		t.rows = append(t.rows, row)
	}
	return t
}

// goalTables is the table of the answers to `clockwork ganon --goal` (none without them).
func goalTables(res *sim.Results) []table {
	if len(res.GanonGoals) == 0 {
		return nil
	}
	t := table{title: "Ganon goal: the target whose campaign win rate is the closest to the goal",
		header: []string{"players", "goal", "target", "win rate", "95% interval", "campaigns", "targets tried", "goal reached"}}
	t.right = RightFrom(len(t.header), 0)
	for _, goal := range res.GanonGoals {
		r := NewRate(0, 0)
		n := "-"
		if g := res.GoalGroup(goal); g != nil {
			r, n = winRate.rateOf(g, where{}), strconv.FormatInt(g.Campaigns, 10)
		}
		reached := "yes"
		if !goal.Bracketed {
			reached = "no: outside the targets tried"
		}
		players := strconv.Itoa(goal.Players)
		if goal.Agent != "" && len(Rungs(res)) > 1 {
			players += " (" + rungText(goal.Agent, goal.Strategies) + ")"
		}
		t.rows = append(t.rows, []string{players, FmtPct(goal.Goal), strconv.Itoa(goal.Target),
			FmtRate(r), FmtInterval(r), n, fmt.Sprintf("%d-%d", goal.Low, goal.High), reached})
	}
	return []table{t}
}

// GoalText says the answer to a Ganon goal in one line, e.g. "3 players: Ganon target 18 gives
// a 49.2% campaign win rate (95% 47.0-51.4%, 2000 campaigns), the closest to 50.0% among the
// targets 6 to 30".
func GoalText(res *sim.Results, goal sim.GanonGoal) string {
	g := res.GoalGroup(goal)
	if g == nil {
		return fmt.Sprintf("%d players: Ganon target %d (its group is missing)", goal.Players, goal.Target)
	}
	r := winRate.rateOf(g, where{})
	who := ""
	if goal.Agent != "" && len(Rungs(res)) > 1 {
		who = " for " + rungText(goal.Agent, goal.Strategies)
	}
	text := fmt.Sprintf("%d players%s: Ganon target %d gives a %s campaign win rate (95%% %.1f-%.1f%%, %d campaigns), the closest to %s among the targets %d to %d",
		goal.Players, who, goal.Target, FmtRate(r), 100*r.Lo, 100*r.Hi, g.Campaigns, FmtPct(goal.Goal), goal.Low, goal.High)
	if !goal.Bracketed {
		text += " (the goal is outside the win rates of the targets tried)"
	}
	return text
}

func lossTable(res *sim.Results) table {
	lb := NewLabeller(res)
	t := table{title: "Loss reasons", header: []string{"group", "reason", "campaigns", "share of losses"},
		right: []bool{false, false, true, true}}
	for _, g := range res.Groups {
		losses := g.Campaigns - g.Wins
		for _, k := range lossReasons(cwOf(g).LossReasons) {
			t.rows = append(t.rows, []string{lb.Label(g), strings.ReplaceAll(k, "_", " "),
				strconv.FormatInt(cwOf(g).LossReasons[k], 10), FmtRate(NewRate(cwOf(g).LossReasons[k], losses))})
		}
	}
	return t
}

func qualityTable(res *sim.Results) table {
	lb := NewLabeller(res)
	t := table{title: "Play quality (per level played)", header: []string{"group", "level", "idle hero-rounds",
		"Boss Room waits", "failed activations", "retries", "Shards burned in lost levels", "kills"}}
	t.right = RightFrom(len(t.header), 1)
	for _, g := range res.Groups {
		for _, l := range cwOf(g).Levels {
			q := &l.Quality
			per := func(n int64) string { return fmtPer(n, l.Attempts) }
			t.rows = append(t.rows, []string{lb.Label(g), strconv.Itoa(l.Level),
				FmtRate(NewRate(q.IdleHeroRounds, q.HeroRounds)), per(q.BossWaits), per(q.FailedActivations),
				per(q.Retries), strconv.FormatInt(q.ShardsBurnedLost, 10), per(l.Kills)})
		}
	}
	return t
}

func causeTable(res *sim.Results) table {
	lb := NewLabeller(res)
	t := table{title: "Kills and lost levels by cause", header: []string{"group", "level", "kills by cause", "lost levels by cause"}}
	t.right = RightFrom(len(t.header), 1)
	for _, g := range res.Groups {
		for _, l := range cwOf(g).Levels {
			t.rows = append(t.rows, []string{lb.Label(g), strconv.Itoa(l.Level), countList(l.Quality.KillsBy), countList(l.Quality.LostTo)})
		}
	}
	return t
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

// rightFrom right-aligns the columns from index from on.
func RightFrom(n, from int) []bool {
	r := make([]bool, n)
	for i := from; i < n; i++ {
		r[i] = true
	}
	return r
}

// header describes the run: tool version, seed, data fingerprint, round cap, shard, and how it
// ended (partial, or stopped for precision).
func header(res *sim.Results) string {
	var b strings.Builder
	fmt.Fprintf(&b, "clockwork %s, seed %d, data %s, round cap %d", res.ToolVersion, res.Seed,
		shortFingerprint(res.ConfigFingerprint), res.RoundCap)
	if res.Shard.Count > 1 {
		fmt.Fprintf(&b, ", shard %d/%d", res.Shard.Index, res.Shard.Count)
	}
	var n int64
	for _, g := range res.Groups {
		n += g.Campaigns
	}
	fmt.Fprintf(&b, ", %d groups, %d campaigns", len(res.Groups), n)
	switch {
	case res.Partial:
		b.WriteString(" (partial: interrupted before every group was complete)")
	case res.Stopped == sim.StoppedPrecision:
		fmt.Fprintf(&b, " (stopped early: every win-rate interval narrower than --precision %g)", res.Precision)
	}
	return b.String()
}

// shortFingerprint keeps "sha256:" and 12 hex digits.
func shortFingerprint(fp string) string {
	if len(fp) > 19 {
		return fp[:19]
	}
	return fp
}

// Table writes the terminal summary of a results file: campaign win rate with its Wilson 95%
// interval and mean Shards per group, success and rounds per level, success per temple and
// level, Ganon, and the loss reasons, as aligned plain-text tables (text/tabwriter).
func Table(w io.Writer, res *sim.Results) error {
	ew := &errWriter{w: w}
	fmt.Fprintln(ew, header(res))
	if len(res.Groups) == 0 {
		fmt.Fprintln(ew, "no groups")
		return ew.err
	}
	for _, sec := range sections(res, nil) {
		for _, t := range sec.tables {
			fmt.Fprintf(ew, "\n%s\n", t.title)
			writeTextTable(ew, t)
		}
	}
	return ew.err
}

// writeTextTable writes the header and rows of t as aligned plain text (text/tabwriter).
func writeTextTable(w io.Writer, t table) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(t.header, "\t"))
	for _, row := range t.rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
}

// errWriter remembers the first write error so that a writer can check once at the end.
type errWriter struct {
	w   io.Writer
	err error
}

// Write implements io.Writer; after a failure it writes nothing more.
func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
