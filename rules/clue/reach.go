package clue

import "math/bits"

// Reach is the result of one breadth-first search of the board from a mover: the squares it
// can walk to with its roll and the rooms it can enter.
type Reach struct {
	Seen  SquareSet        // the corridor squares within reach
	Dist  [MaxSquares]int8 // squares walked to each corridor square within reach (Seen; others hold stale values)
	Rooms uint16           // bit r: room r can be entered
	Enter [NumRooms]int8   // squares walked to enter room r (the door step included)
}

// SquareSet is a set of squares: bit p%64 of word p/64 is square p.
type SquareSet [MaxSquares / 64]uint64

// Has reports whether square p is in the set.
func (q *SquareSet) Has(p Place) bool { return q[p>>6]&(1<<(p&63)) != 0 }

// Add puts square p in the set.
func (q *SquareSet) Add(p Place) { q[p>>6] |= 1 << (p & 63) }

// see marks square p within reach, d squares away.
func (r *Reach) see(p Place, d int8) {
	r.Seen.Add(p)
	r.Dist[p] = d
}

// reach searches from seat s's mover with steps squares: orthogonal steps over corridor
// squares, not through other movers (rules.movers_block), stopping on a question mark
// (rules.must_stop_on_question_mark); a room is entered from a corridor square next to one of
// its doors, which takes one more step and ends the move; a player leaving a room steps first
// onto a corridor square next to one of its doors, and may not re-enter it
// (rules.no_reenter_same_turn). No exact roll is needed.
func (g *Game) reach(s, steps int, out *Reach) {
	b := &g.data.Board
	rl := &g.data.Rules
	out.Seen = SquareSet{}
	out.Rooms = 0
	for r := range out.Enter {
		out.Enter[r] = -1
	}
	var occupied SquareSet // the squares other movers block
	if rl.MoversBlock {
		for h, p := range g.t.Mover {
			if h != s && !p.IsRoom() && p != NoPlace {
				occupied.Add(p)
			}
		}
	}
	queue := &g.queue
	qn := 0
	from := g.t.Mover[s]
	if r := from.Room(); r >= 0 {
		if steps < 1 {
			return
		}
		for _, e := range b.Exits[r][:b.ExitN[r]] {
			if !occupied.Has(e) && !out.Seen.Has(e) {
				out.see(e, 1)
				queue[qn] = e
				qn++
			}
		}
	} else {
		out.see(from, 0)
		queue[qn] = from
		qn++
	}
	for i := 0; i < qn; i++ {
		p := queue[i]
		d := out.Dist[p]
		if int(d) >= steps {
			continue
		}
		for m := b.DoorRooms[p]; m != 0; m &= m - 1 {
			r := bits.TrailingZeros16(m)
			if out.Enter[r] < 0 || out.Enter[r] > d+1 {
				out.Enter[r] = d + 1
			}
			out.Rooms |= 1 << r
		}
		if rl.MustStopOnQuestionMark && d > 0 && b.Cell[p] == CellQuestion {
			continue
		}
		for _, q := range b.Walks[p][:b.WalkN[p]] {
			if !occupied.Has(q) && !out.Seen.Has(q) {
				out.see(q, d+1)
				queue[qn] = q
				qn++
			}
		}
	}
	if r := from.Room(); r >= 0 && rl.NoReenterSameTurn {
		out.Rooms &^= 1 << r
		out.Enter[r] = -1
	}
}

// walked returns the squares walked by seat s to reach to with this turn's steps (0 for
// standing still).
func (g *Game) walked(s int, to Place) int {
	if to == g.t.Mover[s] {
		return 0
	}
	r := &g.reached
	g.reach(s, g.t.Steps, r)
	if to.IsRoom() {
		return int(r.Enter[to.Room()])
	}
	return int(r.Dist[to])
}

// moves appends the seat's Move actions for this turn's roll: every corridor square and room
// within reach, and its own place (stopping at once) when it stands on a corridor square, when
// rules.must_leave_location is off, or when nothing else is in reach.
func (g *Game) moves(buf []Action) []Action {
	t := &g.t
	s := t.Seat
	r := &g.reached
	g.reach(s, t.Steps, r)
	start := len(buf)
	for i, w := range r.Seen {
		for ; w != 0; w &= w - 1 {
			if p := Place(i*64 + bits.TrailingZeros64(w)); r.Dist[p] > 0 {
				buf = append(buf, Action{Kind: ActMove, To: p})
			}
		}
	}
	for m := r.Rooms; m != 0; m &= m - 1 {
		buf = append(buf, Action{Kind: ActMove, To: RoomPlace(bits.TrailingZeros16(m))})
	}
	here := t.Mover[s]
	if !here.IsRoom() || !g.data.Rules.MustLeaveLocation || len(buf) == start {
		buf = append(buf, Action{Kind: ActMove, To: here})
	}
	return buf
}

// StepsToRooms fills dst with the fewest squares a mover at from (a corridor square or a room)
// walks to enter each room (doors, orthogonal steps, the door step included; other movers
// ignored; -1: none). From a room, its own entry is 0.
func (b *Board) StepsToRooms(from Place, dst *[NumRooms]int) {
	var dist [MaxSquares]int16
	for i := 0; i < b.Rows*b.Cols; i++ {
		dist[i] = -1
	}
	for r := range dst {
		dst[r] = -1
	}
	var queue [MaxSquares]Place
	qn := 0
	if r := from.Room(); r >= 0 {
		dst[r] = 0
		for _, e := range b.Exits[r][:b.ExitN[r]] {
			dist[e], queue[qn] = 1, e
			qn++
		}
	} else if from != NoPlace {
		dist[from], queue[qn] = 0, from
		qn++
	}
	for i := 0; i < qn; i++ {
		p := queue[i]
		d := dist[p]
		for m := b.DoorRooms[p]; m != 0; m &= m - 1 {
			if r := bits.TrailingZeros16(m); dst[r] < 0 {
				dst[r] = int(d) + 1
			}
		}
		for _, q := range b.Walks[p][:b.WalkN[p]] {
			if dist[q] < 0 {
				dist[q], queue[qn] = d+1, q
				qn++
			}
		}
	}
}
