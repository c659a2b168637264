// Package datafile is the data-file kit every game's configs package shares: it reads a
// directory of YAML files into a document struct (one field a section), applies --set overrides,
// checks each value as its struct tag asks, and reports every problem at once as
// `file:line:column: what is wrong` (for --set values, the flag instead of the position). A
// game's configs package adds its semantic checks (Decoder.Problemf) and builds its engine's
// tables from the document.
//
// A document struct's fields are its sections, tagged `yaml:"name" json:"name" cw:"..."`. The
// `cw` tag holds the checks the decoder makes while reading:
//
//	req          the key must be present
//	min=N,max=N  range of a whole number (or of each element of a list of numbers)
//	len=N        exact length of a list; minlen=N, maxlen=N bounds
//	keys=A-B     the keys of a numeric map must lie in [A, B]; allkeys: every one must be present
package datafile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Options are what a game tells the loader about its document.
type Options struct {
	// ListSections are the sections that may be split across files (their lists are joined).
	ListSections map[string]bool
	// SetExample is a --set value shown in the message for a malformed one, e.g.
	// "setup.skill_cards_per_type.3=5".
	SetExample string
}

// MaxFileSize is the largest data file read (a guard against a wrong directory).
const MaxFileSize = 4 << 20

// Dir returns the files of the data directory dir and its label in messages, or def and
// defLabel when dir is "". A dir that is missing or not a directory is an error naming --config.
func Dir(dir string, def fs.FS, defLabel string) (fs.FS, string, error) {
	if dir == "" {
		return def, defLabel, nil
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, "", fmt.Errorf("--config %s: %w", dir, unwrapPathError(err))
	}
	if !st.IsDir() {
		return nil, "", fmt.Errorf("--config %s: not a directory", dir)
	}
	return os.DirFS(dir), path.Clean(dir), nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// section is one section as written in one file.
type section struct {
	file string
	key  *yaml.Node
	val  *yaml.Node
}

// Load reads every *.yaml file of fsys (label names the directory in messages), applies the
// --set overrides in sets (each "path=value") and decodes the sections into doc, a pointer to a
// document struct. Problems with the data are collected in the returned Decoder (see Err), so
// that the game's semantic checks can add theirs; the error is for files that cannot be read.
func Load(fsys fs.FS, label string, sets []string, doc any, opt Options) (*Decoder, error) {
	dv := reflect.ValueOf(doc)
	if dv.Kind() != reflect.Pointer || dv.Elem().Kind() != reflect.Struct {
		panic("datafile: Load needs a pointer to a document struct")
	}
	dv = dv.Elem()
	d := newDecoder(dv.Type(), opt)
	files, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no *.yaml data files", label)
	}
	sections, order, err := d.readSections(fsys, label, files)
	if err != nil {
		return nil, err
	}
	for _, s := range sets {
		d.applySet(sections, s)
	}
	for _, name := range order {
		idx, _ := d.sectionField(name)
		f := dv.Type().Field(idx)
		tag := parseTag(f.Tag.Get("cw"))
		if opt.ListSections[name] {
			tag = cwTag{} // lengths are checked on the joined list
		}
		for _, s := range sections[name] {
			d.file = s.file
			d.decode(s.val, dv.Field(idx), name, tag)
		}
	}
	d.checkSections(dv, label, sections)
	return d, nil
}

// readSections parses files and groups their top-level sections by name (in the order first
// seen), reporting unknown and repeated sections.
func (d *Decoder) readSections(fsys fs.FS, label string, files []string) (map[string][]section, []string, error) {
	sections := map[string][]section{}
	var order []string
	for _, name := range files {
		d.file = path.Join(label, name)
		raw, err := readFile(fsys, name)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", d.file, err)
		}
		root, ok := d.parse(raw)
		if !ok {
			continue
		}
		for i := 0; i+1 < len(root.Content); i += 2 {
			k, v := root.Content[i], root.Content[i+1]
			if _, known := d.sectionField(k.Value); !known {
				d.errorf(k, "unknown section %q (expected one of: %s)", k.Value, strings.Join(d.sectionNames(), ", "))
				continue
			}
			if prev := sections[k.Value]; len(prev) > 0 && !d.opt.ListSections[k.Value] {
				d.errorf(k, "section %q is already defined at %s", k.Value, d.atFile(prev[0]))
				continue
			}
			if len(sections[k.Value]) == 0 {
				order = append(order, k.Value)
			}
			sections[k.Value] = append(sections[k.Value], section{file: d.file, key: k, val: v})
		}
	}
	return sections, order, nil
}

// checkSections reports missing required sections and list sections whose joined length is
// outside their tag's bounds.
func (d *Decoder) checkSections(dv reflect.Value, label string, sections map[string][]section) {
	for _, name := range d.sectionNames() {
		idx, _ := d.sectionField(name)
		tag := parseTag(dv.Type().Field(idx).Tag.Get("cw"))
		n := len(sections[name])
		switch {
		case n == 0 && tag.req && !d.broken: // a file that is not YAML may hold the section
			d.probs = append(d.probs, Problem{Pos: Pos{File: label}, Msg: fmt.Sprintf("missing section %q", name)})
		case n > 0 && d.opt.ListSections[name]:
			l := dv.Field(idx).Len()
			if tag.minLen != nil && l < *tag.minLen || tag.length != nil && l != *tag.length {
				want := tag.minLen
				what := "at least"
				if tag.length != nil {
					want, what = tag.length, "exactly"
				}
				d.Problemf(name, "%s: expected %s %d entries in all, got %d", name, what, *want, l)
			}
		}
	}
}

// Err returns the problems found so far, sorted by file, line and column (--set problems last),
// or nil when there are none.
func (d *Decoder) Err() error {
	if len(d.probs) == 0 {
		return nil
	}
	d.probs.sort()
	return d.probs
}

func readFile(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, unwrapPathError(err)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, unwrapPathError(err)
	}
	if len(raw) > MaxFileSize {
		return nil, fmt.Errorf("larger than %d bytes: not a data file", MaxFileSize)
	}
	return raw, nil
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// unclosed are the parser's messages about a flow sequence or mapping left open, with the
// bracket that opened it: the YAML library names the line where the bracket opened, counted
// from 0 (its scanner's messages count from 1).
var unclosed = map[string]byte{"did not find expected ',' or ']'": '[', "did not find expected ',' or '}'": '{'}

// syntaxPlace turns the YAML library's line of a syntax error into the line and column a person
// looks at: for a flow sequence or mapping left open, the line (counted from 1) and column of
// the last bracket that opened one, on the line named or above it (the library names the line
// after it when the bracket is on the first line); otherwise the line as given, column 1.
func syntaxPlace(raw []byte, line int, msg string) (int, int) {
	open, ok := unclosed[msg]
	if !ok {
		return line, 1
	}
	lines := strings.Split(string(raw), "\n")
	for l := min(line, len(lines)-1); l >= 0; l-- {
		if i := strings.LastIndexByte(lines[l], open); i >= 0 {
			return l + 1, i + 1
		}
	}
	return line, 1
}

// parse parses one file into its top-level mapping.
func (d *Decoder) parse(raw []byte) (*yaml.Node, bool) {
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	var doc yaml.Node
	err := dec.Decode(&doc)
	if errors.Is(err, io.EOF) {
		return nil, false // an empty file holds no sections
	}
	if err != nil {
		line := 1
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = strings.TrimSpace(yamlLine.ReplaceAllString(msg, ""))
		msg = strings.TrimPrefix(msg, ": ")
		line, col := syntaxPlace(raw, line, msg)
		d.probs = append(d.probs, Problem{Pos: Pos{File: d.file, Line: line, Col: col}, Msg: "not valid YAML: " + msg})
		d.broken = true
		return nil, false
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		d.errorf(&extra, "a data file holds one YAML document; found another")
	}
	root := resolve(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		d.errorf(root, "expected a mapping of sections, got %s", kindName(root))
		return nil, false
	}
	return root, true
}

func (d *Decoder) atFile(s section) Pos {
	return Pos{File: s.file, Line: s.key.Line, Col: s.key.Column}
}

// sectionField returns the index of the document field of a section name.
func (d *Decoder) sectionField(name string) (int, bool) {
	t := d.doc
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("yaml") == name {
			return i, true
		}
	}
	return 0, false
}

// sectionNames lists the section names in document order.
func (d *Decoder) sectionNames() []string {
	t := d.doc
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = t.Field(i).Tag.Get("yaml")
	}
	return names
}
