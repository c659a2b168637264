package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/datafile"
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
			"--from-patch writes a data patch's values into the copy. docs/data.md describes every\n" +
			"file and key.\n\n" +
			"Examples:\n" +
			"  clockwork init mydata\n" +
			"  clockwork validate --config mydata",
		Flags:  initFlags(),
		Action: func(c *cli.Context) error { return writeDataCopy(c, configs.Default(), "clockwork") },
	}
}

// initFlags are the flags of every game's init.
func initFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "force", Usage: "overwrite data files that already exist in DIR"},
		&cli.StringFlag{Name: "config", Usage: "copy the data of `SRC` instead of the embedded defaults"},
		&cli.StringFlag{Name: "from-patch", Usage: "write the changes of the data patch `FILE` (patch.yaml) into the copy"},
	}
}

// writeDataCopy is init's action: the data of --config (defaults when not given), with the
// --from-patch values written in, copied into the command's directory argument. The copy is
// loaded back and must equal the source data with the patch applied by --set-file.
func writeDataCopy(c *cli.Context, defaults fs.FS, command string) error {
	if c.NArg() != 1 {
		return cli.Exit("expected one argument, the directory DIR", exitBadInput)
	}
	dir, src := c.Args().First(), c.String("config")
	p, err := readPatch(c, "from-patch")
	if err != nil {
		return err
	}
	game, _ := commandGame(c)
	files, _, err := datafile.Dir(src, defaults, "")
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	var patched map[string][]byte
	if p != nil {
		if _, _, err := patchGames[game].load(src, nil); err != nil {
			return dataExit(c, err, "")
		}
		if patched, err = patchGames[game].files(src, p); err != nil {
			return dataExit(c, err, "")
		}
	}
	n, err := copyData(files, patched, dir, c.Bool("force"))
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	if p != nil {
		if err := sameData(game, src, dir, p); err != nil {
			return cli.Exit(err.Error(), exitBadInput)
		}
		fmt.Fprintf(c.App.Writer, "wrote %d data files into %s, with the %d changes of %s\n", n, dir, len(p.Changes), p.Path)
	} else {
		fmt.Fprintf(c.App.Writer, "wrote %d data files into %s\n", n, dir)
	}
	fmt.Fprintf(c.App.Writer, "next: edit them, then run  %s validate --config %s\n", command, dir)
	return nil
}

// sameData checks that the data of dir equals the data of src with patch p applied.
func sameData(game, src, dir string, p *datafile.Patch) error {
	_, want, err := patchGames[game].load(src, p.Sets())
	if err != nil {
		return fmt.Errorf("%s with the patch %s: %s", orDefault(src), p.Path, oneLine(err))
	}
	_, got, err := patchGames[game].load(dir, nil)
	if err != nil {
		return fmt.Errorf("%s: %s", dir, oneLine(err))
	}
	if got != want {
		return fmt.Errorf("%s: data %s differs from %s with the patch %s (data %s)", dir, got, orDefault(src), p.Path, want)
	}
	return nil
}

// orDefault names a data source: the directory, or the embedded data.
func orDefault(src string) string {
	if src == "" {
		return "the embedded data"
	}
	return src
}

// oneLine returns the first line of err's message (data problems list one per line).
func oneLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// copyData copies the data files *.yaml of src into dir, the files of patched (by name)
// in their place. Every file is written to a temporary name and renamed (sim.WriteAtomic), so
// an interrupted init leaves no half-written file.
func copyData(src fs.FS, patched map[string][]byte, dir string, force bool) (int, error) {
	names, err := fs.Glob(src, "*.yaml")
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
		raw, ok := patched[name]
		if !ok {
			if raw, err = fs.ReadFile(src, name); err != nil {
				return 0, err
			}
		}
		if err := sim.WriteAtomic(filepath.Join(dir, name), raw); err != nil {
			return 0, err
		}
	}
	return len(names), nil
}
