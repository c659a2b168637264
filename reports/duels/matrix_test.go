package duels

import (
	"math"
	"testing"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// cellOf returns the cell of row against col in the matrix of map mapID ("" for all maps).
func cellOf(t *testing.T, ms []*Matrix, mapID, row, col string) Cell {
	t.Helper()
	for _, m := range ms {
		if m.Map == mapID {
			c, ok := m.Cell(row, col)
			if !ok {
				t.Fatalf("%s: no cell %s against %s (teams %v)", m.Title(), row, col, m.Teams)
			}
			return c
		}
	}
	t.Fatalf("no matrix of map %q", mapID)
	return Cell{}
}

// The matrix of the fixture: each pair's cell is the first listed team's wins, its complement
// the other's, the mirror the first position's; all maps add up; a pair never played there is
// unknown.
func TestMatrixCells(t *testing.T) {
	ms := Matrices(fixtureResults(t))
	if len(ms) != 3 || !ms[0].Overall || ms[1].Map != "lost_woods" || ms[2].Map != "leever_desert" {
		t.Fatalf("matrices: want all maps, lost_woods, leever_desert; got %d", len(ms))
	}
	for _, tc := range []struct {
		mapID, row, col string
		k, n            int64
	}{
		{"lost_woods", "link", "ganon", 70, 100},
		{"lost_woods", "ganon", "link", 28, 100}, // the complement: 2 games nobody won
		{"lost_woods", "link", "link", 50, 100},  // the mirror group
		{"lost_woods", "ganon", "zelda", 60, 100},
		{"lost_woods", "zelda", "ganon", 40, 100},
		{"leever_desert", "link", "ganon", 40, 100},
		{"leever_desert", "ganon", "link", 60, 100},
		{"leever_desert", "link", "link", 0, 0}, // no mirror played there
		{"", "link", "ganon", 110, 200},
		{"", "ganon", "link", 88, 200},
		{"", "link", "zelda", 135, 200},
		{"", "zelda", "link", 65, 200},
		{"", "zelda", "ganon", 90, 200},
		{"", "ganon", "ganon", 48, 100},
	} {
		c := cellOf(t, ms, tc.mapID, tc.row, tc.col)
		if c.Rate.K != tc.k || c.Rate.N != tc.n {
			t.Errorf("map %q, %s against %s: %d/%d, want %d/%d", tc.mapID, tc.row, tc.col, c.Rate.K, c.Rate.N, tc.k, tc.n)
		}
		if c.Mirror != (tc.row == tc.col) {
			t.Errorf("map %q, %s against %s: mirror %v", tc.mapID, tc.row, tc.col, c.Mirror)
		}
	}
	// Rows and columns follow the tier list: link, ganon, zelda.
	if got := ms[0].Teams; len(got) != 3 || got[0] != "link" || got[1] != "ganon" || got[2] != "zelda" {
		t.Errorf("teams %v, want link, ganon, zelda", got)
	}
}

// A cell is marked even when its 95% interval includes 50%: 55/100 is, 60/100 (interval from
// 50.2%) and 70/100 are not, nor is an unknown cell.
func TestCellEven(t *testing.T) {
	ms := Matrices(fixtureResults(t))
	for _, tc := range []struct {
		row, col string
		even     bool
	}{
		{"link", "zelda", true},   // 55/100: 45.2-64.4%
		{"zelda", "link", true},   // 45/100
		{"ganon", "zelda", false}, // 60/100: 50.2-69.2%
		{"link", "ganon", false},  // 70/100
		{"link", "link", true},    // 50/100
	} {
		c := cellOf(t, ms, "lost_woods", tc.row, tc.col)
		if c.Even() != tc.even {
			t.Errorf("%s against %s (%s): even %v, want %v", tc.row, tc.col, format.Interval(c.Rate), c.Even(), tc.even)
		}
	}
	if lo := cellOf(t, ms, "lost_woods", "ganon", "zelda").Rate.Lo; math.Abs(lo-0.502) > 0.001 {
		t.Errorf("60/100: interval from %.4f, want 0.502 (the Wilson interval)", lo)
	}
	if cellOf(t, ms, "leever_desert", "zelda", "zelda").Even() {
		t.Error("an unknown cell is marked even")
	}
}

// A single match-up (clockwork duels run) has no matrix, and neither has a results file of
// several player counts of one match-up.
func TestNoMatrixForOneMatchup(t *testing.T) {
	res := fixtureResults(t)
	res.Groups = res.Groups[1:2]
	if ms := Matrices(res); ms != nil {
		t.Fatalf("one match-up gave %d matrices", len(ms))
	}
	res = fixtureResults(t)
	res.Groups = []*sim.Group{res.Groups[1], res.Groups[9]} // link,ganon at 2 players and the 3-player group
	if ms := Matrices(res); ms != nil {
		t.Fatalf("one match-up at 2 and 3 players gave %d matrices", len(ms))
	}
}

// Groups of different agents are different settings: a matrix each, labelled by the agent.
func TestMatrixPerSetting(t *testing.T) {
	res := fixtureResults(t)
	for _, g := range fixtureResults(t).Groups[:6] {
		g.Agent = "tactical"
		g.Seats = []string{"tactical", "tactical"}
		g.AgentWins = map[string]int64{"tactical": g.AgentWins["aggressive"]}
		res.Groups = append(res.Groups, g)
	}
	ms := Matrices(res)
	var tactical []*Matrix
	for _, m := range ms {
		if m.Setting == "tactical" {
			tactical = append(tactical, m)
		}
	}
	if len(ms) != 4 || len(tactical) != 1 || ms[0].Setting != "aggressive" {
		t.Fatalf("want the aggressive agent's 3 matrices and tactical's 1, got %d (%d tactical)", len(ms), len(tactical))
	}
	if c, _ := tactical[0].Cell("link", "ganon"); c.Rate.K != 70 || c.Rate.N != 100 {
		t.Errorf("tactical's link against ganon: %d/%d, want 70/100 (its own groups only)", c.Rate.K, c.Rate.N)
	}
	if name := matrixChartName(tactical[0]); name != "matrix-lost-woods-tactical" {
		t.Errorf("chart name %q", name)
	}
}

// A group without the teams param (a hand-made file) is read from its teams' counts: the team
// whose wins are the group's is the first listed.
func TestMatchupWithoutTeamsParam(t *testing.T) {
	res := fixtureResults(t)
	g := res.Groups[6] // leever_desert link,ganon: link won 40, ganon 60
	delete(g.Params, "teams")
	m := matchupOf(g)
	if a, b, ok := m.duel(); !ok || a != "link" || b != "ganon" {
		t.Fatalf("teams %s, %s (%v), want link, ganon", a, b, ok)
	}
	g.Wins = 60
	g.Stats.(*duelssim.Stats).Teams["link"].Wins, g.Stats.(*duelssim.Stats).Teams["ganon"].Wins = 60, 40
	if a, _, _ := matchupOf(g).duel(); a != "link" {
		t.Errorf("first listed %s, want link (whose wins are the group's)", a)
	}
	g.Stats.(*duelssim.Stats).Teams["link"].Wins, g.Stats.(*duelssim.Stats).Teams["ganon"].Wins = 40, 60
	if a, _, _ := matchupOf(g).duel(); a != "ganon" {
		t.Errorf("first listed %s, want ganon (whose wins are the group's)", a)
	}
}
