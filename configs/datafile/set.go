package datafile

import (
	"fmt"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// applySet applies one --set override ("path=value") to the parsed files. The path walks the
// YAML as written: the section, then mapping keys, list entries by id (or by position in lists
// without ids). The new value's nodes are remembered as coming from the flag, so any problem with
// it names the flag. A value with commas is a list.
func (d *Decoder) applySet(sections map[string][]section, raw string) {
	flag := "--set " + raw
	fail := func(format string, args ...any) {
		d.probs = append(d.probs, Problem{Pos: Pos{File: flag}, Msg: fmt.Sprintf(format, args...)})
	}
	p, value, ok := strings.Cut(raw, "=")
	p = strings.TrimSpace(p)
	if !ok || p == "" {
		fail("expected PATH=VALUE, for example %s", d.opt.SetExample)
		return
	}
	segs := strings.Split(p, ".")
	for _, s := range segs {
		if s == "" {
			fail("path %q has an empty part", p)
			return
		}
	}
	if _, known := d.sectionField(segs[0]); !known {
		fail("unknown section %q (expected one of: %s)", segs[0], strings.Join(d.sectionNames(), ", "))
		return
	}
	if len(segs) < 2 {
		fail("path %q names a whole section; name a value inside it", p)
		return
	}
	val, err := parseValue(value)
	if err != nil {
		fail("cannot read value %q: %v", value, err)
		return
	}
	d.markOrigin(val, flag)

	secs := sections[segs[0]]
	if len(secs) == 0 {
		fail("section %q is not in the data", segs[0])
		return
	}
	// Find the node that holds segs[1] (list sections may be split over several files).
	var parent *yaml.Node
	for _, s := range secs {
		if s.val.Kind == yaml.SequenceNode && childIndex(resolve(s.val), segs[1]) < 0 {
			continue
		}
		parent = resolve(s.val)
		break
	}
	if parent == nil {
		parent = resolve(secs[0].val)
		if d.opt.ListSections[segs[0]] {
			fail("%s: no entry with id %q", segs[0], segs[1])
			return
		}
	}
	walked := segs[0]
	for i, seg := range segs[1:] {
		last := i == len(segs)-2
		switch parent.Kind {
		case yaml.MappingNode:
			j := childIndex(parent, seg)
			if j < 0 {
				// Add the key; whether the schema allows it is the decoder's question.
				key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: seg}
				d.origin[key] = flag
				child := val
				if !last {
					child = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
					d.origin[child] = flag
				}
				parent.Content = append(parent.Content, key, child)
				j = len(parent.Content) - 1
			}
			if last {
				parent.Content[j] = val
				return
			}
			parent = resolve(parent.Content[j])
		case yaml.SequenceNode:
			j := childIndex(parent, seg)
			if j < 0 {
				fail("%s has no entry %q", walked, seg)
				return
			}
			if last {
				parent.Content[j] = val
				return
			}
			parent = resolve(parent.Content[j])
		default:
			fail("%s is a single value; it has no %q", walked, seg)
			return
		}
		walked += "." + seg
	}
}

// childIndex finds seg in node n: the index in n.Content of the value of key seg (mappings) or
// of the entry with id seg, or at position seg (lists); -1 if there is none.
func childIndex(n *yaml.Node, seg string) int {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == seg {
				return i + 1
			}
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			if entryID(c) == seg {
				return i
			}
		}
		if k, err := strconv.Atoi(seg); err == nil && k >= 0 && k < len(n.Content) && entryID(n.Content[k]) == "" {
			return k
		}
	}
	return -1
}

// parseValue reads a --set value as YAML; a value with commas (not already a flow list or
// mapping) is read as a list.
func parseValue(value string) (*yaml.Node, error) {
	text := strings.TrimSpace(value)
	if strings.Contains(text, ",") && !strings.HasPrefix(text, "[") && !strings.HasPrefix(text, "{") {
		text = "[" + text + "]"
	}
	if text == "" {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: ""}, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"}, nil
	}
	return doc.Content[0], nil
}

// markOrigin marks n and everything below it as coming from flag.
func (d *Decoder) markOrigin(n *yaml.Node, flag string) {
	d.origin[n] = flag
	for _, c := range n.Content {
		d.markOrigin(c, flag)
	}
}
