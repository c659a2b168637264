// Package clockwork is Clockwork Realm's part of the reports (imported as cwreports): its
// metrics (level and temple success, rounds, Triforce Shards, Ganon, timeouts) with their
// selectors (level, temple, skill), its charts, its report sections, its rows of report.csv and
// the terminal summary of `clockwork ganon`. It registers them with package reports from init,
// so that every writer of reports serves Clockwork Realm's results files; a program that writes
// them imports it for that alone:
//
//	import _ "github.com/clockworksim/clockwork/reports/clockwork"
package clockwork

import (
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// WinRateMetric is Clockwork's name of the generic win rate: the share of campaigns the team
// won.
const WinRateMetric = "campaign_win_rate"

func init() {
	reports.RegisterGame(reports.GameReport{
		Name:         cwsim.Name,
		WinRate:      WinRateMetric,
		WinRateTitle: "Campaign win rate",
		Metrics:      metrics,
		Selectors:    []reports.Selector{levelSel, templeSel, skillSel, reasonSel},
		ParamTitles:  map[string]string{"ganon.targets": "Ganon target"},
		Sections:     sections,
		Charts:       charts,
		CSVColumns:   []string{"level", "temple", "reason", "skill"},
		CSVRows:      csvRows,
		ShortAnswer:  true,
		Capped: func(_ *sim.Results, g *sim.Group) (int64, bool) { // campaigns lost to a level's round cap
			if s := cwsim.Of(g); s != nil {
				return s.LossReasons["timeout"], true
			}
			return 0, false
		},
		Summary: GanonTable,
	})
}

// csvRows are a group's rows of report.csv, in the columns level, temple, reason and skill:
//
//   - campaign_win_rate: wins / campaigns;
//   - level_success (level 1-4): successes / attempts;
//   - temple_success (level and temple): successes / attempts;
//   - mean_rounds (level): mean rounds used, with lo95/hi95 = mean ± 1.96 SE;
//   - idle_hero_rounds (level): hero-rounds with no action / hero-rounds;
//   - mean_final_shards: mean Triforce Shards held at the end, lo95/hi95 = mean ± 1.96 SE;
//   - ganon_defeat_rate (level 4): Ganon defeated / Ganon reached;
//   - ganon_reached_shortfall (skill): of the teams that reached Ganon and lost, the mean of what
//     his target still asked (when the file has the count);
//   - loss_reason_share (reason): campaigns lost for the reason / campaigns lost;
//   - timeout_rate: campaigns with a timed-out level / campaigns.
func csvRows(res *sim.Results, g *sim.Group) []reports.CSVRow {
	row := func(m *reports.Metric, lvl, temple string, at reports.At) reports.CSVRow {
		return reports.CSVRow{Metric: m, At: at, Columns: []string{lvl, temple, at["reason"], at["skill"]}}
	}
	rows := []reports.CSVRow{row(reports.MetricNamed(res.Game, WinRateMetric), "", "", nil)}
	for _, l := range cwOf(g).Levels {
		rows = append(rows, row(levelSuccess, strconv.Itoa(l.Level), "", atLevel(l.Level)))
	}
	for _, t := range cwOf(g).Temples {
		rows = append(rows, row(templeSuccess, strconv.Itoa(t.Level), t.Temple, reports.At{"level": strconv.Itoa(t.Level), "temple": t.Temple}))
	}
	for _, l := range cwOf(g).Levels {
		rows = append(rows, row(meanRounds, strconv.Itoa(l.Level), "", atLevel(l.Level)))
	}
	for _, l := range cwOf(g).Levels {
		if l.Quality.HeroRounds > 0 {
			rows = append(rows, row(idleRate, strconv.Itoa(l.Level), "", atLevel(l.Level)))
		}
	}
	rows = append(rows, row(meanShards, "", "", nil), row(ganonDefeat, strconv.Itoa(max(levelCount(res), 1)), "", nil))
	for _, k := range sim.SortedKeys(cwOf(g).Ganon.ReachedShortfallHist) {
		rows = append(rows, row(ganonReachedShortfall, "", "", reports.At{"skill": k}))
	}
	for _, k := range sim.SortedKeys(cwOf(g).LossReasons) {
		rows = append(rows, row(lossReason, "", "", reports.At{"reason": k}))
	}
	return append(rows, row(timeoutRate, "", "", nil))
}
