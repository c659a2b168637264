package datafile

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

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

// PatchFiles returns the data files of fsys (label names them in messages; doc is a pointer to
// the game's empty document, opt its options) with the patch's changes written into them: each
// changed value's number is replaced where the file writes it, and every other byte (comments,
// layout, other values) is kept. Only the files the patch touches are returned, by name. A key
// the files do not write (a value left to its default) or a value whose text is not a plain
// whole number is an error naming the patch file, the change's line and the key.
func PatchFiles(fsys fs.FS, label string, doc any, opt Options, p *Patch) (map[string][]byte, error) {
	d, err := Load(fsys, label, nil, doc, opt)
	if err != nil {
		return nil, err
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for i, c := range p.Changes {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: changes[%d].key: %s %s", p.Path, c.Line, i, c.Key, fmt.Sprintf(format, args...))
		}
		pos, ok := d.pos[c.Key]
		if !ok || pos.Line == 0 {
			return nil, fail("is not written in the data files of %s (it takes its default): write it there, then apply the patch", label)
		}
		name := strings.TrimPrefix(pos.File, label+"/")
		raw, ok := out[name]
		if !ok {
			if raw, err = fs.ReadFile(fsys, name); err != nil {
				return nil, err
			}
		}
		edited, err := replaceNumber(raw, pos.Line, pos.Col, c.To)
		if err != nil {
			return nil, fail("at %s: %v", pos, err)
		}
		out[name] = edited
	}
	return out, nil
}

// replaceNumber returns raw with the plain whole number that starts at line:col (1-based; col
// counts characters) replaced by to.
func replaceNumber(raw []byte, line, col int, to int) ([]byte, error) {
	start := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(raw[start:], '\n')
		if i < 0 {
			return nil, fmt.Errorf("no line %d", line)
		}
		start += i + 1
	}
	end := bytes.IndexByte(raw[start:], '\n')
	if end < 0 {
		end = len(raw) - start
	}
	text := []rune(string(raw[start : start+end]))
	if col < 1 || col > len(text) {
		return nil, fmt.Errorf("no column %d", col)
	}
	stop := col - 1
	for stop < len(text) && !strings.ContainsRune(" \t,]}#", text[stop]) {
		stop++
	}
	if _, err := strconv.ParseInt(string(text[col-1:stop]), 0, 64); err != nil {
		return nil, fmt.Errorf("%q is not a plain whole number", string(text[col-1:stop]))
	}
	edited := string(text[:col-1]) + strconv.Itoa(to) + string(text[stop:])
	out := append([]byte{}, raw[:start]...)
	out = append(out, edited...)
	return append(out, raw[start+end:]...), nil
}

// Verification is the fresh-seed check a tuned patch rests on: the seed and episodes it was
// played on and every target's verdict there.
type Verification struct {
	Seed    uint64
	Games   int
	Targets []VerifiedTarget
}

// VerifiedTarget is one target of a verification: its selectors (metric first, in the gate's
// order, as "key: value" pairs), its band, its figure with the 95% interval, and the verdict
// (pass, WARN or fail, as check prints it).
type VerifiedTarget struct {
	Selectors [][2]string
	Min, Max  *float64
	Value     float64
	Lo, Hi    float64
	Verdict   string
}

// Marshal writes the patch as patch.yaml (../shared/SCHEMAS.md): a comment naming tool, then
// game, data, the changes in order and the verification when there is one.
func (p *Patch) Marshal(verified *Verification) []byte {
	var b strings.Builder
	b.WriteString("# written by clockwork tune; apply with --set-file patch.yaml\n")
	fmt.Fprintf(&b, "game: %s\n", p.Game)
	if p.Data != "" {
		fmt.Fprintf(&b, "data: %s\n", p.Data)
	}
	if len(p.Changes) == 0 {
		b.WriteString("changes: []\n")
	} else {
		b.WriteString("changes:\n")
	}
	for _, c := range p.Changes {
		fmt.Fprintf(&b, "  - {key: %s, from: %d, to: %d}\n", c.Key, c.From, c.To)
	}
	if verified == nil {
		return []byte(b.String())
	}
	fmt.Fprintf(&b, "verified:\n  seed: %d\n  games: %d\n  targets:\n", verified.Seed, verified.Games)
	for _, t := range verified.Targets {
		var f []string
		for _, s := range t.Selectors {
			f = append(f, s[0]+": "+s[1])
		}
		if t.Min != nil {
			f = append(f, "min: "+strconv.FormatFloat(*t.Min, 'g', -1, 64))
		}
		if t.Max != nil {
			f = append(f, "max: "+strconv.FormatFloat(*t.Max, 'g', -1, 64))
		}
		f = append(f, fmt.Sprintf("value: %.4f", t.Value), fmt.Sprintf("lo95: %.4f", t.Lo), fmt.Sprintf("hi95: %.4f", t.Hi), "verdict: "+t.Verdict)
		fmt.Fprintf(&b, "    - {%s}\n", strings.Join(f, ", "))
	}
	return []byte(b.String())
}
