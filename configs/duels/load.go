// Package duels holds the embedded default data set of Zelda Duels (the YAML files in this
// directory: the rules readings, the die, ten teams and four maps) and turns a data directory,
// plus --set overrides, into the validated engine data of package rules/duels.
//
// Every problem of a data set is reported at once, each as `file:line:column: what is wrong`.
// The format and the readings are in docs/duels-rules.md.
package duels

import (
	"embed"
	"io/fs"

	"github.com/clockworksim/clockwork/configs/datafile"
	rules "github.com/clockworksim/clockwork/rules/duels"
)

//go:embed *.yaml
var embedded embed.FS

// DefaultLabel is how the embedded data set is named in messages.
const DefaultLabel = "configs/duels"

// Default returns the embedded default data files.
func Default() fs.FS { return embedded }

// Loaded is a validated data set.
type Loaded struct {
	Data *rules.Data // the engine's tables
	Doc  *Document   // the effective data as written (after --set), for printing
}

// options tells the data-file kit about the document.
var options = datafile.Options{ListSections: listSections, SetExample: "rules.heart_heal=1"}

// LoadDir loads the data directory dir, or the embedded default data when dir is "", with the
// --set overrides in sets (each "path=value", e.g. rules.heart_heal=1).
func LoadDir(dir string, sets []string) (*Loaded, error) {
	fsys, label, err := datafile.Dir(dir, Default(), DefaultLabel)
	if err != nil {
		return nil, err
	}
	return Load(fsys, label, sets)
}

// Load reads every *.yaml file of fsys (label names it in messages), applies the --set
// overrides and validates the result. Data problems are returned as datafile.Problems.
func Load(fsys fs.FS, label string, sets []string) (*Loaded, error) {
	doc := &Document{}
	d, err := datafile.Load(fsys, label, sets, doc, options)
	if err != nil {
		return nil, err
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	data := build(doc, d)
	if err := d.Err(); err != nil {
		return nil, err
	}
	if err := data.Validate(); err != nil {
		return nil, err // the checks above report every case with a position first
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
	return datafile.PatchFiles(fsys, label, &Document{}, options, p)
}
