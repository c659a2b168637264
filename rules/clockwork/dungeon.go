package clockwork

import "math"

// roomAt returns the room at a position and its tile.
func (g *Game) roomAt(p Pos) (*Room, *Tile) {
	room := &g.grid.Rooms[p.R][p.C]
	return room, &g.data.Tiles[room.Tile]
}

// inBossRoom reports whether hero h stands in the Boss Room.
func (g *Game) inBossRoom(h int) bool {
	_, t := g.roomAt(g.heroes[h].Pos)
	return t.Kind == BossTile
}

// sameRoom returns the set of heroes in the room of hero h (any space).
func (g *Game) sameRoom(h int) uint8 {
	var m uint8
	p := g.heroes[h].Pos
	for i := 0; i < g.players; i++ {
		if q := g.heroes[i].Pos; q.R == p.R && q.C == p.C {
			m |= 1 << i
		}
	}
	return m
}

// WaterExtra returns the extra Move to leave space s of a face-up room for a space that is
// water (toWater) or dry, in a room whose water is toState; a face-down destination counts as
// dry (reference sheet: Water; reading 23).
func (d *Data) WaterExtra(room *Room, s int, toWater bool, toState Water) int {
	if room.Water != HighWater || !d.Tiles[room.Tile].Spaces[s].Water {
		return 0
	}
	switch {
	case !toWater:
		return d.Settings.WaterHighToDry
	case toState == LowWater:
		return d.Settings.WaterHighToLow
	}
	return 0
}

// DoorStep is what leaving a room through a door costs, as DoorCost finds it.
type DoorStep struct {
	Cost    int  // Move: the door's cost plus any water
	Space   int  // the space entered (-1: a face-down room, entered as it is explored)
	Closed  bool // the door is closed and not opened this round: it must be activated first
	Printed Edge // the door's printed edge in its room
}

// DoorCost returns what leaving space s of the face-up room `from` through its door on board
// side dir into the room `to` (nil off the board) costs, and false when that door cannot be
// used at all: the room is the Boss Room (no one leaves it), no door of the space is there, no
// door faces it, or `to` is the Boss Room and the Big Key Room is not activated (key). Agents
// plan with it on copies of the board, so the door rules live here once.
func (d *Data) DoorCost(from *Room, s int, dir Edge, to *Room, key bool) (DoorStep, bool) {
	t := &d.Tiles[from.Tile]
	e := PrintedEdge(dir, from.Rot)
	if t.Kind == BossTile || int(t.DoorSpace[e]) != s || t.Doors[e].Kind == NoDoor || to == nil {
		return DoorStep{}, false
	}
	st := DoorStep{Cost: int(t.Doors[e].Cost), Space: -1, Printed: e,
		Closed: t.Doors[e].Kind == ClosedDoor && from.OpenedDoors&(1<<e) == 0}
	if !to.FaceUp {
		st.Cost += d.WaterExtra(from, s, false, NoWater)
		return st, true
	}
	dt := &d.Tiles[to.Tile]
	de := PrintedEdge(dir.Opposite(), to.Rot)
	if dt.Doors[de].Kind == NoDoor || (dt.Kind == BossTile && !key) {
		return DoorStep{}, false
	}
	st.Space = int(dt.DoorSpace[de])
	st.Cost += d.WaterExtra(from, s, dt.Spaces[st.Space].Water, to.Water)
	return st, true
}

// SpaceDoors returns the board sides (bit d for side d) on which space s of the face-up room has
// a door: the only sides DoorCost can let the space be left by.
func (d *Data) SpaceDoors(room *Room, s int) uint8 {
	m, r := d.doors[room.Tile][s], room.Rot&3
	return (m<<r | m>>(4-r)) & 0xF // printed edge e lies on board side e + Rot
}

// doorMove returns the Move cost for hero h to leave through the door on board side d, or false
// when he cannot (no door of his space there, closed, no door facing it, the Boss Room locked).
func (g *Game) doorMove(h int, d Edge) (int, bool) {
	hero := &g.heroes[h]
	var to *Room
	if nr, nc := Neighbor(int(hero.Pos.R), int(hero.Pos.C), d); g.grid.In(nr, nc) {
		to = &g.grid.Rooms[nr][nc]
	}
	st, ok := g.data.DoorCost(&g.grid.Rooms[hero.Pos.R][hero.Pos.C], int(hero.Pos.Space), d, to, g.keyActivated)
	if !ok || st.Closed {
		return 0, false
	}
	return st.Cost, true
}

// SpaceCost returns the Move to go from space s to space s2 of a face-up room through a
// tunnel or across a barrier (1 and any water), and which of the two joins them (neither:
// false).
func (d *Data) SpaceCost(room *Room, s, s2 int) (cost int, barrier, ok bool) {
	t := &d.Tiles[room.Tile]
	if s == s2 || s2 >= len(t.Spaces) {
		return 0, false, false
	}
	bit := PairBit(s, s2)
	if t.Tunnels&bit == 0 && t.Barriers&bit == 0 {
		return 0, false, false
	}
	return 1 + d.WaterExtra(room, s, t.Spaces[s2].Water, room.Water), t.Tunnels&bit == 0, true
}

// spaceMove returns the Move cost for hero h to go to space s of his room through a tunnel, or
// across a barrier (barrier = true) when an ability allows it.
func (g *Game) spaceMove(h, s int) (cost int, barrier, ok bool) {
	hero := &g.heroes[h]
	cost, barrier, ok = g.data.SpaceCost(&g.grid.Rooms[hero.Pos.R][hero.Pos.C], int(hero.Pos.Space), s)
	if !ok || (barrier && !g.canCross(h)) {
		return 0, false, false
	}
	return cost, barrier, true
}

// canCross reports whether hero h may cross a barrier now.
func (g *Game) canCross(h int) bool {
	hero := &g.heroes[h]
	if hero.Crossings > 0 {
		return true
	}
	for i := 0; i < int(hero.EquipN); i++ {
		t := g.CardType(hero.Equip[i])
		if t.Class == TreasureClass && t.Bottom.Effect == EffectCrossBarrier && !t.Bottom.Exhaust {
			return true
		}
	}
	return false
}

// moveAfford answers canAfford for one movement's Move of the heroes in set, with h's
// carried Move, remembering what it found: affordability only falls as the Move rises (a
// card gives min(its best Move, the need); once the need passes a card's best, it adds
// nothing more, so what covers a need covers every smaller one). lo is the most Move known
// affordable, hi the least known not.
type moveAfford struct {
	g      *Game
	set    uint8
	h      int
	lo, hi int
}

// ok reports canAfford(set, h, Cost{Move: cost}, true).
func (m *moveAfford) ok(cost int) bool {
	switch {
	case cost <= m.lo:
		return true
	case cost >= m.hi:
		return false
	case m.g.canAfford(m.set, m.h, Cost{Move: int16(cost)}, true):
		m.lo = cost
		return true
	}
	m.hi = cost
	return false
}

// heroActions appends hero h's actions (he is neither passed nor engaged).
func (g *Game) heroActions(buf []Action, h int) []Action {
	hero := &g.heroes[h]
	room, t := g.roomAt(hero.Pos)
	si := int(hero.Pos.Space)
	sp := &t.Spaces[si]
	share := g.sharing(h)
	moves := moveAfford{g: g, set: share, h: h, hi: math.MaxInt}
	for m := g.data.SpaceDoors(room, si); m != 0; m &= m - 1 {
		d := Edge(trailingZeros8(m))
		if cost, ok := g.doorMove(h, d); ok && moves.ok(cost) {
			buf = append(buf, MakeAction(ActMove, h, int(d), 0, 0))
		}
	}
	for s := range t.Spaces {
		if cost, barrier, ok := g.spaceMove(h, s); ok && moves.ok(cost) {
			k := ActTunnel
			if barrier {
				k = ActBarrier
			}
			buf = append(buf, MakeAction(k, h, s, 0, 0))
		}
	}
	for i := range sp.Enemies {
		if !hero.Engaged && room.DefeatedMask&(1<<(si*MaxIcons+i)) == 0 && g.enemyAvailable() {
			buf = append(buf, MakeAction(ActEngage, h, i, 0, 0))
		}
	}
	chest := sp.Chest && room.ChestOpened&(1<<si) == 0
	var helpers uint8 // who can pay an Interact here: only looked for when something asks one
	if len(sp.Switches) > 0 || chest {
		helpers = share | g.remoteHelpers(h, share, false, Cost{Interact: 1})
	}
	for i, sw := range sp.Switches {
		if g.canAfford(helpers, h, Cost{Interact: int16(sw.Interact)}, false) {
			buf = append(buf, MakeAction(ActSwitch, h, i, 0, 0))
		}
	}
	if sp.Pots > 0 && room.PotsUsed&(1<<si) == 0 {
		for k := 1; k <= int(sp.Pots); k++ {
			if g.canAfford(share, h, Cost{Attack: int16(k)}, false) {
				buf = append(buf, MakeAction(ActPots, h, k, 0, 0))
			}
		}
	}
	if chest && g.canAfford(helpers, h, Cost{Interact: int16(g.data.Settings.ChestInteract)}, false) {
		buf = append(buf, MakeAction(ActChest, h, 0, 0, 0))
	}
	if sp.Telepathy {
		for slot := 0; slot < int(hero.HandN)+int(hero.EquipN); slot++ {
			s, c := g.slotCard(h, slot)
			if g.CardType(c).Class == SkillCardClass {
				continue
			}
			for to := 0; to < g.players; to++ {
				if to != h && g.heroes[to].HandN < MaxHand {
					buf = append(buf, MakeAction(ActGive, h, s, to, 0))
				}
			}
		}
	}
	buf = g.specialRoomActions(buf, h, room, t)
	buf = g.tokenActions(buf, h)
	buf = g.cardActions(buf, h)
	return buf
}

// slotCard returns the action slot and card of hero h's k-th card (hand first, then equipped).
func (g *Game) slotCard(h, k int) (int, CardRef) {
	hero := &g.heroes[h]
	if k < int(hero.HandN) {
		return handSlot(k), hero.Hand[k]
	}
	return equipSlot(k - int(hero.HandN)), hero.Equip[k-int(hero.HandN)]
}

func (g *Game) enemyAvailable() bool {
	return g.enemyDeck.N > 0 || (g.data.Settings.ReshuffleEmptyEnemyDeck && g.enemyDisc.N > 0)
}

// specialRoomActions: activating the special room the hero stands in, and the boss.
func (g *Game) specialRoomActions(buf []Action, h int, room *Room, t *Tile) []Action {
	switch t.Kind {
	case SpecialTile:
		if room.Activated || g.heroes[h].Engaged { // one engagement at a time: resolve it first
			return buf
		}
		sr := &g.data.SpecialRooms[t.Special]
		steps := sr.Activation[g.level]
		if t.Special == TreasureRoom {
			x := steps[0].Cost[Interact]
			for k := 1; k <= int(sr.MaxTreasures); k++ {
				if g.canAfford(g.sameRoom(h), h, Cost{Interact: x * int16(k)}, false) {
					buf = append(buf, MakeAction(ActActivate, h, k, 0, 0))
				}
			}
			return buf
		}
		first := steps[0]
		if (first.Enemy > 0 && g.enemyAvailable()) || (first.Enemy == 0 && g.canAfford(g.sameRoom(h), h, first.Cost, false)) {
			buf = append(buf, MakeAction(ActActivate, h, 0, 0, 0))
		}
	case BossTile:
		if g.bossAttempts < g.data.Settings.BossAttemptsPerRound {
			buf = append(buf, MakeAction(ActBoss, h, 0, 0, 0))
		}
	}
	return buf
}

// maxTokenUses bounds the token uses of a board: two turns and two swaps (east, south) a room.
const maxTokenUses = MaxRows * MaxCols * 4

// tokenActions appends hero h's Compass token uses (rotate a room) and Map token uses (swap two
// adjacent rooms), which any hero may spend from anywhere. They depend on the board only, so
// each hero's list is kept for the board it was made for (its stamp).
func (g *Game) tokenActions(buf []Action, h int) []Action {
	return append(buf, g.keptTokenUses(h)...)
}

// keptTokenUses returns hero h's token uses on the board as it is. Hero 0's are listed afresh
// only when what they depend on changed since they were last listed (tokensChanged); the other
// heroes' are hero 0's with their hero, made once for each list.
func (g *Game) keptTokenUses(h int) []Action {
	if g.tokenBoard == 0 || g.tokenStamp != g.tokenBoard {
		g.tokenStamp, g.tokenHeroes = g.tokenBoard, 1
		g.nTokenUses = len(g.listTokenUses(g.tokenUses[0][:0]))
	}
	if g.tokenHeroes&(1<<h) == 0 {
		g.tokenHeroes |= 1 << h
		own, hero := g.tokenUses[h][:g.nTokenUses], MakeAction(0, h, 0, 0, 0)
		for i, a := range g.tokenUses[0][:g.nTokenUses] {
			own[i] = a | hero
		}
	}
	return g.tokenUses[h][:g.nTokenUses]
}

// listTokenUses appends hero 0's token uses: Compass tokens (rotate a room) and Map tokens
// (swap two adjacent rooms). Special rooms cannot be touched. A Compass token is offered on
// face-up rooms only (a face-down room's orientation is set when it is explored); a Map token
// swaps "any 2 rooms (except special rooms) that are adjacent", face down or not, under
// rules.map_swaps_face_down (a face-down special room is swapped like any face-down room: the
// heroes cannot tell it apart, as with Cogs, reading 45).
func (g *Game) listTokenUses(buf []Action) []Action {
	compass, mapOK, turnable, swappable := g.tokenRooms()
	if !compass && !mapOK {
		return buf
	}
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			if compass && turnable&(1<<cellOf(r, c)) != 0 {
				buf = append(buf, MakeAction(ActCompass, 0, cellOf(r, c), 0, 0), MakeAction(ActCompass, 0, cellOf(r, c), 1, 0))
			}
			if !mapOK || swappable&(1<<cellOf(r, c)) == 0 {
				continue
			}
			for _, d := range [2]Edge{East, South} {
				if nr, nc := Neighbor(r, c, d); g.grid.In(nr, nc) && swappable&(1<<cellOf(nr, nc)) != 0 {
					buf = append(buf, MakeAction(ActMapSwap, 0, cellOf(r, c), int(d), 0))
				}
			}
		}
	}
	return buf
}

// tokenRooms reports, in one look at the board, whether the Compass and the Map rooms (the
// first of each, as findSpecial finds them) hold tokens, and which rooms a Compass token may
// turn and a Map token may swap (masks of cellOf bits, tokenMovable).
func (g *Game) tokenRooms() (compass, mapOK bool, turnable, swappable uint64) {
	seenCompass, seenMap := false, false
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			room := &g.grid.Rooms[r][c]
			switch g.data.Tiles[room.Tile].Special {
			case Compass:
				if !seenCompass {
					seenCompass, compass = true, room.Tokens > 0
				}
			case Map:
				if !seenMap {
					seenMap, mapOK = true, room.Tokens > 0
				}
			}
			if g.tokenMovable(r, c, false) {
				turnable |= 1 << cellOf(r, c)
			}
			if g.tokenMovable(r, c, true) {
				swappable |= 1 << cellOf(r, c)
			}
		}
	}
	return compass, mapOK, turnable, swappable
}

// tokenMovable reports whether a Compass token (swap false) or a Map token (swap true) may
// touch the room at (r, c): a face-up room that is not a special room, or for a Map token any
// face-down room under rules.map_swaps_face_down.
func (g *Game) tokenMovable(r, c int, swap bool) bool {
	room := &g.grid.Rooms[r][c]
	if !room.FaceUp {
		return swap && g.data.Settings.MapSwapsFaceDown
	}
	return g.data.Tiles[room.Tile].Special == NotSpecial
}

// findSpecial finds the room of a special kind on the board.
func (g *Game) findSpecial(k SpecialKind) (int, int, bool) {
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			if g.data.Tiles[g.grid.Rooms[r][c].Tile].Special == k {
				return r, c, true
			}
		}
	}
	return 0, 0, false
}

// moveThroughDoor moves hero h through the door on board side d (paid), exploring a face-down
// room (rulebook: Exploring New Rooms, Discovering Special Rooms; decision 13).
func (g *Game) moveThroughDoor(h int, d Edge) {
	hero := &g.heroes[h]
	from := hero.Pos
	nr, nc := Neighbor(int(from.R), int(from.C), d)
	dest := &g.grid.Rooms[nr][nc]
	dt := &g.data.Tiles[dest.Tile]
	if !dest.FaceUp {
		if dt.Kind == BossTile && !g.keyActivated && !g.data.Settings.BossRoomRevealedBeforeKey {
			if g.sink != nil {
				g.emit(&Event{Type: EvLocked, Hero: int8(h), At: Pos{R: int8(nr), C: int8(nc)}})
			}
			return // the room stays face down; the Move is spent
		}
		dest.Rot = uint8(d.Opposite()-dt.Arrow) & 3
		dest.FaceUp = true
		g.roomChanged(nr, nc)
		g.tokensChanged()
		g.initRoom(nr, nc)
		if g.sink != nil {
			g.emit(&Event{Type: EvExplore, Hero: int8(h), Tile: dest.Tile, At: Pos{R: int8(nr), C: int8(nc)}, Rot: int8(dest.Rot), Special: dt.Special})
		}
		if dt.Special != NotSpecial {
			if !g.data.Settings.ExploreSpecialSpendsMove {
				hero.CarryMove += g.step.moveCost
			}
			return // a special room is turned face up but not entered
		}
		hero.Pos = Pos{R: int8(nr), C: int8(nc), Space: dt.DoorSpace[dt.Arrow]}
	} else {
		de := PrintedEdge(d.Opposite(), dest.Rot)
		hero.Pos = Pos{R: int8(nr), C: int8(nc), Space: dt.DoorSpace[de]}
		if dt.Kind == BossTile {
			g.results[g.level].BossReached = true
			if g.sink != nil {
				g.emit(&Event{Type: EvEnterBossRoom, Hero: int8(h)})
			}
		}
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvMove, Hero: int8(h), From: from, To: hero.Pos, Cost: g.step.moveCost})
	}
	g.pushJob(heroJob(jobEnterSpace, h))
}

// moveToSpace moves hero h to space s of his room (tunnel or barrier, paid).
func (g *Game) moveToSpace(h, s int) {
	hero := &g.heroes[h]
	from := hero.Pos
	if hero.Crossings > 0 && !g.hasTunnel(from, s) {
		hero.Crossings--
	}
	hero.Pos.Space = int8(s)
	if g.sink != nil {
		g.emit(&Event{Type: EvMove, Hero: int8(h), From: from, To: hero.Pos, Cost: g.step.moveCost})
	}
	g.pushJob(heroJob(jobEnterSpace, h))
}

func (g *Game) hasTunnel(p Pos, s int) bool {
	_, t := g.roomAt(p)
	return t.Tunnels&PairBit(int(p.Space), s) != 0
}

// enterSpace applies what happens when hero h enters his space: a hazard (he may spend Move,
// then rolls), a rift (activate it or roll), then every enemy not ignored this round.
func (g *Game) enterSpace(h int) {
	hero := &g.heroes[h]
	room, t := g.roomAt(hero.Pos)
	si := int(hero.Pos.Space)
	sp := &t.Spaces[si]
	var queue uint8
	for i := range sp.Enemies {
		if room.DefeatedMask&(1<<(si*MaxIcons+i)) == 0 && !g.iconTaken(h, hero.Pos, i) {
			queue |= 1 << i
		}
	}
	if queue != 0 {
		hero.Queue |= queue
		hero.QueueRoom = int8(cellOf(int(hero.Pos.R), int(hero.Pos.C)))
		g.pushJob(heroJob(jobEngageNext, h))
	}
	if sp.Rift && room.RiftIgnored&(1<<si) == 0 {
		g.pushJob(heroJob(jobRift, h))
	}
	if sp.Hazard > 0 {
		g.step.hazard = sp.Hazard
		g.setPrompt(PromptHazard, h)
	}
}

// iconTaken reports whether enemy icon i of the space at p is already another hero's
// unresolved engagement (engaged, or queued to be engaged next): a hero who enters the space
// joins that engagement and may assist, and draws no Enemy card for the icon (the Guardian
// example: Stefano moves into Chris's space and helps).
func (g *Game) iconTaken(h int, p Pos, i int) bool {
	cell := int8(cellOf(int(p.R), int(p.C)))
	for j := 0; j < g.players; j++ {
		o := &g.heroes[j]
		if j == h {
			continue
		}
		if o.Engaged && !o.ForRoom && int(o.Icon) == i && o.EnemyAt == p {
			return true
		}
		if o.Queue&(1<<i) != 0 && o.Pos == p && o.QueueRoom == cell {
			return true
		}
	}
	return false
}

// MaxDamage is the most hearts one damage roll on the given level can take.
func (d *Data) MaxDamage(level int) int {
	most := 0
	for _, x := range d.Damage[level] {
		most = max(most, int(x))
	}
	return most
}

// maxHazardPrevention is the most hearts hero h could try to prevent from a hazard of X.
func (g *Game) maxHazardPrevention(h, x int) int {
	most := g.data.MaxDamage(g.level)
	k := 0
	for k < most && g.canAfford(g.sharing(h), h, Cost{Move: int16((k + 1) * x)}, false) {
		k++
	}
	return k
}

// riftActivatable reports whether hero h, entering the rift of his space, may activate it for
// no effect: always, or under rules.rift_activation: needs_switch_or_enemy only when a switch or
// an enemy icon is printed in that space (the data names no rift as a target: none is paid).
func (g *Game) riftActivatable(h int) bool {
	if g.data.Settings.RiftActivation == RiftFree {
		return true
	}
	sp := g.spaceOf(h)
	return len(sp.Switches) > 0 || len(sp.Enemies) > 0
}

// rift resolves a rift for hero h: roll = 0 activates it for no effect.
func (g *Game) rift(h int, roll bool) {
	hero := &g.heroes[h]
	r, c := int(hero.Pos.R), int(hero.Pos.C)
	room := &g.grid.Rooms[r][c]
	g.prompt = PromptNone
	if !roll {
		room.RiftIgnored |= 1 << hero.Pos.Space
		g.roomChanged(r, c)
		if g.sink != nil {
			g.emit(&Event{Type: EvRift, Hero: int8(h), Roll: 0})
		}
		return
	}
	n := g.roll()
	if g.sink != nil {
		g.emit(&Event{Type: EvRift, Hero: int8(h), Roll: int8(n)})
	}
	switch {
	case n <= 4: // swap with the room to the North, East, South or West (wrapping)
		d := (g.north() + Edge(n-1)) & 3
		nr, nc := Neighbor(r, c, d)
		nr = (nr + int(g.grid.Rows)) % int(g.grid.Rows)
		nc = (nc + int(g.grid.Cols)) % int(g.grid.Cols)
		g.swapRooms(r, c, nr, nc)
	case n <= 6:
		g.rotateRoom(r, c, n == 5)
	default:
		g.startDiscard(h, g.data.Settings.RiftDiscards[n-7], srcDeck, ReasonRift, CauseNone)
	}
}

// north returns the board side the entrance tile's Triforce points to (decision 7).
func (g *Game) north() Edge {
	entrance := g.data.Ganon.Entrance
	if g.temple != NoTemple {
		entrance = g.data.Temples[g.temple].Entrance
	}
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			if room := &g.grid.Rooms[r][c]; room.Tile == entrance {
				return WorldEdge(g.data.Tiles[entrance].Arrow, room.Rot)
			}
		}
	}
	return North
}

// useSwitch: hero h activates the feature switch i of the space at names (decision 10); at is
// his own space unless he acts from afar (remoteInteract).
func (g *Game) useSwitch(h int, at Pos, i int) {
	_, t := g.roomAt(at)
	sw := t.Spaces[at.Space].Switches[i]
	g.activateTarget(h, int(at.R), int(at.C), sw.Target)
}

// activateTarget activates a feature of the room at (r, c).
func (g *Game) activateTarget(h, r, c int, tg Target) {
	room := &g.grid.Rooms[r][c]
	switch {
	case tg >= TargetDoorN && tg <= TargetDoorW:
		room.OpenedDoors |= 1 << (tg - TargetDoorN)
		g.roomChanged(r, c)
		if g.sink != nil {
			g.emit(&Event{Type: EvDoorOpened, Hero: int8(h), At: Pos{R: int8(r), C: int8(c)}})
		}
	case tg == TargetCog:
		g.step.cogR, g.step.cogC = int8(r), int8(c)
		for v := 0; v < numCogVariants; v++ {
			if g.cogVariantLegal(int8(r), int8(c), v) {
				g.setPrompt(PromptCog, h)
				return
			}
		}
	case tg == TargetWater:
		g.boardChanged() // every room's water turns
		for rr := 0; rr < int(g.grid.Rows); rr++ {
			for cc := 0; cc < int(g.grid.Cols); cc++ {
				switch w := &g.grid.Rooms[rr][cc].Water; *w {
				case HighWater:
					*w = LowWater
				case LowWater:
					*w = HighWater
				}
			}
		}
		if g.sink != nil {
			g.emit(&Event{Type: EvWater, Hero: int8(h)})
		}
	}
}

// usePots: Attack k spent on the pots of hero h's space: draw k Items, keep half rounded up.
func (g *Game) usePots(h, k int) {
	hero := &g.heroes[h]
	room, _ := g.roomAt(hero.Pos)
	room.PotsUsed |= 1 << hero.Pos.Space
	g.roomChanged(int(hero.Pos.R), int(hero.Pos.C))
	g.pushJob(keepItemsJob(h, k, (k+1)/2))
}

// openChest: the chest of the space at (hero h's own, unless he acts from afar) gives hero h its
// Items.
func (g *Game) openChest(h int, at Pos) {
	room, _ := g.roomAt(at)
	room.ChestOpened |= 1 << at.Space
	g.roomChanged(int(at.R), int(at.C))
	if n := g.data.Settings.ChestItems; n > 0 {
		g.pushJob(gainItemsJob(h, n))
	}
}

// give (telepathy) passes the card in slot of hero h to hero to's hand. An exhausted Treasure
// stays exhausted (only the end of the round unexhausts it), so it cannot be used twice a round.
func (g *Game) give(h, slot, to int) {
	c, _ := g.cardAt(h, slot)
	ex := g.Exhausted(c)
	g.removeCard(h, slot)
	g.setExhausted(c, ex)
	hero := &g.heroes[to]
	hero.Hand[hero.HandN] = c
	hero.HandN++
	if g.sink != nil {
		g.emit(&Event{Type: EvGive, Hero: int8(h), ToHero: int8(to), Card: g.cardType[c], CardFrom: placeOf(slot >= MaxHand)})
	}
}
