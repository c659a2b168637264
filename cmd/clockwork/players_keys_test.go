package main

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/sim"
)

func TestKeyPlayers(t *testing.T) {
	tests := []struct {
		path string
		want int
	}{
		{"setup.skill_cards_per_type.3", 3},
		{"setup.skill_cards_per_type.2", 2},
		{"ganon.targets.4.move", 4},
		{"ganon.targets.3", 3},
		{"ganon.targets", 0},
		{"setup.shards", 0},
		{"skull.3", 0}, // keyed by level, not by player count
		{"bosses.arrghus.cost.2.move", 0},
		{"setup.skill_cards_per_type_extra.3", 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, keyPlayers(tt.path), tt.path)
	}
}

// Every prefix of playersKeyed holds a value for each player count 2 to 4 in the data (a renamed
// key would otherwise silently label and play every group again).
func TestPlayersKeyedMatchesData(t *testing.T) {
	l, err := configs.LoadDir("", nil)
	require.NoError(t, err)
	paths := map[string]bool{}
	for _, v := range datafile.NumericValues(l.Doc) {
		paths[v.Path] = true
	}
	for _, prefix := range playersKeyed {
		for n := 2; n <= 4; n++ {
			found := false
			for p := range paths {
				found = found || keyPlayers(p) == n && len(p) > len(prefix) && p[:len(prefix)] == prefix
			}
			assert.True(t, found, "no value of %s.%d in the data", prefix, n)
		}
	}
}

// --set of one player count's value labels only the groups of that count.
func TestSetLabelsOnlyItsPlayerCount(t *testing.T) {
	res := &sim.Results{Groups: []*sim.Group{
		{Players: 2, Params: map[string]string{"setup.skill_cards_per_type.3": "5", "setup.shards": "2"}},
		{Players: 3, Params: map[string]string{"setup.skill_cards_per_type.3": "5", "setup.shards": "2"}},
	}}
	res.Groups[1].Params = res.Groups[0].Params // one map, as a run shares it
	trimSetLabels(res, []string{"setup.skill_cards_per_type.3=5", "setup.shards=2"})
	assert.Equal(t, map[string]string{"setup.shards": "2"}, res.Groups[0].Params)
	assert.Equal(t, map[string]string{"setup.skill_cards_per_type.3": "5", "setup.shards": "2"}, res.Groups[1].Params)

	dir := t.TempDir()
	code, out, errOut := runCLI(t, "run", "--set", "setup.skill_cards_per_type.3=5", "--players", "2,3", "--campaigns", "2",
		"--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "2        planner  setup.skill_cards_per_type.3=5")
	f, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	for _, g := range f.Groups {
		_, has := g.Params["setup.skill_cards_per_type.3"]
		assert.Equal(t, g.Players == 3, has, "the %d-player group's params %v", g.Players, g.Params)
	}
}

// sensitivity at one player count neither plays nor ranks the values of the other counts.
func TestSensitivityOwnPlayerCount(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "sensitivity", "--values", "setup.skill_cards_per_type", "--players", "3", "--campaigns", "3",
		"--out", dir, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, errOut, "skill_cards_per_type.2=")
	assert.NotContains(t, errOut, "skill_cards_per_type.4=")
	var res struct {
		Sensitivity []struct {
			Param   string `json:"param"`
			Players int    `json:"players"`
		} `json:"sensitivity"`
	}
	require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "results.json"))), &res))
	require.Len(t, res.Sensitivity, 2, "setup.skill_cards_per_type.3 down and up")
	for _, r := range res.Sensitivity {
		assert.Equal(t, "setup.skill_cards_per_type."+strconv.Itoa(3), r.Param)
	}
}

// With several player counts a value of one count is played for all (the engine pairs every
// group), but only its own count's rows are kept.
func TestSensitivityRowsOfOtherCountsDropped(t *testing.T) {
	rows := rowsThatCount([]sim.SensitivityRow{
		{Players: 2, Param: "ganon.targets.3.move"}, {Players: 3, Param: "ganon.targets.3.move"},
		{Players: 2, Param: "setup.shards"}, {Players: 3, Param: "setup.shards"},
	})
	require.Len(t, rows, 3)
	assert.Equal(t, 3, rows[0].Players)
}
