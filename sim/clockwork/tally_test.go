package clockwork

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// The workers' per-campaign count allocates nothing.
func TestTallyAddAllocatesNothing(t *testing.T) {
	d := configstest.Frozen(t)
	a, err := agents.New("planner", strategies.Defaults())
	require.NoError(t, err)
	var g rules.Game
	Play(&g, a, d, 3, 7, 0, sim.DefaultTurnCap, nil)
	var tl tally
	assert.Zero(t, testing.AllocsPerRun(100, func() { tl.add(&g) }))
}

// A worker plays whole campaigns through the simulator's seam (one interface call a campaign)
// without allocating, once its arena is warm.
func TestWorkerPlayAllocatesNothing(t *testing.T) {
	spec, err := agents.NewSpec("random", strategies.Defaults())
	require.NoError(t, err)
	cfg := &sim.Config{Players: []int{3}, Agents: Lineups([]agents.Spec{spec}), Seed: 1, TurnCap: sim.DefaultTurnCap}
	var w sim.Worker = must(New(configstest.Frozen(t)).NewWorker(cfg))
	idx := uint64(0)
	w.Play(0, 0, 3, idx, 0)
	assert.Zero(t, testing.AllocsPerRun(50, func() { idx++; w.Play(0, 0, 3, idx, 0) }))
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// Clockwork Realm passes the simulator's conformance suite (a ladder of two agents).
func TestConformance(t *testing.T) {
	var specs []agents.Spec
	for _, name := range []string{"random", "rusher"} {
		s, err := agents.NewSpec(name, strategies.Defaults())
		require.NoError(t, err)
		specs = append(specs, s)
	}
	simtest.Conformance(t, sim.Config{Game: New(configstest.Frozen(t)), Players: []int{2, 3}, Episodes: 16, Seed: 9,
		TurnCap: sim.DefaultTurnCap, Agents: Lineups(specs)})
}
