package duels

import (
	"strconv"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/reports"
)

// TestMatrixGates checks team_matrix_win_rate against the matrix's rows of report.csv (all maps
// and one map), a gate `team: "*"` expanded to one gate per team in name order, and
// team_win_rate refused over a matrix with the metric that adds it up named.
func TestMatrixGates(t *testing.T) {
	res := fixtureResults(t)
	recs := csvRecords(t, res)
	want := map[string]string{} // map/team -> value,n
	for _, r := range recs[1:] {
		if r[0] == CSVTeamMatrixWinRate {
			want[r[4]+"/"+r[6]] = r[9] + "," + r[12]
		}
	}
	gates, err := reports.ParseGates("g.yaml", []byte(`game: duels
gates:
  - {metric: team_matrix_win_rate, team: "*", min: 0.45, max: 0.55}
  - {metric: team_matrix_win_rate, team: zelda, params: {map: lost_woods}, min: 0.3}
`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := reports.CheckGates(res, gates)
	if err != nil {
		t.Fatal(err)
	}
	var teams []string
	for _, r := range got {
		teams = append(teams, r.At["team"])
		mapID := CSVAllMaps
		if r.Params != nil {
			mapID = r.Params[ParamMap]
		}
		key := mapID + "/" + r.At["team"]
		if v := strconv.FormatFloat(r.Value, 'g', 6, 64) + "," + strconv.FormatInt(r.N, 10); want[key] == "" || v != want[key] {
			t.Errorf("%s: gate %s, report.csv %q", key, v, want[key])
		}
	}
	if strings.Join(teams, ",") != "ganon,link,zelda,zelda" {
		t.Errorf("gates checked for teams %v, want ganon, link, zelda (name order) then zelda", teams)
	}
	bad, _ := reports.ParseGates("g.yaml", []byte("game: duels\ngates:\n  - {metric: team_win_rate, team: link, min: 0.4}\n"))
	if _, err := reports.CheckGates(res, bad); err == nil || !strings.Contains(err.Error(), "add them up with metric team_matrix_win_rate") {
		t.Errorf("team_win_rate over a matrix: %v", err)
	}
}

// TestEveryWithNoValue checks that a gate `team: "*"` whose groups have no team is refused at
// its line, a missing agent named first.
func TestEveryWithNoValue(t *testing.T) {
	for doc, want := range map[string]string{
		"{metric: team_matrix_win_rate, team: \"*\", agent: expert, min: 0.4}": "no group was played by \"expert\"",
		"{metric: first_out_rate, team: \"*\", players: 4, min: 0.4}":          "no group has 4 players",
	} {
		gates, err := reports.ParseGates("g.yaml", []byte("game: duels\ngates:\n  - "+doc+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reports.CheckGates(fixtureResults(t), gates); err == nil || !strings.HasPrefix(err.Error(), "g.yaml:3:") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", doc, err, want)
		}
	}
}
