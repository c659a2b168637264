package main

import (
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/sim"
)

func reportCommand() *cli.Command {
	return &cli.Command{
		Name:      "report",
		Usage:     "turn a results file into charts (PNG, SVG), Markdown, tidy CSV and a single-file HTML report",
		ArgsUsage: "RESULTS.json",
		Description: "Reads a results file (from run, sweep, ganon or merge) and writes the report into --out\n" +
			"(by default report/ next to the results file, e.g. out/sweep/report):\n" +
			"report.md (tables, charts linked), report.html (self-contained: charts inline as SVG,\n" +
			"no external assets), report.csv (long form, one row per metric) and one PNG and SVG per\n" +
			"chart. docs/reports.md describes every chart and table.\n\n" +
			"Examples:\n" +
			"  clockwork report out/run/results.json                 # into out/run/report\n" +
			"  clockwork report out/sweep/results.json --out out/sweep-report --formats html",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Usage: "the report `DIR`", DefaultText: "report/ next to RESULTS.json"},
			&cli.StringFlag{Name: "formats", Value: "md,html,csv,png,svg", Usage: "report `FORMATS`: any of md, html, csv, png, svg"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("clockwork report: expected one results file", exitBadInput)
			}
			formats, err := parseFormats(c.String("formats"))
			if err != nil {
				return cli.Exit("clockwork report: "+err.Error(), exitBadInput)
			}
			dir := c.String("out")
			if dir == "" {
				dir = filepath.Join(filepath.Dir(c.Args().First()), "report")
			}
			if err := sim.CheckWritable(filepath.Join(dir, page.MarkdownFile)); err != nil {
				return cli.Exit(fmt.Sprintf("--out: cannot write into %s: %v", dir, err), exitBadInput)
			}
			res, err := sim.ReadFile(c.Args().First())
			if err != nil {
				return cli.Exit("clockwork report: "+err.Error(), exitBadInput)
			}
			paths, err := reports.Write(res, dir, formats)
			if err != nil {
				return cli.Exit("clockwork report: "+err.Error(), exitFailure)
			}
			for _, p := range paths {
				fmt.Fprintln(c.App.Writer, p)
			}
			return nil
		},
	}
}
