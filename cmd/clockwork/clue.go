package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	agents "github.com/clockworksim/clockwork/agents/clue"
	configs "github.com/clockworksim/clockwork/configs/clue"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// clueGame is CLUE: The Legend of Zelda on the command line (clockwork clue COMMAND).
func clueGame() *seatGame {
	return &seatGame{
		name: "clue", title: "CLUE: The Legend of Zelda", minP: rules.MinPlayers, maxP: rules.MaxPlayers,
		defaultPlayers: "3,4,6", defaultGames: 4000, defaultAgent: "deductive", setEx: "rules.ganondorf_cards=6",
		defaults: configs.Default(), defaultLabel: configs.DefaultLabel, sections: configs.Sections,
		loadFn:  loaderOf(configs.LoadDir, func(l *configs.Loaded) loadedGame { return clueLoaded{l} }),
		agents:  agents.Describe,
		isAgent: agentCheck(agents.New),
		lineup:  cluesim.Lineup,
		extraFlags: func() []cli.Flag {
			return []cli.Flag{&cli.BoolFlag{Name: "knowledge", Usage: "also follow what every seat could know (an exact notebook of its log): when the envelope could first be known, and how many turns the winner took from knowing to winning (about a deductive agent's cost per seat)"}}
		},
		configure: func(c *cli.Context, cfg *sim.Config) error {
			g := cfg.Game.(*cluesim.Game)
			g.Knowledge = c.Bool("knowledge")
			cfg.RoundCap = g.Data.Rules.TurnCap // the results file's cap on a game's length
			return nil
		},
		replay: replayClue,
	}
}

// clueLoaded is CLUE's loaded data.
type clueLoaded struct{ l *configs.Loaded }

func (c clueLoaded) simGame() sim.Game { return cluesim.New(c.l.Data) }

func (c clueLoaded) describe(w io.Writer, section string, asJSON bool) error {
	if asJSON {
		return configs.DescribeJSON(w, c.l, section)
	}
	return configs.Describe(w, c.l, section)
}

func (c clueLoaded) document() any { return c.l.Doc }

func (c clueLoaded) summary() string {
	d := c.l.Data
	return fmt.Sprintf("%d heroes, %d items, %d locations, %d Bosses, board %d x %d, turn cap %d",
		len(d.Heroes), len(d.Items), len(d.Locations), d.BossN, d.Board.Rows, d.Board.Cols, d.Rules.TurnCap)
}

// replayClue plays deal idx of a run with seed as `clockwork clue run` does (the same seats in
// the same rotation) on the engine's checked path, with the story or the event log as its sink.
func replayClue(c *cli.Context, lg loadedGame, seats []string, players int, seed, idx uint64, w io.Writer) error {
	d := lg.(clueLoaded).l.Data
	var g rules.Game
	t := agents.NewTable()
	t.Checked = true
	names, err := seatAgents(seats, players, c.Int("rotation"), agents.New, func(s int, a agents.Agent) { t.Seats[s] = a })
	if err != nil {
		return err
	}
	var errOf func() error
	if c.Bool("json") {
		s := rules.NewJSONSink(w, names)
		g.SetSink(s)
		errOf = s.Err
	} else {
		s := rules.NewStorySink(w, names)
		g.SetSink(s)
		errOf = s.Err
	}
	gameSeed := chance.EpisodeSeed(seed, idx)
	g.Reset(d, players, gameSeed, idx)
	if err := t.Play(&g, gameSeed); err != nil {
		return fmt.Errorf("game %d: %w", idx, err)
	}
	return errOf()
}
