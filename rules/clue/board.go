package clue

import (
	"fmt"
	"math/bits"
)

// Cell is the kind of a board square.
type Cell uint8

// The kinds of squares, and their characters in `board.rows`.
const (
	CellWall     Cell = iota // '#': off the board or a wall
	CellFloor                // '.': a corridor square
	CellQuestion             // '?': a question-mark corridor square
	CellStart                // '1'-'6': a corridor square where hero 1-6's mover may start
	CellRoom                 // a room's lower-case letter: inside a location or the castle
	CellDoor                 // the room's upper-case letter: a room square entered from the corridor
)

// Board is the parsed board: squares are numbered row*Cols+col.
type Board struct {
	Rows, Cols int
	Cell       [MaxSquares]Cell
	Room       [MaxSquares]int8 // the room of a CellRoom or CellDoor square, else -1
	// DoorRooms has bit r set when the corridor square is next to a door of room r.
	DoorRooms [MaxSquares]uint16
	Exits     [NumRooms][MaxExits]Place // corridor squares next to the room's doors
	ExitN     [NumRooms]int
	Start     [NumHeroes]Place // the start square of each hero's mover
	// Walks lists, for each corridor square p, the corridor squares next to it (up, down, left,
	// right: the order of neighbours), Walks[p][:WalkN[p]]: where a step from p may go.
	Walks [MaxSquares][4]Place
	WalkN [MaxSquares]uint8
}

// Corridor reports whether square p is walkable (floor, question mark or start square).
func (b *Board) Corridor(p Place) bool {
	if p.IsRoom() || p == NoPlace {
		return false
	}
	c := b.Cell[p]
	return c == CellFloor || c == CellQuestion || c == CellStart
}

// Square returns the place of square (r, c).
func (b *Board) Square(r, c int) Place { return Place(r*b.Cols + c) }

// RC returns the row and column of square p.
func (b *Board) RC(p Place) (r, c int) { return int(p) / b.Cols, int(p) % b.Cols }

// neighbours appends the orthogonal neighbours of square p into buf.
func (b *Board) neighbours(p Place, buf *[4]Place) int {
	r, c := b.RC(p)
	n := 0
	if r > 0 {
		buf[n] = p - Place(b.Cols)
		n++
	}
	if r+1 < b.Rows {
		buf[n] = p + Place(b.Cols)
		n++
	}
	if c > 0 {
		buf[n] = p - 1
		n++
	}
	if c+1 < b.Cols {
		buf[n] = p + 1
		n++
	}
	return n
}

// ParseBoard fills b from the text rows (one character a square) and reports every problem,
// with the path "board.rows.<i>" of the row and the square in the message. letters gives the
// lower-case letter of each room (Castle last).
func ParseBoard(b *Board, rows []string, letters [NumRooms]byte) Problems {
	var probs Problems
	bad := func(r, c int, format string, args ...any) {
		probs = append(probs, Problem{Path: fmt.Sprintf("board.rows.%d", r),
			Msg: fmt.Sprintf("row %d, column %d: ", r, c) + fmt.Sprintf(format, args...)})
	}
	if len(rows) < 5 || len(rows) > MaxRows {
		return Problems{{Path: "board.rows", Msg: fmt.Sprintf("expected 5 to %d rows, got %d", MaxRows, len(rows))}}
	}
	*b = Board{Rows: len(rows), Cols: len(rows[0])}
	if b.Cols < 5 || b.Cols > MaxCols {
		return Problems{{Path: "board.rows.0", Msg: fmt.Sprintf("expected 5 to %d columns, got %d", MaxCols, b.Cols)}}
	}
	for i := range b.Start {
		b.Start[i] = NoPlace
	}
	var unknown symbols
	for r, row := range rows {
		if len(row) != b.Cols {
			probs = append(probs, Problem{Path: fmt.Sprintf("board.rows.%d", r),
				Msg: fmt.Sprintf("row %d has %d squares, the first row %d", r, len(row), b.Cols)})
			continue
		}
		for c := 0; c < b.Cols; c++ {
			p := b.Square(r, c)
			b.Room[p] = -1
			ch := row[c]
			switch {
			case ch == '#':
				b.Cell[p] = CellWall
			case ch == '.':
				b.Cell[p] = CellFloor
			case ch == '?':
				b.Cell[p] = CellQuestion
			case ch >= '1' && ch <= '6':
				b.Cell[p] = CellStart
				h := int(ch - '1')
				if b.Start[h] != NoPlace {
					bad(r, c, "a second start square %c", ch)
				}
				b.Start[h] = p
			default:
				room := roomOf(letters, ch)
				if room < 0 {
					unknown.add(ch, r, c)
					continue
				}
				b.Cell[p], b.Room[p] = CellRoom, int8(room)
				if ch >= 'A' && ch <= 'Z' {
					b.Cell[p] = CellDoor
				}
			}
		}
	}
	probs = append(probs, unknown.problems()...)
	if len(probs) > 0 {
		return probs
	}
	for h, p := range b.Start {
		if p == NoPlace {
			probs = append(probs, Problem{Path: "board.rows", Msg: fmt.Sprintf("no start square %d", h+1)})
		}
	}
	b.linkWalks()
	probs = append(probs, b.linkDoors(bad, letters)...)
	probs = append(probs, b.checkReach(bad)...)
	return probs
}

// linkWalks lists each corridor square's corridor neighbours (Walks).
func (b *Board) linkWalks() {
	var nb [4]Place
	for p := Place(0); int(p) < b.Rows*b.Cols; p++ {
		if !b.Corridor(p) {
			continue
		}
		for _, q := range nb[:b.neighbours(p, &nb)] {
			if b.Corridor(q) {
				b.Walks[p][b.WalkN[p]] = q
				b.WalkN[p]++
			}
		}
	}
}

// roomOf returns the room whose letter (either case) is ch, or -1.
func roomOf(letters [NumRooms]byte, ch byte) int {
	lower := ch
	if ch >= 'A' && ch <= 'Z' {
		lower = ch - 'A' + 'a'
	}
	for r, l := range letters {
		if l != 0 && l == lower {
			return r
		}
	}
	return -1
}

// linkDoors finds each door's corridor squares; every room needs a door that leads somewhere.
func (b *Board) linkDoors(bad func(r, c int, format string, args ...any), letters [NumRooms]byte) Problems {
	var probs Problems
	var nb [4]Place
	for p := Place(0); int(p) < b.Rows*b.Cols; p++ {
		if b.Cell[p] != CellDoor {
			continue
		}
		room := int(b.Room[p])
		found := false
		for _, q := range nb[:b.neighbours(p, &nb)] {
			if !b.Corridor(q) {
				continue
			}
			found = true
			b.DoorRooms[q] |= 1 << room
			if !b.hasExit(room, q) {
				if b.ExitN[room] == MaxExits {
					r, c := b.RC(p)
					bad(r, c, "room %c has more than %d door squares", letters[room], MaxExits)
					continue
				}
				b.Exits[room][b.ExitN[room]] = q
				b.ExitN[room]++
			}
		}
		if !found {
			r, c := b.RC(p)
			bad(r, c, "door %c leads to no corridor square", letters[room]-'a'+'A')
		}
	}
	for room := 0; room < NumRooms; room++ {
		if b.ExitN[room] == 0 {
			probs = append(probs, Problem{Path: "board.rows",
				Msg: fmt.Sprintf("room %c has no door (an upper-case %c next to a corridor square)", letters[room], letters[room]-'a'+'A')})
		}
	}
	return probs
}

func (b *Board) hasExit(room int, q Place) bool {
	for _, e := range b.Exits[room][:b.ExitN[room]] {
		if e == q {
			return true
		}
	}
	return false
}

// checkReach reports corridor squares that cannot be reached from Hyrule Castle, walking the
// corridors and passing through rooms (in at one door, out at another).
func (b *Board) checkReach(bad func(r, c int, format string, args ...any)) Problems {
	if b.ExitN[Castle] == 0 {
		return nil
	}
	var seen [MaxSquares]bool
	var queue [MaxSquares]Place
	var roomSeen [NumRooms]bool
	n := 0
	visitRoom := func(r int) {
		if roomSeen[r] {
			return
		}
		roomSeen[r] = true
		for _, e := range b.Exits[r][:b.ExitN[r]] {
			if !seen[e] {
				seen[e], queue[n] = true, e
				n++
			}
		}
	}
	visitRoom(Castle)
	for i := 0; i < n; i++ {
		p := queue[i]
		for m := b.DoorRooms[p]; m != 0; m &= m - 1 {
			visitRoom(bits.TrailingZeros16(m))
		}
		for _, q := range b.Walks[p][:b.WalkN[p]] {
			if !seen[q] {
				seen[q], queue[n] = true, q
				n++
			}
		}
	}
	unreached, first := 0, NoPlace
	for p := Place(0); int(p) < b.Rows*b.Cols; p++ {
		if b.Corridor(p) && !seen[p] {
			if unreached++; first == NoPlace {
				first = p
			}
		}
	}
	if unreached > 0 {
		r, c := b.RC(first)
		bad(r, c, "%d corridor square%s cannot be reached from Hyrule Castle (walking the corridors and through the rooms), this the first", unreached, plural(unreached))
	}
	return nil
}

// symbols collects a board's unknown squares by character, to report each character once.
type symbols struct {
	order []byte
	at    map[byte][3]int // the count, then the row and column of the first
}

func (u *symbols) add(ch byte, r, c int) {
	if u.at == nil {
		u.at = map[byte][3]int{}
	}
	a, ok := u.at[ch]
	if !ok {
		u.order = append(u.order, ch)
		a = [3]int{0, r, c}
	}
	a[0]++
	u.at[ch] = a
}

// problems is one problem a character: how many squares, and the first's place.
func (u *symbols) problems() Problems {
	var probs Problems
	for _, ch := range u.order {
		a := u.at[ch]
		probs = append(probs, Problem{Path: fmt.Sprintf("board.rows.%d", a[1]),
			Msg: fmt.Sprintf("row %d, column %d: unknown square %q (expected # . ? 1-6 or a room's letter), %d square%s in all", a[1], a[2], ch, a[0], plural(a[0]))})
	}
	return probs
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
