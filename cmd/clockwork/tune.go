package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"gonum.org/v1/gonum/floats"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// defaultVerifyGames are the episodes of a tune's verification: a win rate near 50% then has a
// 95% interval of about ±2 points.
const defaultVerifyGames = 2500

// defaultRace is the batches of a candidate's race: a loser can be dropped after a quarter of
// its episodes, then a half.
const defaultRace = 8

// maxRace bounds --race: each batch is a run of its own.
const maxRace = 64

// tuneCommandOf builds the tune of a game: the smallest change of the --vary values that
// brings every gate of --expect into its band, verified on fresh episodes.
func tuneCommandOf(g simCommands) *cli.Command {
	flags := withoutFlags(g.simFlags("out/tune", defaultCampaigns), "outcomes", "format", "precision") // each candidate plays its whole run; the answer is the summary
	flags = append(flags,
		&cli.StringFlag{Name: "expect", Usage: "the targets: a gates `FILE` as check reads it"},
		&cli.StringSliceFlag{Name: "target", Usage: "a target besides --expect's, `METRIC[KEY=VALUE,...]=LO..HI` (repeatable), e.g. win_rate[players=3]=0.44..0.56"},
		&cli.StringSliceFlag{Name: "vary", Usage: "values that may move, `KEY=LO..HI[:STEP]` (repeatable; KEY a --set path, * for one segment or a prefix; a signed bound makes the range relative: -2..+2)"},
		&cli.StringSliceFlag{Name: "keep", Usage: "values that must not move, `KEY` patterns as --vary's (repeatable)"},
		&cli.IntFlag{Name: "max-edits", Usage: "change at most `N` values (0: no cap)"},
		&cli.BoolFlag{Name: "pair-moves", Usage: "also try one value a step up with another a step down (a card count for another, where the data holds a total such as a deck's size)"},
		&cli.BoolFlag{Name: "resume", Usage: "take the candidates already played from --out's trajectory.json (of an interrupted tune with the same data, gates and flags)"},
		&cli.IntFlag{Name: "verify-games", Value: defaultVerifyGames, Usage: "episodes of the verification on fresh seeds, of the patch and of the data as it is"},
		&cli.IntFlag{Name: "race", Value: defaultRace, Usage: "play each candidate in `N` batches, stopping one after 2, 4, 8, ... batches when a paired test finds it worse than the best so far (1: every candidate plays all its episodes)"},
	)
	flags = append(flags, g.matrixFlags()...)
	defaults(flags, map[string]any{g.episodes(): 1000})
	key, _, _ := cutSet(g.setExample())
	examples := examplesOf(g, "tune", "--expect gates.yaml --vary "+key+"=-2..+2",
		"--matrix --target 'team_matrix_win_rate[team=*]=0.42..0.58' --vary 'teams.*.characters.*.hp=-2..+2' --games 100")
	return &cli.Command{
		Name:  "tune",
		Usage: "which smallest data change brings every target into its band? a verified patch",
		Description: "Searches the values of --vary for the smallest change that brings every gate of --expect into\n" +
			"its band: candidates ordered by how far the gates lie outside their bands, then the number of\n" +
			"values changed, then the size of the change; every candidate played on the same episodes\n" +
			"(common random numbers), in a race: one a paired test finds worse than the best so far after\n" +
			"part of its episodes is dropped (--race). The best is then verified on --verify-games fresh\n" +
			"episodes (seed --seed + 1) next to the data as it is, each gate judged as check judges it.\n" +
			"Writes patch.yaml (apply with --set-file, or init --from-patch), results.json (the\n" +
			"verification of the patch, what `run --set-file patch.yaml` on that seed gives), before.json\n" +
			"(the data as it is) and trajectory.json (every candidate) into --out, with the charts of the\n" +
			"targets before and after, the search's convergence and its Pareto front. --target gives a\n" +
			"one-off gate. Exit 1 when the verified patch fails a gate.\n" +
			"docs/tune.md explains the search.\n\n" +
			"Examples:\n" + examples,
		Flags:  flags,
		Action: func(c *cli.Context) error { return tuneAction(c, g) },
	}
}

// withoutFlags returns flags without those named.
func withoutFlags(flags []cli.Flag, names ...string) []cli.Flag {
	var out []cli.Flag
	for _, f := range flags {
		if !slices.Contains(names, f.Names()[0]) {
			out = append(out, f)
		}
	}
	return out
}

// tunePlan is a tune read from its flags: the search and what it needs to judge and verify.
type tunePlan struct {
	gates    []reports.Gate
	settings tuneSettings
	search   *sim.Tune
	base     sim.Config  // the data as it is, with the flags
	fp       string      // its fingerprint
	matrix   *tuneMatrix // the match-up matrix every candidate plays (duels tune --matrix), or nil
}

// tuneAction reads the flags, searches, verifies the best candidate and writes the patch.
func tuneAction(c *cli.Context, g simCommands) error {
	if c.NArg() > 0 {
		return cli.Exit("takes no arguments", exitBadInput)
	}
	plan, err := planTune(c, g)
	if err != nil {
		return err
	}
	resumed, err := plan.resumed(c)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.String("out"), 0o755); err != nil {
		return cli.Exit("--out: "+err.Error(), exitBadInput)
	}
	s, err := startSession(c, 0)
	if err != nil {
		return err
	}
	defer s.close()
	ev := &evaluator{plan: plan, c: c, g: g, s: s}
	plan.search.Evaluate = ev.evaluate
	for _, cand := range resumed {
		plan.search.Known = append(plan.search.Known, cand)
	}
	plan.search.Interrupted = s.interrupted
	if s.prog.mode == progressPlain {
		n := 1 // the data as it is, candidate 0, is not told
		plan.search.Progress = func(played, best sim.Candidate) {
			from := ""
			if _, ok := resumed[played.Key()]; ok {
				from = " (from the trajectory)"
			}
			s.say(fmt.Sprintf("candidate %d %s%s: miss %s; best %s: miss %s", n, editsText(played.Edits), from, missText(played), editsText(best.Edits), missText(best)))
			n++
		}
	}
	found, err := plan.search.Run()
	switch {
	case ev.fatal != nil:
		return cli.Exit(fmt.Sprintf("%s\nclockwork %s: gates of --expect that cannot be checked", ev.fatal, g.command("tune")), exitBadInput)
	case err != nil:
		return cli.Exit(err.Error(), exitBadInput)
	}
	return plan.finish(c, g, s, found)
}

// tuneTargets reads the gates of --expect then those of --target, all of the command's game,
// and returns them with the gates file's contents (none without --expect).
func tuneTargets(c *cli.Context, game string) ([]reports.Gate, []byte, error) {
	var gates []reports.Gate
	var raw []byte
	if path := c.String("expect"); path != "" {
		var err error
		if gates, err = reports.ReadGates(path); err != nil {
			return nil, nil, cli.Exit(err.Error(), exitBadInput)
		}
		if gates[0].Game != game {
			return nil, nil, cli.Exit(fmt.Sprintf("--expect %s: the gates are for %s, this command plays %s", path, gates[0].Game, game), exitBadInput)
		}
		raw, _ = os.ReadFile(path) // just read
	}
	for _, spec := range c.StringSlice("target") {
		gt, err := reports.ParseTarget(game, spec)
		if err != nil {
			return nil, nil, cli.Exit(err.Error(), exitBadInput)
		}
		gates = append(gates, gt)
	}
	return gates, raw, nil
}

// tuneTrajectory is trajectory.json: the settings of the search and every candidate played.
type tuneTrajectory struct {
	Settings   tuneSettings    `json:"settings"`
	Candidates []sim.Candidate `json:"candidates"`
}

// tuneSettings are what makes a search's candidates what they are: the data, the gates file's
// contents and every flag given that plays or judges them. --resume takes the candidates of a
// search with the same settings only.
type tuneSettings struct {
	Data  string            `json:"data"`
	Gates string            `json:"gates"`
	Flags map[string]string `json:"flags"`
}

// notPlay are the flags that change neither a candidate's play nor its judgement.
var notPlay = []string{"out", "progress", "workers", "resume", "verify-games"}

// settingsOf returns the settings of the command's search.
func settingsOf(c *cli.Context, fp string, gates []byte) tuneSettings {
	st := tuneSettings{Data: fp, Gates: fmt.Sprintf("sha256:%x", sha256.Sum256(gates)), Flags: map[string]string{}}
	for _, name := range c.LocalFlagNames() {
		if !slices.Contains(notPlay, name) && c.IsSet(name) {
			st.Flags[name] = fmt.Sprint(c.Value(name))
		}
	}
	return st
}

// resumed returns the finished candidates of --out's trajectory.json by their edits (none
// without --resume); a trajectory of a search with other settings is refused.
func (p *tunePlan) resumed(c *cli.Context) (map[string]sim.Candidate, error) {
	if !c.Bool("resume") {
		return nil, nil
	}
	path := filepath.Join(c.String("out"), "trajectory.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, cli.Exit("--resume: "+err.Error(), exitBadInput)
	}
	var tr tuneTrajectory
	if err := json.Unmarshal(raw, &tr); err != nil {
		return nil, cli.Exit(fmt.Sprintf("--resume: %s: not a tune's trajectory: %v", path, err), exitBadInput)
	}
	if !reflect.DeepEqual(tr.Settings, p.settings) {
		return nil, cli.Exit(fmt.Sprintf("--resume: %s is of a tune with other settings (data, gates or flags): resume with the same ones", path), exitBadInput)
	}
	out := map[string]sim.Candidate{}
	for _, cand := range tr.Candidates {
		if !cand.Unfinished {
			out[cand.Key()] = cand
		}
	}
	return out, nil
}

// planTune reads the flags: the gates, the values that may move and their domains, and the run
// every candidate plays.
func planTune(c *cli.Context, g simCommands) (*tunePlan, error) {
	if c.String("expect") == "" && len(c.StringSlice("target")) == 0 || len(c.StringSlice("vary")) == 0 {
		return nil, cli.Exit("give the targets and the values that may move: --expect GATES.yaml (or --target METRIC=LO..HI) --vary KEY=LO..HI", exitBadInput)
	}
	switch {
	case c.Int("verify-games") < 1:
		return nil, cli.Exit(fmt.Sprintf("--verify-games %d: the verification needs at least 1 %s", c.Int("verify-games"), g.episodes()[:len(g.episodes())-1]), exitBadInput)
	case c.Int("max-edits") < 0:
		return nil, cli.Exit(fmt.Sprintf("--max-edits %d: expected 0 (no cap) or more", c.Int("max-edits")), exitBadInput)
	case c.Int("race") < 1 || c.Int("race") > maxRace:
		return nil, cli.Exit(fmt.Sprintf("--race %d: expected the batches of a candidate, from 1 (no race) to %d", c.Int("race"), maxRace), exitBadInput)
	}
	game, dataCmd := commandGame(c)
	gates, raw, err := tuneTargets(c, game)
	if err != nil {
		return nil, err
	}
	var varies []datafile.Vary
	for _, spec := range c.StringSlice("vary") {
		v, err := datafile.ParseVary(spec)
		if err != nil {
			return nil, cli.Exit(err.Error(), exitBadInput)
		}
		varies = append(varies, v)
	}
	matrix, base, cfg, err := tuneBase(c, g)
	if err != nil {
		return nil, err
	}
	if cfg.Shard.Count > 1 {
		return nil, cli.Exit("--shard: a tune needs the whole run of every candidate: run it without --shard", exitBadInput)
	}
	values, err := g.numericValues(c)
	if err != nil {
		return nil, err
	}
	domains, err := datafile.Domains(values, varies, c.StringSlice("keep"), dataCmd)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	search := &sim.Tune{MaxEdits: c.Int("max-edits"), PairMoves: c.Bool("pair-moves"), Race: min(c.Int("race"), cfg.Episodes)}
	for _, d := range domains {
		search.Values = append(search.Values, sim.TuneValue{Path: d.Path, Current: d.Current, Values: d.Values})
	}
	return &tunePlan{gates: gates, settings: settingsOf(c, base.Fingerprint(), raw), search: search, base: cfg, fp: base.Fingerprint(), matrix: matrix}, nil
}

// evaluator plays a tune's candidates batch by batch (sim.Tune.Evaluate) and judges them by
// the gates.
type evaluator struct {
	plan    *tunePlan
	c       *cli.Context
	g       simCommands
	s       *session
	n       int            // the candidates begun
	batches []*sim.Results // the current candidate's batches played so far
	fatal   error          // gates that cannot be checked against a candidate's results
}

// evaluate plays batches from to to-1 of the candidate with edits and judges each, and all the
// candidate's batches played so far together.
func (e *evaluator) evaluate(edits []sim.Edit, from, to int) (sim.Evaluation, error) {
	if from == 0 {
		e.n, e.batches = e.n+1, nil
	}
	p := e.plan
	var ev sim.Evaluation
	for j := from; j < to; j++ {
		res, played, err := p.play(e.c, e.g, e.s, edits, p.base.Seed, p.base.Episodes, p.batch(j), fmt.Sprintf("candidate %d", e.n-1))
		if err != nil {
			return ev, err
		}
		if res.Partial {
			return ev, sim.ErrUnfinished
		}
		misses, err := e.misses(res, true)
		if err != nil {
			return ev, err
		}
		ev.Batches = append(ev.Batches, floats.Sum(misses))
		ev.Episodes += played
		e.batches = append(e.batches, res)
	}
	all := e.batches[0]
	if len(e.batches) > 1 {
		names := make([]string, len(e.batches))
		for j := range names {
			names[j] = fmt.Sprintf("batch %d", j)
		}
		var err error
		if all, err = sim.Merge(e.batches, names, sim.MergeOptions{AllowMissing: true}); err != nil {
			return ev, err
		}
	}
	var err error
	ev.Misses, err = e.misses(all, false)
	return ev, err
}

// misses are each gate's miss on res. A gate with nothing behind it misses by +Inf on a batch,
// and makes the candidate one the gates cannot judge on its batches together.
func (e *evaluator) misses(res *sim.Results, batch bool) ([]float64, error) {
	results, err := reports.CheckGates(res, e.plan.gates)
	if err != nil {
		e.fatal = err
		return nil, err
	}
	misses := make([]float64, len(results))
	for i, r := range results {
		if r.N == 0 && !batch { // a figure of nothing: the candidate cannot be judged by this gate
			return nil, fmt.Errorf("%s: %s", r.Pos, r.Msg)
		}
		misses[i] = r.Miss()
	}
	return misses, nil
}

// batch is the shard of a candidate's run that its batch j plays: the whole run without a race.
func (p *tunePlan) batch(j int) sim.Shard {
	if p.search.Race <= 1 {
		return sim.Shard{}
	}
	return sim.Shard{Index: j, Count: p.search.Race}
}

// play runs the data with the edits on seed for episodes, the shard of it when shard.Count is
// above 1 (the run of the flags, or the whole matrix with --matrix), and returns its results
// with the episodes the candidate costs; an error is data that does not load.
func (p *tunePlan) play(c *cli.Context, g simCommands, s *session, edits []sim.Edit, seed uint64, episodes int, shard sim.Shard, label string) (*sim.Results, int64, error) {
	game, err := g.loadRaw(c, editSets(c, edits))
	if err != nil {
		return nil, 0, fmt.Errorf("%s", oneLine(err))
	}
	if p.matrix != nil {
		return p.matrix.play(s, game, editParams(edits), seed, episodes, shard, label)
	}
	cfg, err := g.config(c, game)
	if err != nil {
		return nil, 0, err
	}
	cfg.Seed, cfg.Episodes = seed, episodes
	if shard.Count > 1 {
		cfg.Shard = shard
	}
	cfg.Params = withParams(cfg.Params, editParams(edits)) // as `run --set-file patch.yaml` labels its groups
	if len(cfg.Params) == 0 {
		cfg.Params = nil
	}
	s.prog.addTotal(cfg.Total())
	res, err := s.simulate(label, cfg)
	if err != nil {
		return nil, 0, err
	}
	var played int64
	for _, grp := range res.Groups {
		played += grp.Episodes
	}
	return res, played, nil
}

// editsText names a candidate's changes ("(a 5->7, b 3->1)"), "(no change)" for none.
func editsText(edits []sim.Edit) string {
	if len(edits) == 0 {
		return "(no change)"
	}
	parts := make([]string, len(edits))
	for i, e := range edits {
		parts[i] = fmt.Sprintf("%s %d->%d", e.Path, e.From, e.To)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// missText is a candidate's summed miss, or why its data is refused.
func missText(c sim.Candidate) string {
	if c.Invalid != "" {
		return "invalid data: " + c.Invalid
	}
	return strconv.FormatFloat(c.Miss, 'f', 4, 64)
}

// editSets are the command's data changes then the edits', as --set values.
func editSets(c *cli.Context, edits []sim.Edit) []string {
	sets := dataSets(c)
	for _, e := range edits {
		sets = append(sets, fmt.Sprintf("%s=%d", e.Path, e.To))
	}
	return sets
}

// finish verifies the best candidate and the data as it is on fresh episodes, prints the answer
// and the gates of both, and writes the patch, the verification and the trajectory.
func (p *tunePlan) finish(c *cli.Context, g simCommands, s *session, found *sim.TuneResult) error {
	out := c.String("out")
	if err := writeJSONFile(filepath.Join(out, "trajectory.json"), tuneTrajectory{p.settings, found.Trajectory}); err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	game, _ := commandGame(c)
	patch := &datafile.Patch{Game: game, Data: p.fp}
	for _, e := range found.Best.Edits {
		patch.Changes = append(patch.Changes, datafile.Change{Key: e.Path, From: e.From, To: e.To})
	}
	unverified := func() error {
		if err := sim.WriteAtomic(filepath.Join(out, "patch.yaml"), patch.Marshal(nil)); err != nil {
			return cli.Exit(err.Error(), exitFailure)
		}
		n := len(found.Trajectory)
		return cli.Exit(fmt.Sprintf("clockwork %s: interrupted after %d candidate%s: the best so far, unverified, is in %s", g.command("tune"), n, plural(n), filepath.Join(out, "patch.yaml")), exitInterrupted)
	}
	if s.interrupted() {
		return unverified()
	}
	seed, games := p.base.Seed+1, c.Int("verify-games")
	before, err := p.verify(c, g, s, nil, seed, games, "verify: the data as it is")
	if err != nil {
		return err
	}
	after, err := p.verify(c, g, s, found.Best.Edits, seed, games, "verify: the patch")
	if err != nil {
		return err
	}
	if s.interrupted() {
		return unverified()
	}
	v, failed := verification(after.gates, seed, games)
	if err := sim.WriteAtomic(filepath.Join(out, "patch.yaml"), patch.Marshal(v)); err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	for name, res := range map[string]*sim.Results{"before.json": before.res, "results.json": after.res} {
		if err := res.WriteFile(filepath.Join(out, name)); err != nil {
			return cli.Exit(err.Error(), exitFailure)
		}
	}
	if err := writeTuneCharts(found, before.gates, after.gates, g.episodes(), out); err != nil {
		return cli.Exit("writing the charts: "+err.Error(), exitFailure)
	}
	w := c.App.Writer
	fmt.Fprintln(w, tuneAnswer(found, before.gates, after.gates, fmt.Sprintf("%d fresh %s", games, g.episodes())))
	fmt.Fprintf(w, "\nthe data as it is (%d fresh %s, seed %d):\n", games, g.episodes(), seed)
	_ = reports.GateTable(w, before.gates)
	fmt.Fprintf(w, "\nwith the patch:\n")
	_ = reports.GateTable(w, after.gates)
	fmt.Fprintf(c.App.ErrWriter, "wrote %s (%s)\n", filepath.Join(out, "patch.yaml"), p.costText(found.Trajectory, g.episodes()))
	if failed {
		return cli.Exit("", exitFailure)
	}
	return nil
}

// costText says what the search played: its candidates, the episodes of each (a match-up's with
// --matrix), those played in all and on average a candidate, and in a race the candidates it
// dropped and their share of the episodes.
func (p *tunePlan) costText(trajectory []sim.Candidate, noun string) string {
	n := len(trajectory)
	var all, lost int64
	dropped := 0
	for _, c := range trajectory {
		all += c.Episodes
		if c.Dropped {
			dropped, lost = dropped+1, lost+c.Episodes
		}
	}
	each := "each"
	if p.matrix != nil {
		each = "a match-up and map"
	}
	text := fmt.Sprintf("%d candidate%s, %d %s %s; %d %s played in all, %d a candidate", n, plural(n), p.base.Episodes, noun, each,
		all, noun, all/int64(max(n, 1)))
	if p.search.Race > 1 {
		text += fmt.Sprintf("; the race dropped %d, on %.0f%% of the %s", dropped, 100*float64(lost)/float64(max(all, 1)), noun)
	}
	return text
}

// writeTuneCharts writes the before-and-after chart of the targets, the search's convergence
// and its Pareto front into out.
func writeTuneCharts(found *sim.TuneResult, before, after []reports.GateResult, noun, out string) error {
	gates, err := reports.TuneChart(before, after)
	if err != nil {
		return err
	}
	search, err := reports.ConvergenceChart(found.Trajectory, noun)
	if err != nil {
		return err
	}
	pareto, err := reports.ParetoChart(found.Trajectory)
	if err != nil {
		return err
	}
	for _, c := range []*chart.Chart{gates, search, pareto} {
		if _, err := reports.WriteChartFiles(c, out); err != nil {
			return err
		}
	}
	return nil
}

// verification is the patch's verification on seed and games, from its gates, and whether a
// gate failed there.
func verification(gates []reports.GateResult, seed uint64, games int) (*datafile.Verification, bool) {
	v := &datafile.Verification{Seed: seed, Games: games}
	failed := false
	for _, r := range gates {
		v.Targets = append(v.Targets, datafile.VerifiedTarget{Selectors: r.Selectors(), Min: r.Min, Max: r.Max,
			Value: r.Value, Lo: r.Lo, Hi: r.Hi, Verdict: strings.ToLower(r.Verdict())})
		failed = failed || !r.Pass
	}
	return v, failed
}

// verified is one verification run and its gates.
type verified struct {
	res   *sim.Results
	gates []reports.GateResult
}

// verify plays the data with edits on the verification's seed and judges the gates.
func (p *tunePlan) verify(c *cli.Context, g simCommands, s *session, edits []sim.Edit, seed uint64, games int, label string) (verified, error) {
	res, _, err := p.play(c, g, s, edits, seed, games, sim.Shard{}, label)
	if err != nil {
		return verified{}, cli.Exit(err.Error(), exitBadInput)
	}
	trimSetLabels(res, editSets(c, edits))
	gates, err := reports.CheckGates(res, p.gates)
	if err != nil {
		return verified{}, cli.Exit(err.Error(), exitBadInput)
	}
	return verified{res: res, gates: gates}, nil
}

// tuneAnswer is the answer's first line: the changes and whether every target is in its band
// on the verification, and, when the patch leaves targets out, whether it does better there
// than the data as it is (a search on few episodes can chase their noise).
func tuneAnswer(found *sim.TuneResult, before, after []reports.GateResult, fresh string) string {
	var changes []string
	for _, e := range found.Best.Edits {
		changes = append(changes, fmt.Sprintf("%s %d -> %d", e.Path, e.From, e.To))
	}
	what := "no change"
	if len(changes) > 0 {
		what = fmt.Sprintf("%d change%s (%s)", len(changes), plural(len(changes)), strings.Join(changes, ", "))
	}
	failed, missBefore, missAfter := 0, 0.0, 0.0
	for i, r := range after {
		if !r.Pass {
			failed++
		}
		missBefore, missAfter = missBefore+before[i].Miss(), missAfter+r.Miss()
	}
	if failed == 0 && len(changes) == 0 {
		return fmt.Sprintf("The data as it is already brings every target into its band, verified on %s: it needs no change.", fresh)
	}
	if failed == 0 {
		return fmt.Sprintf("%s bring%s every target into its band, verified on %s.", upperFirst(what), singularVerb(len(changes)), fresh)
	}
	verdict := "closer to the bands than the data as it is"
	switch {
	case len(changes) == 0:
		verdict = "as no move of the values within their ranges helped on the search's episodes"
	case missAfter >= missBefore:
		verdict = "no closer to the bands than the data as it is: play more episodes a candidate (the search chased their noise)"
	}
	return fmt.Sprintf("No change found brings every target into its band: the best, %s, leaves %d of %d targets out on %s, %s.",
		what, failed, len(after), fresh, verdict)
}

// upperFirst capitalises the first letter of s.
func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// singularVerb is "s" for one subject (or none), "" for several: "1 change brings".
func singularVerb(n int) string {
	if n <= 1 {
		return "s"
	}
	return ""
}

// writeJSONFile writes v as indented JSON to path atomically.
func writeJSONFile(path string, v any) error {
	raw, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return sim.WriteAtomic(path, append(raw, '\n'))
}
