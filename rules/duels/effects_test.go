package duels_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/clockworksim/clockwork/rules/duels"
)

// The effect words of the vocabulary, each on a card of the frozen data.

// duel sets up seat 0 (team a, in its action phase, holding mine) against seat 1 (team b,
// holding theirs), with each major on a given square and the minors out of the way.
func duel(t *testing.T, d *duels.Data, mapID, a, b string, atA, atB duels.Square, mine, theirs []duels.CardID) *duels.Game {
	t.Helper()
	g, _ := newGame(t, d, mapID, true, a, b)
	toActions(t, g)
	g.GiveHand(0, mine...)
	g.GiveHand(1, theirs...)
	parks := []duels.Square{duels.Sq(0, 0), duels.Sq(6, 0), duels.Sq(0, 9), duels.Sq(6, 9)}
	k := 0
	for _, c := range []int{1, 2, 4, 5} {
		if g.CharExists(c) {
			g.Place(c, parks[k])
			k++
		}
	}
	g.Place(0, atA)
	g.Place(3, atB)
	return g
}

func ids(t *testing.T, d *duels.Data, names ...string) []duels.CardID {
	t.Helper()
	var out []duels.CardID
	for _, n := range names {
		out = append(out, card(t, d, n))
	}
	return out
}

// TestSunburstValues: value_infinite blocks any attack, value_damage_taken attacks with the
// hit points lost, value_hand with the cards left in hand.
func TestSunburstValues(t *testing.T) {
	d := frozen(t)
	g := duel(t, d, "triforce_chamber", "ganon", "zelda", duels.Sq(3, 3), duels.Sq(3, 4),
		ids(t, d, "ganon_trident"), ids(t, d, "zelda_nayru_love"))
	apply(t, g, attackAct(0, 3, card(t, d, "ganon_trident")))
	apply(t, g, defendAct(card(t, d, "zelda_nayru_love")))
	if g.HP(3) != 16 {
		t.Fatalf("Zelda has %d hp behind Nayru's Love, want 16", g.HP(3))
	}

	g = duel(t, d, "triforce_chamber", "dark_link", "zelda", duels.Sq(3, 3), duels.Sq(3, 4),
		ids(t, d, "dark_link_rage"), nil)
	g.SetHP(0, 10)
	apply(t, g, attackAct(0, 3, card(t, d, "dark_link_rage")))
	if g.HP(3) != 16-7 {
		t.Fatalf("Zelda has %d hp after Dark Rage at 7 damage taken, want 9", g.HP(3))
	}

	d2 := frozen(t, "teams.zelda.cards.zelda_nayru_love.on_defend.0.effect=value_hand")
	g = duel(t, d2, "triforce_chamber", "ganon", "zelda", duels.Sq(3, 3), duels.Sq(3, 4),
		ids(t, d2, "ganon_trident"), ids(t, d2, "zelda_nayru_love", "zelda_31r", "zelda_21r", "impa_31m"))
	apply(t, g, attackAct(0, 3, card(t, d2, "ganon_trident")))
	apply(t, g, defendAct(card(t, d2, "zelda_nayru_love")))
	if g.HP(3) != 16-(6-3) {
		t.Fatalf("Zelda has %d hp; want 13 (6 against the 3 cards left in hand)", g.HP(3))
	}
}

// TestSwapAndPush: Mirror Image swaps the fighters, and the log tells the swap, then both moves;
// a push stops before a character.
func TestSwapAndPush(t *testing.T) {
	d := frozen(t)
	g := duel(t, d, "triforce_chamber", "dark_link", "link", duels.Sq(3, 3), duels.Sq(3, 4),
		ids(t, d, "dark_link_mirror_image"), nil)
	rec := &recorder{}
	g.SetSink(rec)
	apply(t, g, attackAct(0, 3, card(t, d, "dark_link_mirror_image")))
	if g.At(0) != duels.Sq(3, 4) || g.At(3) != duels.Sq(3, 3) {
		t.Fatalf("after Mirror Image: Dark Link %s, Link %s; want swapped", g.At(0), g.At(3))
	}
	var told []string
	for _, e := range rec.evs {
		switch e.Type {
		case duels.EvEffect:
			told = append(told, "effect "+e.Word.String())
		case duels.EvMove:
			told = append(told, fmt.Sprintf("move c%d to %s", e.Char, e.Path[e.NPath-1]))
		}
	}
	if want := []string{"effect swap", "move c0 to 3,4", "move c3 to 3,3"}; !slices.Equal(told, want) {
		t.Fatalf("the swap's log: %v, want %v", told, want)
	}

	g = duel(t, d, "triforce_chamber", "darunia", "link", duels.Sq(3, 6), duels.Sq(3, 7),
		ids(t, d, "darunia_goron_punch"), nil)
	g.Place(4, duels.Sq(3, 9)) // Navi two squares behind Link
	apply(t, g, attackAct(0, 3, card(t, d, "darunia_goron_punch")))
	if g.At(3) != duels.Sq(3, 8) {
		t.Fatalf("Link pushed to %s; want 3,8, stopped by Navi", g.At(3))
	}
}

// TestRevealHandAndDiscardRandom: Saria's Song shows the target's hand to Skull Kid's player
// until it changes, and throws one of its cards away.
func TestRevealHandAndDiscardRandom(t *testing.T) {
	d := frozen(t)
	song := card(t, d, "skull_kid_saria_song")
	g := duel(t, d, "triforce_chamber", "skull_kid", "link", duels.Sq(3, 0), duels.Sq(3, 9),
		[]duels.CardID{song}, ids(t, d, "link_41m", "link_31m", "navi_11r"))
	apply(t, g, specialAct(0, 3, song))
	v := g.View(0)
	if v.ShownN[1] != 2 || len(g.Hand(1)) != 2 {
		t.Fatalf("shown %d cards, hand %d; want the 2 left after the random discard", v.ShownN[1], len(g.Hand(1)))
	}
	if g.View(0).ShownN[0] != len(g.Hand(0)) {
		t.Fatal("a seat does not see its own hand in Shown")
	}
	apply(t, g, simple(duels.ActEndTurn))
	if g.Seat() == 1 {
		toActions(t, g)
		apply(t, g, simple(duels.ActDraw))
		if g.View(0).ShownN[1] != -1 {
			t.Fatal("the shown hand stays shown after it changed")
		}
	}
}

// TestMoveTargetAsksTheCardsPlayer: Lost Woods Trick lets Skull Kid's player place the target.
func TestMoveTargetAsksTheCardsPlayer(t *testing.T) {
	d := frozen(t)
	trick := card(t, d, "skull_kid_trick")
	g := duel(t, d, "triforce_chamber", "skull_kid", "link", duels.Sq(3, 0), duels.Sq(3, 5),
		[]duels.CardID{trick}, nil)
	apply(t, g, specialAct(0, 3, trick))
	if g.Phase() != duels.PhaseEffect || g.ToMove() != 0 {
		t.Fatalf("phase %s to move %d; want Skull Kid's player to move Link", g.Phase(), g.ToMove())
	}
	stay := mkAct(duels.ActMove, 3, -1, duels.Sq(3, 5), duels.NoCard)
	far := mkAct(duels.ActMove, 3, -1, duels.Sq(3, 8), duels.NoCard)
	tooFar := mkAct(duels.ActMove, 3, -1, duels.Sq(3, 9), duels.NoCard)
	if !legal(g, stay) || !legal(g, far) || legal(g, tooFar) {
		t.Fatal("want staying and 3 squares offered, not 4")
	}
	apply(t, g, far)
	if g.At(3) != duels.Sq(3, 8) || g.Phase() != duels.PhaseAction {
		t.Fatalf("Link at %s, phase %s", g.At(3), g.Phase())
	}
}

// TestHealOtherAndRecover: Healing Tide heals the chosen ally; Sage of Spirit takes back the two
// latest discards without costing an action.
func TestHealOtherAndRecover(t *testing.T) {
	d := frozen(t)
	tide := card(t, d, "zora_healing_tide")
	g := duel(t, d, "triforce_chamber", "ruto", "link", duels.Sq(3, 0), duels.Sq(3, 9),
		[]duels.CardID{tide}, nil)
	g.SetHP(0, 10)
	apply(t, g, specialAct(1, 0, tide))
	if g.HP(0) != 13 || g.HP(1) != 4 {
		t.Fatalf("Ruto %d (want 13), the Zora %d (want 4)", g.HP(0), g.HP(1))
	}

	sage := card(t, d, "nabooru_sage_of_spirit")
	g = duel(t, d, "triforce_chamber", "nabooru", "link", duels.Sq(3, 0), duels.Sq(3, 9),
		[]duels.CardID{sage}, nil)
	a, b := card(t, d, "nabooru_41m"), card(t, d, "gerudo_steal")
	g.Discard(0, a, b)
	left := g.ActionsLeft()
	apply(t, g, specialAct(0, -1, sage))
	h := g.Hand(0)
	if len(h) != 2 || h[0] != b || h[1] != a {
		t.Fatalf("hand %v after Sage of Spirit; want the two latest discards", h)
	}
	if g.ActionsLeft() != left {
		t.Fatalf("%d actions left, want %d: the card costs no action", g.ActionsLeft(), left)
	}
	if p := g.DiscardPile(0); len(p) != 1 || p[0] != sage {
		t.Fatalf("discard pile %v, want only Sage of Spirit", p)
	}
}
