package reports

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// This file is the report every game gets without registering anything: the generic metrics
// (the judged seat's or team's win rate and, for games whose seats compete, each seat's win
// rate, the games nobody won and the length in turns), read from a group's generic counts
// (Campaigns, Wins, SeatWins, AgentWins, NoWinner, TurnsHist); the generic win-rate section and
// charts of a game that registers none; and the "Seats" section and chart of every game whose
// groups have seat counts.

// ChartSeatWinRate is the name of SeatWinRateChart's chart.
const ChartSeatWinRate = "seat-win-rate"

// winRateName names the game's win rate in running text: "campaign win rate" for Clockwork
// Realm, "win rate" by default.
func winRateName(res *sim.Results) string {
	t := gameOf(res).winRate().Title
	return strings.ToLower(t[:1]) + t[1:]
}

// seatSelector picks a seat (1 = the first seat) for seat_win_rate.
var seatSelector = Selector{Name: "seat", Min: 1, Max: sim.MaxSeats, Short: "seat %s"}

// genericMetrics are the metrics of every game: the win rate first (named by the game), then,
// unless the game has no seats, seat_win_rate, no_winner_rate and mean_turns.
func genericMetrics(r *GameReport) []*Metric {
	name, title := r.WinRate, r.WinRateTitle
	if name == "" {
		name = "win_rate"
	}
	if title == "" {
		title = "Win rate"
	}
	out := []*Metric{{Name: name, Gate: true,
		Rate:  func(g *sim.Group, _ At) (int64, int64) { return g.Wins, g.Episodes },
		Title: title, YLabel: "win rate (%)", Slug: "win-rate"}}
	if r.noSeats() {
		return out
	}
	return append(out,
		&Metric{Name: "seat_win_rate", Needs: []string{seatSelector.Name}, Gate: true, Rate: seatWins,
			Title: "Seat {seat} win rate", YLabel: "win rate (%)", Slug: "seat-{seat}-win-rate"},
		&Metric{Name: "no_winner_rate", Gate: true, Rate: noWinner,
			Title: "Games nobody won", YLabel: "share of games (%)", Slug: "no-winner"},
		&Metric{Name: "mean_turns", Gate: true, Hist: func(g *sim.Group, _ At) []int64 { return g.TurnsHist },
			Title: "Mean length in turns", YLabel: "turns (mean)", Slug: "mean-turns", Unit: "turns"})
}

// seatWins is the win rate of seat at["seat"] (1-based): no trials in a group without it.
func seatWins(g *sim.Group, at At) (k, n int64) {
	s := at.Int(seatSelector.Name)
	if s < 1 || s > len(g.SeatWins) {
		return 0, 0
	}
	return g.SeatWins[s-1], g.Episodes
}

// noWinner is the share of the games nobody won (no trials in a group without seat counts).
func noWinner(g *sim.Group, _ At) (k, n int64) {
	if g.SeatWins == nil {
		return 0, 0
	}
	return g.NoWinner, g.Episodes
}

// hasSeats reports whether any group of res has seat counts.
func hasSeats(res *sim.Results) bool {
	for _, g := range res.Groups {
		if g.SeatWins != nil {
			return true
		}
	}
	return false
}

// genericSections is the section of a game that registers none: the win rate of every group.
func genericSections(res *sim.Results, charts []string) []page.Section {
	r := gameOf(res)
	sec := page.Section{Title: r.winRate().Title,
		Text:   "Share of the " + r.episodes() + " won by the judged seat (or the team), with its Wilson 95% interval.",
		Tables: []page.Table{WinRateTable(res)}}
	for _, n := range charts {
		if n == ChartWinRate {
			sec.Charts = []string{n}
		}
	}
	return []page.Section{sec}
}

// WinRateTable is the win rate of every group: players, agent, params (when any group sets
// some), episodes played, win rate and its Wilson 95% interval.
func WinRateTable(res *sim.Results) page.Table {
	r := gameOf(res)
	t := page.Table{Title: format.TitleCase(r.episodes()), Header: []string{"players", "agent"}}
	params := HasParams(res)
	if params {
		t.Header = append(t.Header, "params")
	}
	t.Header = append(t.Header, r.episodes(), "win rate", "95% interval")
	t.Right = page.RightFrom(len(t.Header), len(t.Header)-3)
	for _, g := range res.Groups {
		w := stats.NewRate(g.Wins, g.Episodes)
		row := []string{strconv.Itoa(g.Players), RungText(res.Game, g.Agent, g.Strategies)}
		if params {
			row = append(row, sim.ParamsText(g.Params))
		}
		t.Rows = append(t.Rows, append(row, CampaignsCell(g), format.Rate(w), format.Interval(w)))
	}
	return t
}

// seatSection is the generic section of a game whose groups have seat counts (nil otherwise).
func seatSection(res *sim.Results, pick func(...string) []string) []page.Section {
	if !hasSeats(res) {
		return nil
	}
	return []page.Section{{Title: "Seats",
		Text: "The win rate of each seat with its Wilson 95% interval (seat 1 plays first), the " + gameOf(res).episodes() +
			" nobody won and the mean length in turns (± SE); then the wins of each agent of the line-up, wherever the " +
			"rotation of the seats put it.",
		Charts: pick(ChartSeatWinRate), Tables: []page.Table{seatTable(res), lengthTable(res), agentWinsTable(res)}}}
}

// seatTable is the win rate of every seat of every group, with the seat's agent (none in a
// rotated group: every agent of its line-up held the seat in turn).
func seatTable(res *sim.Results) page.Table {
	lb := NewLabeller(res)
	t := page.Table{Title: "Win rate by seat", Header: []string{"group", "seat", "agent", gameOf(res).episodes(), "wins", "win rate", "95% interval"}}
	t.Right = page.RightFrom(len(t.Header), 3)
	t.Right[1] = true
	for _, g := range res.Groups {
		for s := range g.SeatWins {
			r := stats.NewRate(seatWins(g, At{"seat": strconv.Itoa(s + 1)}))
			agent := "-"
			switch {
			case g.Rotated:
				agent = "each in turn (rotated)"
			case s < len(g.Seats):
				agent = g.Seats[s]
			}
			t.Rows = append(t.Rows, []string{lb.Label(g), strconv.Itoa(s + 1), agent, strconv.FormatInt(g.Episodes, 10),
				strconv.FormatInt(g.SeatWins[s], 10), format.Rate(r), format.Interval(r)})
		}
	}
	return t
}

// lengthTable is the games nobody won and the length in turns of every group with seats.
func lengthTable(res *sim.Results) page.Table {
	lb := NewLabeller(res)
	t := page.Table{Title: "Nobody won, and length", Header: []string{"group", "nobody won", "95% interval",
		"mean turns (± SE)", "median", "90th pct"}}
	t.Right = page.RightFrom(len(t.Header), 1)
	for _, g := range res.Groups {
		if g.SeatWins == nil {
			continue
		}
		r, s := stats.NewRate(noWinner(g, nil)), stats.Summarize(g.TurnsHist)
		last := len(g.TurnsHist) - 1
		t.Rows = append(t.Rows, []string{lb.Label(g), format.Rate(r), format.Interval(r), format.Mean(s, 2),
			format.Quantile(s.Median, s, last), format.Quantile(s.P90, s, last)})
	}
	return t
}

// agentWinsTable is the wins of each agent of every line-up, as a share of the games.
func agentWinsTable(res *sim.Results) page.Table {
	lb := NewLabeller(res)
	t := page.Table{Title: "Wins by agent", Header: []string{"group", "agent", "seats", "wins", "share of the " + gameOf(res).episodes(), "95% interval"}}
	t.Right = page.RightFrom(len(t.Header), 2)
	for _, g := range res.Groups {
		agents := make([]string, 0, len(g.AgentWins))
		for a := range g.AgentWins {
			agents = append(agents, a)
		}
		sort.Strings(agents)
		for _, a := range agents {
			seats := 0
			for _, s := range g.Seats {
				if s == a {
					seats++
				}
			}
			r := stats.NewRate(g.AgentWins[a], g.Episodes)
			t.Rows = append(t.Rows, []string{lb.Label(g), a, strconv.Itoa(seats), strconv.FormatInt(g.AgentWins[a], 10), format.Rate(r), format.Interval(r)})
		}
	}
	return t
}

// genericCharts are the charts of a game that registers none: the sweep charts of the generic
// metrics that need no selector, then the win rate.
func genericCharts(res *sim.Results) ([]*chart.Chart, error) {
	var ms []string
	for _, m := range gameOf(res).metrics() {
		if m.Title != "" && len(m.Needs) == 0 {
			ms = append(ms, m.Name)
		}
	}
	charts, err := SweepCharts(res, ms)
	if err != nil {
		return nil, err
	}
	c, err := WinRateChartOf(res)
	if err != nil {
		return nil, err
	}
	return append(charts, c), nil
}

// SweepCharts returns the sweep chart (SweepChart) of each of metrics over every swept numeric
// parameter of res (none for an ordinary run), named "sweep-<param>-<metric slug>".
func SweepCharts(res *sim.Results, metrics []string) ([]*chart.Chart, error) {
	var charts []*chart.Chart
	for _, param := range SweepParams(res) {
		if !NumericParam(res, param) {
			continue
		}
		for _, ms := range metrics {
			c, err := SweepChartNamed(res, param, ms)
			if err != nil {
				return nil, err
			}
			charts = append(charts, c)
		}
	}
	return charts, nil
}

// seatCharts is the seat chart of a results file whose groups have seat counts (none
// otherwise).
func seatCharts(res *sim.Results) ([]*chart.Chart, error) {
	if !hasSeats(res) {
		return nil, nil
	}
	if own := gameOf(res).SeatChart; own != nil {
		c, err := own(res)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", ChartSeatWinRate, err)
		}
		if c != nil {
			return []*chart.Chart{c}, nil
		}
	}
	p, err := SeatWinRateChart(res)
	if errors.Is(err, chart.ErrNoData) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("chart %s: %w", ChartSeatWinRate, err)
	}
	c := chart.NewChart(ChartSeatWinRate, p)
	c.Caption = "In each seat, one bar per group: the share of games that seat won, with its " +
		"Wilson 95% interval; the last bars are the games nobody won. Equal bars across seats " +
		"mean no seat is favoured."
	return []*chart.Chart{c}, nil
}

// SeatWinRateChart draws the win rate of every seat as grouped bars, one bar per group in each
// seat, with Wilson 95% interval bars, and the games nobody won as a last group of bars.
func SeatWinRateChart(res *sim.Results) (*plot.Plot, error) {
	if res == nil || len(res.Groups) == 0 {
		return nil, ErrNoGroups
	}
	seats := 0
	for _, g := range res.Groups {
		seats = max(seats, len(g.SeatWins))
	}
	if seats == 0 {
		return nil, fmt.Errorf("%w: the results hold no seat counts", chart.ErrNoData)
	}
	lb := NewLabeller(res)
	p := chart.NewPlot(GroupsTitle(res, "Win rate by seat"), "", "win rate (%)")
	ng := len(res.Groups)
	width := 0.8 / float64(ng)
	var eb chart.ErrorBars
	top := 0.0
	for gi, g := range res.Groups {
		off := (float64(gi) - float64(ng-1)/2) * width
		vals := make([]float64, seats+1)
		for s := 0; s <= seats; s++ {
			r := stats.NewRate(noWinner(g, nil))
			if s < seats {
				r = stats.NewRate(seatWins(g, At{"seat": strconv.Itoa(s + 1)}))
			}
			if !r.Known() {
				continue
			}
			vals[s] = stats.Pct(r.P)
			eb.Add(float64(s)+off, stats.Pct(r.P), 100*r.Lo, 100*r.Hi)
			top = max(top, 100*r.Hi)
		}
		b, err := chart.NewBars(vals, off, width*0.9, chart.SeriesColor(gi))
		if err != nil {
			return nil, err
		}
		p.Add(b)
		if ng > 1 {
			p.Legend.Add(lb.Label(g), b)
		}
	}
	if len(eb.XYs) > 0 {
		e, err := chart.NewErrorBars(eb)
		if err != nil {
			return nil, err
		}
		p.Add(e)
	}
	names := make([]string, seats+1)
	for i := range seats {
		names[i] = fmt.Sprintf("seat %d", i+1)
	}
	names[seats] = "nobody"
	chart.NominalX(p, names)
	chart.PercentAxis(p, top)
	return p, nil
}

// SeatRows are the generic CSV rows of a group with seat counts: seat_win_rate of every seat
// (in the column seat, which the game's CSVColumns must name), no_winner_rate and mean_turns.
func SeatRows(res *sim.Results, g *sim.Group) []CSVRow {
	r := gameOf(res)
	cols := r.csvColumns()
	col := func(seat string) []string {
		out := make([]string, len(cols))
		for i, c := range cols {
			if c == seatSelector.Name {
				out[i] = seat
			}
		}
		return out
	}
	var rows []CSVRow
	for s := range g.SeatWins {
		v := strconv.Itoa(s + 1)
		rows = append(rows, CSVRow{Metric: r.metric("seat_win_rate"), At: At{seatSelector.Name: v}, Columns: col(v)})
	}
	if g.SeatWins != nil {
		rows = append(rows, CSVRow{Metric: r.metric("no_winner_rate"), Columns: col("")},
			CSVRow{Metric: r.metric("mean_turns"), Columns: col("")})
	}
	return rows
}

// genericCSVRows are the rows of a game that registers none: the win rate, then SeatRows.
func genericCSVRows(res *sim.Results, g *sim.Group) []CSVRow {
	r := gameOf(res)
	rows := []CSVRow{{Metric: r.winRate(), Columns: make([]string, len(r.csvColumns()))}}
	if r.noSeats() {
		return rows
	}
	return append(rows, SeatRows(res, g)...)
}

// genericSummary is the terminal summary of the goal command for a game that registers none:
// the win rate of every group.
func genericSummary(w io.Writer, res *sim.Results) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	WinRateTable(res).WriteText(tw)
	tw.Flush()
}

// GoalTable prints the terminal summary of a goal search (`clockwork ganon`, `clockwork GAME goal`): the header and
// the headline (Headline), then the game's own
// (GameReport.Summary: for Clockwork Realm the answers to --goal, the win rates by player count
// and target, the Shards brought to Ganon's Tower and what Ganon still asked of the cards), or
// for a game that registers none the win rate of every group.
func GoalTable(w io.Writer, r *sim.Results) {
	if len(r.Groups) > 0 {
		writeHeader(w, r)
		fmt.Fprintln(w)
	}
	if s := gameOf(r).Summary; s != nil {
		s(w, r)
		return
	}
	genericSummary(w, r)
}

// Rungs lists the agents (with their strategies) of the results' groups, in order of first
// appearance.
func Rungs(r *sim.Results) []sim.Rung {
	var out []sim.Rung
	for _, g := range r.Groups {
		rg := sim.Rung{Agent: g.Agent, Strategies: g.Strategies}
		if !slices.Contains(out, rg) {
			out = append(out, rg)
		}
	}
	return out
}
