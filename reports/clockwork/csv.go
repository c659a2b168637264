package clockwork

import (
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// csvRows are a group's rows of report.csv, in the columns level and temple:
//
//   - campaign_win_rate: wins / campaigns;
//   - level_success (level 1-4): successes / attempts;
//   - temple_success (level and temple): successes / attempts;
//   - mean_rounds (level): mean rounds used, with lo95/hi95 = mean ± 1.96 SE;
//   - mean_final_shards: mean Triforce Shards held at the end, lo95/hi95 = mean ± 1.96 SE;
//   - ganon_defeat_rate (level 4): Ganon defeated / Ganon reached;
//   - timeout_rate: campaigns with a timed-out level / campaigns.
func csvRows(res *sim.Results, g *sim.Group) []reports.CSVRow {
	row := func(m *reports.Metric, lvl, temple string, at reports.At) reports.CSVRow {
		return reports.CSVRow{Metric: m, At: at, Columns: []string{lvl, temple}}
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
	return append(rows, row(meanShards, "", "", nil),
		row(ganonDefeat, strconv.Itoa(max(levelCount(res), 1)), "", nil),
		row(timeoutRate, "", "", nil))
}
