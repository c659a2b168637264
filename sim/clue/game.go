// Package clue is CLUE: The Legend of Zelda's adapter to the simulator (imported as cluesim):
// it plays whole games for sim's workers, a seat per agent of the line-up (rotated when asked),
// counts them in fixed-size tallies that allocate nothing, and owns the game's counts in the
// results file (Stats).
package clue

import (
	"fmt"

	agents "github.com/clockworksim/clockwork/agents/clue"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
	"github.com/clockworksim/clockwork/sim"
)

// Name is the game's name in results files.
const Name = "clue"

func init() {
	sim.RegisterGame(sim.Descriptor{Name: Name, Title: "CLUE: The Legend of Zelda", Episodes: "games", SeatsCompete: true,
		MinPlayers: rules.MinPlayers, MaxPlayers: rules.MaxPlayers, NewStats: func() sim.Stats { return &Stats{} }})
}

// Game is CLUE on one data set, for sim.Config.Game.
type Game struct {
	Data *rules.Data
	// Knowledge follows what every seat could know, with an exact notebook of its log
	// (agents.Observer) after every event, to count when the envelope could first be known
	// (Stats.Knowledge). It costs about a deductive agent per seat: off by default.
	Knowledge bool
}

// New returns the game on data d.
func New(d *rules.Data) *Game { return &Game{Data: d} }

// Name returns "clue".
func (g *Game) Name() string { return Name }

// Fingerprint returns the data's fingerprint.
func (g *Game) Fingerprint() string { return g.Data.Fingerprint }

// CheckPlayers accepts 2 to 6 players.
func (g *Game) CheckPlayers(p int) error {
	return sim.CheckPlayers(p, rules.MinPlayers, rules.MaxPlayers)
}

// NewStats returns the empty counts of a group.
func (g *Game) NewStats(players int) sim.Stats { return newStats(g.Data, players) }

// Lineup returns the line-up of an agent per seat (the last filling a larger table), each a
// registered CLUE agent, labelled by the seats joined with commas.
func Lineup(seats []string) (sim.Lineup, error) {
	return sim.SeatLineup(seats, agents.New, rules.MaxPlayers)
}

// NewWorker returns a worker with one game arena, one table of agents per line-up and one
// tally per group.
func (g *Game) NewWorker(cfg *sim.Config) (sim.Worker, error) {
	lineups, err := sim.SeatAgents[agents.Agent](cfg, "CLUE")
	if err != nil {
		return nil, err
	}
	w := &worker{data: g.Data, seed: cfg.Seed, lineups: lineups, table: agents.NewTable(), tallies: make([]tally, len(cfg.Players)*len(cfg.Agents))}
	if g.Knowledge {
		w.know = &knowSink{w: w}
		for s := range w.know.obs {
			w.know.obs[s] = agents.NewObserver()
		}
	}
	return w, nil
}

// knowSink follows every seat's knowledge: after every event of the game, each seat's observer
// reads its new log entries.
type knowSink struct {
	w       *worker
	players int
	obs     [rules.MaxPlayers]*agents.Observer
}

// Emit syncs every seat's observer with its view.
func (k *knowSink) Emit(*rules.Event) {
	for s := range k.players {
		v := k.w.game.View(s)
		k.obs[s].Sync(&v)
	}
}

// start resets the observers for a new game of players.
func (k *knowSink) start(d *rules.Data, players int) {
	k.players = players
	for s := range players {
		k.obs[s].Reset(d, players, s)
	}
}

// worker owns one game, the agents of every line-up, a table to seat them and a tally per group.
type worker struct {
	data    *rules.Data
	seed    uint64
	game    rules.Game
	lineups [][]agents.Agent
	table   *agents.Table
	know    *knowSink // nil unless Game.Knowledge
	tallies []tally
}

// Play plays deal deal of group gi with line-up li, its agent k at seat Seating(k, rot), and
// counts it.
func (w *worker) Play(gi, li, players int, deal uint64, rot int) sim.Episode {
	seed := chance.EpisodeSeed(w.seed, deal)
	if w.know != nil {
		w.game.SetSink(nil) // the observers start after the deal
	}
	w.game.Reset(w.data, players, seed, deal)
	if w.know != nil {
		w.know.start(w.data, players)
		w.game.SetSink(w.know)
	}
	sim.Seat(w.table.Seats[:], w.lineups[li], rot, players)
	_ = w.table.Play(&w.game, seed) // the unchecked path cannot fail
	w.tallies[gi].add(&w.game)
	if w.know != nil {
		w.tallies[gi].addKnowledge(&w.game, &w.know.obs)
	}
	return sim.SeatEpisode(w.game.Winner(), rot, players, w.game.Turn())
}

// Fold adds the tally of group gi into into and clears it.
func (w *worker) Fold(gi int, into sim.Stats) error {
	s, ok := into.(*Stats)
	if !ok {
		return fmt.Errorf("the group is not of CLUE")
	}
	w.tallies[gi].put(s, w.data)
	w.tallies[gi] = tally{}
	return nil
}
