package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/sim"
)

// setFileFlag is --set-file, beside --set on every command that reads a game's data.
func setFileFlag() cli.Flag {
	return &cli.StringFlag{Name: "set-file", Usage: "apply the data patch `FILE` (patch.yaml: whole numbers moved, docs/data.md) after --config and before --set"}
}

// baseData returns the document and fingerprint of a game's data of --config with no --set:
// what a patch is checked against. Each game's command line registers its own (patchBases).
type baseData func(dir string) (doc any, fingerprint string, err error)

// patchBases are the games' baseData, by name.
var patchBases = map[string]baseData{
	sim.DefaultGame: func(dir string) (any, string, error) {
		l, err := configs.LoadDir(dir, nil)
		if err != nil {
			return nil, "", err
		}
		return l.Doc, l.Data.Fingerprint, nil
	},
}

// patchSets is the key of the command's patch changes in the app's metadata.
const patchSets = "set-file sets"

// readSetFile reads --set-file (when given) before the command runs: the patch must be of the
// command's game and change whole numbers its data has (exit 2 and one line otherwise); a patch
// found on other data than this is a warning. Its changes are kept for dataSets.
func readSetFile(c *cli.Context) error {
	path := c.String("set-file")
	if path == "" {
		return nil
	}
	p, err := datafile.ReadPatch(path)
	if err != nil {
		return cli.Exit("--set-file "+err.Error(), exitBadInput)
	}
	game, data := commandGame(c)
	if p.Game != game {
		return cli.Exit(fmt.Sprintf("--set-file %s: the patch changes %s's data, this command plays %s", path, p.Game, game), exitBadInput)
	}
	doc, fp, err := patchBases[game](c.String("config"))
	if err != nil {
		return nil // the data's own problems are the command's to report
	}
	if err := datafile.CheckPatch(p, doc, data); err != nil {
		return cli.Exit("--set-file "+err.Error(), exitBadInput)
	}
	if p.Data != "" && p.Data != fp {
		fmt.Fprintf(c.App.ErrWriter, "warning: --set-file %s was found on data %s, and is applied to data %s\n", path, p.Data, fp)
	}
	if c.App.Metadata == nil {
		c.App.Metadata = map[string]any{}
	}
	c.App.Metadata[patchSets] = p.Sets()
	return nil
}

// commandGame returns the game a command plays (a game's command group's name, else Clockwork
// Realm) and that game's data command, for messages.
func commandGame(c *cli.Context) (game, data string) {
	words := strings.Fields(commandPath(c))
	if len(words) > 1 {
		if d, err := sim.DescriptorOf(words[0]); err == nil {
			return d.Name, "clockwork " + d.Name + " data"
		}
	}
	return sim.DefaultGame, "clockwork data"
}

// dataSets are the data changes of the command: the --set-file patch's, then --set's (a later
// --set wins).
func dataSets(c *cli.Context) []string {
	patch, _ := c.App.Metadata[patchSets].([]string)
	return append(append([]string{}, patch...), c.StringSlice("set")...)
}
