package clockwork_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/clockworksim/clockwork/sim"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validFile returns a small valid results file as generic JSON.
func validFile(t *testing.T) map[string]any {
	t.Helper()
	cfg := testConfig(t)
	cfg.Episodes, cfg.TurnCap = 6, 3
	r, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	raw, err := json.Marshal(r)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	return m
}

// set changes the value at a dotted path (list indexes as numbers) of generic JSON.
func set(t *testing.T, m map[string]any, path string, value any) {
	t.Helper()
	parts := strings.Split(path, ".")
	var cur any = m
	for i, p := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[p] = value
				return
			}
			cur = c[p]
		case []any:
			var k int
			_, err := fmt.Sscan(p, &k)
			require.NoError(t, err, path)
			if last {
				c[k] = value
				return
			}
			cur = c[k]
		}
	}
}

// The reader checks every invariant and names the field's JSON path and the file.
func TestReadFileValidates(t *testing.T) {
	base := validFile(t)
	raw, _ := json.Marshal(base)
	cases := []struct {
		path  string
		value any
		want  string
	}{
		{"groups.0.campaigns", -6, "groups[0].campaigns: -6 is negative"},
		{"groups.0.players", 9, "groups[0].players: 9: the game is for 2 to 4 players"},
		{"groups.0.wins", 7, "groups[0].wins: 7 is more than campaigns (6)"},
		{"groups.0.levels.1.successes", 7, "groups[0].levels[1].successes: 7 is more than attempts (6)"},
		{"groups.0.levels.2.attempts", 5, "groups[0].levels[2].attempts: 5, but campaigns (every campaign plays all four levels) is 6"},
		{"groups.0.levels.0.level", 2, "groups[0].levels[0].level: 2, expected 1"},
		{"groups.0.levels.0.rounds_hist.3", 100, "groups[0].levels[0].rounds_hist: its counts add up to"},
		{"groups.0.levels.0.kills", -1, "groups[0].levels[0].kills: -1 is negative"},
		{"groups.0.levels.0.quality.idle_hero_rounds", 1e6, "groups[0].levels[0].quality.idle_hero_rounds: 1000000 is more than hero_rounds"},
		{"groups.0.levels.0.quality.activation_retries", 1e6, "groups[0].levels[0].quality.activation_retries: 1000000 is more than failed_activations"},
		{"groups.0.levels.0.quality.kills_by.meteor", 1, "groups[0].levels[0].quality.kills_by.meteor: unknown cause"},
		{"groups.0.levels.0.quality.lost_to.draw", 1e6, "groups[0].levels[0].quality.lost_to: the causes add up to"},
		{"groups.0.final_shards_hist", []any{}, "groups[0].final_shards_hist: missing or empty histogram"},
		{"groups.0.loss_reasons.fell_asleep", 1, "groups[0].loss_reasons.fell_asleep: unknown loss reason"},
		{"groups.1.ganon.reached", 100, "groups[1].ganon.reached: 100 is more than campaigns (6)"},
		{"groups.1.ganon.shortfall_hist.move.0", -1, "groups[1].ganon.shortfall_hist.move[0]: -1 is negative"},
		{"groups.1.temples.0.successes", 100, "groups[1].temples[0].successes: 100 is more than attempts"},
		{"groups.1.temples.0.level", 4, "groups[1].temples[0].level: 4: temples are played at Levels 1 to 3"},
		{"groups.1.partial", true, "groups[1].partial: true, but the file's partial is false"},
		{"groups.1.campaigns", 5, "groups[1].campaigns: 5, but what shard 0/1 of 6 campaigns holds is 6"},
		{"shard.index", 3, "shard: 3/1 is not a shard"},
		{"round_cap", 0, "round_cap: 0: must be at least 1"},
		{"precision", 1.5, "precision: 1.5: must be 0 (none) or between 0 and 1"},
		{"stopped", "bored", `stopped: "bored": expected "precision" or "interrupted"`},
		{"stopped", "interrupted", `stopped: "interrupted", but partial is false`},
		{"groups", []any{}, "groups: no groups"},
		{"ganon_goals", []any{map[string]any{"players": 3, "goal": 0.5, "target": 18, "low": 6, "high": 30}}, "ganon_goals[0].target: no group has 3 players and params ganon.targets.3=18"},
		{"schema", "clockwork.results/v9", `schema: "clockwork.results/v9", expected "clockwork.results/v1"`},
		{"seed", "one", "not a results file: cannot unmarshal string into Go struct field Results.seed of type uint64"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		var m map[string]any
		require.NoError(t, json.Unmarshal(raw, &m))
		set(t, m, c.path, c.value)
		bad, _ := json.Marshal(m)
		path := filepath.Join(dir, "r.json")
		require.NoError(t, os.WriteFile(path, bad, 0o644))
		_, err := sim.ReadFile(path)
		if assert.Error(t, err, c.path) {
			assert.Contains(t, err.Error(), path+": "+c.want, c.path)
		}
	}

	// Every problem is listed, then counted.
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	set(t, m, "groups.0.wins", 100)
	set(t, m, "groups.1.players", 7)
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
