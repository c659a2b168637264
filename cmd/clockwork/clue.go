package main

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/urfave/cli/v2"

	agents "github.com/clockworksim/clockwork/agents/clue"
	configs "github.com/clockworksim/clockwork/configs/clue"
	"github.com/clockworksim/clockwork/configs/datafile"
	rules "github.com/clockworksim/clockwork/rules/clue"
	"github.com/clockworksim/clockwork/sim"
	cluesim "github.com/clockworksim/clockwork/sim/clue"
)

// clueRules is CLUE: The Legend of Zelda on the command line (clockwork clue COMMAND).
type clueRules struct{}

var _ seatRules = clueRules{}

func (clueRules) gameName() string { return cluesim.Name }

func (clueRules) flagDefaults() seatDefaults {
	return seatDefaults{defaultPlayers: "3,4,6", defaultGames: 4000, defaultAgent: "deductive", setEx: "rules.ganondorf_cards=6"}
}

func (clueRules) defaultData() (fs.FS, string, []string) {
	return configs.Default(), configs.DefaultLabel, configs.Sections
}

func (clueRules) patchFiles(dir string, p *datafile.Patch) (map[string][]byte, error) {
	return configs.PatchFiles(dir, p)
}

func (clueRules) loadDir(dir string, sets []string) (loadedGame, error) {
	l, err := configs.LoadDir(dir, sets)
	if err != nil {
		return nil, err
	}
	return clueLoaded{l}, nil
}

func (clueRules) describeAgents() []string { return agents.Describe() }

func (clueRules) isAgent(name string) error { _, err := agents.New(name); return err }

func (clueRules) lineup(seats []string) (sim.Lineup, error) { return cluesim.Lineup(seats) }

func (clueRules) extraFlags() []cli.Flag {
	return []cli.Flag{&cli.BoolFlag{Name: "knowledge", Usage: "also follow what every seat could know (an exact notebook of its log): when the envelope could first be known, and how many turns the winner took from knowing to winning (about a deductive agent's cost per seat)"}}
}

func (clueRules) configure(c *cli.Context, cfg *sim.Config) error {
	g := cfg.Game.(*cluesim.Game)
	g.Knowledge = c.Bool("knowledge")
	cfg.TurnCap = g.Data.Rules.TurnCap // the results file's cap on a game's length
	return nil
}

func (clueRules) ownCommands(*seatGame) []*cli.Command { return nil }

func (clueRules) matrixFlags() []cli.Flag { return nil }

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

// replay plays deal idx of a run with seed as `clockwork clue run` does (the same seats in the
// same rotation) on the engine's checked path, with the story or the event log as its sink.
func (clueRules) replay(c *cli.Context, lg loadedGame, seats []string, players int, seed, idx uint64, w io.Writer) error {
	d := lg.(clueLoaded).l.Data
	var g rules.Game
	return replayOn(c, agents.NewTable(), &g, agents.New, seats, players, seed, idx, func(names []string, gameSeed uint64) func() error {
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
		g.Reset(d, players, gameSeed, idx)
		return errOf
	})
}
