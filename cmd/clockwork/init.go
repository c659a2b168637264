package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/sim"
)

func initCommand() *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "write the default game data as editable YAML files into DIR",
		ArgsUsage: "DIR",
		Description: "Writes every embedded data file (setup, rules, cards, enemies, bosses, special\n" +
			"rooms, tiles, layouts, damage) into DIR, creating it if needed. Edit the copy and pass\n" +
			"--config DIR to any command. Existing data files are never overwritten unless --force.\n" +
			"docs/data.md describes every file and key.\n\n" +
			"Examples:\n" +
			"  clockwork init mydata\n" +
			"  clockwork validate --config mydata",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "force", Usage: "overwrite data files that already exist in DIR"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("clockwork init: expected one argument, the directory DIR", exitBadInput)
			}
			dir := c.Args().First()
			n, err := writeDefaults(configs.Default(), dir, c.Bool("force"))
			if err != nil {
				return cli.Exit("clockwork init: "+err.Error(), exitBadInput)
			}
			fmt.Fprintf(c.App.Writer, "wrote %d data files into %s\nnext: edit them, then run  clockwork validate --config %s\n", n, dir, dir)
			return nil
		},
	}
}

// writeDefaults copies the embedded data files defaults into dir. Every file is written to a temporary
// name and renamed (sim.WriteAtomic), so an interrupted init leaves no half-written file.
func writeDefaults(defaults fs.FS, dir string, force bool) (int, error) {
	names, err := fs.Glob(defaults, "*.yaml")
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	if !force {
		for _, name := range names {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				return 0, fmt.Errorf("%s already exists (use --force to overwrite)", filepath.Join(dir, name))
			}
		}
	}
	for _, name := range names {
		raw, err := fs.ReadFile(defaults, name)
		if err != nil {
			return 0, err
		}
		if err := sim.WriteAtomic(filepath.Join(dir, name), raw); err != nil {
			return 0, err
		}
	}
	return len(names), nil
}
