package duels

import (
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// matrixSweep is the fixture's two-player matrix at two points of a sweep of Link's hit points:
// 16 as it is (link 245 of 400 games, ganon 198, zelda 155), 18 with Link winning 40 more of
// his games against ganon on the Lost Woods; the data's value is 18.
func matrixSweep(t *testing.T) *sim.Results {
	res := fixtureResults(t)
	var groups []*sim.Group
	for _, hp := range []string{"16", "18"} {
		for _, sp := range fixtureSpecs() {
			if strings.Count(sp.teams, ",") != 1 {
				continue
			}
			if hp == "18" && sp.mapID == "lost_woods" && sp.teams == "link,ganon" {
				sp.a, sp.b = 90, 8
			}
			g := fixtureGroup(sp)
			g.Params["teams.link.characters.link.hp"] = hp
			groups = append(groups, g)
		}
	}
	res.Groups, res.BaseParams = groups, map[string]string{"teams.link.characters.link.hp": "18"}
	if err := res.Validate(); err != nil {
		t.Fatal(err)
	}
	return res
}

// A sweep over the matrix answers with every team's win rate over it at each point: a table
// (a row per team, a column per value), a chart with a line per team, and the headline names the
// team that moved most (Link and Ganon tie: Link's is the value); the generic sweep charts (a
// line per match-up and map) are left out.
func TestMatrixSweep(t *testing.T) {
	res := matrixSweep(t)
	param := "teams.link.characters.link.hp"
	if got := matrixSweepParams(res); len(got) != 1 || got[0] != param {
		t.Fatalf("swept params %v", got)
	}
	tb, err := teamSweepTable(res, param)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"link", "61.3% [56-66] n=400", "66.2% [61-71] n=400"},
		{"ganon", "49.5% [45-54] n=400", "44.5% [40-49] n=400"},
		{"zelda", "38.8% [34-44] n=400", "38.8% [34-44] n=400"},
	}
	if strings.Join(tb.Header, "|") != "team|"+param+"=16|"+param+"=18" {
		t.Errorf("header %q", tb.Header)
	}
	for i, row := range want {
		if strings.Join(tb.Rows[i], "|") != strings.Join(row, "|") {
			t.Errorf("row %d: %q, want %q", i, tb.Rows[i], row)
		}
	}
	charts, err := reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range charts {
		names = append(names, c.Name)
	}
	if names[0] != "sweep-"+param+"-team-win-rate" || strings.Contains(strings.Join(names, " "), "sweep-map") ||
		strings.Contains(strings.Join(names, " "), "-win-rate-") {
		t.Errorf("charts %v", names)
	}
	if _, err := TeamSweepChart(res, param); err != nil {
		t.Fatal(err)
	}
	h := reports.Headline(res)
	if want := "Over the matrix link's win rate moves most with " + param + ": 61.3% [56.4-65.9%] at 16, 66.2% [61.5-70.7%] at 18."; h != want {
		t.Errorf("headline %q\nwant     %q", h, want)
	}
}
