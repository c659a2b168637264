package main

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	agents "github.com/clockworksim/clockwork/agents/duels"
	"github.com/clockworksim/clockwork/configs/datafile"
	configs "github.com/clockworksim/clockwork/configs/duels"
	rules "github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// duelsRules is Zelda Duels on the command line (clockwork duels COMMAND). A game of the
// simulator is one match-up: --teams (a team per position, the last filling the table) on --map;
// the matrix command plays every match-up on every map.
type duelsRules struct{}

var _ seatRules = duelsRules{}

func (duelsRules) gameName() string { return duelssim.Name }

func (duelsRules) flagDefaults() seatDefaults {
	return seatDefaults{defaultPlayers: "2", defaultGames: 2000, defaultAgent: "tactical", setEx: "rules.heart_heal=1"}
}

func (duelsRules) defaultData() (fs.FS, string, []string) {
	return configs.Default(), configs.DefaultLabel, configs.Sections
}

func (duelsRules) patchFiles(dir string, p *datafile.Patch) (map[string][]byte, error) {
	return configs.PatchFiles(dir, p)
}

func (duelsRules) loadDir(dir string, sets []string) (loadedGame, error) {
	l, err := configs.LoadDir(dir, sets)
	if err != nil {
		return nil, err
	}
	return duelsLoaded{l}, nil
}

func (duelsRules) describeAgents() []string { return agents.Describe() }

func (duelsRules) isAgent(name string) error { _, err := agents.New(name); return err }

func (duelsRules) lineup(seats []string) (sim.Lineup, error) { return duelssim.Lineup(seats) }

func (duelsRules) extraFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "teams", Value: "link,ganon", Usage: "the match-up: a team per position, `LIST` (the last fills the table); see clockwork duels data teams"},
		&cli.StringFlag{Name: "map", Value: "triforce_chamber", Usage: "the `MAP` played on; see clockwork duels data maps"},
	}
}

func (duelsRules) configure(c *cli.Context, cfg *sim.Config) error { return configureMatchup(c, cfg) }

func (duelsRules) ownCommands(g *seatGame) []*cli.Command {
	return []*cli.Command{matrixCommand(g)}
}

func (duelsRules) matrixFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "matrix", Usage: "play the whole match-up matrix, as `clockwork duels matrix` does: every pair of --teams (all when not given; mirrors included) on every one of --maps, two players, the seats rotated"},
		&cli.StringFlag{Name: "maps", Value: "all", Usage: "with --matrix: the maps of the matrix, `LIST` or all"},
	}
}

// configureMatchup makes cfg's game the match-up of --teams on --map, named in the groups'
// params (map, teams), and caps a game's length at the data's turn cap.
func configureMatchup(c *cli.Context, cfg *sim.Config) error {
	d := cfg.Game.(*duelssim.Game).Data
	game, err := duelssim.New(d, splitList(c.String("teams")), c.String("map"))
	if err != nil {
		return fmt.Errorf("--teams/--map: %v", err)
	}
	if err := fitsTable("--teams", splitList(c.String("teams")), "teams", slices.Min(cfg.Players)); err != nil {
		return err
	}
	cfg.Game, cfg.TurnCap = game, d.Rules.TurnCap
	if cfg.Params == nil {
		cfg.Params = map[string]string{}
	}
	cfg.Params["map"], cfg.Params["teams"] = c.String("map"), strings.Join(splitList(c.String("teams")), ",")
	return nil
}

// duelsLoaded is Zelda Duels' loaded data.
type duelsLoaded struct{ l *configs.Loaded }

func (d duelsLoaded) simGame() sim.Game {
	return &duelssim.Game{Data: d.l.Data, Teams: []rules.TeamID{0}, Map: 0} // the flags choose the match-up
}

func (d duelsLoaded) describe(w io.Writer, section string, asJSON bool) error {
	if asJSON {
		return configs.DescribeJSON(w, d.l, section)
	}
	return configs.Describe(w, d.l, section)
}

func (d duelsLoaded) document() any { return d.l.Doc }

func (d duelsLoaded) summary() string {
	x := d.l.Data
	return fmt.Sprintf("%d teams, %d cards, %d maps, %d die faces, turn cap %d", len(x.Teams), len(x.Cards), len(x.Maps), len(x.Faces), x.Rules.TurnCap)
}

// replay plays deal idx of a run with seed as `clockwork duels run` does (the same match-up,
// seats and rotation) on the engine's checked path, with the story or the event log as its sink.
func (duelsRules) replay(c *cli.Context, lg loadedGame, seats []string, players int, seed, idx uint64, w io.Writer) error {
	d := lg.(duelsLoaded).l.Data
	mu, err := duelssim.New(d, splitList(c.String("teams")), c.String("map"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("--teams/--map: %v", err), exitBadInput)
	}
	if err := fitsTable("--teams", splitList(c.String("teams")), "teams", players); err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	var g rules.Game
	return replayOn(c, agents.NewTable(), &g, agents.New, seats, players, seed, idx, func(names []string, gameSeed uint64) func() error {
		var errOf func() error
		if c.Bool("json") {
			s := rules.NewJSONSink(w, names)
			g.SetSink(s)
			errOf = s.Err
		} else {
			s := rules.NewStorySink(w, c.Bool("board"))
			g.SetSink(s)
			errOf = s.Err
		}
		g.Reset(d, mu.Setup(players, c.Int("rotation")), gameSeed, idx)
		return errOf
	})
}
