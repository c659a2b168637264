package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// ganonParam is the params key of a Ganon target point: the target for every skill at P players.
func ganonParam(players int) string { return sim.GanonParam(players) }

// ganonSets returns the --set values that make Ganon's three targets t at p players.
func ganonSets(p, t int) []string {
	var out []string
	for _, s := range []string{"move", "attack", "interact"} {
		out = append(out, fmt.Sprintf("ganon.targets.%d.%s=%d", p, s, t))
	}
	return out
}

func ganonCommand() *cli.Command {
	flags := simFlags("out/ganon")
	flags = append(flags,
		&cli.StringFlag{Name: "targets", Value: defaultGanonTargets, Usage: "Ganon targets to try (the same for the three skills): `VALUES` as a list or A..B or A..B:STEP"},
		&cli.Float64Flag{Name: "goal", Usage: "also find, by bisection, the target that gives this campaign win `RATE` (e.g. 0.5)"},
	)
	flags = append(flags, reportFlags()...)
	for _, f := range flags {
		if sf, ok := f.(*cli.IntFlag); ok && sf.Name == "campaigns" {
			sf.Value = 2000
		}
	}
	return &cli.Command{
		Name:  "ganon",
		Usage: "is Ganon beatable? win rates against Ganon's targets, per player count",
		Description: "For each player count, runs the campaigns at each Ganon target (Move, Attack and Interact\n" +
			"all set to it), replaying the same campaigns at every target (common random numbers). It\n" +
			"prints the campaign win rate and the rate of beating Ganon once his Boss Room is reached,\n" +
			"with 95% intervals; with --goal, the target that gives that win rate (bisection over whole\n" +
			"targets); and the Shards the heroes bring to the Tower and what Ganon still asked of their\n" +
			"cards when he won. Writes results.json (a group per player count and target).\n" +
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
	g, err := planGanon(c)
	if err != nil {
		return err
	}
	if goal > 0 && g.base.Shard.Count > 1 {
		return cli.Exit("--goal: the bisection needs the whole run (on one shard it would answer for that shard's campaigns only): run it without --shard", exitBadInput)
	}
	if err := checkOutputs(c); err != nil {
		return err
	}
	s, err := startSession(c, g.plannedCampaigns())
	if err != nil {
		return err
	}
	defer s.close()
	g.s = s
	res, err := g.runAll(goal)
	if err != nil {
		return err
	}
	return s.finish(res, func(w io.Writer) error { printGanon(w, res); return nil })
}

// ganonPoint is a player count and a Ganon target.
type ganonPoint struct{ players, target int }

// ganonRun is the work of one ganon command: the configuration of every point, the groups run
// so far and the results they make.
type ganonRun struct {
	c       *cli.Context
	s       *session
	base    sim.Config
	targets map[int][]int // by player count, as given
	cfgs    map[ganonPoint]sim.Config
	groups  map[ganonPoint]*sim.Group
	res     *sim.Results
}

// planGanon reads the flags and loads the data of every target at every player count, so that
// a bad target fails before any simulation.
func planGanon(c *cli.Context) (*ganonRun, error) {
	base, err := loadData(c)
	if err != nil {
		return nil, err
	}
	baseCfg, err := simConfig(c, base.Data)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	g := &ganonRun{c: c, base: baseCfg, targets: map[int][]int{}, cfgs: map[ganonPoint]sim.Config{}, groups: map[ganonPoint]*sim.Group{}}
	g.res, err = sim.NewResults(baseCfg, false)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	g.res.Groups = nil
	g.res.BaseParams = ganonBaseParams(baseCfg)
	for _, p := range baseCfg.Players {
		targets, err := ganonTargets(c.String("targets"), p)
		if err != nil {
			return nil, cli.Exit(err.Error(), exitBadInput)
		}
		g.targets[p] = targets
		for _, t := range targets {
			if _, err := g.config(ganonPoint{p, t}); err != nil {
				return nil, err
			}
		}
	}
	return g, nil
}

// ganonBaseParams records the data's own Ganon target at each player count (when the three
// skills are equal), for the report to mark it on the heat map.
func ganonBaseParams(cfg sim.Config) map[string]string {
	out := map[string]string{}
	for _, p := range cfg.Players {
		c := cfg.Data.Ganon.Targets[p]
		if c[0] == c[1] && c[1] == c[2] {
			out[ganonParam(p)] = strconv.Itoa(int(c[0]))
		}
	}
	return out
}

// plannedCampaigns is the campaigns of every planned point (the bisection adds its own).
func (g *ganonRun) plannedCampaigns() int64 {
	per := sim.ShardCampaigns(int64(g.base.Campaigns), g.base.Shard)
	return per * int64(len(g.cfgs))
}

// config returns the run configuration of a point, loading its data the first time.
func (g *ganonRun) config(pt ganonPoint) (sim.Config, error) {
	if cfg, ok := g.cfgs[pt]; ok {
		return cfg, nil
	}
	sets := append(append([]string{}, g.c.StringSlice("set")...), ganonSets(pt.players, pt.target)...)
	l, err := loadDataSets(g.c, sets)
	if err != nil {
		return sim.Config{}, cli.Exit(fmt.Sprintf("--targets: target %d at %d players: %v", pt.target, pt.players, err), exitBadInput)
	}
	cfg := g.base
	cfg.Data = l.Data
	cfg.Players = []int{pt.players}
	cfg.Params = map[string]string{ganonParam(pt.players): strconv.Itoa(pt.target)}
	for _, s := range g.c.StringSlice("set") {
		k, v, _ := strings.Cut(s, "=")
		cfg.Params[k] = v
	}
	g.cfgs[pt] = cfg
	return cfg, nil
}

// errStopped ends a bisection that Ctrl-C interrupted.
var errStopped = errors.New("interrupted")

// point runs a point once (later calls return its group). After Ctrl-C it runs nothing: a
// planned point gets an empty group marked partial, a bisection step returns errStopped.
func (g *ganonRun) point(pt ganonPoint, planned bool) (*sim.Group, error) {
	if grp, ok := g.groups[pt]; ok {
		return grp, nil
	}
	if !planned && g.s.interrupted() {
		return nil, errStopped
	}
	cfg, err := g.config(pt)
	if err != nil {
		return nil, err
	}
	var res *sim.Results
	if g.s.interrupted() {
		res, err = sim.NewResults(cfg, true)
	} else {
		if !planned {
			g.s.prog.addTotal(sim.ShardCampaigns(int64(cfg.Campaigns), cfg.Shard))
		}
		label := fmt.Sprintf("%d players, Ganon target %d", pt.players, pt.target)
		if g.s.prog.mode != progressBar {
			fmt.Fprintln(g.c.App.ErrWriter, label)
		}
		res, err = g.s.simulate(label, cfg)
	}
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	grp := res.Groups[0]
	grp.ConfigFingerprint = cfg.Data.Fingerprint
	g.groups[pt] = grp
	g.res = addResults(g.res, res)
	return grp, nil
}

// runAll runs every planned point, then (with a goal) the bisection at each player count, and
// returns the results with the groups in order of player count and target.
func (g *ganonRun) runAll(goal float64) (*sim.Results, error) {
	for _, p := range g.base.Players {
		for _, t := range g.targets[p] {
			if _, err := g.point(ganonPoint{p, t}, true); err != nil {
				return nil, err
			}
		}
	}
	for _, p := range g.base.Players {
		if goal == 0 || g.s.interrupted() {
			break
		}
		answer, err := g.bisect(p, goal)
		if errors.Is(err, errStopped) {
			break
		}
		if err != nil {
			return nil, err
		}
		g.res.GanonGoals = append(g.res.GanonGoals, answer)
	}
	sortGanonGroups(g.res.Groups)
	return g.res, nil
}

// bisect finds the target whose campaign win rate is the closest to goal at p players, between
// the lowest and highest targets given.
func (g *ganonRun) bisect(p int, goal float64) (sim.GanonGoal, error) {
	ts := g.targets[p]
	lo, hi := slices.Min(ts), slices.Max(ts)
	run := func(t int) (*sim.Group, error) { return g.point(ganonPoint{p, t}, false) }
	t, _, err := bisectGanon(run, lo, hi, goal)
	if err != nil {
		return sim.GanonGoal{}, err
	}
	rate := func(t int) float64 {
		grp := g.groups[ganonPoint{p, t}]
		return float64(grp.Wins) / float64(max(grp.Campaigns, 1))
	}
	return sim.GanonGoal{Players: p, Goal: goal, Target: t, Low: lo, High: hi, Bracketed: rate(lo) >= goal && goal >= rate(hi)}, nil
}

// sortGanonGroups orders groups by player count, then Ganon target.
func sortGanonGroups(groups []*sim.Group) {
	sort.SliceStable(groups, func(i, j int) bool {
		a, b := groups[i], groups[j]
		if a.Players != b.Players {
			return a.Players < b.Players
		}
		ta, _ := strconv.Atoi(a.Params[ganonParam(a.Players)])
		tb, _ := strconv.Atoi(b.Params[ganonParam(b.Players)])
		return ta < tb
	})
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

// bisectGanon finds, among whole targets in [lo, hi], the one whose campaign win rate is closest
// to goal, assuming the win rate falls as the target rises (common random numbers make the
// comparison between targets precise).
func bisectGanon(run func(int) (*sim.Group, error), lo, hi int, goal float64) (int, *sim.Group, error) {
	rate := func(t int) (float64, *sim.Group, error) {
		g, err := run(t)
		if err != nil {
			return 0, nil, err
		}
		return float64(g.Wins) / float64(max(g.Campaigns, 1)), g, nil
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		r, _, err := rate(mid)
		if err != nil {
			return 0, nil, err
		}
		if r >= goal {
			lo = mid
		} else {
			hi = mid
		}
	}
	rl, gl, err := rate(lo)
	if err != nil {
		return 0, nil, err
	}
	rh, gh, err := rate(hi)
	if err != nil {
		return 0, nil, err
	}
	if abs(rl-goal) <= abs(rh-goal) {
		return lo, gl, nil
	}
	return hi, gh, nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// printGanon prints the answers to --goal, the win rates by player count and target, then the
// Shards brought to the Tower and the shortfall.
func printGanon(w io.Writer, r *sim.Results) {
	for _, goal := range r.GanonGoals {
		fmt.Fprintln(w, reports.GoalText(r, goal))
	}
	if len(r.GanonGoals) > 0 {
		fmt.Fprintln(w)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "players\ttarget\tcampaigns\twin rate\t95% interval\tGanon reached\tbeaten once reached\t95% interval")
	for _, g := range r.Groups {
		win, beat := reports.NewRate(g.Wins, g.Campaigns), reports.NewRate(g.Ganon.Defeated, g.Ganon.Reached)
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s-%s\t%s\t%s\t%s-%s\n", g.Players, g.Params[ganonParam(g.Players)], g.Campaigns,
			pct(g.Wins, g.Campaigns), pctf(win.Lo), pctf(win.Hi), pct(g.Ganon.Reached, g.Campaigns), pct(g.Ganon.Defeated, g.Ganon.Reached), pctf(beat.Lo), pctf(beat.Hi))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nShards the team brings to Ganon's Tower (the end of the campaign), and what Ganon still")
	fmt.Fprintln(w, "asked of the cards when he won (mean per skill, after the Shards)")
	fmt.Fprintln(tw, "players\ttarget\tmean Shards\tmedian\tshortfall move\tattack\tinteract")
	for _, g := range r.Groups {
		shards, median := histSummary(g.FinalShardsHist)
		move, _ := histSummary(g.Ganon.ShortfallHist["move"])
		attack, _ := histSummary(g.Ganon.ShortfallHist["attack"])
		interact, _ := histSummary(g.Ganon.ShortfallHist["interact"])
		fmt.Fprintf(tw, "%d\t%s\t%.2f\t%d\t%.1f\t%.1f\t%.1f\n", g.Players, g.Params[ganonParam(g.Players)], shards, median, move, attack, interact)
	}
	tw.Flush()
}

// histSummary returns the mean and median of a histogram (reports.Summarize), 0 and 0 when it
// is empty.
func histSummary(h []int64) (mean float64, median int) {
	st := reports.Summarize(h)
	if st.N == 0 {
		return 0, 0
	}
	return st.Mean, int(st.Median)
}
