package reports

import (
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// This file is the answer of a sensitivity over Zelda Duels' match-up matrix (`clockwork duels
// sensitivity --matrix`): its rows pair each team's win rate over the matrix (SensitivityRow.Team),
// and the values are ranked by the largest change of any team's rate.

// IsMatrixSensitivity reports whether res is a sensitivity over a match-up matrix: its rows name
// a team (and pair its win rate over its games against the other teams, maps pooled, mirrors
// left out: the tier list's rate; such a file has no other metric).
func IsMatrixSensitivity(res *sim.Results) bool {
	for _, r := range res.Sensitivity {
		if r.Team != "" {
			return true
		}
	}
	return false
}

// TeamShift is what moving a value one step did to one team's win rate over the matrix, on the
// same games: the rates before (Base) and after (Moved) with their Wilson 95% intervals, the
// paired difference moved minus base with its Agresti-Min 95% interval, and McNemar's test on
// the games the team won in one version only.
type TeamShift struct {
	Team                string
	Base, Moved         stats.Rate
	Diff, Lo, Hi        float64
	Test                stats.McNemar
	BaseOnly, MovedOnly int64 // the games won by the base only, by the moved data only
}

// MatrixStep is one value moved one step over the whole matrix: every team's shift, the one
// that moved most first, and how much the whole matrix moved.
type MatrixStep struct {
	Value int
	// Teams are the shifts of every team, by the size of the change (largest first), then by
	// team id.
	Teams []TeamShift
	// MeanAbs is the matrix-wide figure: the mean over the teams of the absolute change of
	// their win rates (a value that moves one team by 6 points and takes them from the others
	// evenly moves a matrix of ten teams by 1.2).
	MeanAbs float64
}

// Top is the team whose win rate moved most (nil for a step without teams).
func (s *MatrixStep) Top() *TeamShift {
	if s == nil || len(s.Teams) == 0 {
		return nil
	}
	return &s.Teams[0]
}

// MatrixEffect is one data value moved a step down (Low) and up (High) over the matrix.
type MatrixEffect struct {
	Param string
	Base  int
	Low   *MatrixStep // nil when the value could not be moved that way (not valid data)
	High  *MatrixStep
	// Skipped says why a side could not be tried ("VALUE: reason").
	Skipped []string
}

// Size is the effect's size for ranking: the largest absolute change of any team's win rate
// at either step (0 when neither was tried).
func (e MatrixEffect) Size() float64 {
	t := e.Team()
	if t == nil {
		return 0
	}
	return math.Abs(t.Diff)
}

// Team is the shift of the team that moved most at either step (nil when neither was tried).
func (e MatrixEffect) Team() *TeamShift {
	var best *TeamShift
	for _, s := range []*MatrixStep{e.Low, e.High} {
		if t := s.Top(); t != nil && !math.IsNaN(t.Diff) && (best == nil || math.Abs(t.Diff) > math.Abs(best.Diff)) {
			best = t
		}
	}
	return best
}

// shiftOf returns team's shift at step s (nil when s is nil or has no such team).
func (s *MatrixStep) shiftOf(team string) *TeamShift {
	if s == nil {
		return nil
	}
	for i := range s.Teams {
		if s.Teams[i].Team == team {
			return &s.Teams[i]
		}
	}
	return nil
}

// MatrixEffects returns the effects of a sensitivity over the matrix, ranked by Size (largest
// first; ties by param).
func MatrixEffects(res *sim.Results) []MatrixEffect {
	var out []MatrixEffect
	index := map[string]int{}
	steps := map[string]*MatrixStep{}
	for _, r := range res.Sensitivity {
		i, ok := index[r.Param]
		if !ok {
			i = len(out)
			index[r.Param] = i
			out = append(out, MatrixEffect{Param: r.Param, Base: r.Base})
		}
		e := &out[i]
		if r.Skipped != "" {
			if why := fmt.Sprintf("%d: %s", r.Value, r.Skipped); len(e.Skipped) == 0 || e.Skipped[len(e.Skipped)-1] != why {
				e.Skipped = append(e.Skipped, why)
			}
			continue
		}
		key := r.Param + "=" + strconv.Itoa(r.Value)
		st := steps[key]
		if st == nil {
			st = &MatrixStep{Value: r.Value}
			steps[key] = st
			if r.Value < r.Base {
				e.Low = st
			} else {
				e.High = st
			}
		}
		st.Teams = append(st.Teams, teamShift(r))
	}
	for key, st := range steps {
		param, _, _ := strings.Cut(key, "=")
		st.finish(param)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Size() != out[j].Size() {
			return out[i].Size() > out[j].Size()
		}
		return out[i].Param < out[j].Param
	})
	return out
}

// teamShift derives a team's shift from its row's counts.
func teamShift(r sim.SensitivityRow) TeamShift {
	p := r.Paired
	t := TeamShift{Team: r.Team, Base: stats.NewRate(p.BaseWins, p.Episodes), Moved: stats.NewRate(p.BaseWins-p.BaseOnly+p.MovedOnly, p.Episodes),
		Test: stats.McNemarTest(p.BaseOnly, p.MovedOnly), BaseOnly: p.BaseOnly, MovedOnly: p.MovedOnly}
	t.Diff, t.Lo, t.Hi = stats.PairedDiff(p.BaseOnly, p.MovedOnly, p.Episodes)
	return t
}

// finish sorts the step's teams by the size of their change (on a tie, a team named in the
// value's path first: the team the value belongs to, whose gain the others share as a loss;
// then by id) and sets the mean absolute change.
func (s *MatrixStep) finish(param string) {
	named := func(t string) bool { return slices.Contains(strings.Split(param, "."), t) }
	sort.SliceStable(s.Teams, func(i, j int) bool {
		a, b := math.Abs(stats.NanZero(s.Teams[i].Diff)), math.Abs(stats.NanZero(s.Teams[j].Diff))
		if a != b {
			return a > b
		}
		if ni, nj := named(s.Teams[i].Team), named(s.Teams[j].Team); ni != nj {
			return ni
		}
		return s.Teams[i].Team < s.Teams[j].Team
	})
	sum, n := 0.0, 0
	for _, t := range s.Teams {
		if !math.IsNaN(t.Diff) {
			sum, n = sum+math.Abs(t.Diff), n+1
		}
	}
	s.MeanAbs = math.NaN()
	if n > 0 {
		s.MeanAbs = sum / float64(n)
	}
}

// matrixSensitivityTables ranks the moved values by the largest change of a team's win rate:
// for each step the team that moved most, its change with the interval and McNemar's p, and
// the matrix-wide mean absolute change.
func matrixSensitivityTables(res *sim.Results) []page.Table {
	es := MatrixEffects(res)
	if len(es) == 0 {
		return nil
	}
	header := []string{"rank", "value", "in the data"}
	for _, side := range []string{"down to", "up to"} {
		header = append(header, side, "team moved most", "win rate", "change", "95% interval", "McNemar p", "all teams: mean abs. change")
	}
	t := page.Table{Title: "What moves the matrix: each value a step down and up, ranked by the largest change of a team's win rate " +
		"(its games against the other teams, maps pooled)", Header: header, Right: page.RightFrom(len(header), 2)}
	for i, e := range es {
		row := []string{strconv.Itoa(i + 1), e.Param, strconv.Itoa(e.Base)}
		row = append(row, matrixStepCells(e.Low)...)
		row = append(row, matrixStepCells(e.High)...)
		t.Rows = append(t.Rows, row)
	}
	t.Right[4], t.Right[11] = false, false // the teams' names
	return []page.Table{t}
}

// matrixStepCells are a step's cells of the ranking table ("not valid" when not tried).
func matrixStepCells(s *MatrixStep) []string {
	top := s.Top()
	if top == nil {
		return []string{"not valid", "-", "-", "-", "-", "-", "-"}
	}
	return []string{strconv.Itoa(s.Value), top.Team, format.Pct(top.Base.P) + " → " + format.Pct(top.Moved.P), format.Signed(top.Diff),
		format.SignedRange(top.Lo, top.Hi), format.P(top.Test.P), fmt.Sprintf("%.1f pt", 100*s.MeanAbs)}
}

// MatrixTornadoChart draws the values that move the matrix most: one row per value (the
// largest effect at the top), labelled with the value and the team that moved most at either
// step, and that team's change of win rate when the value goes a step down (an orange bar in the
// row's upper lane) and up (a blue bar in its lower lane), each with its 95% interval drawn on
// its own bar; a step the data does not allow says "not valid" in its lane. At most tornadoTop
// rows.
func MatrixTornadoChart(res *sim.Results) (*plot.Plot, error) {
	all := MatrixEffects(res)
	var es []Effect
	var names []string
	for _, e := range all[:min(len(all), tornadoTop)] {
		t := e.Team()
		team := "-"
		if t != nil {
			team = t.Team
		}
		es = append(es, Effect{Param: e.Param, Base: e.Base, Low: sideOf(e.Low, team), High: sideOf(e.High, team), Skipped: e.Skipped})
		names = append(names, fmt.Sprintf("%s (%d): %s", e.Param, e.Base, team))
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("%w: no sensitivity rows", chart.ErrNoData)
	}
	return laneTornado("What moves the matrix", "team win rate change (points), one step down and up", names, es)
}

// tornadoLane is the distance of a side's lane from its row's centre, and tornadoBar the
// thickness of its bar, in rows.
const (
	tornadoLane = 0.2
	tornadoBar  = 0.34
)

// NotValidLabel is what a tornado drawn in lanes writes in the lane of a step the data does not
// allow.
const NotValidLabel = "not valid"

// laneStep is one step of a tornado row drawn in lanes (laneTornado): its lane's centre Y (the
// row, ± tornadoLane), and the change with its 95% interval in points, or NotValid for a step
// the data does not allow.
type laneStep struct {
	Up          bool
	Y           float64
	Win, Lo, Hi float64
	NotValid    bool
}

// tornadoLanes lays out the steps of effects es (the first at the top, row len(es)-1): each
// step down in the upper lane of its row, each step up in the lower; a step that was tried with
// its change, one the data does not allow (Effect.Skipped) NotValid, one neither left out.
func tornadoLanes(es []Effect) []laneStep {
	var out []laneStep
	for i, e := range es {
		row := float64(len(es) - 1 - i)
		for _, sd := range []struct {
			up   bool
			side *EffectSide
		}{{false, e.Low}, {true, e.High}} {
			y := row + tornadoLane
			dir := "down"
			if sd.up {
				y, dir = row-tornadoLane, "up"
			}
			switch s := sd.side; {
			case s != nil && !math.IsNaN(s.Win):
				out = append(out, laneStep{Up: sd.up, Y: y, Win: 100 * s.Win, Lo: 100 * s.WinLo, Hi: 100 * s.WinHi})
			default:
				if v, _ := skippedSide(e, dir); v != "" { // the data does not allow it
					out = append(out, laneStep{Up: sd.up, Y: y, NotValid: true})
				}
			}
		}
	}
	return out
}

// laneTornado draws a tornado of effects es named labels (the largest first, at the top) with
// each step in a lane of its own (tornadoLanes): the step down's bar in the upper half of its
// row, the step up's in the lower half, each whisker (the 95% interval) centred on its own bar,
// and NotValidLabel in the lane of a step that was not played because the data does not allow
// it.
func laneTornado(title, xLabel string, labels []string, es []Effect) (*plot.Plot, error) {
	p := chart.NewPlot(title, xLabel, "")
	n := len(es)
	names := make([]string, n)
	for i := range es {
		names[n-1-i] = TornadoLabel(labels[i])
	}
	steps := tornadoLanes(es)
	lo, hi := 0.0, 0.0
	for _, st := range steps {
		if !st.NotValid {
			lo, hi = min(lo, st.Lo), max(hi, st.Hi)
		}
	}
	pad := math.Max(1, 0.06*(hi-lo))
	xMin, xMax := lo-pad, hi+pad
	// "not valid" goes on the side of 0 with more room.
	invalidStyle := chart.TextStyle(7.5, draw.XLeft, draw.YCenter)
	invalidOffset := vg.Point{X: vg.Points(4)}
	if -xMin > xMax {
		invalidStyle.XAlign, invalidOffset.X = draw.XRight, -vg.Points(4)
	}
	invalidStyle.Color = color.Gray{Y: 90}
	var invalid plotter.XYLabels
	for _, sd := range []struct {
		name  string
		up    bool
		color color.RGBA
		shift float64
	}{
		{"a step down", false, chart.SeriesColor(1), tornadoLane},
		{"a step up", true, chart.SeriesColor(0), -tornadoLane},
	} {
		vals := make([]float64, n) // bar k at y = shift + k
		var xeb chart.XErrorBars
		for _, st := range steps {
			switch {
			case st.Up != sd.up:
			case st.NotValid:
				invalid.XYs = append(invalid.XYs, plotter.XY{X: 0, Y: st.Y})
				invalid.Labels = append(invalid.Labels, NotValidLabel)
			default:
				vals[int(math.Round(st.Y-sd.shift))] = st.Win
				xeb.Add(st.Y, st.Win, st.Lo, st.Hi)
			}
		}
		bars, err := chart.NewBars(vals, sd.shift, tornadoBar, sd.color)
		if err != nil {
			return nil, err
		}
		bars.Horizontal = true
		p.Add(bars)
		p.Legend.Add(sd.name, bars)
		if err := chart.AddThinXErrorBars(p, xeb); err != nil {
			return nil, err
		}
	}
	if len(invalid.XYs) > 0 {
		l, err := chart.PlacedLabels(invalid, invalidStyle, invalidOffset)
		if err != nil {
			return nil, err
		}
		p.Add(l)
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	p.X.Min, p.X.Max = xMin, xMax
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: p.Y.Min}, {X: 0, Y: p.Y.Max}})
	if err != nil {
		return nil, err
	}
	zero.Color, zero.Width = color.Gray{Y: 60}, vg.Points(0.8)
	p.Add(zero)
	return p, nil
}

// sideOf is team's change at step s as a tornado side (nil when the step was not tried).
func sideOf(s *MatrixStep, team string) *EffectSide {
	t := s.shiftOf(team)
	if t == nil {
		return nil
	}
	return &EffectSide{Value: s.Value, Win: t.Diff, WinLo: t.Lo, WinHi: t.Hi, Test: t.Test, Campaigns: t.Base.N}
}

// matrixTornadoCharts is the tornado chart of a sensitivity over the matrix, named as the
// tornado at its player count (ChartTornado).
func matrixTornadoCharts(res *sim.Results) ([]*chart.Chart, error) {
	p, err := MatrixTornadoChart(res)
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartTornado(res.Sensitivity[0].Players), err)
	}
	c := chart.NewChart(ChartTornado(res.Sensitivity[0].Players), p)
	c.Caption = "Each row is a data value, the one that moves a team's win rate most at the top, named with " +
		"that team: the orange bar (upper lane) is the team's change when the value goes one step down, the " +
		"blue bar (lower lane) when it goes one step up, each whisker the 95% interval of its own bar; \"not " +
		"valid\" marks a step the data does not allow. A bar whose interval crosses zero is within noise."
	c.Height = tornadoHeight(min(len(MatrixEffects(res)), tornadoTop))
	c.Width = max(c.Width, tornadoLabelWidth(p)+tornadoDataWidth+legendRoom(c))
	return []*chart.Chart{c}, nil
}

// MatrixSensitivityCSVHeader is the header of MatrixSensitivityCSV.
func MatrixSensitivityCSVHeader() []string {
	return []string{"players", "rank", "value", "in_data", "direction", "moved_to", "team", "team_rank", "games",
		"base_win_rate", "moved_win_rate", "win_rate_change", "lo95", "hi95", "mcnemar_p", "won_by_base_only",
		"won_by_moved_only", "matrix_mean_abs_change", "not_valid", "unit"}
}

// MatrixSensitivityCSV writes the answer of a sensitivity over the match-up matrix for a
// spreadsheet: the values in rank order (MatrixEffects: the largest change of any team's win
// rate first), each with its step down and its step up (direction), and for each step a row per
// team, the team that moved most first (team_rank 1), under MatrixSensitivityCSVHeader:
//
//   - value is the --set path, in_data its value in the data, moved_to the value tried;
//   - games are the team's games paired (its games against the other teams, all maps),
//     base_win_rate and moved_win_rate its win rates on them, win_rate_change the paired
//     difference (moved minus base) with its Agresti-Min 95% interval lo95..hi95, and
//     mcnemar_p McNemar's p-value on won_by_base_only and won_by_moved_only;
//   - matrix_mean_abs_change is the step's mean over the teams of the absolute change;
//   - not_valid says why a moved value could not be played (one row, its numbers empty);
//   - unit says how the rates and changes are written, as the report shows them: "percent"
//     (rates in percent, changes in percentage points).
func MatrixSensitivityCSV(w io.Writer, res *sim.Results) error {
	cw := csv.NewWriter(w)
	cw.Write(MatrixSensitivityCSVHeader())
	for i, e := range MatrixEffects(res) {
		head := []string{strconv.Itoa(res.Sensitivity[0].Players), strconv.Itoa(i + 1), e.Param, strconv.Itoa(e.Base)}
		for _, side := range []struct {
			dir  string
			step *MatrixStep
		}{{"down", e.Low}, {"up", e.High}} {
			for _, rec := range matrixStepCSV(e, side.dir, side.step) {
				cw.Write(append(append([]string{}, head...), rec...))
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// matrixStepCSV are the rows of one step of an effect after in_data: one per team, or one
// saying why the step was not played.
func matrixStepCSV(e MatrixEffect, dir string, s *MatrixStep) [][]string {
	if s == nil {
		value, reason := skippedSide(Effect{Base: e.Base, Skipped: e.Skipped}, dir)
		return [][]string{{dir, value, "", "", "", "", "", "", "", "", "", "", "", "", reason, "percent"}}
	}
	var out [][]string
	for i, t := range s.Teams {
		out = append(out, []string{dir, strconv.Itoa(s.Value), t.Team, strconv.Itoa(i + 1), strconv.FormatInt(t.Base.N, 10),
			points(t.Base.P), points(t.Moved.P), points(t.Diff), points(t.Lo), points(t.Hi), format.Num(t.Test.P),
			strconv.FormatInt(t.BaseOnly, 10), strconv.FormatInt(t.MovedOnly, 10), points(s.MeanAbs), "", "percent"})
	}
	return out
}

// matrixHeadline: the value that moves the matrix most, the step and the team, and by how much
// ("at 2 players teams.link.characters.link.hp moves the matrix most: at 12 (from 18) link's
// win rate changes -9.5 pt [-11.0 to -8.1 pt]").
func matrixHeadline(res *sim.Results) []string {
	es := MatrixEffects(res)
	if len(es) == 0 || es[0].Size() == 0 {
		return nil
	}
	e := es[0]
	t := e.Team()
	step := e.High
	if e.Low.shiftOf(t.Team) == t {
		step = e.Low
	}
	return []string{fmt.Sprintf("%s %s moves the matrix most: at %d (from %d) %s's win rate changes %s [%s]",
		atPlayers(res, res.Sensitivity[0].Players), e.Param, step.Value, e.Base, t.Team, format.Signed(t.Diff), format.SignedRange(t.Lo, t.Hi))}
}
