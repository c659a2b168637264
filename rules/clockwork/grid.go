package clockwork

// Water is the water token on a room: none (no water spaces), high or low.
type Water uint8

// Water token states.
const (
	NoWater Water = iota
	LowWater
	HighWater
)

// Room is one cell of the dungeon grid: the tile lying there, how it is turned, and every token
// that lies on it. A Room moves as a whole when Cogs, Map tokens or Rifts move it, so its tokens
// travel with the tile.
type Room struct {
	Tile   TileID
	Rot    uint8 // quarter turns clockwise from the tile as printed (0-3)
	FaceUp bool
	Water  Water
	// Per-room marks, reset as the rulebook says.
	DefeatedMask uint16 // enemy icons ignored until the end of the round: bit space*MaxIcons+icon
	OpenedDoors  uint8  // closed doors (printed edges, bit per Edge) opened until the end of the round
	RiftIgnored  uint8  // spaces whose rift is ignored until the end of the round (bit per space)
	PotsUsed     uint8  // spaces whose pots were used this level (bit per space)
	ChestOpened  uint8  // spaces whose chest was opened this level (bit per space)
	Activated    bool   // special rooms: activated this level
	Tokens       int8   // Compass and Map Rooms: Hero tokens left on the room
	// Pile is the zone pile the tile was laid from (-1: the entrance). It moves with the room,
	// as the backs of the tiles do, so the heroes always know it (see View.Sample).
	Pile int8
}

// WorldEdge returns the direction (North, East, South, West on the board) that printed edge e of
// a room turned rot quarter turns clockwise faces.
func WorldEdge(e Edge, rot uint8) Edge { return (e + Edge(rot)) & 3 }

// PrintedEdge returns the printed edge of a room turned rot quarter turns clockwise that faces
// board direction d.
func PrintedEdge(d Edge, rot uint8) Edge { return (d - Edge(rot)) & 3 }

// Pos is a hero's place: a cell of the grid and a space of the room lying there.
type Pos struct {
	R, C  int8
	Space int8
}

// Grid is the dungeon of one level: Rows x Cols rooms.
type Grid struct {
	Rows, Cols int8
	Rooms      [MaxRows][MaxCols]Room
}

// In reports whether (r, c) is a cell of the grid.
func (g *Grid) In(r, c int) bool { return r >= 0 && c >= 0 && r < int(g.Rows) && c < int(g.Cols) }

// Neighbor returns the cell next to (r, c) in direction d (it may be off the grid).
func Neighbor(r, c int, d Edge) (int, int) {
	switch d {
	case North:
		return r - 1, c
	case East:
		return r, c + 1
	case South:
		return r + 1, c
	default:
		return r, c - 1
	}
}

// moveHeroesWith moves every hero standing in cell (r1, c1) to cell (r2, c2), as the room they
// stand in moves; done for all moved cells at once through a snapshot of the positions.
func (g *Game) moveHeroesWith(from, to [][2]int) {
	var moved, movedAim [MaxPlayers]bool
	for i := range from {
		for h := 0; h < g.players; h++ {
			p := &g.heroes[h].Pos
			if !moved[h] && int(p.R) == from[i][0] && int(p.C) == from[i][1] {
				p.R, p.C = int8(to[i][0]), int8(to[i][1])
				moved[h] = true
			}
			// An engaged enemy moves with its room too.
			if a := &g.heroes[h].EnemyAt; g.heroes[h].Engaged && !movedAim[h] && int(a.R) == from[i][0] && int(a.C) == from[i][1] {
				a.R, a.C = int8(to[i][0]), int8(to[i][1])
				movedAim[h] = true
			}
		}
	}
	for h := 0; h < g.players; h++ {
		if moved[h] && g.heroes[h].Queue != 0 {
			g.heroes[h].QueueRoom = int8(cellOf(int(g.heroes[h].Pos.R), int(g.heroes[h].Pos.C)))
		}
	}
}

// rotateRoom turns the room at (r, c) a quarter turn (clockwise if cw). Heroes in it keep
// their space.
func (g *Game) rotateRoom(r, c int, cw bool) {
	g.roomChanged(r, c)
	room := &g.grid.Rooms[r][c]
	if cw {
		room.Rot = (room.Rot + 1) & 3
	} else {
		room.Rot = (room.Rot + 3) & 3
	}
}

// swapRooms swaps two rooms, each keeping its orientation and tokens; heroes go with them.
func (g *Game) swapRooms(r1, c1, r2, c2 int) {
	if r1 == r2 && c1 == c2 {
		return
	}
	g.roomChanged(r1, c1)
	g.roomChanged(r2, c2)
	g.tokensChanged()
	g.grid.Rooms[r1][c1], g.grid.Rooms[r2][c2] = g.grid.Rooms[r2][c2], g.grid.Rooms[r1][c1]
	g.moveHeroesWith([][2]int{{r1, c1}, {r2, c2}}, [][2]int{{r2, c2}, {r1, c1}})
}

// cycleRooms moves the room of cells[i] to cells[i+1] (the last to the first), turning each a
// quarter turn if turn is not 0 (+1 clockwise, -1 anti-clockwise). n is the number of cells.
func (g *Game) cycleRooms(cells *[MaxRows + MaxCols][2]int, n int, turn int) {
	for i := 0; i < n; i++ {
		g.roomChanged(cells[i][0], cells[i][1])
	}
	g.tokensChanged()
	last := g.grid.Rooms[cells[n-1][0]][cells[n-1][1]]
	for i := n - 1; i > 0; i-- {
		g.grid.Rooms[cells[i][0]][cells[i][1]] = g.grid.Rooms[cells[i-1][0]][cells[i-1][1]]
	}
	g.grid.Rooms[cells[0][0]][cells[0][1]] = last
	if turn != 0 {
		for i := 0; i < n; i++ {
			g.rotateRoom(cells[i][0], cells[i][1], turn > 0)
		}
	}
	var to [MaxRows + MaxCols][2]int
	for i := 0; i < n; i++ {
		to[i] = cells[(i+1)%n]
	}
	g.moveHeroesWith(cells[:n], to[:n])
}
