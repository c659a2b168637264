package duels

import (
	"bytes"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// teamRow is a row of a sensitivity over the matrix: team's games (base wins of them), won by
// the data as it is only and by the moved data only.
func teamRow(param string, base, value int, team string, games, wins, baseOnly, movedOnly int64) sim.SensitivityRow {
	return sim.SensitivityRow{Players: 2, Param: param, Base: base, Value: value, Team: team,
		Paired: sim.PairedOutcomes{Episodes: games, BaseWins: wins, BaseOnly: baseOnly, MovedOnly: movedOnly}}
}

// matrixSensitivity is the fixture with the rows of a sensitivity over its matrix (link 245 of
// 400 games, ganon 198, zelda 155): Link's hit points take 20 games from Link down a step
// (giving ganon 12, zelda 6) and give it 8 up a step; the heal moves every team 2 games down a
// step and cannot go up; a card of Zelda's ties zelda's and ganon's changes at 4 games.
func matrixSensitivity(t *testing.T) *sim.Results {
	res := fixtureResults(t)
	hp, heal, card := "teams.link.characters.link.hp", "rules.heart_heal", "teams.zelda.cards.zelda_light_arrow.attack"
	res.Sensitivity = []sim.SensitivityRow{
		teamRow(heal, 2, 1, "link", 400, 245, 3, 1), teamRow(heal, 2, 1, "ganon", 400, 198, 1, 3), teamRow(heal, 2, 1, "zelda", 400, 155, 2, 4),
		{Players: 2, Param: heal, Base: 2, Value: 3, Team: "link", Skipped: "rules.heart_heal: at most 2"},
		{Players: 2, Param: heal, Base: 2, Value: 3, Team: "ganon", Skipped: "rules.heart_heal: at most 2"},
		{Players: 2, Param: heal, Base: 2, Value: 3, Team: "zelda", Skipped: "rules.heart_heal: at most 2"},
		teamRow(hp, 18, 17, "link", 400, 245, 22, 2), teamRow(hp, 18, 17, "ganon", 400, 198, 1, 13), teamRow(hp, 18, 17, "zelda", 400, 155, 0, 6),
		teamRow(hp, 18, 19, "link", 400, 245, 0, 8), teamRow(hp, 18, 19, "ganon", 400, 198, 5, 0), teamRow(hp, 18, 19, "zelda", 400, 155, 3, 0),
		teamRow(card, 3, 2, "link", 400, 245, 0, 0), teamRow(card, 3, 2, "ganon", 400, 198, 0, 4), teamRow(card, 3, 2, "zelda", 400, 155, 4, 0),
		teamRow(card, 3, 4, "link", 400, 245, 1, 0), teamRow(card, 3, 4, "ganon", 400, 198, 2, 0), teamRow(card, 3, 4, "zelda", 400, 155, 0, 3),
	}
	if err := res.Validate(); err != nil {
		t.Fatalf("not a valid results file: %v", err)
	}
	return res
}

// The values are ranked by the largest change of any team's win rate; each step names the team
// that moved most (on a tie, the team the value belongs to, else the first by id) and the mean
// absolute change of all the teams.
func TestMatrixEffects(t *testing.T) {
	es := reports.MatrixEffects(matrixSensitivity(t))
	var order []string
	for _, e := range es {
		order = append(order, e.Param+":"+e.Team().Team)
	}
	want := []string{"teams.link.characters.link.hp:link", "teams.zelda.cards.zelda_light_arrow.attack:zelda", "rules.heart_heal:ganon"}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Fatalf("ranking %v, want %v", order, want)
	}
	hp := es[0]
	if d := hp.Low.Top().Diff; d != -0.05 || hp.Size() != 0.05 {
		t.Errorf("link down a step: %v, size %v", d, hp.Size())
	}
	if got := hp.Low.Top().Moved.P; got != 225.0/400 {
		t.Errorf("link's moved rate %v, want 225/400", got)
	}
	if got, want := hp.Low.MeanAbs, (20.0+12+6)/3/400; math.Abs(got-want) > 1e-12 {
		t.Errorf("mean absolute change %v, want %v", got, want)
	}
	if es[2].High != nil || len(es[2].Skipped) != 1 || es[2].Skipped[0] != "3: rules.heart_heal: at most 2" {
		t.Errorf("the heal up a step: %+v, skipped %v", es[2].High, es[2].Skipped)
	}
}

// The report's answer: the ranking table (the team that moved most at each step, its rates,
// change, interval and McNemar p, the mean absolute change), the tornado chart labelled with
// the value and the team, the headline, and sensitivity.csv with a row per team and step.
func TestMatrixSensitivityReport(t *testing.T) {
	res := matrixSensitivity(t)
	var md bytes.Buffer
	if err := reports.Markdown(&md, res); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"**At 2 players teams.link.characters.link.hp moves the matrix most: at 17 (from 18) link's win rate changes -5.0 pt",
		"then 3 values moved (5 runs of the whole matrix on the same games)",
		"## What moves the matrix",
		"| 1 | teams.link.characters.link.hp | 18 | 17 | link | 61.3% → 56.2% | -5.0 pt | -7.4 to -2.6 pt | &lt;0.0001 | 3.2 pt | 19 | link | 61.3% → 63.2% | +2.0 pt | ",
		"| 3 | rules.heart\\_heal | 2 | 1 | ganon | 49.5% → 50.0% | +0.5 pt | -0.6 to +1.6 pt | 0.6250 | 0.5 pt | not valid | - | - | - | - | - | - |",
		"![What moves the matrix](tornado-2p.png)",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	p, err := reports.TornadoChart(res, 2)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		labels = append(labels, strings.ReplaceAll(tk.Label, "\n", ""))
	}
	if want := "teams.link.characters.link.hp (18): link"; labels[len(labels)-1] != want {
		t.Errorf("top tornado row %q, want %q (rows %q)", labels[len(labels)-1], want, labels)
	}

	dir := t.TempDir()
	if _, err := reports.Write(res, dir, []string{"csv"}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, reports.SensitivityCSVFile))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != strings.Join(reports.MatrixSensitivityCSVHeader(), ",") {
		t.Fatalf("header %v", rows[0])
	}
	if len(rows) != 1+3*2*3-2 {
		t.Fatalf("%d rows: a row per team and step, one for the step not valid", len(rows))
	}
	if got := strings.Join(rows[1], ","); got != "2,1,teams.link.characters.link.hp,18,down,17,link,1,400,61.25,56.25,-5,-7.363885,-2.586364,0.000036,22,2,3.166667,,percent" {
		t.Errorf("first row %s", got)
	}
	if got := strings.Join(rows[len(rows)-1], ","); got != "2,3,rules.heart_heal,2,up,3,,,,,,,,,,,,,rules.heart_heal: at most 2,percent" {
		t.Errorf("last row %s", got)
	}
}
