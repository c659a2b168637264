package reports

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// This file is the registry of the games' reports: what a game gives the report writers
// (GameReport) and how a writer finds the game of a results file (gameOf). The package itself
// imports no game: each game's report package (reports/clockwork, ...) registers itself from
// init, and a game that registers nothing gets the generic report (generic.go).

// CSVRow is one row of a game's part of report.csv: a metric of a group at At, with the values
// of the game's CSV columns (GameReport.CSVColumns, in order; "" for none).
type CSVRow struct {
	Metric  *Metric
	At      At
	Columns []string
}

// GameReport is what a game gives the report writers. Name is the results file's game
// (sim.DefaultGame for Clockwork Realm, "clue", "duels"); the game's identity (its title, what
// it counts, its players, whether its seats compete, how it labels agents) is its descriptor,
// registered once with the simulator (sim.Descriptor), which the writers read from there.
// Every other field may be left empty: the writers then use the generic parts (generic.go),
// which read only a group's generic counts (campaigns, wins, seat wins, agent wins, games
// nobody won, turns).
type GameReport struct {
	Name string
	// WinRate and WinRateTitle name the generic metric of the judged seat's (or the team's)
	// win rate and its charts (default "win_rate", "Win rate").
	WinRate, WinRateTitle string
	// Metrics are the game's own metrics, after the generic ones, in the order of their sweep
	// charts; Selectors the selectors they need (in the order a gate describes them).
	Metrics   []*Metric
	Selectors []Selector
	// ParamTitles name swept parameters in chart titles ("ganon.targets": "Ganon target").
	ParamTitles map[string]string
	// Sections returns the game's sections of the report of res, in order, placing the charts
	// of charts (the game's charts that exist, by name) that each shows; the writers add the
	// skill ladder, the sensitivity ranking, the generic seat section and a "Sweep" section for
	// charts no section placed. Nil: the generic win-rate section.
	Sections func(res *sim.Results, charts []string) []page.Section
	// Charts returns the game's charts of res in report order, the one answering the command's
	// question first (sweep charts included); the writers add the skill ladder, the tornado
	// charts and the seat chart. Nil: the generic sweep and win-rate charts.
	Charts func(res *sim.Results) ([]*chart.Chart, error)
	// CSVColumns name the columns between params and value in report.csv (default: seat);
	// CSVRows are a group's rows (default: the generic metrics, SeatRows).
	CSVColumns []string
	CSVRows    func(res *sim.Results, g *sim.Group) []CSVRow
	// Capped counts a group's episodes that reached the game's cap on their length (CLUE: the
	// games ended at the turn cap); nil: those whose turns reached the file's turn cap, read from
	// the group's turns histogram (a game whose seats compete, with a cap the histogram holds).
	Capped func(res *sim.Results, g *sim.Group) (n int64, ok bool)
	// ShortAnswer says the terminal summary of a run is its short answer (Brief: the answer's
	// tables, the others named and behind --verbose) rather than every table.
	ShortAnswer bool
	// Summary writes the terminal summary of the goal command (GoalTable); nil: the generic
	// one (the win rate of every group).
	Summary func(w io.Writer, res *sim.Results)
	// Headline returns the game's own headline of res, in parts (Headline joins them); nil, or
	// no parts, for the generic one.
	Headline func(res *sim.Results) []string
	// Command names, in the report's title, the command that wrote res when the game tells it
	// better than Command does (Zelda Duels: "match-up matrix"); "" or nil: Command's name.
	Command func(res *sim.Results) string
	// CSVKeys are the params keys of res given a column of their own in report.csv, between
	// params and the game's columns, each group's value in it (Zelda Duels: the map of a
	// matrix); nil: the swept keys (SweepParams).
	CSVKeys func(res *sim.Results) []string
	// CSVPooled are the rows of report.csv that pool groups (Zelda Duels: every team's win rate
	// over the matrix and the pooled matrix's cells), written after the groups' rows.
	CSVPooled func(res *sim.Results) []CSVLine
	// SeatChart draws the seat chart of res in place of the generic one (SeatWinRateChart);
	// nil, or a nil chart: the generic one.
	SeatChart func(res *sim.Results) (*chart.Chart, error)

	generic []*Metric // genericMetrics, made once at registration
}

var (
	registryMu sync.RWMutex
	registry   = map[string]*GameReport{}
)

// RegisterGame makes the report writers use r for the results files of game r.Name. A game's
// report package calls it from init; it panics on a second registration of a name or on a
// metric that names a selector r does not have.
func RegisterGame(r GameReport) {
	if r.Name == "" {
		panic("reports.RegisterGame: a game needs a name")
	}
	for _, m := range r.Metrics {
		for _, need := range m.Needs {
			if _, ok := r.selector(need); !ok {
				panic("reports.RegisterGame: metric " + m.Name + " needs selector " + need + ", which " + r.Name + " does not have")
			}
		}
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, taken := registry[r.Name]; taken {
		panic("reports.RegisterGame: " + r.Name + " is already registered")
	}
	r.generic = genericMetrics(&r)
	registry[r.Name] = &r
}

// Games returns the names of the registered games, sorted.
func Games() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// gameNamed returns the report of game name ("" is sim.DefaultGame): the registered one, or the
// generic report of an unregistered game.
func gameNamed(name string) *GameReport {
	if name == "" {
		name = sim.DefaultGame
	}
	registryMu.RLock()
	r, ok := registry[name]
	registryMu.RUnlock()
	if ok {
		return r
	}
	r = &GameReport{Name: name}
	r.generic = genericMetrics(r)
	return r
}

// gameOf returns the report of the game of res.
func gameOf(res *sim.Results) *GameReport { return gameNamed(res.Game) }

// descriptor is the game's descriptor (sim.DescriptorOf); ok is false for a game the
// simulator does not know, whose report is the generic one.
func (r *GameReport) descriptor() (d sim.Descriptor, ok bool) {
	d, err := sim.DescriptorOf(r.Name)
	return d, err == nil
}

// title is the report's heading: "<the game's title> balance report".
func (r *GameReport) title() string {
	if d, ok := r.descriptor(); ok && d.Title != "" {
		return d.Title + " balance report"
	}
	return r.Name + " balance report"
}

// episodes names what a group counts.
func (r *GameReport) episodes() string {
	if d, ok := r.descriptor(); ok {
		return d.Episodes
	}
	return "games"
}

// playersNoun names the game's players ("heroes", "players").
func (r *GameReport) playersNoun() string {
	d, _ := r.descriptor()
	return d.Players()
}

// label names an agent with its strategies.
func (r *GameReport) label(agent, strategies string) string {
	d, _ := r.descriptor()
	return d.AgentLabel(agent, strategies)
}

// players returns the player bounds of a gate.
func (r *GameReport) players() (lo, hi int) {
	if d, ok := r.descriptor(); ok {
		return d.MinPlayers, d.MaxPlayers
	}
	return 1, sim.MaxSeats
}

// noSeats says the game's groups have no seat counts (a co-operative game): the generic seat
// metrics (seat_win_rate, no_winner_rate, mean_turns) are not among its metrics.
func (r *GameReport) noSeats() bool {
	d, ok := r.descriptor()
	return ok && !d.SeatsCompete
}

// RungText names an agent of a results file of game with its strategies when they are not the
// defaults, e.g. "expert:rollouts=2" (the game's sim.Descriptor.Label).
func RungText(game, agent, strategies string) string {
	return gameNamed(game).label(agent, strategies)
}

// ParamTitle names a swept parameter in the titles of res's charts: the game's title for it
// (GameReport.ParamTitles), or for "prefix.N" the title of prefix with the player count
// ("Ganon target at 3 players"), the key itself otherwise.
func ParamTitle(res *sim.Results, k string) string {
	titles := gameOf(res).ParamTitles
	if t, ok := titles[k]; ok {
		return t
	}
	if i := strings.LastIndexByte(k, '.'); i > 0 {
		if n, err := strconv.Atoi(k[i+1:]); err == nil {
			if t, ok := titles[k[:i]]; ok {
				return t + " at " + format.Players(n)
			}
		}
	}
	return k
}

// Selector picks a part of a group's counts for a metric: a level, a temple, a seat. Gates name
// it as a key (level: 2), sweep metrics after a colon (level_success:2).
type Selector struct {
	// Name is the key in gates files and At.
	Name string
	// Min and Max bound a whole-number selector (both 0: a name, such as a temple).
	Min, Max int
	// Short formats the value in a gate's description ("L%s"; "": the value itself).
	Short string
	// Values lists the values a group has, for a name selector: a gate naming one that no group
	// has is refused (nil: not checked).
	Values func(g *sim.Group) []string
}

// whole reports whether the selector takes whole numbers.
func (s Selector) whole() bool { return s.Min != 0 || s.Max != 0 }

// rangeText says which whole numbers the selector takes: "1, 2, 3 or 4" for a few, "from 1 to
// 8" for more.
func (s Selector) rangeText() string {
	if s.Max-s.Min > 5 {
		return "from " + strconv.Itoa(s.Min) + " to " + strconv.Itoa(s.Max)
	}
	var vs []string
	for v := s.Min; v <= s.Max; v++ {
		vs = append(vs, strconv.Itoa(v))
	}
	return format.JoinOr(vs)
}

// describe formats a value of the selector in a gate's description.
func (s Selector) describe(v string) string {
	if s.Short == "" {
		return v
	}
	return strings.ReplaceAll(s.Short, "%s", v)
}

// selectors are the game's selectors and the generic seat selector.
func (r *GameReport) selectors() []Selector {
	out := append([]Selector{}, r.Selectors...)
	if !r.noSeats() {
		out = append(out, seatSelector)
	}
	return out
}

// selector returns the selector called name.
func (r *GameReport) selector(name string) (Selector, bool) {
	for _, s := range r.selectors() {
		if s.Name == name {
			return s, true
		}
	}
	return Selector{}, false
}

// metrics are the game's metrics: the generic ones, then its own.
func (r *GameReport) metrics() []*Metric {
	return append(append([]*Metric{}, r.generic...), r.Metrics...)
}

// metric returns the game's metric called name, or nil.
func (r *GameReport) metric(name string) *Metric {
	for _, m := range r.metrics() {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// winRate is the game's generic win-rate metric.
func (r *GameReport) winRate() *Metric { return r.generic[0] }

// MetricNamed returns the metric called name of game ("" is sim.DefaultGame), or nil.
func MetricNamed(game, name string) *Metric { return gameNamed(game).metric(name) }

// csvColumns are the game's CSV columns between params and value.
func (r *GameReport) csvColumns() []string {
	if r.CSVColumns != nil {
		return r.CSVColumns
	}
	return []string{seatSelector.Name}
}

// HasShortAnswer reports whether the terminal summary of res is its short answer (Brief), as
// the game's report asks (GameReport.ShortAnswer).
func HasShortAnswer(res *sim.Results) bool { return gameOf(res).ShortAnswer }

// CapShare is the share of a group's episodes reaching the game's cap on their length above
// which CapWarnings warns: a few stalled games are a long game's tail, more are a sign that the
// sides cannot reach each other or that an agent stalls.
const CapShare = 0.05

// maxCapLines is how many groups CapWarnings names before it counts the others.
const maxCapLines = 3

// CapWarnings returns the lines the commands print as warnings when, in some groups of res, the
// episodes reaching the game's cap on their length (GameReport.Capped) are surely more than
// CapShare (the low end of their Wilson 95% interval is above it): the results of such groups
// say more about the cap than about the game. It names the first few groups, then counts the
// others.
func CapWarnings(res *sim.Results) []string {
	r := gameOf(res)
	var out []string
	over := 0
	for _, g := range res.Groups {
		n, ok := r.capped(res, g)
		if !ok || g.Episodes == 0 || stats.NewRate(n, g.Episodes).Lo <= CapShare {
			continue
		}
		if over++; over <= maxCapLines {
			out = append(out, fmt.Sprintf("%s of the %s of %s reached the cap on their length (round_cap %d): the sides may not reach each other, or an agent stalls",
				format.Pct(float64(n)/float64(g.Episodes)), r.episodes(), NewLabeller(res).Label(g), res.TurnCap))
		}
	}
	if over > maxCapLines {
		out = append(out, fmt.Sprintf("and %d more groups of which more than %s of the %s reached the cap", over-maxCapLines, format.Pct(CapShare), r.episodes()))
	}
	return out
}

// capped counts g's episodes that reached the cap, as the game's report says (Capped) or from
// the turns histogram.
func (r *GameReport) capped(res *sim.Results, g *sim.Group) (int64, bool) {
	if r.Capped != nil {
		return r.Capped(res, g)
	}
	if len(g.TurnsHist) == 0 || res.TurnCap < 1 || res.TurnCap >= len(g.TurnsHist)-1 {
		return 0, false
	}
	var n int64
	for _, c := range g.TurnsHist[res.TurnCap:] {
		n += c
	}
	return n, true
}
