package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A data patch applies its changes as --set values would, before those of the command line (a
// later --set wins), in every game; a patch found on other data warns.
func TestSetFileIsItsSets(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	patch := "# written by hand\ngame: clockwork\ndata: sha256:other\nchanges:\n" +
		"  - {key: ganon.targets.3.move, from: 18, to: 14}\n  - {key: setup.time_tokens, from: 6, to: 5}\n"
	require.NoError(t, os.WriteFile(at("p.yaml"), []byte(patch), 0o644))
	run := []string{"run", "--players", "3", "--campaigns", "8", "--progress", "never"}
	_, _, errOut := runCLI(t, append(run, "--set-file", at("p.yaml"), "--out", at("a"))...)
	assert.Contains(t, errOut, "warning: --set-file "+at("p.yaml")+" was found on data sha256:other, and is applied to data sha256:")
	runOK(t, append(run, "--set", "ganon.targets.3.move=14", "--set", "setup.time_tokens=5", "--out", at("b"))...)
	assert.Equal(t, readFile(t, at("b/results.json")), readFile(t, at("a/results.json")), "the patch is its --set values")

	runOK(t, append(run, "--set-file", at("p.yaml"), "--set", "setup.time_tokens=4", "--out", at("c"))...)
	runOK(t, append(run, "--set", "ganon.targets.3.move=14", "--set", "setup.time_tokens=5", "--set", "setup.time_tokens=4", "--out", at("d"))...)
	assert.Equal(t, readFile(t, at("d/results.json")), readFile(t, at("c/results.json")), "a later --set wins")

	require.NoError(t, os.WriteFile(at("q.yaml"), []byte("game: clue\nchanges:\n  - {key: rules.ganondorf_cards, to: 6}\n"), 0o644))
	clue := []string{"clue", "run", "--players", "3", "--games", "8", "--progress", "never"}
	runOK(t, append(clue, "--set-file", at("q.yaml"), "--out", at("e"))...)
	runOK(t, append(clue, "--set", "rules.ganondorf_cards=6", "--out", at("f"))...)
	assert.Equal(t, readFile(t, at("f/results.json")), readFile(t, at("e/results.json")), "CLUE's patch")
}

// init --from-patch writes a patch into a data copy of every game (of the defaults or of
// --config): the copy plays as the data it came from with --set-file, only the changed numbers
// differ from the source, and a patch of another game exits 2 with one line.
func TestInitFromPatch(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	patches := map[string]string{
		"clockwork": "game: clockwork\nchanges:\n  - {key: setup.skill_cards_per_type.3, from: 4, to: 5}\n",
		"clue":      "game: clue\nchanges:\n  - {key: rules.ganondorf_cards, from: 8, to: 6}\n",
		"duels":     "game: duels\nchanges:\n  - {key: teams.dark_link.characters.poe.hp, from: 8, to: 10}\n  - {key: rules.heart_heal, from: 2, to: 3}\n",
	}
	for game, patch := range patches {
		p := at(game + ".yaml")
		require.NoError(t, os.WriteFile(p, []byte(patch), 0o644))
		cmd := []string{game}
		if game == "clockwork" {
			cmd = nil
		}
		runOK(t, append(cmd, "init", "--from-patch", p, at(game+"-copy"))...)
		_, want, err := patchGames[game].load("", datafilePatchSets(t, p))
		require.NoError(t, err)
		_, got, err := patchGames[game].load(at(game+"-copy"), nil)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%s: the copy is the data with --set-file", game)

		runOK(t, append(cmd, "init", at(game+"-plain"))...)
		runOK(t, append(cmd, "init", "--config", at(game+"-plain"), "--from-patch", p, at(game+"-again"))...)
		_, again, err := patchGames[game].load(at(game+"-again"), nil)
		require.NoError(t, err)
		assert.Equal(t, want, again, "%s: a patch into a copy of --config", game)
		assert.Equal(t, strings.Count(patch, "key:"), changedLines(t, at(game+"-plain"), at(game+"-again")), "%s: only the changed numbers' lines differ", game)
	}
	code, _, errOut := runCLI(t, "clue", "init", "--from-patch", at("clockwork.yaml"), at("x"))
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "the patch changes clockwork's data, this command plays clue")
}

// datafilePatchSets reads the patch file at path as --set values.
func datafilePatchSets(t *testing.T, path string) []string {
	p, err := datafile.ReadPatch(path)
	require.NoError(t, err)
	return p.Sets()
}

// changedLines counts the lines that differ between the same-named files of two directories.
func changedLines(t *testing.T, a, b string) int {
	names, err := filepath.Glob(filepath.Join(a, "*.yaml"))
	require.NoError(t, err)
	n := 0
	for _, name := range names {
		x := strings.Split(readFile(t, name), "\n")
		y := strings.Split(readFile(t, filepath.Join(b, filepath.Base(name))), "\n")
		require.Equal(t, len(x), len(y), name)
		for i := range x {
			if x[i] != y[i] {
				n++
			}
		}
	}
	return n
}

// The examples of docs/data.md's data patch section run as written: its patch.yaml (the yaml
// block) applied by every command of its sh block (with a CLUE patch for clue-patch.yaml).
func TestDataDocPatchExamplesRun(t *testing.T) {
	raw, err := os.ReadFile("../../docs/data.md")
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(raw), "## Data patches")
	require.True(t, ok, "docs/data.md has a data patch section")
	section, _, _ = strings.Cut(section, "\n## ")
	blocks := fencedBlocks(section)
	require.Len(t, blocks, 2, "the patch and the commands")
	require.Contains(t, blocks[0], "# apply with --set-file patch.yaml")
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("patch.yaml", []byte(blocks[0]), 0o644))
	require.NoError(t, os.WriteFile("clue-patch.yaml", []byte("game: clue\nchanges:\n  - {key: rules.ganondorf_cards, to: 6}\n"), 0o644))
	n := 0
	for _, line := range strings.Split(blocks[1], "\n") {
		line, _, _ = strings.Cut(line, "#")
		args, ok := strings.CutPrefix(strings.TrimSpace(line), "clockwork ")
		if !ok {
			continue
		}
		runOK(t, fast(strings.Fields(args))...)
		n++
	}
	assert.Equal(t, 4, n, "the commands of the sh block")
	assert.Equal(t, 0, changedLines(t, "mydata", "mydata2"), "a patch written into its own result changes nothing")
	assert.Contains(t, readFile(t, "mydata/setup.yaml"), "time_tokens: 2 ")
}

// fencedBlocks returns the text of every fenced code block of markdown text, in order.
func fencedBlocks(text string) []string {
	var blocks []string
	var cur *strings.Builder
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```") && cur == nil:
			cur = &strings.Builder{}
		case strings.HasPrefix(line, "```"):
			blocks = append(blocks, cur.String())
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\n")
		}
	}
	return blocks
}
