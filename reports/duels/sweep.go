package duels

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// This file is the answer of a sweep over the match-up matrix (`clockwork duels sweep --matrix`):
// every team's win rate over the matrix (the tier list's rate) at each swept value.

// ChartTeamSweep is the suffix of the name of a matrix sweep's chart: "sweep-<param>-team-win-rate".
const ChartTeamSweep = "team-win-rate"

// teamSweepChartName is the name of the chart of the teams' win rates against param.
func teamSweepChartName(param string) string {
	return "sweep-" + format.Slug(param) + "-" + ChartTeamSweep
}

// matrixSweepParams are the numeric swept params of a sweep over the matrix: the params other
// than the map and the teams that tell its settings apart (none when res is not a sweep whose
// settings are matrices).
func matrixSweepParams(res *sim.Results) []string {
	sets := settings(res)
	if len(sets) < 2 || !slices.ContainsFunc(sets, (*setting).hasMatrix) {
		return nil
	}
	var out []string
	for _, k := range reports.SweepParams(res) {
		if k != ParamMap && k != ParamTeams && reports.NumericParam(res, k) {
			out = append(out, k)
		}
	}
	return out
}

// teamPoint is a team's win rate over the matrix of one setting, at the setting's value x of the
// swept param; rest names the setting's other differences ("" when only the param differs).
type teamPoint struct {
	team, rest string
	x          float64
	rate       stats.Rate
}

// teamPoints are every team's win rates over the matrix of every setting, against param: the
// teams in the order of the first setting's tier list.
func teamPoints(res *sim.Results, param string) ([]teamPoint, error) {
	var out []teamPoint
	for _, s := range settings(res) {
		g := s.Matchups[0].g
		x, err := strconv.ParseFloat(strings.TrimSpace(g.Params[param]), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("params %q value %q is not a number", param, g.Params[param])
		}
		for _, t := range s.tiers() {
			out = append(out, teamPoint{team: t.Team, rest: restOf(res, g, param), x: x, rate: t.Rate})
		}
	}
	if !slices.ContainsFunc(out, func(p teamPoint) bool { return p.rest != out[0].rest }) {
		for i := range out {
			out[i].rest = ""
		}
	}
	return out, nil
}

// restOf names what a group's setting holds besides param: its agent and its other params.
func restOf(res *sim.Results, g *sim.Group, param string) string {
	parts := []string{reports.RungText(res.Game, g.Agent, g.Strategies)}
	for _, k := range sim.SortedKeys(g.Params) {
		if k != ParamMap && k != ParamTeams && k != param {
			parts = append(parts, k+"="+g.Params[k])
		}
	}
	return strings.Join(parts, ", ")
}

// TeamSweepChart draws every team's win rate over the matrix (its games against the other
// teams, maps pooled, mirrors left out: the tier list's rate) against the swept value of param:
// a line per team (and per value of what else tells the settings apart) with its Wilson 95%
// band, and a black ring on each team's point at the data's own value (res.BaseParams).
func TeamSweepChart(res *sim.Results, param string) (*plot.Plot, error) {
	pts, err := teamPoints(res, param)
	if err != nil {
		return nil, err
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("%w: no two-player match-up", chart.ErrNoData)
	}
	var lines []reports.SweepLine
	index := map[string]int{}
	var base plotter.XYs
	b, err := strconv.ParseFloat(strings.TrimSpace(res.BaseParams[param]), 64)
	hasBase := err == nil
	for _, pt := range pts {
		if !pt.rate.Known() {
			continue
		}
		name := pt.team
		if pt.rest != "" {
			name += " (" + pt.rest + ")"
		}
		i, ok := index[name]
		if !ok {
			i = len(lines)
			index[name] = i
			lines = append(lines, reports.SweepLine{Name: name})
		}
		y := stats.Pct(pt.rate.P)
		lines[i].Points = append(lines[i].Points, reports.SweepPoint{X: pt.x, Y: y, Lo: 100 * pt.rate.Lo, Hi: 100 * pt.rate.Hi})
		if hasBase && pt.x == b {
			base = append(base, plotter.XY{X: pt.x, Y: y})
		}
	}
	title := reports.ParamTitle(res, param)
	p := chart.NewPlot("Each team's win rate over the matrix by "+title, title, "win rate (%)")
	return p, reports.DrawSweep(p, res, param, lines, base, true)
}

// teamSweepCharts are the charts of a sweep over the matrix: for each numeric swept param, every
// team's win rate against it.
func teamSweepCharts(res *sim.Results, params []string) ([]*chart.Chart, error) {
	var out []*chart.Chart
	for _, param := range params {
		p, err := TeamSweepChart(res, param)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", teamSweepChartName(param), err)
		}
		c := chart.NewChart(teamSweepChartName(param), p)
		c.Caption = "One line per team: its win rate over all its match-ups (its games against the other teams, " +
			"maps pooled, mirrors left out: the tier list's rate) at each swept value, with its Wilson 95% band; " +
			"a black ring (a dashed line when it was not swept) marks the data's own value. Every point replays the same deals."
		out = append(out, c)
	}
	return out, nil
}

// teamSweepTable is every team's win rate over the matrix at each point of the sweep of param,
// with its Wilson 95% interval: a row per team (in the first point's tier-list order), a column
// per point.
func teamSweepTable(res *sim.Results, param string) (page.Table, error) {
	pts, err := teamPoints(res, param)
	if err != nil {
		return page.Table{}, err
	}
	t := page.Table{Title: "Each team's win rate over the matrix by " + param, Header: []string{"team"}}
	var cols, rows []string
	cells := map[[2]string]string{}
	for _, pt := range pts {
		col := param + "=" + strconv.FormatFloat(pt.x, 'g', -1, 64)
		if pt.rest != "" {
			col += " (" + pt.rest + ")"
		}
		if !slices.Contains(cols, col) {
			cols = append(cols, col)
		}
		if !slices.Contains(rows, pt.team) {
			rows = append(rows, pt.team)
		}
		cells[[2]string{pt.team, col}] = rateCell(pt.rate)
	}
	t.Header = append(t.Header, cols...)
	t.Right = page.RightFrom(len(t.Header), 1)
	for _, team := range rows {
		row := []string{team}
		for _, col := range cols {
			row = append(row, cellOr(cells[[2]string{team, col}]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// cellOr is a table cell, "-" when empty.
func cellOr(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// sweepHeadline is the answer of a sweep over the matrix: for each swept param, the team whose win
// rate over the matrix moves most along it (on a tie, the team named in the param's path), at
// the lowest and the highest value ("over the
// matrix link's win rate moves most with teams.link.characters.link.hp: 45.0% [31.0-59.9%] at 12,
// 85.0% [70.9-92.9%] at 20"); nil for another file.
func sweepHeadline(res *sim.Results) []string {
	var parts []string
	for _, param := range matrixSweepParams(res) {
		pts, err := teamPoints(res, param)
		if err != nil {
			return nil
		}
		byTeam := map[string][]teamPoint{}
		var teams []string
		for _, pt := range pts {
			if pt.rest == "" && pt.rate.Known() {
				if byTeam[pt.team] == nil {
					teams = append(teams, pt.team)
				}
				byTeam[pt.team] = append(byTeam[pt.team], pt)
			}
		}
		best, spread := "", -1.0
		named := func(t string) bool { return slices.Contains(strings.Split(param, "."), t) }
		for _, t := range teams {
			lo, hi := ends(byTeam[t])
			s := math.Abs(hi.rate.P - lo.rate.P)
			if s > spread+1e-12 || s > spread-1e-12 && named(t) && !named(best) { // a tie: the team the value is of
				best, spread = t, s
			}
		}
		if best == "" {
			continue
		}
		lo, hi := ends(byTeam[best])
		parts = append(parts, fmt.Sprintf("over the matrix %s's win rate moves most with %s: %s [%s] at %s, %s [%s] at %s",
			best, param, format.Rate(lo.rate), format.Interval(lo.rate), fmtX(lo.x),
			format.Rate(hi.rate), format.Interval(hi.rate), fmtX(hi.x)))
	}
	return parts
}

// ends are the points of the lowest and the highest swept value.
func ends(pts []teamPoint) (lo, hi teamPoint) {
	lo, hi = pts[0], pts[0]
	for _, p := range pts[1:] {
		if p.x < lo.x {
			lo = p
		}
		if p.x > hi.x {
			hi = p
		}
	}
	return lo, hi
}

// fmtX formats a swept value.
func fmtX(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
