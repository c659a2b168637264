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

// patchData is what a patch needs of a game's data: the document and fingerprint of the data
// of a directory ("" for the embedded data) with --set values (what a patch is checked against
// and what it must give), and its files with a patch written in (init --from-patch). Each
// game's command line registers its own (patchGames).
type patchData struct {
	load  func(dir string, sets []string) (doc any, fingerprint string, err error)
	files func(dir string, p *datafile.Patch) (map[string][]byte, error)
}

// patchGames are the games' patchData, by name.
var patchGames = map[string]patchData{
	sim.DefaultGame: {
		load: func(dir string, sets []string) (any, string, error) {
			l, err := configs.LoadDir(dir, sets)
			if err != nil {
				return nil, "", err
			}
			return l.Doc, l.Data.Fingerprint, nil
		},
		files: configs.PatchFiles,
	},
}

// patchSets is the key of the command's patch changes in the app's metadata.
const patchSets = "set-file sets"

// readSetFile reads --set-file (when given) before the command runs (readPatch); its changes
// are kept for dataSets.
func readSetFile(c *cli.Context) error {
	p, err := readPatch(c, "set-file")
	if p == nil || err != nil {
		return err
	}
	if c.App.Metadata == nil {
		c.App.Metadata = map[string]any{}
	}
	c.App.Metadata[patchSets] = p.Sets()
	return nil
}

// readPatch reads the patch of the command's flag (nil when not given): it must be of the
// command's game and change whole numbers of the data of --config (exit 2 and one line
// otherwise); a patch found on other data than this is a warning.
func readPatch(c *cli.Context, flag string) (*datafile.Patch, error) {
	path := c.String(flag)
	if path == "" {
		return nil, nil
	}
	p, err := datafile.ReadPatch(path)
	if err != nil {
		return nil, cli.Exit("--"+flag+" "+err.Error(), exitBadInput)
	}
	game, data := commandGame(c)
	if p.Game != game {
		return nil, cli.Exit(fmt.Sprintf("--%s %s: the patch changes %s's data, this command plays %s", flag, path, p.Game, game), exitBadInput)
	}
	doc, fp, err := patchGames[game].load(c.String("config"), nil)
	if err != nil {
		return p, nil // the data's own problems are the command's to report
	}
	if err := datafile.CheckPatch(p, doc, data); err != nil {
		return nil, cli.Exit("--"+flag+" "+err.Error(), exitBadInput)
	}
	if p.Data != "" && p.Data != fp {
		fmt.Fprintf(c.App.ErrWriter, "warning: --%s %s was found on data %s, and is applied to data %s\n", flag, path, p.Data, fp)
	}
	return p, nil
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
