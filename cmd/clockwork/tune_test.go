package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// A tune writes a patch that --set-file applies: `run --set-file patch.yaml` on the
// verification's seed and episodes gives its results.json byte for byte; its changes are of the
// values --vary allows; the trajectory opens with the data as it is; and the search, the patch
// and the verification are the same whatever the worker count. (The values found are the
// shipping data's, not pinned here: sim's tests pin the search on data whose answer is known.)
func TestTuneWritesAVerifiedPatch(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	require.NoError(t, os.WriteFile(at("gates.yaml"), []byte("game: clue\ngates:\n  - {metric: seat_win_rate, seat: 1, players: 3, min: 0.40, max: 0.45}\n"), 0o644))
	tune := []string{"clue", "tune", "--expect", at("gates.yaml"), "--vary", "rules.ganondorf_cards=-2..+2", "--vary", "rules.aside_cards=3..5",
		"--players", "3", "--games", "150", "--verify-games", "300", "--seed", "5", "--progress", "never"}
	code, out, errOut := runCLI(t, append(tune, "--workers", "1", "--out", at("a"))...)
	require.Contains(t, []int{0, 1}, code, errOut)
	assert.Regexp(t, `^(\d+ changes? \(.*\) brings? every target into its band, verified on 300 fresh games\.|`+
		`The data as it is already brings every target into its band, verified on 300 fresh games: it needs no change\.|`+
		`No change found brings every target into its band: the best, .*, leaves 1 of 1 targets out on 300 fresh games, .*\.)\n`, out)
	code2, _, errOut := runCLI(t, append(tune, "--workers", "2", "--out", at("b"))...)
	require.Equal(t, code, code2, errOut)
	for _, f := range []string{"patch.yaml", "trajectory.json", "results.json", "before.json", "tune-gates.svg", "tune-convergence.svg", "tune-pareto.svg"} {
		assert.Equal(t, readFile(t, filepath.Join(at("a"), f)), readFile(t, filepath.Join(at("b"), f)), "%s with 1 and 2 workers", f)
	}
	assert.Contains(t, readFile(t, filepath.Join(at("a"), "tune-gates.svg")), "data=patched", "the before-and-after chart")

	p, err := datafile.ReadPatch(filepath.Join(at("a"), "patch.yaml"))
	require.NoError(t, err)
	assert.Equal(t, "clue", p.Game)
	for _, ch := range p.Changes {
		assert.Contains(t, []string{"rules.ganondorf_cards", "rules.aside_cards"}, ch.Key)
	}
	var tr tuneTrajectory
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(at("a"), "trajectory.json"))), &tr))
	trajectory := tr.Candidates
	require.NotEmpty(t, trajectory)
	assert.Empty(t, trajectory[0].Edits, "the data as it is first")
	for _, c := range trajectory {
		assert.Equal(t, int64(150), c.Episodes, "every candidate on the same games")
	}

	runOK(t, "clue", "run", "--set-file", filepath.Join(at("a"), "patch.yaml"), "--players", "3", "--games", "300", "--seed", "6",
		"--progress", "never", "--out", at("run"))
	assert.Equal(t, readFile(t, filepath.Join(at("a"), "results.json")), readFile(t, filepath.Join(at("run"), "results.json")),
		"the patch applied by --set-file reproduces the verification")
	assert.Contains(t, readFile(t, filepath.Join(at("a"), "patch.yaml")), "verified:\n  seed: 6\n  games: 300\n")
	assert.Contains(t, readFile(t, filepath.Join(at("a"), "patch.yaml")), "    - {metric: seat_win_rate, players: 3, seat: 1, min: 0.4, max: 0.45, value: ")
}

// Clockwork Realm tunes too: a Ganon target moved into a band far from the data as it is, the
// patch's change within the --vary range.
func TestTuneClockwork(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	require.NoError(t, os.WriteFile(at("gates.yaml"), []byte("gates:\n  - {metric: campaign_win_rate, players: 3, min: 0.9, max: 1}\n"), 0o644))
	code, out, errOut := runCLI(t, "tune", "--expect", at("gates.yaml"), "--vary", "ganon.targets.3.move=6..24:6", "--players", "3",
		"--campaigns", "40", "--verify-games", "60", "--progress", "never", "--out", at("t"))
	require.Contains(t, []int{0, 1}, code, errOut)
	assert.Contains(t, out, "the data as it is (60 fresh campaigns, seed 2):")
	p, err := datafile.ReadPatch(filepath.Join(at("t"), "patch.yaml"))
	require.NoError(t, err)
	for _, ch := range p.Changes {
		assert.Equal(t, "ganon.targets.3.move", ch.Key)
		assert.Contains(t, []int{6, 12, 24}, ch.To, "a value of the range: "+strconv.Itoa(ch.To))
	}
	assert.True(t, strings.HasPrefix(readFile(t, filepath.Join(at("t"), "patch.yaml")), "# written by clockwork tune"))
}

// The examples of docs/tune.md run as written, in order (with few episodes a candidate), in a
// directory holding docs/tune.yaml and gates for the other two games.
func TestTuneDocExamplesRun(t *testing.T) {
	raw, err := os.ReadFile("../../docs/tune.md")
	require.NoError(t, err)
	withDocs(t, "tune.yaml", "clue-tune.yaml", "duels-balance.yaml")
	require.NoError(t, os.WriteFile("clue-gates.yaml", []byte("game: clue\ngates:\n  - {metric: seat_win_rate, seat: 1, players: 3, min: 0.3, max: 0.4}\n"), 0o644))
	require.NoError(t, os.WriteFile("duels-gates.yaml", []byte("game: duels\ngates:\n  - {metric: win_rate, min: 0.45, max: 0.55}\n"), 0o644))
	n := 0
	for _, block := range fencedBlocks(string(raw)) {
		for _, line := range strings.Split(strings.ReplaceAll(block, "\\\n", " "), "\n") {
			line, _, _ = strings.Cut(line, "  #")
			args, ok := strings.CutPrefix(strings.TrimSpace(line), "clockwork ")
			if !ok {
				continue
			}
			fields := strings.Fields(strings.ReplaceAll(args, "'", ""))
			if slices.Contains(fields, "--matrix") { // a small matrix: three teams on one map
				fields = append(fields, "--teams", "link,ganon,zelda", "--maps", "lost_woods")
			}
			code, _, errOut := runCLI(t, fast(fields)...)
			assert.Contains(t, []int{0, 1}, code, "clockwork %s:\n%s", args, errOut)
			n++
		}
	}
	assert.GreaterOrEqual(t, n, 7, "the commands of docs/tune.md")
}

// A tune resumed from the trajectory of an interrupted one (its first candidates, the last
// unfinished) plays only the candidates it lacks and ends as the uninterrupted tune did, file
// for file; a trajectory of other settings is refused.
func TestTuneResumeEqualsAnUninterruptedTune(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	require.NoError(t, os.WriteFile(at("gates.yaml"), []byte("game: clue\ngates:\n  - {metric: seat_win_rate, seat: 1, players: 3, min: 0.40, max: 0.45}\n"), 0o644))
	tune := []string{"clue", "tune", "--expect", at("gates.yaml"), "--vary", "rules.ganondorf_cards=-2..+2", "--vary", "rules.aside_cards=3..5",
		"--players", "3", "--games", "100", "--verify-games", "100", "--progress", "never"}
	code, _, errOut := runCLI(t, append(tune, "--out", at("whole"))...)
	require.Contains(t, []int{0, 1}, code, errOut)
	var tr tuneTrajectory
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(at("whole"), "trajectory.json"))), &tr))
	require.Greater(t, len(tr.Candidates), 3)
	tr.Candidates = tr.Candidates[:3]
	tr.Candidates[2].Unfinished, tr.Candidates[2].Misses, tr.Candidates[2].Miss = true, nil, 0
	require.NoError(t, os.MkdirAll(at("resumed"), 0o755))
	require.NoError(t, writeJSONFile(filepath.Join(at("resumed"), "trajectory.json"), tr))

	code2, _, errOut := runCLI(t, append(tune, "--out", at("resumed"), "--resume", "--progress", "plain")...)
	require.Equal(t, code, code2, errOut)
	assert.Regexp(t, `candidate 1 \([^)]*\) \(from the trajectory\)`, errOut, "a candidate of the trajectory is not played again")
	assert.NotRegexp(t, `candidate 2 \([^)]*\) \(from the trajectory\)`, errOut, "the unfinished one is")
	for _, f := range []string{"patch.yaml", "trajectory.json", "results.json", "before.json"} {
		assert.Equal(t, readFile(t, filepath.Join(at("whole"), f)), readFile(t, filepath.Join(at("resumed"), f)), f)
	}
	code, _, errOut = runCLI(t, append(tune, "--out", at("resumed"), "--resume", "--seed", "2")...)
	assert.Equal(t, exitBadInput, code)
	assert.Contains(t, errOut, "--resume: "+filepath.Join(at("resumed"), "trajectory.json")+" is of a tune with other settings (data, gates or flags): resume with the same ones")
}

// The answer's first line says what the change does on the fresh episodes: every target in its
// band (with or without a change), or the targets left out and whether the change helps.
func TestTuneAnswer(t *testing.T) {
	pass, fail := reports.GateResult{Pass: true, N: 10}, reports.GateResult{N: 10, Value: 0.3}
	lo := 0.4
	fail.Min, fail.Value = &lo, 0.3
	closer := fail
	closer.Value = 0.35
	edits := &sim.TuneResult{Best: sim.Candidate{Edits: []sim.Edit{{Path: "a.b", From: 3, To: 4}}}}
	none := &sim.TuneResult{}
	for _, c := range []struct {
		found         *sim.TuneResult
		before, after reports.GateResult
		want          string
	}{
		{edits, fail, pass, "1 change (a.b 3 -> 4) brings every target into its band, verified on 9 fresh games."},
		{none, pass, pass, "The data as it is already brings every target into its band, verified on 9 fresh games: it needs no change."},
		{edits, fail, closer, "No change found brings every target into its band: the best, 1 change (a.b 3 -> 4), leaves 1 of 1 targets out on 9 fresh games, closer to the bands than the data as it is."},
		{edits, closer, fail, "No change found brings every target into its band: the best, 1 change (a.b 3 -> 4), leaves 1 of 1 targets out on 9 fresh games, no closer to the bands than the data as it is: play more episodes a candidate (the search chased their noise)."},
		{none, fail, fail, "No change found brings every target into its band: the best, no change, leaves 1 of 1 targets out on 9 fresh games, as no move of the values within their ranges helped on the search's episodes."},
	} {
		assert.Equal(t, c.want, tuneAnswer(c.found, []reports.GateResult{c.before}, []reports.GateResult{c.after}, "9 fresh games"))
	}
}

// In Zelda Duels a deck holds rules.deck_size cards: with --pair-moves a tune tries one card
// count up with another down, which keeps the deck whole, where each single move is refused
// by the loader and recorded with its reason.
func TestTunePairMovesKeepTheDeck(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pm")
	code, _, errOut := runCLI(t, "duels", "tune", "--target", "win_rate=0.9..1", "--vary", "teams.link.cards.*.count=-1..+1", "--pair-moves",
		"--teams", "link,ganon", "--games", "10", "--verify-games", "10", "--progress", "never", "--out", out)
	require.Contains(t, []int{0, 1}, code, errOut)
	var tr tuneTrajectory
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(out, "trajectory.json"))), &tr))
	singles, pairs := 0, 0
	for _, c := range tr.Candidates {
		switch {
		case len(c.Edits) == 1:
			assert.Contains(t, c.Invalid, "rules.deck_size is 31", "a single card count moved breaks the deck")
			singles++
		case len(c.Edits) == 2 && c.Invalid == "":
			assert.Equal(t, 0, c.Edits[0].To-c.Edits[0].From+c.Edits[1].To-c.Edits[1].From, "one up, one down")
			pairs++
		}
	}
	assert.Positive(t, singles)
	assert.Positive(t, pairs)
}

// A tune over the match-up matrix (duels tune --matrix): one gate holds every team; the
// verification is `duels matrix --set-file patch.yaml` on its seed byte for byte (and before.json
// the matrix of the data as it is); the files are the same whatever the worker count; a
// candidate costs the games of the match-ups its change touches (Link's hit points: the three
// cells of six with Link).
func TestTuneMatrix(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	matrix := []string{"--teams", "link,ganon,zelda", "--maps", "lost_woods", "--agent", "aggressive", "--progress", "never"}
	tune := append([]string{"duels", "tune", "--matrix", "--config", frozenDuels, "--target", "team_matrix_win_rate[team=*]=0.4..0.6",
		"--vary", "teams.link.characters.link.hp=-2..+2", "--games", "20", "--verify-games", "30", "--seed", "3"}, matrix...)
	code, out, errOut := runCLI(t, append(tune, "--workers", "1", "--out", at("a"))...)
	require.Contains(t, []int{0, 1}, code, errOut)
	for _, team := range []string{"ganon", "link", "zelda"} {
		assert.Contains(t, out, "team_matrix_win_rate "+team)
	}
	code2, _, errOut := runCLI(t, append(tune, "--workers", "2", "--out", at("b"))...)
	require.Equal(t, code, code2, errOut)
	for _, f := range []string{"patch.yaml", "trajectory.json", "results.json", "before.json"} {
		assert.Equal(t, readFile(t, filepath.Join(at("a"), f)), readFile(t, filepath.Join(at("b"), f)), "%s with 1 and 2 workers", f)
	}
	verify := append([]string{"duels", "matrix", "--config", frozenDuels, "--games", "30", "--seed", "4"}, matrix...)
	runOK(t, append(verify, "--set-file", filepath.Join(at("a"), "patch.yaml"), "--out", at("patched"))...)
	assert.Equal(t, readFile(t, filepath.Join(at("patched"), "results.json")), readFile(t, filepath.Join(at("a"), "results.json")),
		"the patch applied by --set-file reproduces the verification")
	runOK(t, append(verify, "--out", at("asis"))...)
	assert.Equal(t, readFile(t, filepath.Join(at("asis"), "results.json")), readFile(t, filepath.Join(at("a"), "before.json")))

	var tr tuneTrajectory
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(at("a"), "trajectory.json"))), &tr))
	require.Greater(t, len(tr.Candidates), 1)
	whole := tr.Candidates[0].Episodes
	assert.Positive(t, whole)
	for _, c := range tr.Candidates[1:] {
		if !c.Dropped {
			assert.Equal(t, whole/2, c.Episodes, "%v: the match-ups with Link", c.Edits)
		}
	}
	code, _, errOut = runCLI(t, append(tune, "--map", "lost_woods", "--out", at("c"))...)
	assert.Equal(t, exitBadInput, code, errOut)
}

// A candidate that finishes the race is judged on exactly the games a tune without a race plays
// it on (its batches, shards of the run, merge into the whole run): the same misses; a dropped
// one played fewer games; and the race plays fewer games in all.
func TestTuneRaceJudgesLikeTheWholeRun(t *testing.T) {
	dir := t.TempDir()
	tune := []string{"duels", "tune", "--config", frozenDuels, "--target", "win_rate=0.45..0.55", "--vary", "teams.link.characters.link.hp=-4..+4",
		"--teams", "link,zelda", "--agent", "aggressive", "--games", "400", "--verify-games", "10", "--seed", "9", "--progress", "never"}
	trajectory := func(race string) map[string]sim.Candidate {
		out := filepath.Join(dir, race)
		code, _, errOut := runCLI(t, append(tune, "--race", race, "--out", out)...)
		require.Contains(t, []int{0, 1}, code, errOut)
		var tr tuneTrajectory
		require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(out, "trajectory.json"))), &tr))
		byKey := map[string]sim.Candidate{}
		for _, c := range tr.Candidates {
			byKey[c.Key()] = c
		}
		return byKey
	}
	whole, raced := trajectory("1"), trajectory("8")
	var wholeGames, racedGames int64
	for _, c := range whole {
		wholeGames += c.Episodes
		assert.Empty(t, c.Batches, "no batches without a race")
	}
	same, dropped := 0, 0
	for key, c := range raced {
		racedGames += c.Episodes
		w, ok := whole[key]
		switch {
		case c.Dropped:
			dropped++
			assert.Less(t, c.Episodes, whole[key].Episodes)
		case ok && c.Invalid == "":
			same++
			assert.Equal(t, w.Misses, c.Misses, "%s", key)
			assert.Len(t, c.Batches, 8)
		}
	}
	assert.Positive(t, same)
	assert.Positive(t, dropped, "Link's hit points raised: a step away from the band, dropped")
	assert.Less(t, racedGames, wholeGames)
}
