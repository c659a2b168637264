package main

import (
	"os"
	"path/filepath"
	"testing"

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
