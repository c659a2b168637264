package clue

import (
	"strings"
	"testing"
)

var testLetters = [NumRooms]byte{'m', 'k', 'l', 'w', 'z', 's', 'v', 'f', 'g', 'c'}

// TestParseBoardProblems: each malformed board is refused with the row and square named.
func TestParseBoardProblems(t *testing.T) {
	rows := frozenSpec(t).Board.Rows
	edit := func(r int, old, new string) []string {
		out := append([]string(nil), rows...)
		out[r] = strings.Replace(out[r], old, new, 1)
		return out
	}
	cases := []struct {
		name string
		rows []string
		want string
	}{
		{"short row", edit(3, "?", ""), "row 3 has 23 squares"},
		{"unknown square", edit(8, "?", "x"), "row 8, column 8: unknown square 'x'"},
		{"second start", edit(8, "?", "1"), "a second start square 1"},
		{"missing start", edit(0, "1", "#"), "no start square 1"},
		{"door to nowhere", edit(2, "mmmmmm", "mmMmmm"), "row 2, column 11: door M leads to no corridor square"},
		{"room without door", edit(19, "fFffff", "ffffff"), "room f has no door"},
		{"too few rows", rows[:3], "expected 5 to 32 rows"},
	}
	for _, c := range cases {
		var b Board
		probs := ParseBoard(&b, c.rows, testLetters)
		if !strings.Contains(probs.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, probs, c.want)
		}
	}
	var b Board
	if probs := ParseBoard(&b, rows, testLetters); probs != nil {
		t.Fatalf("the frozen board: %v", probs)
	}
	// Many squares of one unknown symbol, or cut off from the castle, are one problem each.
	every := func(old, new string) []string {
		out := append([]string(nil), rows...)
		for i := range out {
			out[i] = strings.ReplaceAll(out[i], old, new)
		}
		return out
	}
	probs := ParseBoard(&b, every("?", "x"), testLetters)
	if len(probs) != 1 || !strings.Contains(probs[0].Msg, "unknown square 'x'") || !strings.Contains(probs[0].Msg, "squares in all") {
		t.Fatalf("every question square an x: %v", probs)
	}
	walled := append([]string(nil), rows...) // the corridor around the castle's doors walled in
	for i, r := range walled {
		if i > 0 && i < len(walled)-1 && strings.Contains(r, "cccc") {
			walled[i] = strings.NewReplacer(".", "#").Replace(r)
		}
	}
	probs = ParseBoard(&b, walled, testLetters)
	n := strings.Count(probs.Error(), "cannot be reached from Hyrule Castle")
	if n != 1 || !strings.Contains(probs.Error(), "corridor square") {
		t.Fatalf("a board walled across: %d problems of reach in %v", n, probs)
	}
}

// FuzzParseBoard: any text parses without panicking, and a board without problems has doors
// for every room and start squares on corridor squares.
func FuzzParseBoard(f *testing.F) {
	f.Add(strings.Join(frozenSpec(f).Board.Rows, "\n"))
	f.Add("#####\n#1?.#\n#.cC#\n#23.#\n#456#")
	f.Fuzz(func(t *testing.T, text string) {
		var b Board
		probs := ParseBoard(&b, strings.Split(text, "\n"), testLetters)
		if probs != nil {
			return
		}
		for r := 0; r < NumRooms; r++ {
			if b.ExitN[r] == 0 {
				t.Fatalf("room %d has no exit and no problem", r)
			}
		}
		for h, p := range b.Start {
			if !b.Corridor(p) {
				t.Fatalf("start %d on a non-corridor square", h)
			}
		}
	})
}

func TestWalksAreCorridorNeighbours(t *testing.T) {
	// Every corridor square's Walks are its orthogonal neighbours that are corridor squares, in
	// the order of neighbours; other squares have none.
	b := &frozenData(t).Board
	steps := 0
	for p := Place(0); int(p) < b.Rows*b.Cols; p++ {
		var want []Place
		if b.Corridor(p) {
			var nb [4]Place
			for _, q := range nb[:b.neighbours(p, &nb)] {
				if b.Corridor(q) {
					want = append(want, q)
				}
			}
		}
		got := b.Walks[p][:b.WalkN[p]]
		if len(got) != len(want) {
			t.Fatalf("square %d: walks %v, want %v", p, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("square %d: walks %v, want %v", p, got, want)
			}
		}
		steps += len(got)
	}
	if steps == 0 {
		t.Fatal("no walk on the board")
	}
}
