package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
)

// Default merge outputs.
const (
	defaultMergeOut         = "out/merge/results.json"
	defaultMergeOutcomesOut = "out/merge/outcomes.csv"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "add up the results files (or the outcomes files) of the shards of one run",
		ArgsUsage: "RESULTS.json... | OUTCOMES.csv...",
		Description: "Merges the results files made by `clockwork run --shard I/N` into one. The files must be\n" +
			"the shards of one run: the same tool version, data fingerprint, seed, shard count, round\n" +
			"cap, --campaigns, --precision and groups (players, agent, strategies, params); none may\n" +
			"be partial (interrupted), no shard may appear twice, and every shard must be there\n" +
			"(--allow-missing merges some of them, marked as such). Anything else is refused with exit\n" +
			"code 2, naming both files and the field. All the shards together give exactly the file a\n" +
			"single run would have written. Given outcomes files (run --outcomes), it merges those\n" +
			"the same way; they do not record the seed or the data, so give it shards of one run.\n\n" +
			"Examples:\n" +
			"  clockwork merge out/shard0/results.json out/shard1/results.json --out out/results.json\n" +
			"  clockwork merge out/shard0/outcomes.csv out/shard1/outcomes.csv --out out/outcomes.csv",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o", "output"}, Value: defaultMergeOut,
				Usage: "the merged `FILE` (for outcomes files the default is " + defaultMergeOutcomesOut + ")"},
			&cli.BoolFlag{Name: "allow-missing", Usage: "merge some of the shards of a run, not all (the result says which it holds)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 {
				return cli.Exit("expected one or more results files", exitBadInput)
			}
			outcomes := sim.IsOutcomesFile(c.Args().First())
			out := c.String("out")
			if outcomes && !c.IsSet("out") {
				out = defaultMergeOutcomesOut
			}
			if err := sim.CheckWritable(out); err != nil {
				return cli.Exit(fmt.Sprintf("--out: cannot write %s: %v", out, err), exitBadInput)
			}
			if outcomes {
				return mergeOutcomes(c, out)
			}
			return mergeResults(c, out)
		},
	}
}

// mergeResults merges the results files of the shards of one run into out.
func mergeResults(c *cli.Context, out string) error {
	var files []*sim.Results
	for _, name := range c.Args().Slice() {
		r, err := sim.ReadFile(name)
		if err != nil {
			return cli.Exit(err.Error(), exitBadInput)
		}
		files = append(files, r)
	}
	merged, err := sim.Merge(files, c.Args().Slice(), sim.MergeOptions{AllowMissing: c.Bool("allow-missing")})
	if err != nil {
		return cli.Exit("clockwork "+err.Error(), exitBadInput)
	}
	if err := merged.WriteFile(out); err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	fmt.Fprintf(c.App.ErrWriter, "merged %d files into %s\n", len(files), out)
	return nil
}

// mergeOutcomes merges the outcomes files of the shards of one run into out.
func mergeOutcomes(c *cli.Context, out string) error {
	var files []*sim.OutcomeFile
	for _, name := range c.Args().Slice() {
		f, err := sim.ReadOutcomesFile(name)
		if err != nil {
			return cli.Exit(err.Error(), exitBadInput)
		}
		files = append(files, f)
	}
	merged, err := sim.MergeOutcomes(files, c.Args().Slice())
	if err != nil {
		return cli.Exit("clockwork "+err.Error(), exitBadInput)
	}
	if err := merged.WriteFile(out); err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	fmt.Fprintf(c.App.ErrWriter, "merged %d outcomes files into %s\n", len(files), out)
	return nil
}
