package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	mdLink    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdHeading = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *$`)
	mdFence   = regexp.MustCompile("(?ms)^```.*?^```")
	mdCode    = regexp.MustCompile("`[^`\n]*`")
)

// anchorOf is GitHub's anchor of a heading: lower case, spaces to hyphens, punctuation dropped.
func anchorOf(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of a Markdown file's headings (code blocks left out).
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range mdHeading.FindAllStringSubmatch(mdFence.ReplaceAllString(text, ""), -1) {
		a := anchorOf(strings.ReplaceAll(m[1], "`", ""))
		for n := 1; out[a]; n++ { // GitHub numbers repeated headings: -1, -2, ...
			a = anchorOf(m[1]) + "-" + string(rune('0'+n))
		}
		out[a] = true
	}
	return out
}

// Every relative link of the README and docs/ leads to a file that exists, and its #anchor to a
// heading of that file.
func TestDocLinks(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../README.md")
	checked := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := mdCode.ReplaceAllString(mdFence.ReplaceAllString(string(raw), ""), "")
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := f
			if file != "" {
				path = filepath.Join(filepath.Dir(f), file)
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				if st, serr := os.Stat(path); serr == nil && st.IsDir() {
					checked++
					continue
				}
				t.Errorf("%s: link %s: no such file", filepath.Base(f), target)
				continue
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(string(raw))[anchor] {
				t.Errorf("%s: link %s: %s has no heading #%s", filepath.Base(f), target, filepath.Base(path), anchor)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d links checked: the reader misses them", checked)
	}
}
