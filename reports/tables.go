package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/sim"
)

// Sections returns the parts of the report of res, with the charts of chartNames (the charts
// that exist) placed in their section: the lead sections of the game (a sweep's), the skill
// ladder, the sensitivity ranking, the game's other sections (GameReport.Sections; the generic
// win-rate section for a game that registers none), the seat section of a game whose groups
// have seat counts, and a "Sweep" section, first, for the charts no section placed.
func Sections(res *sim.Results, chartNames []string) []page.Section {
	has := page.NewChartPicker(chartNames)
	pick := has.Pick
	var lead []page.Section
	eps := gameOf(res).episodes()
	ep := strings.TrimSuffix(eps, "s")
	if lt := ladderTables(res); lt != nil {
		// A ladder answers "how much does good play matter?": it comes first.
		lead = append(lead, page.Section{Title: "Skill ladder",
			Text: "Every agent played the same " + eps + " (the same seeds), so each agent is compared with the one below it " +
				ep + " by " + ep + ": the difference of their win rates with its 95% interval (Agresti-Min, for paired " +
				"proportions) and McNemar's test on the " + eps + " won by one and lost by the other. The skill depth is the " +
				"last agent's win rate minus the first's; each agent between reaches a share of it.",
			Charts: pick(ChartLadder), Tables: lt})
	}
	if st := sensitivityTables(res); st != nil && IsMatrixSensitivity(res) {
		lead = append(lead, page.Section{Title: "What moves the matrix",
			Text: "Each data value moved one step down and one step up, one at a time, the whole match-up matrix played again " +
				"on the same " + eps + " as the data as it is (common random numbers), and every team's win rate over its " +
				ep + "s against the other teams (maps pooled, mirrors left out: the tier list's rate) paired " + ep + " by " +
				ep + " (the same match-up, map, deal and seats). Ranked by the largest change of any team's win rate: the " +
				"team that moved most at each step, its rate before and after, the paired difference in points with its " +
				"95% interval (Agresti-Min) and McNemar's test on the " + eps + " it won in one version only; \"all teams\" " +
				"is the mean over the teams of the absolute change of their rates, how much the whole matrix moved. " +
				"\"not valid\" marks a move the data does not allow. Every team's change is in sensitivity.csv.",
			Charts: pick(ChartTornado(res.Sensitivity[0].Players)), Tables: st})
	} else if st != nil {
		var names []string
		for _, n := range PlayerCounts(res) {
			names = append(names, ChartTornado(n))
		}
		lead = append(lead, page.Section{Title: "What matters most",
			Text: "Each data value moved one step down and one step up, one at a time, on the same " + eps + " as the data " +
				"as it is (common random numbers), ranked by the largest change of the " + winRateName(res) + ": the paired " +
				"difference in points with its 95% interval (Agresti-Min) and McNemar's test on the " + eps + " won by one " +
				"version only. \"not valid\" marks a move the data does not allow.",
			Charts: pick(names...), Tables: st})
	}
	seats := seatSection(res, pick)
	var own []page.Section
	if sec := gameOf(res).Sections; sec != nil {
		own = sec(res, remaining(chartNames, has))
	} else {
		own = genericSections(res, remaining(chartNames, has))
	}
	var first, rest []page.Section
	for _, sec := range own {
		for _, n := range sec.Charts {
			delete(has, n)
		}
		if sec.Lead {
			first = append(first, sec)
		} else {
			rest = append(rest, sec)
		}
	}
	if left := remaining(chartNames, has); len(left) > 0 {
		// A sweep's own charts answer its question: they come first.
		first = append([]page.Section{SweepSection(left)}, first...)
	}
	return append(append(append(first, lead...), rest...), seats...)
}

// remaining lists the names of chartNames still in has, in order.
func remaining(chartNames []string, has map[string]bool) []string {
	var out []string
	for _, n := range chartNames {
		if has[n] {
			out = append(out, n)
		}
	}
	return out
}

// SweepSection is the lead section of a sweep's charts: each metric against the swept parameter.
func SweepSection(charts []string) page.Section {
	return page.Section{Title: "Sweep", Lead: true,
		Text: "Each metric against the swept parameter, one line per player count, with the 95% interval " +
			"shaded (Wilson for rates, mean ± 1.96 SE for means).",
		Charts: charts}
}

// HasParams reports whether any group sets params.
func HasParams(res *sim.Results) bool {
	for _, g := range res.Groups {
		if len(g.Params) > 0 {
			return true
		}
	}
	return false
}

// CampaignsCell is a group's campaign count, "862 (partial)" when the group is not complete.
func CampaignsCell(g *sim.Group) string {
	n := strconv.FormatInt(g.Episodes, 10)
	if g.Partial {
		n += " (partial)"
	}
	return n
}

// header describes the run: tool version, seed, data fingerprint, round cap, shard, and how it
// ended (partial, or stopped for precision).
func header(res *sim.Results) string {
	var b strings.Builder
	fmt.Fprintf(&b, "clockwork %s, seed %d, data %s, round cap %d", res.ToolVersion, res.Seed,
		shortFingerprint(res.ConfigFingerprint), res.TurnCap)
	if res.Shard.Count > 1 {
		fmt.Fprintf(&b, ", shard %d/%d", res.Shard.Index, res.Shard.Count)
	}
	var n int64
	for _, g := range res.Groups {
		n += g.Episodes
	}
	fmt.Fprintf(&b, ", %d group%s, %d %s", len(res.Groups), plural(len(res.Groups)), n, gameOf(res).episodes())
	if len(res.Sensitivity) > 0 && IsMatrixSensitivity(res) {
		values, runs, _ := sensitivityCounts(res)
		fmt.Fprintf(&b, " on the data as it is, then %d value%s moved (%d run%s of the whole matrix on the same %s)",
			values, plural(values), runs, plural(runs), gameOf(res).episodes())
	} else if len(res.Sensitivity) > 0 {
		values, runs, moved := sensitivityCounts(res)
		fmt.Fprintf(&b, " on the data as it is, then %d value%s moved (%d run%s, %d %s): %d %s played",
			values, plural(values), runs, plural(runs), moved, gameOf(res).episodes(), n+moved, gameOf(res).episodes())
	}
	switch {
	case res.Partial:
		b.WriteString(" (partial: interrupted before every group was complete)")
	case res.Stopped == sim.StoppedPrecision:
		fmt.Fprintf(&b, " (stopped early: every win-rate interval narrower than --precision %g)", res.Precision)
	}
	return b.String()
}

// sensitivityCounts counts what a sensitivity file played besides its base run: the values
// moved (a value none of whose steps was valid counts too), the moved runs (a value at one of
// its steps, all player counts together) and their campaigns.
func sensitivityCounts(res *sim.Results) (values, runs int, campaigns int64) {
	seen := map[string]bool{}
	ran := map[string]bool{}
	for _, r := range res.Sensitivity {
		seen[r.Param] = true
		if r.Skipped == "" {
			ran[r.Param+"="+strconv.Itoa(r.Value)] = true
			campaigns += r.Paired.Episodes
		}
	}
	return len(seen), len(ran), campaigns
}

// plural is "s" but for 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// shortFingerprint keeps "sha256:" and 12 hex digits.
func shortFingerprint(fp string) string {
	if len(fp) > 19 {
		return fp[:19]
	}
	return fp
}

// Table writes the terminal summary of a results file: the header, the headline (Headline) and
// every table of the report
// (the sections of the game, see GameReport.Sections), as aligned plain-text tables
// (text/tabwriter). For Clockwork Realm: campaign win rate with its Wilson 95%
// interval and mean Shards per group, success and rounds per level, success per temple and
// level, Ganon, and the loss reasons, as aligned plain-text tables (text/tabwriter).
func Table(w io.Writer, res *sim.Results) error {
	ew := page.NewErrWriter(w)
	writeHeader(ew, res)
	if len(res.Groups) == 0 {
		fmt.Fprintln(ew, "no groups")
		return ew.Err()
	}
	for _, sec := range Sections(res, nil) {
		for _, t := range sec.Tables {
			fmt.Fprintf(ew, "\n%s\n", t.Title)
			t.WriteText(ew)
		}
	}
	return ew.Err()
}

// Brief writes the short terminal answer of a results file: the header, the headline (Headline),
// the tables of the first
// section that has any (the answer to the command's question: the campaign win rate of each
// group of a run or a sweep, the ranking of a sensitivity run), then one line naming the tables
// left out, which Table writes ("--verbose" is the flag of the commands that print Brief).
func Brief(w io.Writer, res *sim.Results) error {
	ew := page.NewErrWriter(w)
	writeHeader(ew, res)
	if len(res.Groups) == 0 {
		fmt.Fprintln(ew, "no groups")
		return ew.Err()
	}
	answered := false // the first section with tables is the answer
	var left []string
	for _, sec := range Sections(res, nil) {
		switch {
		case len(sec.Tables) == 0:
		case !answered:
			answered = true
			for _, t := range sec.Tables {
				fmt.Fprintf(ew, "\n%s\n", t.Title)
				t.WriteText(ew)
			}
		default:
			for _, t := range sec.Tables {
				left = append(left, strings.SplitN(t.Title, " (", 2)[0])
			}
		}
	}
	if len(left) > 0 {
		fmt.Fprintf(ew, "\n%d more table%s (%s): --verbose prints them, --report writes them with the charts\n",
			len(left), plural(len(left)), strings.Join(left, "; "))
	}
	return ew.Err()
}

// writeHeader writes the terminal header of res and, on the next line, its answer (Headline).
func writeHeader(w io.Writer, res *sim.Results) {
	fmt.Fprintln(w, header(res))
	if h := Headline(res); h != "" {
		fmt.Fprintln(w, h)
	}
}
