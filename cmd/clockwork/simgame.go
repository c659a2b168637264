package main

import (
	"github.com/urfave/cli/v2"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// simCommands is what the commands that simulate many data variants (sweep, sensitivity) need
// of a game: its flags, its data with some --set values, and its run configuration on that
// data. Clockwork Realm (clockworkCommands) and every game whose seats compete (*seatGame)
// provide it, so that the commands are built once.
type simCommands interface {
	// command is the command's name as messages give it ("sweep", "clue sweep").
	command(name string) string
	// simFlags are the flags of a simulating command (--out's default, the episodes' default).
	simFlags(out string, episodes int) []cli.Flag
	// episodes is the flag of the number played: "campaigns" or "games".
	episodes() string
	// load loads the data with the --set values sets; problems come back as one cli.Exit error.
	load(c *cli.Context, sets []string) (sim.Game, error)
	// loadRaw loads the data with sets, its problems as they are (a sensitivity move's).
	loadRaw(c *cli.Context, sets []string) (sim.Game, error)
	// config is the run configuration of the flags on game.
	config(c *cli.Context, game sim.Game) (sim.Config, error)
	// numericValues lists the whole numbers of the data of --config and --set.
	numericValues(c *cli.Context) ([]datafile.NumericValue, error)
	// sensitivityValues are the value patterns sensitivity moves by default.
	sensitivityValues() []string
	// sensitivityMetrics are the metrics sensitivity can show besides the win rate (--metric,
	// the first the default); none: the game has no --metric.
	sensitivityMetrics() []string
	// setExample is a --set path of the data, for examples.
	setExample() string
	// matrixFlags are the flags with which sweep and sensitivity play a whole match-up matrix
	// (--matrix, --maps); none for a game without one.
	matrixFlags() []cli.Flag
}

// clockworkCommands is Clockwork Realm's simCommands: its commands as they always were.
type clockworkCommands struct{}

func (clockworkCommands) command(name string) string { return name }

func (clockworkCommands) simFlags(out string, n int) []cli.Flag { return simFlags(out, n) }

func (clockworkCommands) episodes() string { return "campaigns" }

func (clockworkCommands) load(c *cli.Context, sets []string) (sim.Game, error) {
	l, err := loadDataSets(c, sets)
	if err != nil {
		return nil, err
	}
	return cwsim.New(l.Data), nil
}

func (clockworkCommands) loadRaw(c *cli.Context, sets []string) (sim.Game, error) {
	l, err := configs.LoadDir(c.String("config"), sets)
	if err != nil {
		return nil, err
	}
	return cwsim.New(l.Data), nil
}

func (clockworkCommands) config(c *cli.Context, game sim.Game) (sim.Config, error) {
	return simConfig(c, game.(*cwsim.Game).Data)
}

func (clockworkCommands) numericValues(c *cli.Context) ([]datafile.NumericValue, error) {
	l, err := loadData(c)
	if err != nil {
		return nil, err
	}
	return datafile.NumericValues(l.Doc), nil
}

func (clockworkCommands) sensitivityValues() []string { return defaultSensitivityValues }

func (clockworkCommands) sensitivityMetrics() []string { return reports.SensitivityMetrics }

func (clockworkCommands) setExample() string { return "setup.skill_cards_per_type.3=5" }

func (clockworkCommands) matrixFlags() []cli.Flag { return nil }

// The seatGame's simCommands.

func (g *seatGame) command(name string) string { return g.name + " " + name }

func (g *seatGame) simFlags(out string, n int) []cli.Flag { return seatSimFlags(g, out, n) }

func (g *seatGame) episodes() string { return "games" }

func (g *seatGame) load(c *cli.Context, sets []string) (sim.Game, error) {
	l, err := loadGameDataSets(c, g, sets)
	if err != nil {
		return nil, err
	}
	return l.simGame(), nil
}

func (g *seatGame) loadRaw(c *cli.Context, sets []string) (sim.Game, error) {
	l, err := g.loadDir(c.String("config"), sets)
	if err != nil {
		return nil, err
	}
	return l.simGame(), nil
}

func (g *seatGame) config(c *cli.Context, game sim.Game) (sim.Config, error) {
	return seatConfig(c, g, game)
}

func (g *seatGame) numericValues(c *cli.Context) ([]datafile.NumericValue, error) {
	l, err := loadGameData(c, g)
	if err != nil {
		return nil, err
	}
	return datafile.NumericValues(l.document()), nil
}

func (g *seatGame) sensitivityValues() []string { return []string{"rules"} }

func (g *seatGame) sensitivityMetrics() []string { return nil }

func (g *seatGame) setExample() string { return g.setEx }

// baseConfig loads the data of --config, --set-file and --set and returns its game and the run
// configuration of the flags on it: the base of a goal search, a sensitivity or a tune.
func baseConfig(c *cli.Context, g simCommands) (sim.Game, sim.Config, error) {
	game, err := g.load(c, dataSets(c))
	if err != nil {
		return nil, sim.Config{}, err
	}
	cfg, err := g.config(c, game)
	if err != nil {
		return nil, sim.Config{}, cli.Exit(err.Error(), exitBadInput)
	}
	return game, cfg, nil
}

// examplesOf are the example lines of a command of g: one with the arguments plain, and, for a
// game with a match-up matrix, one with the arguments matrix.
func examplesOf(g simCommands, name, plain, matrix string) string {
	out := "  clockwork " + g.command(name) + " " + plain
	if len(g.matrixFlags()) > 0 {
		out += "\n  clockwork " + g.command(name) + " " + matrix
	}
	return out
}
