package clockwork

import (
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// Every metric of the table is a rate or a mean, named once; the gate metrics are those docs/ci.md
// lists; every sweep metric parses back.
func TestMetricTable(t *testing.T) {
	ci, err := os.ReadFile("../../docs/ci.md")
	require.NoError(t, err)
	var row string
	for _, line := range strings.Split(string(ci), "\n") {
		if strings.HasPrefix(line, "| `metric` |") {
			row = line
		}
	}
	require.NotEmpty(t, row, "docs/ci.md has no row for the metric key")
	seen := map[string]bool{}
	res := &sim.Results{Groups: []*sim.Group{gateResults().Groups[0]}}
	for _, d := range append([]*reports.Metric{reports.MetricNamed(cwsim.Name, WinRateMetric)}, metrics...) {
		assert.False(t, seen[d.Name], "%s is in the table twice", d.Name)
		seen[d.Name] = true
		assert.Same(t, d, reports.MetricNamed("", d.Name), "%s is Clockwork's", d.Name)
		assert.True(t, (d.Rate == nil) != (d.Hist == nil), "%s: exactly one of rate and hist", d.Name)
		assert.LessOrEqual(t, len(d.Needs), 2, d.Name)
		assert.Equal(t, d.Gate, strings.Contains(row, "`"+d.Name+"`"), "%s: a gate metric exactly when docs/ci.md lists it", d.Name)
		if d.Title == "" {
			continue
		}
		s := d.Name
		switch {
		case slices.Equal(d.Needs, []string{"level"}):
			s += ":2"
		case slices.Equal(d.Needs, []string{"skill"}):
			s += ":move"
		}
		p, err := reports.SweepChart(res, "x", s)
		if assert.NoError(t, err, s) {
			assert.NotContains(t, p.Title.Text+p.Y.Label.Text, "{", s)
		}
		c, err := reports.SweepChartNamed(res, "x", s)
		if assert.NoError(t, err, s) {
			assert.NotContains(t, c.Name, "{", s)
		}
	}
}

// sweepMetrics keeps the order of the sweep charts.
func TestSweepMetrics(t *testing.T) {
	assert.Equal(t, []string{"campaign_win_rate", "level_success:1", "level_success:2", "ganon_defeat_rate", "mean_final_shards"}, sweepMetrics(2))
}

// A mean of a single observation has no interval: the CSV leaves it empty, gates and sweep
// charts use the value itself.
func TestEstimateOfOneObservation(t *testing.T) {
	g := gateResults().Groups[0]
	cwOf(g).FinalShardsHist = []int64{0, 0, 1}
	e := meanShards.Of(g, nil)
	assert.Equal(t, 2.0, e.Value)
	assert.EqualValues(t, 1, e.N)
	assert.True(t, math.IsNaN(e.Lo) && math.IsNaN(e.Hi))
	lo, hi := e.Band()
	assert.Equal(t, [2]float64{2, 2}, [2]float64{lo, hi})
	none := templeSuccess.Of(g, reports.At{"level": "3", "temple": "forest"})
	assert.True(t, math.IsNaN(none.Value) && math.IsNaN(none.Lo) && math.IsNaN(none.Hi))
	assert.Zero(t, none.N)
}
