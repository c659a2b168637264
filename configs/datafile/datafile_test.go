package datafile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// testDoc is a small game's document: a required mapping section and a list section that may
// be split over files.
type testDoc struct {
	Rules struct {
		Cards int    `yaml:"cards" json:"cards" cw:"req,min=1,max=10"`
		Mode  string `yaml:"mode" json:"mode"`
	} `yaml:"rules" json:"rules" cw:"req"`
	Bosses []struct {
		ID    string `yaml:"id" json:"id" cw:"req"`
		Power int    `yaml:"power" json:"power" cw:"min=0"`
	} `yaml:"bosses" json:"bosses" cw:"req,minlen=2"`
}

func load(t *testing.T, files map[string]string, sets ...string) (*testDoc, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	doc := &testDoc{}
	d, err := Load(fsys, "data", sets, doc, Options{ListSections: map[string]bool{"bosses": true}, SetExample: "rules.cards=3"})
	if err != nil {
		t.Fatal(err)
	}
	if doc.Rules.Mode == "forbidden" {
		d.Problemf("rules.mode", "%q is not a mode", doc.Rules.Mode)
	}
	return doc, d.Err()
}

func TestLoadJoinsListSectionsAndAppliesSets(t *testing.T) {
	doc, err := load(t, map[string]string{
		"a.yaml": "rules:\n  cards: 3\nbosses:\n  - id: gohma\n    power: 1\n",
		"b.yaml": "bosses:\n  - id: dodongo\n",
	}, "bosses.dodongo.power=4", "rules.mode=fast")
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Bosses) != 2 || doc.Bosses[1].Power != 4 || doc.Rules.Mode != "fast" || doc.Rules.Cards != 3 {
		t.Fatalf("decoded %+v", doc)
	}
}

func TestProblemsNamePositionsAndFlags(t *testing.T) {
	_, err := load(t, map[string]string{
		"a.yaml": "rules:\n  cards: 30\n  mode: forbidden\nbosses:\n  - id: gohma\nextra: 1\n",
	}, "rules.cards")
	want := []string{
		`data/a.yaml:2:10: rules.cards: 30 is out of range (1 to 10)`,
		`data/a.yaml:3:9: "forbidden" is not a mode`,
		`data/a.yaml:5:3: bosses: expected at least 2 entries in all, got 1`,
		`data/a.yaml:6:1: unknown section "extra" (expected one of: rules, bosses)`,
		`--set rules.cards: expected PATH=VALUE, for example rules.cards=3`,
	}
	if err == nil {
		t.Fatal("no problem reported")
	}
	if got := strings.Split(err.Error(), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", err, strings.Join(want, "\n"))
	}
}

func TestMissingSectionAndBadYAML(t *testing.T) {
	_, err := load(t, map[string]string{"a.yaml": "bosses: [\n"})
	if err == nil || !strings.Contains(err.Error(), "data/a.yaml:") || !strings.Contains(err.Error(), "not valid YAML") {
		t.Fatalf("got %v", err)
	}
	// A flow sequence left open is named where its bracket opened (the library's line counts
	// from 0 there), and the sections of a file that is not YAML are not called missing.
	_, err = load(t, map[string]string{"a.yaml": "rules:\n  cards: 3\nbosses:\n  list: [oops\n    - x\n"})
	if err == nil || err.Error() != `data/a.yaml:4:9: not valid YAML: did not find expected ',' or ']'` {
		t.Fatalf("an open flow sequence: %v", err)
	}
	_, err = load(t, map[string]string{"a.yaml": "rules:\n  cards: 3\n", "b.yaml": "bosses: {x: 1\nc: 3\n"})
	if err == nil || err.Error() != `data/b.yaml:1:9: not valid YAML: did not find expected ',' or '}'` {
		t.Fatalf("an open flow mapping: %v", err)
	}
	_, err = load(t, map[string]string{"a.yaml": "bosses:\n  - id: a\n  - id: b\n"})
	if err == nil || err.Error() != `data: missing section "rules"` {
		t.Fatalf("got %v", err)
	}
}

func TestFingerprintIgnoresFormattingNotValues(t *testing.T) {
	a, _ := load(t, map[string]string{"a.yaml": "rules: {cards: 3}\nbosses: [{id: a}, {id: b}]\n"})
	b, _ := load(t, map[string]string{"a.yaml": "# a comment\nrules:\n  cards: 3\nbosses:\n  - id: a\n  - id: b\n"})
	c, _ := load(t, map[string]string{"a.yaml": "rules: {cards: 4}\nbosses: [{id: a}, {id: b}]\n"})
	if Fingerprint(a) != Fingerprint(b) || Fingerprint(a) == Fingerprint(c) || !strings.HasPrefix(Fingerprint(a), "sha256:") {
		t.Fatalf("fingerprints %s %s %s", Fingerprint(a), Fingerprint(b), Fingerprint(c))
	}
}

// A number too large (or small) to read as a whole number is reported as out of range, with the
// range its field allows: its cw bounds, or the 32-bit limits where it has none on that side.
func TestNumberTooLargeIsOutOfRange(t *testing.T) {
	files := map[string]string{"a.yaml": "rules:\n  cards: 3\nbosses:\n  - id: gohma\n  - id: dodongo\n"}
	for _, c := range []struct{ set, want string }{
		{"rules.cards=99999999999", "rules.cards: 99999999999 is out of range (1 to 10)"},
		{"rules.cards=-99999999999", "rules.cards: -99999999999 is out of range (1 to 10)"},
		{"bosses.gohma.power=99999999999", "bosses.gohma.power: 99999999999 is out of range (0 to 2147483647)"},
		{"bosses.gohma.power=2147483648", "bosses.gohma.power: 2147483648 is out of range (0 to 2147483647)"},
		{"rules.cards=3.5", "rules.cards: expected a whole number, got the number 3.5"},
	} {
		_, err := load(t, files, c.set)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) || strings.Count(err.Error(), "\n") != 0 {
			t.Errorf("--set %s: got %v, want one problem ending %q", c.set, err, c.want)
		}
	}
	if _, err := load(t, files, "bosses.gohma.power=2147483647"); err != nil {
		t.Errorf("the largest readable value: %v", err)
	}
}

// TestMatchValue: a pattern selects a path by its whole dot-separated parts, with globs.
func TestMatchValue(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"enemies", "enemies.keese.defeat.attack", true},
		{"enemies.*.defeat", "enemies.keese.defeat.attack", true},
		{"enemies.*.defeat", "enemies.keese.evade", false},
		{"ganon.targets.3.move", "ganon.targets.3.move", true},
		{"ganon.targets.3.move.x", "ganon.targets.3.move", false},
		{"damage.?", "damage.4.7", true},
		{"[", "damage", false},
	} {
		if got := MatchValue(c.pattern, c.path); got != c.want {
			t.Errorf("MatchValue(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}

// ReadPatch reads a patch's game, data and changes in order, and names the file, line and field
// of what is wrong; CheckPatch refuses a key that is not a whole number of the document.
func TestReadPatch(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p, err := ReadPatch(write("ok.yaml", "game: g\ndata: sha256:x\nchanges:\n  - {key: rules.cards, from: 3, to: 4}\n  - {key: bosses.a.power, to: 2}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Game != "g" || p.Data != "sha256:x" || strings.Join(p.Sets(), " ") != "rules.cards=4 bosses.a.power=2" || p.Changes[0].From != 3 || p.Changes[1].Line != 5 {
		t.Fatalf("patch %+v", p)
	}
	doc, err := load(t, map[string]string{"a.yaml": "rules: {cards: 3}\nbosses: [{id: a, power: 1}, {id: b}]\n"})
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckPatch(p, doc, "x data"); err != nil {
		t.Fatalf("a patch of the document's values: %v", err)
	}
	p.Changes[1].Key = "bosses.c.power"
	if err := CheckPatch(p, doc, "x data"); err == nil || !strings.Contains(err.Error(), ":5: changes[1].key: bosses.c.power is not a whole number of the g data (see x data --format json)") {
		t.Fatalf("a key the data lacks: %v", err)
	}
	for text, want := range map[string]string{
		"changes: []\n":                            "game: missing",
		"game: g\nchanges: 3\n":                    ":2:10: changes: expected a list",
		"game: g\nchanges:\n  - {to: 2}\n":         ":3:5: changes[0].key: missing",
		"game: g\nchanges:\n  - {key: a, to: x}\n": ":3:5: changes[0]: expected {key: PATH, from: N, to: N}",
	} {
		if _, err := ReadPatch(write("bad.yaml", text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// PatchFiles writes each change where its file writes the value (block or flow style, with
// the comment and layout kept), returns only the files it touched, and refuses a value the
// files leave to its default.
func TestPatchFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"a.yaml": {Data: []byte("rules:\n  cards: 3   # printed\nbosses:\n  - {id: gohma, power: 12}\n")},
		"b.yaml": {Data: []byte("bosses:\n  - id: dodongo\n")},
	}
	opt := Options{ListSections: map[string]bool{"bosses": true}}
	p := &Patch{Game: "g", Path: "p.yaml", Changes: []Change{
		{Key: "rules.cards", From: 3, To: 10, Line: 3},
		{Key: "bosses.gohma.power", From: 12, To: 7, Line: 4},
	}}
	files, err := PatchFiles(fsys, "data", &testDoc{}, opt, p)
	if err != nil {
		t.Fatal(err)
	}
	want := "rules:\n  cards: 10   # printed\nbosses:\n  - {id: gohma, power: 7}\n"
	if len(files) != 1 || string(files["a.yaml"]) != want {
		t.Fatalf("patched files %q, want only a.yaml = %q", files, want)
	}
	p.Changes = []Change{{Key: "bosses.dodongo.power", To: 2, Line: 5}}
	_, err = PatchFiles(fsys, "data", &testDoc{}, opt, p)
	if err == nil || err.Error() != "p.yaml:5: changes[0].key: bosses.dodongo.power is not written in the data files of data (it takes its default): write it there, then apply the patch" {
		t.Fatalf("a value left to its default: %v", err)
	}
}

// A patch written by Marshal (tune's patch.yaml) reads back as the same changes, its
// verification beside them.
func TestPatchMarshalReadsBack(t *testing.T) {
	lo, hi := 0.4, 0.45
	p := &Patch{Game: "clockwork", Data: "sha256:ab", Changes: []Change{{Key: "a.b", From: 3, To: 4}, {Key: "c.2", From: 18, To: 14}}}
	raw := p.Marshal(&Verification{Seed: 2, Games: 100, Targets: []VerifiedTarget{{Selectors: [][2]string{{"metric", "win_rate"}, {"players", "3"}},
		Min: &lo, Max: &hi, Value: 0.42, Lo: 0.38, Hi: 0.47, Verdict: "pass"}}})
	path := filepath.Join(t.TempDir(), "patch.yaml")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadPatch(path)
	if err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	if got.Game != p.Game || got.Data != p.Data || len(got.Changes) != 2 || got.Changes[1].Key != "c.2" || got.Changes[1].From != 18 || got.Changes[1].To != 14 {
		t.Fatalf("read back %+v from\n%s", got, raw)
	}
	want := "    - {metric: win_rate, players: 3, min: 0.4, max: 0.45, value: 0.4200, lo95: 0.3800, hi95: 0.4700, verdict: pass}\n"
	if !strings.HasSuffix(string(raw), want) {
		t.Fatalf("the verified target:\n%s", raw)
	}
}
