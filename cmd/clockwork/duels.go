package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	agents "github.com/clockworksim/clockwork/agents/duels"
	configs "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// duelsGame is Zelda Duels on the command line (clockwork duels COMMAND). A game of the
// simulator is one match-up: --teams (a team per position, the last filling the table) on --map;
// the matrix command plays every match-up on every map.
func duelsGame() *seatGame {
	return &seatGame{
		name: "duels", title: "Zelda Duels", minP: rules.MinPlayers, maxP: rules.MaxPlayers,
		defaultPlayers: "2", defaultGames: 2000, defaultAgent: "tactical", setEx: "rules.heart_heal=1",
		defaults: configs.Default(), defaultLabel: configs.DefaultLabel, sections: configs.Sections,
		loadFn:  loaderOf(configs.LoadDir, func(l *configs.Loaded) loadedGame { return duelsLoaded{l} }),
		agents:  agents.Describe,
		isAgent: agentCheck(agents.New),
		lineup:  duelssim.Lineup,
		extraFlags: func() []cli.Flag {
			return []cli.Flag{
				&cli.StringFlag{Name: "teams", Value: "link,ganon", Usage: "the match-up: a team per position, `LIST` (the last fills the table); see clockwork duels data teams"},
				&cli.StringFlag{Name: "map", Value: "triforce_chamber", Usage: "the `MAP` played on; see clockwork duels data maps"},
			}
		},
		configure: configureMatchup,
		commands:  func(g *seatGame) []*cli.Command { return []*cli.Command{matrixCommand(g)} },
		replay:    replayDuels,
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
	cfg.Game, cfg.RoundCap = game, d.Rules.TurnCap
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

// replayDuels plays deal idx of a run with seed as `clockwork duels run` does (the same
// match-up, seats and rotation) on the engine's checked path, with the story or the event log as
// its sink.
func replayDuels(c *cli.Context, lg loadedGame, seats []string, players int, seed, idx uint64, w io.Writer) error {
	d := lg.(duelsLoaded).l.Data
	mu, err := duelssim.New(d, splitList(c.String("teams")), c.String("map"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("--teams/--map: %v", err), exitBadInput)
	}
	rot := c.Int("rotation")
	t := agents.NewTable()
	t.Checked = true
	names, err := seatAgents(seats, players, rot, agents.New, func(s int, a agents.Agent) { t.Seats[s] = a })
	if err != nil {
		return err
	}
	var g rules.Game
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
	gameSeed := chance.EpisodeSeed(seed, idx)
	g.Reset(d, mu.Setup(players, rot), gameSeed, idx)
	if err := t.Play(&g, gameSeed); err != nil {
		return fmt.Errorf("game %d: %w", idx, err)
	}
	return errOf()
}
