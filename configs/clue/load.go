// Package clue holds the embedded default data of CLUE: The Legend of Zelda (the YAML files in
// this directory: the cards, the board, the dice, the Bosses, the personalities and the rules'
// readings) and turns a data directory, plus --set overrides, into the engine's validated
// rules/clue Data.
//
// Every problem of a data set is reported at once, each as `file:line:column: what is wrong`
// (for --set values, the flag instead of the position).
package clue

import (
	"embed"
	"io/fs"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/rules/clue"
)

//go:embed *.yaml
var embedded embed.FS

// DefaultLabel is how the embedded data set is named in messages.
const DefaultLabel = "configs/clue"

// Default returns the embedded default data files.
func Default() fs.FS { return embedded }

// Loaded is a validated data set.
type Loaded struct {
	Data *clue.Data // the engine's tables (Data.Fingerprint set)
	Doc  *clue.Spec // the effective data as written (after --set), for printing
}

// options tells the data-file kit about the document: Bosses may be split over files.
var options = datafile.Options{
	ListSections: map[string]bool{"bosses": true},
	SetExample:   "rules.ganondorf_cards=6",
}

// LoadDir loads the data directory dir, or the embedded default data when dir is "", and applies
// the --set overrides in sets (each "path=value", e.g. rules.turn_cap=300).
func LoadDir(dir string, sets []string) (*Loaded, error) {
	fsys, label, err := datafile.Dir(dir, Default(), DefaultLabel)
	if err != nil {
		return nil, err
	}
	return Load(fsys, label, sets)
}

// Load reads every *.yaml file of fsys (label names the directory in messages), applies the
// --set overrides and validates the result: the data-file kit's checks, then the engine's
// semantic checks (clue.NewData), each placed at the value it is about.
func Load(fsys fs.FS, label string, sets []string) (*Loaded, error) {
	doc := &clue.Spec{}
	d, err := datafile.Load(fsys, label, sets, doc, options)
	if err != nil {
		return nil, err
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	data, probs := clue.NewData(doc)
	for _, p := range probs {
		d.Problemf(p.Path, "%s", p.Msg)
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	data.Fingerprint = datafile.Fingerprint(doc)
	return &Loaded{Data: data, Doc: doc}, nil
}

// PatchFiles returns the data files of dir (the embedded default data when "") that the patch p
// changes, with its values written in (datafile.PatchFiles): what `init --from-patch` writes.
func PatchFiles(dir string, p *datafile.Patch) (map[string][]byte, error) {
	fsys, label, err := datafile.Dir(dir, Default(), DefaultLabel)
	if err != nil {
		return nil, err
	}
	return datafile.PatchFiles(fsys, label, &clue.Spec{}, options, p)
}
