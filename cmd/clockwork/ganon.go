package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/reports"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// ganonParam is the params key of a Ganon target point: the target for every skill at P players.
func ganonParam(players int) string { return cwsim.GanonParam(players) }

// ganonSets returns the --set values that make Ganon's three targets t at p players.
func ganonSets(p, t int) []string {
	var out []string
	for _, s := range []string{"move", "attack", "interact"} {
		out = append(out, fmt.Sprintf("ganon.targets.%d.%s=%d", p, s, t))
	}
	return out
}

func ganonCommand() *cli.Command {
	flags := simFlags("out/ganon", defaultCampaigns)
	flags = append(flags,
		&cli.StringFlag{Name: "targets", Value: defaultGanonTargets, Usage: "Ganon targets to try (the same for the three skills): `VALUES` as a list or A..B or A..B:STEP"},
		&cli.Float64Flag{Name: "goal", Usage: "also find the target whose campaign win rate is the nearest to this `RATE` (e.g. 0.5), by bisection"},
	)
	flags = append(flags, reportFlags()...)
	defaults(flags, map[string]any{"campaigns": 2000})
	return &cli.Command{
		Name:  "ganon",
		Usage: "is Ganon beatable? win rates against Ganon's targets, per player count",
		Description: "For each player count, runs the campaigns at each Ganon target (Move, Attack and Interact\n" +
			"all set to it), replaying the same campaigns at every target (common random numbers). It\n" +
			"prints the answer first, then the campaign win rate and the rate of beating Ganon once his\n" +
			"Boss Room is reached, with 95% intervals; with --goal, the target whose win rate is the\n" +
			"nearest to it (bisection over whole targets where the goal lies between the rates tried; when\n" +
			"every rate is above it or every one below, the nearest target tried, said to be out of reach);\n" +
			"and the Shards the heroes bring to the Tower and, of the teams that reached Ganon and lost,\n" +
			"what his targets still asked after the Shards and the cards played (mean and median per\n" +
			"skill). Writes results.json (a group per player count and target).\n" +
			"Ctrl-C stops every target: all are written, those not complete marked partial.\n\n" +
			"Examples:\n" +
			"  clockwork ganon --players 3\n" +
			"  clockwork ganon --players 2,3,4 --goal 0.5 --campaigns 5000\n" +
			"  clockwork ganon --players 3 --targets 12..24:2",
		Flags:  flags,
		Action: ganonAction,
	}
}

// ganonAction checks the flags and every target's data, runs the targets (and the bisection
// of --goal) and writes the results.
func ganonAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return cli.Exit("takes no arguments", exitBadInput)
	}
	if _, err := summaryFormat(c); err != nil {
		return err
	}
	goal := c.Float64("goal")
	if goal < 0 || goal >= 1 {
		return cli.Exit(fmt.Sprintf("--goal %g: must be between 0 and 1", goal), exitBadInput)
	}
	g, err := planGanon(c, goal)
	if err != nil {
		return err
	}
	if goal > 0 && g.Base.Shard.Count > 1 {
		return cli.Exit("--goal: the bisection needs the whole run (on one shard it would answer for that shard's campaigns only): run it without --shard", exitBadInput)
	}
	if err := checkOutputs(c); err != nil {
		return err
	}
	s, err := startSession(c, g.Planned())
	if err != nil {
		return err
	}
	defer s.close()
	g.Simulate = func(label string, cfg sim.Config) (*sim.Results, error) {
		if s.interrupted() {
			return sim.NewResults(cfg, true)
		}
		if s.prog.mode == progressPlain {
			fmt.Fprintln(c.App.ErrWriter, label)
		}
		return s.simulate(label, cfg)
	}
	g.Interrupted, g.Extra = s.interrupted, s.prog.addTotal
	res, err := g.Run(ganonBaseParams(g.Base))
	if err != nil {
		return asExit(err, exitBadInput)
	}
	return s.finish(res, func(w io.Writer) error { reports.GoalTable(w, res); return nil })
}

// planGanon reads the flags and loads the data of every target at every player count, so that
// a bad target fails before any simulation.
func planGanon(c *cli.Context, goal float64) (*sim.GoalSearch, error) {
	base, err := loadData(c)
	if err != nil {
		return nil, err
	}
	baseCfg, err := simConfig(c, base.Data)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	data := map[[2]int]*rules.Data{}
	g := &sim.GoalSearch{Base: baseCfg, Goal: goal, Targets: map[int][]int{}}
	g.Config = func(players, target int, specs []sim.Lineup) (sim.Config, error) {
		d, err := ganonData(c, data, players, target)
		if err != nil {
			return sim.Config{}, err
		}
		cfg := baseCfg
		cfg.Game, cfg.Players, cfg.Agents = cwsim.New(d), []int{players}, specs
		cfg.Outcomes = len(specs) > 1 || c.String("outcomes") != ""
		cfg.Params = map[string]string{ganonParam(players): strconv.Itoa(target)}
		for _, s := range dataSets(c) {
			k, v, _ := strings.Cut(s, "=")
			cfg.Params[k] = v
		}
		return cfg, nil
	}
	for _, p := range baseCfg.Players {
		targets, err := ganonTargets(c.String("targets"), p)
		if err != nil {
			return nil, cli.Exit(err.Error(), exitBadInput)
		}
		g.Targets[p] = targets
		for _, t := range targets {
			if _, err := ganonData(c, data, p, t); err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}

// ganonData loads (once) the data of Ganon target t at p players: --set and the target.
func ganonData(c *cli.Context, cache map[[2]int]*rules.Data, p, t int) (*rules.Data, error) {
	if d := cache[[2]int{p, t}]; d != nil {
		return d, nil
	}
	sets := append(append([]string{}, dataSets(c)...), ganonSets(p, t)...)
	l, err := loadDataSets(c, sets)
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("--targets: target %d at %d players: %v", t, p, err), exitBadInput)
	}
	cache[[2]int{p, t}] = l.Data
	return l.Data, nil
}

// ganonBaseParams records the data's own Ganon target at each player count (when the three
// skills are equal), for the report to mark it on the heat map.
func ganonBaseParams(cfg sim.Config) map[string]string {
	out := map[string]string{}
	for _, p := range cfg.Players {
		c := dataOf(cfg).Ganon.Targets[p]
		if c[0] == c[1] && c[1] == c[2] {
			out[ganonParam(p)] = strconv.Itoa(int(c[0]))
		}
	}
	return out
}

// defaultGanonTargets are the targets tried when --targets is not given: the same for every
// player count, so that the heatmap is a full grid.
const defaultGanonTargets = "6..30:3"

// ganonTargets parses --targets (empty: defaultGanonTargets): whole numbers from 1 to 99, each
// once.
func ganonTargets(s string, p int) ([]int, error) {
	if s == "" {
		s = defaultGanonTargets
	}
	sp, err := parseValues("--targets", s)
	if err != nil {
		return nil, err
	}
	var out []int
	for _, v := range sp {
		t, err := strconv.Atoi(v)
		if err != nil || t < 1 || t > 99 {
			return nil, fmt.Errorf("--targets %q: %s is not a target (targets are whole numbers from 1 to 99)", s, v)
		}
		out = append(out, t)
	}
	return out, nil
}

// asExit returns err as it is when it already carries an exit code, else with code.
func asExit(err error, code int) error {
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		return err
	}
	return cli.Exit(err.Error(), code)
}

// defaults changes the default values of the named flags (an int or a string flag each).
func defaults(flags []cli.Flag, values map[string]any) {
	for _, f := range flags {
		switch sf := f.(type) {
		case *cli.IntFlag:
			if v, ok := values[sf.Name].(int); ok {
				sf.Value = v
			}
		case *cli.StringFlag:
			if v, ok := values[sf.Name].(string); ok {
				sf.Value = v
			}
		}
	}
}
