// Package duels is Zelda Duels' adapter to the simulator (imported as duelssim): it plays whole
// games of one match-up (the teams of the line-up's positions, one map) for sim's workers, an
// agent and a team per position of the line-up (rotated with their seat when asked, so that the
// first-player roll falls to each side on the same deals), counts them in fixed-size tallies that
// allocate nothing, and owns the game's counts in the results file (Stats).
package duels

import (
	"fmt"
	"strings"

	agents "github.com/clockworksim/clockwork/agents/duels"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/sim"
)

// Name is the game's name in results files.
const Name = "duels"

func init() {
	sim.RegisterGame(sim.Descriptor{Name: Name, Title: "Zelda Duels", Episodes: "games", SeatsCompete: true,
		MinPlayers: rules.MinPlayers, MaxPlayers: rules.MaxPlayers, NewStats: func() sim.Stats { return &Stats{} }})
}

// Game is Zelda Duels on one data set and one match-up: Teams[k] is the team of the line-up's
// position k (the last filling a larger table), played on Map.
type Game struct {
	Data  *rules.Data
	Teams []rules.TeamID
	Map   rules.MapID
}

// New returns the match-up of the teams (data ids, one per position, the last filling a larger
// table) on the map (a data id) of data d.
func New(d *rules.Data, teams []string, mapID string) (*Game, error) {
	g := &Game{Data: d}
	for _, t := range teams {
		id, ok := teamID(d, t)
		if !ok {
			return nil, fmt.Errorf("%q is not a team (expected one of: %s)", t, strings.Join(TeamIDs(d), ", "))
		}
		g.Teams = append(g.Teams, id)
	}
	if len(g.Teams) == 0 {
		return nil, fmt.Errorf("no team")
	}
	for i := range d.Maps {
		if d.Maps[i].ID == mapID {
			g.Map = rules.MapID(i)
			return g, nil
		}
	}
	return nil, fmt.Errorf("%q is not a map (expected one of: %s)", mapID, strings.Join(MapIDs(d), ", "))
}

// TeamIDs lists the data's team ids, MapIDs its map ids.
func TeamIDs(d *rules.Data) []string {
	var out []string
	for _, t := range d.Teams {
		out = append(out, t.ID)
	}
	return out
}

// MapIDs lists the data's map ids.
func MapIDs(d *rules.Data) []string {
	var out []string
	for _, m := range d.Maps {
		out = append(out, m.ID)
	}
	return out
}

func teamID(d *rules.Data, id string) (rules.TeamID, bool) {
	for i, t := range d.Teams {
		if t.ID == id {
			return rules.TeamID(i), true
		}
	}
	return 0, false
}

// Setup returns the engine's line-up at players players in rotation rot: position k's team at
// seat Seating(k, rot).
func (g *Game) Setup(players, rot int) rules.Setup {
	s := rules.Setup{Players: players, Map: g.Map}
	for k := range players {
		s.Teams[sim.Seating(k, rot, players)] = g.Teams[min(k, len(g.Teams)-1)]
	}
	return s
}

// Name returns "duels".
func (g *Game) Name() string { return Name }

// Fingerprint returns the data's fingerprint.
func (g *Game) Fingerprint() string { return g.Data.Fingerprint }

// CheckPlayers accepts 2 to 4 players.
func (g *Game) CheckPlayers(p int) error {
	return sim.CheckPlayers(p, rules.MinPlayers, rules.MaxPlayers)
}

// NewStats returns the empty counts of a group: every team and card of the data at zero.
func (g *Game) NewStats(players int) sim.Stats { return newStats(g.Data, players) }

// Lineup returns the line-up of an agent per position (the last filling a larger table), each a
// registered Duels agent, labelled by the agents joined with commas.
func Lineup(seats []string) (sim.Lineup, error) {
	return sim.SeatLineup(seats, agents.New, rules.MaxPlayers)
}

// NewWorker returns a worker with one game arena, the agents of every line-up, a table and a
// tally per group.
func (g *Game) NewWorker(cfg *sim.Config) (sim.Worker, error) {
	lineups, err := sim.SeatAgents[agents.Agent](cfg, "Duels")
	if err != nil {
		return nil, err
	}
	return &worker{g: g, seed: cfg.Seed, lineups: lineups, table: agents.NewTable(), tallies: make([]tally, len(cfg.Players)*len(cfg.Agents))}, nil
}

// worker owns one game, the agents of every line-up, a table to seat them and a tally per group.
type worker struct {
	g       *Game
	seed    uint64
	game    rules.Game
	lineups [][]agents.Agent
	table   *agents.Table
	tallies []tally
}

// Play plays deal deal of group gi with line-up li, its position k (agent and team) at seat
// Seating(k, rot), and counts it.
func (w *worker) Play(gi, li, players int, deal uint64, rot int) sim.Episode {
	seed := chance.EpisodeSeed(w.seed, deal)
	w.game.Reset(w.g.Data, w.g.Setup(players, rot), seed, deal)
	sim.Seat(w.table.Seats[:], w.lineups[li], rot, players)
	_ = w.table.Play(&w.game, seed) // the unchecked path cannot fail
	w.tallies[gi].add(&w.game)
	return sim.SeatEpisode(w.game.Winner(), rot, players, w.game.Turn())
}

// Fold adds the tally of group gi into into and clears it.
func (w *worker) Fold(gi int, into sim.Stats) error {
	s, ok := into.(*Stats)
	if !ok {
		return fmt.Errorf("the group is not of Zelda Duels")
	}
	w.tallies[gi].put(s, w.g.Data)
	w.tallies[gi] = tally{}
	return nil
}
