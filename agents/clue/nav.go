package clue

import (
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// unreachable is the distance of a room that cannot be reached.
const unreachable = 1 << 12

// nav holds, for one board, the squares walked from every place to enter every room: the
// agents' map. Movers that block and question marks that stop are ignored (the distances are
// the fewest squares on an empty board; the engine's legal moves are the truth for one turn).
type nav struct {
	data *rules.Data
	// dist[r][p] is the squares walked from corridor square p to enter room r (the door step
	// included), unreachable when there is no way.
	dist  [rules.NumRooms][rules.MaxSquares]int16
	rooms [rules.NumRooms][rules.NumRooms]int16 // rooms[q][r]: from room q to enter room r (through q's nearest exit)
	// the same as lanes (see bestMoves): from each corridor square and each room to every
	// location
	squareLanes [rules.MaxSquares]lanes
	roomLanes   [rules.NumRooms]lanes
	nowhere     lanes   // unreachable to every location
	meanRoll    float64 // squares one roll of the dice moves, on average
	queue       [rules.MaxSquares]rules.Place
}

// build computes the map of data d (nothing when it is the map already built).
func (n *nav) build(d *rules.Data) {
	if n.data == d {
		return
	}
	n.data = d
	b := &d.Board
	cells := b.Rows * b.Cols
	for r := 0; r < rules.NumRooms; r++ {
		dist := &n.dist[r]
		for p := range dist {
			dist[p] = unreachable
		}
		qn := 0
		for p := 0; p < cells; p++ {
			if b.DoorRooms[p]&(1<<r) != 0 && b.Corridor(rules.Place(p)) {
				dist[p], n.queue[qn] = 1, rules.Place(p)
				qn++
			}
		}
		for i := 0; i < qn; i++ {
			p := n.queue[i]
			for _, q := range b.Walks[p][:b.WalkN[p]] {
				if dist[q] == unreachable {
					dist[q], n.queue[qn] = dist[p]+1, q
					qn++
				}
			}
		}
	}
	for q := 0; q < rules.NumRooms; q++ {
		for r := 0; r < rules.NumRooms; r++ {
			n.rooms[q][r] = 0
			if q != r {
				best := unreachable
				for _, e := range b.Exits[q][:b.ExitN[q]] {
					best = min(best, 1+int(n.dist[r][e]))
				}
				n.rooms[q][r] = int16(best)
			}
		}
	}
	for p := range n.squareLanes {
		n.squareLanes[p] = lanesOf(func(l int) int16 { return n.dist[l][p] })
	}
	for q := range n.roomLanes {
		n.roomLanes[q] = lanesOf(func(l int) int16 { return n.rooms[q][l] })
	}
	n.nowhere = lanesOf(func(int) int16 { return unreachable })
	face := 0.0
	for _, f := range d.DieFaces[:d.DieN] {
		if f == 0 {
			face += float64(d.Rules.QuestionFaceSteps)
		} else {
			face += float64(f)
		}
	}
	n.meanRoll = rules.NumDice * face / float64(max(d.DieN, 1))
	if n.meanRoll < 1 {
		n.meanRoll = 1
	}
}

// from returns the squares walked from place p to enter room r (0 when p is room r).
func (n *nav) from(p rules.Place, r int) int {
	if p == rules.NoPlace {
		return unreachable
	}
	if q := p.Room(); q >= 0 {
		return int(n.rooms[q][r])
	}
	return int(n.dist[r][p])
}

// turns estimates the turns needed to walk squares squares (0 for none; 1 for a roll's worth).
func (n *nav) turns(squares int) float64 {
	if squares <= 0 {
		return 0
	}
	return float64(squares) / n.meanRoll
}

// bestMove returns, among the legal moves, the one into room r, or else the one that leaves the
// fewest squares to walk to r (ok false when no move is legal).
func (n *nav) bestMove(legal []rules.Action, r int) (rules.Action, bool) {
	var best rules.Action
	bestD, ok := unreachable+1, false
	for _, a := range legal {
		if a.Kind != rules.ActMove {
			continue
		}
		d := n.from(a.To, r)
		if d < bestD {
			best, bestD, ok = a, d, true
		}
	}
	return best, ok
}

// bestMoves returns, for every location l, the fewest squares left to walk to it after one of
// the legal moves (0: the move enters it), as bestMove's choice leaves them; unreachable+1
// when no move is legal. (It reads the map as from does, four locations to a word: see lanes.)
func (n *nav) bestMoves(legal []rules.Action) (left [rules.NumLocations]int) {
	best := n.nowhere
	for i := range best {
		best[i] += 0x0001_0001_0001_0001 // unreachable + 1: no move
	}
	for _, a := range legal {
		if a.Kind != rules.ActMove {
			continue
		}
		switch q := a.To.Room(); {
		case a.To == rules.NoPlace:
			best.min(n.nowhere)
		case q >= 0:
			best.min(n.roomLanes[q])
		default:
			best.min(n.squareLanes[a.To])
		}
	}
	for l := range left {
		left[l] = best.at(l)
	}
	return left
}

// lanes holds a distance to every location, four to a word in lanes of 16 bits (location l in
// word l/4, bits 16*(l%4) up; the lanes past the last location hold unreachable), every one
// below 2^15, so that min takes the least of two for every location at once.
type lanes [(rules.NumLocations + 3) / 4]uint64

// laneTops is the top bit of every lane.
const laneTops = 0x8000_8000_8000_8000

// lanesOf returns the lanes of the distances dist(l) to each location l.
func lanesOf(dist func(l int) int16) (x lanes) {
	for l := 0; l < len(x)*4; l++ {
		d := int16(unreachable)
		if l < rules.NumLocations {
			d = dist(l)
		}
		x[l/4] |= uint64(uint16(d)) << (16 * (l % 4))
	}
	return x
}

// min makes every lane of x the least of its own and y's: (x | top) - y has a lane's top bit
// set where x's is at least y's (no borrow crosses a lane, both being below 2^15).
func (x *lanes) min(y lanes) {
	for i := range x {
		ge := ((x[i] | laneTops) - y[i]) & laneTops
		take := ge >> 15 * 0xFFFF
		x[i] = y[i]&take | x[i]&^take
	}
}

// at is location l's distance.
func (x *lanes) at(l int) int { return int(x[l/4] >> (16 * (l % 4)) & 0xFFFF) }

// stepToward returns the move toward room r from place here (bestMove), except in a jam: when
// no legal move brings the mover nearer (movers block the corridor or a door; the map ignores
// them), a random legal move that goes somewhere, so that movers waiting on each other part.
func (n *nav) stepToward(legal []rules.Action, here rules.Place, r int, rng *chance.Stream) (rules.Action, bool) {
	x, ok := n.bestMove(legal, r)
	if !ok || x.To == rules.RoomPlace(r) || n.from(x.To, r) < n.from(here, r) {
		return x, ok
	}
	moves := 0
	for _, y := range legal {
		if y.Kind == rules.ActMove && y.To != here {
			moves++
		}
	}
	if moves == 0 {
		return x, ok
	}
	k := rng.Intn(moves)
	for _, y := range legal {
		if y.Kind == rules.ActMove && y.To != here {
			if k == 0 {
				return y, true
			}
			k--
		}
	}
	return x, ok
}

// canEnter reports whether a legal move enters room r.
func canEnter(legal []rules.Action, r int) bool {
	for _, a := range legal {
		if a.Kind == rules.ActMove && a.To == rules.RoomPlace(r) {
			return true
		}
	}
	return false
}
