package clockwork_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"

	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

var regenResults = flag.Bool("regen-results", false, "rewrite sim/clockwork/testdata/golden-results-<agent>.json from the current code")

// goldenRuns are the runs the golden results pin, per agent: enough campaigns for every
// decision kind to occur many times, few enough for the test to stay quick. The expert plays
// rollouts of the planner, so its few campaigns check the planner's identity once more, on the
// positions of sampled games.
var goldenRuns = map[string]struct {
	players   []int
	campaigns int
	sets      []string // --strategy settings
}{
	"random":  {players: []int{2, 3, 4}, campaigns: 300},
	"rusher":  {players: []int{2, 3, 4}, campaigns: 100},
	"planner": {players: []int{2, 3, 4}, campaigns: 100},
	"expert":  {players: []int{3}, campaigns: 12, sets: []string{"rollouts=2"}},
	// the clairvoyant: the expert's search on copies of the real game
	"clairvoyant": {players: []int{3}, campaigns: 12, sets: []string{"rollouts=2"}},
}

// goldenResults plays an agent's golden run on the frozen data and returns its results file
// (indented JSON), which holds only counts: it depends on nothing but the code and the data.
func goldenResults(t *testing.T, agent string) []byte {
	t.Helper()
	run, ok := goldenRuns[agent]
	require.True(t, ok, "no golden run for %q", agent)
	s := strategies.Defaults()
	for _, kv := range run.sets {
		require.NoError(t, s.Parse(kv))
	}
	sp, err := agents.NewSpec(agent, s)
	require.NoError(t, err)
	res, err := sim.Run(context.Background(), sim.Config{Game: cwsim.New(configstest.Frozen(t)), Players: run.players, Agents: []sim.Lineup{cwsim.Lineup(sp)},
		Episodes: run.campaigns, Seed: 20240611, ToolVersion: "golden"})
	require.NoError(t, err)
	raw, err := json.MarshalIndent(res, "", " ")
	require.NoError(t, err)
	return append(raw, '\n')
}

// TestGoldenResults pins play: every agent's results on the frozen data, for a fixed seed, must
// stay byte-identical. A change meant only to make an agent faster must leave them as they are;
// a change of play regenerates them with -regen-results (and says why in its commit).
func TestGoldenResults(t *testing.T) {
	for _, agent := range []string{"random", "rusher", "planner", "expert", "clairvoyant"} {
		t.Run(agent, func(t *testing.T) {
			t.Parallel()
			got := goldenResults(t, agent)
			path := filepath.Join("testdata", "golden-results-"+agent+".json")
			if *regenResults {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, got, 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./sim/clockwork -run GoldenResults -regen-results to create it")
			if !bytes.Equal(want, got) {
				t.Errorf("%s: the results differ from %s (play changed); diff them with -regen-results and git diff", agent, path)
			}
		})
	}
}
