package duels

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	duelscfg "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// The sections of a matrix run, the answer (the tier list) first, then the meta, then the
// matrix over all maps and each map's; and of a single match-up, no matrix.
func TestSections(t *testing.T) {
	titles := func(res *sim.Results) string {
		charts, err := reports.Charts(res)
		if err != nil {
			t.Fatal(err)
		}
		var names, out []string
		for _, c := range charts {
			names = append(names, c.Name)
		}
		for _, s := range reports.Sections(res, names) {
			out = append(out, s.Title)
		}
		return strings.Join(out, " | ")
	}
	want := "Tier list | Meta | Match-up matrix, all maps | Match-up matrix by map | First-player advantage | Map balance | Card power | Rules in play | Free-for-all | Seats"
	if got := titles(fixtureResults(t)); got != want {
		t.Errorf("sections:\n%s\nwant\n%s", got, want)
	}
	res := fixtureResults(t)
	res.Groups = res.Groups[1:2]
	want = "Win rate | Tier list | First-player advantage | Card power | Rules in play | Seats"
	if got := titles(res); got != want {
		t.Errorf("one match-up's sections:\n%s\nwant\n%s", got, want)
	}
}

// The Markdown report holds the matrix cells with their intervals, even ones marked ≈, the tier
// list and the card ranking.
func TestMarkdown(t *testing.T) {
	var buf bytes.Buffer
	if err := reports.Markdown(&buf, fixtureResults(t)); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{
		"# Zelda Duels balance report",
		"**Match-up matrix, lost\\_woods**",
		"| link | ≈50.0% \\[40-60\\] n=100 | 70.0% \\[60-78\\] n=100 | ≈55.0% \\[45-64\\] n=100 |",
		"| ganon | 28.0% \\[20-37\\] n=100 | ≈48.0% \\[38-58\\] n=100 | 60.0% \\[50-69\\] n=100 |",
		"| 1 | link | S | 400 | 245 | 61.3% | 56.4-65.9% |",
		"| 1 | link\\_master\\_sword | link | 100 | 4.00 | 100 | 75.0% |",
		"| all 2-player groups | 900 |",
		"![Match-up matrix, all maps](matrix-all-maps.png)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
}

// The CSV rows of a group: the match-up both ways, the teams, the cards, the Triforce cards (a
// matrix's rows name their map in a column of their own; TestMatrixCSV has its rows over the
// matrix).
func TestCSV(t *testing.T) {
	var buf bytes.Buffer
	if err := reports.CSV(&buf, fixtureResults(t)); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head := strings.Join(recs[0], ",")
	if head != "metric,players,agent,params,map,seat,team,opponent,card,value,lo95,hi95,n,unit,seed,tool_version,config_fingerprint,round_cap,partial" {
		t.Fatalf("header %s", head)
	}
	find := func(metric, params, team, opponent, card string) []string {
		t.Helper()
		for _, r := range recs[1:] {
			if r[0] == metric && r[3] == params && r[6] == team && r[7] == opponent && r[8] == card {
				if m := r[4]; !strings.Contains(params, "map="+m) {
					t.Errorf("%v: map column %q, params %q", r, m, params)
				}
				return append(r[:4:4], r[5:]...) // the columns after map where the tests below read them
			}
		}
		t.Fatalf("no row %s %s %s %s %s", metric, params, team, opponent, card)
		return nil
	}
	lg := "map=lost_woods;teams=link,ganon"
	for _, tc := range []struct {
		row      []string
		value, n string
	}{
		{find("win_rate", lg, "", "", ""), "0.7", "100"},
		{find("matchup_win_rate", lg, "link", "ganon", ""), "0.7", "100"},
		{find("matchup_win_rate", lg, "ganon", "link", ""), "0.28", "100"},
		{find("team_win_rate", lg, "ganon", "", ""), "0.28", "100"},
		{find("card_win_rate", lg, "", "", "link_master_sword"), "0.9", "50"},
		{find("triforce_win_rate", lg, "", "", ""), "0.4", "100"},
		{find("first_player_win_rate", "map=lost_woods;teams=link,ganon,zelda", "", "", ""), "0.416667", "60"},
		{find("first_out_rate", "map=lost_woods;teams=link,ganon,zelda", "zelda", "", ""), "0.5", "60"},
		{find("matchup_win_rate", "map=lost_woods;teams=link,link", "link", "link", ""), "0.5", "100"},
	} {
		if tc.row[8] != tc.value || tc.row[11] != tc.n {
			t.Errorf("%s: value %s n %s, want %s and %s", strings.Join(tc.row[:8], ","), tc.row[8], tc.row[11], tc.value, tc.n)
		}
	}
	for _, r := range recs[1:] {
		if r[0] == "team_win_rate" && strings.HasSuffix(r[3], "teams=link,link") {
			t.Errorf("a mirror has a team_win_rate row: %v", r)
		}
	}
}

// Gates read Duels' metrics with their selectors.
func TestGates(t *testing.T) {
	gates, err := reports.ParseGates("duels.yaml", []byte(`game: duels
gates:
  - {metric: matchup_win_rate, team: ganon, opponent: link, players: 2, params: {map: leever_desert, teams: "link,ganon"}, min: 0.55}
  - {metric: team_win_rate, team: link, params: {map: lost_woods, teams: "link,zelda"}, max: 0.5}
  - {metric: first_player_win_rate, players: 3, max: 0.45}
  - {metric: card_win_rate, card: link_master_sword, params: {map: lost_woods, teams: "link,ganon"}, min: 0.8}
`))
	if err != nil {
		t.Fatal(err)
	}
	results, err := reports.CheckGates(fixtureResults(t), gates)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct {
		value float64
		pass  bool
	}{{0.6, true}, {0.55, false}, {25.0 / 60, true}, {0.9, true}} {
		if r := results[i]; r.Value != want.value || r.Pass != want.pass {
			t.Errorf("gate %d: value %g pass %v, want %g %v (%s)", i, r.Value, r.Pass, want.value, want.pass, r.Msg)
		}
	}
	if _, err := reports.ParseGates("bad.yaml", []byte("game: duels\ngates:\n  - {metric: matchup_win_rate, team: link, min: 0.4}\n")); err == nil ||
		!strings.Contains(err.Error(), "opponent") {
		t.Errorf("a match-up gate without its opponent: error %v", err)
	}
}

// A small real matrix (the frozen data, the random agent, seats rotated) reports in every
// format: its cells and complements add up with the games nobody won.
func TestWriteRealMatrix(t *testing.T) {
	l, err := duelscfg.LoadDir("../../testdata/duels", nil)
	if err != nil {
		t.Fatal(err)
	}
	lineup, err := duelssim.Lineup([]string{"random"})
	if err != nil {
		t.Fatal(err)
	}
	var res *sim.Results
	for _, teams := range [][]string{{"link", "link"}, {"link", "ganon"}, {"ganon", "ganon"}} {
		game, err := duelssim.New(l.Data, teams, "lost_woods")
		if err != nil {
			t.Fatal(err)
		}
		r, err := sim.Run(t.Context(), sim.Config{Game: game, Players: []int{2}, Episodes: 8, Seed: 3, Rotate: true, Workers: 1,
			TurnCap: l.Data.Rules.TurnCap, Agents: []sim.Lineup{lineup},
			Params: map[string]string{"map": "lost_woods", "teams": strings.Join(teams, ",")}})
		if err != nil {
			t.Fatal(err)
		}
		if res == nil {
			res = r
		} else {
			res.Groups = append(res.Groups, r.Groups...)
		}
	}
	ms := Matrices(res)
	if len(ms) != 1 {
		t.Fatalf("%d matrices, want 1", len(ms))
	}
	lg, _ := ms[0].Cell("link", "ganon")
	gl, _ := ms[0].Cell("ganon", "link")
	g := res.Groups[1]
	if lg.Rate.K+gl.Rate.K+g.NoWinner != g.Episodes || lg.Rate.K != g.Wins {
		t.Errorf("link %d + ganon %d + nobody %d != %d games", lg.Rate.K, gl.Rate.K, g.NoWinner, g.Episodes)
	}
	dir := t.TempDir()
	paths, err := reports.Write(res, dir, []string{"md", "html", "csv", "svg"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"report.md", "report.html", "report.csv", "matrix-lost-woods.png", "matrix-lost-woods.svg", "tier-list.svg"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s not written (%d files): %v", name, len(paths), err)
		}
	}
}

// The HTML report embeds every chart once, as inline SVG, with no external reference.
func TestHTML(t *testing.T) {
	res := fixtureResults(t)
	charts, err := reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := reports.HTML(&buf, res); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if n := strings.Count(page, "<svg"); n != len(charts) {
		t.Errorf("%d <svg> elements, want one per chart (%d)", n, len(charts))
	}
	for _, bad := range []string{"http://", "https://", "<script"} {
		if strings.Contains(page, bad) {
			t.Errorf("report.html holds %q", bad)
		}
	}
	if !strings.Contains(page, "Match-up matrix, leever_desert") {
		t.Error("report.html lacks the leever_desert matrix")
	}
}
