package clockwork_test

import (
	"testing"

	"github.com/clockworksim/clockwork/sim/simtest"
)

// validFile returns a small valid results file as generic JSON.
func validFile(t *testing.T) map[string]any {
	t.Helper()
	cfg := testConfig(t)
	cfg.Episodes, cfg.TurnCap = 6, 3
	return simtest.FileJSON(t, cfg)
}

// The reader checks Clockwork Realm's own counts (and the generic ones as a Clockwork file names
// them: campaigns), naming the field's JSON path and the file; the generic checks of every
// results file are the core's tests (sim, on Pig).
func TestReadFileValidates(t *testing.T) {
	base := validFile(t)
	simtest.ReadRefuses(t, base, []simtest.Refusal{
		{Path: "groups.0.campaigns", Value: -6, Want: "groups[0].campaigns: -6 is negative"},
		{Path: "groups.0.wins", Value: 7, Want: "groups[0].wins: 7 is more than campaigns (6)"},
		{Path: "groups.0.levels.1.successes", Value: 7, Want: "groups[0].levels[1].successes: 7 is more than attempts (6)"},
		{Path: "groups.0.levels.2.attempts", Value: 5, Want: "groups[0].levels[2].attempts: 5, but campaigns (every campaign plays all four levels) is 6"},
		{Path: "groups.0.levels.0.level", Value: 2, Want: "groups[0].levels[0].level: 2, expected 1"},
		{Path: "groups.0.levels.0.rounds_hist.3", Value: 100, Want: "groups[0].levels[0].rounds_hist: its counts add up to"},
		{Path: "groups.0.levels.0.kills", Value: -1, Want: "groups[0].levels[0].kills: -1 is negative"},
		{Path: "groups.0.levels.0.quality.idle_hero_rounds", Value: 1e6, Want: "groups[0].levels[0].quality.idle_hero_rounds: 1000000 is more than hero_rounds"},
		{Path: "groups.0.levels.0.quality.activation_retries", Value: 1e6, Want: "groups[0].levels[0].quality.activation_retries: 1000000 is more than failed_activations"},
		{Path: "groups.0.levels.0.quality.kills_by.meteor", Value: 1, Want: "groups[0].levels[0].quality.kills_by.meteor: unknown cause"},
		{Path: "groups.0.levels.0.quality.lost_to.draw", Value: 1e6, Want: "groups[0].levels[0].quality.lost_to: the causes add up to"},
		{Path: "groups.0.final_shards_hist", Value: []any{}, Want: "groups[0].final_shards_hist: missing or empty histogram"},
		{Path: "groups.0.loss_reasons.fell_asleep", Value: 1, Want: "groups[0].loss_reasons.fell_asleep: unknown loss reason"},
		{Path: "groups.1.ganon.reached", Value: 100, Want: "groups[1].ganon.reached: 100 is more than campaigns (6)"},
		{Path: "groups.1.ganon.shortfall_hist.move.0", Value: -1, Want: "groups[1].ganon.shortfall_hist.move[0]: -1 is negative"},
		{Path: "groups.1.temples.0.successes", Value: 100, Want: "groups[1].temples[0].successes: 100 is more than attempts"},
		{Path: "groups.1.temples.0.level", Value: 4, Want: "groups[1].temples[0].level: 4: temples are played at Levels 1 to 3"},
		{Path: "groups.1.campaigns", Value: 5, Want: "groups[1].campaigns: 5, but what shard 0/1 of 6 campaigns holds is 6"},
		{Path: "ganon_goals", Value: []any{map[string]any{"players": 3, "goal": 0.5, "target": 18, "low": 6, "high": 30}}, Want: "ganon_goals[0].target: no group has 3 players and params ganon.targets.3=18"},
	})
}
