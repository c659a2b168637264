package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(raw)
}

func TestRunWritesResultsAndSummary(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "run", "--campaigns", "40", "--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	for _, want := range []string{"win rate", "95% interval", "Campaigns", "Levels", "Temples", "Ganon", "Loss reasons"} {
		assert.Contains(t, out, want)
	}
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))
	assert.Equal(t, "clockwork.results/v1", res["schema"])
	assert.Len(t, res["groups"], 3, "players 2, 3 and 4 by default")
	assert.Contains(t, errOut, "wrote "+filepath.Join(dir, "results.json"))
}

// The same seed gives byte-identical results whatever the worker count, and 2 shards merged
// give the single run's file.
func TestRunDeterministicShardsMerge(t *testing.T) {
	base := t.TempDir()
	args := []string{"run", "--campaigns", "30", "--players", "2,3", "--seed", "9", "--progress", "never"}
	dirs := map[string][]string{
		"w1": {"--workers", "1"}, "w3": {"--workers", "3"},
		"s0": {"--shard", "0/2"}, "s1": {"--shard", "1/2", "--workers", "1"},
	}
	for name, extra := range dirs {
		code, _, errOut := runCLI(t, append(append(append([]string{}, args...), extra...), "--out", filepath.Join(base, name))...)
		require.Equal(t, 0, code, errOut)
	}
	w1 := readFile(t, filepath.Join(base, "w1", "results.json"))
	assert.Equal(t, w1, readFile(t, filepath.Join(base, "w3", "results.json")))
	merged := filepath.Join(base, "merged.json")
	code, _, errOut := runCLI(t, "merge", filepath.Join(base, "s0", "results.json"), filepath.Join(base, "s1", "results.json"), "--out", merged)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, w1, readFile(t, merged))
	code, _, errOut = runCLI(t, "merge", filepath.Join(base, "s1", "results.json"), filepath.Join(base, "s0", "results.json"), "-o", merged)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, w1, readFile(t, merged), "-o is --out, and the order of the shards does not matter")

	// A missing shard is refused, unless --allow-missing.
	code, _, errOut = runCLI(t, "merge", filepath.Join(base, "s0", "results.json"), "--out", merged)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "clockwork merge: shard: the files hold 1 of the 2 shards; missing: 1/2")
	code, _, errOut = runCLI(t, "merge", "--allow-missing", filepath.Join(base, "s0", "results.json"), "--out", merged)
	assert.Equal(t, 0, code, errOut)

	// Overlapping and mismatched inputs are refused.
	code, _, errOut = runCLI(t, "merge", filepath.Join(base, "s0", "results.json"), filepath.Join(base, "s0", "results.json"), "-o", merged)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "both hold shard 0/2")
	code, _, errOut = runCLI(t, "run", "--campaigns", "4", "--players", "2", "--seed", "10", "--shard", "1/2", "--progress", "never", "--out", filepath.Join(base, "other"))
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runCLI(t, "merge", filepath.Join(base, "s0", "results.json"), filepath.Join(base, "other", "results.json"), "-o", merged)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "seed")
	require.NoError(t, os.WriteFile(filepath.Join(base, "bad.json"), []byte("{not json"), 0o644))
	code, _, errOut = runCLI(t, "merge", filepath.Join(base, "bad.json"), "-o", merged)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "not a results file")
}

func TestRunFormats(t *testing.T) {
	code, out, errOut := runCLI(t, "run", "--campaigns", "10", "--players", "3", "--format", "csv", "--out", t.TempDir(), "--progress", "never")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Equal(t, "metric,players,agent,params,level,temple,reason,skill,value,lo95,hi95,n,unit,seed,tool_version,config_fingerprint,round_cap,partial", lines[0])
	assert.Contains(t, out, "campaign_win_rate,3,planner,")
	assert.Contains(t, out, "temple_success,3,planner,,1,forest,")
	code, out, errOut = runCLI(t, "run", "--campaigns", "10", "--players", "3", "--format", "json", "--out", t.TempDir(), "--progress", "never")
	require.Equal(t, 0, code, errOut)
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &res))
}

func TestRunBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--players", "5"}, "--players"},
		{[]string{"--shard", "3/2"}, `--shard "3/2"`},
		{[]string{"--agent", "genius"}, `unknown agent "genius"`},
		{[]string{"--strategy", "multiples=all"}, `"all" is not a choice of multiples`},
		{[]string{"--strategy", "luck=high"}, `unknown strategy "luck"`},
		{[]string{"--format", "xml"}, `--format "xml"`},
		{[]string{"--campaigns", "0"}, "--campaigns 0"},
		{[]string{"--precision", "2"}, "--precision 2"},
		{[]string{"--progress", "sometimes"}, `--progress "sometimes"`},
		{[]string{"--set", "setup.shards=x"}, "expected a whole number"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, append([]string{"run", "--campaigns", "2", "--out", t.TempDir()}, c.args...)...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
	}
}

// replay plays exactly the campaign run plays: one campaign's win or loss agrees.
func TestReplayMatchesRun(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "run", "--campaigns", "1", "--players", "3", "--seed", "5", "--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	var res struct {
		Groups []struct {
			Wins   int `json:"wins"`
			Levels []struct {
				Successes int `json:"successes"`
			} `json:"levels"`
		} `json:"groups"`
	}
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))

	code, out, errOut := runCLI(t, "replay", "--seed", "5", "--campaign", "0", "--players", "3", "--json")
	require.Equal(t, 0, code, errOut)
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var first, last map[string]any
	levelWins := 0
	for sc.Scan() {
		var ev map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev), sc.Text())
		if first == nil {
			first = ev
		}
		if ev["ev"] == "level_end" && ev["result"] == "won" {
			levelWins++
		}
		last = ev
	}
	assert.Equal(t, "campaign_start", first["ev"])
	assert.Equal(t, "planner", first["agent"])
	assert.Equal(t, "campaign_end", last["ev"])
	assert.Equal(t, res.Groups[0].Wins == 1, last["won"])
	wins := 0
	for _, l := range res.Groups[0].Levels {
		wins += l.Successes
	}
	assert.Equal(t, wins, levelWins)

	code, out, errOut = runCLI(t, "replay", "--seed", "5", "--players", "3")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "== Level 1:")
	assert.Contains(t, out, "-- Round 1")
	assert.Contains(t, out, "Campaign ")

	code, _, errOut = runCLI(t, "replay", "--players", "7")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--players 7")
}

func TestCheckGatesExitCodes(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "run", "--campaigns", "20", "--players", "3", "--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	results := filepath.Join(dir, "results.json")
	pass := filepath.Join(dir, "pass.yaml")
	require.NoError(t, os.WriteFile(pass, []byte("gates:\n  - metric: campaign_win_rate\n    players: 3\n    min: 0\n    max: 1\n  - metric: level_success\n    level: 1\n    max: 1\n"), 0o644))
	summary := filepath.Join(dir, "summary.md")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	code, out, errOut := runCLI(t, "check", "--expect", pass, results)
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "PASS")
	assert.Contains(t, errOut, "all 2 gates passed")
	assert.Contains(t, readFile(t, summary), "### Balance gates: 2 of 2 passed")

	fail := filepath.Join(dir, "fail.yaml")
	require.NoError(t, os.WriteFile(fail, []byte("gates:\n  - metric: campaign_win_rate\n    players: 3\n    min: 1.5\n"), 0o644))
	charts := filepath.Join(dir, "gate-charts")
	code, out, errOut = runCLI(t, "check", "--expect", fail, "--chart", charts, results)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "FAIL")
	assert.Contains(t, errOut, "1 of 1 gates failed")
	assert.FileExists(t, filepath.Join(charts, "gates.png"), "the chart is drawn when a gate fails, too")
	assert.FileExists(t, filepath.Join(charts, "gates.svg"))

	bad := filepath.Join(dir, "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte("gates:\n  - metric: nope\n    min: 0\n"), 0o644))
	code, _, errOut = runCLI(t, "check", "--expect", bad, results)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, bad+`:2:13: gates[0].metric: unknown metric "nope"`)
	code, _, errOut = runCLI(t, "check", "--expect", pass, filepath.Join(dir, "missing.json"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "no such file")
}

func TestSweepGroupsPerPoint(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "sweep", "--param", "setup.skill_cards_per_type.3=3..5", "--players", "3", "--campaigns", "10", "--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	var res struct {
		Groups []struct {
			Params            map[string]string `json:"params"`
			ConfigFingerprint string            `json:"config_fingerprint"`
		} `json:"groups"`
	}
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))
	require.Len(t, res.Groups, 3)
	seen := map[string]bool{}
	for i, g := range res.Groups {
		assert.Equal(t, []string{"3", "4", "5"}[i], g.Params["setup.skill_cards_per_type.3"])
		seen[g.ConfigFingerprint] = true
	}
	assert.Len(t, seen, 3, "each point has its own data")
	for _, bad := range [][]string{{"--param", "x"}, {"--param", "setup.shards=3..1"}, {"--param", "setup.nope=1,2"}, {}} {
		code, _, errOut = runCLI(t, append([]string{"sweep", "--campaigns", "2", "--out", t.TempDir(), "--progress", "never"}, bad...)...)
		assert.Equal(t, 2, code, "%v: %s", bad, errOut)
	}
}

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "run", "--campaigns", "20", "--players", "2,3", "--out", dir, "--progress", "never", "--report", filepath.Join(dir, "rep"), "--formats", "md,csv")
	require.Equal(t, 0, code, errOut)
	assert.FileExists(t, filepath.Join(dir, "rep", "report.md"))
	assert.FileExists(t, filepath.Join(dir, "rep", "report.csv"))
	assert.FileExists(t, filepath.Join(dir, "rep", "win-rate.png"), "Markdown links its charts")

	code, out, errOut := runCLI(t, "report", filepath.Join(dir, "results.json"), "--out", filepath.Join(dir, "all"))
	require.Equal(t, 0, code, errOut)
	for _, f := range []string{"report.html", "report.md", "report.csv", "win-rate.svg", "level-success.png"} {
		assert.Contains(t, out, filepath.Join(dir, "all", f))
		assert.FileExists(t, filepath.Join(dir, "all", f))
	}
	html := readFile(t, filepath.Join(dir, "all", "report.html"))
	assert.Contains(t, html, "<svg")
	assert.NotContains(t, html, "http://")

	code, _, errOut = runCLI(t, "report", filepath.Join(dir, "results.json"), "--formats", "pdf")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `"pdf" is not one of`)
	code, _, _ = runCLI(t, "report", filepath.Join(dir, "nope.json"))
	assert.Equal(t, 2, code)
	code, _, _ = runCLI(t, "run", "--campaigns", "2", "--formats", "gif", "--out", t.TempDir())
	assert.Equal(t, 2, code)
}

// runCLIContext is runCLI with a context (cancelled: as if Ctrl-C came before the first
// campaign).
func runCLIContext(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(ctx, append([]string{"clockwork"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

// A --precision stop is a success with its own field; an interruption is exit 130 and partial.
func TestPrecisionAndInterruptExitCodes(t *testing.T) {
	dir := t.TempDir()
	// --round-cap 1 makes campaigns instant (every level times out): 0 wins in 500 campaigns
	// has an interval narrower than 0.3, so the run stops after its first block.
	code, out, errOut := runCLI(t, "run", "--players", "2", "--campaigns", "5000", "--precision", "0.3", "--round-cap", "1", "--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, `stopped early: every win rate's 95% interval is narrower than --precision 0.3 ("stopped": "precision")`)
	assert.Contains(t, out, "(stopped early: every win-rate interval narrower than --precision 0.3)")
	var res partialFile
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))
	assert.False(t, res.Partial)
	assert.Equal(t, "precision", res.Stopped)
	assert.EqualValues(t, 500, res.Groups[0].Campaigns)
	gates := filepath.Join(dir, "g.yaml")
	require.NoError(t, os.WriteFile(gates, []byte("gates:\n  - {metric: campaign_win_rate, max: 0.5}\n"), 0o644))
	code, _, errOut = runCLI(t, "check", "--expect", gates, filepath.Join(dir, "results.json"))
	assert.Equal(t, 0, code, "a precision stop is a whole run for check: %s", errOut)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, out, errOut = runCLIContext(t, ctx, "run", "--players", "2,3", "--campaigns", "10", "--out", dir, "--progress", "never")
	assert.Equal(t, exitInterrupted, code)
	assert.Contains(t, errOut, `clockwork run: interrupted: 0 of 2 groups complete, 2 not started; `+filepath.Join(dir, "results.json")+` is marked "partial": true`)
	assert.Contains(t, out, "(partial: interrupted before every group was complete)")
	assert.Contains(t, out, "0 (partial)")
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))
	assert.True(t, res.Partial)
	assert.Equal(t, "interrupted", res.Stopped)
}

// Every output path is checked before the first campaign: a bad one fails at once (exit 2) and
// nothing is simulated or written.
func TestOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	out := filepath.Join(dir, "out")
	cases := []struct {
		cmd  []string
		args []string
		want string
	}{
		{[]string{"run"}, []string{"--out", filepath.Join(file, "sub")}, "clockwork run: --out: cannot write " + filepath.Join(file, "sub", "results.json")},
		{[]string{"run"}, []string{"--out", out, "--report", filepath.Join(file, "rep")}, "clockwork run: --report: cannot write " + filepath.Join(file, "rep", "report.md")},
		{[]string{"run"}, []string{"--out", out, "--outcomes", filepath.Join(file, "o.csv")}, "clockwork run: --outcomes: cannot write "},
		{[]string{"run"}, []string{"--out", out, "--outcomes", filepath.Join(out, "results.json")}, "clockwork run: --outcomes " + filepath.Join(out, "results.json") + ": the same file as"},
		{[]string{"run"}, []string{"--out", out, "--report", out, "--outcomes", filepath.Join(out, "report.csv")}, ": the same file as " + filepath.Join(out, "report.csv")},
		{[]string{"sweep", "--param", "setup.skill_cards_per_type.3=3,4"}, []string{"--out", out, "--report", file}, "clockwork sweep: --report: cannot write"},
		{[]string{"ganon", "--targets", "10"}, []string{"--out", out, "--report", file}, "clockwork ganon: --report: cannot write"},
		{[]string{"report", filepath.Join(dir, "missing.json")}, []string{"--out", file}, "clockwork report: --out: cannot write into " + file},
		{[]string{"merge", filepath.Join(dir, "missing.json")}, []string{"--out", filepath.Join(file, "m.json")}, "clockwork merge: --out: cannot write"},
	}
	for _, c := range cases {
		args := append(append(append([]string{}, c.cmd...), "--campaigns", "100000"), c.args...)
		if c.cmd[0] == "report" || c.cmd[0] == "merge" {
			args = append(append([]string{}, c.cmd...), c.args...)
		}
		code, _, errOut := runCLI(t, args...)
		assert.Equal(t, 2, code, "%v: %s", args, errOut)
		assert.Contains(t, errOut, c.want, "%v", args)
		assert.NoFileExists(t, filepath.Join(out, "results.json"), "%v: nothing was run", args)
	}
}

// check refuses what it cannot check honestly (exit 2): gates that match nothing, pooled sweep
// points, an empty gates file, a partial or single-shard input (unless --allow-partial).
func TestCheckRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	write := func(name, text string) string {
		require.NoError(t, os.WriteFile(at(name), []byte(text), 0o644))
		return at(name)
	}
	fast := []string{"--campaigns", "4", "--round-cap", "1", "--progress", "never"}
	code, _, errOut := runCLI(t, append([]string{"sweep", "--param", "setup.skill_cards_per_type.3=3,4", "--players", "3", "--out", at("sweep")}, fast...)...)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runCLI(t, append([]string{"run", "--players", "3", "--shard", "0/2", "--out", at("s0")}, fast...)...)
	require.Equal(t, 0, code, errOut)
	sweep := at("sweep/results.json")

	pooled := write("pooled.yaml", "gates:\n  - {metric: campaign_win_rate, players: 3, max: 1}\n")
	code, _, errOut = runCLI(t, "check", "--expect", pooled, sweep)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, pooled+":2:5: gates[0]: the 2 groups it matches differ in params (setup.skill_cards_per_type.3: 3, 4): pick one with params (and players)\nclockwork check: gates that cannot be checked against "+sweep)

	point := write("point.yaml", "gates:\n  - {metric: campaign_win_rate, players: 3, params: {setup.skill_cards_per_type.3: \"4\"}, max: 1}\n")
	code, _, errOut = runCLI(t, "check", "--expect", point, sweep)
	assert.Equal(t, 0, code, errOut)

	misspelt := write("misspelt.yaml", "gates:\n  - {metric: temple_success, temple: forrest, level: 1, max: 1}\n  - {metric: campaign_win_rate, agent: plannr, max: 1}\n")
	code, out, errOut := runCLI(t, "check", "--expect", misspelt, at("s0/results.json"), "--allow-partial")
	assert.Equal(t, 2, code)
	assert.Empty(t, out, "no table: nothing was checked")
	assert.Contains(t, errOut, misspelt+`:2:38: gates[0].temple: "forrest" is not a temple of the results`)
	assert.Contains(t, errOut, misspelt+`:3:40: gates[1].agent: no group was played by "plannr" (the results have planner)`)

	empty := write("empty.yaml", "gates: []\n")
	code, _, errOut = runCLI(t, "check", "--expect", empty, sweep)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "clockwork check: "+empty+":1:8: gates: the list is empty")

	any := write("any.yaml", "gates:\n  - {metric: campaign_win_rate, max: 1}\n")
	code, _, errOut = runCLI(t, "check", "--expect", any, at("s0/results.json"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "clockwork check: "+at("s0/results.json")+": shard: it holds shard 0/2 only (merge the shards first); it is not a whole run (--allow-partial checks it anyway)")
	code, _, errOut = runCLI(t, "check", "--expect", any, at("s0/results.json"), "--allow-partial")
	assert.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "clockwork check: warning: ")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, _ = runCLIContext(t, ctx, append([]string{"run", "--players", "3", "--out", at("cut")}, fast...)...)
	require.Equal(t, exitInterrupted, code)
	code, _, errOut = runCLI(t, "check", "--expect", any, at("cut/results.json"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "partial: the run was interrupted (0 of 1 groups complete, 1 not started); it is not a whole run")
}

// ganon --goal writes its answer into the results file and the report, not only on stdout.
func TestGanonGoalInResultsAndReport(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "ganon", "--players", "3", "--targets", "6,30", "--goal", "0.5", "--campaigns", "4",
		"--out", dir, "--report", filepath.Join(dir, "rep"), "--formats", "md", "--progress", "never")
	require.Equal(t, 0, code, errOut)
	var res struct {
		GanonGoals []struct {
			Players, Target, Low, High int
			Goal                       float64
			Bracketed                  bool
		} `json:"ganon_goals"`
		BaseParams map[string]string `json:"base_params"`
	}
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))
	assert.Equal(t, map[string]string{"ganon.targets.3": "18"}, res.BaseParams, "the data's printed target, for the heat map")
	require.Len(t, res.GanonGoals, 1)
	g := res.GanonGoals[0]
	assert.Equal(t, 3, g.Players)
	assert.Equal(t, 0.5, g.Goal)
	assert.Equal(t, 6, g.Low)
	assert.Equal(t, 30, g.High)
	assert.Contains(t, out, fmt.Sprintf("3 players: Ganon target %d gives a ", g.Target))
	md := readFile(t, filepath.Join(dir, "rep", "report.md"))
	assert.Contains(t, md, "Ganon goal: the target whose campaign win rate is the closest to the goal")
	assert.Contains(t, md, fmt.Sprintf("| 3 | 50.0%% | %d |", g.Target))
	assert.Less(t, strings.Index(md, "ganon-heatmap-ganon.targets.png"), strings.Index(md, "(win-rate.png)"), "the heat map comes first")

	code, _, errOut = runCLI(t, "report", filepath.Join(dir, "results.json"), "--formats", "md")
	require.Equal(t, 0, code, errOut)
	assert.FileExists(t, filepath.Join(dir, "report", "report.md"), "report/ next to the results file")

	code, _, errOut = runCLI(t, "ganon", "--goal", "0.5", "--shard", "0/2", "--out", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "clockwork ganon: --goal: the bisection needs the whole run")
}

// A results file that breaks an invariant is bad input for every reader (exit 2, the file and
// the field's JSON path), never a plotter error.
func TestReadersValidateResults(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "run", "--players", "3", "--campaigns", "4", "--round-cap", "1", "--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	good := filepath.Join(dir, "results.json")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(readFile(t, good), `"wins": 0`, `"wins": 9`, 1)), 0o644))
	gates := filepath.Join(dir, "g.yaml")
	require.NoError(t, os.WriteFile(gates, []byte("gates:\n  - {metric: campaign_win_rate, max: 1}\n"), 0o644))
	for _, args := range [][]string{
		{"report", bad}, {"check", "--expect", gates, bad}, {"merge", bad, "--out", filepath.Join(dir, "m.json")},
	} {
		code, _, errOut := runCLI(t, args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Contains(t, errOut, "clockwork "+args[0]+": "+bad+": groups[0].wins: 9 is more than campaigns (4)", "%v", args)
	}
}

// Several agents play the same campaigns: run, sweep and ganon write a group per agent and the
// ladder's pairs, the summary starts with the ladder, and each agent's groups equal its own run.
func TestSeveralAgents(t *testing.T) {
	type file struct {
		Groups []struct {
			Agent      string            `json:"agent"`
			Strategies string            `json:"strategies"`
			Params     map[string]string `json:"params"`
			Wins       int64             `json:"wins"`
		} `json:"groups"`
		Ladder     []map[string]any `json:"ladder"`
		GanonGoals []map[string]any `json:"ganon_goals"`
	}
	read := func(dir string) file {
		var f file
		require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &f))
		return f
	}
	common := []string{"--players", "3", "--campaigns", "12", "--progress", "never"}
	lad, one := t.TempDir(), t.TempDir()
	code, out, errOut := runCLI(t, append([]string{"run", "--agent", "rusher,planner:multiples=one", "--out", lad}, common...)...)
	require.Equal(t, 0, code, errOut)
	lines := strings.SplitN(out, "\n", 4)
	assert.Regexp(t, `^At 3 heroes the rusher wins \d+\.\d% \[[0-9.-]+\], the planner:multiples=one \d+\.\d% \[[0-9.-]+\]\.$`, lines[1], "the headline after the header")
	assert.True(t, strings.HasPrefix(lines[3], "Campaign win rate by agent"), out)
	f := read(lad)
	require.Len(t, f.Groups, 2)
	assert.Equal(t, "rusher", f.Groups[0].Agent)
	assert.Contains(t, f.Groups[1].Strategies, "multiples=one")
	require.Len(t, f.Ladder, 1)
	code, _, errOut = runCLI(t, append([]string{"run", "--agent", "planner", "--strategy", "multiples=one", "--out", one}, common...)...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, read(one).Groups[0], f.Groups[1], "the ladder's planner group is the planner's own run")

	sw := t.TempDir()
	code, _, errOut = runCLI(t, append([]string{"sweep", "--agent", "rusher,planner", "--param", "setup.skill_cards_per_type.3=3,4", "--out", sw}, common...)...)
	require.Equal(t, 0, code, errOut)
	f = read(sw)
	assert.Len(t, f.Groups, 4)
	assert.Len(t, f.Ladder, 2, "one pair per point")

	gn := t.TempDir()
	code, out, errOut = runCLI(t, append([]string{"ganon", "--agent", "rusher,planner", "--targets", "10,20", "--goal", "0.5", "--out", gn}, common...)...)
	require.Equal(t, 0, code, errOut)
	f = read(gn)
	require.Len(t, f.GanonGoals, 2, "a goal per agent")
	assert.Equal(t, "rusher", f.GanonGoals[0]["agent"])
	assert.Contains(t, out, "3 players for planner: Ganon target")
}

// sensitivity moves each selected value down and up and writes a row per value, step and player
// count, ranked in the summary, with a tornado chart in the report.
func TestSensitivityCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "sensitivity", "--values", "setup.shards,ganon.targets.3.move", "--campaigns", "8",
		"--out", dir, "--report", filepath.Join(dir, "report"), "--formats", "md,png", "--progress", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "What matters most at 3 players")
	var res struct {
		Groups      []map[string]any `json:"groups"`
		Sensitivity []struct {
			Param string `json:"param"`
			Base  int    `json:"base"`
			Value int    `json:"value"`
		} `json:"sensitivity"`
	}
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))
	assert.Len(t, res.Groups, 1)
	require.Len(t, res.Sensitivity, 4)
	assert.Equal(t, "ganon.targets.3.move", res.Sensitivity[0].Param)
	assert.Equal(t, []int{17, 19}, []int{res.Sensitivity[0].Value, res.Sensitivity[1].Value})
	assert.FileExists(t, filepath.Join(dir, "report", "tornado-3p.png"))
	assert.Contains(t, readFile(t, filepath.Join(dir, "report", "report.md")), "## What matters most")
}
