// Package configs holds the embedded default data set of Clockwork Realm (the YAML files in this
// directory) and turns a data directory, plus --set overrides, into validated rules.Data.
//
// Every problem of a data set is reported at once, each as `file:line:column: what is wrong`
// (for --set values, the flag instead of the position). The file format is in docs/data.md.
package configs

import (
	"bytes"
	"embed"
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

	"github.com/clockworksim/clockwork/rules"
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
const MaxFileSize = 4 << 20

// LoadDir loads the data directory dir, or the embedded default data when dir is "", and
// applies the --set overrides in sets (each "path=value"). A data problem is returned as
// Problems; a directory that cannot be read as another error.
func LoadDir(dir string, sets []string) (*Loaded, error) {
	if dir == "" {
		return Load(Default(), DefaultLabel, sets)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("--config %s: %w", dir, unwrapPathError(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("--config %s: not a directory", dir)
	}
	return Load(os.DirFS(dir), path.Clean(dir), sets)
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
// --set overrides and validates the result.
func Load(fsys fs.FS, label string, sets []string) (*Loaded, error) {
	files, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no *.yaml data files", label)
	}
	d := newDecoder()
	sections := map[string][]section{}
	var order []string
	for _, name := range files {
		d.file = path.Join(label, name)
		raw, err := readFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.file, err)
		}
		root, ok := d.parse(raw)
		if !ok {
			continue
		}
		for i := 0; i+1 < len(root.Content); i += 2 {
			k, v := root.Content[i], root.Content[i+1]
			if _, known := sectionField(k.Value); !known {
				d.errorf(k, "unknown section %q (expected one of: %s)", k.Value, strings.Join(sectionNames(), ", "))
				continue
			}
			if prev := sections[k.Value]; len(prev) > 0 && !listSections[k.Value] {
				d.errorf(k, "section %q is already defined at %s", k.Value, d.atFile(prev[0]))
				continue
			}
			if len(sections[k.Value]) == 0 {
				order = append(order, k.Value)
			}
			sections[k.Value] = append(sections[k.Value], section{file: d.file, key: k, val: v})
		}
	}
	for _, s := range sets {
		d.applySet(sections, s)
	}
	doc := &Document{}
	dv := reflect.ValueOf(doc).Elem()
	for _, name := range order {
		idx, _ := sectionField(name)
		f := dv.Type().Field(idx)
		tag := parseTag(f.Tag.Get("cw"))
		if listSections[name] {
			tag = cwTag{} // lengths are checked on the joined list
		}
		for _, s := range sections[name] {
			d.file = s.file
			d.decode(s.val, dv.Field(idx), name, tag)
		}
	}
	for _, name := range sectionNames() {
		idx, _ := sectionField(name)
		tag := parseTag(dv.Type().Field(idx).Tag.Get("cw"))
		n := len(sections[name])
		switch {
		case n == 0 && tag.req:
			d.probs = append(d.probs, Problem{Pos: Pos{File: label}, Msg: fmt.Sprintf("missing section %q", name)})
		case n > 0 && listSections[name]:
			l := dv.Field(idx).Len()
			if tag.minLen != nil && l < *tag.minLen || tag.length != nil && l != *tag.length {
				want := tag.minLen
				what := "at least"
				if tag.length != nil {
					want, what = tag.length, "exactly"
				}
				d.problem(name, "%s: expected %s %d entries in all, got %d", name, what, *want, l)
			}
		}
	}
	data, notes := build(doc, d)
	if len(d.probs) > 0 {
		d.probs.sort()
		return nil, d.probs
	}
	data.Fingerprint = Fingerprint(doc)
	data.Finalize()
	return &Loaded{Data: data, Doc: doc, Notes: notes}, nil
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

// parse parses one file into its top-level mapping.
func (d *decoder) parse(raw []byte) (*yaml.Node, bool) {
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
		d.probs = append(d.probs, Problem{Pos: Pos{File: d.file, Line: line, Col: 1}, Msg: "not valid YAML: " + msg})
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

func (d *decoder) atFile(s section) Pos {
	return Pos{File: s.file, Line: s.key.Line, Col: s.key.Column}
}

// sectionField returns the index of the Document field of a section name.
func sectionField(name string) (int, bool) {
	t := reflect.TypeOf(Document{})
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("yaml") == name {
			return i, true
		}
	}
	return 0, false
}

// sectionNames lists the section names in Document order.
func sectionNames() []string {
	t := reflect.TypeOf(Document{})
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = t.Field(i).Tag.Get("yaml")
	}
	return names
}
