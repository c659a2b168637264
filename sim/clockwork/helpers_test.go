package clockwork_test

// The tests of this package's clockwork_test files pin Clockwork Realm's play, counts and files
// through the simulator's core; they were the core's own tests (sim), which now play Pig.

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

func testConfig(t testing.TB) sim.Config {
	t.Helper()
	return sim.Config{Game: cwsim.New(configstest.Frozen(t)), Players: []int{2, 3}, Agents: []sim.Lineup{spec(t, "planner")},
		Episodes: 120, Seed: 7, ToolVersion: "test"}
}

// spec is the default-strategies spec of agent name.
func spec(t testing.TB, name string) sim.Lineup {
	t.Helper()
	s, err := agents.NewSpec(name, strategies.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	return cwsim.Lineup(s)
}

// dataOf returns the Clockwork Realm data a run of cfg plays on.
func dataOf(cfg sim.Config) *rules.Data { return cfg.Game.(*cwsim.Game).Data }

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

// newGroup makes an empty group of a run of game, as sim's own (unexported) newGroup does.
func newGroup(game sim.Game, players int, l sim.Lineup, rotate bool, params map[string]string) *sim.Group {
	l.New = func() any { return nil }
	res, err := sim.NewResults(sim.Config{Game: game, Players: []int{players}, Agents: []sim.Lineup{l}, Episodes: 1,
		Rotate: rotate, Params: params}, false)
	if err != nil {
		panic(err)
	}
	return res.Groups[0]
}
