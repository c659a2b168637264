package clockwork

import (
	"slices"

	"github.com/clockworksim/clockwork/rules/chance"
)

// Determinize makes the game one the heroes cannot tell from what it was: everything they can
// see stays as it is, and everything they cannot is drawn anew from what it could be (the
// contract's play.Sampler; every hero sees the same, so viewer does not matter). Each hero's
// deck, the Item deck, both Treasure decks and the Enemy deck are reshuffled; every face-down
// room is redrawn from what is left of its own zone's pile (its special rooms not yet seen, and
// as many generic and temple tiles as the pile still holds, drawn from those no hero has seen);
// the chance streams are reseeded from seed. Lookahead agents search on such samples of a clone
// (determinization), so they never read hidden state. It allocates nothing.
//
// A Treasure put on the bottom of its deck is known to the heroes; a sample reshuffles it with
// the rest (it gives the search a little less than the heroes know, never more).
func (g *Game) Determinize(viewer int, seed uint64) {
	g.forcedDice = nil
	g.rng.seed(seed)
	// Each hidden pile is put in a fixed order first, so that the sample depends on the view and
	// the seed alone, never on the real (hidden) order.
	for h := 0; h < g.players; h++ {
		redeal(&g.rng[StreamHeroDeck], g.heroes[h].Deck.Slice())
	}
	redeal(&g.rng[StreamItems], g.itemDeck.Slice())
	for tier := 1; tier <= 2; tier++ {
		redeal(&g.rng[StreamTreasure], g.tier[tier].Slice())
	}
	redeal(&g.rng[StreamEnemies], g.enemyDeck.Cards[:g.enemyDeck.N])
	if g.layout != nil && !g.over {
		g.redrawFaceDown()
	}
}

// Sample fills dst with a determinized copy of the viewed game (Clone, then Determinize with
// seed): the game a lookahead agent, which holds only the view, searches on.
func (v View) Sample(dst *Game, seed uint64) {
	v.g.Clone(dst)
	dst.Determinize(0, seed)
}

// redeal sorts a hidden pile, then shuffles it with stream r.
func redeal[T CardRef | EnemyID](r *chance.Stream, s []T) {
	slices.Sort(s)
	chance.Shuffle(r, s)
}

// unseenTiles holds tiles no hero has seen this level, to redraw face-down rooms from.
type unseenTiles struct {
	tiles [MaxTiles]TileID
	n     int
}

func (u *unseenTiles) take() TileID {
	u.n--
	return u.tiles[u.n]
}

// redrawFaceDown lays new tiles in the face-down rooms, pile by pile.
func (g *Game) redrawFaceDown() {
	var generic, temple unseenTiles
	g.unseenPools(&generic, &temple)
	chance.Shuffle(&g.rng[StreamDungeon], generic.tiles[:generic.n])
	chance.Shuffle(&g.rng[StreamDungeon], temple.tiles[:temple.n])
	for z := range g.layout.Zones {
		var pile [MaxRows * MaxCols]TileID
		n := g.pileLeft(z, pile[:0], &generic, &temple)
		chance.Shuffle(&g.rng[StreamDungeon], pile[:n])
		i := 0
		for r := 0; r < int(g.grid.Rows); r++ {
			for c := 0; c < int(g.grid.Cols); c++ {
				if room := &g.grid.Rooms[r][c]; !room.FaceUp && int(room.Pile) == z && i < n {
					room.Tile = pile[i] // hidden: the board stamp names what the views show
					i++
				}
			}
		}
	}
	g.tileCount = [MaxTiles + 1]uint8{}
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			g.tileCount[g.grid.Rooms[r][c].Tile]++
		}
	}
}

// unseenPools collects the generic and temple tiles of the level that are not face up.
func (g *Game) unseenPools(generic, temple *unseenTiles) {
	var seen [MaxTiles + 1]bool
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			if room := &g.grid.Rooms[r][c]; room.FaceUp {
				seen[room.Tile] = true
			}
		}
	}
	for _, t := range g.data.Generic {
		if !seen[t] {
			generic.tiles[generic.n] = t
			generic.n++
		}
	}
	for _, tp := range g.levelTemples() {
		for _, t := range g.data.Temples[tp].Tiles {
			if !seen[t] && temple.n < len(temple.tiles) {
				temple.tiles[temple.n] = t
				temple.n++
			}
		}
	}
}

// levelTemples returns the temples whose tiles the level uses: its own, or on Level 4 the three
// attempted ones.
func (g *Game) levelTemples() []TempleID {
	if g.temple != NoTemple {
		g.attemptedOne[0] = g.temple
		return g.attemptedOne[:1]
	}
	n := 0
	for _, t := range g.attempted {
		if t != NoTemple {
			g.attemptedOne[n] = t
			n++
		}
	}
	return g.attemptedOne[:n]
}

// pileLeft appends to dst what zone z's pile still holds face down: its special rooms not yet
// seen, and its generic and temple tiles less those turned up, drawn from the pools.
func (g *Game) pileLeft(z int, dst []TileID, generic, temple *unseenTiles) int {
	zone := &g.layout.Zones[z]
	gen, tem := zone.Generic, zone.Temple
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			room := &g.grid.Rooms[r][c]
			if !room.FaceUp || int(room.Pile) != z {
				continue
			}
			switch g.data.Tiles[room.Tile].Kind {
			case GenericTile:
				gen--
			case TempleTile:
				tem--
			}
		}
	}
	for _, k := range zone.Special {
		t := g.specialTile(k)
		if !g.faceUpTile(t) {
			dst = append(dst, t)
		}
	}
	for ; gen > 0 && generic.n > 0; gen-- {
		dst = append(dst, generic.take())
	}
	for ; tem > 0 && temple.n > 0; tem-- {
		dst = append(dst, temple.take())
	}
	return len(dst)
}

// specialTile returns the tile of special-room kind k in this level (the Boss Room: the
// temple's, or Ganon's).
func (g *Game) specialTile(k SpecialKind) TileID {
	if k != BossRoom {
		return g.data.SpecialTiles[k]
	}
	if g.temple != NoTemple {
		return g.data.Temples[g.temple].BossRoom
	}
	return g.data.Ganon.BossRoom
}

func (g *Game) faceUpTile(t TileID) bool {
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			if room := &g.grid.Rooms[r][c]; room.FaceUp && room.Tile == t {
				return true
			}
		}
	}
	return false
}
