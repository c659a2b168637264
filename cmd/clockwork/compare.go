package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/reports/compare"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/sim"
)

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "paired comparison of two versions on the same campaigns (McNemar's test)",
		ArgsUsage: "A.csv B.csv",
		Description: "Reads two outcomes files (clockwork run --outcomes FILE) of the same campaigns played by\n" +
			"two versions (data, rules settings or code) and pairs them by player count and campaign\n" +
			"index, and by params when both files have the same param sets (a file with one group per\n" +
			"player count is paired with each group of the other, e.g. a baseline against a sweep).\n" +
			"For each pair of groups it prints the campaigns paired, both win rates with Wilson 95%\n" +
			"intervals, the difference B-A, b (won by A only), c (won by B only) and McNemar's test:\n" +
			"the exact binomial test when b+c < 25, else chi-square with continuity correction.\n" +
			"Both runs must use the same --seed and --campaigns (and --shard) for the pairs to be the\n" +
			"same games; files whose campaign indexes differ, or whose agents differ (unless\n" +
			"--allow-agents), are refused. docs/compare.md explains how to read the result.\n\n" +
			"Examples:\n" +
			"  clockwork run --outcomes out/a.csv --out out/a\n" +
			"  clockwork run --set rules.move_carry_over=off --outcomes out/b.csv --out out/b\n" +
			"  clockwork compare out/a.csv out/b.csv\n" +
			"  clockwork compare out/a.csv out/b.csv --format markdown\n" +
			"  clockwork compare out/a.csv out/b.csv --report out/compare   # report.md, report.html, paired-diff.png",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "table", Usage: "output: " + strings.Join(compare.Formats(), ", ")},
			&cli.BoolFlag{Name: "allow-agents", Usage: "compare files played by different agents"},
			&cli.StringFlag{Name: "report", Usage: "also write the comparison's report into `DIR`: report.md, report.html and the chart of the paired differences (paired-diff.png, .svg)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return cli.Exit("clockwork compare: expected two outcomes files, A.csv B.csv", exitBadInput)
			}
			format := c.String("format")
			if !slices.Contains(compare.Formats(), format) {
				return cli.Exit(fmt.Sprintf("clockwork compare: --format %q: expected %s", format, strings.Join(compare.Formats(), ", ")), exitBadInput)
			}
			nameA, nameB := c.Args().Get(0), c.Args().Get(1)
			a, err := sim.ReadOutcomesFile(nameA)
			if err != nil {
				return cli.Exit("clockwork compare: "+err.Error(), exitBadInput)
			}
			b, err := sim.ReadOutcomesFile(nameB)
			if err != nil {
				return cli.Exit("clockwork compare: "+err.Error(), exitBadInput)
			}
			rows, err := compare.Pair(a, b, nameA, nameB, compare.Options{AllowAgents: c.Bool("allow-agents")})
			if err != nil {
				msg := "clockwork compare: " + err.Error()
				if errors.Is(err, compare.ErrAgentsDiffer) {
					msg += " (use --allow-agents to compare them)"
				}
				return cli.Exit(msg, exitBadInput)
			}
			if dir := c.String("report"); dir != "" {
				if err := sim.CheckWritable(filepath.Join(dir, page.MarkdownFile)); err != nil {
					return cli.Exit(fmt.Sprintf("clockwork compare: --report: cannot write %s: %v", dir, err), exitBadInput)
				}
			}
			if err := compare.Write(c.App.Writer, format, rows, nameA, nameB); err != nil {
				return cli.Exit("clockwork compare: "+err.Error(), exitFailure)
			}
			if dir := c.String("report"); dir != "" {
				paths, err := compare.WriteReport(rows, nameA, nameB, dir, compare.ReportFormats())
				if err != nil {
					return cli.Exit("clockwork compare: "+err.Error(), exitFailure)
				}
				fmt.Fprintf(c.App.ErrWriter, "wrote %d report files into %s\n", len(paths), dir)
			}
			return nil
		},
	}
}
