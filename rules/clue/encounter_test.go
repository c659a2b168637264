package clue

import "testing"

// bossIndex returns the data index of the Boss with id.
func bossIndex(t *testing.T, d *Data, id string) int {
	t.Helper()
	for b := 0; b < d.BossN; b++ {
		if d.Bosses[b].ID == id {
			return b
		}
	}
	t.Fatalf("no Boss %q", id)
	return -1
}

// giveBoss takes Boss id out of the deck into seat s's keeping.
func giveBoss(t *testing.T, g *Game, s int, id string) int {
	t.Helper()
	b := bossIndex(t, g.data, id)
	setDeckTop(g, int8(b))
	g.t.DeckN--
	g.owner[b] = int8(s)
	g.t.Kept[s]++
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	return b
}

func boss(b int, target, room uint8) Action {
	return Action{Kind: ActBoss, A: uint8(b), B: target, C: room}
}

// newTurn starts a 4-player game at seat 0's turn, in the start phase, standing on a corridor square.
func newTurn(t *testing.T) *Game {
	t.Helper()
	g := new(Game)
	g.Reset(frozenData(t), 4, 1, 0)
	g.t.Seat, g.t.Phase, g.t.Pending = 0, PhStart, 0
	g.t.Mover[0] = g.data.Board.Square(7, 12)
	return g
}

func TestBossPowers(t *testing.T) {
	t.Run("extra_turn", func(t *testing.T) {
		g := newTurn(t)
		b := giveBoss(t, g, 0, "barinade")
		mustApply(t, g, boss(b, None, None))
		g.t.Phase = PhEnd
		turn := g.Turn()
		mustApply(t, g, Action{Kind: ActEndTurn})
		if g.t.Seat != 0 || g.Turn() != turn+1 || !g.t.Used[b] || g.t.UsedBy[b] != 0 || g.t.Kept[0] != 0 {
			t.Errorf("after an extra turn: seat %d, turn %d (was %d)", g.t.Seat, g.Turn(), turn)
		}
	})
	t.Run("see_card", func(t *testing.T) {
		g := newTurn(t)
		b := giveBoss(t, g, 0, "queen_gohma")
		mustApply(t, g, boss(b, 2, None))
		o := lastObs(g, 0, 1)[0]
		if o.Kind != ObsBoss || o.Card == NoCard || !g.Holds(2, o.Card) {
			t.Errorf("seat 0 saw %+v, want one card of seat 2", o)
		}
		if p := lastObs(g, 1, 1)[0]; p.Card != NoCard || p.Asker != 2 {
			t.Errorf("seat 1 saw %+v, want the power on seat 2 without the card", p)
		}
	})
	t.Run("move_mover", func(t *testing.T) {
		g := newTurn(t)
		b := giveBoss(t, g, 0, "king_dodongo")
		mustApply(t, g, boss(b, 3, 7))
		if g.t.Mover[3] != RoomPlace(7) || !g.t.MovedIn[3] {
			t.Errorf("seat 3's mover at %d, moved in %v", g.t.Mover[3], g.t.MovedIn[3])
		}
		if legal(g, boss(b, 0, 1)) {
			t.Error("a used card is still playable")
		}
	})
	t.Run("move_to_any_location", func(t *testing.T) {
		g := newTurn(t)
		b := giveBoss(t, g, 0, "phantom_ganon")
		mustApply(t, g, boss(b, None, 8))
		if g.t.Mover[0] != RoomPlace(8) || g.t.Phase != PhRumor || g.t.Rumor.Via != ViaBoss {
			t.Fatalf("at %d, phase %s", g.t.Mover[0], PhaseNames[g.t.Phase])
		}
		mustApply(t, g, Action{Kind: ActRumor, A: 1, B: 1})
		if g.t.Rumor.Loc != 8 {
			t.Errorf("rumor in %d, want Gerudo Fortress", g.t.Rumor.Loc)
		}
	})
	t.Run("move_to_castle", func(t *testing.T) {
		g := newTurn(t)
		b := giveBoss(t, g, 0, "gohdan")
		mustApply(t, g, boss(b, None, Castle))
		if g.t.Mover[0] != RoomPlace(Castle) || countKind(g, ActAccuse) != 324 {
			t.Errorf("at %d with %d accusations", g.t.Mover[0], countKind(g, ActAccuse))
		}
	})
	t.Run("reroll and extra_steps", func(t *testing.T) {
		g := newTurn(t)
		r := giveBoss(t, g, 0, "morpha")
		x := giveBoss(t, g, 0, "volvagia")
		if legal(g, boss(r, None, None)) || legal(g, boss(x, None, None)) {
			t.Error("reroll or extra_steps playable before the roll")
		}
		mustApply(t, g, Action{Kind: ActRoll})
		for g.t.Phase == PhDraw {
			mustApply(t, g, Action{Kind: ActNoDraw})
		}
		mustApply(t, g, boss(r, None, None))
		for g.t.Phase == PhDraw {
			mustApply(t, g, Action{Kind: ActNoDraw})
		}
		steps := g.t.Steps
		mustApply(t, g, boss(x, None, None))
		if g.t.Steps != steps+4 || g.t.Phase != PhMove {
			t.Errorf("steps %d after Volvagia, want %d", g.t.Steps, steps+4)
		}
	})
	t.Run("ask_again", func(t *testing.T) {
		g := newTurn(t)
		b := giveBoss(t, g, 0, "twinrova")
		enterRumor(g, 0, 2)
		if legal(g, boss(b, None, None)) {
			t.Error("ask_again before a rumor")
		}
		mustApply(t, g, Action{Kind: ActRumor, A: 0, B: 0})
		for g.t.Phase == PhAnswer {
			var buf [MaxActions]Action
			mustApply(t, g, g.LegalActions(buf[:0])[0])
		}
		mustApply(t, g, boss(b, None, None))
		mustApply(t, g, Action{Kind: ActRumor, A: 1, B: 1})
		if g.t.Rumor.Via != ViaBoss || g.t.Rumor.Loc != 2 || g.t.Rumor.Hero != 1 {
			t.Errorf("second rumor %+v", g.t.Rumor)
		}
	})
	t.Run("immediate", func(t *testing.T) {
		g := newTurn(t)
		b := bossIndex(t, g.data, "armogohma")
		setDeckTop(g, int8(b))
		g.offerDraws(1, PhStart)
		mustApply(t, g, Action{Kind: ActDraw})
		if g.t.Phase != PhImmediate || g.ToMove() != 0 {
			t.Fatalf("phase %s after drawing an immediate Boss", PhaseNames[g.t.Phase])
		}
		if n := countKind(g, ActRoll); n != 0 {
			t.Error("the player may roll before playing an immediate Boss")
		}
		mustApply(t, g, boss(b, None, None))
		if g.t.Extra[0] != 1 || g.t.Phase != PhStart {
			t.Errorf("extra %d, phase %s", g.t.Extra[0], PhaseNames[g.t.Phase])
		}
	})
}

// "If you land on a Question Mark, roll a Question Mark, or are moved into a location to be
// questioned, you may draw a Boss Encounter Card."
func TestEncounterTriggers(t *testing.T) {
	g := newTurn(t)
	atSquare(g, 0, 8, 10, 2) // (8,8) is a question mark two squares away
	mustApply(t, g, Action{Kind: ActMove, To: g.data.Board.Square(8, 8)})
	if g.t.Phase != PhDraw {
		t.Errorf("phase %s after landing on a question mark", PhaseNames[g.t.Phase])
	}
	g = newTurn(t)
	question := false
	for k := 0; k < 200 && !question; k++ {
		g.t.Phase = PhStart
		mustApply(t, g, Action{Kind: ActRoll})
		question = g.t.Dice[0] == 0 || g.t.Dice[1] == 0
	}
	if !question || g.t.Phase != PhDraw {
		t.Errorf("a roll of %v: phase %s, want a draw offered", g.t.Dice, PhaseNames[g.t.Phase])
	}
	g = newTurn(t)
	enterRumor(g, 0, 3)
	mustApply(t, g, Action{Kind: ActRumor, A: 1, B: 0}) // moves Darunia (seat 1)
	mustEnd(t, g)
	if g.t.Seat != 1 || g.t.Phase != PhDraw {
		t.Errorf("seat %d in phase %s; want seat 1 offered a draw for being moved", g.t.Seat, PhaseNames[g.t.Phase])
	}
	var two Game
	two.Reset(frozenData(t), 2, 1, 0)
	if two.t.Encount || two.t.DeckN != 0 {
		t.Error("2 players use the Boss Encounter deck")
	}
}

// A personality rumor naming the player's own hero carries his own mover into the location
// named, from anywhere (here from Hyrule Castle): a free jump. Standing in the rumor's location,
// he may ask again there with a kept ask_again Boss. He was not moved by another, so at his next
// turn he may not stay and ask there, is offered no draw for it, and must leave.
func TestPersonalityOwnHeroJumps(t *testing.T) {
	g := newTurn(t)
	g.t.Mover[0] = RoomPlace(Castle)
	again := giveBoss(t, g, 0, "twinrova")
	mustApply(t, g, Action{Kind: ActPersonality, A: 0, B: 2, C: 6}) // Link, Megaton Hammer, Gerudo Valley
	if g.t.Mover[0] != RoomPlace(6) {
		t.Fatalf("Link's mover (seat 0's) at %d, want carried into Gerudo Valley", g.t.Mover[0])
	}
	if g.t.MovedIn[0] || g.t.MoveDraw[0] {
		t.Error("the asker's own jump counts as being moved by another")
	}
	for g.t.Phase == PhAnswer {
		var buf [MaxActions]Action
		mustApply(t, g, g.LegalActions(buf[:0])[0])
	}
	if countKind(g, ActAccuse) != 0 {
		t.Error("an accusation after jumping out of the castle")
	}
	if !legal(g, boss(again, None, None)) {
		t.Error("no ask_again in the location he jumped into")
	}
	mustApply(t, g, Action{Kind: ActEndTurn})
	for g.t.Seat != 0 {
		g.t.Phase = PhEnd
		g.endTurn()
	}
	if g.t.Phase != PhStart || legal(g, Action{Kind: ActStay}) {
		t.Fatalf("phase %s, stay legal %v; want a start where he may not stay", PhaseNames[g.t.Phase], legal(g, Action{Kind: ActStay}))
	}
	mustApply(t, g, Action{Kind: ActRoll})
	if g.t.Phase == PhDraw {
		mustApply(t, g, Action{Kind: ActNoDraw})
	}
	if legal(g, Action{Kind: ActMove, To: RoomPlace(6)}) {
		t.Error("he may stay in the location he jumped into")
	}
}

// The personality card: once a game, a rumor about a location the player is not in; the hero
// is moved there, the item stays (rules.personality_moves_item).
func TestPersonality(t *testing.T) {
	g := newTurn(t)
	item := g.t.ItemAt[2]
	mustApply(t, g, Action{Kind: ActPersonality, A: 3, B: 2, C: 6})
	if g.t.Mover[3] != RoomPlace(6) || g.t.ItemAt[2] != item || g.t.Rumor.Via != ViaPersonality {
		t.Errorf("Rauru at %d, hammer at %d (was %d)", g.t.Mover[3], g.t.ItemAt[2], item)
	}
	for g.t.Phase == PhAnswer {
		var buf [MaxActions]Action
		mustApply(t, g, g.LegalActions(buf[:0])[0])
	}
	if countKind(g, ActPersonality) != 0 || countKind(g, ActRoll) != 0 {
		t.Error("after the personality rumor the player may use it again or roll")
	}
	g.t.Mover[0] = RoomPlace(4)
	g.t.Personal[0], g.t.Phase, g.t.Rumored = false, PhStart, false
	if legal(g, Action{Kind: ActPersonality, A: 0, B: 0, C: 4}) {
		t.Error("a personality rumor about the location he is in")
	}
}
