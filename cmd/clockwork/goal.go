package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
)

// goalCommandOf builds the goal search of a game (clockwork ganon is Clockwork Realm's own):
// the win rate at every value of one whole-number data value, and the value that gives the
// --goal win rate (required: the win rates alone are a sweep's), whichever way the rate moves
// with the value.
func goalCommandOf(g simCommands) *cli.Command {
	flags := g.simFlags("out/goal", defaultCampaigns)
	flags = append(flags,
		&cli.StringFlag{Name: "param", Usage: "the data value searched, a --set `PATH` of a whole number (required)"},
		&cli.StringFlag{Name: "values", Usage: "the values to try: `VALUES` as a list or A..B or A..B:STEP, the bisection staying between the lowest and the highest (required)"},
		&cli.Float64Flag{Name: "goal", Usage: "the win `RATE` (e.g. 0.5) of the first seat's agent whose value is sought (required; for the win rates alone, run sweep)", DefaultText: "none"},
		&cli.BoolFlag{Name: "rising", Usage: "deprecated and ignored: the direction of the win rate is read from the rates at the lowest and highest values"},
	)
	flags = append(flags, reportFlags()...)
	defaults(flags, map[string]any{g.episodes(): 2000})
	key, _, _ := cutSet(g.setExample())
	return &cli.Command{
		Name:  "goal",
		Usage: "which value of a data value gives a win rate? the value whose win rate is the nearest to --goal",
		Description: "For each player count, plays at each of --values of --param, replaying the same deals at every\n" +
			"value (common random numbers), prints the win rate of the first seat's agent with its 95%\n" +
			"interval, and answers the whole value whose win rate is the nearest to --goal (required; for\n" +
			"the win rates alone, run sweep). Whether the rate rises or falls with the value is read from\n" +
			"the rates at the lowest and highest values: when the goal lies between the rates tried, a\n" +
			"bisection plays the values between the two that bracket it; when every rate is above the goal\n" +
			"or every rate below, the answer says no value tried reaches it and names the nearest. Writes\n" +
			"results.json (a group per player count and value, the answers under \"goals\").\n\n" +
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
	if c.String("param") == "" || c.String("values") == "" {
		return cli.Exit("give the value searched and the values to try: --param PATH --values VALUES", exitBadInput)
	}
	if !c.IsSet("goal") {
		return cli.Exit(fmt.Sprintf("--goal RATE is required (the win rate whose value is sought); for the win rate at each value alone, run: clockwork %s --param %s=%s",
			g.command("sweep"), c.String("param"), c.String("values")), exitBadInput)
	}
	goal := c.Float64("goal")
	if goal <= 0 || goal >= 1 {
		return cli.Exit(fmt.Sprintf("--goal %g: must be between 0 and 1", goal), exitBadInput)
	}
	if c.Bool("rising") {
		fmt.Fprintf(c.App.ErrWriter, "clockwork %s: warning: --rising is deprecated and ignored: the direction of the win rate is read from the rates\n", g.command("goal"))
	}
	search, err := planGoal(c, g, goal)
	if err != nil {
		return err
	}
	if search.Base.Shard.Count > 1 {
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
	_, baseCfg, err := baseConfig(c, g)
	if err != nil {
		return nil, err
	}
	games := map[int]sim.Game{}
	for _, v := range ints {
		sets := append(append([]string{}, dataSets(c)...), param+"="+strconv.Itoa(v))
		game, err := g.load(c, sets)
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("--values: %s=%d: %v", param, v, err), exitBadInput)
		}
		games[v] = game
	}
	search := &sim.GoalSearch{Base: baseCfg, Goal: goal, Targets: map[int][]int{},
		Param: func(int) string { return param }}
	for _, p := range baseCfg.Players {
		search.Targets[p] = ints
	}
	search.Config = func(players, target int, lineups []sim.Lineup) (sim.Config, error) {
		game := games[target]
		if game == nil { // a value the bisection reached between those given
			sets := append(append([]string{}, dataSets(c)...), param+"="+strconv.Itoa(target))
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
