package datafile

import (
	"fmt"
	"os"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// Patch is a data patch (patch.yaml, ../shared/SCHEMAS.md): whole numbers of one game's data,
// each moved from a value to another, that --set-file applies on every command (in order, after
// --config, before the --set values of the command line), and that `tune` writes. A designer
// reviews it in a pull request and CI applies it.
type Patch struct {
	// Game is the game whose data the keys belong to ("clockwork", "clue", "duels").
	Game string
	// Data is the fingerprint of the data the patch was found on ("" when not recorded): data
	// with another fingerprint may still take the patch, with a warning.
	Data string
	// Changes are the moves, in key order.
	Changes []Change
	// Path is the file the patch was read from.
	Path string
}

// Change is one move of a patch: the --set path Key from From (informational) to To.
type Change struct {
	Key      string
	From, To int
	// Line is the change's line in the file.
	Line int
}

// Sets returns the patch's changes as --set values, "key=to", in order.
func (p *Patch) Sets() []string {
	out := make([]string, len(p.Changes))
	for i, c := range p.Changes {
		out[i] = c.Key + "=" + strconv.Itoa(c.To)
	}
	return out
}

// ReadPatch reads the patch file at path. A file that is not a patch (not YAML, no game, a
// change without a key or a whole number to move to, a key twice) is an error naming the file,
// the line and the field. Keys the data lacks are the loader's to refuse (CheckPatch).
func ReadPatch(path string) (*Patch, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Game    string    `yaml:"game"`
		Data    string    `yaml:"data"`
		Changes yaml.Node `yaml:"changes"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("%s: not a data patch: %v", path, err)
	}
	at := func(n *yaml.Node, field, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: %s: %s", path, n.Line, n.Column, field, fmt.Sprintf(format, args...))
	}
	p := &Patch{Game: doc.Game, Data: doc.Data, Path: path}
	if p.Game == "" {
		return nil, fmt.Errorf("%s: game: missing (the game whose data the patch changes)", path)
	}
	if doc.Changes.Kind != 0 && doc.Changes.Kind != yaml.SequenceNode {
		return nil, at(&doc.Changes, "changes", "expected a list of {key, from, to}")
	}
	seen := map[string]int{}
	for i, n := range doc.Changes.Content {
		field := "changes[" + strconv.Itoa(i) + "]"
		var c struct {
			Key  string `yaml:"key"`
			From *int   `yaml:"from"`
			To   *int   `yaml:"to"`
		}
		if err := n.Decode(&c); err != nil {
			return nil, at(n, field, "expected {key: PATH, from: N, to: N} with whole numbers")
		}
		switch {
		case c.Key == "":
			return nil, at(n, field+".key", "missing")
		case c.To == nil:
			return nil, at(n, field+".to", "missing (the value the patch sets)")
		case seen[c.Key] > 0:
			return nil, at(n, field+".key", "%s is changed twice (also on line %d)", c.Key, seen[c.Key])
		}
		seen[c.Key] = n.Line
		ch := Change{Key: c.Key, To: *c.To, Line: n.Line}
		if c.From != nil {
			ch.From = *c.From
		}
		p.Changes = append(p.Changes, ch)
	}
	return p, nil
}

// CheckPatch refuses a patch whose keys are not whole numbers of doc (the data it is applied to,
// a document of the patch's game), naming the file, the change's line and the key; dataCommand
// is the command that lists the data's values, for the message ("clockwork clue data").
func CheckPatch(p *Patch, doc any, dataCommand string) error {
	have := map[string]bool{}
	for _, v := range NumericValues(doc) {
		have[v.Path] = true
	}
	for i, c := range p.Changes {
		if !have[c.Key] {
			return fmt.Errorf("%s:%d: changes[%d].key: %s is not a whole number of the %s data (see %s --format json)", p.Path, c.Line, i, c.Key, p.Game, dataCommand)
		}
	}
	return nil
}
