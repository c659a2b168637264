package duels_test

import (
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/duels"
)

// The rulebook's examples and rules, each on a position set up on the frozen data.

// recorder keeps the events of a game.
type recorder struct{ evs []duels.Event }

func (r *recorder) Event(_ *duels.Game, e *duels.Event) { r.evs = append(r.evs, *e) }

// of returns the events of type t.
func (r *recorder) of(t duels.EventType) []duels.Event {
	var out []duels.Event
	for _, e := range r.evs {
		if e.Type == t {
			out = append(out, e)
		}
	}
	return out
}

// newGame resets a two-or-more player game of teams on mapID, with seat 0 to play first when
// first0 is set (the game index is searched for it).
func newGame(t *testing.T, d *duels.Data, mapID string, first0 bool, teams ...string) (*duels.Game, *recorder) {
	t.Helper()
	s := setup(t, d, mapID, teams...)
	g, rec := &duels.Game{}, &recorder{}
	g.SetSink(rec)
	for idx := uint64(0); ; idx++ {
		rec.evs = rec.evs[:0]
		g.Reset(d, s, 1, idx)
		if !first0 || g.First() == 0 {
			return g, rec
		}
	}
}

// card returns the id of card s.
func card(t *testing.T, d *duels.Data, s string) duels.CardID {
	t.Helper()
	id, ok := d.CardByID(s)
	if !ok {
		t.Fatalf("no card %s", s)
	}
	return id
}

// face returns the index of die face s.
func face(t *testing.T, d *duels.Data, s string) int {
	t.Helper()
	for i, f := range d.Faces {
		if f.Name == s {
			return i
		}
	}
	t.Fatalf("no face %s", s)
	return -1
}

// apply applies a through the checked path and checks the invariants.
func apply(t *testing.T, g *duels.Game, a duels.Action) {
	t.Helper()
	if err := g.ApplyChecked(a); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(); err != nil {
		t.Fatalf("after %s: %v", g.Describe(a), err)
	}
}

func mkAct(k duels.ActionKind, char, target int, dest duels.Square, c duels.CardID) duels.Action {
	return duels.Action{Kind: k, Char: int8(char), Target: int8(target), Dest: dest, Card: c}
}

func attackAct(char, target int, c duels.CardID) duels.Action {
	return mkAct(duels.ActAttack, char, target, duels.NoSquare, c)
}

func specialAct(char, target int, c duels.CardID) duels.Action {
	return mkAct(duels.ActSpecial, char, target, duels.NoSquare, c)
}

func simple(k duels.ActionKind) duels.Action { return mkAct(k, -1, -1, duels.NoSquare, duels.NoCard) }

func defendAct(c duels.CardID) duels.Action { return mkAct(duels.ActDefend, -1, -1, duels.NoSquare, c) }

// legal reports whether a is among the legal actions.
func legal(g *duels.Game, a duels.Action) bool {
	for _, b := range g.LegalActions(nil) {
		if b == a {
			return true
		}
	}
	return false
}

// toActions ends the movement if the turn is in it.
func toActions(t *testing.T, g *duels.Game) {
	t.Helper()
	if g.Phase() == duels.PhaseMove {
		apply(t, g, simple(duels.ActEndMove))
	}
}

// TestHiddenIdentityLastsThreeOwnTurnStarts is the seed's Clock example: Hidden Identity played
// on turn 1 doubles Zelda's values, stays through turns 2 and 3, and is discarded at the start of
// turn 4 (counting Zelda's player's turns).
func TestHiddenIdentityLastsThreeOwnTurnStarts(t *testing.T) {
	d := frozen(t)
	g, rec := newGame(t, d, "triforce_chamber", true, "zelda", "link")
	hi, arrow := card(t, d, "zelda_hidden_identity"), card(t, d, "zelda_31r")
	toActions(t, g)
	g.GiveHand(0, hi, arrow)
	g.GiveHand(1)
	g.Place(0, duels.Sq(3, 0))
	g.Place(3, duels.Sq(3, 3))
	apply(t, g, specialAct(0, -1, hi))
	if g.NumInPlay(0) != 1 {
		t.Fatalf("Hidden Identity not in play")
	}
	apply(t, g, attackAct(0, 3, arrow))
	if got := g.HP(3); got != 18-6 {
		t.Fatalf("Link has %d hp after a doubled 3 with no defence, want 12", got)
	}
	wantLeft := map[int]int{2: 2, 3: 1}
	for g.OwnTurns(0) < 4 {
		if g.Seat() == 0 && g.OwnTurns(0) > 1 {
			if g.NumInPlay(0) != 1 {
				t.Fatalf("own turn %d: Hidden Identity is no longer in play", g.OwnTurns(0))
			}
			if _, _, left := g.InPlay(0, 0); left != wantLeft[g.OwnTurns(0)] {
				t.Fatalf("own turn %d: %d turn starts left, want %d", g.OwnTurns(0), left, wantLeft[g.OwnTurns(0)])
			}
		}
		toActions(t, g)
		apply(t, g, simple(duels.ActEndTurn))
	}
	if g.NumInPlay(0) != 0 {
		t.Fatal("Hidden Identity still in play at the start of turn 4")
	}
	pile := g.DiscardPile(0)
	if len(pile) == 0 || pile[len(pile)-1] != hi {
		t.Fatalf("Hidden Identity is not on top of the discard pile: %v", pile)
	}
	ends := 0
	for _, e := range rec.of(duels.EvDiscard) {
		if e.Card == hi && e.Reason == "clock_ended" {
			ends++
		}
	}
	if ends != 1 {
		t.Fatalf("%d clock_ended discards of Hidden Identity, want 1", ends)
	}
}

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

// TestRangedLines: a bow card reaches along rows, columns and 45-degree diagonals at any
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

// TestCreekOnlyForZoras: Ruto and the Zora Wizards move through and stop in the creek; others
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

// TestLeeverCostsTwoToCross: crossing a leever costs 2 hit points, and no one stops on it; a
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

// TestHealActionNeedsEveryPartnerEliminated: the heal action exists only for a character whose
// partners are all eliminated, discarding a card of an eliminated partner, for 1 hit point.
func TestHealActionNeedsEveryPartnerEliminated(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	toActions(t, g)
	naviCard, linkCard := card(t, d, "navi_11r"), card(t, d, "link_41m")
	g.GiveHand(0, naviCard, linkCard)
	g.SetHP(0, 10)
	heal := mkAct(duels.ActHeal, 0, -1, duels.NoSquare, naviCard)
	if legal(g, heal) {
		t.Fatal("heal offered while Navi is in play")
	}
	g.Eliminate(1)
	if !legal(g, heal) {
		t.Fatal("heal with Navi's card not offered once Navi is eliminated")
	}
	if legal(g, mkAct(duels.ActHeal, 0, -1, duels.NoSquare, linkCard)) {
		t.Fatal("heal offered with Link's own card")
	}
	apply(t, g, heal)
	if g.HP(0) != 11 {
		t.Fatalf("Link has %d hp after healing, want 11", g.HP(0))
	}
	if g.Stats().HealActions[0] != 1 {
		t.Fatal("heal action not counted")
	}
	if p := g.DiscardPile(0); p[len(p)-1] != naviCard {
		t.Fatal("Navi's card not discarded")
	}
}

// TestHandLimitDiscardsBeforeDrawing: with 10 cards, drawing means discarding one first.
func TestHandLimitDiscardsBeforeDrawing(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	toActions(t, g)
	var ten []duels.CardID
	for _, c := range d.Teams[g.Team(0)].Deck[:10] {
		ten = append(ten, c)
	}
	g.GiveHand(0, ten...)
	if legal(g, simple(duels.ActDraw)) {
		t.Fatal("a plain draw is offered at the hand limit")
	}
	dis := mkAct(duels.ActDiscard, -1, -1, duels.NoSquare, ten[0])
	if !legal(g, dis) {
		t.Fatal("discard-then-draw not offered at the hand limit")
	}
	before := len(g.DiscardPile(0))
	apply(t, g, dis)
	if len(g.Hand(0)) != 10 || len(g.DiscardPile(0)) != before+1 {
		t.Fatalf("hand %d discards %d, want 10 and %d", len(g.Hand(0)), len(g.DiscardPile(0)), before+1)
	}
	if g.Stats().HandLimitDiscards[0] != 1 {
		t.Fatal("hand-limit discard not counted")
	}
}

// TestCombat covers an optional defence, damage as the positive difference, and the attacker's
// power effect resolving before the defender's.
func TestCombat(t *testing.T) {
	d := frozen(t)
	g, rec := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	toActions(t, g)
	sword, spin := card(t, d, "link_41m"), card(t, d, "link_spin_attack")
	stone, small := card(t, d, "darunia_stone_skin"), card(t, d, "darunia_12m")
	g.GiveHand(0, sword, spin)
	g.GiveHand(1, stone, small)
	g.Place(0, duels.Sq(3, 3))
	g.Place(3, duels.Sq(3, 4))

	apply(t, g, attackAct(0, 3, sword))
	if g.Phase() != duels.PhaseDefend || g.ToMove() != 1 {
		t.Fatalf("phase %s, to move %d: want the defender to choose", g.Phase(), g.ToMove())
	}
	if !legal(g, defendAct(duels.NoCard)) || !legal(g, defendAct(small)) {
		t.Fatal("defending with nothing, or with a basic card, is not offered")
	}
	apply(t, g, defendAct(small)) // 4 against 2
	if g.HP(3) != 19-2 {
		t.Fatalf("Darunia has %d hp, want 17 (4 - 2)", g.HP(3))
	}

	apply(t, g, attackAct(0, 3, spin)) // 3 against Stone Skin 5: no damage; then effects
	apply(t, g, defendAct(stone))
	if g.HP(3) != 17-1 { // the spin's damage_all_adjacent 1, none from the comparison
		t.Fatalf("Darunia has %d hp, want 16 (blocked, then spin 1)", g.HP(3))
	}
	if g.HP(0) != 18-1 {
		t.Fatalf("Link has %d hp, want 17 (Stone Skin's 1)", g.HP(0))
	}
	fx := rec.of(duels.EvEffect)
	if len(fx) < 2 || fx[len(fx)-2].Card != spin || fx[len(fx)-1].Card != stone {
		t.Fatal("the attacker's effect did not resolve before the defender's")
	}
	at := rec.of(duels.EvAttack)
	if last := at[len(at)-1]; last.Amount != 0 || last.Value != 3 || last.Value2 != 5 {
		t.Fatalf("attack event %+v: want 3 against 5, no damage", last)
	}
}

// TestEmptyDrawPileReshuffles: drawing from an empty draw pile reshuffles the discards.
func TestEmptyDrawPileReshuffles(t *testing.T) {
	d := frozen(t)
	g, rec := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	toActions(t, g)
	g.GiveHand(0)
	g.DiscardDrawPile(0)
	apply(t, g, simple(duels.ActDraw))
	if len(g.Hand(0)) != 1 || len(g.DrawPile(0)) != 30 || len(g.DiscardPile(0)) != 0 {
		t.Fatalf("hand %d draw %d discard %d, want 1, 30, 0", len(g.Hand(0)), len(g.DrawPile(0)), len(g.DiscardPile(0)))
	}
	if len(rec.of(duels.EvReshuffle)) != 1 || g.Stats().Reshuffles[0] != 1 {
		t.Fatal("no reshuffle event or count")
	}
}

// TestContainerHeart: a heart heals every own character 2, 4 on a fairy square, never above its
// printed hit points.
func TestContainerHeart(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "fairy_fountain", true, "link", "darunia")
	g.SetHP(0, 10)
	g.SetHP(1, 7)
	g.SetHP(3, 10)
	g.Place(0, duels.Sq(3, 4)) // a fairy square
	g.StartTurn(0, face(t, d, "heart"))
	if g.HP(0) != 14 || g.HP(1) != 8 || g.HP(3) != 10 {
		t.Fatalf("hp %d %d %d, want 14 (fairy), 8 (capped), 10 (opponent)", g.HP(0), g.HP(1), g.HP(3))
	}
	if g.Phase() != duels.PhaseAction {
		t.Fatal("a heart roll leaves movement to do")
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

// TestAlliesPassOpponentsBlock: a character walks through an ally but not an opponent, and
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

// TestFirstPlayerRoll replays the dice stream: the highest roll plays first, a heart beats every
// number, an "all" beats the same number; the tied highest roll again.
func TestFirstPlayerRoll(t *testing.T) {
	d := frozen(t)
	rank := func(n string) int { return d.Faces[face(t, d, n)].Rank() }
	if !(rank("heart") > rank("4_all") && rank("4_all") > rank("4") && rank("4") > rank("3_all") &&
		rank("3_all") > rank("3") && rank("3") > rank("2")) {
		t.Fatal("face ranks out of the rulebook's order")
	}
	for _, players := range []int{2, 3, 4} {
		teams := []string{"link", "zelda", "ganon", "ruto"}[:players]
		s := setup(t, d, "triforce_chamber", teams...)
		var g duels.Game
		for idx := uint64(0); idx < 200; idx++ {
			g.Reset(d, s, 9, idx)
			if want := replayFirst(d, players, 9, idx); g.First() != want {
				t.Fatalf("%d players, game %d: first %d, the rolls say %d", players, idx, g.First(), want)
			}
		}
	}
}

// replayFirst rolls the first-player rolls again from the dice stream.
func replayFirst(d *duels.Data, players int, seed, idx uint64) int {
	var dice chanceStream
	dice.Seed(episodeSeed(seed, idx), duels.StreamDice)
	in := []int{}
	for s := 0; s < players; s++ {
		in = append(in, s)
	}
	for {
		best, who := -1, []int{}
		for _, s := range in {
			r := d.Faces[dice.Intn(len(d.Faces))].Rank()
			switch {
			case r > best:
				best, who = r, []int{s}
			case r == best:
				who = append(who, s)
			}
		}
		if len(who) == 1 {
			return who[0]
		}
		in = who
	}
}

// TestTriforceOncePerGameUnlimitedInTheChamber: the Master Sword's Triforce (hp at most 6: heal
// 4) triggers once per game, on every play in the Triforce Chamber.
func TestTriforceOncePerGameUnlimitedInTheChamber(t *testing.T) {
	d := frozen(t)
	for _, c := range []struct {
		mapID string
		want  int
	}{{"lost_woods", 1}, {"triforce_chamber", 2}} {
		d2 := frozen(t, "teams.link.cards.link_master_sword.count=2", "teams.link.cards.link_41m.count=1")
		g, _ := newGame(t, d2, c.mapID, true, "link", "darunia")
		toActions(t, g)
		ms := card(t, d2, "link_master_sword")
		g.GiveHand(0, ms, ms)
		g.GiveHand(1)
		g.Place(0, duels.Sq(6, 2))
		g.Place(3, duels.Sq(6, 3))
		g.SetHP(0, 5)
		apply(t, g, attackAct(0, 3, ms))
		g.SetHP(0, 5)
		apply(t, g, attackAct(0, 3, ms))
		if got := int(g.Stats().TriforceTriggered[0]); got != c.want {
			t.Errorf("%s: Triforce triggered %d times, want %d", c.mapID, got, c.want)
		}
	}
	_ = d
}

// TestTurnCapEndsWithNoWinner: the turn cap ends the game with no winner.
func TestTurnCapEndsWithNoWinner(t *testing.T) {
	d := frozen(t, "rules.turn_cap=5")
	g, rec := newGame(t, d, "triforce_chamber", false, "link", "darunia")
	for !g.IsTerminal() {
		toActions(t, g)
		apply(t, g, simple(duels.ActEndTurn))
	}
	if g.Winner() != -1 || g.Turn() != 5 || len(rec.of(duels.EvGameEnd)) != 1 {
		t.Fatalf("winner %d after %d turns, want none after 5", g.Winner(), g.Turn())
	}
}

// TestEliminationWinsTheGame: eliminating the last opponent character wins, and the order of
// eliminations is counted.
func TestEliminationWinsTheGame(t *testing.T) {
	d := frozen(t)
	g, rec := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	toActions(t, g)
	sword := card(t, d, "link_41m")
	g.GiveHand(0, sword)
	g.GiveHand(1)
	g.Eliminate(4)
	g.Eliminate(5)
	g.Place(0, duels.Sq(3, 3))
	g.Place(3, duels.Sq(3, 4))
	g.SetHP(3, 3)
	apply(t, g, attackAct(0, 3, sword))
	if !g.IsTerminal() || g.Winner() != 0 {
		t.Fatalf("terminal %v winner %d, want seat 0 to win", g.IsTerminal(), g.Winner())
	}
	if order := g.Stats().EliminationOrder(); len(order) != 3 || order[2] != 3 {
		t.Fatalf("elimination order %v", order)
	}
	if e := rec.of(duels.EvEliminated); e[len(e)-1].Target != 0 {
		t.Fatal("the elimination does not name Link")
	}
}

// TestApplyCheckedRefusesIllegal names the refused action.
func TestApplyCheckedRefusesIllegal(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	toActions(t, g)
	g.GiveHand(0)
	err := g.ApplyChecked(attackAct(0, 3, card(t, d, "link_41m")))
	if err == nil || !strings.Contains(err.Error(), "attack link>darunia") {
		t.Fatalf("error %v, want one naming the attack", err)
	}
}

// TestViewHidesOpponentHands: a seat sees its own hand and only the size of the others'.
func TestViewHidesOpponentHands(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "triforce_chamber", true, "link", "darunia")
	v := g.View(0)
	if v.HandN != len(g.Hand(0)) || v.HandSizes[1] != len(g.Hand(1)) || v.ShownN[1] != -1 {
		t.Fatalf("view: own %d, opponent size %d, shown %d", v.HandN, v.HandSizes[1], v.ShownN[1])
	}
	for i := 0; i < v.HandN; i++ {
		if v.Hand[i] != g.Hand(0)[i] {
			t.Fatal("own hand differs in the view")
		}
	}
}

// TestCloneReplaysTheSameGame: a clone continued with the same actions stays equal.
func TestCloneReplaysTheSameGame(t *testing.T) {
	d := frozen(t)
	g, _ := newGame(t, d, "lost_woods", false, "ruto", "ganon", "skull_kid")
	var c duels.Game
	g.Clone(&c)
	var r1, r2 chanceStream
	r1.Seed(5, 0)
	r2.Seed(5, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	g.SetSink(nil)
	if _, err := playRandom(g, &r1, buf, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := playRandom(&c, &r2, buf, nil); err != nil {
		t.Fatal(err)
	}
	if g.Turn() != c.Turn() || g.Winner() != c.Winner() || *g.Stats() != *c.Stats() {
		t.Fatal("the clone played a different game")
	}
}
