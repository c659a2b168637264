package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeCommands returns the clockwork commands of the README's sh blocks, in order: each
// `go run ./cmd/clockwork ARGS` (commands joined with && are separate), without comments.
func readmeCommands(t *testing.T) [][]string {
	t.Helper()
	raw, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	var cmds [][]string
	inSh := false
	for _, line := range strings.Split(string(raw), "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			inSh = true
		case strings.HasPrefix(line, "```"):
			inSh = false
		case inSh:
			line, _, _ = strings.Cut(line, "#")
			for _, part := range strings.Split(line, "&&") {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(part), "go run ./cmd/clockwork "); ok {
					cmds = append(cmds, strings.Fields(rest))
				}
			}
		}
	}
	return cmds
}

// fast makes a README command quick: 4 campaigns (games) for the commands that simulate.
func fast(args []string) []string {
	cmd, episodes := args[0], "--campaigns"
	if (cmd == "clue" || cmd == "duels") && len(args) > 1 {
		cmd, episodes = args[1], "--games"
	}
	if !slices.Contains([]string{"run", "sweep", "ganon", "sensitivity", "goal", "matrix", "tune"}, cmd) {
		return args
	}
	out := append([]string{}, args...)
	if cmd == "tune" {
		out = append(out, "--verify-games", "8")
	}
	if i := slices.Index(out, episodes); i >= 0 {
		out[i+1] = "4"
	} else {
		out = append(out, episodes, "4")
	}
	return append(out, "--progress", "never")
}

// withDocs moves the test into a fresh directory holding the named files of docs/.
func withDocs(t *testing.T, names ...string) {
	t.Helper()
	files := map[string][]byte{}
	for _, name := range names {
		raw, err := os.ReadFile(filepath.Join("../../docs", name))
		require.NoError(t, err)
		files[name] = raw
	}
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll("docs", 0o755))
	for name, raw := range files {
		require.NoError(t, os.WriteFile(filepath.Join("docs", name), raw, 0o644))
	}
}

// Every example of the README works when run in the order written (with 4 campaigns), in a
// fresh directory holding docs/balance.yaml and docs/tune.yaml: no example reads a file an earlier one did not
// write, and check gates a whole run (exit 0, or 1 if 4 campaigns miss a band: never 2).
func TestReadmeExamplesInOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every README example")
	}
	cmds := readmeCommands(t)
	require.Greater(t, len(cmds), 20, "the README's examples were found")
	withDocs(t, "balance.yaml", "tune.yaml")
	for _, args := range cmds {
		code, _, errOut := runCLI(t, fast(args)...)
		want := []int{0}
		if args[0] == "check" || args[0] == "tune" {
			want = []int{0, 1}
		}
		assert.Contains(t, want, code, "clockwork %s:\n%s", strings.Join(args, " "), errOut)
	}
	for _, dir := range []string{"out/run", "out/sweep", "out/ganon", "out/sweep/report"} {
		assert.DirExists(t, dir, "each command has its own default output")
	}
}

// docSection returns the section of docs/NAME under heading (a line "## Title"), up to the next
// heading of its level.
func docSection(t *testing.T, name, heading string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("../../docs", name))
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(raw), heading)
	require.True(t, ok, "docs/%s has a section %q", name, heading)
	level, _, _ := strings.Cut(heading, " ")
	section, _, _ = strings.Cut(section, "\n"+level+" ")
	return section
}
