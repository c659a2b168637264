package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Clockwork summary is its answer first: the header and the first table, then a line naming
// the tables left out; --verbose prints them all.
func TestBriefAndVerbose(t *testing.T) {
	args := []string{"run", "--campaigns", "3", "--players", "3", "--progress", "never"}
	code, brief, errOut := runCLI(t, append(args, "--out", t.TempDir())...)
	require.Equal(t, 0, code, errOut)
	code, verbose, errOut := runCLI(t, append(args, "--out", t.TempDir(), "--verbose")...)
	require.Equal(t, 0, code, errOut)

	assert.Contains(t, brief, "\nCampaigns\n")
	assert.NotContains(t, brief, "\nLevels\n")
	assert.Contains(t, brief, "more tables (Levels; Temples; Ganon;")
	assert.Contains(t, brief, "--verbose prints them")
	assert.Contains(t, verbose, "\nLevels\n")
	assert.NotContains(t, verbose, "--verbose prints them")
	first, _, _ := strings.Cut(verbose, "\nLevels\n")
	assert.True(t, strings.HasPrefix(brief, first), "the brief summary begins as the verbose one")

	code, out, errOut := runCLI(t, "sensitivity", "--values", "setup.shards", "--campaigns", "3", "--out", t.TempDir(), "--progress", "never")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "What matters most at 3 players")
	assert.NotContains(t, out, "\nLevels\n")
}
