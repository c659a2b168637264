package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
)

// sweepParam is one swept --set path and its values.
type sweepParam struct {
	key    string
	values []string
}

// parseSweepParam reads `key=values`: a list (4,5,6), a range (2..8) or a stepped range
// (10..30:2). Values of a range are whole numbers; a value given twice is refused (it would run
// the same point twice).
func parseSweepParam(s string) (sweepParam, error) {
	key, vals, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" || vals == "" {
		return sweepParam{}, fmt.Errorf("--param %q: expected PATH=VALUES, e.g. setup.skill_cards_per_type.3=2..8", s)
	}
	values, err := parseValues("--param", s[strings.Index(s, "=")+1:])
	if err != nil {
		return sweepParam{}, fmt.Errorf("--param %q: %w", s, errors.Unwrap(err))
	}
	return sweepParam{key: key, values: values}, nil
}

// parseValues reads the values of flag: a list (4,5,6), a range (2..8) or a stepped range
// (10..30:2), each value once.
func parseValues(flag, vals string) ([]string, error) {
	wrap := func(format string, args ...any) error {
		return fmt.Errorf("%s %q: %w", flag, vals, fmt.Errorf(format, args...))
	}
	var values []string
	if lo, rest, isRange := strings.Cut(vals, ".."); isRange {
		hi, stepText, hasStep := strings.Cut(rest, ":")
		step := 1
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		var err3 error
		if hasStep {
			step, err3 = strconv.Atoi(strings.TrimSpace(stepText))
		}
		if err1 != nil || err2 != nil || err3 != nil || step < 1 || b < a {
			return nil, wrap("a range is A..B or A..B:STEP with whole numbers, A <= B, STEP >= 1")
		}
		// b-a and a+step may overflow an int (found by FuzzParseValues): count in uint64.
		n := (uint64(b)-uint64(a))/uint64(step) + 1
		if n > 1000 || n == 0 {
			return nil, wrap("more than 1000 values")
		}
		for i := 0; i < int(n); i++ {
			values = append(values, strconv.Itoa(a+i*step))
		}
		return values, nil
	}
	for _, v := range strings.Split(vals, ",") {
		if v = strings.TrimSpace(v); v == "" {
			return nil, wrap("an empty value")
		}
		if slices.Contains(values, v) {
			return nil, wrap("%s appears twice (each point is run once)", v)
		}
		values = append(values, v)
	}
	return values, nil
}

// grid returns every combination of the params' values (the first param varies slowest).
func grid(params []sweepParam) []map[string]string {
	points := []map[string]string{{}}
	for _, p := range params {
		var next []map[string]string
		for _, pt := range points {
			for _, v := range p.values {
				m := make(map[string]string, len(pt)+1)
				for k, x := range pt {
					m[k] = x
				}
				m[p.key] = v
				next = append(next, m)
			}
		}
		points = next
	}
	return points
}

func sweepCommand() *cli.Command {
	cmd := sweepCommandOf(clockworkCommands{})
	cmd.Description = "Runs `clockwork run` once per point of the grid of --param values (each a --set path),\n" +
		"on top of --config and --set. Every point replays the same campaign seeds (common random\n" +
		"numbers), so differences between points are the data's, not chance's. Writes one\n" +
		"results.json with a group per point and player count (its params name the point).\n" +
		"Ctrl-C stops the whole sweep: every point is written, those not complete marked partial.\n" +
		"--checkpoint 30s writes checkpoint.json into --out every 30 s and at Ctrl-C; the same flags\n" +
		"and --resume FILE finish the sweep with the files of an uninterrupted one.\n\n" +
		"Examples:\n" +
		"  clockwork sweep --param setup.skill_cards_per_type.3=2..8 --players 3\n" +
		"  clockwork sweep --param ganon.targets.3.move=12..24:2 --param ganon.targets.3.attack=12..24:2\n" +
		"  clockwork sweep --param enemies.keese.defeat.attack=1,2,3 --campaigns 2000"
	return cmd
}

// sweepCommandOf builds the sweep command of a game.
func sweepCommandOf(g simCommands) *cli.Command {
	flags := g.simFlags("out/sweep", defaultCampaigns)
	flags = append(flags, &cli.StringSliceFlag{Name: "param", Usage: "a swept data value `PATH=VALUES`: a list 4,5,6, a range 2..8 or 10..30:2 (repeatable: a grid)"})
	flags = append(flags, g.matrixFlags()...)
	flags = append(flags, checkpointFlags()...)
	flags = append(append(flags, reportFlags()...), verboseFlag())
	key, _, _ := strings.Cut(g.setExample(), "=")
	examples := examplesOf(g, "sweep", "--param "+key+"=2..8", "--matrix --param teams.link.characters.link.hp=14..22:2 --games 200   # every team's win rate over the matrix")
	return &cli.Command{
		Name:  "sweep",
		Usage: "run the simulation at every value of one or more data values (a grid)",
		Description: "Runs `clockwork " + g.command("run") + "` once per point of the grid of --param values (each a\n" +
			"--set path), on top of --config and --set. Every point replays the same seeds (common\n" +
			"random numbers), so differences between points are the data's, not chance's. Writes one\n" +
			"results.json with a group per point, player count and line-up (its params name the point).\n" +
			"Ctrl-C stops the whole sweep: every point is written, those not complete marked partial.\n\n" +
			"Examples:\n" + examples,
		Flags:  flags,
		Action: func(c *cli.Context) error { return sweepAction(c, g) },
	}
}

// sweepAction checks the flags, every point's data and the output paths, runs the points and
// writes the results.
func sweepAction(c *cli.Context, g simCommands) error {
	if c.NArg() > 0 {
		return cli.Exit("takes no arguments", exitBadInput)
	}
	params, err := sweepParams(c)
	if err != nil {
		return err
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
		return sweepMatrixAction(c, g.(*seatGame), params, format)
	}
	cfgs, fingerprint, err := prepareSweep(c, g, grid(params))
	if err != nil {
		return err
	}
	base, err := sweepBaseParams(c, g, params)
	if err != nil {
		return err
	}
	return runGridBase(c, format, gridRun{cfgs: cfgs, points: grid(params), fingerprint: fingerprint, sweep: sweepText(params), base: base})
}

// sweepBaseParams are the values the data (after --config and --set) gives the swept keys that
// are whole numbers: the sweep charts mark them ("the data's value").
func sweepBaseParams(c *cli.Context, g simCommands, params []sweepParam) (map[string]string, error) {
	all, err := g.numericValues(c)
	if err != nil {
		return nil, err
	}
	base := map[string]string{}
	for _, p := range params {
		for _, v := range all {
			if v.Path == p.key {
				base[p.key] = strconv.Itoa(v.Value)
			}
		}
	}
	if len(base) == 0 {
		return nil, nil
	}
	return base, nil
}

// runGrid plays the runs cfgs of the points of a grid (a sweep's, a match-up matrix's), with
// checkpoints and Ctrl-C, and writes the one results file of them all (fingerprint: the base
// data's; sweep: the grid as a checkpoint records it).
func runGrid(c *cli.Context, format string, cfgs []sim.Config, points []map[string]string, fingerprint string, sweep []string) error {
	return runGridBase(c, format, gridRun{cfgs: cfgs, points: points, fingerprint: fingerprint, sweep: sweep})
}

// gridRun is a grid of runs to play (a sweep's points, a matrix's cells) and what its results
// file records besides their groups.
type gridRun struct {
	cfgs        []sim.Config
	points      []map[string]string // each run's params, for progress lines
	fingerprint string              // the base data's
	sweep       []string            // the grid as a checkpoint records it
	base        map[string]string   // the data's own values of the swept keys (res.BaseParams; nil for none)
	// keys are the runs' games' keys (duelssim.Game.MatchupKey; nil for none): a run of one
	// group whose key an earlier run had plays its games alike, so that run's group stands for
	// it (not when checkpointing: a checkpoint holds what was played).
	keys []string
}

// runGridBase plays a grid and writes its results file.
func runGridBase(c *cli.Context, format string, gr gridRun) error {
	if err := checkOutputs(c); err != nil {
		return err
	}
	ck, err := newCheckpointer(c, gr.cfgs, runIdentity(c, gr.cfgs[0], gr.fingerprint, gr.sweep))
	if err != nil {
		return err
	}
	sources := gr.sources(ck == nil && !replayEveryCell)
	var total int64
	for i, cfg := range gr.cfgs {
		if sources[i] < 0 {
			total += cfg.Total()
		}
	}
	s, err := startCheckpointed(c, total, ck)
	if err != nil {
		return err
	}
	defer s.close()
	res, err := s.runPoints(gr.cfgs, gr.points, sources)
	if err != nil {
		return err
	}
	res.ConfigFingerprint = gr.fingerprint
	if gr.base != nil {
		res.BaseParams = gr.base
	}
	if gr.keys != nil {
		say := fmt.Sprintf("played %d of the %d match-ups", len(sources)-reusedCount(sources), len(sources))
		if n := reusedCount(sources); n > 0 {
			say += fmt.Sprintf("; the other %d read the same data as at an earlier point: its games stand for them", n)
		}
		fmt.Fprintln(c.App.ErrWriter, say)
	}
	return s.finish(res, func(w io.Writer) error { return printAnswer(c, w, res, format) })
}

// sources returns, for each run, the earlier run whose group stands for it (the first with the
// same key; only runs of one group), or -1 for a run to play; every run is played when reuse is
// false.
func (gr gridRun) sources(reuse bool) []int {
	out := make([]int, len(gr.cfgs))
	first := map[string]int{}
	for i, cfg := range gr.cfgs {
		out[i] = -1
		if !reuse || gr.keys == nil || gr.keys[i] == "" || len(cfg.Players)*len(cfg.Agents) != 1 {
			continue
		}
		if j, ok := first[gr.keys[i]]; ok {
			out[i] = j
		} else {
			first[gr.keys[i]] = i
		}
	}
	return out
}

// reusedCount counts the runs another run's group stands for.
func reusedCount(sources []int) int {
	n := 0
	for _, j := range sources {
		if j >= 0 {
			n++
		}
	}
	return n
}

// sweepParams reads the --param flags.
func sweepParams(c *cli.Context) ([]sweepParam, error) {
	var params []sweepParam
	for _, s := range c.StringSlice("param") {
		p, err := parseSweepParam(s)
		if err != nil {
			return nil, cli.Exit(err.Error(), exitBadInput)
		}
		params = append(params, p)
	}
	if len(params) == 0 {
		return nil, cli.Exit("give at least one --param PATH=VALUES", exitBadInput)
	}
	for i, p := range params {
		for _, q := range params[:i] {
			if q.key == p.key {
				return nil, cli.Exit(fmt.Sprintf("--param %s: given twice (give its values once, as a list or a range)", p.key), exitBadInput)
			}
		}
		for _, set := range dataSets(c) {
			if k, _, _ := strings.Cut(set, "="); strings.TrimSpace(k) == p.key {
				return nil, cli.Exit(fmt.Sprintf("--param %s: also given as --set %s (the sweep sets it at each point)", p.key, set), exitBadInput)
			}
		}
	}
	return params, nil
}

// prepareSweep loads the data of every point and makes its run configuration, so that a bad
// value fails before any simulation. It returns the base data's fingerprint too.
func prepareSweep(c *cli.Context, g simCommands, points []map[string]string) ([]sim.Config, string, error) {
	base, err := g.load(c, dataSets(c))
	if err != nil {
		return nil, "", err
	}
	var cfgs []sim.Config
	for _, pt := range points {
		sets := append([]string{}, dataSets(c)...)
		for _, k := range sortedKeys(pt) {
			sets = append(sets, k+"="+pt[k])
		}
		game, err := g.load(c, sets)
		if err != nil {
			return nil, "", cli.Exit(fmt.Sprintf("point %s: %v", pointText(pt), err), exitBadInput)
		}
		cfg, err := g.config(c, game)
		if err != nil {
			return nil, "", cli.Exit(err.Error(), exitBadInput)
		}
		if cfg.Params == nil {
			cfg.Params = map[string]string{}
		}
		for k, v := range pt {
			cfg.Params[k] = v
		}
		cfgs = append(cfgs, cfg)
	}
	return cfgs, base.Fingerprint(), nil
}

// runPoints runs every point of a sweep in order and puts their groups into one results file
// (each group has its point's data fingerprint). A run whose sources entry names an earlier run
// is not played: a copy of that run's group stands for it, with its own params and fingerprint
// (while nothing was interrupted and that group is complete). After Ctrl-C no further point is
// started: the points not reached are written as empty groups marked partial (or as the
// checkpoint being resumed holds them).
func (s *session) runPoints(cfgs []sim.Config, points []map[string]string, sources []int) (*sim.Results, error) {
	var all *sim.Results
	played := make([]*sim.Group, len(cfgs)) // the group of each run of one group
	var said time.Time                      // when a point was last named in a plain log
	for i, cfg := range cfgs {
		if j := sources[i]; j >= 0 && !s.interrupted() && played[j] != nil && !played[j].Partial {
			g := *played[j]
			g.Params, g.ConfigFingerprint = maps.Clone(cfg.Params), cfg.Game.Fingerprint()
			all.Groups = append(all.Groups, &g)
			continue
		}
		label := fmt.Sprintf("point %d/%d: %s", i+1, len(cfgs), pointText(points[i]))
		// A plain log names a point at most once a progress interval (a matrix has hundreds).
		if !s.interrupted() && s.prog.mode == progressPlain && (said.IsZero() || time.Since(said) >= progressEvery) {
			fmt.Fprintln(s.c.App.ErrWriter, label)
			said = time.Now()
		}
		if s.ck != nil {
			s.ck.before, s.ck.after = all, cfgs[i+1:]
		}
		// After Ctrl-C this plays nothing: the point keeps what a resumed checkpoint holds.
		res, err := s.simulate(label, cfg)
		if err != nil {
			return nil, err
		}
		for _, g := range res.Groups {
			g.ConfigFingerprint = cfg.Game.Fingerprint()
		}
		if len(res.Groups) == 1 {
			played[i] = res.Groups[0]
		}
		all = sim.AppendResults(all, res)
	}
	return all, nil
}

// sweepText is the sweep's params as a checkpoint records them: PATH=V1,V2,... each.
func sweepText(params []sweepParam) []string {
	var out []string
	for _, p := range params {
		out = append(out, p.key+"="+strings.Join(p.values, ","))
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func pointText(pt map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(pt) {
		parts = append(parts, k+"="+pt[k])
	}
	return strings.Join(parts, " ")
}
