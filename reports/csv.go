package reports

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// CSVHeader is the header row of the CSV summary of a results file of game ("" is
// sim.DefaultGame; see CSV): metric, players, agent, params, the game's columns
// (GameReport.CSVColumns: level and temple for Clockwork Realm, seat for a game that registers
// none), value, lo95, hi95, n.
func CSVHeader(game string) []string {
	h := append([]string{"metric", "players", "agent", "params"}, gameNamed(game).csvColumns()...)
	return append(h, "value", "lo95", "hi95", "n")
}

// CSVRunColumns are the columns of the run's metadata at the end of report.csv, after unit: the
// same on every row, so that a row read alone (a spreadsheet's filter, rows of several files
// pasted together) still says which run it is of.
var CSVRunColumns = []string{"seed", "tool_version", "config_fingerprint", "round_cap", "partial"}

// CSVHeaderOf is the header of report.csv of res, the same layout for every game: CSVHeader,
// with one column per params key given one (the game's, GameReport.CSVKeys: Zelda Duels' map of
// a matrix; else each swept key, SweepParams), named by the key, between params and the game's
// columns; and after n the unit of the value ("fraction" for rates and differences of rates,
// "rounds", "Triforce Shards"...) and CSVRunColumns.
func CSVHeaderOf(res *sim.Results) []string {
	h := append([]string{"metric", "players", "agent", "params"}, csvKeys(res)...)
	h = append(append(h, gameOf(res).csvColumns()...), "value", "lo95", "hi95", "n")
	return append(append(h, "unit"), CSVRunColumns...)
}

// csvKeys are the params keys of res that report.csv gives a column of their own: the game's
// (GameReport.CSVKeys), else the swept keys (SweepParams).
func csvKeys(res *sim.Results) []string {
	if r := gameOf(res); r.CSVKeys != nil {
		return r.CSVKeys(res)
	}
	return SweepParams(res)
}

// csvSpread is the part of a row of group g around the game's columns: the values of the keys
// given a column (keys, csvKeys; g nil for none), and after n the unit and the run's metadata
// (tail).
func csvSpread(res *sim.Results, g *sim.Group, keys []string, unit string) (vals, tail []string) {
	vals = make([]string, len(keys))
	for i, k := range keys {
		if g != nil {
			vals[i], _ = paramOf(g, k)
		}
	}
	tail = []string{unit, strconv.FormatUint(res.Seed, 10), res.ToolVersion, res.ConfigFingerprint,
		strconv.Itoa(res.TurnCap), strconv.FormatBool(res.Partial)}
	return vals, tail
}

// CSVLine is a row of report.csv that pools groups (GameReport.CSVPooled): the metric, the
// players, agent and params of the groups pooled, the values of the key columns (csvKeys, in
// order) and of the game's columns, and the rate with its Wilson 95% interval (value, lo95,
// hi95, n); Unit is its unit column.
type CSVLine struct {
	Metric        string
	Players       int
	Agent, Params string
	Keys, Columns []string
	Rate          stats.Rate
	Unit          string
}

// CSV writes the summary metrics of a results file in long ("tidy") form, one row per metric,
// group and selector values, under the header of CSVHeaderOf: the game's rows of each group
// (GameReport.CSVRows; for a game that registers none, its win rate and, with seat counts,
// seat_win_rate of every seat, no_winner_rate and mean_turns: SeatRows), then
//
//   - the game's rows that pool groups (GameReport.CSVPooled: Zelda Duels' win rates over
//     the match-up matrix);
//   - ladder_difference (a run with several agents): the paired difference of the win rates
//     of two agents ("lower>higher" in the agent column), with its Agresti-Min 95% interval,
//     over n paired campaigns.
//
// The agent column names the agent with its strategies when they are not the defaults
// ("expert:rollouts=2").
// Rates are fractions in [0,1] with their Wilson 95% interval; means have lo95/hi95 = mean ±
// 1.96 SE; n is the number of trials (observations for means). params is "key=value;key=value"
// sorted by key. Values are written in full precision; a value that does not exist (no trials)
// is left empty.
func CSV(w io.Writer, res *sim.Results) error {
	r := gameOf(res)
	rowsOf := r.CSVRows
	if rowsOf == nil {
		rowsOf = genericCSVRows
	}
	cw := csv.NewWriter(w)
	cw.Write(CSVHeaderOf(res))
	swept := csvKeys(res)
	for _, g := range res.Groups {
		base := []string{strconv.Itoa(g.Players), RungText(res.Game, g.Agent, g.Strategies), sim.ParamsText(g.Params)}
		for _, row := range rowsOf(res, g) {
			e := row.Metric.Of(g, row.At)
			keys, tail := csvSpread(res, g, swept, row.Metric.Units())
			rec := append(append(append([]string{row.Metric.Name}, base...), keys...), row.Columns...)
			rec = append(rec, format.Num(e.Value), format.Num(e.Lo), format.Num(e.Hi), strconv.FormatInt(e.N, 10))
			cw.Write(append(rec, tail...))
		}
	}
	if r.CSVPooled != nil {
		for _, l := range r.CSVPooled(res) {
			_, tail := csvSpread(res, nil, nil, l.Unit)
			lo, hi := l.Rate.Lo, l.Rate.Hi
			if !l.Rate.Known() { // no trials: no value, as a group's row (Metric.Pool)
				lo, hi = math.NaN(), math.NaN()
			}
			rec := append(append(append([]string{l.Metric, strconv.Itoa(l.Players), l.Agent, l.Params}, l.Keys...), l.Columns...),
				format.Num(l.Rate.P), format.Num(lo), format.Num(hi), strconv.FormatInt(l.Rate.N, 10))
			cw.Write(append(rec, tail...))
		}
	}
	empty := make([]string, len(r.csvColumns()))
	for _, l := range Ladders(res) {
		steps := l.Steps
		if l.Depth != nil {
			steps = append(steps, *l.Depth)
		}
		keys, tail := csvSpread(res, ladderGroup(res, l), swept, "fraction")
		for _, st := range steps {
			rec := append(append([]string{"ladder_difference", strconv.Itoa(l.Players), l.Rungs[st.A].Label + ">" + l.Rungs[st.B].Label, l.Params}, keys...), empty...)
			rec = append(rec, format.Num(st.Diff), format.Num(st.Lo), format.Num(st.Hi), strconv.FormatInt(st.Campaigns, 10))
			cw.Write(append(rec, tail...))
		}
	}
	cw.Flush()
	return cw.Error()
}

// ladderGroup is a group of the ladder l (its player count and params), whose swept values the
// ladder's rows share; nil when none matches.
func ladderGroup(res *sim.Results, l Ladder) *sim.Group {
	for _, g := range res.Groups {
		if g.Players == l.Players && sim.ParamsText(g.Params) == l.Params {
			return g
		}
	}
	return nil
}
