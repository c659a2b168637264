package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "add up the results files (or the outcomes files) of the shards of one run",
		ArgsUsage: "RESULTS.json... | OUTCOMES.csv...",
		Description: "Merges results files made by `clockwork run --shard I/N` (same data fingerprint, seed,\n" +
			"shard count and round cap, different shards) into one. All the shards together give\n" +
			"exactly the file a single run would have written. Mismatched or overlapping inputs are\n" +
			"refused. Given outcomes files (run --outcomes), it merges those the same way (default\n" +
			"output outcomes.csv); they do not record the seed or the data, so give it shards of one run.\n\n" +
			"Examples:\n" +
			"  clockwork merge out/shard0/results.json out/shard1/results.json -o out/results.json\n" +
			"  clockwork merge out/shard0/outcomes.csv out/shard1/outcomes.csv -o out/outcomes.csv",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "o", Aliases: []string{"output"}, Value: "results.json", Usage: "the merged `FILE` (default outcomes.csv for outcomes files)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 {
				return cli.Exit("clockwork merge: expected one or more results files", exitBadInput)
			}
			if sim.IsOutcomesFile(c.Args().First()) {
				return mergeOutcomes(c)
			}
			var files []*sim.Results
			for _, name := range c.Args().Slice() {
				r, err := sim.ReadFile(name)
				if err != nil {
					return cli.Exit("clockwork merge: "+err.Error(), exitBadInput)
				}
				files = append(files, r)
			}
			merged, err := sim.Merge(files, c.Args().Slice())
			if err != nil {
				return cli.Exit("clockwork "+err.Error(), exitBadInput)
			}
			if err := merged.WriteFile(c.String("o")); err != nil {
				return cli.Exit("clockwork merge: "+err.Error(), exitFailure)
			}
			fmt.Fprintf(c.App.ErrWriter, "merged %d files into %s\n", len(files), c.String("o"))
			return nil
		},
	}
}

// mergeOutcomes merges the outcomes files of the shards of one run.
func mergeOutcomes(c *cli.Context) error {
	var files []*sim.OutcomeFile
	for _, name := range c.Args().Slice() {
		f, err := sim.ReadOutcomesFile(name)
		if err != nil {
			return cli.Exit("clockwork merge: "+err.Error(), exitBadInput)
		}
		files = append(files, f)
	}
	merged, err := sim.MergeOutcomes(files, c.Args().Slice())
	if err != nil {
		return cli.Exit("clockwork "+err.Error(), exitBadInput)
	}
	out := c.String("o")
	if !c.IsSet("o") {
		out = "outcomes.csv"
	}
	if err := merged.WriteFile(out); err != nil {
		return cli.Exit("clockwork merge: "+err.Error(), exitFailure)
	}
	fmt.Fprintf(c.App.ErrWriter, "merged %d outcomes files into %s\n", len(files), out)
	return nil
}
