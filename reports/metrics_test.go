package reports

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every metric of the table is a rate or a mean, named once; the gate metrics are those docs/ci.md
// lists; every sweep metric parses back.
func TestMetricTable(t *testing.T) {
	ci, err := os.ReadFile("../docs/ci.md")
	require.NoError(t, err)
	var row string
	for _, line := range strings.Split(string(ci), "\n") {
		if strings.HasPrefix(line, "| `metric` |") {
			row = line
		}
	}
	require.NotEmpty(t, row, "docs/ci.md has no row for the metric key")
	seen := map[string]bool{}
	for _, d := range metricTable {
		assert.False(t, seen[d.name], "%s is in the table twice", d.name)
		seen[d.name] = true
		assert.True(t, (d.rate == nil) != (d.hist == nil), "%s: exactly one of rate and hist", d.name)
		assert.Contains(t, []string{"", "l", "t", "s"}, d.need, d.name)
		assert.Equal(t, d.gate, strings.Contains(row, "`"+d.name+"`"), "%s: a gate metric exactly when docs/ci.md lists it", d.name)
		if d.title == "" {
			continue
		}
		s := d.name
		switch d.need {
		case "l":
			s += ":2"
		case "s":
			s += ":move"
		}
		m, err := parseMetric(s)
		if assert.NoError(t, err, s) {
			assert.Same(t, d, m.def)
			assert.NotContains(t, m.title()+m.yLabel()+m.Slug(), "{", s)
		}
	}
}

// SweepMetrics keeps the order of the sweep charts.
func TestSweepMetrics(t *testing.T) {
	assert.Equal(t, []string{"campaign_win_rate", "level_success:1", "level_success:2", "ganon_defeat_rate", "mean_final_shards"}, SweepMetrics(2))
}

// A mean of a single observation has no interval: the CSV leaves it empty, gates and sweep
// charts use the value itself.
func TestEstimateOfOneObservation(t *testing.T) {
	g := gateResults().Groups[0]
	cwOf(g).FinalShardsHist = []int64{0, 0, 1}
	e := meanShards.of(g, where{})
	assert.Equal(t, 2.0, e.value)
	assert.EqualValues(t, 1, e.n)
	assert.True(t, math.IsNaN(e.lo) && math.IsNaN(e.hi))
	lo, hi := e.band()
	assert.Equal(t, [2]float64{2, 2}, [2]float64{lo, hi})
	none := templeSuccess.of(g, where{level: 3, temple: "forest"})
	assert.True(t, math.IsNaN(none.value) && math.IsNaN(none.lo) && math.IsNaN(none.hi))
	assert.Zero(t, none.n)
}
