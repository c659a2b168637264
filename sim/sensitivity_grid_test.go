package sim_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/pig"
	rules "github.com/clockworksim/clockwork/rules/pig"
	"github.com/clockworksim/clockwork/sim"
	pigsim "github.com/clockworksim/clockwork/sim/pig"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// gridAgents are the "teams" of the small matrix these tests play: every pair of them, mirrors
// included, is a cell, a two-player line-up with the seats rotated (as Zelda Duels' match-up
// matrix pairs its teams).
var gridAgents = []string{"hold", "random", "hold:at=10"}

// holdAt names the threshold of the agent "hold" as the grid's sensitivities move it: it moves
// only the cells that agent plays in, as a team's value moves only its match-ups.
const holdAt = "hold.at"

// pigGrid returns the cells of the matrix of gridAgents on Pig's default data with param set to
// value (param "": the data as it is), their games' keys (everything a cell's games read: the
// data and the line-up, the hold agent's threshold in its name), and an error when the moved
// value is not valid.
func pigGrid(t *testing.T, cfg sim.Config, param string, value int) ([]sim.Config, []string, error) {
	t.Helper()
	d, at := rules.Default(), agents.DefaultHoldAt
	switch param {
	case "":
	case holdAt:
		at = value
	default:
		var err error
		if d, err = d.With(param, value); err != nil {
			return nil, nil, fmt.Errorf("not valid data")
		}
	}
	name := func(agent string) string {
		if agent == "hold" && at != agents.DefaultHoldAt {
			return "hold:at=" + strconv.Itoa(at)
		}
		return agent
	}
	var cfgs []sim.Config
	var keys []string
	for i, a := range gridAgents {
		for _, b := range gridAgents[i:] {
			l, err := pigsim.Lineup([]string{name(a), name(b)})
			if err != nil {
				return nil, nil, fmt.Errorf("not a valid agent")
			}
			c := cfg
			c.Game, c.Agents, c.Params = pigsim.New(d), []sim.Lineup{l}, map[string]string{"seats": a + "," + b}
			cfgs = append(cfgs, c)
			keys = append(keys, d.Fingerprint+"|"+l.Name)
		}
	}
	return cfgs, keys, nil
}

// cellAgents are the two agents of a cell.
func cellAgents(cfg sim.Config) (string, string) {
	a, b, _ := strings.Cut(cfg.Params["seats"], ",")
	return a, b
}

// gridParts are the cells each agent plays against another, and its position there.
func gridParts(cells []sim.Config) []sim.GridTeam {
	var out []sim.GridTeam
	for _, agent := range gridAgents {
		gt := sim.GridTeam{Name: agent}
		for i, c := range cells {
			a, b := cellAgents(c)
			switch {
			case a == b:
			case a == agent:
				gt.Parts = append(gt.Parts, sim.GridPart{Cell: i, Position: 0})
			case b == agent:
				gt.Parts = append(gt.Parts, sim.GridPart{Cell: i, Position: 1})
			}
		}
		out = append(out, gt)
	}
	return out
}

// gridSensitivity is a sensitivity over the small matrix (the hold agent's threshold and the
// die's faces, a step of step) with cfg's run flags; played records the cells each move played
// ("label|seats").
func gridSensitivity(t *testing.T, cfg sim.Config, step int) (s *sim.GridSensitivity, played func() []string) {
	t.Helper()
	base, keys, err := pigGrid(t, cfg, "", 0)
	require.NoError(t, err)
	var mu sync.Mutex
	var log []string
	s = &sim.GridSensitivity{Base: base, Keys: keys, Teams: gridParts(base), Step: step,
		Values: []sim.MovedValue{{Param: holdAt, Base: agents.DefaultHoldAt}, {Param: "faces", Base: rules.DefaultFaces}},
		Config: func(param string, value int) ([]sim.Config, []string, error) {
			return pigGrid(t, cfg, param, value)
		},
		Simulate: func(label string, c sim.Config) (*sim.Results, error) {
			mu.Lock()
			log = append(log, label+"|"+c.Params["seats"])
			mu.Unlock()
			return sim.Run(context.Background(), c)
		},
		Interrupted: func() bool { return false },
	}
	return s, func() []string { return log }
}

// gridConfig is the run of one cell: two players, the seats rotated.
func gridConfig(t *testing.T) sim.Config {
	return sim.Config{Players: []int{2}, Episodes: 16, Seed: 3, Rotate: true, ToolVersion: "test"}
}

// runGrid runs a grid sensitivity.
func runGrid(t *testing.T, s *sim.GridSensitivity) *sim.Results {
	t.Helper()
	res, err := s.Run()
	require.NoError(t, err)
	return res
}

// Every agent's row is the brute-force recount of its games: the whole moved matrix played
// again (no cell reused), and for each game of a cell the agent plays against another, whether
// its position won on the data as it is and on the moved data.
func TestGridSensitivityPairsEveryTeam(t *testing.T) {
	cfg := gridConfig(t)
	s, played := gridSensitivity(t, cfg, 10)
	var planned int64
	s.Planned = func(delta int64) { planned += delta }
	res := runGrid(t, s)
	assert.Equal(t, int64(len(played())*16), (1+2*2)*6*16+planned, "Planned leaves out the move that is not valid")
	require.Len(t, res.Groups, 6, "3 pairs and 3 mirrors")
	require.Len(t, res.Sensitivity, 2*2*3, "2 values, down and up, 3 agents")
	checked := 0
	for _, row := range res.Sensitivity {
		if row.Skipped != "" {
			assert.Equal(t, "faces=-4", row.Param+"="+strconv.Itoa(row.Value), "only a die of -4 faces is not valid")
			continue
		}
		checked++
		cells, _, err := pigGrid(t, cfg, row.Param, row.Value)
		require.NoError(t, err)
		var want sim.PairedOutcomes
		for i, c := range cells {
			a, b := cellAgents(c)
			if a == b || (a != row.Team && b != row.Team) {
				continue
			}
			pos := 1
			if a == row.Team {
				pos = 0
			}
			c.Outcomes = true
			moved, err := sim.Run(context.Background(), c)
			require.NoError(t, err)
			for k, o := range moved.Groups[0].Outcomes {
				bw, mw := res.Groups[i].Outcomes[k].PartWon(pos+1), o.PartWon(pos+1)
				want.Episodes++
				want.BaseWins += int64(b2i(bw))
				want.BaseOnly += int64(b2i(bw && !mw))
				want.MovedOnly += int64(b2i(mw && !bw))
			}
		}
		assert.Equal(t, want, row.Paired, "%s=%d, %s", row.Param, row.Value, row.Team)
		assert.EqualValues(t, 2*16, row.Paired.Episodes, "two opponents, 16 games each")
	}
	assert.Equal(t, 9, checked, "the hold agent's threshold at 10 and 30, the die's 16 faces, each for 3 agents")
	require.NoError(t, simtest.RoundTrip(t, res).Validate())
}

// A move of one agent's value plays again only the cells that agent plays in; the others stand
// as the base's, and the file is the same as when every cell is played again.
func TestGridSensitivityReusesUntouchedCells(t *testing.T) {
	s, played := gridSensitivity(t, gridConfig(t), 1)
	var planned int64
	s.Planned = func(delta int64) { planned += delta }
	reused := runGrid(t, s)
	assert.Equal(t, int64(len(played())*16), (1+2*2)*6*16+planned, "Planned says, before playing, the games not played")
	assert.Equal(t, [2]int{2*3 + 2*6, 2 * 3}, [2]int{s.Played, s.Reused})
	var holdCells []string
	for _, p := range played() {
		if strings.HasPrefix(p, "value 1/2") {
			holdCells = append(holdCells, p[strings.Index(p, "|")+1:])
		}
	}
	assert.Equal(t, []string{"hold,hold", "hold,random", "hold,hold:at=10", "hold,hold", "hold,random", "hold,hold:at=10"}, holdCells,
		"the hold agent's threshold changes only its cells, at 19 and 21")
	assert.Len(t, played(), 6+2*3+2*6, "the base, the hold agent's cells twice, every cell twice for the die")

	s, played = gridSensitivity(t, gridConfig(t), 1)
	s.Replay = true
	replayed := runGrid(t, s)
	assert.Len(t, played(), 6+4*6)
	assert.Equal(t, simtest.JSON(t, replayed), simtest.JSON(t, reused), "reusing the untouched cells gives the file of replaying them")
}

// The rows do not depend on the number of workers, and the shards of the run merge into it.
func TestGridSensitivityWorkersAndShards(t *testing.T) {
	cfg := gridConfig(t)
	cfg.Workers = 1
	s, _ := gridSensitivity(t, cfg, 1)
	one := runGrid(t, s)
	cfg.Workers = 2
	s, _ = gridSensitivity(t, cfg, 1)
	assert.Equal(t, simtest.JSON(t, one), simtest.JSON(t, runGrid(t, s)))

	var shards []*sim.Results
	for i := range 2 {
		cfg.Shard = sim.Shard{Index: i, Count: 2}
		s, _ = gridSensitivity(t, cfg, 1)
		shards = append(shards, simtest.RoundTrip(t, runGrid(t, s)))
	}
	merged, err := sim.Merge(shards, []string{"a.json", "b.json"}, sim.MergeOptions{})
	require.NoError(t, err)
	one.Shard = sim.Shard{Index: 0, Count: 1}
	whole := simtest.RoundTrip(t, one)
	assert.Equal(t, simtest.JSON(t, whole), simtest.JSON(t, merged))
}

// An agent's row is checked against its counts on read: its base wins within its games, the
// games won by one version only within the base's wins and losses.
func TestGridSensitivityRowsValidate(t *testing.T) {
	s, _ := gridSensitivity(t, gridConfig(t), 1)
	res := runGrid(t, s)
	for _, c := range []struct {
		edit func(p *sim.PairedOutcomes)
		want string
	}{
		{func(p *sim.PairedOutcomes) { p.BaseWins = p.Episodes + 1 }, "sensitivity[0].paired.base_wins: 33 is more than the campaigns (32)"},
		{func(p *sim.PairedOutcomes) { p.BaseOnly = p.BaseWins + 1 }, "sensitivity[0].paired.won_by_base_only"},
		{func(p *sim.PairedOutcomes) { p.MovedOnly = p.Episodes - p.BaseWins + 1 }, "sensitivity[0].paired.won_by_moved_only"},
		{func(p *sim.PairedOutcomes) { p.Episodes = 6*16 + 1 }, "sensitivity[0].paired.campaigns: 97 is more than the games of the groups at its player count (96)"},
	} {
		bad := simtest.RoundTrip(t, res)
		c.edit(&bad.Sensitivity[0].Paired)
		assert.ErrorContains(t, bad.Validate(), c.want)
	}
	plain := simtest.RoundTrip(t, res)
	plain.Sensitivity[0].Team = ""
	assert.ErrorContains(t, plain.Validate(), "sensitivity[0].paired.base_wins", "only a team's row has base wins")
}

// An interruption during the last move leaves a partial file: the move's rows pair the games
// played (the cells not started count none).
func TestGridSensitivityInterrupted(t *testing.T) {
	cfg := gridConfig(t)
	s, _ := gridSensitivity(t, cfg, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cells := 0
	s.Simulate = func(label string, c sim.Config) (*sim.Results, error) {
		if strings.HasPrefix(label, "value 2/2: faces=7") {
			cells++
			if cells == 2 {
				cancel()
			}
		}
		return sim.Run(ctx, c)
	}
	s.Interrupted = func() bool { return ctx.Err() != nil }
	res := runGrid(t, s)
	assert.True(t, res.Partial)
	assert.Equal(t, sim.StoppedInterrupted, res.Stopped)
	require.Len(t, res.Sensitivity, 4*3, "every move's rows")
	for _, row := range res.Sensitivity[9:] {
		assert.Equal(t, 7, row.Value)
		assert.Less(t, row.Paired.Episodes, int64(32), "%s: the third cell was not played", row.Team)
	}
	require.NoError(t, simtest.RoundTrip(t, res).Validate())
}
