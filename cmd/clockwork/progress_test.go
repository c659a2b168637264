package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bar line fits the terminal: the bar shrinks, then goes, then the text is cut.
func TestBarLineFitsTheWidth(t *testing.T) {
	s := progressStats{done: 1234, total: 9000, rate: 850, eta: 9 * time.Second}
	for _, width := range []int{200, 80, 60, 45, 30, 10, 1} {
		line := barLine(width, "point 2/7: setup.skill_cards_per_type.3=4", s)
		assert.LessOrEqual(t, len([]rune(line)), max(width-1, 0), "width %d: %q", width, line)
	}
	assert.Equal(t, "[====                          ]  14% 1234/9000 campaigns, 850/s, ETA 9s", barLine(200, "", s))
	assert.Equal(t, "p [=        ]  14% 1234/9000 campaigns, 850/s, ETA 9s", barLine(54, "p", s), "a shorter bar")
	assert.Equal(t, "p  14% 1234/9000 campaigns, 850/s, ETA 9s", barLine(48, "p", s), "no bar")
	assert.Equal(t, "p  14% 1234/9000 cam", barLine(21, "p", s), "cut")
	assert.Equal(t, "point 2/7 [       ]  14% 1234/9000 campaigns, 850/s, ETA 9s", barLine(60, "point 2/7: setup.skill_cards_per_type.3=4", s), "the label's detail goes before the text is cut")
}

// Without a terminal, the main job prints a plain progress line every few seconds (for CI
// logs); a sweep's line counts the campaigns of every point, so its ETA is the sweep's.
func TestPlainProgressLines(t *testing.T) {
	old := progressEvery
	progressEvery = time.Nanosecond
	defer func() { progressEvery = old }()
	code, _, errOut := runCLI(t, "sweep", "--param", "setup.skill_cards_per_type.3=3,4", "--players", "2,3", "--campaigns", "3",
		"--round-cap", "1", "--workers", "1", "--out", t.TempDir())
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "clockwork sweep: point 1/2: setup.skill_cards_per_type.3=3: 1/12 campaigns (8%), ")
	assert.Contains(t, errOut, "clockwork sweep: point 2/2: setup.skill_cards_per_type.3=4: 12/12 campaigns (100%), ")
	assert.Regexp(t, regexp.MustCompile(`/s, ETA \d+s\n`), errOut)
	assert.NotContains(t, errOut, "\r", "no bar in a log")

	code, _, errOut = runCLI(t, "run", "--players", "2", "--campaigns", "2", "--round-cap", "1", "--out", t.TempDir(), "--progress", "never")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, errOut, "campaigns (", "--progress never")
}

// clockwork help COMMAND is COMMAND --help, and flag defaults are printed once.
func TestHelpCommand(t *testing.T) {
	code, out, _ := runCLI(t, "help", "run")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "clockwork run - simulate campaigns")
	workers := regexp.MustCompile(`(?m)^\s+--workers.*$`).FindString(out)
	assert.Equal(t, 1, strings.Count(workers, "default"), workers)
	code, out, _ = runCLI(t, "help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "COMMANDS:")
	code, _, errOut := runCLI(t, "help", "nope")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `clockwork: unknown command "nope"`)
}

// The games whose seats compete count games, not campaigns, in their progress lines.
func TestPlainProgressCountsGames(t *testing.T) {
	old := progressEvery
	progressEvery = time.Nanosecond
	defer func() { progressEvery = old }()
	code, _, errOut := runCLI(t, "duels", "run", "--agent", "aggressive", "--games", "6", "--workers", "1",
		"--progress", "plain", "--format", "json", "--out", t.TempDir())
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "clockwork duels run: 6/6 games (100%), ")
	assert.NotContains(t, errOut, "campaigns")
}
