package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "check a results file against balance gates (for CI)",
		ArgsUsage: "RESULTS.json",
		Description: "Reads the gates of --expect (a YAML list: metric, players, level, temple, agent,\n" +
			"params, min, max, interval) and checks each against the results: by default the point\n" +
			"estimate must lie in [min, max]; with interval: true the whole 95% interval must. Prints a\n" +
			"pass/fail table and, when $GITHUB_STEP_SUMMARY is set, appends it there as Markdown.\n" +
			"Exit code 1 when a gate fails, 2 on bad input: an empty gates file, a gate that matches no\n" +
			"group (a misspelt agent, temple or param), a gate that would add up groups that differ in\n" +
			"params (the points of a sweep, Ganon's targets: pick one with params), or a results file\n" +
			"that is not a whole run (interrupted, or one shard) unless --allow-partial.\n" +
			"With --chart DIR it also draws every gate against its target band (gates.png, gates.svg).\n" +
			"docs/ci.md has the metrics and an example.\n\n" +
			"Examples:\n" +
			"  clockwork check --expect docs/balance.yaml out/run/results.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "expect", Required: true, Usage: "the gates `FILE` (YAML)"},
			&cli.BoolFlag{Name: "allow-partial", Usage: "check a results file that is not a whole run (interrupted, or some shards)"},
			&cli.StringFlag{Name: "chart", Usage: "also draw every gate against its target band into `DIR` (gates.png, gates.svg)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("expected one results file", exitBadInput)
			}
			gates, err := reports.ReadGates(c.String("expect"))
			if err != nil {
				return cli.Exit(err.Error(), exitBadInput)
			}
			res, err := sim.ReadFile(c.Args().First())
			if err != nil {
				return cli.Exit(err.Error(), exitBadInput)
			}
			if err := wholeRun(c, res); err != nil {
				return err
			}
			results, err := reports.CheckGates(res, gates)
			if err != nil {
				return cli.Exit(fmt.Sprintf("%s\nclockwork check: gates that cannot be checked against %s", err, c.Args().First()), exitBadInput)
			}
			if dir := c.String("chart"); dir != "" {
				paths, err := reports.WriteGateChart(results, dir)
				if err != nil {
					return cli.Exit("clockwork check: --chart: "+err.Error(), exitFailure)
				}
				fmt.Fprintf(c.App.ErrWriter, "wrote %d chart files into %s\n", len(paths), dir)
			}
			return reportGates(c, results)
		},
	}
}

// wholeRun refuses (unless --allow-partial) a results file that is not a whole run: an
// interrupted one, or one shard (or some shards) of a run.
func wholeRun(c *cli.Context, res *sim.Results) error {
	name := c.Args().First()
	var why string
	switch {
	case res.Partial:
		why = fmt.Sprintf("partial: the run was interrupted (%s)", groupCounts(res))
	case len(res.Shard.Merged) > 0:
		why = fmt.Sprintf("shard.merged: it holds %d of the %d shards of the run", len(res.Shard.Merged), res.Shard.Count)
	case res.Shard.Count > 1:
		why = fmt.Sprintf("shard: it holds shard %d/%d only (merge the shards first)", res.Shard.Index, res.Shard.Count)
	default:
		return nil
	}
	if !c.Bool("allow-partial") {
		return cli.Exit(fmt.Sprintf("%s: %s; it is not a whole run (--allow-partial checks it anyway)", name, why), exitBadInput)
	}
	fmt.Fprintf(c.App.ErrWriter, "clockwork check: warning: %s: %s (--allow-partial)\n", name, why)
	return nil
}

// reportGates prints the gate table (and the $GITHUB_STEP_SUMMARY Markdown) and returns exit
// code 1 when a gate failed.
func reportGates(c *cli.Context, results []reports.GateResult) error {
	if err := reports.GateTable(c.App.Writer, results); err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	if path := os.Getenv("GITHUB_STEP_SUMMARY"); path != "" {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			err = reports.GateMarkdown(f, results)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return cli.Exit("$GITHUB_STEP_SUMMARY: "+err.Error(), exitFailure)
		}
	}
	failed, weak := 0, 0
	for _, r := range results {
		switch {
		case !r.Pass:
			failed++
		case r.Warning != "":
			weak++
			fmt.Fprintf(c.App.ErrWriter, "clockwork check: warning: gate %s (%s): %s\n", r.Pos, r.Metric, r.Warning)
		}
	}
	if failed > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d gates failed", failed, len(results)), exitFailure)
	}
	if weak > 0 {
		fmt.Fprintf(c.App.ErrWriter, "all %d gates passed, %d only by their interval overlapping the band (WARN)\n", len(results), weak)
		return nil
	}
	fmt.Fprintf(c.App.ErrWriter, "all %d gates passed\n", len(results))
	return nil
}
