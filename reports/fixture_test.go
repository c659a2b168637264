package reports

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/clockworksim/clockwork/sim"
)

// The fixtures of package reports are results files of games that no report package of this
// module registers: "testseats", a game whose seats compete (its groups have seat counts and no
// counts of their own), and "testregistered", which registers a small report of its own
// (registered_test.go). The game-less fixtures (ladders, heat maps) read only the generic
// counts.

// noStats are the own counts of the test games: none.
type noStats struct{}

func (noStats) Add(sim.Stats) error                       { return nil }
func (noStats) EmptyLike() sim.Stats                      { return noStats{} }
func (noStats) Validate(*sim.Checker, string, *sim.Group) {}

func init() {
	newStats := func() sim.Stats { return &noStats{} }
	sim.RegisterGame(sim.Descriptor{Name: "testseats", NewStats: newStats, Episodes: "games", SeatsCompete: true,
		MinPlayers: 2, MaxPlayers: 4})
	sim.RegisterGame(sim.Descriptor{Name: "testregistered", Title: "Registered", NewStats: newStats, Episodes: "matches",
		MinPlayers: 1, MaxPlayers: 2, Label: func(agent, strategies string) string {
			if strategies == "" {
				return agent
			}
			return agent + ":" + strategies
		}})
}

// seatsFile is a hand-made results file of testseats: the deductive agent against random ones at
// 2 and 3 players, 100 games each, the seats rotated; seat 1 plays first.
const seatsFile = `{"schema": "clockwork.results/v1", "game": "testseats", "tool_version": "v0.0.0-test",
 "config_fingerprint": "sha256:seats", "seed": 3, "shard": {"index": 0, "count": 1}, "partial": false,
 "round_cap": 0, "campaigns_requested": 100, "precision": 0,
 "groups": [
  {"players": 2, "agent": "deductive", "strategies": "", "params": {}, "games": 100, "wins": 70,
   "seats": ["deductive", "random"], "rotated": true, "seat_wins": [52, 43],
   "agent_wins": {"deductive": 70, "random": 25}, "no_winner": 5, "turns_hist": [0, 0, 10, 30, 60]},
  {"players": 3, "agent": "deductive", "strategies": "", "params": {}, "games": 100, "wins": 50,
   "seats": ["deductive", "random", "random"], "rotated": true, "seat_wins": [40, 30, 20],
   "agent_wins": {"deductive": 50, "random": 40}, "no_winner": 10, "turns_hist": [0, 0, 0, 20, 40, 40]}
 ]}`

// seatsResults reads seatsFile as the tool does.
func seatsResults(t testing.TB) *sim.Results {
	t.Helper()
	var res sim.Results
	if err := json.Unmarshal([]byte(seatsFile), &res); err != nil {
		t.Fatal(err)
	}
	return &res
}

// seatsSweep is seatsResults at 2 players along a swept value x = 1, 2, 3 (its win rate and
// seat 1's falling with x).
func seatsSweep(t testing.TB) *sim.Results {
	t.Helper()
	res := seatsResults(t)
	g := res.Groups[0]
	res.Groups = nil
	for x := 1; x <= 3; x++ {
		c := *g
		c.Params = map[string]string{"x": strconv.Itoa(x)}
		c.Wins, c.SeatWins = int64(80-10*x), []int64{int64(60 - 10*x), int64(35 + 10*x)}
		res.Groups = append(res.Groups, &c)
	}
	return res
}

// bareGroup is a group of only generic counts (no seats, no game counts).
func bareGroup(players int, agent, strategies string, n, wins int64, params map[string]string) *sim.Group {
	if params == nil {
		params = map[string]string{}
	}
	return &sim.Group{Players: players, Agent: agent, Strategies: strategies, Params: params, Episodes: n, Wins: wins}
}
