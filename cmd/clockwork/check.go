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
			"Exit code 1 when a gate fails, 2 on bad input. docs/ci.md has the metrics and an example.\n\n" +
			"Examples:\n" +
			"  clockwork check --expect balance.yaml out/results.json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "expect", Required: true, Usage: "the gates `FILE` (YAML)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("clockwork check: expected one results file", exitBadInput)
			}
			gates, err := reports.ReadGates(c.String("expect"))
			if err != nil {
				return cli.Exit("clockwork check: "+err.Error(), exitBadInput)
			}
			res, err := sim.ReadFile(c.Args().First())
			if err != nil {
				return cli.Exit("clockwork check: "+err.Error(), exitBadInput)
			}
			results := reports.CheckGates(res, gates)
			if err := reports.GateTable(c.App.Writer, results); err != nil {
				return cli.Exit("clockwork check: "+err.Error(), exitFailure)
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
					return cli.Exit("clockwork check: $GITHUB_STEP_SUMMARY: "+err.Error(), exitFailure)
				}
			}
			failed := 0
			for _, r := range results {
				if !r.Pass {
					failed++
				}
			}
			if failed > 0 {
				return cli.Exit(fmt.Sprintf("%d of %d gates failed", failed, len(results)), exitFailure)
			}
			fmt.Fprintf(c.App.ErrWriter, "all %d gates passed\n", len(results))
			return nil
		},
	}
}
