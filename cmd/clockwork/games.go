package main

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/sim"
)

// seatRules is what the command line needs of one game whose seats compete beyond its
// descriptor (sim.Descriptor: its name, title and players): its data, agents and line-ups, its
// own flags and commands, its replay. Each such game's file implements it (clueRules,
// duelsRules) and the compiler checks that it does; every command of the game is then built by
// the same constructors (gameCommand). `clockwork COMMAND` stays Clockwork Realm's.
type seatRules interface {
	// gameName is the game's name, the key of its descriptor (sim.DescriptorOf).
	gameName() string
	// flagDefaults are the defaults of --players, --games and --agent, and a --set example.
	flagDefaults() seatDefaults
	// defaultData is the embedded data (init), its name in messages and its sections (data).
	defaultData() (files fs.FS, label string, sections []string)
	// loadDir reads the data of dir ("" for the embedded data) with the --set values.
	loadDir(dir string, sets []string) (loadedGame, error)
	// patchFiles returns the files of dir's data that patch p changes, with p written in.
	patchFiles(dir string, p *datafile.Patch) (map[string][]byte, error)
	// describeAgents describes the registered agents, one line each; isAgent checks a name.
	describeAgents() []string
	isAgent(name string) error
	// lineup makes the line-up of an agent per seat (the last filling a larger table).
	lineup(seats []string) (sim.Lineup, error)
	// extraFlags are the game's own flags of the simulating commands; configure applies them.
	extraFlags() []cli.Flag
	configure(c *cli.Context, cfg *sim.Config) error
	// ownCommands are the game's own commands (Duels' matrix).
	ownCommands(g *seatGame) []*cli.Command
	// matrixFlags are the flags with which sweep and sensitivity play a whole match-up matrix
	// (--matrix, --maps); none for a game without one.
	matrixFlags() []cli.Flag
	// replay plays deal idx of the run's seed with the line-up and writes its story or log.
	replay(c *cli.Context, l loadedGame, seats []string, players int, seed, idx uint64, w io.Writer) error
}

// seatDefaults are a game's flag defaults.
type seatDefaults struct {
	defaultPlayers string // --players
	defaultGames   int    // --games of run
	defaultAgent   string // --agent
	setEx          string // a --set value for the help
}

// replayPlayers is replay's default player count: the first of run's default --players, so that
// replay tells a game that run plays by default.
func (g *seatGame) replayPlayers() int {
	n, err := strconv.Atoi(strings.TrimSpace(strings.Split(g.defaultPlayers, ",")[0]))
	if err != nil {
		panic("cmd: the default --players of " + g.name + " is not a list of counts")
	}
	return n
}

// seatGame is a game whose seats compete on the command line: its rules (seatRules) and what
// its descriptor and its data say of it.
type seatGame struct {
	seatRules
	seatDefaults
	name, title  string // the descriptor's: "clue", "CLUE: The Legend of Zelda"
	minP, maxP   int    // players
	defaults     fs.FS  // the embedded data (init)
	defaultLabel string // how the embedded data is named in messages
	sections     []string
}

// newSeatGame returns the command line's game of rules r, its identity read from its
// descriptor (the simulator adapter of the game registers it: its package must be linked in).
func newSeatGame(r seatRules) *seatGame {
	d, err := sim.DescriptorOf(r.gameName())
	if err != nil {
		panic("cmd: " + err.Error())
	}
	files, label, sections := r.defaultData()
	patchGames[d.Name] = patchData{
		load: func(dir string, sets []string) (any, string, error) {
			l, err := r.loadDir(dir, sets)
			if err != nil {
				return nil, "", err
			}
			return l.document(), l.simGame().Fingerprint(), nil
		},
		files: r.patchFiles,
	}
	return &seatGame{seatRules: r, seatDefaults: r.flagDefaults(), name: d.Name, title: d.Title,
		minP: d.MinPlayers, maxP: d.MaxPlayers, defaults: files, defaultLabel: label, sections: sections}
}

// loadedGame is a game's loaded data: the simulator's game on it, and how to print it.
type loadedGame interface {
	simGame() sim.Game
	describe(w io.Writer, section string, asJSON bool) error
	summary() string // one line of counts for validate
	document() any   // the effective data as written (its JSON names the --set paths)
}

// gameCommand returns the command group of a game: its commands built by the same
// constructors as Clockwork's, with the game's own flags.
func gameCommand(g *seatGame) *cli.Command {
	return &cli.Command{
		Name:  g.name,
		Usage: "simulate " + g.title + " (clockwork " + g.name + " COMMAND)",
		Description: "The commands of " + g.title + ": run, replay, validate, init and data, as for\n" +
			"Clockwork Realm. report, merge, check and compare read the game from the file.",
		Subcommands: withUsageErrors(g.name, append([]*cli.Command{
			seatRunCommand(g),
			sweepCommandOf(g),
			sensitivityCommandOf(g),
			goalCommandOf(g),
			tuneCommandOf(g),
			seatReplayCommand(g),
			seatValidateCommand(g),
			seatInitCommand(g),
			seatDataCommand(g),
		}, g.ownCommands(g)...)...),
	}
}

// gameDataFlags are --config and --set for game g.
func gameDataFlags(g *seatGame) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "config", Usage: "read the game data from `DIR` (a copy made by `clockwork " + g.name + " init`) instead of the embedded defaults"},
		&cli.StringSliceFlag{Name: "set", Usage: "change one data value, `PATH=VALUE` (repeatable), e.g. " + g.setEx},
		setFileFlag(),
	}
}

// loadGameData loads the data of --config with the --set values; problems come back as one
// cli.Exit error listing all of them, with exit code 2.
func loadGameData(c *cli.Context, g *seatGame) (loadedGame, error) {
	return loadGameDataSets(c, g, dataSets(c))
}

// loadGameDataSets loads the data of --config with the --set values sets (a sweep point's).
func loadGameDataSets(c *cli.Context, g *seatGame, sets []string) (loadedGame, error) {
	l, err := g.loadDir(c.String("config"), sets)
	if err != nil {
		return nil, dataExit(c, err, g.defaultLabel)
	}
	return l, nil
}

// seatSimFlags are the flags of a simulating command of game g.
func seatSimFlags(g *seatGame, out string, games int) []cli.Flag {
	flags := append(gameDataFlags(g),
		&cli.StringFlag{Name: "players", Value: g.defaultPlayers, Usage: "player counts to simulate, `LIST` of " + countRange(g.minP, g.maxP)},
		&cli.IntFlag{Name: "games", Value: games, Usage: "games per player count and line-up (over all shards); with --rotate, each deal is played once per seat"},
		&cli.StringFlag{Name: "agent", Value: g.defaultAgent, Usage: "the agent at every seat: " + agentNames(g) +
			"; a `LIST` plays each on the same deals (a skill ladder)"},
		&cli.StringSliceFlag{Name: "seats", Usage: "a line-up: an agent per seat, `LIST` (the last fills the table), e.g. deductive,random (repeatable: several line-ups on the same deals)"},
		&cli.BoolFlag{Name: "rotate", Usage: "play every deal once per rotation of the seats (pairs the seat effect; --games counts every rotation)"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "run seed: game i always plays the same deal for the same seed"},
		&cli.IntFlag{Name: "workers", Usage: "parallel workers", DefaultText: "the number of CPUs"},
		&cli.Float64Flag{Name: "precision", Usage: "stop once every win-rate 95% interval is narrower than `W` (e.g. 0.02)"},
		&cli.StringFlag{Name: "shard", Value: "0/1", Usage: "run only shard `I/N` of the games (merge the shards with `clockwork merge`)", EnvVars: []string{"CLOCKWORK_SHARD"}},
		&cli.StringFlag{Name: "out", Value: out, Usage: "`DIR` for results.json"},
		&cli.StringFlag{Name: "outcomes", Usage: "also write one CSV line per game played to `FILE` (for clockwork compare)"},
		&cli.StringFlag{Name: "format", Value: "table", Usage: "summary on stdout: table, json or csv"},
		&cli.StringFlag{Name: "progress", Value: "auto", Usage: "progress on stderr: auto (a bar on a terminal, else a plain line every few seconds), always (a bar), plain or never"},
	)
	return append(flags, g.extraFlags()...)
}

// agentNames lists a game's agents by name.
func agentNames(g *seatGame) string {
	var names []string
	for _, line := range g.describeAgents() {
		names = append(names, strings.Fields(line)[0])
	}
	return strings.Join(names, ", ")
}

// countRange says which player counts a game takes: "2, 3 or 4", "2 to 6".
func countRange(lo, hi int) string {
	if hi-lo > 2 {
		return fmt.Sprintf("%d to %d", lo, hi)
	}
	var parts []string
	for p := lo; p < hi; p++ {
		parts = append(parts, strconv.Itoa(p))
	}
	return strings.Join(parts, ", ") + " or " + strconv.Itoa(hi)
}

// parseCounts reads --players of a game taking lo to hi players: each count once.
func parseCounts(s string, lo, hi int) ([]int, error) {
	var players []int
	for _, p := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < lo || n > hi {
			return nil, fmt.Errorf("--players %q: each count must be %s", s, countRange(lo, hi))
		}
		for _, q := range players {
			if q == n {
				return nil, fmt.Errorf("--players %q: %d appears twice (each player count is one group)", s, n)
			}
		}
		players = append(players, n)
	}
	return players, nil
}

// seatLineups reads the line-ups of --agent (each agent at every seat) and --seats (an agent per
// seat); --seats replaces the default --agent.
func seatLineups(c *cli.Context, g *seatGame) ([]sim.Lineup, error) {
	var tables [][]string
	for _, s := range c.StringSlice("seats") {
		tables = append(tables, splitList(s))
	}
	if len(tables) == 0 || c.IsSet("agent") {
		for _, a := range splitList(c.String("agent")) {
			tables = append(tables, []string{a})
		}
	}
	var out []sim.Lineup
	for _, t := range tables {
		for _, a := range t {
			if err := g.isAgent(a); err != nil {
				return nil, err
			}
		}
		l, err := g.lineup(t)
		if err != nil {
			return nil, err
		}
		for _, o := range out {
			if o.Name == l.Name {
				return nil, fmt.Errorf("the line-up %s appears twice (each line-up is one group per player count)", l.Name)
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// splitList splits a comma-separated list, trimming each name.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// seatConfig builds the sim.Config of a simulating command of game g on its loaded data.
func seatConfig(c *cli.Context, g *seatGame, game sim.Game) (sim.Config, error) {
	cfg := sim.Config{Game: game, Episodes: c.Int("games"), Seed: c.Uint64("seed"), Workers: c.Int("workers"),
		Precision: c.Float64("precision"), Rotate: c.Bool("rotate"), TurnCap: 1, ToolVersion: version,
		Outcomes: c.String("outcomes") != ""}
	players, err := parseCounts(c.String("players"), g.minP, g.maxP)
	if err != nil {
		return cfg, err
	}
	cfg.Players = players
	if cfg.Agents, err = seatLineups(c, g); err != nil {
		return cfg, fmt.Errorf("--agent/--seats: %v", err)
	}
	for _, l := range cfg.Agents {
		if err := fitsTable("--seats", l.Seats, "agents", slices.Min(players)); err != nil {
			return cfg, err
		}
	}
	cfg.Outcomes = cfg.Outcomes || len(cfg.Agents) > 1
	switch {
	case cfg.Episodes < 1:
		return cfg, fmt.Errorf("--games %d: must be at least 1", cfg.Episodes)
	case cfg.Workers < 0 || c.IsSet("workers") && cfg.Workers < 1: // 0 is the default: the number of CPUs
		return cfg, fmt.Errorf("--workers %d: must be at least 1", cfg.Workers)
	case cfg.Precision < 0 || cfg.Precision >= 1:
		return cfg, fmt.Errorf("--precision %g: must be between 0 and 1", cfg.Precision)
	}
	if cfg.Shard, err = parseShard(c.String("shard")); err != nil {
		return cfg, err
	}
	if sets := dataSets(c); len(sets) > 0 {
		cfg.Params = map[string]string{}
		for _, s := range sets {
			k, v, _ := strings.Cut(s, "=")
			cfg.Params[k] = v
		}
	}
	if err := g.configure(c, &cfg); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// fitsTable refuses a list of one per position (agents of --seats, teams of --teams) longer
// than the table of players players (the fewest of --players): its extra entries would never
// play, while the line-up's label would name them.
func fitsTable(flag string, list []string, what string, players int) error {
	if len(list) <= players {
		return nil
	}
	return fmt.Errorf("%s %q: %d %s for %d players (one a position, the last filling a larger table; at most as many as the fewest --players)",
		flag, strings.Join(list, ","), len(list), what, players)
}
