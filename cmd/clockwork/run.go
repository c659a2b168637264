package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/page"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// defaultCampaigns is the default number of campaigns per player count of the commands that run
// many simulations (sweep, ganon, sensitivity: per point judged), and runCampaigns that of run:
// about 50 s of work for two cores with the planner at 2, 3 and 4 heroes.
const (
	defaultCampaigns = 6000
	runCampaigns     = 8000
)

// simFlags are the flags of the simulating commands (run, sweep, ganon, sensitivity); out is the
// command's default --out directory and campaigns its default --campaigns.
func simFlags(out string, campaigns int) []cli.Flag {
	return append(dataFlags(),
		&cli.StringFlag{Name: "players", Value: "2,3,4", Usage: "player counts to simulate, `LIST` of 2-4"},
		&cli.IntFlag{Name: "campaigns", Value: campaigns, Usage: "campaigns per player count (over all shards)"},
		&cli.StringFlag{Name: "agent", Value: "planner", Usage: "the agent that plays: " + strings.Join(agents.Names(), ", ") +
			"; a `LIST` plays each on the same campaigns (a skill ladder), e.g. random,rusher,planner,expert; " +
			"NAME:STRATEGY=CHOICE sets a strategy for one agent, e.g. expert:rollouts=2"},
		&cli.StringSliceFlag{Name: "strategy", Usage: "a strategy choice `NAME=CHOICE` (repeatable), e.g. multiples=one"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "run seed: campaign i always plays the same game for the same seed"},
		&cli.IntFlag{Name: "workers", Usage: "parallel workers", DefaultText: "the number of CPUs"},
		&cli.Float64Flag{Name: "precision", Usage: "stop once every win-rate 95% interval is narrower than `W` (e.g. 0.02)"},
		&cli.StringFlag{Name: "shard", Value: "0/1", Usage: "run only shard `I/N` of the campaigns (merge the shards with `clockwork merge`)", EnvVars: []string{"CLOCKWORK_SHARD"}},
		&cli.IntFlag{Name: "round-cap", Value: sim.DefaultTurnCap, Usage: "a level past this many rounds ends as a loss with reason timeout"},
		&cli.StringFlag{Name: "out", Value: out, Usage: "`DIR` for results.json"},
		&cli.StringFlag{Name: "outcomes", Usage: "also write one CSV line per campaign played to `FILE` (for clockwork compare)"},
		&cli.StringFlag{Name: "format", Value: "table", Usage: "summary on stdout: table, json or csv"},
		&cli.StringFlag{Name: "progress", Value: "auto", Usage: "progress on stderr: auto (a bar on a terminal, else a plain line every few seconds), always (a bar), plain or never"},
	)
}

// simConfig builds a sim.Config from the flags (data already loaded).
func simConfig(c *cli.Context, d *rules.Data) (sim.Config, error) {
	cfg := sim.Config{Game: cwsim.New(d), Episodes: c.Int("campaigns"), Seed: c.Uint64("seed"),
		Workers: c.Int("workers"), Precision: c.Float64("precision"), TurnCap: c.Int("round-cap"),
		ToolVersion: version, Outcomes: c.String("outcomes") != ""}
	players, err := parsePlayers(c.String("players"))
	if err != nil {
		return cfg, err
	}
	cfg.Players = players
	set := strategies.Defaults()
	for _, s := range c.StringSlice("strategy") {
		if err := set.Parse(s); err != nil {
			return cfg, err
		}
	}
	specs, err := agents.ParseSpecs(c.String("agent"), set)
	if err != nil {
		return cfg, fmt.Errorf("--agent: %v", err)
	}
	cfg.Agents = cwsim.Lineups(specs)
	// A ladder pairs its agents campaign by campaign: it records the outcomes (and so do its
	// checkpoints).
	cfg.Outcomes = cfg.Outcomes || len(cfg.Agents) > 1
	if cfg.Episodes < 1 {
		return cfg, fmt.Errorf("--campaigns %d: must be at least 1", cfg.Episodes)
	}
	if cfg.Workers < 0 || c.IsSet("workers") && cfg.Workers < 1 { // 0 is the default: the number of CPUs
		return cfg, fmt.Errorf("--workers %d: must be at least 1", cfg.Workers)
	}
	if cfg.Precision < 0 || cfg.Precision >= 1 {
		return cfg, fmt.Errorf("--precision %g: must be between 0 and 1", cfg.Precision)
	}
	if cfg.TurnCap < 1 {
		return cfg, fmt.Errorf("--round-cap %d: must be at least 1", cfg.TurnCap)
	}
	shard, err := parseShard(c.String("shard"))
	if err != nil {
		return cfg, err
	}
	cfg.Shard = shard
	sets := dataSets(c)
	if len(sets) > 0 {
		cfg.Params = map[string]string{}
		for _, s := range sets {
			k, v, _ := strings.Cut(s, "=")
			cfg.Params[k] = v
		}
	}
	return cfg, nil
}

// parsePlayers reads --players: a list of player counts 2, 3 or 4, each once.
func parsePlayers(s string) ([]int, error) {
	var players []int
	for _, p := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < rules.MinPlayers || n > rules.MaxPlayers {
			return nil, fmt.Errorf("--players %q: each count must be 2, 3 or 4", s)
		}
		if slices.Contains(players, n) {
			return nil, fmt.Errorf("--players %q: %d appears twice (each player count is one group)", s, n)
		}
		players = append(players, n)
	}
	return players, nil
}

func parseShard(s string) (sim.Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return sim.Shard{}, fmt.Errorf("--shard %q: expected I/N with 0 <= I < N, e.g. 2/8", s)
	}
	return sim.Shard{Index: i, Count: n}, nil
}

func runCommand() *cli.Command {
	return &cli.Command{
		Name:  "run",
		Usage: "simulate campaigns and summarise win rates, level and temple success, rounds and Shards",
		Description: "Plays --campaigns campaigns for each player count with the agent, on the embedded data\n" +
			"(or --config DIR, --set ...). Campaign i always plays the same game for the same --seed,\n" +
			"whatever --workers or --shard, so results are reproducible and shards merge exactly.\n" +
			"Prints a summary and writes results.json into --out. Ctrl-C stops within a second and\n" +
			"writes what was played, marked partial (exit code 130); a second Ctrl-C quits at once.\n" +
			"A --precision stop is a success (exit code 0, \"stopped\": \"precision\").\n\n" +
			"Agents (--agent):\n  " + strings.Join(agents.Describe(), "\n  ") + "\n\n" +
			"Examples:\n" +
			"  clockwork run\n" +
			"  clockwork run --players 3 --campaigns 20000 --precision 0.01\n" +
			"  clockwork run --set setup.skill_cards_per_type.3=5 --out out/five-cards\n" +
			"  clockwork run --report out/report          # charts, Markdown, CSV and HTML too\n" +
			"  clockwork run --outcomes out/a.csv          # one line per campaign, for clockwork compare\n" +
			"  clockwork run --campaigns 200000 --checkpoint 30s   # after Ctrl-C: the same flags and\n" +
			"                                                      # --resume out/run/checkpoint.json\n" +
			"  clockwork run --shard 0/4 --out out/shard0   # then: clockwork merge out/shard*/results.json --out out/results.json",
		Flags:  append(append(append(simFlags("out/run", runCampaigns), checkpointFlags()...), reportFlags()...), verboseFlag()),
		Action: runAction,
	}
}

// runAction checks the flags, the data and the output paths, plays the campaigns and writes the
// results.
func runAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return cli.Exit("takes no arguments", exitBadInput)
	}
	format, err := summaryFormat(c)
	if err != nil {
		return err
	}
	l, err := loadData(c)
	if err != nil {
		return err
	}
	cfg, err := simConfig(c, l.Data)
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	return runConfig(c, cfg, format)
}

// runConfig is the run command of every game once its flags made cfg: it checks the output
// paths, plays the episodes (with checkpoints and Ctrl-C) and writes the results, the summary,
// the outcomes and the report.
func runConfig(c *cli.Context, cfg sim.Config, format string) error {
	if err := checkOutputs(c); err != nil {
		return err
	}
	ck, err := newCheckpointer(c, []sim.Config{cfg}, runIdentity(c, cfg, cfg.Game.Fingerprint(), nil))
	if err != nil {
		return err
	}
	s, err := startCheckpointed(c, cfg.Total(), ck)
	if err != nil {
		return err
	}
	defer s.close()
	res, err := s.simulate("", cfg)
	if err != nil {
		return err
	}
	return s.finish(res, func(w io.Writer) error { return printAnswer(c, w, res, format) })
}

// summaryFormat checks --formats and --format (the summary on stdout) before any work.
func summaryFormat(c *cli.Context) (string, error) {
	if _, err := parseFormats(c.String("formats")); err != nil {
		return "", cli.Exit(err.Error(), exitBadInput)
	}
	format := c.String("format")
	if format != "table" && format != "json" && format != "csv" {
		return "", cli.Exit(fmt.Sprintf("--format %q: expected table, json or csv", format), exitBadInput)
	}
	return format, nil
}

// finish writes what a simulating command made: results.json into --out, the summary on
// stdout, the --outcomes file and the --report (each group labelled only with the --set values
// that can change its game: trimSetLabels). An interrupted command then exits with code
// 130 (its files say "partial": true); a precision stop is a success.
func (s *session) finish(res *sim.Results, summary func(io.Writer) error) error {
	c := s.c
	trimSetLabels(res, dataSets(c))
	out := filepath.Join(c.String("out"), "results.json")
	if err := res.WriteFile(out); err != nil {
		return cli.Exit("writing "+out+": "+err.Error(), exitFailure)
	}
	if err := summary(c.App.Writer); err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", out)
	for _, w := range reports.CapWarnings(res) {
		fmt.Fprintf(c.App.ErrWriter, "warning: %s\n", w)
	}
	if err := writeOutcomes(c, res); err != nil {
		return err
	}
	if err := writeReport(c, res); err != nil {
		return err
	}
	s.ck.finish(res, s.say)
	if res.Stopped == sim.StoppedPrecision {
		fmt.Fprintf(c.App.ErrWriter, "stopped early: every win rate's 95%% interval is narrower than --precision %g (\"stopped\": \"precision\")\n", res.Precision)
	}
	if s.interrupted() {
		note := ""
		if s.stopNote != nil {
			note = s.stopNote(res)
		}
		return interruptedNote(commandPath(c), out, res, note)
	}
	return nil
}

// checkOutputs refuses, before any simulation, the output paths that could not be written:
// --out's results.json, the --outcomes file and the --report directory, and an --outcomes
// file that would overwrite one of the others.
func checkOutputs(c *cli.Context) error {
	results := filepath.Join(c.String("out"), "results.json")
	outputs := [][2]string{{"out", results}}
	if path := c.String("outcomes"); path != "" {
		outputs = append(outputs, [2]string{"outcomes", path})
		clash := []string{results}
		if dir := c.String("report"); dir != "" {
			clash = append(clash, filepath.Join(dir, reports.CSVFile))
		}
		for _, other := range clash {
			if samePath(path, other) {
				return cli.Exit(fmt.Sprintf("--outcomes %s: the same file as %s", path, other), exitBadInput)
			}
		}
	}
	if dir := c.String("report"); dir != "" {
		outputs = append(outputs, [2]string{"report", filepath.Join(dir, page.MarkdownFile)})
	}
	if c.Duration("checkpoint") != 0 || c.String("resume") != "" {
		outputs = append(outputs, [2]string{"checkpoint", filepath.Join(c.String("out"), checkpointFile)})
	}
	for _, o := range outputs {
		if err := sim.CheckWritable(o[1]); err != nil {
			return cli.Exit(fmt.Sprintf("--%s: cannot write %s: %v", o[0], o[1], err), exitBadInput)
		}
	}
	return nil
}

// samePath reports whether two paths name the same file.
func samePath(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// writeOutcomes writes the --outcomes file (when given) and says so.
func writeOutcomes(c *cli.Context, r *sim.Results) error {
	path := c.String("outcomes")
	if path == "" {
		return nil
	}
	if err := r.WriteOutcomesFile(path); err != nil {
		return cli.Exit(fmt.Sprintf("writing %s: %v", path, err), exitFailure)
	}
	fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", path)
	return nil
}

// printSummary writes the terminal summary (or JSON, or tidy CSV) of a results file.
func printSummary(w io.Writer, r *sim.Results, format string) error {
	switch format {
	case "json":
		return writeJSON(w, r)
	case "csv":
		if len(r.Sensitivity) > 0 {
			return reports.SensitivityCSV(w, r)
		}
		return reports.CSV(w, r)
	}
	return reports.Table(w, r)
}

// verboseFlag is the flag of the commands whose terminal summary is the short answer
// (reports.Brief) unless it is given.
func verboseFlag() cli.Flag {
	return &cli.BoolFlag{Name: "verbose", Aliases: []string{"v"},
		Usage: "print every table of the summary (by default the summary is the answer: the first section's tables, then the names of the others)"}
}

// printAnswer is printSummary for a command with --verbose: a table summary of a game whose
// report has a short answer (Clockwork Realm's) is that answer (reports.Brief) without
// --verbose; the other games' and formats are printSummary's.
func printAnswer(c *cli.Context, w io.Writer, r *sim.Results, format string) error {
	if format == "table" && !c.Bool("verbose") && reports.HasShortAnswer(r) {
		return reports.Brief(w, r)
	}
	return printSummary(w, r, format)
}

// writeReport writes the report files of --report DIR (when given) and says so.
func writeReport(c *cli.Context, r *sim.Results) error {
	dir := c.String("report")
	if dir == "" {
		return nil
	}
	formats, err := parseFormats(c.String("formats"))
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	paths, err := reports.Write(r, dir, formats)
	if err != nil {
		return cli.Exit("--report: "+err.Error(), exitFailure)
	}
	fmt.Fprintf(c.App.ErrWriter, "wrote %d report files into %s\n", len(paths), dir)
	return nil
}

func parseFormats(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		ok := false
		for _, known := range reports.Formats() {
			ok = ok || f == known
		}
		if !ok {
			return nil, fmt.Errorf("--formats %q: %q is not one of %s", s, f, strings.Join(reports.Formats(), ", "))
		}
		out = append(out, f)
	}
	return out, nil
}

// reportFlags are --report and --formats, for the commands that can write a report at the end.
func reportFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "report", Usage: "also write the report (charts, Markdown, CSV, HTML) into `DIR`"},
		&cli.StringFlag{Name: "formats", Value: "md,html,csv,png,svg", Usage: "report `FORMATS`: any of md, html, csv, png, svg"},
	}
}

func writeJSON(w io.Writer, r *sim.Results) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// dataOf returns the Clockwork Realm data a run of cfg plays on.
func dataOf(cfg sim.Config) *rules.Data { return cfg.Game.(*cwsim.Game).Data }
