package compare

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/plotter"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
)

// reportRows are two rows of a comparison on 400 campaigns: at 2 players B wins 40 fewer (50
// won by A only, 10 by B only), at 3 players 2 more (5 and 7).
func reportRows() []Row {
	row := func(players int, winsA, winsB, aOnly, bOnly int64) Row {
		return Row{Players: players, ParamsB: "rules.move_carry_over=off", AgentA: "planner", AgentB: "planner", Campaigns: 400,
			A: stats.NewRate(winsA, 400), B: stats.NewRate(winsB, 400), Diff: float64(winsB-winsA) / 400, Test: stats.McNemarTest(aOnly, bOnly)}
	}
	return []Row{row(2, 160, 120, 50, 10), row(3, 100, 102, 5, 7)}
}

// The headline gives each row's paired difference with its interval, both win rates and p; the
// chart draws the same differences and intervals.
func TestPairedHeadlineAndChart(t *testing.T) {
	rows := reportRows()
	d, lo, hi := stats.PairedDiff(50, 10, 400)
	assert.InDelta(t, -0.1, d, 1e-12)
	want := "2 players, none → rules.move_carry_over=off: B moves the win rate by -10.0 pt [" + format.SignedRange(lo, hi) +
		"] (40.0% → 30.0%, McNemar p " + format.P(rows[0].Test.P) + "); 3 players, none → rules.move_carry_over=off: B moves the win rate by +0.5 pt ["
	assert.True(t, strings.HasPrefix(Headline(rows), want), Headline(rows))
	assert.True(t, strings.HasSuffix(Headline(rows), ")."))
	assert.Empty(t, Headline(nil))

	c, err := DiffChart(rows)
	require.NoError(t, err)
	assert.Equal(t, ChartDiff, c.Name)
	p := c.Panels[0][0]
	assert.Equal(t, "none → rules.move_carry_over=off", p.X.Label.Text, "the common change under the axis")
	names, eb := pairedPoints(rows)
	assert.Equal(t, []string{"2 players", "3 players"}, names)
	require.Len(t, eb.XYs, 2)
	assert.Equal(t, plotter.XY{X: 0, Y: -10}, eb.XYs[0])
	assert.InDelta(t, 100*lo, eb.XYs[0].Y-eb.YErrors[0].Low, 1e-9)
	assert.InDelta(t, 100*hi, eb.XYs[0].Y+eb.YErrors[0].High, 1e-9)
	mixed := append(reportRows(), Row{Players: 4, Campaigns: 400, A: stats.NewRate(1, 400), B: stats.NewRate(1, 400)})
	names, _ = pairedPoints(mixed)
	assert.Equal(t, []string{"2 players, none → rules.move_carry_over=off", "3 players, none → rules.move_carry_over=off", "4 players"}, names,
		"rows that change different things are named in full")

	_, err = DiffChart([]Row{{Players: 2}})
	assert.True(t, errors.Is(err, chart.ErrNoData), "%v", err)
}

// The report of a comparison: Markdown opening with its answer and linking the chart, an HTML
// page with the chart inline and nothing loaded, the chart's files.
func TestWritePairedReport(t *testing.T) {
	dir := t.TempDir()
	paths, err := WriteReport(reportRows(), "a.csv", "b.csv", dir, ReportFormats())
	require.NoError(t, err)
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	assert.Equal(t, []string{"paired-diff.png", "paired-diff.svg", page.MarkdownFile, page.HTMLFile}, names)
	md, err := os.ReadFile(filepath.Join(dir, page.MarkdownFile))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(md), "# Paired comparison report\n\n**2 players, none → rules.move\\_carry\\_over=off: B moves the win rate by -10.0 pt"), string(md))
	assert.Contains(t, string(md), "Paired comparison on the same campaigns: A = a.csv, B = b.csv.\n\n![Paired difference in win rate, B - A, per player count (95% intervals)](paired-diff.png)\n")
	assert.Contains(t, string(md), "(paired-diff.png)\n\n*Each point is B's win rate minus A's on the same seeds")
	assert.Contains(t, string(md), "| players | params | campaigns |")
	html, err := os.ReadFile(filepath.Join(dir, page.HTMLFile))
	require.NoError(t, err)
	assert.Contains(t, string(html), `<p class="headline"><strong>2 players, none → rules.move_carry_over=off: B moves`)
	assert.Equal(t, 1, strings.Count(string(html), "<svg"))
	assert.Contains(t, string(html), "<figcaption>Each point is B&#39;s win rate minus A&#39;s")
	assert.NotContains(t, string(html), "http")
	assert.NotContains(t, string(html), "Data fingerprint")

	_, err = WriteReport(reportRows(), "a.csv", "b.csv", dir, []string{"gif"})
	assert.ErrorContains(t, err, `unknown report format "gif"`)
	paths, err = WriteReport(reportRows(), "a.csv", "b.csv", t.TempDir(), []string{"md"})
	require.NoError(t, err)
	assert.Len(t, paths, 2, "md writes the PNG it links")
}
