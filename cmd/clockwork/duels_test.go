package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// The commands of docs/duels.md's "The meta" run as written, in order (4 games a match-up), and
// the report they write holds the meta: its section, its chart and its rows of report.csv.
func TestDuelsMetaDocExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the whole matrix")
	}
	section := docSection(t, "duels.md", "### The meta")
	t.Chdir(t.TempDir())
	n := 0
	for _, block := range fencedBlocks(section) {
		for _, line := range strings.Split(block, "\n") {
			args, ok := strings.CutPrefix(strings.TrimSpace(line), "clockwork ")
			if ok {
				runOK(t, fast(strings.Fields(args))...)
				n++
			}
		}
	}
	require.Equal(t, 2, n, "the matrix and its report")
	md := readFile(t, filepath.Join("out", "matrix", "report", "report.md"))
	assert.Contains(t, md, "\n## Meta\n")
	assert.Contains(t, md, "](meta.png)")
	assert.FileExists(t, filepath.Join("out", "matrix", "report", "meta.svg"))
	assert.Contains(t, readFile(t, filepath.Join("out", "matrix", "report", "report.csv")), "\nnash_average,2,tactical,,all,,")
}

// clockwork duels run plays a match-up, and clockwork duels replay replays its very games: the
// winner of each replayed game is the one the run's outcomes file records, in both rotations.
func TestDuelsRunAndReplayAgree(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.csv")
	code, _, errOut := runCLI(t, "duels", "run", "--games", "8", "--seats", "aggressive,random", "--teams", "zelda,darunia",
		"--map", "lost_woods", "--rotate", "--progress", "never", "--format", "json", "--out", dir, "--outcomes", out)
	require.Equal(t, 0, code, errOut)
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	g := res.Groups[0]
	assert.Equal(t, map[string]string{"map": "lost_woods", "teams": "zelda,darunia"}, g.Params)
	assert.Equal(t, int64(8), duelssim.Of(g).Teams["zelda"].Games)

	f, err := sim.ReadOutcomesFile(out)
	require.NoError(t, err)
	require.Len(t, f.Groups[0].Outcomes, 8)
	for i, o := range f.Groups[0].Outcomes {
		deal, rot := i/2, i%2
		code, log, errOut := runCLI(t, "duels", "replay", "--players", "2", "--game", strconv.Itoa(deal), "--rotation", strconv.Itoa(rot),
			"--seats", "aggressive,random", "--teams", "zelda,darunia", "--map", "lost_woods", "--json")
		require.Equal(t, 0, code, errOut)
		winner := lastWinner(t, log)
		assert.Equal(t, o.Won(), winner == sim.Seating(0, rot, 2), "game %d (deal %d, rotation %d): winner %d", i, deal, rot, winner)
	}
}

// clockwork duels matrix plays every match-up of the teams, mirrors included, on every map.
func TestDuelsMatrix(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "duels", "matrix", "--agent", "random", "--games", "4", "--teams", "link,ganon,ruto",
		"--maps", "lost_woods,triforce_chamber", "--progress", "never", "--format", "json", "--out", dir)
	require.Equal(t, 0, code, errOut)
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	require.Len(t, res.Groups, 12, "6 match-ups (3 mirrors) on 2 maps")
	assert.Equal(t, map[string]string{"map": "lost_woods", "teams": "link,ganon"}, res.Groups[1].Params)
	assert.True(t, res.Groups[0].Rotated)

	code, _, errOut = runCLI(t, "duels", "matrix", "--teams", "link,moblin")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `clockwork duels matrix: --teams "link,moblin": "moblin" is not one of: `)
}

// A run whose games mostly reach the turn cap says so on stderr (a walled map, a stalling
// agent); a run whose games end does not.
func TestRunWarnsWhenGamesReachTheCap(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLIContext(t, context.Background(), "duels", "run", "--set", "rules.turn_cap=3", "--games", "10", "--progress", "never", "--out", filepath.Join(dir, "a"))
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "warning: 100.0% of the games of 2 players reached the cap on their length (round_cap 3)")
	code, _, errOut = runCLIContext(t, context.Background(), "duels", "run", "--games", "10", "--progress", "never", "--out", filepath.Join(dir, "b"))
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, errOut, "warning:")
}

// The commands of docs/duels-rules.md (the measurements of its readings) run as written, in
// order, with few games, in a fresh directory.
func TestDuelsRulesDocCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the matrix")
	}
	raw, err := os.ReadFile("../../docs/duels-rules.md")
	require.NoError(t, err)
	t.Chdir(t.TempDir())
	n := 0
	for _, block := range fencedBlocks(string(raw)) {
		for _, line := range strings.Split(block, "\n") {
			args, ok := strings.CutPrefix(strings.TrimSpace(line), "clockwork ")
			if !ok {
				continue
			}
			code, _, errOut := runCLI(t, fast(strings.Fields(args))...)
			assert.Equal(t, 0, code, "clockwork %s:\n%s", args, errOut)
			n++
		}
	}
	assert.GreaterOrEqual(t, n, 3, "the commands of docs/duels-rules.md")
}

// docCommand matches a command written inline in a docs page, `clockwork ...`, which may run over
// a line break.
var docCommand = regexp.MustCompile("`clockwork ([^`]+)`")

// The commands of docs/duels.md's measured answers run as written, in order (4 games a match-up,
// the matrices cut to three teams on one map, MAP read as the Fairy Fountain, TEAM as Link), in a
// directory holding docs/duels-balance.yaml: every one plays or reads (exit 0, or 1 for a check
// whose few games miss the band; never bad input).
func TestDuelsDocAnswersRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every answer's command")
	}
	section := docSection(t, "duels.md", "## The measured answers")
	withDocs(t, "duels-balance.yaml")
	n := 0
	for _, m := range docCommand.FindAllStringSubmatch(strings.Join(strings.Fields(section), " "), -1) {
		args := strings.Fields(strings.NewReplacer("'", "", "MAP", "fairy_fountain", "TEAM", "link").Replace(m[1]))
		if len(args) < 2 { // a command named, not given (`clockwork compare`)
			continue
		}
		if slices.Contains(args, "matrix") && !slices.Contains(args, "--teams") {
			args = append(args, "--teams", "link,ganon,dark_link", "--maps", "lost_woods")
		}
		if args[0] == "duels" {
			args = fast(args)
		}
		code, _, errOut := runCLI(t, args...)
		assert.Contains(t, []int{0, 1}, code, "clockwork %s:\n%s", strings.Join(args, " "), errOut)
		n++
	}
	assert.GreaterOrEqual(t, n, 11, "the commands of the measured answers")
}
