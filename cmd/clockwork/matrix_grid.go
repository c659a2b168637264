package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// This file is `clockwork duels sweep --matrix` and `clockwork duels sensitivity --matrix`: the
// sweep and the sensitivity of the whole match-up matrix (matrix.go) instead of one match-up.

// wantsMatrix reports whether the command plays the whole matrix (--matrix), refusing the
// flags that belong to one mode only: --maps without --matrix, --map with it.
func wantsMatrix(c *cli.Context) (bool, error) {
	matrix := c.Bool("matrix")
	switch {
	case !matrix && c.IsSet("maps"):
		return false, cli.Exit(fmt.Sprintf("--maps %q: only with --matrix (one match-up is played on --map)", c.String("maps")), exitBadInput)
	case matrix && c.IsSet("map"):
		return false, cli.Exit(fmt.Sprintf("--map %q: with --matrix the maps are --maps", c.String("map")), exitBadInput)
	}
	return matrix, nil
}

// sweepMatrixAction is `clockwork duels sweep --matrix`: the whole matrix at every point of the
// grid of params, one group per point and cell (its params the point's values, the map and the
// teams), with checkpoints and Ctrl-C as for every sweep. A cell whose match-up reads the same
// data as at an earlier point is not played again (without --checkpoint).
func sweepMatrixAction(c *cli.Context, g *seatGame, params []sweepParam, format string) error {
	l, err := loadGameData(c, g)
	if err != nil {
		return err
	}
	base := l.simGame().(*duelssim.Game)
	plan, err := planMatrix(c, g, base)
	if err != nil {
		return err
	}
	var cfgs []sim.Config
	var keys []string
	var labels []map[string]string
	for _, pt := range grid(params) {
		game, err := g.load(c, append(append([]string{}, dataSets(c)...), pointSets(pt)...))
		if err != nil {
			return cli.Exit(fmt.Sprintf("point %s: %v", pointText(pt), err), exitBadInput)
		}
		runs, ks, err := plan.runs(game.(*duelssim.Game).Data, pt, false)
		if err != nil {
			return cli.Exit(err.Error(), exitBadInput)
		}
		cfgs, keys = append(cfgs, runs...), append(keys, ks...)
		for _, cell := range plan.cells {
			labels = append(labels, withParams(cell, pt))
		}
	}
	baseParams, err := sweepBaseParams(c, g, params)
	if err != nil {
		return err
	}
	return runGridBase(c, format, gridRun{cfgs: cfgs, points: labels, fingerprint: base.Fingerprint(),
		sweep: append(sweepText(params), plan.identity()...), base: baseParams, keys: keys})
}

// pointSets are a sweep point's values as --set values, keys sorted.
func pointSets(pt map[string]string) []string {
	var out []string
	for _, k := range sortedKeys(pt) {
		out = append(out, k+"="+pt[k])
	}
	return out
}

// withParams returns the params of a and b together.
func withParams(a, b map[string]string) map[string]string {
	out := make(map[string]string, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// sensitivityMatrixAction is `clockwork duels sensitivity --matrix`: the matrix on the data as
// it is, then on each moved value, paired game by game, one row per value, step and team.
func sensitivityMatrixAction(c *cli.Context, g *seatGame, format string) error {
	s, err := planMatrixSensitivity(c, g)
	if err != nil {
		return err
	}
	if err := checkOutputs(c); err != nil {
		return err
	}
	var cells int64
	for _, cfg := range s.Base {
		cells += cfg.Total()
	}
	sess, err := startSession(c, int64(1+2*len(s.Values))*cells)
	if err != nil {
		return err
	}
	defer sess.close()
	last := ""
	s.Simulate = func(label string, cfg sim.Config) (*sim.Results, error) {
		if sess.prog.mode == progressPlain && label != last {
			fmt.Fprintln(c.App.ErrWriter, label)
		}
		last = label
		return sess.simulate(label, cfg)
	}
	s.Interrupted, s.Planned = sess.interrupted, sess.prog.addTotal
	sess.stopNote = func(res *sim.Results) string {
		return fmt.Sprintf("%d of %d values moved both ways", valuesDone(res.Sensitivity), len(s.Values))
	}
	res, err := s.Run()
	if err != nil {
		return asExit(err, exitBadInput)
	}
	if n := s.Played + s.Reused; n > 0 {
		fmt.Fprintf(c.App.ErrWriter, "played %d of the %d match-ups of the moved matrices; the other %d read the same data as on the data as it is: their games are the base's\n",
			s.Played, n, s.Reused)
	}
	return sess.finish(res, func(w io.Writer) error { return printAnswer(c, w, res, format) })
}

// planMatrixSensitivity reads the flags, loads the data, selects the values to move and makes
// the matrix's runs on the data as it is and how to make them on moved data.
func planMatrixSensitivity(c *cli.Context, g *seatGame) (*sim.GridSensitivity, error) {
	step, err := stepOf(c)
	if err != nil {
		return nil, err
	}
	l, err := loadGameData(c, g)
	if err != nil {
		return nil, err
	}
	base := l.simGame().(*duelssim.Game)
	plan, err := planMatrix(c, g, base)
	if err != nil {
		return nil, err
	}
	values, err := movedValues(c, g, plan.cfg)
	if err != nil {
		return nil, err
	}
	cfgs, keys, err := plan.runs(base.Data, nil, true)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	s := &sim.GridSensitivity{Base: cfgs, Keys: keys, Teams: plan.gridTeams(), Values: values, Step: step, Replay: replayEveryCell}
	s.Config = func(param string, value int) ([]sim.Config, []string, error) {
		moved, err := g.loadRaw(c, append(append([]string{}, dataSets(c)...), param+"="+strconv.Itoa(value)))
		if err != nil {
			return nil, nil, firstProblem(err)
		}
		return plan.runs(moved.(*duelssim.Game).Data, nil, true)
	}
	return s, nil
}

// replayEveryCell makes a matrix sensitivity (and sweep) play every cell of every move (point),
// even one whose match-up reads the same data as the base (an earlier point): the tests pin that
// the files are the same.
var replayEveryCell = false
