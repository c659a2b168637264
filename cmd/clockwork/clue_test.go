package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// clockwork clue run plays games, and clockwork clue replay replays the very games it played:
// the winner of each replayed game is the one the run's outcomes file records, in every
// rotation.
func TestClueRunAndReplayAgree(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.csv")
	code, _, errOut := runCLI(t, "clue", "run", "--players", "3", "--games", "9", "--seats", "deductive,notebook,random",
		"--rotate", "--progress", "never", "--format", "json", "--out", dir, "--outcomes", out)
	require.Equal(t, 0, code, errOut)
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	assert.Equal(t, "clue", res.Game)
	g := res.Groups[0]
	assert.Equal(t, []string{"deductive", "notebook", "random"}, g.Seats)
	assert.True(t, g.Rotated)
	assert.Equal(t, int64(9), g.Episodes)

	f, err := sim.ReadOutcomesFile(out)
	require.NoError(t, err)
	require.Len(t, f.Groups[0].Outcomes, 9)
	for i, o := range f.Groups[0].Outcomes {
		deal, rot := i/3, i%3
		code, log, errOut := runCLI(t, "clue", "replay", "--players", "3", "--game", strconv.Itoa(deal), "--rotation", strconv.Itoa(rot),
			"--seats", "deductive,notebook,random", "--json")
		require.Equal(t, 0, code, errOut)
		winner := lastWinner(t, log)
		assert.Equal(t, o.Won(), winner == sim.Seating(0, rot, 3), "game %d (deal %d, rotation %d): winner %d", i, deal, rot, winner)
	}
}

// lastWinner reads the winner of the game_end event of an event log (-1 for none).
func lastWinner(t *testing.T, log string) int {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(log))
	sc.Buffer(nil, 1<<20)
	winner := -2
	for sc.Scan() {
		var ev struct {
			Ev     string `json:"ev"`
			Winner *int   `json:"winner"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev))
		if ev.Ev == "game_end" {
			winner = -1
			if ev.Winner != nil {
				winner = *ev.Winner
			}
		}
	}
	require.NotEqual(t, -2, winner, "no game_end event")
	return winner
}

// clockwork clue validate, data and init work as Clockwork's do, and a bad --set names the flag.
func TestClueDataCommands(t *testing.T) {
	code, out, errOut := runCLI(t, "clue", "validate")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "embedded default data is valid")
	fp := fingerprintOf(t, out)

	dir := filepath.Join(t.TempDir(), "myclue")
	code, _, errOut = runCLI(t, "clue", "init", dir)
	require.Equal(t, 0, code, errOut)
	code, out, errOut = runCLI(t, "clue", "validate", "--config", dir)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, fp, fingerprintOf(t, out))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.NotEmpty(t, entries)

	code, out, errOut = runCLI(t, "clue", "data", "bosses", "--format", "json")
	require.Equal(t, 0, code, errOut)
	assert.True(t, json.Valid([]byte(out)), out)

	code, _, errOut = runCLI(t, "clue", "validate", "--set", "rules.turn_cap=0")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--set rules.turn_cap=0")
	assert.Contains(t, errOut, "clockwork clue validate: 1 problem in the data")

	code, _, errOut = runCLI(t, "clue", "run", "--players", "7")
	assert.Equal(t, 2, code)
	assert.Equal(t, "clockwork clue run: --players \"7\": each count must be 2 to 6\n", errOut)
}

// clockwork clue goal plays every value of a data value and answers the goal by bisection, with
// the answer under "goals" naming the value searched.
func TestClueGoalSearch(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "clue", "goal", "--param", "rules.ganondorf_cards", "--values", "2,6", "--goal", "0.5",
		"--seats", "deductive,random", "--players", "3", "--games", "20", "--progress", "never", "--format", "json", "--out", dir)
	require.Equal(t, 0, code, errOut)
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	require.Len(t, res.Goals, 1)
	goal := res.Goals[0]
	assert.Equal(t, "rules.ganondorf_cards", goal.Param)
	assert.Equal(t, 2, goal.Low)
	assert.Equal(t, 6, goal.High)
	assert.NotNil(t, res.GoalGroup(goal), "the goal names a group of the file")
	assert.Empty(t, res.GameGoals)
	assert.GreaterOrEqual(t, len(res.Groups), 2)
}

// clockwork clue run --knowledge follows what every seat could know, and the report says it.
func TestClueKnowledge(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "clue", "run", "--players", "3", "--games", "10", "--knowledge", "--progress", "never", "--out", dir)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Knowing and winning")
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	k := cluesim.Of(res.Groups[0]).Knowledge
	require.NotNil(t, k)
	assert.Equal(t, int64(10), k.Games)
}
