package clockwork

import (
	"math/bits"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

const (
	navRooms = rules.MaxRows * rules.MaxCols
	navNodes = navRooms*rules.MaxSpaces + navRooms // spaces of face-up rooms, then face-down cells
	navInf   = 1 << 20
	maxSteps = 16
)

// vroom is what the heroes know of a room.
type vroom struct {
	tile   *rules.Tile // nil when face down
	room   rules.Room
	faceUp bool
}

// nav finds paths over what the heroes can see: the spaces of face-up rooms joined by usable
// doors and tunnels, and the face-down rooms beyond open doors (the exploration frontier). It
// works on its own copy of the visible board, so that it can also judge what a Cog or a token
// would change. Its arrays are reused: planning allocates nothing.
type nav struct {
	rooms      [rules.MaxRows][rules.MaxCols]vroom
	rows, cols int
	key        bool
	data       *rules.Data

	// dist and first hold for the nodes reached by the current search (reached == gen); done
	// marks the nodes it took (done == gen). The stamps spare clearing the arrays per search.
	dist     [navNodes]int32
	open     [navNodes]int16 // nodes reached but not done
	openDist [navNodes]int32 // their distances (dist of open[i])
	openAt   [navNodes]int16 // where each open node is in open
	nopen    int
	first    [navNodes]int8 // index into steps of the first step of the best path to each node
	reached  [navNodes]uint32
	done     [navNodes]uint32
	gen      uint32
	steps    [maxSteps]rules.Action
	nstep    int
	hero     int   // the hero the steps are for
	tools    tools // his tools
	cautious bool  // he should not explore now (few cards, few hearts): unknown rooms may hold enemies
	fatal    bool  // a kill would lose the level: no known enemy or hazard, no unknown room
	// gather: the team is not ready for the Boss Room; its doorsteps (the spaces with a door
	// into it) are the goal instead of the room itself.
	gather   bool
	doorstep [navNodes]bool
	// per first step: the best goal score reached through it
	stepScore [maxSteps]int
	// bestOnly: the search is for the best step only (see bestStep)
	bestOnly bool
	// edges lists the ways out of each space node (nedges of them) for the board in rooms, where
	// the cell's built is set (see build, touch).
	edges  [navRooms * rules.MaxSpaces][maxEdges]navEdge
	nedges [navRooms * rules.MaxSpaces]uint8
	built  [navRooms]bool
	// cellDist is, per cell, the distance of the first node the last search took in it (navInf:
	// none), and stopDist the distance at which it stopped early (navInf: it did not): a change
	// to the board can only improve the search's result through a node it took, or would have
	// taken past stopDist.
	cellDist [navRooms]int32
	stopDist int32
	// heroCellDist and heroStop are cellDist and stopDist per hero after the last teamScore
	// (see teamScoreAbove).
	heroCellDist [rules.MaxPlayers][navRooms]int32
	heroStop     [rules.MaxPlayers]int32
	// taken marks the cells of the nodes the last search took (and the hero's own).
	taken uint64
	// maxVal is maxValue for the board as loaded (a turn, swap or Cog does not change it).
	maxVal int
	// moved: a room changed since the doorsteps and maxVal were computed (see load).
	moved bool
	// changed marks, per hero, the cells whose room changed since his last recorded best-step
	// search (changed[2h]) and full search (changed[2h+1]) (see Planner.moveHero).
	changed [2 * rules.MaxPlayers]uint64
	// cellVal is the best value of each cell's nodes and cellReach what a node of each cell can
	// score at best less the way to it (cellValues), minDoor the least Move of a door.
	cellVal   [navRooms]int
	cellReach [navRooms]int
	minDoor   int32
	// byGoals: reach skips the nodes whose cellReach less their distance is no more than the
	// floor (set by teamScoreAbove when it judges a change; cellReach must then be current).
	byGoals bool
	// roomVal holds, per cell, what its spaces are worth (roomValue) while valStamp[cell] is
	// valGen: for the key, gathering and rusher setting of valState (see values).
	roomVal  [navRooms]int8
	valStamp [navRooms]uint32
	valGen   uint32
	valState uint8
	// kept holds the ways out of the cells a hypothetical change touches, and moved, as they
	// were before it (see keep, restore).
	kept                 [maxKept]keptCell
	nkept                int
	keptMoved, keptDirty bool
	// stamp is the board stamp of the rooms as loaded (0: none) and dirty marks that a
	// hypothetical change touched them since: while neither holds, a view with the same stamp
	// shows the rooms as they are in n.
	stamp uint64
	dirty bool
	// roomStamp is, per cell, the room stamp of the room copied there (0: none, or changed by a
	// hypothetical change since: see touch).
	roomStamp [rules.MaxRows][rules.MaxCols]uint64
	// goals is the backward search from the goals a token use is judged against (exitBound).
	goals goalSearch
}

// maxKept bounds the cells keep saves: two neighbouring rooms and their neighbours.
const maxKept = 2 + 6

// keptCell is a cell's ways out as keep saved them.
type keptCell struct {
	cell   int
	built  bool
	nedges [rules.MaxSpaces]uint8
	edges  [rules.MaxSpaces][maxEdges]navEdge
}

// keep saves the ways out listed for the cells in mask (at most maxKept of them) and the moved
// mark, before a hypothetical change to rooms whose touches clear no other cell's: restore,
// once the change is undone (the rooms as they were), puts them back as build would list them
// again.
func (n *nav) keep(mask uint64) {
	n.nkept, n.keptMoved, n.keptDirty = 0, n.moved, n.dirty
	for m := mask; m != 0; m &= m - 1 {
		cell := bits.TrailingZeros64(m)
		k := &n.kept[n.nkept]
		n.nkept++
		k.cell, k.built = cell, n.built[cell]
		if !k.built {
			continue
		}
		if t := n.rooms[cell/rules.MaxCols][cell%rules.MaxCols].tile; t != nil {
			u := cell * rules.MaxSpaces
			copy(k.nedges[:len(t.Spaces)], n.nedges[u:u+len(t.Spaces)])
			copy(k.edges[:len(t.Spaces)], n.edges[u:u+len(t.Spaces)])
		}
	}
}

// restore puts back what keep saved: the change is undone.
func (n *nav) restore() {
	for i := range n.kept[:n.nkept] {
		k := &n.kept[i]
		n.built[k.cell] = k.built
		if !k.built {
			continue
		}
		if t := n.rooms[k.cell/rules.MaxCols][k.cell%rules.MaxCols].tile; t != nil {
			u := k.cell * rules.MaxSpaces
			copy(n.nedges[u:u+len(t.Spaces)], k.nedges[:len(t.Spaces)])
			copy(n.edges[u:u+len(t.Spaces)], k.edges[:len(t.Spaces)])
		}
	}
	n.moved, n.dirty = n.keptMoved, n.keptDirty
}

// spread returns cell mask m with the neighbours of its cells.
func spread(m uint64) uint64 {
	const (
		board   = 1<<navRooms - 1
		westCol = 0x0040810204081 // the cells of column 0
		eastCol = westCol << (rules.MaxCols - 1)
	)
	return (m | m<<rules.MaxCols | m>>rules.MaxCols | (m&^eastCol)<<1 | (m&^westCol)>>1) & board
}

// cellBit is the bit of cell (r, c) in a cell mask.
func cellBit(r, c int) uint64 { return 1 << (r*rules.MaxCols + c) }

// around returns the mask of cell (r, c) and its neighbours on the board.
func (n *nav) around(r, c int) uint64 {
	m := cellBit(r, c)
	for d := rules.North; d < rules.NumEdges; d++ {
		if nr, nc := rules.Neighbor(r, c, d); nr >= 0 && nc >= 0 && nr < n.rows && nc < n.cols {
			m |= cellBit(nr, nc)
		}
	}
	return m
}

func spaceNode(r, c, s int) int { return (r*rules.MaxCols+c)*rules.MaxSpaces + s }
func cellNode(r, c int) int     { return navRooms*rules.MaxSpaces + r*rules.MaxCols + c }

// nodeCell returns the cell index (r*MaxCols + c) of node u.
func nodeCell(u int) int {
	if u >= navRooms*rules.MaxSpaces {
		return u - navRooms*rules.MaxSpaces
	}
	return u / rules.MaxSpaces
}

// Goal values (in Move): how much a goal is worth walking for.
const (
	valueFrontier = 3
	valueSpecial  = 6
	valueKey      = 9
	valueBoss     = 14
)

// load copies the visible board. The ways out of the spaces (edges) listed for the board as it
// was are kept where the rooms and their neighbours did not change.
func (n *nav) load(v rules.View) {
	rows, cols, key, data := v.Rows(), v.Cols(), v.KeyActivated(), v.Data()
	changed := rows != n.rows || cols != n.cols || key != n.key || data != n.data
	if changed {
		n.built = [navRooms]bool{}
		n.valState = 0 // every room's value is computed again
		for h := range n.changed {
			n.changed[h] = ^uint64(0)
		}
	}
	if data != n.data {
		n.minDoor = minDoorCost(data)
	}
	n.rows, n.cols, n.key, n.data = rows, cols, key, data
	// The same stamp as loaded, and no hypothetical change since: the same rooms.
	if stamp := v.BoardStamp(); changed || n.dirty || stamp == 0 || stamp != n.stamp {
		all := changed // every room is compared: the copy is of other rows, data or key
		for r := 0; r < n.rows; r++ {
			for c := 0; c < n.cols; c++ {
				rs := v.RoomStamp(r, c)
				if rs != 0 && rs == n.roomStamp[r][c] && !all {
					continue // the same room as copied (and not changed by a hypothetical change since)
				}
				rv := v.Room(r, c)
				if vr := (vroom{tile: rv.Tile, room: rv.Room, faceUp: rv.FaceUp}); vr != n.rooms[r][c] {
					n.rooms[r][c] = vr
					n.touch(r, c)
					changed = true
				}
				n.roomStamp[r][c] = rs
			}
		}
		n.stamp, n.dirty = stamp, false
	}
	if changed || n.moved {
		// The doorsteps and the best goal value follow from the rooms and the key: they are
		// those of the last load unless a room changed since (as loaded, or moved by a
		// hypothetical turn, swap or Cog, which may leave the rooms as the game then has them).
		n.markDoorsteps()
		n.maxVal = n.maxValue()
		n.moved = false
	}
}

// markDoorsteps marks the spaces with a usable door into the face-up Boss Room.
func (n *nav) markDoorsteps() {
	for i := range n.doorstep {
		n.doorstep[i] = false
	}
	if !n.key {
		return
	}
	for r := 0; r < n.rows; r++ {
		for c := 0; c < n.cols; c++ {
			vr := &n.rooms[r][c]
			if !vr.faceUp || vr.tile.Kind == rules.BossTile {
				continue
			}
			for d := rules.North; d < rules.NumEdges; d++ {
				if n.doorInto(r, c, d, rules.BossTile) {
					n.doorstep[spaceNode(r, c, int(vr.tile.DoorSpace[rules.PrintedEdge(d, vr.room.Rot)]))] = true
				}
			}
		}
	}
}

// doorInto reports whether the face-up room at (r, c) has a door on board side d into a
// face-up room of tile kind k with a door facing back.
func (n *nav) doorInto(r, c int, d rules.Edge, k rules.TileKind) bool {
	vr := &n.rooms[r][c]
	if vr.tile.Doors[rules.PrintedEdge(d, vr.room.Rot)].Kind == rules.NoDoor {
		return false
	}
	nr, nc := rules.Neighbor(r, c, d)
	if nr < 0 || nc < 0 || nr >= n.rows || nc >= n.cols {
		return false
	}
	nvr := &n.rooms[nr][nc]
	return nvr.faceUp && nvr.tile.Kind == k && nvr.tile.Doors[rules.PrintedEdge(d.Opposite(), nvr.room.Rot)].Kind != rules.NoDoor
}

// tools are what lets a hero through where the map alone would not: a card that opens a closed
// door (a Key), a card or an equipped Treasure that lets him cross a barrier.
type tools struct {
	key        rules.Action // ActUse of an open_door ability (Z to be set to the door's edge), or 0
	crossCard  rules.Action // ActUse of a cross_barrier ability, or 0
	crossReady bool         // he may cross a barrier right now
}

// heroTools finds hero h's tools in his hand and equipment.
func heroTools(v rules.View, h int) tools {
	var t tools
	hv := v.Hero(h)
	t.crossReady = hv.Crossings > 0
	for k := 0; k < len(hv.Hand)+len(hv.Equip); k++ {
		slot, c := k, rules.NoCard
		equipped := k >= len(hv.Hand)
		if equipped {
			slot = rules.MaxHand + k - len(hv.Hand)
			c = hv.Equip[k-len(hv.Hand)]
		} else {
			c = hv.Hand[k]
		}
		ct := v.CardType(c)
		if ct.Class == rules.SkillCardClass || v.Exhausted(c) {
			continue
		}
		for y, ab := range [2]rules.Ability{ct.Top, ct.Bottom} {
			if y == 1 && ct.Class == rules.TreasureClass {
				if !equipped {
					continue
				}
				if !ab.Exhaust {
					if ab.Effect == rules.EffectCrossBarrier {
						t.crossReady = true
					}
					continue
				}
			}
			switch ab.Effect {
			case rules.EffectOpenDoor:
				if t.key == 0 {
					t.key = rules.MakeAction(rules.ActUse, h, slot, y, 0)
				}
			case rules.EffectCrossBarrier:
				if t.crossCard == 0 {
					t.crossCard = rules.MakeAction(rules.ActUse, h, slot, y, 0)
				}
			}
		}
	}
	return t
}

// searchWith runs Dijkstra from hero position p for hero h with his tools (h < 0: no hero in
// particular, no tools) and records, for each distinct first step (made for hero h), the best
// goal score (value less Move distance) reachable through it. It returns the best score of
// staying put (-navInf unless the hero stands on a goal).
func (n *nav) searchWith(p rules.Pos, rusher bool, h int, tl tools) int {
	return n.dijkstra(p, rusher, h, tl, noFloor)
}

// noCells and noSteps are what a search starts from: no cell taken, no step scored.
var (
	noCells = func() (d [navRooms]int32) {
		for i := range d {
			d[i] = navInf
		}
		return d
	}()
	noSteps = func() (s [maxSteps]int) {
		for i := range s {
			s[i] = -navInf
		}
		return s
	}()
)

// noFloor asks dijkstra for every step's score.
const noFloor = -navInf - 1

// bestStep is searchWith when only the best step matters: the search stops once no node left
// can give any step a score as high as the best step's, so the best step (the first of the
// highest score) and its score are those of searchWith, and so is the returned stay; the other
// steps' scores may fall short of theirs, though never to or above the best's.
func (n *nav) bestStep(p rules.Pos, rusher bool, h int, tl tools) (stay, best int) {
	n.bestOnly = true
	stay = n.dijkstra(p, rusher, h, tl, noFloor)
	n.bestOnly = false
	best = -1
	for i := 0; i < n.nstep; i++ {
		if n.stepScore[i] > -navInf && (best < 0 || n.stepScore[i] > n.stepScore[best]) {
			best = i
		}
	}
	return stay, best
}

// reach returns the best goal score hero position p can reach (staying or by any step) when
// it is above floor, else some value no greater than floor: all that a comparison with floor
// needs, found with a search that stops as soon as no node left can beat it. The steps' scores
// are not complete after it.
func (n *nav) reach(p rules.Pos, rusher bool, floor int) int {
	n.cautious, n.fatal = false, false
	return n.dijkstra(p, rusher, -1, tools{}, floor)
}

// maxValue bounds value over the nodes of the board in n (for the cautious, fatal and rusher
// settings of the caller: an upper bound is all reach needs).
func (n *nav) maxValue() int {
	if n.key {
		return valueBoss
	}
	best := valueFrontier
	for r := 0; r < n.rows; r++ {
		for c := 0; c < n.cols; c++ {
			vr := &n.rooms[r][c]
			if t := vr.tile; t != nil && t.Kind == rules.SpecialTile && !vr.room.Activated {
				if t.Special == rules.KeyRoom {
					return valueKey
				}
				best = valueSpecial
			}
		}
	}
	return best
}

// dijkstra is searchWith, and with a floor above noFloor it is reach: it returns the hero's
// best score (staying or any step) once no node left can score above the floor, which rises
// with the scores found.
func (n *nav) dijkstra(p rules.Pos, rusher bool, h int, tl tools, floor int) int {
	n.hero, n.tools = max(h, 0), tl
	n.cellDist = noCells
	n.cellDist[int(p.R)*rules.MaxCols+int(p.C)], n.stopDist = 0, navInf
	n.taken = cellBit(int(p.R), int(p.C))
	start := spaceNode(int(p.R), int(p.C), int(p.Space))
	n.gen++
	if n.gen == 0 { // wrapped: forget every stamp
		n.reached, n.done = [navNodes]uint32{}, [navNodes]uint32{}
		n.gen = 1
	}
	n.nstep = 0
	n.stepScore = noSteps
	if t := n.rooms[p.R][p.C].tile; t == nil || int(p.Space) >= len(t.Spaces) {
		return -navInf // a hypothetical turn moved a face-down room under the hero: no judgement
	}
	n.values(rusher)
	stay := -navInf
	if val := n.value(start, rusher); val > 0 {
		stay = val
	}
	if t := n.rooms[p.R][p.C].tile; t != nil && t.Kind == rules.BossTile {
		return stay // no one leaves the Boss Room
	}
	pruned := floor > noFloor
	maxVal, bestScore := n.maxVal, -navInf
	floor = max(floor, stay)
	n.dist[start], n.first[start], n.reached[start] = 0, -1, n.gen
	n.open[0], n.openDist[0], n.openAt[start], n.nopen = int16(start), 0, 0, 1
	for n.nopen > 0 {
		// The closest open node, the first of them in the open list (Dijkstra over a short
		// open list).
		bi, du := 0, n.openDist[0]
		for i, d := range n.openDist[1:n.nopen] {
			if d < du {
				bi, du = i+1, d
			}
		}
		u := int(n.open[bi])
		if pruned && maxVal-int(du) <= floor {
			n.stopDist = du
			return floor // no node left (at du or farther) can score above the floor
		}
		if n.bestOnly && (maxVal-int(du) < bestScore || maxVal-int(du) <= stay) {
			return stay // no node left can tie the best step or beat staying
		}
		n.nopen--
		n.open[bi], n.openDist[bi] = n.open[n.nopen], n.openDist[n.nopen]
		n.openAt[n.open[bi]] = int16(bi)
		n.done[u] = n.gen
		if n.byGoals && pruned && n.cellReach[nodeCell(u)]-int(du) <= floor {
			// No goal is near enough to this node to beat the floor, so no path through it
			// either: the best path to a better goal has none such, and is found without it.
			continue
		}
		if cell := nodeCell(u); n.cellDist[cell] == navInf {
			n.cellDist[cell] = du
			n.taken |= 1 << cell
		}
		if u != start && n.first[u] >= 0 {
			if val := n.value(u, rusher); val > 0 && val-int(du) > n.stepScore[n.first[u]] {
				n.stepScore[n.first[u]] = val - int(du)
				floor = max(floor, val-int(du))
				bestScore = max(bestScore, val-int(du))
			}
		}
		if u >= navRooms*rules.MaxSpaces {
			continue // a face-down room: the frontier
		}
		n.expand(u, start)
	}
	if pruned {
		return floor
	}
	return stay
}

// stepIndex returns the index of step a in steps, adding it.
func (n *nav) stepIndex(a rules.Action) int8 {
	for i := 0; i < n.nstep; i++ {
		if n.steps[i] == a {
			return int8(i)
		}
	}
	if n.nstep == maxSteps {
		return int8(maxSteps - 1)
	}
	n.steps[n.nstep] = a
	n.nstep++
	return int8(n.nstep - 1)
}

// expand relaxes the doors and tunnels leaving the space of node u: each lowers the distance
// of the node it enters. What a door or a tunnel costs is the rules package's (DoorCost,
// SpaceCost); a closed door counts with the switch of the space that opens it, or a Key. Only
// the steps out of the start are hero actions of their own (edgeStep); a node reached from
// another takes that node's first step.
func (n *nav) expand(u, start int) {
	cell := u / rules.MaxSpaces
	if !n.built[cell] {
		n.build(cell)
	}
	du, first := n.dist[u], n.first[u]
	edges := n.edges[u][:n.nedges[u]]
	for i := range edges {
		e := &edges[i]
		cost := e.cost
		if n.fatal {
			cost = e.fatal
		}
		switch e.kind {
		case edgeKeyDoor:
			if n.tools.key == 0 {
				continue
			}
			cost += 3
		case edgeBarrier:
			if !n.tools.crossReady {
				if n.tools.crossCard == 0 {
					continue
				}
				cost += 3
			}
		}
		w := int(e.to)
		if n.reached[w] != n.gen {
			n.reached[w], n.dist[w] = n.gen, navInf
		}
		d := du + cost
		if d >= n.dist[w] || n.done[w] == n.gen {
			continue
		}
		if n.dist[w] == navInf {
			n.open[n.nopen], n.openAt[w] = int16(w), int16(n.nopen)
			n.nopen++
		}
		n.dist[w], n.openDist[n.openAt[w]] = d, d
		if u == start {
			n.first[w] = n.stepIndex(n.edgeStep(e))
		} else {
			n.first[w] = first
		}
	}
}

// edgeStep is the hero's action that takes edge e (one expand let through: a Key door needs
// his Key, a barrier a crossing or his card that grants one).
func (n *nav) edgeStep(e *navEdge) rules.Action {
	switch e.kind {
	case edgeSwitchDoor:
		return rules.MakeAction(rules.ActSwitch, n.hero, int(e.x), 0, 0)
	case edgeKeyDoor:
		return n.tools.key | rules.MakeAction(0, 0, 0, 0, int(e.x))
	case edgeTunnel:
		return rules.MakeAction(rules.ActTunnel, n.hero, int(e.x), 0, 0)
	case edgeBarrier:
		if n.tools.crossReady {
			return rules.MakeAction(rules.ActBarrier, n.hero, int(e.x), 0, 0)
		}
		return n.tools.crossCard
	}
	return rules.MakeAction(rules.ActMove, n.hero, int(e.x), 0, 0)
}

// The kinds of navEdge.
const (
	edgeDoor       = iota // through a door (x: its board side)
	edgeSwitchDoor        // through a closed door its space's switch opens (x: the switch)
	edgeKeyDoor           // through a closed door a Key opens (x: the door's printed edge)
	edgeTunnel            // through a tunnel to space x
	edgeBarrier           // across a barrier to space x
)

// navEdge is a way out of a space, as the board gives it: its cost (the rules package's
// DoorCost or SpaceCost, a switch's Interact for a closed door) with the danger of the space
// it enters, as it is and when a kill would lose the level. What the hero's tools add (a Key,
// a crossing) is added by expand.
type navEdge struct {
	to          int16
	kind, x     uint8
	cost, fatal int32
}

// maxEdges bounds the ways out of a space: its doors and the other spaces of its room.
const maxEdges = int(rules.NumEdges) + rules.MaxSpaces - 1

// build lists the ways out of the spaces of the face-up room in cell, in the order expand
// relaxes them: the doors North to West, then the other spaces of the room.
func (n *nav) build(cell int) {
	n.built[cell] = true
	r, c := cell/rules.MaxCols, cell%rules.MaxCols
	vr := &n.rooms[r][c]
	if vr.tile == nil {
		return
	}
	for s := range vr.tile.Spaces {
		u := spaceNode(r, c, s)
		n.nedges[u] = 0
		if vr.tile.Kind == rules.BossTile {
			continue // no one leaves the Boss Room
		}
		add := func(to int, kind uint8, x int, cost int32, into *vroom, space int) {
			e := navEdge{to: int16(to), kind: kind, x: uint8(x), cost: cost, fatal: cost}
			if into != nil {
				e.cost += n.dangerOf(into, space, false)
				e.fatal += n.dangerOf(into, space, true)
			}
			n.edges[u][n.nedges[u]] = e
			n.nedges[u]++
		}
		for m := n.data.SpaceDoors(&vr.room, s); m != 0; m &= m - 1 {
			d := rules.Edge(bits.TrailingZeros8(m))
			var to *rules.Room
			nr, nc := rules.Neighbor(r, c, d)
			if nr >= 0 && nc >= 0 && nr < n.rows && nc < n.cols {
				to = &n.rooms[nr][nc].room
			}
			st, ok := n.data.DoorCost(&vr.room, s, d, to, n.key)
			if !ok {
				continue
			}
			cost, kind, x := int32(st.Cost), uint8(edgeDoor), int(d)
			if st.Closed {
				kind, x = edgeKeyDoor, int(st.Printed)
				if sw, extra, ok := n.doorSwitch(vr, s, st.Printed); ok {
					kind, x, cost = edgeSwitchDoor, sw, cost+extra
				}
			}
			if st.Space < 0 {
				add(cellNode(nr, nc), kind, x, cost, nil, 0)
				continue
			}
			add(spaceNode(nr, nc, st.Space), kind, x, cost, &n.rooms[nr][nc], st.Space)
		}
		for s2 := range vr.tile.Spaces {
			cost, barrier, ok := n.data.SpaceCost(&vr.room, s, s2)
			if !ok {
				continue
			}
			kind := uint8(edgeTunnel)
			if barrier {
				kind = edgeBarrier
			}
			add(spaceNode(r, c, s2), kind, s2, int32(cost), vr, s2)
		}
	}
}

// touch marks the ways out of the room at (r, c) and its neighbours' to be listed again, and
// the room as changed for every hero's last search: the room changed (as loaded, or by a
// hypothetical turn, swap or Cog).
func (n *nav) touch(r, c int) {
	n.moved, n.dirty = true, true
	n.roomStamp[r][c] = 0
	for h := range n.changed {
		n.changed[h] |= cellBit(r, c)
	}
	n.built[r*rules.MaxCols+c] = false
	n.valStamp[r*rules.MaxCols+c] = 0
	for d := rules.North; d < rules.NumEdges; d++ {
		if nr, nc := rules.Neighbor(r, c, d); nr >= 0 && nc >= 0 && nr < rules.MaxRows && nc < rules.MaxCols {
			n.built[nr*rules.MaxCols+nc] = false
		}
	}
}

// doorSwitch returns the switch of space s that opens the closed door on printed edge e (the
// last one) and its extra cost, its Interact in cards.
func (n *nav) doorSwitch(vr *vroom, s int, e rules.Edge) (int, int32, bool) {
	sws := vr.tile.Spaces[s].Switches
	for i := len(sws) - 1; i >= 0; i-- { // the last switch that opens it
		if sws[i].Target == rules.DoorTarget(e) {
			return i, 1 + int32(sws[i].Interact)/2, true
		}
	}
	return 0, 0, false
}

// fatalDanger is the cost of a space whose damage roll could lose the level: never worth it.
const fatalDanger = navInf / 4

// dangerOf is the extra cost, in Move, of entering space s of a face-up room: enemies not yet
// defeated this round, a hazard, a rift; when a kill would lose the level (fatal), an enemy or
// a hazard bars the way.
func (n *nav) dangerOf(vr *vroom, s int, fatal bool) int32 {
	sp := &vr.tile.Spaces[s]
	d := int32(0)
	if fatal && (sp.Hazard > 0 || n.liveEnemies(vr, s)) {
		return fatalDanger
	}
	for i := range sp.Enemies {
		if vr.room.DefeatedMask&(1<<(s*rules.MaxIcons+i)) == 0 {
			d += 5
		}
	}
	if sp.Hazard > 0 {
		d += 4 + int32(sp.Hazard)*2 // a damage roll every time the space is entered
	}
	if sp.Rift && vr.room.RiftIgnored&(1<<s) == 0 {
		d++
	}
	return d
}

// liveEnemies reports whether space s of the room has an enemy not defeated this round.
func (n *nav) liveEnemies(vr *vroom, s int) bool {
	for i := range vr.tile.Spaces[s].Enemies {
		if vr.room.DefeatedMask&(1<<(s*rules.MaxIcons+i)) == 0 {
			return true
		}
	}
	return false
}

// value is what reaching node u is worth to the team. values(rusher) must have been called
// since the key or the gathering last changed.
func (n *nav) value(u int, rusher bool) int {
	if u >= navRooms*rules.MaxSpaces {
		if n.cautious || n.fatal {
			return 0
		}
		return valueFrontier
	}
	if n.gather && n.doorstep[u] {
		return valueBoss
	}
	cell := u / rules.MaxSpaces
	if n.valStamp[cell] != n.valGen {
		n.roomVal[cell], n.valStamp[cell] = int8(n.roomValue(cell, rusher)), n.valGen
	}
	return int(n.roomVal[cell])
}

// values makes the rooms' values recorded in roomVal those of the key, gathering and rusher
// setting now: when the setting changed since, they are all computed again (as needed). A room
// that changed is computed again too (touch).
func (n *nav) values(rusher bool) {
	state := uint8(1)
	if n.key {
		state |= 2
	}
	if n.gather {
		state |= 4
	}
	if rusher {
		state |= 8
	}
	if state == n.valState {
		return
	}
	n.valState = state
	n.valGen++
	if n.valGen == 0 { // wrapped: forget every stamp
		n.valStamp = [navRooms]uint32{}
		n.valGen = 1
	}
}

// roomValue is what reaching a space of the room in cell is worth (but a doorstep's value).
func (n *nav) roomValue(cell int, rusher bool) int {
	vr := &n.rooms[cell/rules.MaxCols][cell%rules.MaxCols]
	t := vr.tile
	if t == nil {
		return 0
	}
	switch {
	case t.Kind == rules.BossTile:
		if n.key && !n.gather {
			return valueBoss
		}
	case t.Kind != rules.SpecialTile || vr.room.Activated:
	case t.Special == rules.KeyRoom:
		return valueKey
	case !rusher:
		return valueSpecial
	}
	return 0
}

// teamScore is the best goal score any hero could reach on the board as it is in n: what a Cog
// or a token is judged by. It records how far each hero's search went (heroCellDist, heroStop).
func (n *nav) teamScore(v rules.View, rusher bool) int {
	return n.teamScoreAbove(v, rusher, noFloor, ^uint64(0), true)
}

// teamScoreAbove is teamScore when that is above floor, else some value no greater than floor:
// what a comparison with floor needs, found with searches that stop early (reach).
//
// moved marks the cells whose rooms differ from the board of the last recorded teamScore (all
// ones: unknown); floor must then be at least that teamScore. A hero can only score more than
// he did then by a path into a changed room (moved, or next to it): no less far than the
// nearest node his search took in them (or than where it stopped). When the best goal value
// less that distance is no more than the floor, he is not searched again; nor when he stands
// outside moved and no way into it from the rooms around it can lead above the floor
// (entryBound). No hero is searched when no path through moved can lead above the floor at all
// (exitBound: goalScores must then be current, for the board before the change). With record,
// how far each hero's search went is recorded.
func (n *nav) teamScoreAbove(v rules.View, rusher bool, floor int, moved uint64, record bool) int {
	best := -navInf
	bound, bounded := 0, floor > noFloor && moved != ^uint64(0)
	changed := moved
	if bounded {
		exit := n.exitBound(moved)
		if exit <= floor {
			return best // no path through moved leads above the floor: no hero can beat it
		}
		changed = n.aroundAll(moved)
		bound = min(n.goalBound(changed), exit)
	}
	for h := 0; h < v.Players(); h++ {
		if bounded && n.cannotBeat(h, v.Hero(h).Pos, bound, changed, moved, floor) {
			continue
		}
		// The best score so far is a floor for the next hero; the first is searched with
		// -navInf for floor, below any score a search records, so that his search too stops
		// as soon as nothing left can beat what it found (and gives the same best score).
		n.byGoals = bounded
		best = max(best, n.reach(v.Hero(h).Pos, rusher, max(floor, best, -navInf)))
		n.byGoals = false
		if record {
			n.heroCellDist[h], n.heroStop[h] = n.cellDist, n.stopDist
		}
	}
	return best
}

// cannotBeat reports whether hero h at p cannot score above floor on a board whose rooms moved
// (changed: with their neighbours) since his recorded search: bound, the best goal value
// less the way to it from changed, less the nearest he came to changed, is no more than floor,
// or he stands outside moved and entryBound says no way into it leads above floor.
func (n *nav) cannotBeat(h int, p rules.Pos, bound int, changed, moved uint64, floor int) bool {
	if bound-int(n.nearest(h, changed)) <= floor {
		return true
	}
	return moved&cellBit(int(p.R), int(p.C)) == 0 && n.entryBound(h, moved, bound) <= floor
}

// entryBound bounds the score hero h can reach on the changed board when he stands outside the
// cells of moved: a path better than his recorded search's enters moved first by a way out of
// a room next to it (the rooms there are as they were until then), so it scores no more than
// the best, over those ways, of cellReach of the room entered (or exit, a bound on any score
// from inside moved, when lower) less the way's cost and the nearest his search came to the room
// it leaves. Keys and barriers are not his (reach).
func (n *nav) entryBound(h int, moved uint64, exit int) int {
	best := -navInf
	for m := n.aroundAll(moved) &^ moved; m != 0; m &= m - 1 {
		cell := bits.TrailingZeros64(m)
		d := n.nearest(h, 1<<cell)
		vr := &n.rooms[cell/rules.MaxCols][cell%rules.MaxCols]
		if d >= navInf || !vr.faceUp {
			continue // out of his reach, or face down (the frontier: no way on)
		}
		if !n.built[cell] {
			n.build(cell)
		}
		for s := range vr.tile.Spaces {
			u := cell*rules.MaxSpaces + s
			for i := range n.nedges[u] {
				e := &n.edges[u][i]
				if to := nodeCell(int(e.to)); moved&(1<<to) != 0 && e.kind != edgeKeyDoor {
					best = max(best, min(n.cellReach[to], exit)-int(d)-int(e.cost))
				}
			}
		}
	}
	return best
}

// aroundAll returns the cells of mask with their neighbours on the board (around each).
func (n *nav) aroundAll(mask uint64) uint64 {
	var m uint64
	for ; mask != 0; mask &= mask - 1 {
		cell := bits.TrailingZeros64(mask)
		m |= n.around(cell/rules.MaxCols, cell%rules.MaxCols)
	}
	return m
}

// goalBound bounds the score of a node reached through the cells in mask, less the way to
// them: no more than a goal's value less the least Move from a cell in mask to the goal's
// (a door, at least minDoor, per cell crossed). It reads cellReach (cellValues).
func (n *nav) goalBound(mask uint64) int {
	best := -navInf
	for m := mask; m != 0; m &= m - 1 {
		best = max(best, n.cellReach[bits.TrailingZeros64(m)])
	}
	return best
}

// cellValues records the best value of each cell's nodes (cellVal) and what a node of each
// cell can score at best less the way to it (cellReach): what goalBound reads and what the
// searches for a token use skip by.
func (n *nav) cellValues(rusher bool) {
	for cell := range n.cellVal {
		n.cellVal[cell] = 0
	}
	for r := 0; r < n.rows; r++ {
		for c := 0; c < n.cols; c++ {
			n.cellValue(r, c, rusher)
		}
	}
	n.reachValues()
}

// revalue records the goal values of cells (r1, c1) and (r2, c2) again (their rooms moved),
// and cellReach when they changed; it reports whether they did.
func (n *nav) revalue(r1, c1, r2, c2 int, rusher bool) bool {
	a, b := n.cellVal[r1*rules.MaxCols+c1], n.cellVal[r2*rules.MaxCols+c2]
	n.cellValue(r1, c1, rusher)
	n.cellValue(r2, c2, rusher)
	if n.cellVal[r1*rules.MaxCols+c1] == a && n.cellVal[r2*rules.MaxCols+c2] == b {
		return false
	}
	n.reachValues()
	return true
}

// reachValues computes cellReach from cellVal: for each cell, the best goal value less the
// least Move from it to the goal (a door, at least minDoor, per cell crossed), by the two
// sweeps of a Manhattan distance transform (exact on a rectangle).
func (n *nav) reachValues() {
	k := int(n.minDoor)
	for r := 0; r < n.rows; r++ {
		for c := 0; c < n.cols; c++ {
			cell := r*rules.MaxCols + c
			f := -navInf
			if n.cellVal[cell] > 0 {
				f = n.cellVal[cell]
			}
			if r > 0 {
				f = max(f, n.cellReach[cell-rules.MaxCols]-k)
			}
			if c > 0 {
				f = max(f, n.cellReach[cell-1]-k)
			}
			n.cellReach[cell] = f
		}
	}
	for r := n.rows - 1; r >= 0; r-- {
		for c := n.cols - 1; c >= 0; c-- {
			cell := r*rules.MaxCols + c
			if r < n.rows-1 {
				n.cellReach[cell] = max(n.cellReach[cell], n.cellReach[cell+rules.MaxCols]-k)
			}
			if c < n.cols-1 {
				n.cellReach[cell] = max(n.cellReach[cell], n.cellReach[cell+1]-k)
			}
		}
	}
}

// cellValue records the best value of the nodes of cell (r, c): its spaces and, face down,
// the cell itself.
func (n *nav) cellValue(r, c int, rusher bool) {
	n.values(rusher)
	best := n.value(cellNode(r, c), rusher)
	for s := 0; s < rules.MaxSpaces; s++ {
		best = max(best, n.value(spaceNode(r, c, s), rusher))
	}
	n.cellVal[r*rules.MaxCols+c] = best
}

// minDoorCost returns the least Move any door of the data costs (water included): what
// crossing from a cell to the next costs at least (0 when that is not positive).
func minDoorCost(d *rules.Data) int32 {
	least := int32(navInf)
	for i := range d.Tiles {
		for _, door := range d.Tiles[i].Doors {
			if door.Kind != rules.NoDoor {
				least = min(least, int32(door.Cost))
			}
		}
	}
	least += int32(min(0, d.Settings.WaterHighToDry, d.Settings.WaterHighToLow))
	if least == navInf || least < 0 {
		return 0
	}
	return least
}

// nearest returns the distance of the nearest node of the cells in mask that hero h's recorded
// search took, or where it stopped if that is nearer (navInf: neither).
func (n *nav) nearest(h int, mask uint64) int32 {
	d := n.heroStop[h]
	for mask != 0 {
		cell := bits.TrailingZeros64(mask)
		mask &= mask - 1
		d = min(d, n.heroCellDist[h][cell])
	}
	return d
}

// rotate turns a room of the copy a quarter turn.
func (n *nav) rotate(r, c int, cw bool) {
	n.touch(r, c)
	vr := &n.rooms[r][c]
	if cw {
		vr.room.Rot = (vr.room.Rot + 1) & 3
	} else {
		vr.room.Rot = (vr.room.Rot + 3) & 3
	}
}

func (n *nav) swap(r1, c1, r2, c2 int) {
	n.touch(r1, c1)
	n.touch(r2, c2)
	n.rooms[r1][c1], n.rooms[r2][c2] = n.rooms[r2][c2], n.rooms[r1][c1]
}

// undo puts the rooms of the cells in mask back as they are in rooms (a copy of n.rooms made
// before a hypothetical change to them); the doorsteps and the best goal value stay those of the
// rooms as loaded, as they were through the change.
func (n *nav) undo(rooms *[rules.MaxRows][rules.MaxCols]vroom, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		cell := bits.TrailingZeros64(m)
		r, c := cell/rules.MaxCols, cell%rules.MaxCols
		n.rooms[r][c] = rooms[r][c]
		n.touch(r, c)
	}
}

// applyCog applies a Cog plan to the copy of the board (the heroes are not moved: a close enough
// judgement for choosing among turns).
func (n *nav) applyCog(r, c int, p *rules.CogPlan) {
	switch p.Kind {
	case rules.MultiCog:
		n.rotate(r, c, p.CW)
		for i := 0; i < p.N; i++ {
			n.rotate(p.Cells[i][0], p.Cells[i][1], !p.CW)
		}
	case rules.BigCog:
		n.cycle(p, p.Turn)
	case rules.Cogveyor:
		n.rotate(r, c, p.CW)
		if p.Shift {
			n.cycle(p, false)
		}
	}
}

func (n *nav) cycle(p *rules.CogPlan, turn bool) {
	last := n.rooms[p.Cells[p.N-1][0]][p.Cells[p.N-1][1]]
	for i := p.N - 1; i > 0; i-- {
		n.rooms[p.Cells[i][0]][p.Cells[i][1]] = n.rooms[p.Cells[i-1][0]][p.Cells[i-1][1]]
	}
	n.rooms[p.Cells[0][0]][p.Cells[0][1]] = last
	for i := 0; i < p.N; i++ {
		n.touch(p.Cells[i][0], p.Cells[i][1])
	}
	if turn {
		for i := 0; i < p.N; i++ {
			n.rotate(p.Cells[i][0], p.Cells[i][1], p.CW)
		}
	}
}
