package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var regenErrors = flag.Bool("regen-errors", false, "rewrite the exit codes and messages of docs/errors.md from what the commands print")

const errorsDoc = "../../docs/errors.md"

// errorRow is one row of a table of docs/errors.md: | input | `clockwork ARGS` | exit | message |.
type errorRow struct {
	line  int // index in the file's lines
	input string
	args  []string
	exit  int
	want  []string // the lines of stderr, each with … for any text
}

var rowCommand = regexp.MustCompile("^`clockwork (.*)`$")

// splitCells splits a Markdown table row into its cells (a \| stays in its cell).
func splitCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	parts := strings.Split(strings.ReplaceAll(line, `\|`, "\x00"), "|")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(strings.TrimSpace(p), "\x00", "|")
	}
	return parts
}

// readErrorRows reads every row of the tables of docs/errors.md whose command cell is a
// clockwork command.
func readErrorRows(t *testing.T, lines []string) []errorRow {
	t.Helper()
	var rows []errorRow
	for i, line := range lines {
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := splitCells(line)
		if len(cells) != 4 {
			continue
		}
		m := rowCommand.FindStringSubmatch(cells[1])
		if m == nil {
			continue
		}
		row := errorRow{line: i, input: cells[0], args: strings.Fields(m[1])}
		for k, a := range row.args {
			if a == "''" { // the shell's empty argument
				row.args[k] = ""
			}
		}
		row.exit, _ = strconv.Atoi(cells[2])
		for _, part := range strings.Split(cells[3], "<br>") {
			row.want = append(row.want, strings.Trim(strings.TrimSpace(part), "`"))
		}
		rows = append(rows, row)
	}
	return rows
}

// matches reports whether text holds the parts of want in order (… matches any text).
func matches(text, want string) bool {
	for _, part := range strings.Split(want, "…") {
		i := strings.Index(text, part)
		if i < 0 {
			return false
		}
		text = text[i+len(part):]
	}
	return true
}

var (
	fingerprintText = regexp.MustCompile(`sha256:[0-9a-f]{12,64}`)
	dataPosText     = regexp.MustCompile(`(mydata-bad/[a-z_-]+\.yaml):\d+:\d+`)
)

// messageCell renders stderr as the table's message cell: one code span per line, with the
// parts that change with the data (fingerprints, line numbers of the data files) as ….
func messageCell(stderr string) string {
	var parts []string
	for _, l := range strings.Split(strings.TrimRight(stderr, "\n"), "\n") {
		l = fingerprintText.ReplaceAllString(l, "sha256:…")
		l = dataPosText.ReplaceAllString(l, "$1:…")
		parts = append(parts, "`"+strings.ReplaceAll(l, "|", `\|`)+"`")
	}
	return strings.Join(parts, "<br>")
}

// Every row of docs/errors.md is a test: the command, run in a directory of fixtures, exits
// with the row's code (nothing on stdout for bad input) and prints the row's message on stderr.
// go test ./cmd/clockwork -run ErrorsDoc -regen-errors rewrites the codes and messages.
func TestErrorsDoc(t *testing.T) {
	doc, err := filepath.Abs(errorsDoc)
	require.NoError(t, err)
	raw, err := os.ReadFile(doc)
	require.NoError(t, err)
	lines := strings.Split(string(raw), "\n")
	rows := readErrorRows(t, lines)
	require.Greater(t, len(rows), 50, "the rows of docs/errors.md")
	t.Setenv("GITHUB_STEP_SUMMARY", "")
	t.Chdir(t.TempDir())
	makeErrorFixtures(t)
	for _, row := range rows {
		code, out, errOut := runCLI(t, row.args...)
		name := fmt.Sprintf("docs/errors.md:%d: clockwork %s", row.line+1, strings.Join(row.args, " "))
		if *regenErrors {
			cells := splitCells(lines[row.line])
			cells[2], cells[3] = strconv.Itoa(code), messageCell(errOut)
			for i, c := range cells[:2] {
				cells[i] = strings.ReplaceAll(c, "|", `\|`)
			}
			lines[row.line] = "| " + strings.Join(cells, " | ") + " |"
			continue
		}
		assert.Equal(t, row.exit, code, "%s\n%s", name, errOut)
		if code == exitBadInput {
			assert.Empty(t, out, "%s: nothing on stdout", name)
		}
		got := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
		if assert.Len(t, got, len(row.want), "%s: lines of stderr:\n%s", name, errOut) {
			for i, w := range row.want {
				assert.True(t, matches(got[i], strings.ReplaceAll(w, `\|`, "|")), "%s: line %d\n got: %s\nwant: %s", name, i+1, got[i], w)
			}
		}
	}
	if *regenErrors {
		require.NoError(t, os.WriteFile(doc, []byte(strings.Join(lines, "\n")), 0o644))
	}
}

// makeErrorFixtures writes the files the rows of docs/errors.md use into the current directory:
// results files of small runs and their shards, broken copies, gates files, outcomes files and
// data directories.
func makeErrorFixtures(t *testing.T) {
	t.Helper()
	mustRun := func(args ...string) {
		t.Helper()
		if !slices.Contains(args, "--campaigns") {
			args = append(args, "--campaigns", "4")
		}
		args = append(args, "--progress", "never")
		code, _, errOut := runCLI(t, args...)
		require.Equal(t, 0, code, "%v: %s", args, errOut)
	}
	write := func(name, text string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
		require.NoError(t, os.WriteFile(name, []byte(text), 0o644))
	}
	write("file", "not a directory\n")
	mustRun("run", "--players", "3", "--out", "run", "--outcomes", "run/outcomes.csv")
	mustRun("run", "--players", "3", "--agent", "rusher", "--outcomes", "rusher.csv", "--out", "rusher")
	for name, extra := range map[string][]string{
		"s0": {"--shard", "0/2"}, "s1": {"--shard", "1/2"}, "s1-seed": {"--shard", "1/2", "--seed", "2"},
		"s1-agent": {"--shard", "1/2", "--agent", "rusher"}, "s1-players": {"--shard", "1/2", "--players", "2,3"},
		"s1-strategy": {"--shard", "1/2", "--strategy", "multiples=one"}, "s1-set": {"--shard", "1/2", "--set", "ganon.targets.3.move=20"},
		"s1-roundcap": {"--shard", "1/2", "--round-cap", "50"}, "s1-precision": {"--shard", "1/2", "--precision", "0.5"},
		"s1-of4": {"--shard", "1/4"},
	} {
		mustRun(append(append([]string{"run", "--players", "3"}, extra...), "--out", name)...)
	}
	mustRun("run", "--players", "3", "--shard", "1/2", "--out", "s1-campaigns", "--campaigns", "8")
	mustRun("sweep", "--param", "setup.skill_cards_per_type.3=3,4", "--players", "3", "--out", "sweep")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, extra := range map[string][]string{"partial": nil, "s1-partial": {"--shard", "1/2"}, "ckpt": {"--checkpoint", "1h"}} {
		code, _, errOut := runCLIContext(t, ctx, append(append([]string{"run", "--players", "3", "--campaigns", "4"}, extra...), "--out", name, "--progress", "never")...)
		require.Equal(t, exitInterrupted, code, errOut)
	}

	good, err := os.ReadFile("run/results.json")
	require.NoError(t, err)
	broken := func(name, pattern, repl string) {
		t.Helper()
		re := regexp.MustCompile(pattern)
		require.True(t, re.Match(good), pattern)
		done := false
		write(name, re.ReplaceAllStringFunc(string(good), func(s string) string {
			if done {
				return s
			}
			done = true
			return re.ReplaceAllString(s, repl)
		}))
	}
	broken("bad/wins.json", `"wins": \d+`, `"wins": 99`)
	broken("bad/players.json", `"players": 3`, `"players": 9`)
	broken("bad/negative.json", `"kills": \d+`, `"kills": -1`)
	broken("bad/schema.json", `"clockwork.results/v1"`, `"clockwork.results/v9"`)
	write("bad/notjson.json", "{not json\n")

	gates := map[string]string{
		"ok":        "gates:\n  - {metric: campaign_win_rate, max: 1}\n",
		"fail":      "gates:\n  - {metric: campaign_win_rate, players: 3, min: 1.5}\n",
		"four":      "gates:\n  - {metric: campaign_win_rate, players: 4, min: 0.3}\n",
		"weak":      "gates:\n  - {metric: timeout_rate, min: 0.1, interval: overlap}\n",
		"empty":     "gates: []\n",
		"nolist":    "gates: 3\n",
		"badyaml":   "gates: [\n",
		"unknown":   "gates:\n  - {metric: win_rate, min: 0.1}\n",
		"nometric":  "gates:\n  - {players: 3, min: 0.1}\n",
		"noband":    "gates:\n  - {metric: campaign_win_rate}\n",
		"level":     "gates:\n  - {metric: level_success, min: 0.1}\n",
		"players":   "gates:\n  - {metric: campaign_win_rate, players: 2, min: 0.1}\n",
		"agent":     "gates:\n  - {metric: campaign_win_rate, agent: plannr, min: 0.1}\n",
		"temple":    "gates:\n  - {metric: temple_success, temple: forrest, level: 1, min: 0.1}\n",
		"param":     "gates:\n  - {metric: campaign_win_rate, params: {setup.skill_cards_per_type.3: \"9\"}, min: 0.1}\n",
		"pooled":    "gates:\n  - {metric: campaign_win_rate, players: 3, max: 1}\n",
		"minmax":    "gates:\n  - {metric: campaign_win_rate, min: 0.9, max: 0.1}\n",
		"badnumber": "gates:\n  - {metric: campaign_win_rate, min: lots}\n",
	}
	for name, text := range gates {
		write("gates/"+name+".yaml", text)
	}
	patches := map[string]string{
		"ok":      "game: clockwork\nchanges:\n  - {key: setup.time_tokens, from: 1, to: 2}\n",
		"clue":    "game: clue\nchanges:\n  - {key: rules.ganondorf_cards, from: 8, to: 6}\n",
		"nokey":   "game: clockwork\nchanges:\n  - {key: setup.time_tokenz, from: 1, to: 2}\n",
		"noto":    "game: clockwork\nchanges:\n  - {key: setup.time_tokens, from: 1}\n",
		"twice":   "game: clockwork\nchanges:\n  - {key: setup.time_tokens, to: 2}\n  - {key: setup.time_tokens, to: 3}\n",
		"nogame":  "changes: []\n",
		"badyaml": "game: [\n",
	}
	for name, text := range patches {
		write("patches/"+name+".yaml", text)
	}
	code, _, errOut := runCLI(t, "init", "mydata")
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runCLI(t, "init", "mydata-bad")
	require.Equal(t, 0, code, errOut)
	replaceIn(t, "mydata-bad/setup.yaml", "  time_tokens: 1", "  time_tokens: one")
	replaceIn(t, "mydata-bad/temples.yaml", "boss: volvagia", "boss: volvagio")
}
