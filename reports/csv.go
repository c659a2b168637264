package reports

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"

	"github.com/clockworksim/clockwork/sim"
)

// CSVHeader is the header row of the CSV summary (see CSV).
func CSVHeader() []string {
	return []string{"metric", "players", "agent", "params", "level", "temple", "value", "lo95", "hi95", "n"}
}

// CSV writes the summary metrics of a results file in long ("tidy") form, one row per metric,
// group, level and temple, under the header of CSVHeader:
//
//   - campaign_win_rate: wins / campaigns;
//   - level_success (level 1-4): successes / attempts;
//   - temple_success (level and temple): successes / attempts;
//   - mean_rounds (level): mean rounds used, with lo95/hi95 = mean ± 1.96 SE;
//   - mean_final_shards: mean Triforce Shards held at the end, lo95/hi95 = mean ± 1.96 SE;
//   - ganon_defeat_rate (level 4): Ganon defeated / Ganon reached;
//   - timeout_rate: campaigns with a timed-out level / campaigns;
//   - ladder_difference (a run with several agents): the paired difference of the campaign
//     win rates of two agents ("lower>higher" in the agent column), with its Agresti-Min 95%
//     interval, over n paired campaigns.
//
// The agent column names the agent with its strategies when they are not the defaults
// ("expert:rollouts=2").
// Rates are fractions in [0,1] with their Wilson 95% interval; n is the number of trials
// (observations for means). params is "key=value;key=value" sorted by key. Values are written
// in full precision; a value that does not exist (no trials) is left empty.
func CSV(w io.Writer, res *sim.Results) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader())
	for _, g := range res.Groups {
		base := []string{strconv.Itoa(g.Players), rungText(g.Agent, g.Strategies), sim.ParamsText(g.Params)}
		row := func(m *metricDef, lvl, temple string, at where) {
			e := m.of(g, at)
			rec := append([]string{m.name}, base...)
			rec = append(rec, lvl, temple, num(e.value), num(e.lo), num(e.hi), strconv.FormatInt(e.n, 10))
			cw.Write(rec)
		}
		row(winRate, "", "", where{})
		for _, l := range cwOf(g).Levels {
			row(levelSuccess, strconv.Itoa(l.Level), "", where{level: l.Level})
		}
		for _, t := range cwOf(g).Temples {
			row(templeSuccess, strconv.Itoa(t.Level), t.Temple, where{level: t.Level, temple: t.Temple})
		}
		for _, l := range cwOf(g).Levels {
			row(meanRounds, strconv.Itoa(l.Level), "", where{level: l.Level})
		}
		row(meanShards, "", "", where{})
		row(ganonDefeat, strconv.Itoa(max(levelCount(res), 1)), "", where{})
		row(timeoutRate, "", "", where{})
	}
	for _, l := range Ladders(res) {
		steps := l.Steps
		if l.Depth != nil {
			steps = append(steps, *l.Depth)
		}
		for _, st := range steps {
			cw.Write([]string{"ladder_difference", strconv.Itoa(l.Players), l.Rungs[st.A].Label + ">" + l.Rungs[st.B].Label, l.Params,
				"", "", num(st.Diff), num(st.Lo), num(st.Hi), strconv.FormatInt(st.Campaigns, 10)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// num formats a float in full precision, "" for NaN or an infinity.
func num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
