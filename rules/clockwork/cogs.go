package clockwork

// Cog variants (ActCog's X): how the activated Cog turns.
//
//	0-3   Multi-Cog: bit 0 = the centre turns clockwise, bit 1 = the diagonal neighbours (else
//	      the orthogonal ones) turn the other way
//	4-11  Big Cog: (v-4)>>1 = which corner of the 2x2 block the Cog's room is (0 top-left,
//	      1 top-right, 2 bottom-left, 3 bottom-right), bit 0 = clockwise
//	12-19 Cogveyor: (v-12)>>1 = the side (Edge) of the line moved, bit 0 = the Cogveyor room
//	      turns clockwise
const (
	cogMultiFirst  = 0
	cogBigFirst    = 4
	cogVeyorFirst  = 12
	numCogVariants = 20
	maxLine        = MaxRows + MaxCols
)

// cogMovable reports whether a Cog may turn or move the room at (r, c) (decision 7).
func (g *Game) cogMovable(r, c int) bool {
	room := &g.grid.Rooms[r][c]
	t := &g.data.Tiles[room.Tile]
	if t.Kind == EntranceTile && !g.data.Settings.CogsMoveEntrance {
		return false
	}
	// A face-down special room moves like any face-down room: the heroes cannot tell it apart,
	// and a Cog that refused to move it would show them where it lies.
	if t.Special != NotSpecial && !g.data.Settings.CogsMoveSpecialRooms && room.FaceUp {
		return false
	}
	return true
}

var orthogonal = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}
var diagonal = [4][2]int{{-1, -1}, {-1, 1}, {1, 1}, {1, -1}}

// cogPlan lists the cells a variant turns or moves; ok is false when the variant does not fit
// the Cog of the room at (r, c) or the board.
type cogPlan struct {
	kind  CogKind
	cw    bool
	cells [maxLine][2]int
	n     int
	shift bool // Cogveyor: the line moves (else only the Cogveyor room turns)
}

func (g *Game) planCog(r, c int, v int) (p cogPlan, ok bool) {
	room := &g.grid.Rooms[r][c]
	t := &g.data.Tiles[room.Tile]
	if t.CogSpace < 0 {
		return p, false
	}
	kind := t.Spaces[t.CogSpace].Cog
	switch {
	case v < cogBigFirst:
		if kind != MultiCog {
			return p, false
		}
		p.cw = v&1 == 1
		offs := &orthogonal
		if v&2 != 0 {
			offs = &diagonal
		}
		for _, o := range offs {
			if g.grid.In(r+o[0], c+o[1]) {
				p.cells[p.n] = [2]int{r + o[0], c + o[1]}
				p.n++
			}
		}
	case v < cogVeyorFirst:
		if kind != BigCog {
			return p, false
		}
		idx := v - cogBigFirst
		corner := idx >> 1
		p.cw = idx&1 == 1
		r0, c0 := r-corner>>1, c-corner&1
		if !g.grid.In(r0, c0) || !g.grid.In(r0+1, c0+1) {
			return p, false
		}
		tl, tr, br, bl := [2]int{r0, c0}, [2]int{r0, c0 + 1}, [2]int{r0 + 1, c0 + 1}, [2]int{r0 + 1, c0}
		if p.cw {
			p.cells[0], p.cells[1], p.cells[2], p.cells[3] = tl, tr, br, bl
		} else {
			p.cells[0], p.cells[1], p.cells[2], p.cells[3] = tl, bl, br, tr
		}
		p.n = 4
	default:
		if kind != Cogveyor {
			return p, false
		}
		idx := v - cogVeyorFirst
		side := Edge(idx >> 1)
		p.cw = idx&1 == 1
		lr, lc := Neighbor(r, c, side)
		if !g.grid.In(lr, lc) {
			return p, false
		}
		// Anti-clockwise the right edge moves up, the top edge left, the left edge down and the
		// bottom edge right (decision 14); clockwise the reverse.
		dir := [NumEdges]Edge{North: West, East: North, South: East, West: South}[side]
		if p.cw {
			dir = dir.Opposite()
		}
		p.shift = g.data.Settings.CogveyorWraps
		if side == North || side == South { // a row, moving West or East
			for i := 0; i < int(g.grid.Cols); i++ {
				col := i
				if dir == West {
					col = int(g.grid.Cols) - 1 - i
				}
				p.cells[i] = [2]int{lr, col}
			}
			p.n = int(g.grid.Cols)
		} else { // a column, moving North or South
			for i := 0; i < int(g.grid.Rows); i++ {
				row := i
				if dir == North {
					row = int(g.grid.Rows) - 1 - i
				}
				p.cells[i] = [2]int{row, lc}
			}
			p.n = int(g.grid.Rows)
		}
	}
	p.kind = kind
	return p, true
}

// cogVariantLegal reports whether variant v of the Cog in the room at (r, c) may be used.
func (g *Game) cogVariantLegal(r, c int8, v int) bool {
	p, ok := g.planCog(int(r), int(c), v)
	if !ok {
		return false
	}
	if p.kind != Cogveyor || p.shift {
		for i := 0; i < p.n; i++ {
			if !g.cogMovable(p.cells[i][0], p.cells[i][1]) {
				return false
			}
		}
	}
	return g.cogMovable(int(r), int(c))
}

// turnCog carries out variant v of the Cog in the room at (r, c).
func (g *Game) turnCog(h, r, c, v int) {
	p, _ := g.planCog(r, c, v)
	switch p.kind {
	case MultiCog:
		g.rotateRoom(r, c, p.cw)
		for i := 0; i < p.n; i++ {
			g.rotateRoom(p.cells[i][0], p.cells[i][1], !p.cw)
		}
	case BigCog:
		turn := 0
		if g.data.Settings.BigCogTurnsRooms {
			turn = -1
			if p.cw {
				turn = 1
			}
		}
		g.cycleRooms(&p.cells, 4, turn)
	case Cogveyor:
		g.rotateRoom(r, c, p.cw)
		if p.shift {
			g.cycleRooms(&p.cells, p.n, 0)
		}
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvCog, Hero: int8(h), At: Pos{R: int8(r), C: int8(c)}, Variant: int8(v)})
	}
}
