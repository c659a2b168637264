package reports

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/plotter"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// The convergence chart draws a judged candidate's miss and the best so far against the
// episodes played (refused and unfinished candidates count their episodes, not a dot; one the
// race dropped is a cross, never the best); a trajectory with nothing judged is no chart.
func TestConvergenceChart(t *testing.T) {
	tr := []sim.Candidate{{Miss: 0.3, Episodes: 100}, {Invalid: "bad", Episodes: 0}, {Miss: 0.5, Episodes: 100}, {Miss: 0.1, Episodes: 100}, {Unfinished: true, Episodes: 40}}
	c, err := ConvergenceChart(tr, "games")
	require.NoError(t, err)
	assert.Equal(t, ChartConvergence, c.Name)
	svg, err := c.Bytes("svg")
	require.NoError(t, err)
	assert.Contains(t, string(svg), "games played")
	_, err = ConvergenceChart([]sim.Candidate{{Invalid: "bad"}}, "games")
	assert.True(t, errors.Is(err, chart.ErrNoData))
	assert.NotContains(t, c.Caption, "race")

	raced := append(tr, sim.Candidate{Miss: 0.01, Episodes: 25, Dropped: true})
	c, err = ConvergenceChart(raced, "games")
	require.NoError(t, err)
	assert.Contains(t, c.Caption, "A cross is a candidate the race stopped early")
	svg, err = c.Bytes("svg")
	require.NoError(t, err)
	assert.Contains(t, string(svg), "dropped by the race")
	dots, _ := paretoPoints(raced)
	assert.Len(t, dots, 3, "a dropped candidate is not on the Pareto chart")
}

// The Pareto chart draws every judged candidate at its number of changes and worst miss; a
// trajectory with nothing judged is no chart.
func TestParetoChart(t *testing.T) {
	tr := []sim.Candidate{{Misses: []float64{0.1, 0.2}}, {Edits: []sim.Edit{{Path: "a"}}, Misses: []float64{0, 0.05}}, {Invalid: "bad"}}
	c, err := ParetoChart(tr)
	require.NoError(t, err)
	assert.Equal(t, ChartPareto, c.Name)
	svg, err := c.Bytes("svg")
	require.NoError(t, err)
	assert.Contains(t, string(svg), "values changed")
	two := []sim.Edit{{Path: "a"}, {Path: "b"}}
	_, front := paretoPoints(append(tr, sim.Candidate{Edits: two, Misses: []float64{0.3}}, sim.Candidate{Edits: append(two, sim.Edit{Path: "c"}), Misses: []float64{0.01}}))
	assert.Equal(t, plotter.XYs{{X: 0, Y: 0.2}, {X: 1, Y: 0.05}, {X: 2, Y: 0.05}, {X: 3, Y: 0.01}}, front,
		"the lowest worst miss of so many changes or fewer")
	_, err = ParetoChart([]sim.Candidate{{Unfinished: true}})
	assert.True(t, errors.Is(err, chart.ErrNoData))
}
