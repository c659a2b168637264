package clockwork

import (
	"bytes"
	"encoding/csv"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

func TestTable(t *testing.T) {
	var buf bytes.Buffer
	if err := reports.Table(&buf, testResults()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	r := stats.NewRate(12, 512)
	for _, want := range []string{
		"clockwork v0.0.0-test, seed 7, data sha256:0123456789ab, round cap 100, 3 groups, 1536 campaigns",
		"Campaigns", "win rate", "95% interval", "mean Shards (± SE)",
		"3.00 ± 0.05", // 2 players' final Shards: C(6,i)·8 from 0 to 6, mean 3
		"Levels", "mean rounds (± SE)", "Temples", "Level 3", "Ganon", "Loss reasons", "forced discard",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	// 12 wins of 512 and the Wilson interval, in adjacent columns.
	if !regexp.MustCompile(`\n2 +planner +512 +2\.3% +` + regexp.QuoteMeta(format.Interval(r)) + " ").MatchString(out) {
		t.Errorf("table lacks the 2-player win rate %s:\n%s", format.Interval(r), out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasSuffix(line, " ") {
			t.Errorf("trailing spaces: %q", line)
		}
	}
	buf.Reset()
	if err := reports.Table(&buf, &sim.Results{}); err != nil || !strings.Contains(buf.String(), "no groups") {
		t.Errorf("Table of no groups: %v %q", err, buf.String())
	}
}

func TestMarkdown(t *testing.T) {
	var buf bytes.Buffer
	if err := reports.Markdown(&buf, testResults()); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{
		"# Clockwork Realm balance report",
		"![Campaign win rate by player count](win-rate.png)",
		"![Level success rate by player count](level-success.png)",
		"![Success rate by temple and level](temple-success.png)",
		"![Rounds used per level](rounds.png)",
		"![Triforce Shards at the end of the campaign](final-shards.png)",
		"![Of the teams that reached Ganon, how far short they were, per skill](ganon-shortfall.png)",
		"| players | agent | campaigns | win rate | 95% interval | mean Shards (± SE) | timeouts |",
		"|---|---|---:|---:|---:|---:|---:|",
		"| 2 | planner | 512 | 2.3% |",
		"**Loss reasons**",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
	// Every table row has as many cells as its header.
	cells := func(line string) int { return len(regexp.MustCompile(`[^\\]\|`).FindAllString(line, -1)) }
	var header int
	for _, line := range strings.Split(md, "\n") {
		switch {
		case !strings.HasPrefix(line, "|"):
			header = 0
		case header == 0:
			header = cells(line)
		case cells(line) != header:
			t.Errorf("row with %d cells under a header of %d: %q", cells(line), header, line)
		}
	}
}

func TestCSV(t *testing.T) {
	var buf bytes.Buffer
	res := testResults()
	if err := reports.CSV(&buf, res); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], []string{"metric", "players", "agent", "params", "level", "temple", "reason", "skill", "value", "lo95", "hi95", "n",
		"unit", "seed", "tool_version", "config_fingerprint", "round_cap", "partial"}) {
		t.Fatalf("header %v", recs[0])
	}
	// Per group: win rate, 4 levels, 3 x 6 temples, 4 mean rounds, mean Shards, Ganon, timeouts,
	// and a row per loss reason, per level with hero-rounds and per skill of the reached shortfall.
	want := 3 * (1 + 4 + 18 + 4 + 1 + 1 + 1)
	for _, g := range res.Groups {
		want += len(cwOf(g).LossReasons) + len(cwOf(g).Ganon.ReachedShortfallHist)
		for _, l := range cwOf(g).Levels {
			if l.Quality.HeroRounds > 0 {
				want++
			}
		}
	}
	if got := len(recs) - 1; got != want {
		t.Errorf("%d rows, want %d", got, want)
	}
	find := func(metric, players, level, temple string) []string {
		t.Helper()
		for _, r := range recs[1:] {
			if r[0] == metric && r[1] == players && r[4] == level && r[5] == temple {
				return r
			}
		}
		t.Fatalf("no row %s/%s/%s/%s", metric, players, level, temple)
		return nil
	}
	f := func(s string) float64 {
		t.Helper()
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	row := find("campaign_win_rate", "2", "", "")
	lo, hi := stats.Wilson(12, 512, stats.Z(0.95))
	near(t, "win rate", f(row[8]), 12.0/512, 1e-6) // figures rounded to 6 decimals
	near(t, "lo95", f(row[9]), lo, 1e-6)
	near(t, "hi95", f(row[10]), hi, 1e-6)
	if row[2] != "planner" || row[3] != "" || row[11] != "512" {
		t.Errorf("row %v", row)
	}
	if want := []string{"fraction", "7", "v0.0.0-test", res.ConfigFingerprint, "100", "false"}; !slices.Equal(row[12:], want) {
		t.Errorf("unit and run columns %q, want %q", row[12:], want)
	}
	if u := find("mean_rounds", "3", "2", "")[12]; u != "rounds" {
		t.Errorf("mean_rounds unit %q", u)
	}
	if u := find("mean_final_shards", "3", "", "")[12]; u != "Triforce Shards" {
		t.Errorf("mean_final_shards unit %q", u)
	}
	row = find("mean_rounds", "3", "2", "")
	s := stats.Summarize(cwOf(res.Groups[1]).Levels[1].RoundsHist)
	near(t, "mean rounds", f(row[8]), s.Mean, 1e-6)
	near(t, "mean rounds lo95", f(row[9]), s.Mean-1.959963984540054*s.SE, 1e-6)
	near(t, "mean rounds hi95", f(row[10]), s.Mean+1.959963984540054*s.SE, 1e-6)
	row = find("temple_success", "2", "1", "light") // never played: no value, no interval
	if row[8] != "" || row[9] != "" || row[10] != "" || row[11] != "0" {
		t.Errorf("unplayed temple row %v", row)
	}
	row = find("ganon_defeat_rate", "4", "4", "")
	near(t, "Ganon", f(row[8]), 48.0/276, 1e-6)
	for _, r := range recs[1:] {
		if r[0] == "loss_reason_share" && r[1] == "2" && r[6] == "deck_exhausted" {
			g := res.Groups[0]
			near(t, "loss reason", f(r[8]), float64(cwOf(g).LossReasons["deck_exhausted"])/float64(g.Episodes-g.Wins), 1e-6)
		}
	}
	find("timeout_rate", "4", "", "")
	find("mean_final_shards", "3", "", "")
	find("level_success", "4", "4", "")

	buf.Reset()
	if err := reports.CSV(&buf, testSweep()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), ",ganon.targets.3.move=16,") {
		t.Error("sweep CSV lacks the params column value")
	}
	// A sweep has a column per swept key, holding each group's value as a number.
	recs, err = csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if recs[0][4] != sweepParam || recs[0][5] != "level" {
		t.Fatalf("sweep header %v: want %s after params", recs[0], sweepParam)
	}
	for _, r := range recs[1:] {
		if r[3] != sweepParam+"="+r[4] {
			t.Fatalf("row %v: the swept column %q is not its params value", r, r[4])
		}
	}
}

func TestHTML(t *testing.T) {
	for name, res := range map[string]*sim.Results{"run": testResults(), "sweep": testSweep()} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := reports.HTML(&buf, res); err != nil {
				t.Fatal(err)
			}
			page := buf.String()
			charts, _ := reports.Charts(res)
			if got := strings.Count(page, "<svg"); got != len(charts) {
				t.Errorf("%d <svg elements, want one per chart (%d)", got, len(charts))
			}
			checkSelfContained(t, page)
			title := "<title>Campaign win rate by player count</title>"
			if name == "sweep" {
				title = "<title>Campaign win rate by ganon.targets.3.move and player count</title>"
			}
			for _, want := range []string{"<!DOCTYPE html>", "<style>", "<table>", `<th class="r">win rate</th>`,
				title, "Loss reasons"} {
				if !strings.Contains(page, want) {
					t.Errorf("HTML lacks %q", want)
				}
			}
		})
	}
}

// Every chart says how to read it under the figure, in words that add to its title, in the
// HTML report (the figcaption) and in the Markdown one (an italic line under the image).
func TestCaptions(t *testing.T) {
	for name, res := range map[string]*sim.Results{"run": testResults(), "sweep": testSweep(),
		"ladder": ladderResults(), "sensitivity": testSensitivity(longestValues(t, 4))} {
		t.Run(name, func(t *testing.T) {
			charts, err := reports.Charts(res)
			if err != nil {
				t.Fatal(err)
			}
			var page, md bytes.Buffer
			if err := reports.HTML(&page, res); err != nil {
				t.Fatal(err)
			}
			if err := reports.Markdown(&md, res); err != nil {
				t.Fatal(err)
			}
			for _, c := range charts {
				if c.Caption == "" || c.Caption == c.Title {
					t.Errorf("%s: caption %q does not add to the title", c.Name, c.Caption)
					continue
				}
				if !strings.Contains(page.String(), "<figcaption>"+html.EscapeString(c.Caption)+"</figcaption>") {
					t.Errorf("%s: the HTML report lacks the caption %q", c.Name, c.Caption)
				}
			}
			if got := regexp.MustCompile(`(?m)^\*[^*].*\*$`).FindAllString(md.String(), -1); len(got) != len(charts) {
				t.Errorf("%d caption lines in the Markdown report, want one per chart (%d): %q", len(got), len(charts), got)
			}
		})
	}
}

// checkSelfContained fails when the page refers to anything outside itself.
func checkSelfContained(t *testing.T, page string) {
	t.Helper()
	for _, bad := range []string{"http://", "https://", "<script", "<link", "src=", "href=", "url(", "@import", "<?xml", "<!--"} {
		if strings.Contains(page, bad) {
			i := strings.Index(page, bad)
			t.Errorf("the page contains %q: ...%s...", bad, page[max(0, i-60):min(len(page), i+60)])
		}
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	paths, err := reports.Write(testResults(), dir, []string{"md", "html", "csv", "png", "svg"})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, ext := range []string{"png", "svg"} {
		for _, n := range []string{"win-rate", "level-success", "temple-success", "rounds", "final-shards", "ganon-shortfall"} {
			want = append(want, n+"."+ext)
		}
	}
	want = append(want, "report.csv", "report.md", "report.html")
	var got []string
	for _, p := range paths {
		if filepath.Dir(p) != dir {
			t.Errorf("path %s outside %s", p, dir)
		}
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
		got = append(got, filepath.Base(p))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("wrote %v, want %v", got, want)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(want) {
		t.Errorf("%d files in the directory (temporary files left?), want %d", len(entries), len(want))
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "win-rate.svg"))
	if !bytes.Contains(svg, []byte("<svg")) {
		t.Error("win-rate.svg is not an SVG")
	}
}

func TestWriteMarkdownWritesItsImages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "dir")
	paths, err := reports.Write(testResults(), dir, []string{"md"})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 7 || filepath.Base(paths[6]) != "report.md" {
		t.Fatalf("wrote %v, want the 6 PNG charts and report.md", paths)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, m := range regexp.MustCompile(`!\[[^\]]*\]\(([^)]+)\)`).FindAllSubmatch(md, -1) {
		if _, err := os.Stat(filepath.Join(dir, string(m[1]))); err != nil {
			t.Errorf("report.md links %s: %v", m[1], err)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := reports.Write(testResults(), dir, []string{"md", "pdf"})
	if err == nil || !strings.Contains(err.Error(), `"pdf"`) {
		t.Errorf("unknown format: error %v, want one naming \"pdf\"", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("an unknown format still wrote %d files", len(entries))
	}
	if _, err := reports.Write(testResults(), dir, nil); err == nil {
		t.Error("no formats: no error")
	}
	if _, err := reports.Write(&sim.Results{}, dir, []string{"csv"}); err == nil {
		t.Error("no groups: no error")
	}
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	if _, err := reports.Write(testResults(), filepath.Join(file, "sub"), []string{"csv"}); err == nil {
		t.Error("writing under a file: no error")
	}
}

// The "How teams lose" section shows the play-quality figures per level.
func TestQualitySection(t *testing.T) {
	res := testResults()
	l := cwOf(res.Groups[0]).Levels[3]
	l.Quality = cwsim.QualityStats{HeroRounds: 400, IdleHeroRounds: 100, BossWaits: 50, FailedActivations: 7,
		Retries: 2, ShardsBurnedLost: 3, KillsBy: map[string]int64{"enemy": 12, "boss_attack": 30},
		LostTo: map[string]int64{"draw": 9, "boss_attack": 4}}
	var b strings.Builder
	require.NoError(t, reports.Table(&b, res))
	out := b.String()
	assert.Contains(t, out, "Play quality (per level played)")
	assert.Contains(t, out, "25.0%", "idle hero-rounds: 100 of 400")
	assert.Contains(t, out, "boss attack 30, enemy 12")
	assert.Contains(t, out, "deck exhausted 9, boss attack 4")
}

// near checks that got is want within tol (NaN only for NaN).
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(want) {
		if !math.IsNaN(got) {
			t.Errorf("%s = %v, want NaN", what, got)
		}
		return
	}
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.12g, want %.12g (±%g)", what, got, want, tol)
	}
}
