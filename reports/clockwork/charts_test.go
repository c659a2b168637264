package clockwork

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

var regen = flag.Bool("regen", false, "rewrite the golden images in testdata/ from the current code")

// goldenCharts are the charts pinned by golden images: every chart of an ordinary run (the
// rounds chart for 3 players only, to keep its image small, and the temple chart of
// testTinyTemples) and three charts of a sweep.
func goldenCharts(t *testing.T) []*chart.Chart {
	t.Helper()
	res := testResults()
	charts, err := reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := RoundsChart(res, 3)
	if err != nil {
		t.Fatal(err)
	}
	temples, err := TempleSuccessChart(testTinyTemples())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range charts {
		switch c.Name {
		case ChartRounds:
			charts[i] = rounds
		case ChartTempleSuccess: // one group, to keep its image small, with tiny samples
			charts[i] = chart.NewChart(ChartTempleSuccess, temples)
		}
	}
	sweep := testSweep()
	for _, m := range []string{"campaign_win_rate", "mean_final_shards"} {
		p, err := reports.SweepChart(sweep, sweepParam, m)
		if err != nil {
			t.Fatal(err)
		}
		charts = append(charts, chart.NewChart("sweep-"+strings.ReplaceAll(m, "_", "-"), p))
	}
	p, err := reports.GoalHeatmap(sweep, sweepParam)
	if err != nil {
		t.Fatal(err)
	}
	charts = append(charts, chart.NewChart("ganon-heatmap", p))
	// The ganon command's grid: every chart but the tall ones (rounds, temples).
	grid, err := reports.Charts(testGanonGrid())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range grid {
		if c.Name != ChartRounds && c.Name != ChartTempleSuccess && !strings.Contains(c.Name, "defeat-rate") {
			c.Name = "grid-" + c.Name
			charts = append(charts, c)
		}
	}
	// Several agents, and a single group.
	for _, f := range []struct {
		prefix string
		res    *sim.Results
	}{{"agents-", testAgents()}, {"one-", &sim.Results{Groups: testResults().Groups[1:2]}}} {
		for _, fn := range []func(*sim.Results) (*plot.Plot, error){reports.WinRateChart, LevelSuccessChart} {
			p, err := fn(f.res)
			if err != nil {
				t.Fatal(err)
			}
			c := chart.NewChart(reports.ChartWinRate, p)
			if p.Title.Text[0] == 'L' {
				c.Name = ChartLevelSuccess
			}
			c.Name = f.prefix + c.Name
			charts = append(charts, c)
		}
	}
	return charts
}

// TestGoldenCharts renders every golden chart to PNG and compares the decoded pixels with
// testdata/<name>.png, allowing no difference. Run `go test ./reports -run Golden -regen` on
// linux/amd64 (goldenBuild) to rewrite the images after an intended change, and look at them
// before committing. On another build a difference skips the test with the reason instead of
// failing it (see goldenBuild).
func TestGoldenCharts(t *testing.T) {
	for _, c := range goldenCharts(t) {
		t.Run(c.Name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := c.Render(&buf, "png"); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", c.Name+".png")
			if *regen {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if buf.Len() > 64<<10 {
				t.Errorf("%s is %d bytes: keep golden images under 64 KiB", path, buf.Len())
			}
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run go test ./reports -run Golden -regen to create it)", err)
			}
			defer f.Close()
			want, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if msg := pixelDiff(got, want); msg != "" {
				if build, ok := goldenPlatform(); !ok {
					t.Skipf("%s: %s; the golden images are made with %s and this build is %s, where the compiler "+
						"fuses multiply-adds (FMA) and moves single anti-aliased pixels: compare on %[3]s", path, msg, goldenBuild, build)
				}
				out := filepath.Join(os.TempDir(), "clockwork-golden-"+c.Name+".png")
				_ = os.WriteFile(out, buf.Bytes(), 0o644)
				t.Errorf("%s: %s; the new image is %s (rerun with -regen if the change is intended)", path, msg, out)
			}
		})
	}
}

// goldenBuild is the build the golden images are made with: the default for linux/amd64 CI.
// Other architectures (arm64, ppc64le, s390x) and GOAMD64=v3 or higher may fuse floating-point
// multiply-adds in the rasterizer and move single pixels.
const goldenBuild = "GOARCH=amd64 GOAMD64=v1"

// goldenPlatform describes this test binary's build and reports whether it is goldenBuild.
func goldenPlatform() (string, bool) {
	arch, level := runtime.GOARCH, ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GOAMD64" {
				level = s.Value
			}
		}
	}
	build := "GOARCH=" + arch
	if arch == "amd64" {
		if level == "" {
			level = "v1"
		}
		build += " GOAMD64=" + level
	}
	return build, build == goldenBuild
}

// pixelDiff compares two images pixel by pixel (as 8-bit RGBA) and describes the difference
// ("" when they are identical).
func pixelDiff(got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	a, b := toRGBA(got), toRGBA(want)
	n, first := 0, image.Point{}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels differ, the first at %v", n, first)
}

func toRGBA(m image.Image) *image.RGBA {
	if r, ok := m.(*image.RGBA); ok {
		return r
	}
	r := image.NewRGBA(m.Bounds())
	draw.Draw(r, r.Rect, m, m.Bounds().Min, draw.Src)
	return r
}

// TestChartsStable renders every chart twice: drawing must not change a chart (the plots are
// copied before their axes are adjusted), so both renderings are identical.
func TestChartsStable(t *testing.T) {
	for _, c := range goldenCharts(t)[:3] {
		a, _ := chartBytes(c, "svg")
		b, _ := chartBytes(c, "svg")
		if !bytes.Equal(a, b) {
			t.Errorf("%s: a second rendering differs from the first", c.Name)
		}
	}
}

func TestChartsNames(t *testing.T) {
	charts, err := reports.Charts(testResults())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"win-rate", "level-success", "temple-success", "rounds", "final-shards", "ganon-shortfall"}
	if got := chartNames(charts); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("chart names %v, want %v", got, want)
	}
	for _, c := range charts {
		if c.Title == "" || c.Width <= 0 || c.Height <= 0 {
			t.Errorf("%s: title %q, size %v x %v", c.Name, c.Title, c.Width, c.Height)
		}
	}
	charts, err = reports.Charts(testSweep())
	if err != nil {
		t.Fatal(err)
	}
	names := strings.Join(chartNames(charts), " ")
	for _, n := range []string{"sweep-ganon.targets.3.move-win-rate", "sweep-ganon.targets.3.move-level-4-success",
		"sweep-ganon.targets.3.move-ganon-defeat-rate", "sweep-ganon.targets.3.move-final-shards",
		"ganon-heatmap-ganon.targets.3.move"} {
		if !strings.Contains(names, n) {
			t.Errorf("sweep charts %s: missing %s", names, n)
		}
	}
}

func TestChartErrors(t *testing.T) {
	if _, err := reports.Charts(&sim.Results{}); err == nil {
		t.Error("Charts of an empty results value: no error")
	}
	if _, err := RoundsChart(testResults(), 5); err == nil || !strings.Contains(err.Error(), "5 players") {
		t.Errorf("RoundsChart(5 players) error %v", err)
	}
	sweep := testSweep()
	for _, c := range []struct{ param, metric, want string }{
		{sweepParam, "median_rounds", `unknown metric "median_rounds"`},
		{sweepParam, "level_success:5", "level must be 1, 2, 3 or 4"},
		{"setup.time_tokens", "campaign_win_rate", `no params value "setup.time_tokens"`},
	} {
		if _, err := reports.SweepChart(sweep, c.param, c.metric); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SweepChart(%s, %s) error %v, want %q", c.param, c.metric, err, c.want)
		}
	}
	sweep.Groups[0].Params[sweepParam] = "many"
	if _, err := reports.SweepChart(sweep, sweepParam, "campaign_win_rate"); err == nil || !strings.Contains(err.Error(), "not a number") {
		t.Errorf("SweepChart with a non-numeric value: error %v", err)
	}
	if _, err := reports.GoalHeatmap(sweep, sweepParam); err == nil || !strings.Contains(err.Error(), "not a number") {
		t.Errorf("GanonHeatmap with a non-numeric value: error %v", err)
	}
	// A non-numeric sweep is not an error for Charts: it only gets no sweep charts.
	charts, err := reports.Charts(sweep)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range charts {
		if strings.HasPrefix(c.Name, "sweep-") {
			t.Errorf("non-numeric sweep got chart %s", c.Name)
		}
	}
	dup := testSweep()
	dup.Groups[1].Params[sweepParam] = dup.Groups[0].Params[sweepParam]
	if _, err := reports.SweepChart(dup, sweepParam, "campaign_win_rate"); err == nil {
		t.Error("SweepChart with two groups at one point of a line: no error")
	}
	if _, err := reports.GoalHeatmap(dup, sweepParam); err == nil {
		t.Error("GanonHeatmap with two groups in a cell: no error")
	}
}

func TestGanonCommandResults(t *testing.T) {
	res := testGanon()
	if got := reports.SweepParams(res); len(got) != 1 || got[0] != "ganon.targets" {
		t.Fatalf("SweepParams = %v, want [ganon.targets]", got)
	}
	charts, err := reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	names := strings.Join(chartNames(charts), " ")
	for _, n := range []string{"sweep-ganon.targets-win-rate", "ganon-heatmap-ganon.targets"} {
		if !strings.Contains(names, n) {
			t.Errorf("charts %s: missing %s", names, n)
		}
	}
	if got := reports.NewLabeller(res).Label(res.Groups[4]); got != "3 players, ganon.targets=12" {
		t.Errorf("label %q", got)
	}
	p, err := reports.GoalHeatmap(res, "ganon.targets")
	if err != nil {
		t.Fatal(err)
	}
	// Targets 6, 8, 10 (2 players) and 9, 12, 15 (3 players): six columns.
	if p.X.Max-p.X.Min != 6 {
		t.Errorf("heat map x range %v..%v, want six columns", p.X.Min, p.X.Max)
	}
}

// TestChartsSparse draws the charts of results with hardly any data: a group that played
// nothing and a group without temple or shortfall counts. Nothing may fail or panic.
func TestChartsSparse(t *testing.T) {
	empty := &sim.Group{Players: 2, Agent: "planner", Stats: &cwsim.Stats{FinalShardsHist: make([]int64, 41)}}
	for lvl := 1; lvl <= 4; lvl++ {
		cwOf(empty).Levels = append(cwOf(empty).Levels, &cwsim.LevelStats{Level: lvl, RoundsHist: make([]int64, 61)})
	}
	one := testGroup(3, 10, 1, nil)
	cwOf(one).Temples, cwOf(one).Ganon.ShortfallHist = nil, nil
	for _, res := range []*sim.Results{
		{Groups: []*sim.Group{empty}},
		{Groups: []*sim.Group{one}},
		{Groups: []*sim.Group{empty, one}},
	} {
		charts, err := reports.Charts(res)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range charts {
			if _, err := chartBytes(c, "png"); err != nil {
				t.Errorf("%s: %v", c.Name, err)
			}
		}
		var buf bytes.Buffer
		if err := reports.Table(&buf, res); err != nil {
			t.Error(err)
		}
		if err := reports.HTML(&buf, res); err != nil {
			t.Error(err)
		}
		if err := reports.CSV(&buf, res); err != nil {
			t.Error(err)
		}
	}
}

func TestSweepParams(t *testing.T) {
	if got := reports.SweepParams(testResults()); len(got) != 0 {
		t.Errorf("SweepParams of an ordinary run = %v", got)
	}
	if got := reports.SweepParams(testSweep()); len(got) != 1 || got[0] != sweepParam {
		t.Errorf("SweepParams of the sweep = %v", got)
	}
}

func TestRenderUnknownFormat(t *testing.T) {
	c := goldenCharts(t)[0]
	if err := c.Render(&bytes.Buffer{}, "gif"); err == nil || !strings.Contains(err.Error(), `"gif"`) {
		t.Errorf("Render(gif) error %v", err)
	}
}

// TestChartsOrder checks that the chart answering the command's question comes first, in the
// charts and in the report: the campaign win rate for a run, the swept metric for a sweep, the
// heat map (with the goal table) for the ganon command, and that the titles name the groups.
func TestChartsOrder(t *testing.T) {
	for _, c := range []struct {
		name        string
		res         *sim.Results
		first, sec  string
		title, goal string
	}{
		{"run", testResults(), reports.ChartWinRate, "Campaign win rate", "Campaign win rate by player count", ""},
		{"sweep", testSweep(), "sweep-ganon.targets.3.move-win-rate", "Sweep", "Campaign win rate by ganon.targets.3.move and player count", ""},
		{"ganon", testGanonGrid(), "ganon-heatmap-ganon.targets", "Ganon targets", "Campaign win rate by Ganon target and player count", "Ganon goal"},
		{"agents", testAgents(), reports.ChartWinRate, "Campaign win rate", "Campaign win rate by agent", ""},
	} {
		charts, err := reports.Charts(c.res)
		if err != nil {
			t.Fatal(err)
		}
		if charts[0].Name != c.first {
			t.Errorf("%s: first chart %s, want %s", c.name, charts[0].Name, c.first)
		}
		for _, ch := range charts {
			if ch.Name == reports.ChartWinRate && ch.Title != c.title {
				t.Errorf("%s: win-rate title %q, want %q", c.name, ch.Title, c.title)
			}
		}
		secs := reports.Sections(c.res, chartNames(charts))
		if secs[0].Title != c.sec || secs[0].Charts[0] != c.first {
			t.Errorf("%s: first section %q with charts %v, want %q with %s first", c.name, secs[0].Title, secs[0].Charts, c.sec, c.first)
		}
		if c.goal != "" && (len(secs[0].Tables) == 0 || !strings.HasPrefix(secs[0].Tables[0].Title, c.goal)) {
			t.Errorf("%s: the first section lacks the goal table", c.name)
		}
	}
}

// chartBytes renders a chart into memory.
func chartBytes(c *chart.Chart, format string) ([]byte, error) {
	var buf bytes.Buffer
	err := c.Render(&buf, format)
	return buf.Bytes(), err
}

// chartNames lists the names of charts in order.
func chartNames(charts []*chart.Chart) []string {
	names := make([]string, len(charts))
	for i, c := range charts {
		names[i] = c.Name
	}
	return names
}

// BenchmarkCharts builds every chart of an ordinary run and of the ganon command's grid (not
// rendered).
func BenchmarkCharts(b *testing.B) {
	run, grid := testResults(), testGanonGrid()
	b.ReportAllocs()
	for b.Loop() {
		for _, res := range []*sim.Results{run, grid} {
			if _, err := reports.Charts(res); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// The Ganon shortfall is the same statistic everywhere: the report's table, the ganon command's
// table and the chart's panel titles show its mean with one decimal and its median; of a file
// with the count of the teams that reached Ganon, that count (else the shortfall of every lost
// campaign); along a sweep of Ganon's targets (where it would only repeat the target) there is
// no shortfall chart.
func TestGanonShortfallAgrees(t *testing.T) {
	for _, tc := range []struct {
		name, column, chartTitle string
		old                      bool
		hist                     func(g *sim.Group) []int64
	}{
		{"reached", "attack short once reached", "Of the teams that reached Ganon, how far short they were, per skill", false,
			func(g *sim.Group) []int64 { return cwOf(g).Ganon.ReachedShortfallHist["attack"] }},
		{"old file", "attack shortfall", "Lost campaigns: Ganon's targets minus the team's Shards, per skill", true,
			func(g *sim.Group) []int64 { return cwOf(g).Ganon.ShortfallHist["attack"] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := testResults()
			if tc.old {
				for _, g := range res.Groups {
					cwOf(g).Ganon.ReachedShortfallHist = nil
				}
			}
			st := stats.Summarize(tc.hist(res.Groups[1]))
			mean, median := fmt.Sprintf("%.1f", st.Mean), strconv.Itoa(int(st.Median))
			want := "mean " + mean + ", median " + median
			var md, term bytes.Buffer
			if err := reports.Markdown(&md, res); err != nil {
				t.Fatal(err)
			}
			GanonTable(&term, res)
			var row, col string
			for _, line := range strings.Split(md.String(), "\n") {
				if strings.HasPrefix(line, "| group | reached") {
					col = line
				}
				if col != "" && row == "" && strings.HasPrefix(line, "| 3 players") {
					row = line
				}
			}
			found := false
			for i, c := range strings.Split(col, "|") {
				if strings.TrimSpace(c) == tc.column {
					found = true
					if got := strings.TrimSpace(strings.Split(row, "|")[i]); got != want {
						t.Errorf("report table %q: %s is %q, not %q", row, tc.column, got, want)
					}
				}
			}
			if !found {
				t.Errorf("no %q column in %q", tc.column, col)
			}
			termRow := ""
			for _, line := range strings.Split(term.String(), "\n") {
				if strings.HasPrefix(line, "3 ") && strings.Contains(line, "mean ") {
					termRow = line
				}
			}
			if !strings.Contains(termRow, want) {
				t.Errorf("ganon table's 3-player row %q lacks %q:\n%s", termRow, want, term.String())
			}
			ch, err := GanonShortfallChart(res)
			if err != nil {
				t.Fatal(err)
			}
			if ch.Title != tc.chartTitle {
				t.Errorf("chart title %q, want %q", ch.Title, tc.chartTitle)
			}
			panel := ch.Panels[1][0].Title.Text // attack; groups in legend order: 2, 3, 4 players
			if !strings.Contains(panel, "mean ") || strings.Split(strings.Split(panel, "mean ")[1], ", ")[1] != mean ||
				strings.Split(strings.Split(panel, "median ")[1], ", ")[1] != median {
				t.Errorf("attack panel %q: the 3-player mean %s or median %s differ", panel, mean, median)
			}
		})
	}
	charts, err := reports.Charts(testGanonGrid())
	if err != nil {
		t.Fatal(err)
	}
	if names := chartNames(charts); slices.Contains(names, ChartGanonShortfall) {
		t.Errorf("a sweep of Ganon's targets has a shortfall chart: %v", names)
	}
}

// In a file of `clockwork ganon`, whose groups differ only by Ganon's target, the temple chart
// and table show one row per player count and level when the targets leave the temples alone
// (the same campaigns before his Tower), and every group's rows when they do not.
func TestTempleViewOfGanon(t *testing.T) {
	grid := testGanonGrid()
	view := templeView(grid)
	if len(view.Groups) != 2 {
		t.Fatalf("%d groups for the temple chart of a ganon grid of %d, want one per player count (2)", len(view.Groups), len(grid.Groups))
	}
	if tb := templeTable(grid); len(tb.Rows) != 2*len(templeNames(grid)) || strings.Contains(tb.Rows[0][0], "target") {
		t.Fatalf("the temple table: %d rows, first %q", len(tb.Rows), tb.Rows[0][0])
	}
	moved := testGanonGrid()
	st := *cwsim.Of(moved.Groups[1])
	st.Temples = append([]*cwsim.TempleStat{{Temple: "forest", Level: 1, Attempts: 99, Successes: 1}}, st.Temples[1:]...)
	moved.Groups[1].Stats = &st
	if got := templeView(moved); len(got.Groups) != len(moved.Groups) {
		t.Fatalf("targets that moved a temple: %d groups shown, want all %d", len(got.Groups), len(moved.Groups))
	}
	if run := testResults(); templeView(run) != run {
		t.Fatal("a run's temple chart has every group")
	}
}
