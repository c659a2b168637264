package agents

import "github.com/clockworksim/clockwork/rules"

const (
	navRooms = rules.MaxRows * rules.MaxCols
	navNodes = navRooms*rules.MaxSpaces + navRooms // spaces of face-up rooms, then face-down cells
	navInf   = 1 << 20
)

// nav finds paths over what the heroes can see: the spaces of face-up rooms joined by usable
// doors and tunnels, and the face-down rooms beyond open doors (the exploration frontier).
// Its arrays are reused: planning allocates nothing.
type nav struct {
	dist  [navNodes]int32
	first [navNodes]rules.Action // the first step of the cheapest path to each node
	done  [navNodes]bool
}

func spaceNode(r, c, s int) int { return (r*rules.MaxCols+c)*rules.MaxSpaces + s }
func cellNode(r, c int) int     { return navRooms*rules.MaxSpaces + r*rules.MaxCols + c }

// Goal values (in Move): how much a goal is worth walking for.
const (
	valueFrontier = 3
	valueSpecial  = 6
	valueKey      = 9
	valueBoss     = 14
)

// plan returns hero h's first step toward his best goal: the reachable goal with the highest
// value less its Move distance. False when he is best where he is (or cannot move).
func (n *nav) plan(v rules.View, h int, rusher bool) (rules.Action, bool) {
	pos := v.Hero(h).Pos
	start := spaceNode(int(pos.R), int(pos.C), int(pos.Space))
	if rv := v.Room(int(pos.R), int(pos.C)); rv.Tile != nil && rv.Tile.Kind == rules.BossTile {
		return 0, false // no one leaves the Boss Room
	}
	for i := range n.dist {
		n.dist[i] = navInf
		n.done[i] = false
	}
	n.dist[start] = 0
	// Staying counts only when the hero stands on a goal (say a special room he cannot pay yet).
	bestScore, bestNode := -navInf, -1
	if val := n.value(v, start, rusher); val > 0 {
		bestScore, bestNode = val, start
	}
	for {
		// The closest node not done (O(n^2) Dijkstra on at most a few hundred nodes).
		u, du := -1, int32(navInf)
		for i := range n.dist {
			if !n.done[i] && n.dist[i] < du {
				u, du = i, n.dist[i]
			}
		}
		if u < 0 {
			break
		}
		n.done[u] = true
		if val := n.value(v, u, rusher); val > 0 && u != start && val-int(du) > bestScore {
			bestScore, bestNode = val-int(du), u
		}
		if u >= navRooms*rules.MaxSpaces {
			continue // a face-down room: the frontier
		}
		n.expand(v, u, start)
	}
	if bestNode < 0 || bestNode == start {
		return 0, false
	}
	return n.first[bestNode], true
}

// relax records a path to node w through u with step cost c (first is the step when u is the
// start).
func (n *nav) relax(u, w int, c int32, start int, step rules.Action) {
	if d := n.dist[u] + c; d < n.dist[w] {
		n.dist[w] = d
		if u == start {
			n.first[w] = step
		} else {
			n.first[w] = n.first[u]
		}
	}
}

// expand relaxes the doors and tunnels leaving the space of node u.
func (n *nav) expand(v rules.View, u, start int) {
	cell := u / rules.MaxSpaces
	r, c, s := cell/rules.MaxCols, cell%rules.MaxCols, u%rules.MaxSpaces
	rv := v.Room(r, c)
	t := rv.Tile
	if t.Kind == rules.BossTile {
		return
	}
	for d := rules.North; d < rules.NumEdges; d++ {
		e := rules.PrintedEdge(d, rv.Room.Rot)
		if int(t.DoorSpace[e]) != s {
			continue
		}
		door := t.Doors[e]
		if door.Kind == rules.NoDoor || (door.Kind == rules.ClosedDoor && rv.Room.OpenedDoors&(1<<e) == 0) {
			continue
		}
		nr, nc := rules.Neighbor(r, c, d)
		if nr < 0 || nc < 0 || nr >= v.Rows() || nc >= v.Cols() {
			continue
		}
		cost := int32(door.Cost)
		if rv.Room.Water == rules.HighWater && t.Spaces[s].Water {
			cost += 3 // roughly: leaving high water costs extra Move
		}
		step := rules.MakeAction(rules.ActMove, 0, int(d), 0, 0)
		nrv := v.Room(nr, nc)
		if !nrv.FaceUp {
			n.relax(u, cellNode(nr, nc), cost, start, step)
			continue
		}
		de := rules.PrintedEdge(d.Opposite(), nrv.Room.Rot)
		dt := nrv.Tile
		if dt.Doors[de].Kind == rules.NoDoor || (dt.Kind == rules.BossTile && !v.KeyActivated()) {
			continue
		}
		ds := int(dt.DoorSpace[de])
		n.relax(u, spaceNode(nr, nc, ds), cost+danger(nrv, ds), start, step)
	}
	for s2 := range t.Spaces {
		if s2 != s && t.Tunnels&rules.PairBit(s, s2) != 0 {
			n.relax(u, spaceNode(r, c, s2), 1+danger(rv, s2), start, rules.MakeAction(rules.ActTunnel, 0, s2, 0, 0))
		}
	}
}

// danger is the extra cost, in Move, of entering space s of a face-up room: enemies not yet
// defeated this round, a hazard, a rift.
func danger(rv rules.RoomView, s int) int32 {
	sp := &rv.Tile.Spaces[s]
	d := int32(0)
	for i := range sp.Enemies {
		if rv.Room.DefeatedMask&(1<<(s*rules.MaxIcons+i)) == 0 {
			d += 4
		}
	}
	d += int32(sp.Hazard) * 2
	if sp.Rift && rv.Room.RiftIgnored&(1<<s) == 0 {
		d++
	}
	return d
}

// value is what reaching node u is worth to the team.
func (n *nav) value(v rules.View, u int, rusher bool) int {
	if u >= navRooms*rules.MaxSpaces {
		return valueFrontier
	}
	cell := u / rules.MaxSpaces
	rv := v.Room(cell/rules.MaxCols, cell%rules.MaxCols)
	t := rv.Tile
	switch {
	case t.Kind == rules.BossTile:
		if v.KeyActivated() {
			return valueBoss
		}
	case t.Kind != rules.SpecialTile || rv.Room.Activated:
	case t.Special == rules.KeyRoom:
		return valueKey
	case !rusher:
		return valueSpecial
	}
	return 0
}
