package reports

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/sim"
)

// SensitivityCSVFile is the file of the ranked sensitivity rows that Write adds to report.csv
// for a sensitivity file.
const SensitivityCSVFile = "sensitivity.csv"

// SensitivityCSVHeader is the header of SensitivityCSV.
func SensitivityCSVHeader() []string {
	return []string{"players", "rank", "value", "in_data", "direction", "moved_to", "win_rate_change", "lo95", "hi95",
		"mcnemar_p", "campaigns", "metric", "metric_change", "metric_lo95", "metric_hi95", "not_valid", "unit", "metric_unit"}
}

// SensitivityCSV writes the answer of `clockwork sensitivity` for a spreadsheet: per player
// count, the values in rank order (Effects: the largest change of the campaign win rate first),
// each with a row for the step down and one for the step up (direction "down" or "up"), under
// SensitivityCSVHeader:
//
//   - value is the --set path, in_data its value in the data, moved_to the value tried;
//   - win_rate_change is the paired difference of the campaign win rate (moved minus base) in
//     percentage points, as the report shows it, with its Agresti-Min 95% interval lo95..hi95
//     over campaigns paired campaigns, and mcnemar_p McNemar's p-value on the campaigns won by
//     one version only;
//   - metric names the metric of --metric and metric_change, metric_lo95, metric_hi95 are its
//     paired difference and interval (a rate's in points, mean_final_shards' in Shards);
//   - not_valid says why a moved value could not be played (its numbers are then empty);
//   - unit and metric_unit name the units of the changes ("points", "Triforce Shards").
//
// A file without sensitivity rows writes the header only; a sensitivity over Zelda Duels'
// match-up matrix writes MatrixSensitivityCSV.
func SensitivityCSV(w io.Writer, res *sim.Results) error {
	if IsMatrixSensitivity(res) {
		return MatrixSensitivityCSV(w, res)
	}
	metric := res.SensitivityMetric
	if metric == "" {
		metric = "campaign_win_rate"
	}
	effects, err := Effects(res, metric)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write(SensitivityCSVHeader())
	for _, p := range PlayerCounts(res) {
		for i, e := range effects[p] {
			head := []string{strconv.Itoa(p), strconv.Itoa(i + 1), e.Param, strconv.Itoa(e.Base)}
			cw.Write(append(append([]string{}, head...), sensitivitySideCSV(e, "down", e.Low, metric)...))
			cw.Write(append(append([]string{}, head...), sensitivitySideCSV(e, "up", e.High, metric)...))
		}
	}
	cw.Flush()
	return cw.Error()
}

// sensitivitySideCSV is the part of a row after in_data for one side of an effect.
func sensitivitySideCSV(e Effect, direction string, s *EffectSide, metric string) []string {
	mUnit, mScale := "points", 100.0
	if metric == "mean_final_shards" {
		mUnit, mScale = "Triforce Shards", 1
	}
	if s == nil {
		value, reason := skippedSide(e, direction)
		return []string{direction, value, "", "", "", "", "", metric, "", "", "", reason, "points", mUnit}
	}
	return []string{direction, strconv.Itoa(s.Value), points(s.Win), points(s.WinLo), points(s.WinHi), format.Num(s.Test.P),
		strconv.FormatInt(s.Campaigns, 10), metric, format.Num(mScale * s.Metric), format.Num(mScale * s.MLo), format.Num(mScale * s.MHi), "",
		"points", mUnit}
}

// points writes a difference of rates (a fraction) in percentage points, as the reports show it.
func points(x float64) string { return format.Num(100 * x) }

// skippedSide is the value and why the side of an effect was not played: the Skipped entry of
// a value below (down) or above (up) the data's ("", "not played" when there is none).
func skippedSide(e Effect, direction string) (value, reason string) {
	for _, s := range e.Skipped {
		v, why, _ := strings.Cut(s, ": ")
		n, err := strconv.Atoi(v)
		if err == nil && (direction == "down") == (n < e.Base) {
			return v, why
		}
	}
	return "", "not played"
}
