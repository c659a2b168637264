package clue

import (
	"bytes"
	"strings"
	"testing"
)

// The seed's worked cases, each on a game arranged by hand.

// arrange deals the given envelope and hands; the other cards go aside (2 players, up to
// rules.aside_cards) and then face up.
func arrange(t *testing.T, g *Game, env [3]Card, hands ...[]Card) {
	t.Helper()
	var used [NumCards]bool
	g.envelope = env
	for _, c := range env {
		used[c] = true
	}
	for s, h := range hands {
		g.t.HandN[s] = copy(g.hand[s][:], h)
		for _, c := range h {
			used[c] = true
		}
	}
	g.t.AsideN, g.t.FaceUpN = 0, 0
	for c := Card(0); c < NumCards; c++ {
		switch {
		case used[c]:
		case g.t.Players == 2 && g.t.AsideN < g.data.Rules.AsideCards:
			g.aside[g.t.AsideN] = c
			g.t.AsideN++
		default:
			g.t.FaceUp[g.t.FaceUpN] = c
			g.t.FaceUpN++
		}
	}
	if err := g.Check(); err != nil {
		t.Fatalf("arranged game: %v", err)
	}
}

// enterRumor puts seat s in location loc, in the rumor phase of its turn.
func enterRumor(g *Game, s, loc int) {
	g.t.Seat, g.t.Mover[s], g.t.Phase, g.t.Rumor.Via = s, RoomPlace(loc), PhRumor, ViaEntered
}

var (
	link, darunia, impa, rauru = HeroCard(0), HeroCard(1), HeroCard(2), HeroCard(3)
	sword, bow, hammer         = ItemCard(0), ItemCard(1), ItemCard(2)
	deathMountain, kakariko    = LocationCard(0), LocationCard(1)
	lakeHylia                  = LocationCard(2)
)

// lastObs returns seat s's last n observations.
func lastObs(g *Game, s, n int) []Obs { return g.log[s][g.logN[s]-n : g.logN[s]] }

// "The player on your left must try to answer you ... and so on until you have been shown one
// card": seat 1 cannot, seat 2 shows its one card, seat 3 is not asked.
func TestAnswerPassesLeftUntilShown(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 4, 1, 0)
	arrange(t, &g, [3]Card{rauru, hammer, lakeHylia},
		[]Card{impa}, []Card{darunia}, []Card{bow, link}, []Card{sword, deathMountain})
	enterRumor(&g, 0, 0)
	mustApply(t, &g, Action{Kind: ActRumor, A: 0, B: 0}) // Link, Master Sword, Death Mountain
	if g.t.Phase != PhEnd {
		t.Fatalf("phase %s after the answer, want end", PhaseNames[g.t.Phase])
	}
	got := lastObs(&g, 0, 2)
	if got[0].Kind != ObsAnswer || got[0].Seat != 1 || got[0].Flag != 0 {
		t.Errorf("first answer %+v, want seat 1 cannot answer", got[0])
	}
	if got[1].Seat != 2 || got[1].Flag != 1 || got[1].Card != link {
		t.Errorf("second answer %+v, want seat 2 shows Link to the asker", got[1])
	}
	if o := lastObs(&g, 3, 1)[0]; o.Seat != 2 || o.Flag != 1 || o.Card != NoCard {
		t.Errorf("seat 3 sees %+v, want seat 2 showed a card it cannot see", o)
	}
	for _, o := range g.log[3][:g.logN[3]] {
		if o.Kind == ObsAnswer && o.Seat == 3 {
			t.Error("seat 3 was asked after seat 2 showed a card")
		}
	}
}

// "If they have any of the cards in question, they must reveal one": with several, the
// answerer chooses which (a decision of his seat).
func TestAnswererChoosesAmongSeveral(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	arrange(t, &g, [3]Card{rauru, hammer, lakeHylia},
		[]Card{impa, kakariko}, []Card{link, sword, bow}, []Card{darunia, deathMountain})
	enterRumor(&g, 0, 0)
	mustApply(t, &g, Action{Kind: ActRumor, A: 0, B: 0})
	if g.t.Phase != PhAnswer || g.ToMove() != 1 {
		t.Fatalf("phase %s, to move %d; want seat 1 choosing", PhaseNames[g.t.Phase], g.ToMove())
	}
	if n := countKind(&g, ActShow); n != 2 {
		t.Fatalf("%d cards to choose from, want Link and Master Sword", n)
	}
	if legal(&g, Action{Kind: ActShow, A: uint8(bow)}) {
		t.Error("a card not asked about may be shown")
	}
	mustApply(t, &g, Action{Kind: ActShow, A: uint8(sword)})
	if o := lastObs(&g, 0, 1)[0]; o.Card != sword {
		t.Errorf("the asker saw %+v, want the Master Sword chosen", o)
	}
	if g.ToMove() != 0 || g.t.Phase != PhEnd {
		t.Errorf("after the choice: to move %d, phase %s", g.ToMove(), PhaseNames[g.t.Phase])
	}
}

// 2 players: "If they cannot, secretly look at one of the four CLUE Cards by the side of the
// board" (the asker's choice by default, at random under rules.aside_look: random).
func TestTwoPlayerAsideLook(t *testing.T) {
	for _, random := range []bool{false, true} {
		d := frozenData(t)
		if random {
			d = dataWith(t, func(s *Spec) { s.Rules.AsideLook = "random" })
		}
		var g Game
		g.Reset(d, 2, 1, 0)
		arrange(t, &g, [3]Card{rauru, hammer, lakeHylia}, []Card{impa}, []Card{darunia, bow})
		if g.t.AsideN != 4 {
			t.Fatalf("%d cards aside, want 4", g.t.AsideN)
		}
		enterRumor(&g, 0, 0)
		mustApply(t, &g, Action{Kind: ActRumor, A: 0, B: 0})
		if !random {
			if g.t.Phase != PhAside || countKind(&g, ActAside) != 4 {
				t.Fatalf("phase %s, want the asker choosing one of 4", PhaseNames[g.t.Phase])
			}
			mustApply(t, &g, Action{Kind: ActAside, A: 2})
		}
		o := lastObs(&g, 0, 1)[0]
		if o.Kind != ObsAside || o.Card == NoCard || (!random && o.Card != g.aside[2]) {
			t.Errorf("random %v: the asker saw %+v", random, o)
		}
		if p := lastObs(&g, 1, 1)[0]; p.Kind != ObsAside || p.Card != NoCard {
			t.Errorf("the other player saw %+v, want the look without the card", p)
		}
		if g.t.Phase != PhEnd {
			t.Errorf("phase %s after the look", PhaseNames[g.t.Phase])
		}
	}
}

// setDeckTop puts card c (a Boss index or ganonCard) on top of the deck.
func setDeckTop(g *Game, c int8) {
	for k := 0; k < g.t.DeckN; k++ {
		if g.deck[k] == c {
			g.deck[k], g.deck[g.t.DeckN-1] = g.deck[g.t.DeckN-1], g.deck[k]
			return
		}
	}
}

// "If you draw the eighth, Ganondorf arrives and takes you out of the game. Place your cards
// face up ... and shuffle the eighth Ganondorf Card back into the Boss Encounter Deck."
func TestEighthGanondorf(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	s := g.t.Seat
	g.t.GanonSeen, g.t.GanonInDeck = 7, 1
	g.t.DeckN = rebuildDeck(&g)
	setDeckTop(&g, ganonCard)
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	deckBefore := g.t.DeckN
	g.offerDraws(1, PhStart)
	mustApply(t, &g, Action{Kind: ActDraw})
	if g.t.Out[s] != OutGanondorf || !g.t.Revealed[s] {
		t.Fatalf("the drawer is %v, want out by Ganondorf with his hand face up", g.t.Out[s])
	}
	if g.t.DeckN != deckBefore || g.t.GanonInDeck != 1 {
		t.Errorf("deck %d (Ganondorf %d), want %d with the eighth back in", g.t.DeckN, g.t.GanonInDeck, deckBefore)
	}
	revealed := 0
	for _, o := range g.log[(s+1)%3][:g.logN[(s+1)%3]] {
		if o.Kind == ObsRevealed && int(o.Seat) == s {
			revealed++
		}
	}
	if revealed != g.t.HandN[s] {
		t.Errorf("%d cards laid face up, want the whole hand of %d", revealed, g.t.HandN[s])
	}
	if g.t.Seat == s || g.IsTerminal() {
		t.Errorf("the turn did not pass on (seat %d, over %v)", g.t.Seat, g.IsTerminal())
	}
}

// rebuildDeck leaves the deck with every Boss and one Ganondorf card (seven already seen).
func rebuildDeck(g *Game) int {
	n := 0
	for b := 0; b < g.data.BossN; b++ {
		g.deck[n] = int8(b)
		n++
	}
	g.deck[n] = ganonCard
	return n + 1
}

// The card text's reading (rules.ganondorf_eighth: game_lost): the eighth ends the game.
func TestEighthGanondorfLosesGame(t *testing.T) {
	d := dataWith(t, func(s *Spec) { s.Rules.GanondorfEighth = "game_lost" })
	var g Game
	g.Reset(d, 4, 1, 0)
	g.t.GanonSeen, g.t.GanonInDeck = 7, 1
	g.t.DeckN = rebuildDeck(&g)
	setDeckTop(&g, ganonCard)
	g.offerDraws(1, PhStart)
	mustApply(t, &g, Action{Kind: ActDraw})
	if !g.IsTerminal() || g.EndReason() != EndGanondorf || g.Winner() != -1 {
		t.Fatalf("over %v, reason %v, winner %d; want lost to Ganondorf", g.IsTerminal(), g.EndReason(), g.Winner())
	}
}

// "Place your cards face up where all can see ... Your mover may still be questioned": a player
// out by Ganondorf lays his hand face up (every seat's view, the event log) and is no longer
// asked; a rumor passes him by (the seed keeps "you may only answer questions" for a wrong
// accuser). Under rules.ganondorf_out_answers he is still asked and shows from his face-up hand.
func TestGanondorfVictimNotAsked(t *testing.T) {
	for _, answers := range []bool{false, true} {
		d := frozenData(t)
		if answers {
			d = dataWith(t, func(s *Spec) { s.Rules.GanondorfOutAnswers = true })
		}
		var g Game
		var events bytes.Buffer
		g.SetSink(NewJSONSink(&events, nil))
		g.Reset(d, 4, 1, 0)
		arrange(t, &g, [3]Card{rauru, hammer, lakeHylia},
			[]Card{impa}, []Card{link, deathMountain}, []Card{sword, bow}, []Card{darunia, kakariko})
		g.t.Seat, g.t.GanonSeen, g.t.GanonInDeck = 1, 7, 1
		g.t.DeckN = rebuildDeck(&g)
		setDeckTop(&g, ganonCard)
		g.offerDraws(1, PhStart)
		mustApply(t, &g, Action{Kind: ActDraw}) // seat 1 draws the eighth Ganondorf
		if g.t.Out[1] != OutGanondorf || !g.t.Revealed[1] {
			t.Fatalf("seat 1 is %v, want out by Ganondorf with his hand face up", g.t.Out[1])
		}
		for s := 0; s < 4; s++ {
			v := g.View(s)
			var up uint32
			for _, o := range v.Log {
				if o.Kind == ObsRevealed && o.Seat == 1 {
					up |= 1 << o.Card
				}
			}
			if up != 1<<link|1<<deathMountain || !v.Table.Revealed[1] {
				t.Errorf("seat %d's view shows seat 1's face-up cards %b", s, up)
			}
		}
		if !strings.Contains(events.String(), `"ev":"eliminated","g":0,"seat":1,"reason":"ganondorf","revealed":["link","death_mountain"]`) {
			t.Errorf("the event log does not lay seat 1's hand face up:\n%s", events.String())
		}
		enterRumor(&g, 0, 0)
		mustApply(t, &g, Action{Kind: ActRumor, A: 0, B: 0}) // Link, Master Sword, Death Mountain
		if answers {
			if g.t.Phase != PhAnswer || g.ToMove() != 1 {
				t.Fatalf("phase %s, to move %d; want seat 1 (out, face up) choosing Link or Death Mountain", PhaseNames[g.t.Phase], g.ToMove())
			}
			continue
		}
		got := lastObs(&g, 0, 1)[0]
		if got.Kind != ObsAnswer || got.Seat != 2 || got.Card != sword {
			t.Errorf("the asker's last entry %+v, want the Master Sword shown by seat 2", got)
		}
		for _, o := range g.log[3][:g.logN[3]] {
			if o.Kind == ObsAnswer && o.Seat == 1 {
				t.Errorf("seat 1, face up, was asked: %+v", o)
			}
		}
	}
}

// "End your turn by crossing off the card you've been shown": a player in Hyrule Castle who
// starts a rumor with his personality card may not accuse after it; the accusation waits for
// the start of his next turn. Under rules.accuse_after_rumor he may accuse at once.
func TestAccusationWaitsAfterRumor(t *testing.T) {
	for _, after := range []bool{false, true} {
		d := frozenData(t)
		if after {
			d = dataWith(t, func(s *Spec) { s.Rules.AccuseAfterRumor = true })
		}
		var g Game
		g.Reset(d, 4, 1, 0)
		arrange(t, &g, [3]Card{rauru, hammer, lakeHylia},
			[]Card{impa}, []Card{link, deathMountain}, []Card{sword, bow}, []Card{darunia, kakariko})
		g.t.Seat, g.t.Phase, g.t.Mover[0] = 0, PhStart, RoomPlace(Castle)
		if countKind(&g, ActAccuse) == 0 {
			t.Fatal("no accusation at the start of a turn in Hyrule Castle")
		}
		mustApply(t, &g, Action{Kind: ActPersonality, A: 1, B: 0, C: 0}) // Darunia, Master Sword, Death Mountain
		for g.t.Phase == PhAnswer {
			var buf [MaxActions]Action
			mustApply(t, &g, g.LegalActions(buf[:0])[0])
		}
		if g.t.Phase != PhEnd || g.t.Mover[0] != RoomPlace(Castle) {
			t.Fatalf("phase %s, mover at %d; want the end of the turn in the castle", PhaseNames[g.t.Phase], g.t.Mover[0])
		}
		if got := countKind(&g, ActAccuse) > 0; got != after {
			t.Fatalf("accuse_after_rumor %v: an accusation after the rumor is legal: %v", after, got)
		}
		if !legal(&g, Action{Kind: ActEndTurn}) {
			t.Fatal("the turn cannot end")
		}
		mustApply(t, &g, Action{Kind: ActEndTurn})
		for g.t.Seat != 0 {
			g.t.Phase = PhEnd
			g.endTurn()
		}
		if g.t.Phase != PhStart || countKind(&g, ActAccuse) == 0 {
			t.Errorf("phase %s: no accusation at the start of the next turn", PhaseNames[g.t.Phase])
		}
	}
}

// "If you were wrong: You are out of the game ... Now you may only answer questions."
func TestWrongAccuserStillAnswers(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	arrange(t, &g, [3]Card{rauru, hammer, lakeHylia},
		[]Card{impa}, []Card{darunia, deathMountain}, []Card{bow})
	g.t.Seat, g.t.Mover[0], g.t.Phase = 0, RoomPlace(Castle), PhEnd
	mustApply(t, &g, Action{Kind: ActAccuse, A: 0, B: 0, C: 0})
	if g.t.Out[0] != OutWrongAccusation || g.t.Seat != 1 {
		t.Fatalf("seat 0 is %v and seat %d plays; want 0 out, 1 to play", g.t.Out[0], g.t.Seat)
	}
	enterRumor(&g, 2, 2)
	mustApply(t, &g, Action{Kind: ActRumor, A: 2, B: 2}) // Impa, Megaton Hammer, Lake Hylia
	o := lastObs(&g, 2, 1)[0]
	if o.Seat != 0 || o.Card != impa {
		t.Errorf("the asker saw %+v, want Impa shown by seat 0 (out)", o)
	}
	for k := 0; k < 200 && !g.IsTerminal(); k++ {
		if g.ToMove() == 0 && g.t.Phase != PhAnswer {
			t.Fatal("a player out takes a turn")
		}
		var buf [MaxActions]Action
		g.Apply(g.LegalActions(buf[:0])[0])
	}
}

// "Bring the hero's mover and the weapon into the location with you", and the player whose
// mover was moved "can choose to stay in that location and ask a question".
func TestRumorMovesHeroAndItemAndMovedPlayerMayStay(t *testing.T) {
	var g Game
	g.Reset(frozenData(t), 3, 1, 0)
	g.t.Mover[1] = g.data.Board.Start[1]
	enterRumor(&g, 0, 4)
	mustApply(t, &g, Action{Kind: ActRumor, A: 1, B: 3}) // Darunia, Boomerang, Zora's Domain
	if g.t.Mover[1] != RoomPlace(4) || g.t.ItemAt[3] != RoomPlace(4) {
		t.Fatalf("Darunia at %d, Boomerang at %d; want both in Zora's Domain", g.t.Mover[1], g.t.ItemAt[3])
	}
	if !g.t.MovedIn[1] {
		t.Fatal("seat 1 is not marked as moved in")
	}
	for g.t.Phase != PhEnd {
		var buf [MaxActions]Action
		mustApply(t, &g, g.LegalActions(buf[:0])[0])
	}
	mustApply(t, &g, Action{Kind: ActEndTurn})
	if g.t.Phase == PhDraw {
		mustApply(t, &g, Action{Kind: ActNoDraw})
	}
	if g.t.Seat != 1 || !legal(&g, Action{Kind: ActStay}) {
		t.Fatalf("seat %d to play, stay legal %v; want seat 1 allowed to stay", g.t.Seat, legal(&g, Action{Kind: ActStay}))
	}
	mustApply(t, &g, Action{Kind: ActStay})
	mustApply(t, &g, Action{Kind: ActRumor, A: 0, B: 0})
	if g.t.Rumor.Loc != 4 || g.t.Rumor.Via != ViaStayed {
		t.Errorf("rumor %+v, want one in Zora's Domain, via stayed", g.t.Rumor)
	}
	mustEnd(t, &g)
	if legal(&g, Action{Kind: ActStay}) {
		t.Errorf("seat %d, whose mover was not moved, may stay", g.t.Seat)
	}
}

// mustEnd plays the first legal actions until the next player's turn starts.
func mustEnd(t *testing.T, g *Game) {
	t.Helper()
	s := g.t.Seat
	for g.t.Seat == s && !g.IsTerminal() {
		var buf [MaxActions]Action
		acts := g.LegalActions(buf[:0])
		a := acts[0]
		for _, x := range acts {
			if x.Kind == ActEndTurn || x.Kind == ActNoDraw {
				a = x
			}
		}
		mustApply(t, g, a)
	}
}
