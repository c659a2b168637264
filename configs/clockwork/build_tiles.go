package clockwork

import (
	"fmt"
	"sort"
	"strconv"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

var edgeNames = []string{"N", "E", "S", "W"}

var cogNames = []string{"", "multi", "big", "cogveyor"}

var targetNames = []string{"", "door_N", "door_E", "door_S", "door_W", "cog", "water"}

func (b *builder) tiles() {
	if len(b.doc.Tiles) > rules.MaxTiles {
		b.problem("tiles", "tiles: at most %d tiles, got %d", rules.MaxTiles, len(b.doc.Tiles))
		return
	}
	for _, t := range b.doc.Tiles {
		if !b.checkID("tiles", t.ID) {
			continue
		}
		b.tileIDs[t.ID] = rules.TileID(len(b.data.Tiles))
		b.data.Tiles = append(b.data.Tiles, b.tile(t))
	}
}

func (b *builder) tile(t Tile) rules.Tile {
	path := "tiles." + t.ID
	out := rules.Tile{ID: t.ID, Name: t.Name, Temple: rules.NoTemple, CogSpace: -1,
		DoorSpace: [4]int8{-1, -1, -1, -1}}
	k, kindOK := indexOf(rules.TileKindNames[:], t.Kind)
	out.Kind = rules.TileKind(k)
	if !kindOK && t.Kind != "" {
		b.problem(path+".kind", "%s.kind: %q is not generic, temple, special, boss or entrance", path, t.Kind)
	}
	// Which kinds take a temple and a special-room name.
	if t.Temple != "" {
		tid, ok := b.temple(path+".temple", t.Temple)
		if ok && kindOK && (out.Kind == rules.GenericTile || out.Kind == rules.SpecialTile) {
			b.problem(path+".temple", "%s.temple: a %s tile belongs to no temple", path, t.Kind)
		}
		out.Temple = tid
	} else if kindOK && out.Kind == rules.TempleTile {
		b.problem(path, "%s: a temple tile needs temple", path)
	}
	if t.Special != "" {
		s, ok := indexOf(rules.SpecialNames[:rules.BossRoom], t.Special)
		switch {
		case !ok:
			b.problem(path+".special", "%s.special: %q is not compass, map, treasure or key", path, t.Special)
		case kindOK && out.Kind != rules.SpecialTile:
			b.problem(path+".special", "%s.special: only a special tile names a special room", path)
		}
		out.Special = rules.SpecialKind(s)
	} else if kindOK && out.Kind == rules.SpecialTile {
		b.problem(path, "%s: a special tile needs special (compass, map, treasure or key)", path)
	}
	if out.Kind == rules.BossTile {
		out.Special = rules.BossRoom
	}
	arrow, arrowOK := indexOf(edgeNames, t.Arrow)
	out.Arrow = rules.Edge(arrow)
	if !arrowOK && t.Arrow != "" {
		b.problem(path+".arrow", "%s.arrow: %q is not an edge (N, E, S, W)", path, t.Arrow)
	}

	// Spaces, doors and features.
	hasWater := false
	featured := out.Kind == rules.SpecialTile || out.Kind == rules.BossTile || out.Kind == rules.EntranceTile
	for si, sp := range t.Spaces {
		if si >= rules.MaxSpaces {
			break
		}
		sPath := fmt.Sprintf("%s.spaces.%d", path, si)
		edges := make([]string, 0, len(sp.Doors))
		for e := range sp.Doors {
			edges = append(edges, e)
		}
		sort.Strings(edges)
		for _, e := range edges {
			dPath := sPath + ".doors." + e
			ei, ok := indexOf(edgeNames, e)
			if !ok {
				b.problem(dPath, "%s.doors: %q is not an edge (N, E, S, W)", sPath, e)
				continue
			}
			if prev := out.DoorSpace[ei]; prev >= 0 {
				b.problem(dPath, "%s.doors.%s: edge %s already has a door, in space %d", sPath, e, e, prev)
				continue
			}
			door, ok := parseDoor(sp.Doors[e])
			if !ok {
				b.problem(dPath, "%s.doors.%s: %q is not open, closed or a Move cost (1-9)", sPath, e, sp.Doors[e])
				continue
			}
			out.Doors[ei] = door
			out.DoorSpace[ei] = int8(si)
		}
		s := rules.Space{Pots: int8(sp.Pots), Hazard: int8(sp.Hazard), Rift: sp.Rift, Chest: sp.Chest,
			Telepathy: sp.Telepathy, Water: sp.Water}
		hasWater = hasWater || sp.Water
		if sp.Cog != "" {
			c, ok := indexOf(cogNames, sp.Cog)
			switch {
			case !ok:
				b.problem(sPath+".cog", "%s.cog: %q is not multi, big or cogveyor", sPath, sp.Cog)
			case out.CogSpace >= 0:
				b.problem(sPath+".cog", "%s.cog: the tile already has a cog, in space %d", sPath, out.CogSpace)
			default:
				s.Cog = rules.CogKind(c)
				out.CogSpace = int8(si)
			}
		}
		for _, e := range sp.Enemies {
			s.Enemies = append(s.Enemies, rules.EnemyIcon{Draw: int8(e.Draw)})
		}
		for _, w := range sp.Switches {
			s.Switches = append(s.Switches, rules.Switch{Interact: int8(w.Interact)})
		}
		if featured && (len(sp.Enemies) > 0 || len(sp.Switches) > 0 || sp.Pots > 0 || sp.Hazard > 0 ||
			sp.Rift || sp.Chest || sp.Telepathy || sp.Water || sp.Cog != "") {
			b.problem(sPath, "%s: a %s tile carries no features of its own", sPath, t.Kind)
		}
		out.Spaces = append(out.Spaces, s)
	}
	// Targets are resolved once every door, cog and water of the tile is known.
	for si, sp := range t.Spaces {
		if si >= len(out.Spaces) {
			break
		}
		sPath := fmt.Sprintf("%s.spaces.%d", path, si)
		for i, e := range sp.Enemies {
			out.Spaces[si].Enemies[i].Target = b.target(fmt.Sprintf("%s.enemies.%d.target", sPath, i), e.Target, &out, hasWater, false)
		}
		for i, w := range sp.Switches {
			out.Spaces[si].Switches[i].Target = b.target(fmt.Sprintf("%s.switches.%d.target", sPath, i), w.Target, &out, hasWater, true)
		}
	}

	// Doors against the kind and the arrow.
	doors := 0
	for e := rules.North; e < rules.NumEdges; e++ {
		if out.Doors[e].Kind != rules.NoDoor {
			doors++
		}
	}
	if doors == 0 && len(t.Spaces) > 0 {
		b.problem(path+".spaces", "%s: the tile has no door", path)
	}
	if arrowOK && kindOK && len(t.Spaces) > 0 {
		atDoor := out.Doors[out.Arrow].Kind != rules.NoDoor
		switch out.Kind {
		case rules.GenericTile, rules.TempleTile:
			if !atDoor {
				b.problem(path+".arrow", "%s.arrow: edge %s has no door; the entrance arrow of a %s tile is on a door", path, t.Arrow, t.Kind)
			}
		case rules.SpecialTile, rules.BossTile:
			if atDoor {
				b.problem(path+".arrow", "%s.arrow: edge %s has a door; a special room's entrance arrow is never on a door", path, t.Arrow)
			}
		}
	}

	// Barriers and tunnels.
	n := len(out.Spaces)
	pairs := func(name string, list [][2]int) uint16 {
		var bits uint16
		for i, p := range list {
			pPath := fmt.Sprintf("%s.%s.%d", path, name, i)
			switch {
			case p[0] >= n || p[1] >= n:
				b.problem(pPath, "%s.%s: pair %v names a space the tile does not have (it has %d)", path, name, p, n)
			case p[0] == p[1]:
				b.problem(pPath, "%s.%s: pair %v joins a space to itself", path, name, p)
			case bits&rules.PairBit(p[0], p[1]) != 0:
				b.problem(pPath, "%s.%s: pair %v is listed twice", path, name, p)
			default:
				bits |= rules.PairBit(p[0], p[1])
			}
		}
		return bits
	}
	out.Barriers = pairs("barriers", t.Barriers)
	out.Tunnels = pairs("tunnels", t.Tunnels)
	if n > 1 {
		for s := 0; s < n; s++ {
			var row uint16
			for o := 0; o < n; o++ {
				if o != s {
					row |= out.Barriers & rules.PairBit(s, o)
				}
			}
			if row == 0 {
				b.problem(path+".barriers", "%s.barriers: space %d is not separated from any other space by a barrier", path, s)
			}
		}
	} else if len(t.Barriers) > 0 || len(t.Tunnels) > 0 {
		b.problem(path+".barriers", "%s: a tile with one space has no barriers or tunnels", path)
	}
	if stray := out.Tunnels &^ out.Barriers; stray != 0 {
		b.problem(path+".tunnels", "%s.tunnels: a tunnel joins spaces that no barrier separates", path)
	}
	return out
}

// parseDoor reads a door: open, closed, or an open door's Move cost.
func parseDoor(s string) (rules.Door, bool) {
	switch s {
	case "open":
		return rules.Door{Kind: rules.OpenDoor, Cost: 1}, true
	case "closed":
		return rules.Door{Kind: rules.ClosedDoor, Cost: 1}, true
	}
	c, err := strconv.Atoi(s)
	if err != nil || c < 1 || c > 9 {
		return rules.Door{}, false
	}
	return rules.Door{Kind: rules.OpenDoor, Cost: int8(c)}, true
}

// target resolves a switch's or enemy icon's target on tile t.
func (b *builder) target(path, s string, t *rules.Tile, hasWater, isSwitch bool) rules.Target {
	if s == "" {
		return rules.NoTarget
	}
	i, ok := indexOf(targetNames, s)
	if !ok {
		b.problem(path, "%s: %q is not a target (door_N, door_E, door_S, door_W, cog, water)", path, s)
		return rules.NoTarget
	}
	tg := rules.Target(i)
	switch {
	case tg >= rules.TargetDoorN && tg <= rules.TargetDoorW:
		if d := t.Doors[tg-rules.TargetDoorN]; d.Kind != rules.ClosedDoor {
			b.problem(path, "%s: %s targets a closed door, but the tile has none on edge %s", path, s, edgeNames[tg-rules.TargetDoorN])
		}
	case tg == rules.TargetCog:
		if t.CogSpace < 0 {
			b.problem(path, "%s: the tile has no cog", path)
		}
	case tg == rules.TargetWater:
		if !isSwitch {
			b.problem(path, "%s: only switches activate water", path)
		} else if !hasWater {
			b.problem(path, "%s: the tile has no water", path)
		}
	}
	return tg
}

// specialIDs maps the special_rooms ids to the kinds they describe.
var specialIDs = map[string]rules.SpecialKind{"compass": rules.Compass, "map": rules.Map,
	"treasure": rules.TreasureRoom, "key": rules.KeyRoom}

func (b *builder) specialRooms() {
	seen := map[rules.SpecialKind]bool{}
	for _, r := range b.doc.SpecialRooms {
		path := "special_rooms." + r.ID
		kind, ok := specialIDs[r.ID]
		if !ok {
			if r.ID != "" {
				b.problem(path+".id", "%s.id: %q is not compass, map, treasure or key", path, r.ID)
			}
			continue
		}
		seen[kind] = true
		out := &b.data.SpecialRooms[kind]
		*out = rules.SpecialRoom{Kind: kind, ID: r.ID, Name: r.Name, TimeTokens: int8(r.TimeTokens),
			HeroTokens: int8(r.HeroTokens), MaxTreasures: int8(r.MaxTreasures)}
		isTreasure := kind == rules.TreasureRoom
		tokens := kind == rules.Compass || kind == rules.Map
		switch {
		case tokens && r.HeroTokens == 0:
			b.problem(path, "%s: the %s needs hero_tokens", path, r.Name)
		case !tokens && r.HeroTokens != 0:
			b.problem(path+".hero_tokens", "%s.hero_tokens: only the Compass and Map Rooms take Hero tokens", path)
		}
		if isTreasure {
			if r.MaxTreasures == 0 {
				b.problem(path, "%s: the Treasure Room needs max_treasures", path)
			}
			for lvl := 1; lvl <= rules.Levels; lvl++ {
				v, ok := r.Tier2From[lvl]
				if !ok {
					b.problem(path+".tier2_from", "%s.tier2_from: missing key %d", path, lvl)
				}
				out.Tier2From[lvl] = int8(v)
			}
		} else if r.MaxTreasures != 0 || r.Tier2From != nil {
			b.problem(path, "%s: only the Treasure Room has max_treasures and tier2_from", path)
		}
		for lvl, steps := range r.Activation {
			if lvl < 1 || lvl > rules.Levels {
				continue
			}
			for i, st := range steps {
				sp := fmt.Sprintf("%s.activation.%d.%d", path, lvl, i)
				c := rules.Cost{rules.Move: int16(st.Move), rules.Attack: int16(st.Attack), rules.Interact: int16(st.Interact)}
				switch {
				case st.Enemy > 0 && c.Total() > 0:
					b.problem(sp, "%s: a step is an enemy or a switch cost, not both", sp)
				case st.Enemy == 0 && c.Total() == 0:
					b.problem(sp, "%s: a step needs enemy: N or a switch cost", sp)
				case isTreasure && (st.Enemy > 0 || st.Move > 0 || st.Attack > 0):
					b.problem(sp, "%s: the Treasure Room is activated by Interact X alone", sp)
				}
				out.Activation[lvl] = append(out.Activation[lvl], rules.Step{Enemy: int8(st.Enemy), Cost: c})
			}
			if isTreasure && len(steps) != 1 {
				b.problem(fmt.Sprintf("%s.activation.%d", path, lvl), "%s.activation.%d: the Treasure Room has one step (Interact X)", path, lvl)
			}
		}
	}
	for k := rules.Compass; k < rules.BossRoom; k++ {
		if !seen[k] && len(b.doc.SpecialRooms) > 0 {
			b.problem("special_rooms", "special_rooms: missing the %s room", rules.SpecialNames[k])
		}
	}
	// The tiles of the four generic special rooms: one each.
	found := [rules.NumSpecialKinds]int{}
	for i, t := range b.data.Tiles {
		if t.Kind == rules.SpecialTile && t.Special != rules.NotSpecial {
			if found[t.Special] > 0 {
				b.problem("tiles."+t.ID+".special", "tiles.%s.special: there is already a %s room tile", t.ID, t.Special)
			}
			found[t.Special]++
			b.data.SpecialTiles[t.Special] = rules.TileID(i)
		}
	}
	for k := rules.Compass; k < rules.BossRoom; k++ {
		if found[k] == 0 && len(b.doc.Tiles) > 0 {
			b.problem("tiles", "tiles: no special tile for the %s room", rules.SpecialNames[k])
		}
	}
}

func (b *builder) layouts() {
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		l, ok := b.doc.Layouts[lvl]
		if !ok {
			continue
		}
		path := "layouts." + strconv.Itoa(lvl)
		out := &b.data.Layouts[lvl]
		*out = rules.Layout{Level: lvl, Rows: l.Rows, Cols: l.Cols, EntranceRow: -1}
		letters := make([]string, 0, len(l.Zones))
		for z := range l.Zones {
			letters = append(letters, z)
		}
		sort.Strings(letters)
		zoneIdx := map[byte]int{}
		specials := map[string]string{}
		for _, z := range letters {
			zone := l.Zones[z]
			zPath := path + ".zones." + z
			if len(z) != 1 || z[0] < 'A' || z[0] > 'Z' || z == "E" {
				b.problem(zPath, "%s.zones: %q is not a zone letter (one capital letter other than E)", path, z)
				continue
			}
			zoneIdx[z[0]] = len(out.Zones)
			zo := rules.Zone{Letter: z[0], Generic: zone.Generic, Temple: zone.Temple}
			for i, s := range zone.Special {
				k, ok := indexOf(rules.SpecialNames[:], s)
				if !ok {
					b.problem(fmt.Sprintf("%s.special.%d", zPath, i), "%s.special: %q is not compass, map, treasure, key or boss", zPath, s)
					continue
				}
				if other, dup := specials[s]; dup {
					b.problem(fmt.Sprintf("%s.special.%d", zPath, i), "%s.special: the %s room is already in zone %s", zPath, s, other)
					continue
				}
				specials[s] = z
				zo.Special = append(zo.Special, rules.SpecialKind(k))
			}
			out.Zones = append(out.Zones, zo)
		}
		for k := rules.Compass; k < rules.NumSpecialKinds; k++ {
			if _, ok := specials[k.String()]; !ok && len(l.Zones) > 0 {
				b.problem(path+".zones", "%s.zones: the %s room is in no zone", path, k)
			}
		}
		if l.Rows == 0 || l.Cols == 0 {
			continue // reported by the decoder
		}
		if len(l.Grid) != l.Rows {
			b.problem(path+".grid", "%s.grid: %d rows, but rows is %d", path, len(l.Grid), l.Rows)
		}
		cells := make([]int, len(out.Zones))
		for r, row := range l.Grid {
			if r >= rules.MaxRows {
				break
			}
			rPath := fmt.Sprintf("%s.grid.%d", path, r)
			if len(row) != l.Cols {
				b.problem(rPath, "%s.grid: row %d has %d cells, but cols is %d", path, r, len(row), l.Cols)
			}
			for c := 0; c < len(row) && c < rules.MaxCols; c++ {
				ch := row[c]
				if ch == 'E' {
					if out.EntranceRow >= 0 {
						b.problem(rPath, "%s.grid: a second entrance E at row %d column %d", path, r, c)
					}
					out.EntranceRow, out.EntranceCol = r, c
					out.Cells[r][c] = -1
					continue
				}
				z, ok := zoneIdx[ch]
				if !ok {
					b.problem(rPath, "%s.grid: %q at row %d column %d is not E or a zone of zones", path, string(ch), r, c)
					continue
				}
				out.Cells[r][c] = int8(z)
				cells[z]++
			}
		}
		if out.EntranceRow < 0 {
			b.problem(path+".grid", "%s.grid: no entrance E", path)
		}
		for z, zone := range out.Zones {
			pile := len(zone.Special) + zone.Generic + zone.Temple
			if pile != cells[z] {
				b.problem(path+".zones."+string(zone.Letter), "%s.zones.%c: the pile holds %d tiles (%d special, %d generic, %d temple) but the grid has %d %c cells",
					path, zone.Letter, pile, len(zone.Special), zone.Generic, zone.Temple, cells[z], zone.Letter)
			}
		}
	}
}

// playability checks counts that the rules cannot play, and notes differences from the box.
func (b *builder) playability() {
	d := b.data
	for _, t := range d.Tiles {
		switch {
		case t.Kind == rules.GenericTile:
			d.Generic = append(d.Generic, b.tileIDs[t.ID])
		case t.Kind == rules.TempleTile && t.Temple >= 0:
			tp := &d.Temples[t.Temple]
			tp.Tiles = append(tp.Tiles, b.tileIDs[t.ID])
		}
	}
	generic, templeNeed := 0, 0
	for lvl := 1; lvl <= 3; lvl++ {
		g, tt := pileSums(d.Layouts[lvl])
		generic, templeNeed = max(generic, g), max(templeNeed, tt)
	}
	g4, t4 := pileSums(d.Layouts[4])
	generic = max(generic, g4)
	if len(d.Generic) < generic && len(b.doc.Tiles) > 0 {
		b.problem("tiles", "tiles: %d generic tiles, but a layout needs %d", len(d.Generic), generic)
	}
	var sizes []int
	for _, t := range d.Temples {
		path := "temples." + t.ID
		if len(t.Tiles) < templeNeed && len(b.doc.Tiles) > 0 {
			b.problem(path, "%s: %d temple tiles, but a layout of levels 1-3 needs %d", path, len(t.Tiles), templeNeed)
		}
		cards := 0
		for _, e := range t.Enemies {
			cards += d.Enemies[e].Count
		}
		if cards == 0 && len(b.doc.Enemies) > 0 {
			b.problem(path, "%s: the temple has no Enemy cards (enemies with temple: %s and a count above 0)", path, t.ID)
		}
		if cards != boxEnemies && cards > 0 {
			b.note("temple %s has %d Enemy cards; the box has %d per temple", t.ID, cards, boxEnemies)
		}
		if len(t.Tiles) != boxTempleTiles {
			b.note("temple %s has %d temple tiles; the box has %d per temple", t.ID, len(t.Tiles), boxTempleTiles)
		}
		sizes = append(sizes, len(t.Tiles))
	}
	sort.Ints(sizes)
	if len(sizes) >= 3 && sizes[0]+sizes[1]+sizes[2] < t4 {
		b.problem("layouts.4", "layouts.4: Ganon's Tower needs %d temple tiles, but the three smallest temples have %d together", t4, sizes[0]+sizes[1]+sizes[2])
	}
	// Decks that must not be empty.
	sum := func(ids []rules.CardID, skip []rules.CardID) int {
		n := 0
	outer:
		for _, id := range ids {
			for _, s := range skip {
				if s == id {
					continue outer
				}
			}
			n += d.Cards[id].Count
		}
		return n
	}
	if len(b.doc.Items) > 0 {
		if n := sum(d.Items, nil); n == 0 {
			b.problem("items", "items: the Item deck is empty (every count is 0)")
		} else if sum(d.Items, d.Setup.PreLevelRedraw) == 0 {
			b.problem("setup.pre_level_items.redraw", "setup.pre_level_items.redraw: every Item is redrawn, so the pre-level draw can never finish")
		} else if n != boxItems {
			b.note("the Item deck has %d cards; the box has %d", n, boxItems)
		}
	}
	for tier := 1; tier <= 2; tier++ {
		n := sum(d.Treasures[tier], nil)
		if n == 0 && len(b.doc.Treasures) > 0 {
			b.problem("treasures", "treasures: the Tier %d deck is empty", tier)
		} else if n != boxTreasures && n > 0 {
			b.note("the Tier %d Treasure deck has %d cards; the box has %d", tier, n, boxTreasures)
		}
	}
	if len(d.SkillCards) > 0 {
		for p := rules.MinPlayers; p <= rules.MaxPlayers; p++ {
			if n := p * len(d.SkillCards) * d.Setup.SkillCardsPerType[p]; n != boxSkillCards && d.Setup.SkillCardsPerType[p] > 0 {
				b.note("at %d players the heroes start with %d Skill cards in all; the box has %d", p, n, boxSkillCards)
			}
		}
	}
	if len(d.Temples) != boxTemples {
		b.note("%d temples; the box has %d", len(d.Temples), boxTemples)
	}
	if len(d.Generic) != boxGenericTiles {
		b.note("%d generic tiles; the box has %d", len(d.Generic), boxGenericTiles)
	}
}

// pileSums returns the generic and temple tiles a layout uses.
func pileSums(l rules.Layout) (generic, temple int) {
	for _, z := range l.Zones {
		generic += z.Generic
		temple += z.Temple
	}
	return generic, temple
}
