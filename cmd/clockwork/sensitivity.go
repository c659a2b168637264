package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/sim"
)

// defaultSensitivityValues selects the values `sensitivity` moves when --values is not given:
// every whole number of the data but the boards (tiles and layouts, whose numbers are places
// more than amounts).
var defaultSensitivityValues = []string{"setup", "rules", "skill_cards", "items", "treasures", "temples", "enemies",
	"bosses", "ganon", "special_rooms", "damage", "skull"}

func sensitivityCommand() *cli.Command {
	cmd := sensitivityCommandOf(clockworkCommands{})
	cmd.Description = "Plays the campaigns on the data as it is, then again with each selected value moved\n" +
		"--step down and up (one value at a time, on the same campaign seeds: common random numbers),\n" +
		"and ranks the values by the largest change of the campaign win rate, with paired 95%\n" +
		"intervals and McNemar's test: a table per player count and a tornado chart in the report.\n" +
		"A move that makes the data invalid (below a minimum, say) is listed as not valid.\n" +
		"Writes results.json (the base groups and a sensitivity row per value, step and player count).\n" +
		"Ctrl-C stops after the value in progress and writes the rows done, marked partial.\n\n" +
		"Examples:\n" +
		"  clockwork sensitivity --values ganon,skull,setup --campaigns 500 --report out/sensitivity/report\n" +
		"  clockwork sensitivity --values enemies.*.defeat --players 2,3,4 --metric level_success:1\n" +
		"  clockwork sensitivity            # every whole number but the boards: slow, hours with the planner"
	return cmd
}

// sensitivityCommandOf builds the sensitivity command of a game.
func sensitivityCommandOf(g simCommands) *cli.Command {
	flags := g.simFlags("out/sensitivity", defaultCampaigns)
	flags = append(flags,
		&cli.StringFlag{Name: "values", Usage: "the data values to move: `PATTERNS`, comma separated --set paths where * matches one part and a path names everything under it (e.g. enemies.*.defeat,ganon.targets.3)", DefaultText: "every whole number but tiles and layouts"},
		&cli.IntFlag{Name: "step", Value: 1, Usage: "how far each value moves, down and up"},
	)
	if ms := g.sensitivityMetrics(); len(ms) > 0 {
		flags = append(flags, &cli.StringFlag{Name: "metric", Value: ms[0], Usage: "the metric shown besides the win rate: " + strings.Join(ms, ", ")})
	}
	flags = append(flags, g.matrixFlags()...)
	flags = append(append(flags, reportFlags()...), verboseFlag())
	defaults(flags, map[string]any{g.episodes(): 300, "players": "3"})
	key, _, _ := strings.Cut(g.setExample(), "=")
	examples := examplesOf(g, "sensitivity", "--values "+key, "--matrix --values 'teams.skull_kid.*' --games 100   # what moves the match-up matrix")
	return &cli.Command{
		Name:  "sensitivity",
		Usage: "which numbers matter most? each data value a step down and up, ranked by its effect",
		Description: "Plays on the data as it is, then again with each selected value moved --step down and\n" +
			"up (one value at a time, on the same seeds: common random numbers), and ranks the values by\n" +
			"the largest change of the win rate, with paired 95% intervals and McNemar's test.\n\n" +
			"Examples:\n" + examples,
		Flags:  flags,
		Action: func(c *cli.Context) error { return sensitivityAction(c, g) },
	}
}

func sensitivityAction(c *cli.Context, g simCommands) error {
	if c.NArg() > 0 {
		return cli.Exit("takes no arguments", exitBadInput)
	}
	format, err := summaryFormat(c)
	if err != nil {
		return err
	}
	matrix, err := wantsMatrix(c)
	if err != nil {
		return err
	}
	if matrix {
		return sensitivityMatrixAction(c, g.(*seatGame), format)
	}
	s, err := planSensitivity(c, g)
	if err != nil {
		return err
	}
	if err := checkOutputs(c); err != nil {
		return err
	}
	sess, err := startSession(c, int64(1+2*len(s.Values))*s.Base.Total())
	if err != nil {
		return err
	}
	defer sess.close()
	s.Simulate = func(label string, cfg sim.Config) (*sim.Results, error) {
		if sess.prog.mode == progressPlain {
			fmt.Fprintln(c.App.ErrWriter, label)
		}
		return sess.simulate(label, cfg)
	}
	s.Interrupted = sess.interrupted
	sess.stopNote = func(res *sim.Results) string {
		return fmt.Sprintf("%d of %d values moved both ways", valuesDone(res.Sensitivity), len(s.Values))
	}
	res, err := s.Run()
	if err != nil {
		return asExit(err, exitBadInput)
	}
	res.Sensitivity = rowsThatCount(res.Sensitivity)
	res.SensitivityMetric = c.String("metric")
	return sess.finish(res, func(w io.Writer) error { return printAnswer(c, w, res, format) })
}

// planSensitivity reads the flags, loads the data and selects the values to move.
func planSensitivity(c *cli.Context, g simCommands) (*sim.Sensitivity, error) {
	if ms := g.sensitivityMetrics(); len(ms) > 0 && !slices.Contains(ms, c.String("metric")) {
		return nil, cli.Exit(fmt.Sprintf("--metric %q: expected one of %s", c.String("metric"), strings.Join(ms, ", ")), exitBadInput)
	}
	step, err := stepOf(c)
	if err != nil {
		return nil, err
	}
	_, cfg, err := baseConfig(c, g)
	if err != nil {
		return nil, err
	}
	values, err := movedValues(c, g, cfg)
	if err != nil {
		return nil, err
	}
	values = valuesFor(values, cfg.Players)
	if len(values) == 0 {
		return nil, cli.Exit(fmt.Sprintf("--values %q: every value it selects is for another player count than --players %s",
			c.String("values"), c.String("players")), exitBadInput)
	}
	s := &sim.Sensitivity{Base: cfg, Values: values, Step: step}
	s.Config = func(param string, value int) (sim.Config, error) {
		moved, err := g.loadRaw(c, append(append([]string{}, dataSets(c)...), param+"="+strconv.Itoa(value)))
		if err != nil {
			return sim.Config{}, firstProblem(err)
		}
		m := cfg
		m.Game = moved
		m.Params = map[string]string{param: strconv.Itoa(value)}
		return m, nil
	}
	return s, nil
}

// stepOf reads --step: at least 1.
func stepOf(c *cli.Context) (int, error) {
	step := c.Int("step")
	if step < 1 {
		return 0, cli.Exit(fmt.Sprintf("--step %d: must be at least 1", step), exitBadInput)
	}
	return step, nil
}

// movedValues checks that cfg plays one agent and returns the values --values selects (the
// game's default set when it is not given).
func movedValues(c *cli.Context, g simCommands, cfg sim.Config) ([]sim.MovedValue, error) {
	if len(cfg.Agents) != 1 {
		return nil, cli.Exit("--agent: sensitivity plays one agent (run it once per agent)", exitBadInput)
	}
	all, err := g.numericValues(c)
	if err != nil {
		return nil, err
	}
	values, err := selectValues(c.String("values"), all, g.sensitivityValues(), g.command("data"))
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	return values, nil
}

// selectValues picks the values that the patterns (comma separated; "" for the default set)
// select, each once, in path order; a pattern that selects nothing is an error.
func selectValues(list string, all []datafile.NumericValue, defaults []string, data string) ([]sim.MovedValue, error) {
	patterns := defaults
	if strings.TrimSpace(list) != "" {
		patterns = strings.Split(list, ",")
	}
	var out []sim.MovedValue
	for _, v := range all {
		for _, p := range patterns {
			if datafile.MatchValue(strings.TrimSpace(p), v.Path) {
				out = append(out, sim.MovedValue{Param: v.Path, Base: v.Value})
				break
			}
		}
	}
	for _, p := range patterns {
		p = strings.TrimSpace(p)
		found := false
		for _, v := range all {
			found = found || datafile.MatchValue(p, v.Path)
		}
		if !found {
			return nil, fmt.Errorf("--values %q: %q selects no whole number of the data (see clockwork %s --format json)", list, p, data)
		}
	}
	return out, nil
}

// valuesFor keeps the values that can change the game of one of the player counts (a value of
// another count, such as setup.skill_cards_per_type.2 at 3 players, would be played for
// nothing and ranked +0.0).
func valuesFor(values []sim.MovedValue, players []int) []sim.MovedValue {
	var out []sim.MovedValue
	for _, v := range values {
		if slices.ContainsFunc(players, func(n int) bool { return affects(v.Param, n) }) {
			out = append(out, v)
		}
	}
	return out
}

// rowsThatCount drops the rows of a player count that the moved value cannot change (with
// several player counts a value of one count is played for all: its other rows are +0.0 by
// construction, not a finding).
func rowsThatCount(rows []sim.SensitivityRow) []sim.SensitivityRow {
	out := rows[:0]
	for _, r := range rows {
		if affects(r.Param, r.Players) {
			out = append(out, r)
		}
	}
	return out
}

// valuesDone counts the values whose two steps were tried (played or not valid).
func valuesDone(rows []sim.SensitivityRow) int {
	steps := map[string]map[int]bool{}
	for _, r := range rows {
		if steps[r.Param] == nil {
			steps[r.Param] = map[int]bool{}
		}
		steps[r.Param][r.Value] = true
	}
	n := 0
	for _, vs := range steps {
		if len(vs) == 2 {
			n++
		}
	}
	return n
}

// firstProblem is the first problem of a data error, as the reason a moved value is not valid.
func firstProblem(err error) error {
	var ps datafile.Problems
	if errors.As(err, &ps) && len(ps) > 0 {
		return fmt.Errorf("%s", ps[0].Msg)
	}
	return err
}
