// Package clockwork (imported as configs) holds the embedded default data set of Clockwork Realm (the YAML files in this
// directory) and turns a data directory, plus --set overrides, into validated rules.Data.
//
// Every problem of a data set is reported at once, each as `file:line:column: what is wrong`
// (for --set values, the flag instead of the position). The file format is in docs/data.md.
package clockwork

import (
	"embed"
	"io/fs"

	"github.com/clockworksim/clockwork/configs/datafile"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

//go:embed *.yaml
var embedded embed.FS

// DefaultLabel is how the embedded data set is named in messages.
const DefaultLabel = "configs"

// Default returns the embedded default data files.
func Default() fs.FS { return embedded }

// Loaded is a validated data set.
type Loaded struct {
	Data  *rules.Data // the engine's tables
	Doc   *Document   // the effective data as written (after --set), for printing
	Notes []string    // differences from the physical box: legal, but worth knowing
}

// MaxFileSize is the largest data file read (a guard against a wrong directory).
const MaxFileSize = datafile.MaxFileSize

// options tells the data-file kit about the document.
var options = datafile.Options{ListSections: listSections, SetExample: "setup.skill_cards_per_type.3=5"}

// LoadDir loads the data directory dir, or the embedded default data when dir is "", and
// applies the --set overrides in sets (each "path=value"). A data problem is returned as
// Problems; a directory that cannot be read as another error.
func LoadDir(dir string, sets []string) (*Loaded, error) {
	fsys, label, err := datafile.Dir(dir, Default(), DefaultLabel)
	if err != nil {
		return nil, err
	}
	return Load(fsys, label, sets)
}

// Load reads every *.yaml file of fsys (label names the directory in messages), applies the
// --set overrides and validates the result.
func Load(fsys fs.FS, label string, sets []string) (*Loaded, error) {
	doc := &Document{}
	d, err := datafile.Load(fsys, label, sets, doc, options)
	if err != nil {
		return nil, err
	}
	data, notes := build(doc, d)
	if err := d.Err(); err != nil {
		return nil, err
	}
	data.Fingerprint = datafile.Fingerprint(doc)
	data.Finalize()
	return &Loaded{Data: data, Doc: doc, Notes: notes}, nil
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
