package clue

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	cluecfg "github.com/clockworksim/clockwork/configs/clue"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// results plays a small run on the frozen data: every seat the deductive agent, 3 and 4 players.
func results(t *testing.T) *sim.Results {
	t.Helper()
	l, err := cluecfg.LoadDir("../../testdata/clue", nil)
	if err != nil {
		t.Fatal(err)
	}
	lu, err := cluesim.Lineup([]string{"deductive"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), sim.Config{Game: cluesim.New(l.Data), Players: []int{3, 4}, Episodes: 40,
		Seed: 7, TurnCap: 1, Agents: []sim.Lineup{lu}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The terminal report opens with the turn order, whose rows are the counts of the file, and has
// every section of the game.
func TestTableSections(t *testing.T) {
	res := results(t)
	var b bytes.Buffer
	if err := reports.Table(&b, res); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	first := strings.Index(out, "Wins by place in the turn order")
	for _, title := range []string{"Games", "How games end", "Ganondorf's risk", "Boss and personality powers", "Win rate by seat"} {
		i := strings.Index(out, title)
		if i < 0 {
			t.Fatalf("no %q in the report:\n%s", title, out)
		}
		if first < 0 || i < first {
			t.Fatalf("%q comes before the turn order:\n%s", title, out)
		}
	}
	s := cluesim.Of(res.Groups[0])
	r := stats.NewRate(s.TurnOrderWins[0], res.Groups[0].Episodes)
	want := []string{"3 players", "1st", strconv.FormatInt(s.TurnOrderWins[0], 10), "40", format.Rate(r), format.Interval(r)}
	for _, line := range strings.Split(out, "\n") {
		if fields := strings.Split(strings.Join(strings.Fields(line), " "), " "); len(fields) == 7 &&
			strings.Join(fields[:2], " ") == want[0] && fields[2] == want[1] {
			if got := append([]string{want[0]}, fields[2:]...); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Fatalf("the first player's row is %v, want %v", got, want)
			}
			return
		}
	}
	t.Fatalf("no row of the first player at 3 players in:\n%s", out)
}

// The report files hold the game's charts (drawn, not empty), and the gates read the game's
// metrics by name.
func TestChartsAndGates(t *testing.T) {
	res := results(t)
	dir := t.TempDir()
	paths, err := reports.Write(res, dir, []string{"svg", "csv"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{ChartTurnOrder, ChartLength, ChartGanondorf, reports.ChartWinRate, reports.ChartSeatWinRate} {
		found := false
		for _, p := range paths {
			found = found || filepath.Base(p) == name+".svg"
		}
		if !found {
			t.Fatalf("no %s.svg among %v", name, paths)
		}
	}
	charts, err := reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range charts {
		if c.Caption == "" || c.Caption == c.Title {
			t.Errorf("%s: caption %q does not add to the title", c.Name, c.Caption)
		}
	}
	gates, err := reports.ParseGates("g.yaml", []byte("game: clue\ngates:\n  - {metric: first_player_win_rate, players: 3, min: 0.0}\n"+
		"  - {metric: turn_order_win_rate, place: 2, players: 4, max: 1}\n  - {metric: ganondorf_elimination_rate, players: 4, max: 1}\n"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := reports.CheckGates(res, gates)
	if err != nil {
		t.Fatal(err)
	}
	s := cluesim.Of(res.Groups[0])
	if want := float64(s.TurnOrderWins[0]) / float64(res.Groups[0].Episodes); got[0].Value != want {
		t.Fatalf("first_player_win_rate %v, want %v", got[0].Value, want)
	}
	if !got[1].Pass || !got[2].Pass {
		t.Fatalf("gates %+v", got)
	}
}
