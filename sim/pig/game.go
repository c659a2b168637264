// Package pig is Pig's adapter to the simulator (imported as pigsim): it plays whole games for
// sim's workers, a seat per agent of the line-up (rotated when asked), counts them in fixed-size
// tallies that allocate nothing, and owns the game's counts in the results file (Stats).
//
// Pig is not a shipped game (the CLI and the reports do not know it): it is the worked example
// of docs/games.md and the game the simulator core's own tests play. Its episodes' Outcomes use
// every field: won (the judged agent, the line-up's first), part k+1 when the line-up's position
// k won, and the judged seat's final score.
package pig

import (
	"fmt"

	agents "github.com/clockworksim/clockwork/agents/pig"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/pig"
	"github.com/clockworksim/clockwork/sim"
)

// Name is the game's name in results files.
const Name = "pig"

func init() {
	sim.RegisterGame(sim.Descriptor{Name: Name, Title: "Pig", Episodes: "games", SeatsCompete: true,
		MinPlayers: rules.MinPlayers, MaxPlayers: rules.MaxPlayers, NewStats: func() sim.Stats { return &Stats{} }})
}

// Game is Pig on one data set, for sim.Config.Game.
type Game struct {
	Data *rules.Data
}

// New returns the game on data d.
func New(d *rules.Data) *Game { return &Game{Data: d} }

// Name returns "pig".
func (g *Game) Name() string { return Name }

// Fingerprint returns the data's fingerprint.
func (g *Game) Fingerprint() string { return g.Data.Fingerprint }

// CheckPlayers accepts 2 to 4 players.
func (g *Game) CheckPlayers(p int) error {
	return sim.CheckPlayers(p, rules.MinPlayers, rules.MaxPlayers)
}

// NewStats returns the empty counts of a group.
func (g *Game) NewStats(int) sim.Stats { return &Stats{} }

// Lineup returns the line-up of an agent per seat (the last filling a larger table), each a
// registered Pig agent, labelled by the seats joined with commas.
func Lineup(seats []string) (sim.Lineup, error) {
	return sim.SeatLineup(seats, agents.New, rules.MaxPlayers)
}

// NewWorker returns a worker with one game arena, the agents of every line-up, a table and a
// tally per group.
func (g *Game) NewWorker(cfg *sim.Config) (sim.Worker, error) {
	lineups, err := sim.SeatAgents[agents.Agent](cfg, "Pig")
	if err != nil {
		return nil, err
	}
	return &worker{data: g.Data, seed: cfg.Seed, lineups: lineups, table: agents.NewTable(), tallies: make([]tally, len(cfg.Players)*len(cfg.Agents))}, nil
}

// worker owns one game, the agents of every line-up, a table to seat them and a tally per group.
type worker struct {
	data    *rules.Data
	seed    uint64
	game    rules.Game
	lineups [][]agents.Agent
	table   *agents.Table
	tallies []tally
}

// Play plays deal deal of group gi with line-up li, its agent k at seat Seating(k, rot), and
// counts it.
func (w *worker) Play(gi, li, players int, deal uint64, rot int) sim.Episode {
	seed := chance.EpisodeSeed(w.seed, deal)
	w.game.Reset(w.data, players, seed, deal)
	sim.Seat(w.table.Seats[:], w.lineups[li], rot, players)
	_ = w.table.Play(&w.game, seed) // the unchecked path cannot fail
	w.tallies[gi].rolls += int64(w.game.Rolls())
	w.tallies[gi].busts += int64(w.game.Busts())
	winner, judged := w.game.Winner(), sim.Seating(0, rot, players)
	var parts uint8
	if winner >= 0 {
		parts = 1 << ((winner - rot + players) % players) // the position seated at the winning seat
	}
	return sim.Episode{Outcome: sim.NewOutcome(winner == judged, parts, w.game.Score(judged)), Winner: winner, Turns: w.game.Turn()}
}

// Fold adds the tally of group gi into into and clears it.
func (w *worker) Fold(gi int, into sim.Stats) error {
	s, ok := into.(*Stats)
	if !ok {
		return fmt.Errorf("the group is not of Pig")
	}
	s.Rolls += w.tallies[gi].rolls
	s.Busts += w.tallies[gi].busts
	w.tallies[gi] = tally{}
	return nil
}

// tally is a worker's counts of one group since the last fold.
type tally struct{ rolls, busts int64 }
