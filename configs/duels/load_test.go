package duels

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

func loadDefault(t *testing.T) *Loaded {
	t.Helper()
	l, err := LoadDir("", nil)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestDefaultLoads checks the shipped data: ten teams of 31 cards in the published shape, four
// maps, a six-faced die.
func TestDefaultLoads(t *testing.T) {
	l := loadDefault(t)
	d := l.Data
	if len(d.Teams) != 10 || len(d.Maps) != 4 || len(d.Faces) != 6 {
		t.Fatalf("teams %d maps %d faces %d", len(d.Teams), len(d.Maps), len(d.Faces))
	}
	for _, tm := range d.Teams {
		if len(tm.Deck) != 31 {
			t.Errorf("%s: %d cards", tm.ID, len(tm.Deck))
		}
		major, minors, talents := 0, 0, 0
		for _, id := range tm.Deck {
			c := &d.Cards[id]
			switch {
			case c.Kind != rules.Basic:
				talents++
			case c.Chars&1 != 0:
				major++
			default:
				minors++
			}
		}
		if major != 10 || minors != 9 || talents != 12 {
			t.Errorf("%s: %d major basics, %d minor basics, %d power/special; want 10, 9, 12", tm.ID, major, minors, talents)
		}
		if hp := int(tm.Chars[0].HP); !NormMajorHP.Has(hp) {
			t.Errorf("%s: major has %d hp, outside %s", tm.ID, hp, NormMajorHP)
		}
	}
	if !strings.HasPrefix(d.Fingerprint, "sha256:") {
		t.Errorf("fingerprint %q", d.Fingerprint)
	}
}

// TestFrozenCopyLoads: the frozen test data under testdata/duels loads.
func TestFrozenCopyLoads(t *testing.T) {
	if _, err := Load(frozen(), "testdata/duels", nil); err != nil {
		t.Fatal(err)
	}
}

// frozen is the frozen copy of the data (testdata/duels), which never follows the shipping data.
func frozen() fs.FS { return os.DirFS("../../testdata/duels") }

// withFile returns the frozen copy's data files with one file's text edited (old replaced by
// new): error positions and texts do not move with the shipping data.
func withFile(t *testing.T, name, old, new string) fs.FS {
	t.Helper()
	files := fstest.MapFS{}
	ents, _ := fs.ReadDir(frozen(), ".")
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		raw, _ := fs.ReadFile(frozen(), e.Name())
		if e.Name() == name {
			if !strings.Contains(string(raw), old) {
				t.Fatalf("%s lacks %q", name, old)
			}
			raw = []byte(strings.Replace(string(raw), old, new, 1))
		}
		files[e.Name()] = &fstest.MapFile{Data: raw}
	}
	return files
}

// TestSemanticProblemsNamePositions: semantic errors come with file:line:column.
func TestSemanticProblemsNamePositions(t *testing.T) {
	cases := []struct {
		name, file, old, new, want string
	}{
		{"unknown effect word", "team-link.yaml", "{effect: damage_all_adjacent, amount: 1}", "{effect: explode, amount: 1}",
			`team-link.yaml:37:30: unknown effect word "explode"`},
		{"deck not 31", "team-link.yaml", "count: 3}", "count: 4}", "team-link.yaml:23:7: the deck has 32 cards, rules.deck_size is 31"},
		{"start on an obstacle", "maps.yaml", "2: [[[3, 0], [2, 0], [4, 0]], [[3, 9], [2, 9], [4, 9]]]\n      3: [[[3, 0], [2, 0], [4, 0]], [[0, 9], [0, 8], [1, 9]], [[6, 9], [6, 8], [5, 9]]]\n      4: [[[0, 0], [0, 1], [1, 0]], [[0, 9], [0, 8], [1, 9]], [[6, 9], [6, 8], [5, 9]], [[6, 0], [6, 1], [5, 0]]]\n\n  - id: lost_woods",
			"2: [[[1, 2], [2, 0], [4, 0]], [[3, 9], [2, 9], [4, 9]]]\n      3: [[[3, 0], [2, 0], [4, 0]], [[0, 9], [0, 8], [1, 9]], [[6, 9], [6, 8], [5, 9]]]\n      4: [[[0, 0], [0, 1], [1, 0]], [[0, 9], [0, 8], [1, 9]], [[6, 9], [6, 8], [5, 9]], [[6, 0], [6, 1], [5, 0]]]\n\n  - id: lost_woods",
			"start square [1, 2] is on obstacle pillar"},
		{"unknown character", "team-ganon.yaml", "character: wizrobe, kind: basic, attack: 1, defence: 0", "character: wizard, kind: basic, attack: 1, defence: 0",
			`unknown character "wizard"`},
		{"unknown reading", "rules.yaml", "simultaneous_elimination: no_winner", "simultaneous_elimination: both",
			`rules.yaml:34:29: unknown reading "both"`},
		{"unknown win timing", "rules.yaml", "simultaneous_elimination: no_winner", "simultaneous_elimination: no_winner\n  win_timing: later", `unknown reading "later" (immediate or end_of_play)`},
		{"bad die face", "rules.yaml", `"3_all"`, `"3_some"`, `die face "3_some"`},
		{"clock word without a clock", "team-zelda.yaml", "        clock: 3\n", "", "give the card a clock"},
		{"target needed", "team-skullkid.yaml", "target: ranged\n        effects: [{effect: move_target", "target: none\n        effects: [{effect: move_target", "needs a target"},
		{"unknown moves_through", "team-ruto.yaml", "moves_through: [creek]}\n      - {id: zora", "moves_through: [lava]}\n      - {id: zora", `no map has an obstacle kind "lava"`},
		{"walled sides", "maps.yaml", "      . . . . . . . . . .\n      . . # . . . . # . .\n      . . . . # # . . . .\n      . . . . . . . . . .\n      . . . . # # . . . .\n      . . # . . . . # . .\n      . . . . . . . . . .\n    starts:\n      2: [[[3, 0]",
			"      . . . . # . . . . .\n      . . # . # . . # . .\n      . . . . # # . . . .\n      . . . . # . . . . .\n      . . . . # # . . . .\n      . . # . # . . # . .\n      . . . . # . . . . .\n    starts:\n      2: [[[3, 0]",
			"the grid walls sides apart, so that they can neither reach nor shoot each other and every game would end at the turn cap (2 players: sides 0-1; 3 players: sides 0-1, 0-2; 4 players: sides 0-1, 0-2, 1-3, 2-3)"},
		{"ragged grid", "maps.yaml", ". . . . . . . . . .\n    starts", ". . . . . . . . .\n    starts", "every row needs the same number"},
	}
	for _, c := range cases {
		_, err := Load(withFile(t, c.file, c.old, c.new), "configs/duels", nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestSetOverridesAndFingerprint: --set changes a reading and the fingerprint.
func TestSetOverridesAndFingerprint(t *testing.T) {
	base := loadDefault(t)
	l, err := LoadDir("", []string{"rules.heart_heal=1", "rules.first_turn_actions=1"})
	if err != nil {
		t.Fatal(err)
	}
	if l.Data.Rules.HeartHeal != 1 || l.Data.Rules.FirstTurnActions != 1 {
		t.Fatalf("settings %+v", l.Data.Rules)
	}
	if l.Data.Fingerprint == base.Data.Fingerprint {
		t.Fatal("the fingerprint did not change with the data")
	}
	if _, err := LoadDir("", []string{"rules.hand_limit=99"}); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Fatalf("hand_limit 99: %v", err)
	}
}

// BenchmarkLoadDefault loads and validates the embedded data.
func BenchmarkLoadDefault(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := LoadDir("", nil); err != nil {
			b.Fatal(err)
		}
	}
}
