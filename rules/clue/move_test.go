package clue

import "testing"

// atSquare puts seat s on square (r, c) after a roll of steps, in the move phase.
func atSquare(g *Game, s, r, c, steps int) {
	g.t.Seat, g.t.Mover[s], g.t.Phase, g.t.Steps = s, g.data.Board.Square(r, c), PhMove, steps
}

// "You may move any direction except diagonally": one step reaches the four orthogonal corridor
// squares (and stopping at once), never a diagonal one.
func TestOrthogonalMovesOnly(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	b := &g.data.Board
	atSquare(&g, 0, 7, 12, 1) // a corridor square with corridor on every side
	want := map[Place]bool{b.Square(7, 12): true, b.Square(6, 12): false, b.Square(8, 12): true,
		b.Square(7, 11): true, b.Square(7, 13): true}
	var buf [MaxActions]Action
	for _, a := range g.LegalActions(buf[:0]) {
		if a.Kind != ActMove {
			continue
		}
		if !want[a.To] {
			t.Errorf("one step reaches %v", a.Describe(g.data))
		}
		delete(want, a.To)
	}
	for p, ok := range want {
		if ok {
			t.Errorf("square %d not reached in one step", p)
		}
	}
}

// "You don't need an exact roll to enter a location; you may always finish your move early."
func TestNoExactRollToEnter(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	atSquare(&g, 0, 7, 11, 12) // next to Death Mountain's door (6,11): one step away
	if !legal(&g, Action{Kind: ActMove, To: RoomPlace(0)}) {
		t.Fatal("a roll of 12 cannot enter Death Mountain one step away")
	}
	if !legal(&g, Action{Kind: ActMove, To: g.t.Mover[0]}) {
		t.Fatal("the move cannot finish early (at once)")
	}
	mustApply(t, &g, Action{Kind: ActMove, To: RoomPlace(0)})
	if g.t.Phase != PhRumor || g.t.Mover[0] != RoomPlace(0) {
		t.Fatalf("phase %s after entering, want a rumor in Death Mountain", PhaseNames[g.t.Phase])
	}
	g.t.Mover[0] = g.data.Board.Square(7, 5) // 7 squares from Death Mountain's door
	g.t.Phase, g.t.Steps = PhMove, 2
	if legal(&g, Action{Kind: ActMove, To: RoomPlace(0)}) {
		t.Fatal("a roll of 2 enters a location far away")
	}
}

// The classic readings: a player in a location must leave it, and may not re-enter it on the
// same turn; with rules.movers_block, movers cannot be passed.
func TestLeavingARoom(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	g.t.Seat, g.t.Mover[0], g.t.Phase, g.t.Steps = 0, RoomPlace(0), PhMove, 12
	if legal(&g, Action{Kind: ActMove, To: RoomPlace(0)}) {
		t.Error("the player may stay in (or re-enter) the location he must leave")
	}
	if !legal(&g, Action{Kind: ActMove, To: RoomPlace(Castle)}) {
		t.Error("Hyrule Castle is not reached from Death Mountain with 12")
	}
	d := dataWith(t, func(s *Spec) { s.Rules.MustLeaveLocation, s.Rules.NoReenterSameTurn = false, false })
	g.data = d
	if !legal(&g, Action{Kind: ActMove, To: RoomPlace(0)}) {
		t.Error("with must_leave_location off the player cannot stay")
	}
}

func TestMoversBlock(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	b := &g.data.Board
	atSquare(&g, 0, 7, 12, 2)
	g.t.Mover[1] = b.Square(7, 13)
	if legal(&g, Action{Kind: ActMove, To: b.Square(7, 13)}) || legal(&g, Action{Kind: ActMove, To: b.Square(7, 14)}) {
		t.Error("a mover is stood on or passed")
	}
	if !legal(&g, Action{Kind: ActMove, To: b.Square(8, 13)}) {
		t.Error("the way round the mover is closed")
	}
}

// "Make your way to Hyrule Castle ... and once there say your accusation": only from the castle.
func TestAccuseOnlyFromCastle(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	g.t.Seat, g.t.Mover[0], g.t.Phase = 0, RoomPlace(1), PhEnd
	if n := countKind(&g, ActAccuse); n != 0 {
		t.Errorf("%d accusations from Kakariko Village", n)
	}
	g.t.Mover[0] = RoomPlace(Castle)
	if n := countKind(&g, ActAccuse); n != NumHeroes*NumItems*NumLocations {
		t.Errorf("%d accusations from Hyrule Castle, want 324", n)
	}
	g.t.Phase = PhStart
	if n := countKind(&g, ActAccuse); n != 324 {
		t.Errorf("%d accusations at the start of a turn in the castle, want 324", n)
	}
	mustApply(t, &g, Action{Kind: ActAccuse, A: uint8(g.envelope[0].Index()), B: uint8(g.envelope[1].Index()), C: uint8(g.envelope[2].Index())})
	if g.Winner() != 0 || g.EndReason() != EndAccused {
		t.Errorf("right accusation: winner %d, reason %v", g.Winner(), g.EndReason())
	}
}

// The castle's distance from each location, a property of the reconstructed board.
func TestStepsToRooms(t *testing.T) {
	d := frozenData(t)
	var dist [NumRooms]int
	d.Board.StepsToRooms(RoomPlace(Castle), &dist)
	for r, n := range dist {
		if r != Castle && (n < 3 || n > 14) {
			t.Errorf("room %s is %d squares from the castle", d.RoomID(r), n)
		}
	}
	if dist[Castle] != 0 {
		t.Errorf("the castle is %d from itself", dist[Castle])
	}
}
