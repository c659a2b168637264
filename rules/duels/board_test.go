package duels_test

import (
	"testing"

	"github.com/clockworksim/clockwork/rules/duels"
)

// The rulebook's rules of the board: attack positions, movement, the creek and the leevers.

// TestMeleeReachesTheEightNeighbours: a sword card reaches exactly the 8 squares around.
func TestMeleeReachesTheEightNeighbours(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	sword := card(t, d, "link_41m")
	toActions(t, g)
	g.GiveHand(0, sword)
	g.Place(1, duels.Sq(6, 9)) // Navi out of the way
	g.Place(4, duels.Sq(0, 9))
	g.Place(5, duels.Sq(6, 8))
	g.Place(0, duels.Sq(3, 2))
	for dr := -2; dr <= 2; dr++ {
		for dc := -2; dc <= 2; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			sq := duels.Sq(3+dr, 2+dc)
			if d.Maps[0].Cell[sq] >= 0 {
				continue
			}
			g.Place(3, sq)
			want := dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
			if got := legal(g, attackAct(0, 3, sword)); got != want {
				t.Errorf("melee at offset (%d,%d): legal %v, want %v", dr, dc, got, want)
			}
		}
	}
}

// distance, not elsewhere, and is blocked by characters and by shot-blocking obstacles only.
func TestRangedLines(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "zelda", "darunia")
	bow := card(t, d, "zelda_31r")
	toActions(t, g)
	g.GiveHand(0, bow)
	g.Place(1, duels.Sq(0, 0)) // Impa
	g.Place(4, duels.Sq(6, 9))
	g.Place(5, duels.Sq(6, 8))
	g.Place(0, duels.Sq(3, 1))
	cases := []struct {
		name string
		at   duels.Square
		want bool
	}{
		{"row, far", duels.Sq(3, 9), true},
		{"column", duels.Sq(6, 1), true},
		{"diagonal down", duels.Sq(6, 4), true},
		{"diagonal up, behind nothing", duels.Sq(0, 4), true},
		{"knight's move", duels.Sq(5, 2), false},
		{"off line", duels.Sq(4, 5), false},
	}
	for _, c := range cases {
		g.Place(3, c.at)
		if got := legal(g, attackAct(0, 3, bow)); got != c.want {
			t.Errorf("%s (%s): legal %v, want %v", c.name, c.at, got, c.want)
		}
	}
	// A pillar at (1,2) blocks the column from (0,2) down; Zelda at (3,2) cannot shoot (0,2).
	g.Place(0, duels.Sq(3, 2))
	g.Place(3, duels.Sq(0, 2))
	if legal(g, attackAct(0, 3, bow)) {
		t.Error("a shot through the pillar at (1,2) was allowed")
	}
	// A character between blocks: Impa at (3,4) between Zelda (3,2) and Darunia (3,6).
	g.Place(3, duels.Sq(3, 6))
	g.Place(1, duels.Sq(3, 4))
	if legal(g, attackAct(0, 3, bow)) {
		t.Error("a shot through Impa was allowed")
	}
	g.Place(1, duels.Sq(0, 0))
	if !legal(g, attackAct(0, 3, bow)) {
		t.Error("the clear row shot was refused")
	}
	// Both icons: melee when adjacent (ranged false), ranged otherwise.
	if ok, ranged := g.CanHit(true, true, duels.Sq(3, 2), duels.Sq(2, 3)); !ok || ranged {
		t.Errorf("adjacent with both icons: ok %v ranged %v, want melee", ok, ranged)
	}
	if ok, ranged := g.CanHit(true, true, duels.Sq(3, 2), duels.Sq(3, 6)); !ok || !ranged {
		t.Errorf("distant with both icons: ok %v ranged %v, want ranged", ok, ranged)
	}
}

// TestBushesDoNotBlockShots: in the Lost Woods only the stump and log block shots.
func TestBushesDoNotBlockShots(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "lost_woods", true, "zelda", "darunia")
	// Row 3: bush at (3,2), stump at (3,8).
	if !g.ClearShot(duels.Sq(3, 0), duels.Sq(3, 4)) {
		t.Error("the bush at (3,2) blocked a shot")
	}
	if g.ClearShot(duels.Sq(3, 7), duels.Sq(3, 9)) {
		t.Error("the stump at (3,8) let a shot through")
	}
	// Column 6: creek at rows 0-2 does not block.
	if !g.ClearShot(duels.Sq(0, 7), duels.Sq(2, 5)) {
		t.Error("the creek blocked a diagonal shot")
	}
}

// moveTargets returns the squares character c may move to in the current movement phase.
func moveTargets(g *duels.Game, c int) map[duels.Square]bool {
	out := map[duels.Square]bool{}
	for _, a := range g.LegalActions(nil) {
		if a.Kind == duels.ActMove && int(a.Char) == c {
			out[a.Dest] = true
		}
	}
	return out
}

// cannot enter it.
func TestCreekOnlyForZoras(t *testing.T) {
	d := frozen(t)
	for _, team := range []string{"ruto", "link"} {
		g, _ := newGame(t, d, "lost_woods", true, team, "darunia")
		g.StartTurn(0, face(t, d, "2"))
		g.Place(0, duels.Sq(2, 5))
		reach := moveTargets(g, 0)
		creek := reach[duels.Sq(2, 6)] || reach[duels.Sq(1, 6)]
		if want := team == "ruto"; creek != want {
			t.Errorf("%s: enters the creek %v, want %v (reach %v)", team, creek, want, reach)
		}
		if want := team == "ruto"; reach[duels.Sq(2, 7)] != want {
			t.Errorf("%s: crosses the creek to (2,7) in 2 steps: %v, want %v", team, reach[duels.Sq(2, 7)], want)
		}
	}
}

// push through a leever costs the pushed character 2.
func TestLeeverCostsTwoToCross(t *testing.T) {
	d := frozen(t)
	g, rec := newGame(t, d, "leever_desert", true, "link", "darunia")
	g.StartTurn(0, face(t, d, "2"))
	g.Place(0, duels.Sq(1, 2)) // leever at (1,3)
	reach := moveTargets(g, 0)
	if reach[duels.Sq(1, 3)] {
		t.Fatal("a move may stop on the leever")
	}
	if !reach[duels.Sq(1, 4)] {
		t.Fatal("the leever cannot be crossed to (1,4)")
	}
	apply(t, g, mkAct(duels.ActMove, 0, -1, duels.Sq(1, 4), duels.NoCard))
	if g.HP(0) != 18-2 {
		t.Fatalf("Link has %d hp after crossing a leever, want 16", g.HP(0))
	}
	mv := rec.of(duels.EvMove)
	if last := mv[len(mv)-1]; last.Amount != 2 || last.NPath != 2 {
		t.Fatalf("move event damage %d path %d, want 2 and 2", last.Amount, last.NPath)
	}

	// Row 4 has a leever at (4,1): Darunia at (4,3) punches (push 2) Link at (4,2) west, over
	// the leever to (4,0).
	g2, _ := newGame(t, d, "leever_desert", true, "darunia", "link")
	toActions(t, g2)
	punch := card(t, d, "darunia_goron_punch")
	g2.GiveHand(0, punch)
	g2.GiveHand(1)
	g2.Place(0, duels.Sq(4, 3))
	g2.Place(2, duels.Sq(6, 6)) // the Goron that starts on (4,0)
	g2.Place(3, duels.Sq(4, 2))
	apply(t, g2, attackAct(0, 3, punch))
	if g2.At(3) != duels.Sq(4, 0) {
		t.Fatalf("Link pushed to %s, want 4,0 over the leever", g2.At(3))
	}
	if g2.HP(3) != 18-5-2 {
		t.Fatalf("Link has %d hp, want 18 - 5 (punch) - 2 (leever) = 11", g2.HP(3))
	}
}

// TestAllRollMovesEveryCharacter: a number moves one character, an "all" each of them.
func TestAllRollMovesEveryCharacter(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "darunia", "link")
	g.StartTurn(0, face(t, d, "3"))
	apply(t, g, mkAct(duels.ActMove, 1, -1, duels.Sq(1, 0), duels.NoCard))
	if g.Phase() != duels.PhaseAction {
		t.Fatal("a number roll let a second character move")
	}
	g.StartTurn(0, face(t, d, "3_all"))
	apply(t, g, mkAct(duels.ActMove, 1, -1, duels.Sq(0, 0), duels.NoCard))
	apply(t, g, mkAct(duels.ActMove, 0, -1, duels.Sq(3, 3), duels.NoCard))
	if g.Phase() != duels.PhaseMove || legal(g, mkAct(duels.ActMove, 0, -1, duels.Sq(3, 2), duels.NoCard)) {
		t.Fatal("after two of three moves: want the third to move, and no second move for Darunia")
	}
	apply(t, g, mkAct(duels.ActMove, 2, -1, duels.Sq(4, 2), duels.NoCard))
	if g.Phase() != duels.PhaseAction {
		t.Fatal("movement goes on after every character moved")
	}
	if legal(g, mkAct(duels.ActMove, 0, -1, duels.Sq(3, 4), duels.NoCard)) {
		t.Fatal("a move is offered in the action phase")
	}
}

// stops on neither.
func TestAlliesPassOpponentsBlock(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "darunia", "link")
	g.StartTurn(0, face(t, d, "2"))
	g.Place(0, duels.Sq(6, 0))
	g.Place(1, duels.Sq(6, 1)) // a Goron beside Darunia
	g.Place(3, duels.Sq(5, 0)) // Link above him
	reach := moveTargets(g, 0)
	if !reach[duels.Sq(6, 2)] || reach[duels.Sq(6, 1)] {
		t.Fatal("Darunia cannot pass his Goron to (6,2), or may stop on him")
	}
	if reach[duels.Sq(4, 0)] || reach[duels.Sq(5, 0)] {
		t.Fatal("Darunia passes or stops on Link")
	}
}
