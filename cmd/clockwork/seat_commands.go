package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/agents/seats"
	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/sim"
)

// The commands of a game whose seats compete (clockwork clue ..., clockwork duels ...). They share
// Clockwork's machinery: runConfig (checkpoints, Ctrl-C, results, summary, outcomes, report),
// writeDataCopy (init), the data-problem messages.

func seatRunCommand(g *seatGame) *cli.Command {
	ex := "clockwork " + g.name + " run"
	return &cli.Command{
		Name:  "run",
		Usage: "simulate games and summarise win rates per seat and line-up, game length and the game's own figures",
		Description: "Plays --games games for each player count and line-up on the embedded data (or --config DIR,\n" +
			"--set ...). Game i always plays the same deal for the same --seed, whatever --workers or\n" +
			"--shard; with --rotate every deal is played once per rotation of the seats, so that the seat\n" +
			"effect is paired. Prints a summary and writes results.json into --out. Ctrl-C stops within\n" +
			"a second and writes what was played, marked partial (exit code 130).\n\n" +
			"Agents (--agent, --seats):\n  " + strings.Join(g.describeAgents(), "\n  ") + "\n\n" +
			"Examples:\n" +
			"  " + ex + "\n" +
			"  " + ex + " --players 4 --seats " + g.defaultAgent + ",random --rotate\n" +
			"  " + ex + " --agent random," + g.defaultAgent + " --players 3   # a ladder on the same deals\n" +
			"  " + ex + " --set " + g.setEx + " --report out/report",
		Flags: append(append(append(seatSimFlags(g, "out/"+g.name, g.defaultGames), checkpointFlags()...), reportFlags()...), verboseFlag()),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("takes no arguments", exitBadInput)
			}
			format, err := summaryFormat(c)
			if err != nil {
				return err
			}
			l, err := loadGameData(c, g)
			if err != nil {
				return err
			}
			cfg, err := seatConfig(c, g, l.simGame())
			if err != nil {
				return cli.Exit(err.Error(), exitBadInput)
			}
			return runConfig(c, cfg, format)
		},
	}
}

func seatReplayCommand(g *seatGame) *cli.Command {
	ex := "clockwork " + g.name + " replay"
	return &cli.Command{
		Name:  "replay",
		Usage: "replay a game of a run and tell its story (or print its event log)",
		Description: "Plays exactly the game that `clockwork " + g.name + " run` plays for --seed and --game (same\n" +
			"data, --set and seats; --rotation R for a rotated run's game) and tells it. With --json it\n" +
			"prints the omniscient event log (JSON Lines).\n\n" +
			"Examples:\n" +
			"  " + ex + " --seed 1 --game 17 --players 4\n" +
			"  " + ex + " --seed 1 --game 17 --players 4 --json > game.jsonl",
		Flags: append(append(gameDataFlags(g),
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the run's seed"},
			&cli.IntFlag{Name: "game", Usage: "the game (deal) index `I` in the run"},
			&cli.IntFlag{Name: "games", Value: 1, Usage: "how many consecutive games to replay"},
			&cli.IntFlag{Name: "players", Value: g.replayPlayers(), Usage: "player count (" + countRange(g.minP, g.maxP) + ")"},
			&cli.StringFlag{Name: "seats", Value: g.defaultAgent, Usage: "the agent of each seat, `LIST` (the last fills the table)"},
			&cli.IntFlag{Name: "rotation", Usage: "the rotation of the seats (0: as listed)"},
			&cli.BoolFlag{Name: "json", Usage: "print the event log as JSON Lines"},
			&cli.BoolFlag{Name: "board", Usage: "draw the board in the story"},
		), g.extraFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("takes no arguments", exitBadInput)
			}
			players := c.Int("players")
			if players < g.minP || players > g.maxP {
				return cli.Exit(fmt.Sprintf("--players %d: must be %s", players, countRange(g.minP, g.maxP)), exitBadInput)
			}
			if c.Int("game") < 0 || c.Int("games") < 1 || c.Int("rotation") < 0 || c.Int("rotation") >= players {
				return cli.Exit(fmt.Sprintf("--game must be 0 or more, --games at least 1, --rotation 0 to %d", players-1), exitBadInput)
			}
			seats := splitList(c.String("seats"))
			if err := fitsTable("--seats", seats, "agents", players); err != nil {
				return cli.Exit(err.Error(), exitBadInput)
			}
			for _, a := range seats {
				if err := g.isAgent(a); err != nil {
					return cli.Exit("--seats: "+err.Error(), exitBadInput)
				}
			}
			l, err := loadGameData(c, g)
			if err != nil {
				return err
			}
			w := bufio.NewWriter(c.App.Writer)
			defer w.Flush()
			for i := 0; i < c.Int("games"); i++ {
				if err := g.replay(c, l, seats, players, c.Uint64("seed"), uint64(c.Int("game")+i), w); err != nil {
					w.Flush()
					var ec cli.ExitCoder
					if errors.As(err, &ec) {
						return err // a bad flag, found once the data is known
					}
					return cli.Exit(err.Error(), exitFailure)
				}
			}
			return nil
		},
	}
}

func seatValidateCommand(g *seatGame) *cli.Command {
	return &cli.Command{
		Name:  "validate",
		Usage: "check the game data and print its fingerprint",
		Description: "Reads the embedded data (or --config DIR), applies every --set, and checks it all. Every\n" +
			"problem is printed as file:line:column: message, and the exit code is 2.\n\n" +
			"Examples:\n" +
			"  clockwork " + g.name + " validate\n" +
			"  clockwork " + g.name + " validate --set " + g.setEx,
		Flags: gameDataFlags(g),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("takes no arguments (use --config DIR)", exitBadInput)
			}
			l, err := loadGameData(c, g)
			if err != nil {
				return err
			}
			src := "embedded default data"
			if dir := c.String("config"); dir != "" {
				src = dir
			}
			fmt.Fprintf(c.App.Writer, "%s is valid\nfingerprint %s\n%s\n", src, l.simGame().Fingerprint(), l.summary())
			return nil
		},
	}
}

func seatInitCommand(g *seatGame) *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "write the default game data as editable YAML files into DIR",
		ArgsUsage: "DIR",
		Description: "Writes every embedded data file of " + g.title + " into DIR, creating it if needed. Edit\n" +
			"the copy and pass --config DIR to any command. Existing files are never overwritten\n" +
			"unless --force. --from-patch writes a data patch's values into the copy.\n\n" +
			"Examples:\n" +
			"  clockwork " + g.name + " init my" + g.name + "\n" +
			"  clockwork " + g.name + " validate --config my" + g.name,
		Flags:  initFlags(),
		Action: func(c *cli.Context) error { return writeDataCopy(c, g.defaults, "clockwork "+g.name) },
	}
}

func seatDataCommand(g *seatGame) *cli.Command {
	return &cli.Command{
		Name:      "data",
		Usage:     "print the effective game data as tables or JSON",
		ArgsUsage: "[SECTION]",
		Description: "Prints the game data after --config and --set: all of it, or one section (" +
			strings.Join(g.sections, ", ") + ").\n\n" +
			"Examples:\n" +
			"  clockwork " + g.name + " data " + g.sections[0] + "\n" +
			"  clockwork " + g.name + " data --format json",
		Flags: append(gameDataFlags(g), &cli.StringFlag{Name: "format", Value: "table", Usage: "output `FORMAT`: table or json"}),
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return cli.Exit("expected at most one SECTION", exitBadInput)
			}
			format := c.String("format")
			if format != "table" && format != "json" {
				return cli.Exit(fmt.Sprintf("--format %q: expected table or json", format), exitBadInput)
			}
			l, err := loadGameData(c, g)
			if err != nil {
				return err
			}
			if err := l.describe(c.App.Writer, c.Args().First(), format == "json"); err != nil {
				return cli.Exit(err.Error(), exitBadInput)
			}
			return nil
		},
	}
}

// replayOn replays deal idx of a run with seed as the simulator plays it, on the engine's
// checked path: the listed agent k (the last filling the table) at seat sim.Seating(k,
// --rotation, players) of table t, the game g set up by start (its sink attached for the seats'
// agent names, then Reset with the episode's seed), played to its end. start returns the sink's
// error.
func replayOn[G seats.Engine[A, V, G], A, V any, Ag seats.Agent[A, V]](c *cli.Context, t *seats.Table[G, A, V, Ag], g G,
	newAgent func(string) (Ag, error), lineup []string, players int, seed, idx uint64, start func(names []string, gameSeed uint64) func() error) error {
	t.Checked = true
	names := make([]string, players)
	for k := range players {
		a, err := newAgent(lineup[min(k, len(lineup)-1)])
		if err != nil {
			return err
		}
		s := sim.Seating(k, c.Int("rotation"), players)
		t.Seats[s] = a
		names[s] = a.Name()
	}
	gameSeed := chance.EpisodeSeed(seed, idx)
	errOf := start(names, gameSeed)
	if err := t.Play(g, gameSeed); err != nil {
		return fmt.Errorf("game %d: %w", idx, err)
	}
	return errOf()
}
