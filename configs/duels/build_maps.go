package duels

import (
	"fmt"
	"strings"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// Grid symbols every map shares: an open square and an open fairy square.
const (
	symOpen  = '.'
	symFairy = 'f'
)

// maps reads every map.
func (b *builder) maps() {
	if len(b.doc.Maps) > rules.MaxMaps {
		b.p.Problemf("maps", "%d maps, at most %d", len(b.doc.Maps), rules.MaxMaps)
		return
	}
	for i := range b.doc.Maps {
		b.data.Maps = append(b.data.Maps, b.mapOf(&b.doc.Maps[i]))
	}
}

// mapOf reads one map: its obstacle kinds, its grid and its start squares.
func (b *builder) mapOf(md *MapDoc) rules.Map {
	path := "maps." + md.ID
	m := rules.Map{ID: md.ID, Name: md.Name, FairyHeal: int8(md.FairyHeal), TriforceUnlimited: md.TriforceUnlimited}
	kinds := map[byte]int8{}
	if len(md.Obstacles) > 16 {
		b.p.Problemf(path+".obstacles", "at most 16 obstacle kinds")
	}
	for i, od := range md.Obstacles {
		op := path + ".obstacles." + od.ID
		if len(od.Symbol) != 1 || od.Symbol[0] == symOpen || od.Symbol[0] == symFairy {
			b.p.Problemf(op+".symbol", "a symbol is one character other than %q and %q", symOpen, symFairy)
			continue
		}
		if _, dup := kinds[od.Symbol[0]]; dup {
			b.p.Problemf(op+".symbol", "symbol %q is used by another obstacle", od.Symbol)
		}
		if od.PassDamage > 0 && !od.BlocksMove {
			b.p.Problemf(op+".pass_damage", "pass_damage is for an obstacle that blocks movement")
		}
		kinds[od.Symbol[0]] = int8(i)
		m.Obstacles = append(m.Obstacles, rules.Obstacle{ID: od.ID, Symbol: od.Symbol[0],
			BlocksMove: od.BlocksMove, BlocksShot: od.BlocksShot, PassDamage: int8(od.PassDamage)})
	}
	b.grid(path, md, kinds, &m)
	if b.starts(path, md, &m) {
		b.sidesMeet(path, &m)
		if md.Symmetric {
			b.symmetric(path, &m)
		}
	}
	return m
}

// symmetric checks a map marked symmetric: every square holds what its mirror image (left to
// right) holds, and the second side of a two-player game starts on the mirror images of the
// first side's squares.
func (b *builder) symmetric(path string, m *rules.Map) {
	if n, r, c := MirrorDiffs(m); n > 0 {
		b.p.Problemf(path+".grid", "marked symmetric, but %d of %d squares differ from their mirror image (the first: row %d, columns %d and %d)",
			n, m.Rows*m.Cols, r, c, m.Cols-1-c)
	}
	for slot, s := range m.Starts[2][0] {
		if mirror(m, s) != m.Starts[2][1][slot] {
			b.p.Problemf(fmt.Sprintf("%s.starts.2.1.%d", path, slot), "marked symmetric, but this start square is not the mirror image of [%d, %d] (side 0's)",
				s.Row(), s.Col())
		}
	}
}

// MirrorDiffs counts the squares of m that differ from their mirror image left to right (an
// obstacle kind, a fairy square), and names the first of them (row, column).
func MirrorDiffs(m *rules.Map) (n, row, col int) {
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			s, t := rules.Sq(r, c), mirror(m, rules.Sq(r, c))
			if m.Cell[s] != m.Cell[t] || m.Fairy[s] != m.Fairy[t] {
				if n == 0 {
					row, col = r, c
				}
				n++
			}
		}
	}
	return n, row, col
}

// mirror returns the mirror image of square s left to right.
func mirror(m *rules.Map, s rules.Square) rules.Square { return rules.Sq(s.Row(), m.Cols-1-s.Col()) }

// sidesMeet checks that every two sides of every player count can fight: from the squares a
// side can walk to from its start squares (through open squares and obstacles it may pass, with
// the data's diagonal steps), the other side's are adjacent (melee) or in a clear line of fire
// (ranged). A map that walls the sides apart would end every game at the turn cap.
func (b *builder) sidesMeet(path string, m *rules.Map) {
	var walled []string
	for p := rules.MinPlayers; p <= rules.MaxPlayers; p++ {
		var regions [rules.MaxPlayers][]rules.Square
		for seat := range p {
			regions[seat] = walkable(m, m.Starts[p][seat][:], b.data.Rules.DiagonalSteps)
		}
		var pairs []string
		for a := range p {
			for c := a + 1; c < p; c++ {
				if !canFight(m, regions[a], regions[c]) {
					pairs = append(pairs, fmt.Sprintf("%d-%d", a, c))
				}
			}
		}
		if len(pairs) > 0 {
			walled = append(walled, fmt.Sprintf("%d players: sides %s", p, strings.Join(pairs, ", ")))
		}
	}
	if len(walled) > 0 {
		b.p.Problemf(path+".grid", "the grid walls sides apart, so that they can neither reach nor shoot each other and every game would end at the turn cap (%s)", strings.Join(walled, "; "))
	}
}

// walkable returns the squares reachable on foot from starts: open squares and obstacles that
// do not block movement or may be passed through (pass damage).
func walkable(m *rules.Map, starts []rules.Square, diagonal bool) []rules.Square {
	open := func(r, c int) bool {
		if !m.In(r, c) {
			return false
		}
		k := m.Cell[rules.Sq(r, c)]
		return k < 0 || !m.Obstacles[k].BlocksMove || m.Obstacles[k].PassDamage > 0
	}
	var seen [rules.MaxSquares]bool
	queue := append([]rules.Square(nil), starts...)
	for _, s := range starts {
		seen[s] = true
	}
	for i := 0; i < len(queue); i++ {
		r, c := queue[i].Row(), queue[i].Col()
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if (dr == 0 && dc == 0) || (!diagonal && dr != 0 && dc != 0) || !open(r+dr, c+dc) {
					continue
				}
				if n := rules.Sq(r+dr, c+dc); !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
	}
	return queue
}

// canFight reports whether a character on some square of a can attack one on some square of b:
// adjacent squares (melee), or squares in line with no shot-blocking obstacle between (ranged).
func canFight(m *rules.Map, a, b []rules.Square) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y || rules.Adjacent(x, y) || clearLine(m, x, y) {
				return true
			}
		}
	}
	return false
}

// clearLine reports whether y is in line with x with no shot-blocking obstacle between.
func clearLine(m *rules.Map, x, y rules.Square) bool {
	dr, dc, ok := rules.InLine(x, y)
	if !ok {
		return false
	}
	for r, c := x.Row()+dr, x.Col()+dc; rules.Sq(r, c) != y; r, c = r+dr, c+dc {
		if k := m.Cell[rules.Sq(r, c)]; k >= 0 && m.Obstacles[k].BlocksShot {
			return false
		}
	}
	return true
}

// grid reads the map's rows of symbols.
func (b *builder) grid(path string, md *MapDoc, kinds map[byte]int8, m *rules.Map) {
	rows := strings.Split(strings.TrimSpace(md.Grid), "\n")
	m.Rows = len(rows)
	if m.Rows < 2 || m.Rows > rules.MaxRows {
		b.p.Problemf(path+".grid", "%d rows, from 2 to %d", m.Rows, rules.MaxRows)
		m.Rows = 0
		return
	}
	for i := range m.Cell {
		m.Cell[i] = -1
	}
	for r, line := range rows {
		line = strings.Join(strings.Fields(line), "")
		if r == 0 {
			m.Cols = len(line)
		}
		if len(line) != m.Cols || m.Cols < 2 || m.Cols > rules.MaxCols {
			b.p.Problemf(path+".grid", "row %d has %d squares; every row needs the same number, 2 to %d", r, len(line), rules.MaxCols)
			m.Rows, m.Cols = 0, 0
			return
		}
		for c := 0; c < len(line); c++ {
			s := rules.Sq(r, c)
			switch ch := line[c]; {
			case ch == symOpen:
			case ch == symFairy:
				m.Fairy[s] = true
			default:
				k, ok := kinds[ch]
				if !ok {
					b.p.Problemf(path+".grid", "row %d column %d: unknown symbol %q", r, c, ch)
					continue
				}
				m.Cell[s] = k
			}
		}
	}
}

// starts reads the start squares for 2, 3 and 4 players, and reports whether they were all
// read without a problem.
func (b *builder) starts(path string, md *MapDoc, m *rules.Map) bool {
	ok := true
	for p := rules.MinPlayers; p <= rules.MaxPlayers; p++ {
		sides := md.Starts[p]
		sp := fmt.Sprintf("%s.starts.%d", path, p)
		if len(sides) != p {
			b.p.Problemf(sp, "%d players need %d sides of start squares, got %d", p, p, len(sides))
			ok = false
			continue
		}
		seen := map[rules.Square]bool{}
		for seat, side := range sides {
			if len(side) != rules.MaxTeamChars {
				b.p.Problemf(fmt.Sprintf("%s.%d", sp, seat), "a side needs %d start squares (major first), got %d", rules.MaxTeamChars, len(side))
				ok = false
				continue
			}
			for slot, rc := range side {
				at := fmt.Sprintf("%s.%d.%d", sp, seat, slot)
				if len(rc) != 2 || !m.In(rc[0], rc[1]) {
					b.p.Problemf(at, "a start square is [row, column] on the %dx%d map", m.Rows, m.Cols)
					ok = false
					continue
				}
				s := rules.Sq(rc[0], rc[1])
				if k := m.Cell[s]; k >= 0 {
					b.p.Problemf(at, "start square [%d, %d] is on obstacle %s", rc[0], rc[1], m.Obstacles[k].ID)
					ok = false
				}
				if seen[s] {
					b.p.Problemf(at, "start square [%d, %d] is used twice", rc[0], rc[1])
					ok = false
				}
				seen[s] = true
				m.Starts[p][seat][slot] = s
			}
		}
	}
	return ok
}
