package duels_test

import (
	"slices"
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

// TestRangedLines: a bow card reaches along rows, columns and 45-degree diagonals at any
// TestCreekOnlyForZoras: Ruto and the Zora Wizards move through and stop in the creek; others
// TestLeeverCostsTwoToCross: crossing a leever costs 2 hit points, and no one stops on it; a
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

// TestAlliesPassOpponentsBlock: a character walks through an ally but not an opponent, and
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

// TestSetupValidate refuses line-ups the data cannot play.
func TestSetupValidate(t *testing.T) {
	d := frozen(t)
	cases := []struct {
		s    duels.Setup
		okay bool
	}{
		{duels.Setup{Players: 2}, true},
		{duels.Setup{Players: 4, Map: 3}, true},
		{duels.Setup{Players: 1}, false},
		{duels.Setup{Players: 5}, false},
		{duels.Setup{Players: 2, Map: 4}, false},
		{duels.Setup{Players: 2, Teams: [duels.MaxPlayers]duels.TeamID{0, 10}}, false},
	}
	for _, c := range cases {
		if err := c.s.Validate(d); (err == nil) != c.okay {
			t.Errorf("%+v: error %v, want ok %v", c.s, err, c.okay)
		}
	}
}

// TestDataValidate accepts the frozen data and refuses data the fixed-size state cannot hold.
func TestDataValidate(t *testing.T) {
	d := frozen(t)
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := *d
	bad.Rules.HandLimit = duels.MaxHand + 1
	if bad.Validate() == nil {
		t.Error("a hand limit over MaxHand was accepted")
	}
	bad = *d
	bad.Teams = append([]duels.Team(nil), d.Teams...)
	bad.Teams[0].Chars = bad.Teams[0].Chars[:1]
	if bad.Validate() == nil {
		t.Error("a team of one character was accepted")
	}
	bad = *d
	bad.Maps = append([]duels.Map(nil), d.Maps...)
	bad.Maps[0].Starts[2][0][0] = duels.Sq(1, 2) // a pillar of the Triforce Chamber
	if bad.Validate() == nil {
		t.Error("a start square on a pillar was accepted")
	}
}

// TestFirstTurnWithNoAction: with rules.first_turn_actions 0 the first player rolls and moves on
// his first turn but takes no action (no card, draw or heal); the turn passes, and every later
// turn has rules.actions_per_turn.
func TestFirstTurnWithNoAction(t *testing.T) {
	d := frozen(t, "rules.first_turn_actions=0")
	s := setup(t, d, "triforce_chamber", "link", "darunia")
	rec := &recorder{}
	var g duels.Game
	g.SetSink(rec)
	var r chanceStream
	r.Seed(17, 0)
	hearts := 0 // first turns that rolled a Container Heart: no movement, so no decision at all
	for idx := uint64(0); idx < 40; idx++ {
		rec.evs = rec.evs[:0]
		g.Reset(d, s, 3, idx)
		if g.Turn() == 2 {
			hearts++
		}
		for g.Turn() == 1 && !g.IsTerminal() {
			buf := g.LegalActions(nil)
			apply(t, &g, buf[r.Intn(len(buf))])
		}
		if g.Turn() != 2 || g.Seat() == g.First() {
			t.Fatalf("game %d: turn %d, seat %d in turn after the first turn of seat %d", idx, g.Turn(), g.Seat(), g.First())
		}
		for _, e := range rec.evs {
			if e.Type == duels.EvAction {
				t.Fatalf("game %d: the first turn took an action (%s)", idx, e.Reason)
			}
		}
		if g.ActionsLeft() != d.Rules.Actions {
			t.Fatalf("game %d: the second turn has %d actions, want %d", idx, g.ActionsLeft(), d.Rules.Actions)
		}
	}
	if hearts == 0 {
		t.Fatal("no first turn rolled a Container Heart: the heart's way into the actions is untested")
	}
}

// TestTriforceBelongsToThePlayer: in a mirror match each player has his own "once per game" and
// his own earlier cards. Both Links trigger the Master Sword's ability (hp at most 6); the second
// Zelda's Light Arrow does not count the first Zelda's Hidden Identity (after_card).
func TestTriforceBelongsToThePlayer(t *testing.T) {
	d := frozen(t)
	ms := card(t, d, "link_master_sword")
	g := duel(t, d, "lost_woods", "link", "link", duels.Sq(3, 3), duels.Sq(3, 4), []duels.CardID{ms}, nil)
	g.SetHP(0, 5)
	apply(t, g, attackAct(0, 3, ms))
	apply(t, g, simple(duels.ActEndTurn))
	toActions(t, g)
	g.GiveHand(1, ms)
	g.GiveHand(0)
	g.SetHP(3, 5)
	apply(t, g, attackAct(3, 0, ms))
	if tr := g.Stats().TriforceTriggered; tr[0] != 1 || tr[1] != 1 {
		t.Fatalf("Master Sword triggered %d and %d times, want once for each Link", tr[0], tr[1])
	}

	hi, arrow := card(t, d, "zelda_hidden_identity"), card(t, d, "zelda_light_arrow")
	g = duel(t, d, "lost_woods", "zelda", "zelda", duels.Sq(3, 3), duels.Sq(3, 6), []duels.CardID{hi, arrow}, nil)
	apply(t, g, specialAct(0, -1, hi))
	apply(t, g, attackAct(0, 3, arrow))
	toActions(t, g)
	g.GiveHand(1, arrow)
	g.GiveHand(0)
	hp := g.HP(0)
	apply(t, g, attackAct(3, 0, arrow))
	if tr := g.Stats().TriforceTriggered; tr[0] != 1 || tr[1] != 0 {
		t.Fatalf("Light Arrow triggered %d and %d times, want once for the Zelda who played Hidden Identity only", tr[0], tr[1])
	}
	if got := hp - g.HP(0); got != 4 {
		t.Fatalf("the second Zelda's Light Arrow dealt %d, want 4 (no Triforce damage)", got)
	}
}

// TestKillThenSelfKill: Ganon's Trident (6, then 1 damage to Ganon) eliminates Darunia's last
// character while Ganon has 1 hit point left. In the seed's order (the damage, then the effects)
// Ganon has won before his own effect; the game ends there and Ganon stays in play. Judged at
// the end of the play (rules.win_timing end_of_play) both sides are out: simultaneous_elimination
// decides (no_winner: nobody; turn_player: Ganon's player).
func TestKillThenSelfKill(t *testing.T) {
	for _, c := range []struct {
		sets      []string
		winner    int
		ganonLeft bool
	}{
		{nil, 0, true},
		{[]string{"rules.simultaneous_elimination=turn_player"}, 0, true},
		{[]string{"rules.win_timing=end_of_play"}, -1, false},
		{[]string{"rules.win_timing=end_of_play", "rules.simultaneous_elimination=turn_player"}, 0, false},
	} {
		d := frozen(t, c.sets...)
		trident := card(t, d, "ganon_trident")
		g := duel(t, d, "lost_woods", "ganon", "darunia", duels.Sq(3, 3), duels.Sq(3, 4), []duels.CardID{trident}, nil)
		for _, minor := range []int{1, 2, 4, 5} {
			g.Eliminate(minor)
		}
		g.SetHP(0, 1)
		g.SetHP(3, 3)
		apply(t, g, attackAct(0, 3, trident))
		if !g.IsTerminal() || g.Winner() != c.winner || g.Alive(0) != c.ganonLeft {
			t.Errorf("%v: over %v, winner %d, Ganon in play %v; want winner %d, Ganon in play %v",
				c.sets, g.IsTerminal(), g.Winner(), g.Alive(0), c.winner, c.ganonLeft)
		}
	}
}

// TestAdjacentAttackHidesTheCardsKind: the attack card is face down until the defence is chosen,
// and next to the target a sword card and a bow card can both attack: the defender's view must
// not tell which. The same position, with Link's attack card given only the sword, only the
// bow, or both, shows the defender the same view.
func TestAdjacentAttackHidesTheCardsKind(t *testing.T) {
	base := frozen(t)
	sword, small := card(t, base, "link_41m"), card(t, base, "darunia_12m")
	var views []duels.View
	for _, icons := range [][2]bool{{true, false}, {false, true}, {true, true}} {
		d := *base
		d.Cards = append([]duels.Card(nil), base.Cards...)
		d.Cards[sword].Melee, d.Cards[sword].Ranged = icons[0], icons[1]
		g := duel(t, &d, "lost_woods", "link", "darunia", duels.Sq(3, 3), duels.Sq(3, 4),
			[]duels.CardID{sword}, []duels.CardID{small})
		apply(t, g, attackAct(0, 3, sword))
		if g.Phase() != duels.PhaseDefend {
			t.Fatalf("icons %v: phase %s, want the defence", icons, g.Phase())
		}
		v := g.View(1)
		v.Data, v.Map = nil, nil
		views = append(views, v)
	}
	for i := 1; i < len(views); i++ {
		if views[i] != views[0] {
			t.Fatalf("the defender's view differs with the face-down card's icons (case %d)", i)
		}
	}
}

// TestFreeCardAfterTheActions: a card that does not count as an action (Shadow Step) is still
// played after the turn's two actions; the turn stays open for it, offering only it and ending
// the turn. Hit and run: Dark Link attacks, draws, then steps away, and the turn ends by itself
// once nothing free is left. Ending the turn keeps the card.
func TestFreeCardAfterTheActions(t *testing.T) {
	d := frozen(t)
	step, blade := card(t, d, "dark_link_shadow_step"), card(t, d, "dark_link_41m")
	for _, keep := range []bool{false, true} {
		g := duel(t, d, "lost_woods", "dark_link", "link", duels.Sq(3, 3), duels.Sq(3, 4), []duels.CardID{step, blade}, nil)
		apply(t, g, attackAct(0, 3, blade))
		apply(t, g, simple(duels.ActDraw))
		if g.Seat() != 0 || g.Phase() != duels.PhaseAction || g.ActionsLeft() != 0 {
			t.Fatalf("after two actions: seat %d phase %s, %d actions left; want the turn open", g.Seat(), g.Phase(), g.ActionsLeft())
		}
		for _, a := range g.LegalActions(nil) {
			if a.Kind != duels.ActEndTurn && a.Card != step {
				t.Fatalf("with no action left %s is offered", g.Describe(a))
			}
		}
		if keep {
			apply(t, g, simple(duels.ActEndTurn))
			if g.Seat() != 1 || !slices.Contains(g.Hand(0), step) {
				t.Fatalf("ending the turn: seat %d in turn, hand %v; want seat 1, Shadow Step kept", g.Seat(), g.Hand(0))
			}
			continue
		}
		apply(t, g, specialAct(0, -1, step))
		apply(t, g, mkAct(duels.ActMove, 0, -1, duels.Sq(3, 0), duels.NoCard))
		if g.At(0) != duels.Sq(3, 0) || g.Seat() != 1 {
			t.Fatalf("after the step: Dark Link at %s, seat %d in turn; want 3,0 and seat 1", g.At(0), g.Seat())
		}
	}
}
