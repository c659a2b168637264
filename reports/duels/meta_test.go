package duels

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// cycleMatrix is a matrix of rock-paper-scissors on one map: link beats ganon, ganon beats
// zelda and zelda beats link, each 60-40 over 100 games; every team wins 50% of its games, so
// the tier list orders them by id.
func cycleMatrix(t *testing.T) *sim.Results {
	t.Helper()
	res := fixtureResults(t)
	res.Groups = nil
	for _, sp := range []spec{
		{mapID: "lost_woods", teams: "link,ganon", games: 100, a: 60, b: 40},
		{mapID: "lost_woods", teams: "ganon,zelda", games: 100, a: 60, b: 40},
		{mapID: "lost_woods", teams: "zelda,link", games: 100, a: 60, b: 40},
	} {
		res.Groups = append(res.Groups, fixtureGroup(sp))
	}
	if err := res.Validate(); err != nil {
		t.Fatal(err)
	}
	return res
}

// The fixture's meta: link beats both others over all maps pooled (110-88 against ganon,
// 135-65 against zelda), so the equilibrium plays link alone, and the Nash averages are the
// others' margins against it; ganon takes link's place in the resamples where it beats link
// (about 6%: a difference of 22 games with a standard deviation of 14).
func TestMetas(t *testing.T) {
	metas, err := Metas(fixtureResults(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []MetaTeam{
		{Rank: 1, Team: "link", TierRank: 1, Weight: 1, Payoff: 0},
		{Rank: 2, Team: "ganon", TierRank: 2, Weight: 0, Payoff: -0.11},
		{Rank: 3, Team: "zelda", TierRank: 3, Weight: 0, Payoff: -0.35},
	}
	if len(metas) != len(want) {
		t.Fatalf("%d teams in the meta, want %d", len(metas), len(want))
	}
	for i, w := range want {
		m := metas[i]
		if m.Rank != w.Rank || m.Team != w.Team || m.TierRank != w.TierRank || m.Weight != w.Weight ||
			math.Abs(m.Payoff-w.Payoff) > 1e-12 || m.Support.N != MetaResamples {
			t.Errorf("line %d: %+v, want %+v", i, m, w)
		}
	}
	if p := metas[0].Support.P; p < 0.88 || p > 0.99 {
		t.Errorf("link in %.3f of the resamples' equilibria, want about 0.94", p)
	}
	if p := metas[1].Support.P; p < 0.02 || p > 0.12 {
		t.Errorf("ganon in %.3f of the resamples' equilibria, want about 0.06", p)
	}
	if lo, hi := metas[2].PayoffLo, metas[2].PayoffHi; !(lo < -0.35 && -0.35 < hi) {
		t.Errorf("zelda's Nash average interval %g to %g does not hold -0.35", lo, hi)
	}
	if ms, err := Metas(singleMatchup(t)); ms != nil || err != nil {
		t.Errorf("a single match-up has a meta: %v %v", ms, err)
	}
}

// singleMatchup is the fixture's link against ganon on lost_woods alone.
func singleMatchup(t *testing.T) *sim.Results {
	t.Helper()
	res := fixtureResults(t)
	res.Groups = res.Groups[1:2]
	return res
}

// A cycle's meta plays every team a third, all ranked 1 in the tier list's order; the bootstrap
// follows the results' seed: the same seed the same meta, another seed other intervals.
func TestMetaCycle(t *testing.T) {
	res := cycleMatrix(t)
	metas, err := Metas(res)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, m := range metas {
		order = append(order, m.Team)
		if m.Rank != 1 || math.Abs(m.Weight-1.0/3) > 1e-9 || m.Payoff != 0 || !(m.WeightLo < m.Weight && m.Weight < m.WeightHi) {
			t.Errorf("%+v: want rank 1, weight 1/3 inside its interval, payoff 0", m)
		}
	}
	if got := strings.Join(order, " "); got != "ganon link zelda" {
		t.Errorf("order %s, want the tier list's, ganon link zelda", got)
	}
	again, _ := Metas(cycleMatrix(t))
	if !reflect.DeepEqual(metas, again) {
		t.Error("two reports of one file give two metas")
	}
	other := cycleMatrix(t)
	other.Seed = 2
	moved, err := Metas(other)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(metas, moved) {
		t.Error("seeds 1 and 2 give the same bootstrap")
	}
}

// A sweep over the matrix has a meta per point, each with its setting, and a chart each.
func TestMetaSettings(t *testing.T) {
	res := matrixSweep(t)
	metas, err := Metas(res)
	if err != nil {
		t.Fatal(err)
	}
	sets := metaSettings(metas)
	if len(sets) != 2 || len(sets[0]) != 3 || sets[0][0].Setting == sets[1][0].Setting || sets[1][0].Setting == "" {
		t.Fatalf("settings %+v", sets)
	}
	charts, err := reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range charts {
		if strings.HasPrefix(c.Name, ChartMeta+"-") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d meta charts, want 2", n)
	}
	if tb := metaTable(metas); tb.Header[0] != "setting" || len(tb.Rows) != 6 {
		t.Errorf("the meta table of two settings: %v, %d rows", tb.Header, len(tb.Rows))
	}
}

// The meta's section: its table in the Markdown report, its rows in report.csv (weights, then
// support shares, then Nash averages, each in the meta's order, n the resamples), and the
// chart's labels.
func TestMetaWriters(t *testing.T) {
	res := fixtureResults(t)
	var md bytes.Buffer
	if err := reports.Markdown(&md, res); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"**Meta: Nash equilibrium of the team choice (1000 resamples)**",
		"| rank | team | tier-list rank | weight | 95% interval | in support | payoff vs meta | 95% interval |",
		"| 1 | link | 1 | 100.0% | 0.0-100.0% |",
		"| 3 | zelda | 3 | 0.0% | 0.0-0.0% | 0.3% | -35.0 pt |",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	recs := csvRecords(t, res)
	var got []string
	for _, r := range recs[len(recs)-9:] {
		got = append(got, strings.Join(append(r[:7:7], r[9], r[12], r[13]), ","))
	}
	want := []string{
		"meta_weight,2,aggressive,,all,,link,1,1000,fraction",
		"meta_weight,2,aggressive,,all,,ganon,0,1000,fraction",
		"meta_weight,2,aggressive,,all,,zelda,0,1000,fraction",
		"meta_support_rate,2,aggressive,,all,,link,0.943,1000,fraction",
		"meta_support_rate,2,aggressive,,all,,ganon,0.069,1000,fraction",
		"meta_support_rate,2,aggressive,,all,,zelda,0.003,1000,fraction",
		"nash_average,2,aggressive,,all,,link,0,1000,fraction",
		"nash_average,2,aggressive,,all,,ganon,-0.11,1000,fraction",
		"nash_average,2,aggressive,,all,,zelda,-0.35,1000,fraction",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the meta's rows:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	metas, _ := Metas(res)
	if l := metaLabel(metas[0]); l != "100.0% (94.3%)" {
		t.Errorf("link's label %q", l)
	}
}
