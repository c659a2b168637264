package sim_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	pigsim "github.com/clockworksim/clockwork/sim/pig"
)

// seatConfig is a run of Pig at players players, one line-up of the seats given.
func seatConfig(t *testing.T, players int, rotate bool, seats ...string) sim.Config {
	return sim.Config{Game: testConfig(t).Game, Players: []int{players}, Episodes: 600, Seed: 5, Rotate: rotate,
		Agents: []sim.Lineup{lineup(t, seats...)}}
}

// The seat counts add up, survive a round trip through the results file and its validation,
// and do not depend on the worker count.
func TestSeatCountsRoundTrip(t *testing.T) {
	for _, workers := range []int{1, 2} {
		cfg := seatConfig(t, 3, true, "hold", "random")
		cfg.Workers = workers
		res, err := sim.Run(context.Background(), cfg)
		require.NoError(t, err)
		g := res.Groups[0]
		assert.Equal(t, []string{"hold", "random", "random"}, g.Seats, "the last agent fills the table")
		var won int64
		for _, n := range g.SeatWins {
			won += n
		}
		assert.Equal(t, g.Episodes, won+g.NoWinner)
		assert.Equal(t, won, g.AgentWins["hold"]+g.AgentWins["random"])
		raw, err := json.MarshalIndent(res, "", "  ")
		require.NoError(t, err)
		assert.Contains(t, string(raw), `"game": "pig"`)
		assert.Contains(t, string(raw), `"games": 600`)
		back, err := sim.ReadResults(raw, "r.json")
		require.NoError(t, err)
		again, err := json.MarshalIndent(back, "", "  ")
		require.NoError(t, err)
		assert.Equal(t, string(raw), string(again))
	}
}

// Rotating the seats plays every deal from every seat: at two players the line-ups (hold,
// random) and (random, hold) play the same seatings of every deal, so their seats' wins, the
// agents' wins and the games' counts are the same, and the hold agent's edge shows in its wins,
// from every seat, whichever position it is listed in.
func TestRotationPairsSeats(t *testing.T) {
	res, err := sim.Run(context.Background(), seatConfig(t, 2, true, "hold", "random"))
	require.NoError(t, err)
	g := res.Groups[0]
	swapped, err := sim.Run(context.Background(), seatConfig(t, 2, true, "random", "hold"))
	require.NoError(t, err)
	s := swapped.Groups[0]
	assert.Equal(t, g.SeatWins, s.SeatWins)
	assert.Equal(t, g.AgentWins, s.AgentWins)
	assert.Equal(t, g.TurnsHist, s.TurnsHist)
	assert.Equal(t, pigsim.Of(g), pigsim.Of(s))
	assert.Greater(t, g.AgentWins["hold"], 2*g.AgentWins["random"], "the hold agent wins most, from every seat")
	assert.Equal(t, g.AgentWins["hold"], g.Wins, "the judged agent is the first listed, wherever it sits")
	assert.Equal(t, s.AgentWins["random"], s.Wins)

	fixed, err := sim.Run(context.Background(), seatConfig(t, 3, false, "hold", "random"))
	require.NoError(t, err)
	f := fixed.Groups[0]
	assert.Greater(t, f.SeatWins[0], f.SeatWins[1]+f.SeatWins[2], "without rotation the hold agent's seat takes its wins")
}

// A results file whose seat counts do not add up is refused with the field.
func TestSeatCountsValidate(t *testing.T) {
	res, err := sim.Run(context.Background(), seatConfig(t, 3, true, "hold", "random"))
	require.NoError(t, err)
	res.Groups[0].SeatWins[1]++
	raw, err := json.Marshal(res)
	require.NoError(t, err)
	_, err = sim.ReadResults(raw, "r.json")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "r.json: groups[0].seat_wins: ")
	assert.Contains(t, err.Error(), "r.json: groups[0].agent_wins: ")
}

// merge refuses files of different games, naming the field.
func TestMergeRefusesAnotherGame(t *testing.T) {
	a, err := sim.Run(context.Background(), seatConfig(t, 3, true, "hold", "random"))
	require.NoError(t, err)
	b, err := sim.Run(context.Background(), seatConfig(t, 3, true, "hold", "random"))
	require.NoError(t, err)
	b.Game = "clockwork"
	_, err = sim.Merge([]*sim.Results{a, b}, []string{"a.json", "b.json"}, sim.MergeOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b.json: game: clockwork, but a.json has pig")
}

// The outcomes file of a game other than Clockwork Realm names the game on every line; it reads
// back to the same bytes, and merge refuses to mix games.
func TestGameOutcomesFile(t *testing.T) {
	cfg := seatConfig(t, 3, true, "hold", "random")
	cfg.Outcomes = true
	res, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, sim.WriteOutcomes(&b, res))
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	assert.Equal(t, sim.OutcomesHeader, lines[0])
	assert.Regexp(t, `^pig,3,"hold,random",,0,[01]$`, lines[1])
	f, err := sim.ReadOutcomes(strings.NewReader(b.String()), "o.csv")
	require.NoError(t, err)
	assert.Equal(t, "pig", f.Game)
	var again strings.Builder
	require.NoError(t, f.Write(&again))
	assert.Equal(t, b.String(), again.String())

	clockwork := &sim.OutcomeFile{}
	_, err = sim.MergeOutcomes([]*sim.OutcomeFile{f, clockwork}, []string{"a.csv", "b.csv"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b.csv is of clockwork, but a.csv of pig")
}
