package clue

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/rules/clue"
)

// TestDefaultDataValidates loads the embedded data and checks what the seed prints.
func TestDefaultDataValidates(t *testing.T) {
	l, err := LoadDir("", nil)
	if err != nil {
		t.Fatal(err)
	}
	d := l.Data
	if d.BossN != 17 || d.Rules.GanondorfCards != 8 || d.Rules.AsideCards != 4 {
		t.Errorf("%d Bosses, %d Ganondorf cards, %d aside; the seed prints 17, 8, 4", d.BossN, d.Rules.GanondorfCards, d.Rules.AsideCards)
	}
	if d.Board.Rows != 25 || d.Board.Cols != 24 {
		t.Errorf("board %dx%d, want the classic 25 rows of 24", d.Board.Rows, d.Board.Cols)
	}
	if !strings.HasPrefix(d.Fingerprint, "sha256:") {
		t.Errorf("fingerprint %q", d.Fingerprint)
	}
	if d.Heroes[0] != "link" || d.Locations[8] != "gerudo_fortress" || d.Items[5] != "bombchu" {
		t.Error("the cards are not the seed's, in its order")
	}
}

// TestFrozenDataValidates loads the frozen copy the rules tests use.
func TestFrozenDataValidates(t *testing.T) {
	if _, err := LoadDir(filepath.Join("..", "..", "testdata", "clue"), nil); err != nil {
		t.Fatal(err)
	}
}

// TestSet applies --set overrides and sees them in the data and the fingerprint.
func TestSet(t *testing.T) {
	base, err := LoadDir("", nil)
	if err != nil {
		t.Fatal(err)
	}
	l, err := LoadDir("", []string{"rules.ganondorf_cards=6", "rules.ganondorf_eighth=game_lost", "rules.players_start=start_squares"})
	if err != nil {
		t.Fatal(err)
	}
	r := l.Data.Rules
	if r.GanondorfCards != 6 || !r.GanondorfLosesGame || r.StartInCastle {
		t.Errorf("overrides not applied: %+v", r)
	}
	if l.Data.Fingerprint == base.Data.Fingerprint {
		t.Error("the fingerprint does not change with the data")
	}
	b, err := LoadDir("", []string{"bosses.volvagia.amount=6"})
	if err != nil {
		t.Fatal(err)
	}
	if b.Data.Bosses[4].ID != "volvagia" || b.Data.Bosses[4].Amount != 6 {
		t.Errorf("Volvagia's amount %d after --set, want 6", b.Data.Bosses[4].Amount)
	}
	if _, err := LoadDir("", []string{"rules.aside_look=sometimes"}); err == nil || !strings.Contains(err.Error(), "--set") {
		t.Errorf("a bad --set value: %v", err)
	}
}

// withFile returns the default files with one file's text edited.
func withFile(t *testing.T, name, old, new string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range []string{"board.yaml", "cards.yaml", "encounters.yaml", "rules.yaml"} {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if f == name {
			if !strings.Contains(text, old) {
				t.Fatalf("%s has no %q", f, old)
			}
			text = strings.Replace(text, old, new, 1)
		}
		fsys[f] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

// TestBadDataPositions: each semantic problem is reported at file:line:column.
func TestBadDataPositions(t *testing.T) {
	cases := []struct {
		name, file, old, new, want string
	}{
		{"unknown effect", "encounters.yaml", "effect: reroll, text", "effect: teleport, text",
			`data/encounters.yaml:27:40: unknown effect word "teleport"`},
		{"immediate move", "encounters.yaml", "effect: move_to_castle, text", "effect: move_to_castle, immediate: true, text",
			"data/encounters.yaml:30:67: a move_to_castle card cannot be played at any moment"},
		{"location without a door", "board.yaml", `"gggGgg...mmmmmm...zzzzzz"`, `"gggggg...mmmmmm...zzzzzz"`,
			"data/board.yaml:28:5: room g has no door"},
		{"unreachable square", "board.yaml", `"#........cccccc...kkkkkk"`, `"#........cc.ccc...kkkkkk"`,
			"data/board.yaml:41:7: row 13, column 11: 1 corridor square cannot be reached from Hyrule Castle"},
		{"unknown square", "board.yaml", `"llllll.................#"`, `"llllll.......x.........#"`,
			`data/board.yaml:45:7: row 17, column 13: unknown square 'x' (expected # . ? 1-6 or a room's letter), 1 square in all`},
		{"unknown hero", "encounters.yaml", "hero: impa,", "hero: ganon,", `unknown hero "ganon"`},
		{"bad reading", "rules.yaml", "players_start: castle", "players_start: somewhere",
			`data/rules.yaml:11:18: expected castle or start_squares, got "somewhere"`},
	}
	for _, c := range cases {
		_, err := Load(withFile(t, c.file, c.old, c.new), "data", nil)
		var probs datafile.Problems
		if !errors.As(err, &probs) {
			t.Errorf("%s: error %v, want data problems", c.name, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// TestSpecMatchesFrozenShape: the engine's Spec decodes every key of the shipped files (the
// kit rejects unknown keys), and NewData agrees with the loader.
func TestSpecMatchesFrozenShape(t *testing.T) {
	l, err := LoadDir("", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, probs := clue.NewData(l.Doc); probs != nil {
		t.Fatal(probs)
	}
}
