package reports

import (
	"bytes"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/sim"
)

// A game that registers no report gets the generic one: its header counts games, its terminal
// summary gives the judged seat's win rate, the win rate of every seat with its Wilson
// interval, the games nobody won, the length in turns and the wins of every agent.
func TestSeatsTable(t *testing.T) {
	res := seatsResults(t)
	var buf bytes.Buffer
	require.NoError(t, Table(&buf, res))
	out := buf.String()
	for _, want := range []string{
		"clockwork v0.0.0-test, seed 3, data sha256:seats, round cap 0, 2 groups, 200 games\n",
		"\nGames\n",
		"\nWin rate by seat\n",
		"\nNobody won, and length\n",
		"\nWins by agent\n",
	} {
		assert.Contains(t, out, want)
	}
	// 52 of 100 at seat 1: Wilson 95% 42.3-61.5%; 43 of 100 at seat 2: 33.7-52.8%. The groups
	// are rotated: every agent held every seat, so no seat names one.
	assert.Regexp(t, `(?m)^2 players +1 +each in turn \(rotated\) +100 +52 +52\.0% +42\.3-61\.5%$`, out)
	assert.Regexp(t, `(?m)^2 players +2 +each in turn \(rotated\) +100 +43 +43\.0% +33\.7-52\.8%$`, out)
	assert.Regexp(t, `(?m)^3 players +3 +each in turn \(rotated\) +100 +20 +20\.0% +13\.3-28\.9%$`, out)
	// 5 of 100 nobody won; turns 2, 3, 4+ in 10, 30, 60 games: mean 3.5, SE sqrt(0.4545/100).
	assert.Regexp(t, `(?m)^2 players +5\.0% +2\.2-11\.2% +3\.50 ± 0\.07 +4\+ +4\+$`, out)
	// The agents' wins wherever the rotation seated them: random holds two seats at 3 players.
	assert.Regexp(t, `(?m)^3 players +random +2 +40 +40\.0% +30\.9-49\.8%$`, out)
	assert.Regexp(t, `(?m)^2 players +deductive +1 +70 +70\.0% +60\.4-78\.1%$`, out)
}

// The generic report's charts: the win rate and the win rate by seat, each in its section, the
// report headed by the game's name.
func TestSeatsChartsAndSections(t *testing.T) {
	res := seatsResults(t)
	charts, err := Charts(res)
	require.NoError(t, err)
	assert.Equal(t, []string{ChartWinRate, ChartSeatWinRate}, chartNames(charts))
	assert.Equal(t, "Win rate by seat by player count", charts[1].Title)
	for _, c := range charts {
		b, err := c.Bytes("png")
		require.NoError(t, err, c.Name)
		assert.NotEmpty(t, b)
	}
	secs := Sections(res, chartNames(charts))
	require.Len(t, secs, 2)
	assert.Equal(t, "Win rate", secs[0].Title)
	assert.Equal(t, []string{ChartWinRate}, secs[0].Charts)
	assert.Equal(t, "Seats", secs[1].Title)
	assert.Equal(t, []string{ChartSeatWinRate}, secs[1].Charts)
	var md bytes.Buffer
	require.NoError(t, page.Markdown(&md, reportDoc(res, charts), charts))
	assert.True(t, strings.HasPrefix(md.String(), "# testseats balance report: run"), md.String())
	assert.Contains(t, md.String(), "![Win rate by seat by player count](seat-win-rate.png)")

	// A game without seat counts gets no seat section or chart.
	bare := seatsResults(t)
	for _, g := range bare.Groups {
		g.SeatWins, g.Seats, g.AgentWins, g.TurnsHist = nil, nil, nil, nil
	}
	charts, err = Charts(bare)
	require.NoError(t, err)
	assert.Equal(t, []string{ChartWinRate}, chartNames(charts))
	assert.Len(t, Sections(bare, nil), 1)
}

// The generic CSV rows: the judged win rate, each seat's, the games nobody won and the mean
// length, in the column seat.
func TestSeatsCSV(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, CSV(&buf, seatsResults(t)))
	rows, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"metric", "players", "agent", "params", "seat", "value", "lo95", "hi95", "n",
		"unit", "seed", "tool_version", "config_fingerprint", "round_cap", "partial"}, rows[0], "the layout of every game")
	require.Len(t, rows, 1+2*(1+3)+3)
	assert.Equal(t, []string{"fraction", "3"}, rows[1][9:11], "every row names its unit and run (seed 3)")
	assert.Equal(t, []string{"win_rate", "2", "deductive", "", "", "0.7"}, rows[1][:6])
	assert.Equal(t, []string{"seat_win_rate", "2", "deductive", "", "2", "0.43"}, rows[3][:6])
	assert.Equal(t, []string{"no_winner_rate", "2", "deductive", "", "", "0.05"}, rows[4][:6])
	assert.Equal(t, []string{"mean_turns", "2", "deductive", "", "", "3.5", "", "", "100"}, append(rows[5][:6:6], "", "", rows[5][8]))
	assert.Equal(t, "seat_win_rate", rows[9][0])
	assert.Equal(t, []string{"3", "3", "0.2"}, []string{rows[9][1], rows[9][4], rows[9][5]}, "the third seat at 3 players")
}

// Gates read the generic metrics of a game by name, with their selectors (seat), for the game
// the gates file names; a gates file of another game is refused.
func TestSeatsGates(t *testing.T) {
	res := seatsResults(t)
	gates, err := ParseGates("s.yaml", []byte(`game: testseats
gates:
  - {metric: win_rate, players: 2, min: 0.6}
  - {metric: seat_win_rate, seat: 1, players: 2, min: 0.45, max: 0.55}
  - {metric: seat_win_rate, seat: 2, min: 0.4}
  - {metric: no_winner_rate, max: 0.06, interval: true}
  - {metric: mean_turns, players: 3, min: 4, max: 4.5}
`))
	require.NoError(t, err)
	results, err := CheckGates(res, gates)
	require.NoError(t, err)
	var pass []bool
	for _, r := range results {
		pass = append(pass, r.Pass)
	}
	assert.Equal(t, []bool{true, true, false, false, true}, pass)
	assert.InDelta(t, 0.365, results[2].Value, 1e-12, "seat 2 pooled over 2 and 3 players: (43 + 30) / 200")
	assert.InDelta(t, 0.075, results[3].Value, 1e-12)
	assert.InDelta(t, 4.2, results[4].Value, 1e-12)
	var misses []float64
	for _, r := range results {
		misses = append(misses, r.Miss())
	}
	assert.InDeltaSlice(t, []float64{0, 0, 0.4 - 0.365, results[3].Hi - 0.06, 0}, misses, 1e-12,
		"a failed gate misses by how far its estimate (or, with interval: inside, its interval's far end) lies outside")
	minimum := 0.4
	overlap := GateResult{Gate: Gate{Min: &minimum, Overlap: true}, Value: 0.3, Lo: 0.25, Hi: 0.35, N: 100}
	assert.InDelta(t, 0.05, overlap.Miss(), 1e-12, "interval: overlap misses by the interval's near end")
	assert.True(t, math.IsInf(GateResult{Gate: Gate{Min: &minimum}}.Miss(), 1), "nothing behind the gate")
	var text bytes.Buffer
	require.NoError(t, GateTable(&text, results))
	assert.Contains(t, text.String(), "seat_win_rate 2p seat 1 ")

	_, err = ParseGates("s.yaml", []byte(`game: testseats
gates:
  - {metric: campaign_win_rate, min: 0.1}
  - {metric: seat_win_rate, min: 0.1}
  - {metric: seat_win_rate, seat: 9, min: 0.1}
  - {metric: win_rate, level: 1, min: 0.1}
  - {metric: win_rate, players: 9, min: 0.1}
`))
	require.Error(t, err)
	for _, want := range []string{
		`s.yaml:3:14: gates[0].metric: unknown metric "campaign_win_rate" (expected one of: mean_turns, no_winner_rate, seat_win_rate, win_rate)`,
		`s.yaml:4:5: gates[1]: metric seat_win_rate needs seat`,
		`s.yaml:5:35: gates[2].seat: expected a whole number from 1 to 8, got "9"`,
		`s.yaml:6:24: gates[3]: unknown key "level" (expected one of: agent, interval, max, metric, min, params, players, seat)`,
		`s.yaml:7:33: gates[4].players: expected a whole number from 2 to 4, got "9"`,
	} {
		assert.Contains(t, err.Error(), want)
	}

	_, err = ParseGates("s.yaml", []byte("game: [testseats]\ngates:\n  - {metric: win_rate, min: 0.1}\n"))
	assert.ErrorContains(t, err, "s.yaml:1:7: game: expected the name of a game, e.g. clockwork")

	// The gates of Clockwork Realm (no game key) do not check another game's results.
	other, err := ParseGates("c.yaml", []byte("gates:\n  - {metric: win_rate, min: 0.1}\n"))
	require.NoError(t, err)
	_, err = CheckGates(res, other)
	assert.ErrorContains(t, err, "c.yaml:2:5: gates[0]: the gates are for clockwork, but the results are of testseats")
}

// The sweep charts of a game that registers none draw the generic metrics against the swept
// value; a metric with a selector names its value after a colon, within the selector's range.
func TestSeatsSweep(t *testing.T) {
	res := seatsSweep(t)
	charts, err := Charts(res)
	require.NoError(t, err)
	assert.Equal(t, []string{"sweep-x-win-rate", "sweep-x-no-winner", "sweep-x-mean-turns", ChartWinRate, ChartSeatWinRate}, chartNames(charts))
	secs := Sections(res, chartNames(charts))
	assert.Equal(t, "Sweep", secs[0].Title)
	assert.Equal(t, []string{"sweep-x-win-rate", "sweep-x-no-winner", "sweep-x-mean-turns"}, secs[0].Charts)
	p, err := SweepChart(res, "x", "seat_win_rate:1")
	require.NoError(t, err)
	assert.Equal(t, "Seat 1 win rate by x", p.Title.Text)
	for metric, want := range map[string]string{
		"seat_win_rate:9":   "metric \"seat_win_rate:9\": the seat must be from 1 to 8",
		"seat_win_rate":     `unknown metric "seat_win_rate" (expected win_rate, seat_win_rate:S with S = 1-8, no_winner_rate or mean_turns)`,
		"campaign_win_rate": `unknown metric "campaign_win_rate"`,
	} {
		_, err := SweepChart(res, "x", metric)
		assert.ErrorContains(t, err, want, metric)
	}
}

// Write writes every format of a game that registers no report: the seat chart's files, and an
// HTML page with one inline chart per chart.
func TestSeatsWrite(t *testing.T) {
	dir := t.TempDir()
	paths, err := Write(seatsResults(t), dir, Formats())
	require.NoError(t, err)
	var names []string
	for _, p := range paths {
		names = append(names, p[len(dir)+1:])
	}
	assert.Equal(t, []string{"win-rate.png", "win-rate.svg", "seat-win-rate.png", "seat-win-rate.svg",
		CSVFile, page.MarkdownFile, page.HTMLFile}, names)
	html, err := os.ReadFile(filepath.Join(dir, page.HTMLFile))
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(html), "<svg"))
	assert.Contains(t, string(html), "<title>testseats balance report: run")
	assert.Contains(t, string(html), `<p class="headline"><strong>At `)
	assert.Contains(t, string(html), "<h2>Seats</h2>")
}

// BenchmarkSeatsReport writes the generic report of a game with seats in memory: the terminal
// table, the CSV and the Markdown (its charts drawn).
func BenchmarkSeatsReport(b *testing.B) {
	res := seatsResults(b)
	b.ReportAllocs()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Table(&buf, res); err != nil {
			b.Fatal(err)
		}
		if err := CSV(&buf, res); err != nil {
			b.Fatal(err)
		}
		if err := Markdown(&buf, res); err != nil {
			b.Fatal(err)
		}
	}
}

// CapWarnings warns of a group in which surely more than CapShare of the games reached the turn
// cap (the interval's low end above it), read from the turns histogram of a seat game, and of no
// other.
func TestCapWarnings(t *testing.T) {
	res := &sim.Results{Schema: sim.Schema, Game: "testseats", TurnCap: 10}
	for _, capped := range []int64{15, 8} { // 15/100: [9.3%, 23.3%]; 8/100: [4.1%, 15%]
		g := &sim.Group{Players: 2, Agent: "a", Episodes: 100, TurnsHist: make([]int64, sim.MaxTurnsBin+1)}
		g.TurnsHist[4], g.TurnsHist[10] = 100-capped, capped
		res.Groups = append(res.Groups, g)
	}
	got := CapWarnings(res)
	if len(got) != 1 || !strings.HasPrefix(got[0], "15.0% of the games of ") || !strings.Contains(got[0], "(round_cap 10)") {
		t.Fatalf("warnings %q: want one, of the group with 15%% of its games at the cap", got)
	}
	for range 4 {
		res.Groups = append(res.Groups, res.Groups[0])
	}
	if got := CapWarnings(res); len(got) != 4 || got[3] != "and 2 more groups of which more than 5.0% of the games reached the cap" {
		t.Fatalf("five groups over the share: %q", got)
	}
	res.TurnCap = sim.MaxTurnsBin + 5 // a cap beyond the histogram: no count, no warning
	if got := CapWarnings(res); len(got) != 0 {
		t.Fatalf("a cap beyond the histogram: %q", got)
	}
}
