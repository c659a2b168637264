package clockwork

import (
	"math/bits"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// goalSearch is a backward search over the board as loaded: for each node, the best goal score
// a path from it reaches (a goal's value less the way to it), as reach scores a hero standing
// there (no tools, no caution). A token use is judged against it: a hero can score more after
// the use only by a path through the rooms it moves, and such a path leaves them for the last
// time into a room next to them, where the board is as it was (see exitBound).
type goalSearch struct {
	// score is each node's best goal score while done marks it (done == gen), else at most the
	// floor of the search.
	score [navNodes]int32
	done  [navNodes]uint32
	gen   uint32
	// open lists the nodes reached but not done (nopen of them); listed marks the nodes
	// reached (listed == gen).
	open   [navNodes]int16
	listed [navNodes]uint32
	nopen  int
	// into lists the ways into each node, as build listed the ways out of the spaces that reach
	// reach takes: the ways into node u are from[start[u]:start[u+1]], at cost[...].
	start [navNodes + 1]int16
	from  [navRooms * rules.MaxSpaces * maxEdges]int16
	cost  [navRooms * rules.MaxSpaces * maxEdges]int32
	// cellScore is, per cell, the best score of its nodes (at least the floor of the search).
	cellScore [navRooms]int
}

// goalScores records, for each cell of the board as loaded, the best goal score a node of it
// reaches (cellScore), or floor when that is no more than floor: the search stops there. The
// caller must have set gathering, and the board must be as loaded (no hypothetical change).
func (n *nav) goalScores(rusher bool, floor int) {
	g := &n.goals
	n.cautious, n.fatal = false, false
	n.values(rusher)
	n.listInto()
	g.gen++
	if g.gen == 0 { // wrapped: forget every stamp
		g.done, g.listed = [navNodes]uint32{}, [navNodes]uint32{}
		g.gen = 1
	}
	g.nopen = 0
	n.eachNode(func(u int) {
		if val := n.value(u, rusher); val > floor && val > 0 {
			g.push(u, int32(val))
		}
	})
	for g.nopen > 0 {
		u := g.pop()
		for i := g.start[u]; i < g.start[u+1]; i++ {
			if w, s := int(g.from[i]), g.score[u]-g.cost[i]; s > int32(floor) && g.done[w] != g.gen {
				g.raise(w, s)
			}
		}
	}
	for cell := range g.cellScore {
		g.cellScore[cell] = floor
	}
	n.eachNode(func(u int) {
		if g.done[u] == g.gen {
			cell := nodeCell(u)
			g.cellScore[cell] = max(g.cellScore[cell], int(g.score[u]))
		}
	})
}

// eachNode calls f for each node of the board: the spaces of the face-up rooms and the cells
// of the face-down ones.
func (n *nav) eachNode(f func(u int)) {
	for r := 0; r < n.rows; r++ {
		for c := 0; c < n.cols; c++ {
			vr := &n.rooms[r][c]
			if !vr.faceUp {
				f(cellNode(r, c))
				continue
			}
			for s := range vr.tile.Spaces {
				f(spaceNode(r, c, s))
			}
		}
	}
}

// listInto lists the ways into each node (goalSearch.into) from the ways out of the spaces
// of the face-up rooms that reach takes: no Key door, no barrier.
func (n *nav) listInto() {
	g := &n.goals
	g.start = [navNodes + 1]int16{}
	n.eachWay(func(u int, e *navEdge) { g.start[e.to+1]++ })
	for u := 1; u <= navNodes; u++ {
		g.start[u] += g.start[u-1]
	}
	var next [navNodes]int16
	copy(next[:], g.start[:navNodes])
	n.eachWay(func(u int, e *navEdge) {
		g.from[next[e.to]], g.cost[next[e.to]] = int16(u), e.cost
		next[e.to]++
	})
}

// eachWay calls f for each way out of a space of a face-up room that reach takes (building
// the ways of the rooms not listed yet).
func (n *nav) eachWay(f func(u int, e *navEdge)) {
	for r := 0; r < n.rows; r++ {
		for c := 0; c < n.cols; c++ {
			vr := &n.rooms[r][c]
			if !vr.faceUp {
				continue
			}
			cell := r*rules.MaxCols + c
			if !n.built[cell] {
				n.build(cell)
			}
			for s := range vr.tile.Spaces {
				u := cell*rules.MaxSpaces + s
				for i := range n.nedges[u] {
					if e := &n.edges[u][i]; e.kind != edgeKeyDoor && e.kind != edgeBarrier {
						f(u, e)
					}
				}
			}
		}
	}
}

// push lists node u at score s.
func (g *goalSearch) push(u int, s int32) {
	g.open[g.nopen], g.listed[u], g.score[u] = int16(u), g.gen, s
	g.nopen++
}

// raise gives node u score s, above the one it has (listing it if it is not).
func (g *goalSearch) raise(u int, s int32) {
	if g.listed[u] != g.gen {
		g.push(u, s)
	} else if s > g.score[u] {
		g.score[u] = s
	}
}

// pop takes the listed node of the best score (the first of them in open) and marks it done.
func (g *goalSearch) pop() int {
	bi := 0
	for i := 1; i < g.nopen; i++ {
		if g.score[g.open[i]] > g.score[g.open[bi]] {
			bi = i
		}
	}
	u := int(g.open[bi])
	g.nopen--
	g.open[bi] = g.open[g.nopen]
	g.done[u] = g.gen
	return u
}

// exitBound bounds the best goal score of any node in the cells of moved on the board as
// changed (its rooms moved since goalScores, which the board was as loaded for): a path from
// such a node stays in moved (no more than the best value of its cells, cellVal), or it leaves
// moved for the last time into a room next to it, through a door of at least minDoor, and goes
// on outside moved as it could on the board as loaded (no more than cellScore there).
func (n *nav) exitBound(moved uint64) int {
	best := -navInf
	for m := moved; m != 0; m &= m - 1 {
		best = max(best, n.cellVal[bits.TrailingZeros64(m)])
	}
	for m := n.aroundAll(moved) &^ moved; m != 0; m &= m - 1 {
		best = max(best, n.goals.cellScore[bits.TrailingZeros64(m)]-int(n.minDoor))
	}
	return best
}
