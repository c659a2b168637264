package clockwork

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// testCardSweep is a sweep of setup.skill_cards_per_type.3 (3, 4, 5) at 3 players only: the
// swept key names the player count of every group, as a per-player-count key does.
func testCardSweep(base string) *sim.Results {
	res := testResults()
	res.Groups = nil
	const key = "setup.skill_cards_per_type.3"
	for _, x := range []int{3, 4, 5} {
		res.Groups = append(res.Groups, testGroup(3, 256, int64(40+10*x), map[string]string{key: strconv.Itoa(x)}))
	}
	if base != "" {
		res.BaseParams = map[string]string{key: base}
	}
	return res
}

// A sweep of a key with a player count keeps the count in its name, its chart titles, axes and
// files; the ganon command's keys (one per player count) still come together.
func TestSweepKeepsPlayerCount(t *testing.T) {
	res := testCardSweep("")
	if got := reports.SweepParams(res); len(got) != 1 || got[0] != "setup.skill_cards_per_type.3" {
		t.Fatalf("SweepParams = %v, want [setup.skill_cards_per_type.3]", got)
	}
	c, err := reports.SweepChartNamed(res, "setup.skill_cards_per_type.3", "campaign_win_rate")
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "sweep-setup.skill-cards-per-type.3-win-rate" || !strings.HasSuffix(c.Title, "by setup.skill_cards_per_type.3") ||
		c.Panels[0][0].X.Label.Text != "setup.skill_cards_per_type.3" {
		t.Errorf("chart %s %q, x axis %q: the key lost its player count", c.Name, c.Title, c.Panels[0][0].X.Label.Text)
	}
	if got := reports.SweepParams(testGanon()); len(got) != 1 || got[0] != "ganon.targets" {
		t.Errorf("SweepParams of the ganon command = %v, want [ganon.targets]", got)
	}
	one := testGanon()
	one.Groups = one.Groups[3:] // 3 players only
	if got := reports.ParamTitle(one, reports.SweepParams(one)[0]); got != "Ganon target at 3 players" {
		t.Errorf("the ganon command at 3 players only: param title %q", got)
	}
}

// A sweep chart marks the data's own value: a ring on the point swept there, or a dashed line
// (and the x range stretched to it) when it was not swept.
func TestSweepMarksDataValue(t *testing.T) {
	const key = "setup.skill_cards_per_type.3"
	render := func(res *sim.Results) ([]byte, float64, float64) {
		t.Helper()
		p, err := reports.SweepChart(res, key, "campaign_win_rate")
		if err != nil {
			t.Fatal(err)
		}
		b, err := chartBytes(chart.NewChart("s", p), "png")
		if err != nil {
			t.Fatal(err)
		}
		return b, p.X.Min, p.X.Max
	}
	plain, lo, hi := render(testCardSweep(""))
	ring, _, _ := render(testCardSweep("4"))
	line, lo2, hi2 := render(testCardSweep("7"))
	if bytes.Equal(plain, ring) {
		t.Error("the data's value 4 (swept) is not marked")
	}
	if bytes.Equal(plain, line) || hi2 < 7 || lo2 > 3 || hi >= 7 {
		t.Errorf("the data's value 7 (not swept): x range %v..%v (was %v..%v)", lo2, hi2, lo, hi)
	}
}
