package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
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

// The example at a small count: the deductive agent's win rate rises with Ganondorf's
// cards, from about 80% at 1, so no value tried reaches a goal of 20%: the answer is the value
// whose rate, as the command's own table prints it, is the nearest to 20%, and the headline
// says that none reaches the goal. --rising is ignored (with a warning): the same answer.
func TestClueGoalAnswersTheNearestValue(t *testing.T) {
	args := []string{"clue", "goal", "--param", "rules.ganondorf_cards", "--values", "1..4", "--goal", "0.2",
		"--seats", "deductive,random", "--players", "4", "--games", "200", "--progress", "never"}
	dir := t.TempDir()
	code, out, errOut := runCLI(t, append(args, "--out", dir)...)
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, errOut, "warning")

	// The "Games" table: players, agent, params, games, win rate, interval.
	rates := map[int]float64{}
	_, table, ok := strings.Cut(out, "\nGames\n")
	require.True(t, ok, out)
	for _, line := range strings.Split(table, "\n")[1:] {
		f := strings.Fields(line)
		if len(f) < 5 {
			break
		}
		v, err := strconv.Atoi(strings.TrimPrefix(f[2], "rules.ganondorf_cards="))
		require.NoError(t, err, line)
		pct, err := strconv.ParseFloat(strings.TrimSuffix(f[4], "%"), 64)
		require.NoError(t, err, line)
		rates[v] = pct / 100
	}
	require.Len(t, rates, 4, out)
	nearest := 1
	for v := 2; v <= 4; v++ {
		if math.Abs(rates[v]-0.2) < math.Abs(rates[nearest]-0.2) {
			nearest = v
		}
	}
	for _, r := range rates {
		require.Greater(t, r, 0.2, "every rate is above the goal: %v", rates)
	}
	assert.Contains(t, out, fmt.Sprintf("\nNo value tried reaches the goal (20.0%%) at 4 players; nearest is rules.ganondorf_cards=%d (%.1f%% [", nearest, 100*rates[nearest]))
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	require.Len(t, res.Goals, 1)
	assert.Equal(t, nearest, res.Goals[0].Target)
	assert.False(t, res.Goals[0].Bracketed)
	assert.Len(t, res.Groups, 4, "nothing played beyond the values tried")

	rising := t.TempDir()
	code, again, errOut := runCLI(t, append(args, "--rising", "--out", rising)...)
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(errOut, "clockwork clue goal: warning: --rising is deprecated and ignored: the direction of the win rate is read from the rates\n"), errOut)
	assert.Equal(t, out, again)
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
