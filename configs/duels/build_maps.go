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
	b.starts(path, md, &m)
	return m
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

// starts reads the start squares for 2, 3 and 4 players.
func (b *builder) starts(path string, md *MapDoc, m *rules.Map) {
	for p := rules.MinPlayers; p <= rules.MaxPlayers; p++ {
		sides := md.Starts[p]
		sp := fmt.Sprintf("%s.starts.%d", path, p)
		if len(sides) != p {
			b.p.Problemf(sp, "%d players need %d sides of start squares, got %d", p, p, len(sides))
			continue
		}
		seen := map[rules.Square]bool{}
		for seat, side := range sides {
			if len(side) != rules.MaxTeamChars {
				b.p.Problemf(fmt.Sprintf("%s.%d", sp, seat), "a side needs %d start squares (major first), got %d", rules.MaxTeamChars, len(side))
				continue
			}
			for slot, rc := range side {
				at := fmt.Sprintf("%s.%d.%d", sp, seat, slot)
				if len(rc) != 2 || !m.In(rc[0], rc[1]) {
					b.p.Problemf(at, "a start square is [row, column] on the %dx%d map", m.Rows, m.Cols)
					continue
				}
				s := rules.Sq(rc[0], rc[1])
				if k := m.Cell[s]; k >= 0 {
					b.p.Problemf(at, "start square [%d, %d] is on obstacle %s", rc[0], rc[1], m.Obstacles[k].ID)
				}
				if seen[s] {
					b.p.Problemf(at, "start square [%d, %d] is used twice", rc[0], rc[1])
				}
				seen[s] = true
				m.Starts[p][seat][slot] = s
			}
		}
	}
}
