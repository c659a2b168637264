package sim_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rules "github.com/clockworksim/clockwork/rules/pig"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

func TestOutcomeBits(t *testing.T) {
	cases := []struct {
		won    bool
		levels uint8
		shards int
		want   int // shards read back
	}{
		{false, 0, 0, 0},
		{true, 0b1111, 7, 7},
		{false, 0b1011, 3, 3},
		{true, 0b1000, sim.MaxOutcomeScore, sim.MaxOutcomeScore},
		{false, 0xff, sim.MaxOutcomeScore + 5, sim.MaxOutcomeScore}, // clamped; bits past level 4 dropped
		{false, 0b0001, -2, 0},
	}
	for _, c := range cases {
		o := sim.NewOutcome(c.won, c.levels, c.shards)
		assert.True(t, o.Played())
		assert.Equal(t, c.won, o.Won())
		assert.Equal(t, c.levels&0b1111, o.Parts())
		for lvl := 1; lvl <= 4; lvl++ {
			assert.Equal(t, c.levels&(1<<(lvl-1)) != 0, o.PartWon(lvl), "level %d of %04b", lvl, c.levels)
		}
		assert.False(t, o.PartWon(0))
		assert.False(t, o.PartWon(5))
		assert.Equal(t, c.want, o.Score())
	}
	assert.False(t, sim.Outcome(0).Played(), "the zero Outcome is a campaign not played")
	assert.GreaterOrEqual(t, sim.MaxOutcomeScore, 4*127, "holds any team's Shards")
}

func outcomesConfig(t *testing.T) sim.Config {
	t.Helper()
	cfg := testConfig(t)
	cfg.Episodes = 40
	cfg.Outcomes = true
	return cfg
}

func outcomesBytes(t *testing.T, r *sim.Results) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, sim.WriteOutcomes(&b, r))
	return b.String()
}

// The outcomes agree with the counts, and recording them leaves the results file unchanged:
// the judged agent's wins, part k+1 of the games position k won (its seat's wins, the seats not
// rotated), and the judged seat's final score, the target or more exactly when it won.
func TestOutcomesAgreeWithCounts(t *testing.T) {
	with := simtest.OutcomesKeepResults(t, outcomesConfig(t))
	for _, g := range with.Groups {
		require.Len(t, g.Outcomes, 40)
		var wins int64
		seatWins := make([]int64, g.Players)
		for i, o := range g.Outcomes {
			require.True(t, o.Played())
			wins += int64(b2i(o.Won()))
			for k := range seatWins {
				seatWins[k] += int64(b2i(o.PartWon(k + 1)))
			}
			assert.Equal(t, o.Won(), o.Score() >= rules.DefaultTarget, "game %d: won %v with %d", i, o.Won(), o.Score())
		}
		assert.Equal(t, g.Wins, wins)
		assert.Equal(t, g.SeatWins, seatWins)
	}
}

// The outcomes file is byte-identical whatever the worker count, and the shards of a run merge
// into the single run's file.
func TestOutcomesFileIndependentOfWorkersAndShards(t *testing.T) {
	cfg := outcomesConfig(t)
	cfg.Workers = 1
	one, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	single := outcomesBytes(t, one)
	cfg.Workers = 3
	three, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, single, outcomesBytes(t, three))

	lines := strings.Split(strings.TrimSuffix(single, "\n"), "\n")
	assert.Equal(t, sim.OutcomesHeader, lines[0])
	assert.Len(t, lines, 1+2*40)
	assert.Regexp(t, `^pig,2,"hold,random",,0,[01]$`, lines[1])
	assert.Regexp(t, `^pig,2,"hold,random",,39,`, lines[40])
	assert.Regexp(t, `^pig,3,"hold,random",,0,`, lines[41])

	var parts []*sim.OutcomeFile
	var names []string
	for i := 0; i < 2; i++ {
		c := cfg
		c.Shard = sim.Shard{Index: i, Count: 2}
		r, err := sim.Run(context.Background(), c)
		require.NoError(t, err)
		path := filepath.Join(t.TempDir(), "o.csv")
		require.NoError(t, r.WriteOutcomesFile(path))
		back, err := sim.ReadOutcomesFile(path)
		require.NoError(t, err)
		assert.True(t, sim.IsOutcomesFile(path))
		parts = append(parts, back)
		names = append(names, path)
	}
	merged, err := sim.MergeOutcomes(parts, names)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, merged.Write(&b))
	assert.Equal(t, single, b.String())

	_, err = sim.MergeOutcomes([]*sim.OutcomeFile{parts[0], parts[0]}, []string{"a.csv", "b.csv"})
	assert.ErrorContains(t, err, "episode 0 of 2 players appears twice")
}

// Games not played (an interrupted run) are left out; an agent and params are quoted when they
// need it; a file read back writes the same bytes. A game's file keeps whether the judged agent
// won, not the parts nor the score.
func TestOutcomesWriteReadRoundTrip(t *testing.T) {
	r := &sim.Results{Game: "pig", Shard: sim.Shard{Index: 1, Count: 3}, Groups: []*sim.Group{
		{Players: 3, Agent: "hold,random", Params: map[string]string{"b": "1,2", "a": "x"}, Episodes: 2,
			Outcomes: []sim.Outcome{sim.NewOutcome(true, 0b0001, 31), 0, sim.NewOutcome(false, 0b0100, 12)}},
		{Players: 2, Agent: "hold", Params: map[string]string{}, Episodes: 1,
			Outcomes: []sim.Outcome{sim.NewOutcome(false, 0b0010, 8)}},
	}}
	got := outcomesBytes(t, r)
	want := sim.OutcomesHeader + "\n" +
		"pig,2,hold,,1,0\n" +
		"pig,3,\"hold,random\",\"a=x;b=1,2\",1,1\n" +
		"pig,3,\"hold,random\",\"a=x;b=1,2\",7,0\n"
	assert.Equal(t, want, got)
	f, err := sim.ReadOutcomes(strings.NewReader(got), "o.csv")
	require.NoError(t, err)
	assert.Equal(t, "pig", f.Game)
	require.Len(t, f.Groups, 2)
	assert.Equal(t, "hold,random", f.Groups[1].Agent)
	assert.Equal(t, "a=x;b=1,2", f.Groups[1].Params)
	assert.Equal(t, []uint64{1, 7}, f.Groups[1].Episodes)
	assert.Equal(t, []sim.Outcome{sim.NewOutcome(true, 0, 0), sim.NewOutcome(false, 0, 0)}, f.Groups[1].Outcomes)
	assert.Equal(t, "3 players, params a=x;b=1,2", f.Groups[1].Label())
	var b bytes.Buffer
	require.NoError(t, f.Write(&b))
	assert.Equal(t, want, b.String())

	// Lines in another order are sorted on reading.
	shuffled := sim.OutcomesHeader + "\npig,3,hold,,5,0\npig,2,hold,,9,1\npig,3,hold,,2,1\n"
	f, err = sim.ReadOutcomes(strings.NewReader(shuffled), "o.csv")
	require.NoError(t, err)
	assert.Equal(t, 2, f.Groups[0].Players)
	assert.Equal(t, []uint64{2, 5}, f.Groups[1].Episodes)
	assert.True(t, f.Groups[1].Outcomes[0].Won())

	// Without recorded outcomes there is nothing to write.
	err = sim.WriteOutcomes(&b, &sim.Results{Game: "pig", Groups: []*sim.Group{{Players: 2, Episodes: 3}}})
	assert.ErrorContains(t, err, "no outcomes recorded")
}

// The reader of a game's outcomes file names the file, the line and the field of every problem.
func TestReadOutcomesErrors(t *testing.T) {
	h := sim.OutcomesHeader + "\n"
	cases := []struct{ in, want string }{
		{"", "o.csv: empty, expected the outcomes header"},
		{h + "pig,3,hold,,0\n", "o.csv:2: line: 5 fields, expected 6 (game,players,agent,params,episode,won)"},
		{h + "chess,3,hold,,0,1\n", `o.csv:2: game: "chess" is not a game whose outcomes are written this way`},
		{h + "clockwork,3,hold,,0,1\n", `o.csv:2: game: "clockwork" is not a game whose outcomes are written this way`}, // not linked here
		{h + "pig,5,hold,,0,1\n", `o.csv:2: players: "5" is not 2 to 4`},
		{h + "pig,3,,,0,1\n", "o.csv:2: agent: empty"},
		{h + "pig,3,hold,,-1,1\n", `o.csv:2: episode: "-1" is not an episode index (a whole number from 0)`},
		{h + "pig,3,hold,,0,yes\n", `o.csv:2: won: "yes" is not 0 or 1`},
		{h + "pig,3,hold,,0,1\nother,3,hold,,1,1\n", `o.csv:3: game: "other", but the file's first line is of pig`},
		{h + "pig,3,hold,,0,1\npig,3,hold,,0,1\n", "o.csv:3: episode: episode 0 of 3 players appears twice"},
		{h + "pig,3,hold,,4,1\npig,3,hold,,1,1\npig,3,hold,,4,1\n", "o.csv: episode: episode 4 of 3 players appears twice"},
	}
	for _, c := range cases {
		_, err := sim.ReadOutcomes(strings.NewReader(c.in), "o.csv")
		assert.ErrorContains(t, err, c.want, "%q", c.in)
	}
	// The first version of the other games' files ("index") still reads, as the same outcomes.
	old, err := sim.ReadOutcomes(strings.NewReader(sim.GameOutcomesHeaderV1+"\npig,3,hold,,4,1\npig,3,hold,,1,0\n"), "old.csv")
	require.NoError(t, err)
	now, err := sim.ReadOutcomes(strings.NewReader(h+"pig,3,hold,,1,0\npig,3,hold,,4,1\n"), "new.csv")
	require.NoError(t, err)
	assert.Equal(t, now, old)
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	assert.NoError(t, sim.CheckWritable(filepath.Join(dir, "new", "o.csv")), "makes the directory")
	assert.DirExists(t, filepath.Join(dir, "new"))
	assert.ErrorContains(t, sim.CheckWritable(dir), "is a directory")
	file := filepath.Join(dir, "file")
	require.NoError(t, sim.WriteAtomic(file, []byte("x")))
	assert.Error(t, sim.CheckWritable(filepath.Join(file, "o.csv")), "under a regular file")
	entries, err := filepath.Glob(filepath.Join(dir, "new", ".*"))
	require.NoError(t, err)
	assert.Empty(t, entries, "no temporary file left")
}
