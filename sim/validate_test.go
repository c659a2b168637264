package sim_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// validFile returns a small valid results file as generic JSON.
func validFile(t *testing.T) map[string]any {
	t.Helper()
	cfg := testConfig(t)
	cfg.Episodes = 6
	return simtest.FileJSON(t, cfg)
}

// The reader checks every invariant, the generic counts', the seats' and the game's, and names
// the field's JSON path and the file.
func TestReadFileValidates(t *testing.T) {
	base := validFile(t)
	raw, _ := json.Marshal(base)
	simtest.ReadRefuses(t, base, []simtest.Refusal{
		{Path: "groups.0.games", Value: -6, Want: "groups[0].campaigns: -6 is negative"},
		{Path: "groups.0.players", Value: 9, Want: "groups[0].players: 9: the game is for 2 to 4 players"},
		{Path: "groups.0.wins", Value: 7, Want: "groups[0].wins: 7 is more than campaigns (6)"},
		{Path: "groups.0.seats", Value: []any{"hold"}, Want: "groups[0].seats: 1 seats, but players is 2"},
		{Path: "groups.0.seat_wins", Value: []any{6}, Want: "groups[0].seat_wins: 1 seats, but players is 2"},
		{Path: "groups.0.seat_wins.1", Value: 7, Want: "groups[0].seat_wins[1]: 7 is more than games (6)"},
		{Path: "groups.0.no_winner", Value: 1, Want: "groups[0].seat_wins: 7, but games (with no_winner) is 6"},
		{Path: "groups.0.agent_wins.dealer", Value: 0, Want: "groups[0].agent_wins.dealer: not an agent of the group's seats"},
		{Path: "groups.0.agent_wins.hold", Value: 0, Want: "groups[0].agent_wins: "},
		{Path: "groups.0.turns_hist.3", Value: 100, Want: "groups[0].turns_hist: its counts add up to"},
		{Path: "groups.0.rolls", Value: 1, Want: "groups[0].rolls: 1, fewer than the turns played"},
		{Path: "groups.0.busts", Value: 1e6, Want: "groups[0].busts: 1000000 is more than rolls"},
		{Path: "groups.1.partial", Value: true, Want: "groups[1].partial: true, but the file's partial is false"},
		{Path: "groups.1.games", Value: 5, Want: "groups[1].campaigns: 5, but what shard 0/1 of 6 campaigns holds is 6"},
		{Path: "shard.index", Value: 3, Want: "shard: 3/1 is not a shard"},
		{Path: "round_cap", Value: 0, Want: "round_cap: 0: must be at least 1"},
		{Path: "precision", Value: 1.5, Want: "precision: 1.5: must be 0 (none) or between 0 and 1"},
		{Path: "stopped", Value: "bored", Want: `stopped: "bored": expected "precision" or "interrupted"`},
		{Path: "stopped", Value: "interrupted", Want: `stopped: "interrupted", but partial is false`},
		{Path: "groups", Value: []any{}, Want: "groups: no groups"},
		{Path: "goals", Value: []any{map[string]any{"players": 3, "param": "target", "goal": 0.5, "target": 18, "low": 6, "high": 30}}, Want: "goals[0].target: no group has 3 players and params target=18"},
		{Path: "goals", Value: []any{map[string]any{"players": 5, "param": "target", "goal": 0.5, "target": 18, "low": 6, "high": 30}}, Want: "goals[0].players: 5: the game is for 2 to 4 players"},
		{Path: "schema", Value: "clockwork.results/v9", Want: `schema: "clockwork.results/v9", expected "clockwork.results/v1"`},
		{Path: "game", Value: "chess", Want: `not a results file: game: "chess" is not a game of this tool (expected one of: pig)`},
		{Path: "seed", Value: "one", Want: "not a results file: cannot unmarshal string into Go struct field Results.seed of type uint64"},
	})

	// Every problem is listed, then counted.
	dir := t.TempDir()
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	simtest.Set(t, m, "groups.0.wins", 100)
	simtest.Set(t, m, "groups.1.players", 7)
	bad, _ := json.Marshal(m)
	path := filepath.Join(dir, "r.json")
	require.NoError(t, os.WriteFile(path, bad, 0o644))
	_, err := sim.ReadFile(path)
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	assert.Equal(t, path+": groups[0].wins: 100 is more than campaigns (6)", lines[0])
	assert.Contains(t, lines, path+": groups[1].players: 7: the game is for 2 to 4 players")
	assert.Equal(t, fmt.Sprint(len(lines)-1)+" problems in "+path, lines[len(lines)-1])
}
