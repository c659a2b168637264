package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/duels"
	configs "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// frozenDuels is the frozen copy of the Duels data, for tests that pin its values.
const frozenDuels = "../../testdata/duels"

// matrixSensitivityArgs is a small sensitivity over the matrix of three teams on one map:
// Link's hit points (13 and 23) and the Container Heart's healing (7; -3 is not valid), a step
// of 5 down and up, aggressive play. Every match-up's games change with one of the moves.
var matrixSensitivityArgs = []string{"duels", "sensitivity", "--matrix", "--teams", "link,ganon,zelda", "--maps", "lost_woods",
	"--games", "16", "--agent", "aggressive", "--values", "teams.link.characters.link.hp,rules.heart_heal", "--step", "5",
	"--progress", "never", "--format", "json"}

// positionWon plays game idx of the matrix's cell (teams on mapID) as `clockwork duels replay`
// does, on the engine itself (no simulator), and returns the line-up position that won it (-1
// for none): game idx is deal idx/2 in rotation idx%2.
func positionWon(t *testing.T, d *rules.Data, teams []string, mapID string, seed, idx uint64) int {
	t.Helper()
	mu, err := duelssim.New(d, teams, mapID)
	require.NoError(t, err)
	deal, rot := idx/2, int(idx%2)
	table := agents.NewTable()
	for k := range 2 {
		a, err := agents.New("aggressive")
		require.NoError(t, err)
		table.Seats[sim.Seating(k, rot, 2)] = a
	}
	var g rules.Game
	gameSeed := chance.EpisodeSeed(seed, deal)
	g.Reset(d, mu.Setup(2, rot), gameSeed, deal)
	require.NoError(t, table.Play(&g, gameSeed))
	if g.Winner() < 0 {
		return -1
	}
	return (g.Winner() - rot + 2) % 2
}

// Every team's row of `duels sensitivity --matrix` is the brute-force recount of its games, each
// played again on the engine: in every cell it plays against another team, game by game,
// whether it won on the data as it is and on the moved data.
func TestMatrixSensitivityRecount(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, append(matrixSensitivityArgs, "--out", dir)...)
	require.Equal(t, 0, code, errOut)
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	require.Len(t, res.Groups, 6)
	require.Len(t, res.Sensitivity, 2*2*3, "2 values, down and up, 3 teams")
	assert.Empty(t, res.SensitivityMetric, "a team's win rate, no other metric")
	base, err := configs.LoadDir("", nil)
	require.NoError(t, err)
	teams := []string{"link", "ganon", "zelda"}
	flipped := map[string]bool{} // the match-ups with a game won by one version only
	for _, row := range res.Sensitivity {
		if row.Skipped != "" {
			assert.Equal(t, "rules.heart_heal=-3", row.Param+"="+strconv.Itoa(row.Value))
			continue
		}
		moved, err := configs.LoadDir("", []string{row.Param + "=" + strconv.Itoa(row.Value)})
		require.NoError(t, err)
		var want sim.PairedOutcomes
		for _, other := range teams {
			if other == row.Team {
				continue
			}
			cell, pos := []string{row.Team, other}, 0
			if slicesIndex(teams, other) < slicesIndex(teams, row.Team) {
				cell, pos = []string{other, row.Team}, 1
			}
			for idx := range uint64(16) {
				bw := positionWon(t, base.Data, cell, "lost_woods", 1, idx) == pos
				mw := positionWon(t, moved.Data, cell, "lost_woods", 1, idx) == pos
				want.Episodes++
				want.BaseWins += int64(b2i(bw))
				want.BaseOnly += int64(b2i(bw && !mw))
				want.MovedOnly += int64(b2i(mw && !bw))
				flipped[strings.Join(cell, ",")] = flipped[strings.Join(cell, ",")] || bw != mw
			}
		}
		assert.Equal(t, want, row.Paired, "%s=%d, %s", row.Param, row.Value, row.Team)
	}
	assert.Len(t, flipped, 3)
	for cell, f := range flipped {
		assert.True(t, f, "%s: no move changes a game: a cell wrongly reused would go unseen", cell)
	}
}

func slicesIndex(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The file does not depend on the workers, nor on reusing the cells a move does not change
// (against replaying every cell); its groups are those of `duels matrix` with the same flags.
func TestMatrixSensitivityReuseWorkersAndMatrix(t *testing.T) {
	dir := t.TempDir()
	play := func(name, played string, extra ...string) string {
		out := filepath.Join(dir, name)
		code, _, errOut := runCLI(t, append(append(append([]string{}, matrixSensitivityArgs...), extra...), "--out", out)...)
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, errOut, played)
		return readFile(t, filepath.Join(out, "results.json"))
	}
	// Link's hit points at 13 and 23 change Link's 3 match-ups, the heal at 7 all 6 (-3 is not
	// valid): 12 of the 3 moves' 18 match-ups are played again.
	one := play("one", "played 12 of the 18 match-ups of the moved matrices; the other 6 ", "--workers", "1")
	replayEveryCell = true
	all := play("all", "played 18 of the 18 match-ups", "--workers", "2")
	replayEveryCell = false
	assert.Equal(t, one, all, "--workers 1, reusing the cells; --workers 2, replaying them all")

	code, _, errOut := runCLI(t, "duels", "matrix", "--teams", "link,ganon,zelda", "--maps", "lost_woods", "--games", "16",
		"--agent", "aggressive", "--progress", "never", "--format", "json", "--out", filepath.Join(dir, "matrix"))
	require.Equal(t, 0, code, errOut)
	var sens, matrix struct{ Groups []json.RawMessage }
	require.NoError(t, json.Unmarshal([]byte(one), &sens))
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "matrix", "results.json"))), &matrix))
	assert.Equal(t, matrix.Groups, sens.Groups, "the base is the matrix")
}

// The shards of a sensitivity over the matrix merge into the whole run, byte for byte, and
// `report` writes its answer from the file alone.
func TestMatrixSensitivityShardsAndReport(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, shard := range []string{"0/1", "0/2", "1/2"} {
		out := filepath.Join(dir, strings.ReplaceAll(shard, "/", "of"))
		code, _, errOut := runCLI(t, append(append([]string{}, matrixSensitivityArgs...), "--shard", shard, "--out", out)...)
		require.Equal(t, 0, code, errOut)
		files = append(files, filepath.Join(out, "results.json"))
	}
	merged := filepath.Join(dir, "merged.json")
	code, _, errOut := runCLI(t, "merge", files[1], files[2], "--out", merged)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, readFile(t, files[0]), readFile(t, merged))

	code, _, errOut = runCLI(t, "report", files[0], "--out", filepath.Join(dir, "report"), "--formats", "md,csv,svg")
	require.Equal(t, 0, code, errOut)
	md := readFile(t, filepath.Join(dir, "report", page.MarkdownFile))
	assert.Contains(t, md, "## What moves the matrix")
	assert.Contains(t, md, "![What moves the matrix](tornado-2p.png)")
	csvText := readFile(t, filepath.Join(dir, "report", reports.SensitivityCSVFile))
	assert.True(t, strings.HasPrefix(csvText, strings.Join(reports.MatrixSensitivityCSVHeader(), ",")+"\n"), csvText)
	assert.Equal(t, 1+3*3+1, strings.Count(csvText, "\n"), "a row per value, step and team; one for the heal of -3")
}

// `duels sweep --matrix` plays the whole matrix at every point: a group per point and cell, the
// point at the data's own value the same as `duels matrix`; a cell without Link is played at the
// first point only (the file is the one that plays it at both); its report draws every team's
// win rate against the swept value. It plays the frozen data (testdata/duels: Link's 18 hit
// points), which does not follow the shipping data.
func TestMatrixSweep(t *testing.T) {
	dir := t.TempDir()
	args := []string{"duels", "sweep", "--matrix", "--config", frozenDuels, "--teams", "link,ganon", "--maps", "lost_woods", "--games", "6",
		"--agent", "aggressive", "--param", "teams.link.characters.link.hp=14,18", "--progress", "never", "--format", "json"}
	code, _, errOut := runCLI(t, append(args, "--out", dir, "--report", filepath.Join(dir, "report"), "--formats", "md,svg")...)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "played 5 of the 6 match-ups; the other 1 read the same data as at an earlier point")
	replayEveryCell = true
	code, _, errOut = runCLI(t, append(args, "--out", filepath.Join(dir, "all"))...)
	replayEveryCell = false
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "played 6 of the 6 match-ups\n")
	assert.Equal(t, readFile(t, filepath.Join(dir, "results.json")), readFile(t, filepath.Join(dir, "all", "results.json")))
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	require.Len(t, res.Groups, 2*3)
	assert.Equal(t, map[string]string{"map": "lost_woods", "teams": "link,ganon", "teams.link.characters.link.hp": "14"}, res.Groups[1].Params)
	assert.Equal(t, map[string]string{"teams.link.characters.link.hp": "18"}, res.BaseParams)

	code, _, errOut = runCLI(t, "duels", "matrix", "--config", frozenDuels, "--teams", "link,ganon", "--maps", "lost_woods", "--games", "6",
		"--agent", "aggressive", "--progress", "never", "--format", "json", "--out", filepath.Join(dir, "matrix"))
	require.Equal(t, 0, code, errOut)
	matrix, err := sim.ReadFile(filepath.Join(dir, "matrix", "results.json"))
	require.NoError(t, err)
	for i, g := range matrix.Groups {
		at18 := *res.Groups[3+i]
		at18.Params = matrix.Groups[i].Params
		assert.Equal(t, encodeGroupJSON(t, g), encodeGroupJSON(t, &at18), "cell %d at the data's value", i)
	}
	md := readFile(t, filepath.Join(dir, "report", page.MarkdownFile))
	assert.Contains(t, md, "![Each team's win rate over the matrix by teams.link.characters.link.hp](sweep-teams.link.characters.link.hp-team-win-rate.png)")
	assert.Contains(t, md, "| link | ")
	assert.Contains(t, md, "**Over the matrix ")
}

func encodeGroupJSON(t *testing.T, g *sim.Group) string {
	t.Helper()
	raw, err := json.Marshal(g)
	require.NoError(t, err)
	return string(raw)
}

// A sweep over the matrix stopped at its first checkpoint and resumed writes the files of a
// straight one (which does not play again Ganon's mirror at the second point; a checkpointed
// sweep plays every cell).
func TestMatrixSweepResume(t *testing.T) {
	args := []string{"duels", "sweep", "--matrix", "--teams", "link,ganon", "--maps", "lost_woods", "--games", "400",
		"--agent", "aggressive", "--workers", "1", "--param", "teams.link.characters.link.hp=16,18"}
	dir := t.TempDir()
	straight, part := filepath.Join(dir, "straight"), filepath.Join(dir, "part")
	code, errOut := outputsOf(t, context.Background(), straight, args...)
	require.Equal(t, 0, code, errOut)
	ctx, cancel := context.WithCancel(context.Background())
	ckpt := filepath.Join(part, checkpointFile)
	go func() {
		for ; ; time.Sleep(2 * time.Millisecond) {
			if _, err := os.Stat(ckpt); err == nil {
				cancel()
				return
			}
		}
	}()
	code, errOut = outputsOf(t, ctx, part, append(args, "--checkpoint", "5ms")...)
	cancel()
	require.Equal(t, exitInterrupted, code, errOut)
	code, errOut = outputsOf(t, context.Background(), part, append(args, "--resume", ckpt)...)
	require.Equal(t, 0, code, errOut)
	assertSameFiles(t, straight, part)
}

// Bad flags of the matrix's sweep and sensitivity are one line naming the flag, exit code 2,
// before any game is played.
func TestMatrixFlagErrors(t *testing.T) {
	sens := []string{"duels", "sensitivity", "--values", "rules.heart_heal", "--games", "2", "--progress", "never"}
	sweep := []string{"duels", "sweep", "--param", "rules.heart_heal=1,2", "--games", "2", "--progress", "never"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(sens, "--matrix", "--players", "4"), `clockwork duels sensitivity: --players "4": the matrix is of two-player games`},
		{append(sens, "--matrix", "--teams", "link"), `clockwork duels sensitivity: --teams "link": the matrix needs 2 teams or more`},
		{append(sweep, "--matrix", "--teams", "link"), `clockwork duels sweep: --teams "link": the matrix needs 2 teams or more`},
		{append(sweep, "--matrix", "--players", "3"), `clockwork duels sweep: --players "3": the matrix is of two-player games`},
		{append(sens, "--maps", "lost_woods"), `clockwork duels sensitivity: --maps "lost_woods": only with --matrix`},
		{append(sweep, "--maps", "lost_woods"), `clockwork duels sweep: --maps "lost_woods": only with --matrix`},
		{append(sens, "--matrix", "--map", "lost_woods"), `clockwork duels sensitivity: --map "lost_woods": with --matrix the maps are --maps`},
		{append(sens, "--matrix", "--maps", "moon"), `clockwork duels sensitivity: --maps "moon": "moon" is not one of: `},
		{append(sens, "--matrix", "--teams", "link,link"), `clockwork duels sensitivity: --teams "link,link": link appears twice`},
		{append(sens, "--matrix", "--metric", "level_success:1"), `clockwork duels sensitivity: --metric is not a flag of this command`},
		{append(sens, "--matrix", "--agent", "random,tactical"), `clockwork duels sensitivity: --agent: sensitivity plays one agent`},
		{append(sens, "--matrix", "--step", "0"), `clockwork duels sensitivity: --step 0: must be at least 1`},
		{append(sens, "--matrix", "--values", "teams.moblin"), `clockwork duels sensitivity: --values "teams.moblin": "teams.moblin" selects no whole number`},
		{[]string{"duels", "sweep", "--matrix", "--games", "2"}, `clockwork duels sweep: give at least one --param PATH=VALUES`},
	} {
		t.Run(strings.Join(c.args[1:], " "), func(t *testing.T) {
			dir := t.TempDir()
			code, out, errOut := runCLI(t, append(c.args, "--out", dir)...)
			assert.Equal(t, exitBadInput, code, errOut)
			assert.Contains(t, errOut, c.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(errOut), "\n")+1, "one line: %q", errOut)
			assert.Empty(t, out)
			assert.NoFileExists(t, filepath.Join(dir, "results.json"))
		})
	}
	// A point whose data is not valid is a data problem, as in every sweep: its line, then the
	// count of problems.
	code, _, errOut := runCLI(t, "duels", "sweep", "--matrix", "--param", "rules.heart_heal=1,-5", "--progress", "never", "--out", t.TempDir())
	assert.Equal(t, exitBadInput, code)
	assert.Equal(t, "point rules.heart_heal=-5: --set rules.heart_heal=-5: rules.heart_heal: -5 is out of range (0 to 20)\n"+
		"clockwork duels sweep: 1 problem in the data\n", errOut)
}

// One SIGINT stops `duels sensitivity --matrix` (a real child process) as it stops the other
// commands: the games played are written, every cell of the matrix with its count (the one under
// way partial, the others not started), no value is moved, and the exit code is 130.
func TestMatrixSensitivityInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	out := filepath.Join(t.TempDir(), "out")
	ch := startChild(t, "duels", "sensitivity", "--matrix", "--teams", "link,ganon", "--maps", "lost_woods", "--values",
		"rules.heart_heal", "--games", "1000000", "--workers", "1", "--out", out, "--progress", "plain")
	ch.waitFor(t, "games (")
	code, took := ch.interrupt(t, 1)
	stderr := ch.errText()
	assert.Equal(t, exitInterrupted, code, stderr)
	assert.Less(t, took, 3*time.Second, "stops within a second or so (2 busy cores)")
	assert.Contains(t, stderr, ": interrupted: 0 of 3 groups complete, 1 partial (2 players, map=lost_woods;teams=link,link: ")
	assert.Contains(t, stderr, ", 2 not started; 0 of 1 values moved both ways;")
	assert.NotContains(t, stderr, "value 1/", "no value is moved")
	res, err := sim.ReadFile(filepath.Join(out, "results.json"))
	require.NoError(t, err)
	assert.True(t, res.Partial)
	require.Len(t, res.Groups, 3)
	assert.Positive(t, res.Groups[0].Episodes)
	assert.Zero(t, res.Groups[1].Episodes+res.Groups[2].Episodes)
	assert.Empty(t, res.Sensitivity)
}
