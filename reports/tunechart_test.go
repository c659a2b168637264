package reports

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// The convergence chart draws a judged candidate's miss and the best so far against the
// episodes played (refused and unfinished candidates count their episodes, not a dot); a
// trajectory with nothing judged is no chart.
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
}
