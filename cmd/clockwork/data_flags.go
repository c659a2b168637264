package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/datafile"
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
		setFileFlag(),
	}
}

// loadData loads the data named by the --config and --set flags. Problems with the data come
// back as one cli.Exit error listing all of them, with exit code 2.
func loadData(c *cli.Context) (*configs.Loaded, error) {
	return loadDataSets(c, dataSets(c))
}

// loadDataSets loads the data of --config with the --set values sets (a sweep point's, a Ganon
// target's).
func loadDataSets(c *cli.Context, sets []string) (*configs.Loaded, error) {
	l, err := configs.LoadDir(c.String("config"), sets)
	if err != nil {
		return nil, dataExit(c, err, configs.DefaultLabel)
	}
	return l, nil
}

// dataExit is the exit (code 2) of data that does not load: each problem on its line, then
// their count (the embedded data's problems placed at the --set values that made them, label
// being its name), or the one error of a directory that cannot be read.
func dataExit(c *cli.Context, err error, label string) error {
	var ps datafile.Problems
	if !errors.As(err, &ps) {
		return cli.Exit(err.Error(), exitBadInput)
	}
	if c.String("config") == "" {
		ps = withoutEmbeddedFiles(ps, dataSets(c), label)
	}
	return cli.Exit(fmt.Sprintf("%s\n%d problem%s in the data", ps.Error(), len(ps), plural(len(ps))), exitBadInput)
}

// withoutEmbeddedFiles rewrites the positions of problems in the embedded data, whose files the
// user does not have: a problem is named after the user's --set values on its path, else those
// beside it (the same parent: a rule between two values such as the hurt and full hand sizes),
// else all of them (the cause: the embedded data itself is valid); "embedded data" only without
// --set values.
func withoutEmbeddedFiles(ps datafile.Problems, sets []string, label string) datafile.Problems {
	out := make(datafile.Problems, len(ps))
	for i, p := range ps {
		out[i] = p
		if !strings.HasPrefix(p.Pos.File, label+"/") {
			continue
		}
		path, _, _ := strings.Cut(p.Msg, ":")
		cause := setsOn(sets, func(k string) bool { return strings.HasPrefix(k, path) || strings.HasPrefix(path, k) })
		if len(cause) == 0 { // a rule between values: the --set values beside the problem's
			cause = setsOn(sets, func(k string) bool { return parent(k) == parent(path) })
		}
		if len(cause) == 0 { // the embedded data is valid by itself: the --set values broke it
			cause = setsOn(sets, func(string) bool { return true })
		}
		out[i].Pos = datafile.Pos{File: "embedded data"}
		if len(cause) > 0 {
			out[i].Pos = datafile.Pos{File: strings.Join(cause, " ")}
		}
	}
	return out
}

// setsOn are the --set flags ("--set k=v") whose path k is selected.
func setsOn(sets []string, selected func(k string) bool) []string {
	var out []string
	for _, s := range sets {
		k, _, _ := strings.Cut(s, "=")
		if selected(strings.TrimSpace(k)) {
			out = append(out, "--set "+s)
		}
	}
	return out
}

// parent is a data path without its last part ("setup.hand_size" of "setup.hand_size.full").
func parent(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
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
