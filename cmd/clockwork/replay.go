package main

import (
	"bufio"
	"fmt"

	"github.com/urfave/cli/v2"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:  "replay",
		Usage: "replay a campaign of a run and tell its story (or print its event log)",
		Description: "Plays exactly the campaign that `clockwork run` plays for --seed and --campaign (same\n" +
			"data, --set, agent and strategies) and tells it: rooms explored, fights, payments,\n" +
			"damage, special rooms, the boss. With --json it prints the event log (JSON Lines,\n" +
			"docs/events.md). --campaigns N replays N consecutive campaigns into one log.\n\n" +
			"Examples:\n" +
			"  clockwork replay --seed 1 --campaign 17 --players 3\n" +
			"  clockwork replay --seed 1 --campaign 17 --players 3 --board   # with the dungeon each round\n" +
			"  clockwork replay --seed 1 --campaign 0 --campaigns 10 --json > log.jsonl",
		Flags: append(dataFlags(),
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the run's seed"},
			&cli.IntFlag{Name: "campaign", Usage: "the campaign index `I` in the run"},
			&cli.IntFlag{Name: "campaigns", Value: 1, Usage: "how many consecutive campaigns to replay"},
			&cli.IntFlag{Name: "players", Value: 3, Usage: "player count (2-4)"},
			&cli.StringFlag{Name: "agent", Value: "planner", Usage: "the agent that plays"},
			&cli.StringSliceFlag{Name: "strategy", Usage: "a strategy choice `NAME=CHOICE` (repeatable)"},
			&cli.IntFlag{Name: "round-cap", Value: sim.DefaultTurnCap, Usage: "the run's round cap"},
			&cli.BoolFlag{Name: "json", Usage: "print the event log as JSON Lines"},
			&cli.BoolFlag{Name: "board", Usage: "draw the dungeon as the heroes see it at the start of every round"},
		),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("clockwork replay: takes no arguments", exitBadInput)
			}
			players := c.Int("players")
			if players < rules.MinPlayers || players > rules.MaxPlayers {
				return cli.Exit(fmt.Sprintf("clockwork replay: --players %d: must be 2, 3 or 4", players), exitBadInput)
			}
			if c.Int("campaign") < 0 || c.Int("campaigns") < 1 || c.Int("round-cap") < 1 {
				return cli.Exit("clockwork replay: --campaign must be 0 or more, --campaigns and --round-cap at least 1", exitBadInput)
			}
			set := strategies.Defaults()
			for _, s := range c.StringSlice("strategy") {
				if err := set.Parse(s); err != nil {
					return cli.Exit("clockwork replay: "+err.Error(), exitBadInput)
				}
			}
			agent, err := agents.New(c.String("agent"), set)
			if err != nil {
				return cli.Exit("clockwork replay: --agent: "+err.Error(), exitBadInput)
			}
			l, err := loadData(c)
			if err != nil {
				return err
			}
			w := bufio.NewWriter(c.App.Writer)
			defer w.Flush()
			var g rules.Game
			var sinkErr func() error
			if c.Bool("json") {
				s := &cwsim.JSONSink{W: w, Data: l.Data, Agent: agent.Name()}
				g.SetSink(s)
				sinkErr = func() error { return s.Err }
			} else {
				s := &cwsim.StorySink{W: w, Data: l.Data, Agent: agent.Name()}
				if c.Bool("board") {
					s.Board = func() rules.View { return g.View(0) }
				}
				g.SetSink(s)
				sinkErr = func() error { return s.Err }
			}
			var buf []rules.Action
			for i := 0; i < c.Int("campaigns"); i++ {
				idx := uint64(c.Int("campaign") + i)
				if buf, err = cwsim.PlayChecked(&g, agent, l.Data, players, c.Uint64("seed"), idx, c.Int("round-cap"), buf); err != nil {
					w.Flush()
					return cli.Exit("clockwork replay: "+err.Error(), exitFailure)
				}
			}
			if err := sinkErr(); err != nil {
				return cli.Exit("clockwork replay: "+err.Error(), exitFailure)
			}
			return nil
		},
	}
}
