package datafile

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Decoder turns YAML node trees into the values of a document struct. Unlike yaml.Unmarshal it
// keeps going after a problem, so that every problem of a data set is reported at once with its
// line and column, and it records the position of every value by its data path
// (section.key.id...), which the semantic checks use to place their messages.
type Decoder struct {
	opt    Options
	doc    reflect.Type          // the document struct: one field a section
	file   string                // the file being decoded
	origin map[*yaml.Node]string // nodes made by --set: the flag that made them
	pos    map[string]Pos        // data path -> where its value is written
	ids    map[string]map[string]Pos
	probs  Problems
	broken bool // a file is not valid YAML: the sections it may hold are not missing
}

func newDecoder(doc reflect.Type, opt Options) *Decoder {
	return &Decoder{opt: opt, doc: doc, origin: map[*yaml.Node]string{}, pos: map[string]Pos{},
		ids: map[string]map[string]Pos{}}
}

// at returns the position of node n in the current file (or its --set flag).
func (d *Decoder) at(n *yaml.Node) Pos {
	if flag, ok := d.origin[n]; ok {
		return Pos{File: flag}
	}
	return Pos{File: d.file, Line: n.Line, Col: n.Column}
}

func (d *Decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.probs = append(d.probs, Problem{Pos: d.at(n), Msg: fmt.Sprintf(format, args...)})
}

// record notes where the value of path is written (the first place wins).
func (d *Decoder) record(path string, n *yaml.Node) {
	if _, ok := d.pos[path]; !ok {
		d.pos[path] = d.at(n)
	}
}

// posOf returns the position of path, or of its nearest recorded ancestor.
func (d *Decoder) posOf(path string) Pos {
	for {
		if p, ok := d.pos[path]; ok {
			return p
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return Pos{File: "(data)"}
		}
		path = path[:i]
	}
}

// Problemf records a semantic problem at the position of the value of the data path (for
// example "temples.fire.boss"), or of its nearest ancestor that was written.
func (d *Decoder) Problemf(path, format string, args ...any) {
	d.probs = append(d.probs, Problem{Pos: d.posOf(path), Msg: fmt.Sprintf(format, args...)})
}

// cwTag holds the checks of a `cw` struct tag.
type cwTag struct {
	req            bool
	min, max       *int
	length         *int
	minLen, maxLen *int
	keyMin, keyMax *int
	allKeys        bool
}

func parseTag(s string) cwTag {
	var t cwTag
	num := func(v string) *int {
		n, err := strconv.Atoi(v)
		if err != nil {
			panic("datafile: bad cw tag " + s) // a programming error in document.go
		}
		return &n
	}
	for _, part := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "":
		case "req":
			t.req = true
		case "allkeys":
			t.allKeys = true
		case "min":
			t.min = num(v)
		case "max":
			t.max = num(v)
		case "len":
			t.length = num(v)
		case "minlen":
			t.minLen = num(v)
		case "maxlen":
			t.maxLen = num(v)
		case "keys":
			a, b, _ := strings.Cut(v, "-")
			t.keyMin, t.keyMax = num(a), num(b)
		default:
			panic("datafile: bad cw tag " + s)
		}
	}
	return t
}

// elem is the tag passed to the elements of a list or the values of a map.
func (t cwTag) elem(ofMap bool) cwTag {
	e := cwTag{min: t.min, max: t.max}
	if ofMap { // a map's length checks apply to its values
		e.length, e.minLen, e.maxLen = t.length, t.minLen, t.maxLen
	}
	return e
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "nothing"
		case "!!int":
			return "the number " + n.Value
		case "!!float":
			return "the number " + n.Value
		case "!!bool":
			return n.Value
		}
		return strconv.Quote(n.Value)
	}
	return "something else"
}

// resolve returns the node to decode for n. Anchors and aliases are not followed: data files
// do not need them, and following them would let a small file expand without bound (the
// decoder reports an alias as a problem instead).
func resolve(n *yaml.Node) *yaml.Node { return n }

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }

// entryID returns the id of a list entry (a mapping with a scalar `id`), or "".
func entryID(n *yaml.Node) string {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "id" && resolve(n.Content[i+1]).Kind == yaml.ScalarNode {
			return resolve(n.Content[i+1]).Value
		}
	}
	return ""
}

// decode reads node n into v (a settable value), at data path `path`.
func (d *Decoder) decode(n *yaml.Node, v reflect.Value, path string, tag cwTag) {
	n = resolve(n)
	d.record(path, n)
	if n.Kind == yaml.AliasNode {
		d.errorf(n, "%s: aliases (*%s) are not supported in data files; write the value out", path, n.Value)
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if isNull(n) {
			return
		}
		p := reflect.New(v.Type().Elem())
		d.decode(n, p.Elem(), path, tag)
		v.Set(p)
	case reflect.String:
		if n.Kind != yaml.ScalarNode || isNull(n) {
			d.errorf(n, "%s: expected text, got %s", path, kindName(n))
			return
		}
		v.SetString(n.Value)
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.ToLower(n.Value))
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || err != nil {
			d.errorf(n, "%s: expected true or false, got %s", path, kindName(n))
			return
		}
		v.SetBool(b)
	case reflect.Int:
		d.decodeInt(n, v, path, tag)
	case reflect.Slice, reflect.Array:
		d.decodeList(n, v, path, tag)
	case reflect.Map:
		d.decodeMap(n, v, path, tag)
	case reflect.Struct:
		d.decodeStruct(n, v, path)
	default:
		panic("datafile: cannot decode into " + v.Type().String())
	}
}

// decodeInt decodes a whole number of 32 bits into v, checking the field's cw range (min, max).
// A number too large (or small) to read at all is out of range too, and said so with the
// range the field allows: its cw bounds, else the 32-bit limits ("99999999999 is out of range
// (0 to 20)").
func (d *Decoder) decodeInt(n *yaml.Node, v reflect.Value, path string, tag cwTag) {
	x, err := strconv.ParseInt(n.Value, 0, 32)
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!int" && errors.Is(err, strconv.ErrRange) {
		d.errorf(n, "%s: %s is out of range (%s)", path, n.Value, readableRange(tag))
		return
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || err != nil {
		d.errorf(n, "%s: expected a whole number, got %s", path, kindName(n))
		return
	}
	if tag.min != nil && int(x) < *tag.min || tag.max != nil && int(x) > *tag.max {
		d.errorf(n, "%s: %d is out of range (%s)", path, x, rangeText(tag))
		return
	}
	v.SetInt(x)
}

// readableRange is the range of whole numbers a field of tag t accepts: its cw bounds, the
// 32-bit limits where it has none ("0 to 20", "1 to 2147483647").
func readableRange(t cwTag) string {
	lo, hi := math.MinInt32, math.MaxInt32
	if t.min != nil {
		lo = *t.min
	}
	if t.max != nil {
		hi = *t.max
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

func rangeText(t cwTag) string {
	switch {
	case t.min != nil && t.max != nil:
		return fmt.Sprintf("%d to %d", *t.min, *t.max)
	case t.min != nil:
		return fmt.Sprintf("at least %d", *t.min)
	default:
		return fmt.Sprintf("at most %d", *t.max)
	}
}

func (d *Decoder) decodeList(n *yaml.Node, v reflect.Value, path string, tag cwTag) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s: expected a list, got %s", path, kindName(n))
		return
	}
	count := len(n.Content)
	want := tag.length
	if v.Kind() == reflect.Array {
		l := v.Len()
		want = &l
	}
	switch {
	case want != nil && count != *want:
		d.errorf(n, "%s: expected %d entries, got %d", path, *want, count)
	case tag.minLen != nil && count < *tag.minLen:
		d.errorf(n, "%s: expected at least %d entries, got %d", path, *tag.minLen, count)
	case tag.maxLen != nil && count > *tag.maxLen:
		d.errorf(n, "%s: expected at most %d entries, got %d", path, *tag.maxLen, count)
	}
	if v.Kind() == reflect.Array {
		for i := 0; i < min(count, v.Len()); i++ {
			d.decode(n.Content[i], v.Index(i), fmt.Sprintf("%s.%d", path, i), tag.elem(false))
		}
		return
	}
	seen := d.ids[path]
	start := v.Len() // list sections may be continued from another file
	out := reflect.MakeSlice(v.Type(), start+count, start+count)
	reflect.Copy(out, v)
	for i, c := range n.Content {
		key := strconv.Itoa(start + i)
		if id := entryID(c); id != "" {
			if seen == nil {
				seen = map[string]Pos{}
				d.ids[path] = seen
			}
			if first, dup := seen[id]; dup {
				d.errorf(c, "%s: duplicate id %q (first at %s)", path, id, first)
			} else {
				seen[id] = d.at(resolve(c))
			}
			key = id
		}
		d.decode(c, out.Index(start+i), path+"."+key, tag.elem(false))
	}
	v.Set(out)
}

func (d *Decoder) decodeMap(n *yaml.Node, v reflect.Value, path string, tag cwTag) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s: expected a mapping, got %s", path, kindName(n))
		return
	}
	if v.IsNil() {
		v.Set(reflect.MakeMap(v.Type()))
	}
	kt := v.Type().Key()
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := resolve(n.Content[i]), n.Content[i+1]
		if seen[kn.Value] {
			d.errorf(kn, "%s: key %q appears twice", path, kn.Value)
			continue
		}
		seen[kn.Value] = true
		key := reflect.New(kt).Elem()
		if kt.Kind() == reflect.Int {
			k, err := strconv.Atoi(kn.Value)
			if err != nil {
				d.errorf(kn, "%s: key %q is not a whole number", path, kn.Value)
				continue
			}
			if tag.keyMin != nil && (k < *tag.keyMin || k > *tag.keyMax) {
				d.errorf(kn, "%s: key %d is out of range (%d to %d)", path, k, *tag.keyMin, *tag.keyMax)
				continue
			}
			key.SetInt(int64(k))
		} else {
			key.SetString(kn.Value)
		}
		val := reflect.New(v.Type().Elem()).Elem()
		d.decode(vn, val, path+"."+kn.Value, tag.elem(true))
		v.SetMapIndex(key, val)
	}
	if tag.allKeys && tag.keyMin != nil {
		for k := *tag.keyMin; k <= *tag.keyMax; k++ {
			if !seen[strconv.Itoa(k)] {
				d.errorf(n, "%s: missing key %d", path, k)
			}
		}
	}
}

// structFields returns the yaml key, field index and tag of each field of struct type t.
type fieldInfo struct {
	key   string
	index int
	tag   cwTag
}

func structFields(t reflect.Type) []fieldInfo {
	var fs []fieldInfo
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		key := f.Tag.Get("yaml")
		if key == "" || key == "-" {
			continue
		}
		fs = append(fs, fieldInfo{key: key, index: i, tag: parseTag(f.Tag.Get("cw"))})
	}
	return fs
}

func (d *Decoder) decodeStruct(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s: expected a mapping, got %s", path, kindName(n))
		return
	}
	fields := structFields(v.Type())
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := resolve(n.Content[i]), n.Content[i+1]
		var f *fieldInfo
		for j := range fields {
			if fields[j].key == kn.Value {
				f = &fields[j]
			}
		}
		if f == nil {
			d.errorf(kn, "%s: unknown key %q (expected one of: %s)", path, kn.Value, keyList(fields))
			continue
		}
		if seen[kn.Value] {
			d.errorf(kn, "%s: key %q appears twice", path, kn.Value)
			continue
		}
		seen[kn.Value] = true
		d.decode(vn, v.Field(f.index), path+"."+kn.Value, f.tag)
	}
	for _, f := range fields {
		if f.tag.req && !seen[f.key] {
			d.errorf(n, "%s: missing key %q", path, f.key)
		}
	}
}

func keyList(fs []fieldInfo) string {
	keys := make([]string, len(fs))
	for i, f := range fs {
		keys[i] = f.key
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}
