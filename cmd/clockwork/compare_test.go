package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
)

// runOK runs the command line and requires exit code 0.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := runCLI(t, args...)
	require.Equal(t, 0, code, errOut)
	return out
}

// The outcomes file holds one line per campaign, is byte-identical for 1 and 2 workers and
// across a shard split merged, and leaves results.json as it was without it.
func TestRunOutcomesFile(t *testing.T) {
	dir := t.TempDir()
	args := []string{"run", "--campaigns", "12", "--players", "2,3", "--seed", "4", "--progress", "never"}
	at := func(name string) string { return filepath.Join(dir, name) }
	runOK(t, append(args, "--workers", "1", "--out", at("w1"), "--outcomes", at("w1.csv"))...)
	runOK(t, append(args, "--workers", "2", "--out", at("w2"), "--outcomes", at("w2.csv"))...)
	runOK(t, append(args, "--workers", "2", "--out", at("plain"))...)
	w1 := readFile(t, at("w1.csv"))
	assert.Equal(t, w1, readFile(t, at("w2.csv")), "the same bytes whatever the worker count")
	assert.Equal(t, readFile(t, at("plain/results.json")), readFile(t, at("w1/results.json")), "results.json unchanged by --outcomes")

	recs, err := csv.NewReader(strings.NewReader(w1)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 1+2*12)
	assert.Equal(t, append(strings.Split(sim.OutcomesHeader, ","), sim.OutcomeColumns("clockwork")...), recs[0])
	assert.Equal(t, []string{"clockwork", "2", "planner", "", "0"}, recs[1][:5])
	assert.Equal(t, []string{"clockwork", "3", "planner", "", "11"}, recs[24][:5])
	var res struct {
		Groups []struct {
			Wins int `json:"wins"`
		} `json:"groups"`
	}
	require.NoError(t, json.Unmarshal([]byte(readFile(t, at("w1/results.json"))), &res))
	wins := 0
	for _, r := range recs[1:13] {
		assert.Regexp(t, `^[01]{4}$`, strings.Join(r[6:10], ""), "level1 to level4")
		if r[5] == "1" {
			wins++
		}
	}
	assert.Equal(t, res.Groups[0].Wins, wins, "the file's wins are the results file's")

	runOK(t, append(args, "--shard", "0/2", "--out", at("s0"), "--outcomes", at("s0.csv"))...)
	runOK(t, append(args, "--shard", "1/2", "--workers", "1", "--out", at("s1"), "--outcomes", at("s1.csv"))...)
	_, _, errOut := runCLI(t, "merge", at("s1.csv"), at("s0.csv"), "-o", at("merged.csv"))
	assert.Contains(t, errOut, "merged 2 outcomes files into "+at("merged.csv"))
	assert.Equal(t, w1, readFile(t, at("merged.csv")), "shards merged give the single run's bytes")
	code, _, errOut := runCLI(t, "merge", at("s0.csv"), at("s0.csv"), "-o", at("merged.csv"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "appears twice")
}

// An output path that cannot be written is refused before the simulation starts.
func TestRunOutcomesUnwritable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	for _, c := range []struct{ flag, path, want string }{
		{"--outcomes", filepath.Join(file, "a.csv"), "clockwork run: --outcomes: cannot write " + filepath.Join(file, "a.csv")},
		{"--outcomes", dir, "is a directory"},
		{"--out", file, "clockwork run: --out: cannot write " + filepath.Join(file, "results.json")},
	} {
		out := filepath.Join(dir, "out")
		args := []string{"run", "--campaigns", "2", "--players", "2", "--progress", "never", "--out", out, "--outcomes", filepath.Join(dir, "ok.csv")}
		code, stdout, errOut := runCLI(t, append(args, c.flag, c.path)...)
		assert.Equal(t, 2, code, c.path)
		assert.Empty(t, stdout)
		assert.Contains(t, errOut, c.want)
		assert.NoFileExists(t, filepath.Join(out, "results.json"), "nothing was simulated")
	}
}

func TestCompareCommand(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	args := []string{"run", "--players", "2,3", "--campaigns", "12", "--progress", "never"}
	runOK(t, append(args, "--outcomes", at("a.csv"), "--out", at("a"))...)
	runOK(t, append(args, "--set", "rules.move_carry_over=off", "--outcomes", at("b.csv"), "--out", at("b"))...)

	out := runOK(t, "compare", at("a.csv"), at("b.csv"))
	assert.Contains(t, out, "A = "+at("a.csv")+", B = "+at("b.csv"))
	assert.Contains(t, out, "none → rules.move_carry_over=off")
	for _, col := range []string{"campaigns", "A win rate [95%]", "B win rate [95%]", "B-A", "McNemar", "p", "test"} {
		assert.Contains(t, out, col)
	}
	lines := strings.Split(out, "\n")
	require.Greater(t, len(lines), 5)
	assert.Regexp(t, `^2 players, none → rules.move_carry_over=off: B moves the win rate by [+-]\d+\.\d pt \[[+-]\d+\.\d to [+-]\d+\.\d pt\] \(\d+\.\d% → \d+\.\d%, McNemar p [0-9.<]+\); 3 players, `, lines[1], "the headline")
	assert.Regexp(t, `^2 +none → rules.move_carry_over=off +12 +`, lines[4])
	assert.Regexp(t, `^3 +none → `, lines[5])

	md := runOK(t, "compare", at("a.csv"), at("b.csv"), "--format", "markdown")
	assert.Contains(t, md, "| players | params | campaigns |")
	assert.Contains(t, md, "\n\n**2 players, none → rules.move\\_carry\\_over=off: B moves the win rate by ")

	page := runOK(t, "compare", at("a.csv"), at("b.csv"), "--format", "html")
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	assert.Contains(t, page, `<p class="headline"><strong>2 players, none → rules.move_carry_over=off: B moves the win rate by `)
	assert.Equal(t, 1, strings.Count(page, "<svg"), "the chart of the paired differences, inline")
	assert.NotContains(t, page, "http")

	code, stdout, errOut := runCLI(t, "compare", at("a.csv"), at("b.csv"), "--report", at("cmp"))
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, out, stdout, "--report leaves the terminal answer as it was")
	assert.Contains(t, errOut, "wrote 4 report files into "+at("cmp"))
	report := readFile(t, filepath.Join(at("cmp"), "report.md"))
	assert.True(t, strings.HasPrefix(report, "# Paired comparison report\n\n**2 players, none → rules.move\\_carry\\_over=off: B moves"), report)
	assert.Contains(t, report, "](paired-diff.png)")
	assert.FileExists(t, filepath.Join(at("cmp"), "paired-diff.png"))
	assert.FileExists(t, filepath.Join(at("cmp"), "paired-diff.svg"))
	assert.Contains(t, readFile(t, filepath.Join(at("cmp"), "report.html")), "<svg")
	assert.Contains(t, md, `| 2 | none → rules.move\_carry\_over=off | 12 |`)

	csvOut := runOK(t, "compare", "--format", "csv", at("a.csv"), at("b.csv"))
	recs, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 3)
	assert.Equal(t, "players", recs[0][0])
	assert.Equal(t, []string{"2", "", "rules.move_carry_over=off", "planner", "planner", "12"}, recs[1][:6])

	var doc struct {
		Comparisons []struct {
			Players   int     `json:"players"`
			Campaigns int     `json:"campaigns"`
			P         float64 `json:"p_value"`
		} `json:"comparisons"`
	}
	require.NoError(t, json.Unmarshal([]byte(runOK(t, "compare", at("a.csv"), at("b.csv"), "--format", "json")), &doc))
	require.Len(t, doc.Comparisons, 2)
	assert.Equal(t, 3, doc.Comparisons[1].Players)
	assert.Equal(t, 12, doc.Comparisons[1].Campaigns)

	// A file written before version 2 (levels_won in one column) compares as its version-2 form.
	require.NoError(t, os.WriteFile(at("a-v1.csv"), []byte(outcomesV1(t, readFile(t, at("a.csv")))), 0o644))
	assert.Equal(t, strings.ReplaceAll(out, at("a.csv"), "A"), strings.ReplaceAll(runOK(t, "compare", at("a-v1.csv"), at("b.csv")), at("a-v1.csv"), "A"))
	require.NoError(t, os.WriteFile(at("b-v1.csv"), []byte(outcomesV1(t, readFile(t, at("b.csv")))), 0o644))
	assert.Equal(t, strings.ReplaceAll(out, at("b.csv"), "B"), strings.ReplaceAll(runOK(t, "compare", at("a.csv"), at("b-v1.csv")), at("b-v1.csv"), "B"))
	assert.Equal(t, runOK(t, "compare", at("a.csv"), at("b.csv"), "--format", "csv"), runOK(t, "compare", at("a-v1.csv"), at("b-v1.csv"), "--format", "csv"))

	// A file against itself: no discordant pairs, p = 1.
	self := runOK(t, "compare", at("a.csv"), at("a.csv"), "--format", "csv")
	assert.Contains(t, self, ",0,0,0,1,exact_binomial")

	// A sweep's points against the baseline, each paired with it.
	runOK(t, "sweep", "--param", "setup.skill_cards_per_type.3=3,4", "--players", "3", "--campaigns", "12",
		"--progress", "never", "--out", at("sweep"), "--outcomes", at("sweep.csv"))
	runOK(t, "run", "--players", "3", "--campaigns", "12", "--progress", "never", "--out", at("base"), "--outcomes", at("base.csv"))
	out = runOK(t, "compare", at("base.csv"), at("sweep.csv"))
	assert.Contains(t, out, "none → setup.skill_cards_per_type.3=3")
	assert.Contains(t, out, "none → setup.skill_cards_per_type.3=4")

	// Refusals: one line naming the file and the field, exit code 2.
	runOK(t, append(args, "--campaigns", "8", "--outcomes", at("short.csv"), "--out", at("short"))...)
	runOK(t, append(args, "--agent", "rusher", "--outcomes", at("rusher.csv"), "--out", at("rusher"))...)
	require.NoError(t, os.WriteFile(at("bad.csv"), []byte(sim.OutcomesHeaderV2+"\n3,planner,,0,2,1,1,1,1,1\n"), 0o644))
	cases := []struct {
		args []string
		want string
	}{
		{[]string{at("a.csv"), at("short.csv")}, at("short.csv") + ": campaign: at 2 players the campaign indexes are not " + at("a.csv") + "'s (campaign 8 is only in " + at("a.csv") + ")"},
		{[]string{at("a.csv"), at("base.csv")}, at("base.csv") + ": players: no campaigns at 2 players"},
		{[]string{at("a.csv"), at("rusher.csv")}, at("rusher.csv") + `: agent: "rusher" at 2 players, ` + at("a.csv") + ` has "planner": the agents differ (use --allow-agents to compare them)`},
		{[]string{at("a.csv"), at("bad.csv")}, at("bad.csv") + `:2: won: "2" is not 0 or 1`},
		{[]string{at("a.csv"), at("a/results.json")}, at("a/results.json") + ":1: not an outcomes file"},
		{[]string{at("a.csv"), at("missing.csv")}, "no such file"},
		{[]string{at("a.csv")}, "expected two outcomes files"},
		{[]string{at("a.csv"), at("b.csv"), "--format", "xml"}, `--format "xml": expected table, markdown, csv, json, html`},
		{[]string{at("a.csv"), at("b.csv"), "--report", at("a.csv")}, "clockwork compare: --report: cannot write " + at("a.csv")},
	}
	for _, c := range cases {
		code, stdout, errOut := runCLI(t, append([]string{"compare"}, c.args...)...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, stdout, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
	}
	out = runOK(t, "compare", at("a.csv"), at("rusher.csv"), "--allow-agents")
	assert.Contains(t, out, "planner → rusher")
}

// outcomesV1 rewrites an outcomes file in the first version's form: no game column, and
// levels_won in one column of four characters instead of level1 to level4.
func outcomesV1(t *testing.T, v3 string) string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(v3)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, append(strings.Split(sim.OutcomesHeader, ","), sim.OutcomeColumns("clockwork")...), recs[0])
	var b strings.Builder
	w := csv.NewWriter(&b)
	require.NoError(t, w.Write(strings.Split(sim.OutcomesHeaderV1, ",")))
	for _, r := range recs[1:] {
		r = r[1:] // the game's column
		require.NoError(t, w.Write(append(append(slices.Clone(r[:5]), strings.Join(r[5:9], "")), r[9])))
	}
	w.Flush()
	require.Contains(t, b.String(), ",levels_won,")
	return b.String()
}
