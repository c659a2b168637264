package sim_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/sim"
)

// diceGame is a tiny game whose seats compete, for the tests of the seam's seat counts: every
// seat rolls a d6, plus its agent's bonus; the highest roll wins, a tie is won by nobody. The
// first seat has an edge: it wins ties of two when it is one of them. Its only counts are the
// rolls made (diceStats).
type diceGame struct{}

type diceStats struct {
	Rolls int64 `json:"rolls"`
}

func init() {
	sim.RegisterGame(sim.Descriptor{Name: "testdice", NewStats: func() sim.Stats { return &diceStats{} }, Episodes: "games",
		SeatsCompete: true, MinPlayers: 2, MaxPlayers: 4})
}

func (diceGame) Name() string        { return "testdice" }
func (diceGame) Fingerprint() string { return "sha256:dice" }
func (diceGame) CheckPlayers(p int) error {
	if p < 2 || p > 4 {
		return fmt.Errorf("%d players: the game is for 2 to 4", p)
	}
	return nil
}
func (diceGame) NewStats(int) sim.Stats { return &diceStats{} }
func (diceGame) NewWorker(cfg *sim.Config) (sim.Worker, error) {
	return &diceWorker{cfg: cfg, rolls: make([]int64, len(cfg.Agents)*len(cfg.Players))}, nil
}

func (s *diceStats) Add(o sim.Stats) error { s.Rolls += o.(*diceStats).Rolls; return nil }
func (s *diceStats) EmptyLike() sim.Stats  { return &diceStats{} }
func (s *diceStats) Validate(c *sim.Checker, path string, g *sim.Group) {
	c.Equal(path+".rolls", s.Rolls, g.Campaigns*int64(g.Players), "games × players")
}

type diceWorker struct {
	cfg   *sim.Config
	rolls []int64
	st    chance.Stream
}

// bonus is an agent's bonus to its roll: "loaded" adds 2.
func bonus(agent string) int {
	if agent == "loaded" {
		return 2
	}
	return 0
}

func (w *diceWorker) Play(gi, lineup, players int, deal uint64, rot int) sim.Episode {
	w.st.Seed(chance.EpisodeSeed(w.cfg.Seed, deal), 0)
	var roll [sim.MaxSeats]int
	for s := range players {
		roll[s] = 1 + w.st.Intn(6) // the deal's dice fall on the seats, whoever sits there
	}
	l := w.cfg.Agents[lineup]
	best, winner := -1, sim.NoWinner
	for k := range players {
		s := sim.Seating(k, rot, players)
		r := roll[s] + bonus(l.SeatAgent(k))
		switch {
		case r > best:
			best, winner = r, s
		case r == best:
			winner = sim.NoWinner
		}
	}
	w.rolls[gi] += int64(players)
	judged := sim.Seating(0, rot, players)
	return sim.Episode{Outcome: sim.NewOutcome(winner == judged, 0, 0), Winner: winner, Turns: 1 + int(deal%3)}
}

func (w *diceWorker) Fold(gi int, into sim.Stats) error {
	into.(*diceStats).Rolls += w.rolls[gi]
	w.rolls[gi] = 0
	return nil
}

func diceConfig(rotate bool, seats ...string) sim.Config {
	return sim.Config{Game: diceGame{}, Players: []int{3}, Campaigns: 600, Seed: 5, Rotate: rotate, RoundCap: 1,
		Agents: []sim.Lineup{{Name: fmt.Sprint(seats), Label: fmt.Sprint(seats), Seats: seats, New: func() any { return nil }}}}
}

// The seat counts add up, survive a round trip through the results file and its validation,
// and do not depend on the worker count.
func TestSeatCountsRoundTrip(t *testing.T) {
	for _, workers := range []int{1, 2} {
		cfg := diceConfig(true, "loaded", "fair")
		cfg.Workers = workers
		res, err := sim.Run(context.Background(), cfg)
		require.NoError(t, err)
		g := res.Groups[0]
		assert.Equal(t, []string{"loaded", "fair", "fair"}, g.Seats, "the last agent fills the table")
		var won int64
		for _, n := range g.SeatWins {
			won += n
		}
		assert.Equal(t, g.Campaigns, won+g.NoWinner)
		assert.Equal(t, won, g.AgentWins["loaded"]+g.AgentWins["fair"])
		raw, err := json.MarshalIndent(res, "", "  ")
		require.NoError(t, err)
		assert.Contains(t, string(raw), `"game": "testdice"`)
		assert.Contains(t, string(raw), `"games": 600`)
		back, err := sim.ReadResults(raw, "r.json")
		require.NoError(t, err)
		again, err := json.MarshalIndent(back, "", "  ")
		require.NoError(t, err)
		assert.Equal(t, string(raw), string(again))
	}
}

// Rotating the seats plays every deal from every seat: each seat's dice are the same for every
// agent, so the loaded agent's edge shows in its wins, not in any seat's.
func TestRotationPairsSeats(t *testing.T) {
	res, err := sim.Run(context.Background(), diceConfig(true, "loaded", "fair"))
	require.NoError(t, err)
	g := res.Groups[0]
	for s, n := range g.SeatWins {
		assert.InDelta(t, float64(g.Campaigns-g.NoWinner)/3, float64(n), float64(g.Campaigns)/12, "seat %d", s)
	}
	assert.Greater(t, g.AgentWins["loaded"], g.AgentWins["fair"], "the loaded agent wins most, from every seat")
	assert.Equal(t, g.AgentWins["loaded"], g.Wins, "the judged agent is the first listed, wherever it sits")

	fixed, err := sim.Run(context.Background(), diceConfig(false, "loaded", "fair"))
	require.NoError(t, err)
	f := fixed.Groups[0]
	assert.Greater(t, f.SeatWins[0], f.SeatWins[1]+f.SeatWins[2], "without rotation the loaded agent's seat takes its wins")
}

// A results file whose seat counts do not add up is refused with the field.
func TestSeatCountsValidate(t *testing.T) {
	res, err := sim.Run(context.Background(), diceConfig(true, "loaded", "fair"))
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
	a, err := sim.Run(context.Background(), diceConfig(true, "loaded", "fair"))
	require.NoError(t, err)
	b, err := sim.Run(context.Background(), diceConfig(true, "loaded", "fair"))
	require.NoError(t, err)
	b.Game = "clockwork"
	_, err = sim.Merge([]*sim.Results{a, b}, []string{"a.json", "b.json"}, sim.MergeOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b.json: game: clockwork, but a.json has testdice")
}

// The outcomes file of a game other than Clockwork Realm names the game on every line; it reads
// back to the same bytes, and merge refuses to mix games.
func TestGameOutcomesFile(t *testing.T) {
	cfg := diceConfig(true, "loaded", "fair")
	cfg.Outcomes = true
	res, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, sim.WriteOutcomes(&b, res))
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	assert.Equal(t, sim.GameOutcomesHeader, lines[0])
	assert.Regexp(t, `^testdice,3,"?\[loaded fair\]"?,,0,[01]$`, lines[1])
	f, err := sim.ReadOutcomes(strings.NewReader(b.String()), "o.csv")
	require.NoError(t, err)
	assert.Equal(t, "testdice", f.Game)
	var again strings.Builder
	require.NoError(t, f.Write(&again))
	assert.Equal(t, b.String(), again.String())

	clockwork := &sim.OutcomeFile{}
	_, err = sim.MergeOutcomes([]*sim.OutcomeFile{f, clockwork}, []string{"a.csv", "b.csv"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b.csv is of clockwork, but a.csv of testdice")

	_, err = sim.ReadOutcomes(strings.NewReader(sim.GameOutcomesHeader+"\ntestdice,3,x,,0,1\nother,3,x,,1,1\n"), "o.csv")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `o.csv:3: game: "other", but the file's first line is of testdice`)
}
