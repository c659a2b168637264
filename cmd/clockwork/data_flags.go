package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/configs"
)

// dataFlags are the flags of every command that reads the game data.
func dataFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{
			Name:    "config",
			Usage:   "read the game data from `DIR` (a copy made by `clockwork init`) instead of the embedded defaults",
			EnvVars: []string{"CLOCKWORK_CONFIG"},
		},
		&cli.StringSliceFlag{
			Name:  "set",
			Usage: "change one data value, `PATH=VALUE` (repeatable), e.g. setup.skill_cards_per_type.3=5",
		},
	}
}

// loadData loads the data named by the --config and --set flags. Problems with the data come
// back as one cli.Exit error listing all of them, with exit code 2.
func loadData(c *cli.Context) (*configs.Loaded, error) {
	return loadDataSets(c, c.StringSlice("set"))
}

// loadDataSets loads the data of --config with the --set values sets (a sweep point's, a Ganon
// target's).
func loadDataSets(c *cli.Context, sets []string) (*configs.Loaded, error) {
	l, err := configs.LoadDir(c.String("config"), sets)
	if err != nil {
		var ps configs.Problems
		if errors.As(err, &ps) {
			return nil, cli.Exit(fmt.Sprintf("%s\n%d problem%s in the data", ps.Error(), len(ps), plural(len(ps))), exitBadInput)
		}
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	return l, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func indent(lines []string) string {
	return "  " + strings.Join(lines, "\n  ")
}
