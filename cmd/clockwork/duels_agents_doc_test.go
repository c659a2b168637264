package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The commands of docs/duels-agents.md's "Play before balance" run as written, in order (4 games
// a line-up), in a fresh directory holding a copy of testdata/duels-control: each `clockwork`
// line, each `cp` line, and each one-line loop `for V in A B ...; do CMD; done` for every value.
func TestDuelsAgentsDocCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the matrix")
	}
	section := docSection(t, "duels-agents.md", "## Play before balance")
	control := readFile(t, filepath.Join("..", "..", "testdata", "duels-control", "team-control.yaml"))
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll(filepath.Join("testdata", "duels-control"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("testdata", "duels-control", "team-control.yaml"), []byte(control), 0o644))
	n := 0
	for _, block := range fencedBlocks(section) {
		for _, line := range strings.Split(block, "\n") {
			line, _, _ = strings.Cut(line, "#")
			for _, cmd := range expandLoop(t, strings.TrimSpace(line)) {
				n += runDocLine(t, cmd)
			}
		}
	}
	assert.GreaterOrEqual(t, n, 6, "the commands of the section")
}

// expandLoop returns the commands of a one-line shell loop `for V in A B; do CMD; done`, $V
// replaced by each value in turn, or the line itself.
func expandLoop(t *testing.T, line string) []string {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "for ")
	if !ok {
		return []string{line}
	}
	head, body, ok := strings.Cut(rest, "; do ")
	require.True(t, ok, "a loop of one line: %s", line)
	body, ok = strings.CutSuffix(body, "; done")
	require.True(t, ok, "a loop of one line: %s", line)
	name, values, ok := strings.Cut(head, " in ")
	require.True(t, ok, "a loop of one line: %s", line)
	var out []string
	for _, v := range strings.Fields(values) {
		out = append(out, strings.ReplaceAll(body, "$"+name, v))
	}
	return out
}

// runDocLine runs one command line of the docs (a clockwork command with few games, or a cp)
// and returns 1 when it ran one.
func runDocLine(t *testing.T, line string) int {
	t.Helper()
	if args, ok := strings.CutPrefix(line, "clockwork "); ok {
		code, _, errOut := runCLI(t, fast(strings.Fields(args))...)
		require.Equal(t, 0, code, "clockwork %s:\n%s", args, errOut)
		return 1
	}
	if args, ok := strings.CutPrefix(line, "cp "); ok {
		f := strings.Fields(args)
		require.Len(t, f, 2, line)
		raw, err := os.ReadFile(f[0])
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(f[1], filepath.Base(f[0])), raw, 0o644))
		return 1
	}
	require.Empty(t, line, "a line of the docs that the test cannot run")
	return 0
}
