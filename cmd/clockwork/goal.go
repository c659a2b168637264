package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
)

// goalCommandOf builds the goal search of a game (clockwork ganon is Clockwork Realm's own):
// the win rate at every value of one whole-number data value, and with --goal the value that
// gives it, by bisection.
func goalCommandOf(g simCommands) *cli.Command {
	flags := g.simFlags("out/goal", defaultCampaigns)
	flags = append(flags,
		&cli.StringFlag{Name: "param", Usage: "the data value searched, a --set `PATH` of a whole number (required)"},
		&cli.StringFlag{Name: "values", Usage: "the values to try: `VALUES` as a list or A..B or A..B:STEP, the bisection staying between the lowest and the highest (required)"},
		&cli.Float64Flag{Name: "goal", Usage: "also find, by bisection, the value that gives this win `RATE` (e.g. 0.5) of the first seat's agent"},
		&cli.BoolFlag{Name: "rising", Usage: "the win rate rises with the value (by default it is taken to fall)"},
	)
	flags = append(flags, reportFlags()...)
	defaults(flags, map[string]any{g.episodes(): 2000})
	key, _, _ := cutSet(g.setExample())
	return &cli.Command{
		Name:  "goal",
		Usage: "which value of a data value gives a win rate? the win rate at each value, and the value of --goal",
		Description: "For each player count, plays at each of --values of --param, replaying the same deals at every\n" +
			"value (common random numbers), and prints the win rate of the first seat's agent with its 95%\n" +
			"interval; with --goal, the whole value that gives that rate (bisection between the lowest and\n" +
			"highest values; --rising when the rate rises with the value). Writes results.json (a group\n" +
			"per player count and value, the answers under \"goals\").\n\n" +
			"Examples:\n" +
			"  clockwork " + g.command("goal") + " --param " + key + " --values 1..10 --goal 0.5",
		Flags:  flags,
		Action: func(c *cli.Context) error { return goalAction(c, g) },
	}
}

// cutSet splits a PATH=VALUE.
func cutSet(s string) (string, string, bool) {
	for i := range s {
		if s[i] == '=' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// goalAction checks the flags and every value's data, runs the values (and the bisection of
// --goal) and writes the results.
func goalAction(c *cli.Context, g simCommands) error {
	if c.NArg() > 0 {
		return cli.Exit("takes no arguments", exitBadInput)
	}
	format, err := summaryFormat(c)
	if err != nil {
		return err
	}
	goal := c.Float64("goal")
	if goal < 0 || goal >= 1 {
		return cli.Exit(fmt.Sprintf("--goal %g: must be between 0 and 1", goal), exitBadInput)
	}
	if c.String("param") == "" || c.String("values") == "" {
		return cli.Exit("give the value searched and the values to try: --param PATH --values VALUES", exitBadInput)
	}
	search, err := planGoal(c, g, goal)
	if err != nil {
		return err
	}
	if goal > 0 && search.Base.Shard.Count > 1 {
		return cli.Exit("--goal: the bisection needs the whole run: run it without --shard", exitBadInput)
	}
	if err := checkOutputs(c); err != nil {
		return err
	}
	s, err := startSession(c, search.Planned())
	if err != nil {
		return err
	}
	defer s.close()
	search.Simulate = func(label string, cfg sim.Config) (*sim.Results, error) {
		if s.interrupted() {
			return sim.NewResults(cfg, true)
		}
		if s.prog.mode == progressPlain {
			fmt.Fprintln(c.App.ErrWriter, label)
		}
		return s.simulate(label, cfg)
	}
	search.Interrupted, search.Extra = s.interrupted, s.prog.addTotal
	res, err := search.Run(nil)
	if err != nil {
		return asExit(err, exitBadInput)
	}
	return s.finish(res, func(w io.Writer) error { return printSummary(w, res, format) })
}

// planGoal reads the flags and loads the data of every value, so that a bad value fails before
// any simulation.
func planGoal(c *cli.Context, g simCommands, goal float64) (*sim.GoalSearch, error) {
	param := c.String("param")
	values, err := parseValues("--values", c.String("values"))
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	var ints []int
	for _, v := range values {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("--values %q: %q is not a whole number", c.String("values"), v), exitBadInput)
		}
		ints = append(ints, n)
	}
	base, err := g.load(c, c.StringSlice("set"))
	if err != nil {
		return nil, err
	}
	baseCfg, err := g.config(c, base)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	games := map[int]sim.Game{}
	for _, v := range ints {
		sets := append(append([]string{}, c.StringSlice("set")...), param+"="+strconv.Itoa(v))
		game, err := g.load(c, sets)
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("--values: %s=%d: %v", param, v, err), exitBadInput)
		}
		games[v] = game
	}
	search := &sim.GoalSearch{Base: baseCfg, Goal: goal, Targets: map[int][]int{}, Rising: c.Bool("rising"),
		Param: func(int) string { return param }}
	for _, p := range baseCfg.Players {
		search.Targets[p] = ints
	}
	search.Config = func(players, target int, lineups []sim.Lineup) (sim.Config, error) {
		game := games[target]
		if game == nil { // a value the bisection reached between those given
			sets := append(append([]string{}, c.StringSlice("set")...), param+"="+strconv.Itoa(target))
			var err error
			if game, err = g.load(c, sets); err != nil {
				return sim.Config{}, err
			}
			games[target] = game
		}
		cfg, err := g.config(c, game)
		if err != nil {
			return sim.Config{}, err
		}
		cfg.Players, cfg.Agents = []int{players}, lineups
		cfg.Outcomes = len(lineups) > 1 || c.String("outcomes") != ""
		if cfg.Params == nil {
			cfg.Params = map[string]string{}
		}
		cfg.Params[param] = strconv.Itoa(target)
		return cfg, nil
	}
	return search, nil
}
