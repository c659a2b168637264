package clue

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/rules/play/playtest"
)

// TestRandomPlay plays random games of every player count on the games' random-play harness
// (rules/play/playtest), checking the invariants after every action; every game must end (at
// the turn cap at worst), every decision list be non-empty and Kinds read its kinds.
func TestRandomPlay(t *testing.T) {
	d := frozenData(t)
	games := 1000 // 5000 games in all
	if testing.Short() {
		games = 100
	}
	var g Game
	var ends [5]int
	struck := 0
	patient := false
	playtest.Random[Action, *Game]{
		Games: games * (MaxPlayers - MinPlayers + 1),
		Seed:  7,
		Reset: func(g *Game, i int) {
			patient = i%2 == 1
			g.Reset(d, MinPlayers+i/games, 7, uint64(i%games))
		},
		Choose: func(_ *Game, legal []Action, r *rand.Rand) Action { return pickRandom(legal, r, patient) },
		Step: func(g *Game, legal []Action) error {
			var kinds uint32
			for _, a := range legal {
				kinds |= 1 << a.Kind
			}
			if got := Kinds(legal); got != kinds {
				return fmt.Errorf("Kinds %b, the actions' kinds %b", got, kinds)
			}
			if g.t.Rumored && kinds&(1<<ActAccuse) != 0 {
				return fmt.Errorf("an accusation after a rumor in the same turn")
			}
			return nil
		},
		Where: func(g *Game) string {
			return fmt.Sprintf("%dp, phase %s, turn %d", g.Players(), PhaseNames[g.t.Phase], g.Turn())
		},
		Done: func(g *Game, i int) {
			ends[g.EndReason()]++
			if s, ok := answeredFaceUp(g); ok {
				t.Errorf("game %d: seat %d, out by Ganondorf with his hand face up, was asked", i, s)
			}
			for s := 0; s < g.Players(); s++ {
				if g.t.Out[s] == OutGanondorf {
					struck++
					break
				}
			}
		},
	}.Run(t, &g)
	t.Logf("end reasons: %v; games with a player out by Ganondorf: %d", ends, struck)
	if struck == 0 {
		t.Error("no player was put out by Ganondorf: the face-up rule went untested")
	}
}

// answeredFaceUp returns a seat that answered a rumor after his hand was laid face up (out by
// Ganondorf), read from seat 0's log (answers and hands laid face up are public).
func answeredFaceUp(g *Game) (int, bool) {
	var up [MaxPlayers]bool
	for _, o := range g.log[0][:g.logN[0]] {
		switch o.Kind {
		case ObsRevealed:
			up[o.Seat] = true
		case ObsAnswer:
			if up[o.Seat] {
				return int(o.Seat), true
			}
		}
	}
	return -1, false
}

// pickRandom picks a uniformly random action; a patient player (the longer games that reach
// the encounters, Ganondorf and the turn cap) re-draws an accusation 199 times in 200.
func pickRandom(acts []Action, rng *rand.Rand, patient bool) Action {
	a := acts[rng.IntN(len(acts))]
	for patient && a.Kind == ActAccuse && rng.IntN(200) != 0 {
		a = acts[rng.IntN(len(acts))]
	}
	return a
}

// TestCheckedPathRefuses offers actions that are not listed and expects errors and an unchanged game.
func TestCheckedPathRefuses(t *testing.T) {
	d := frozenData(t)
	var g Game
	g.Reset(d, 4, 1, 1)
	before := g.t
	bad := []Action{
		{Kind: ActMove, To: 0},                  // before rolling
		{Kind: ActRumor, A: 0, B: 0},            // not in a rumor
		{Kind: ActShow, A: 3},                   // no one is answering
		{Kind: ActDraw},                         // nothing to draw
		{Kind: ActBoss, A: 0, B: None, C: None}, // keeps no Boss
		{Kind: ActAccuse, A: 9, B: 0, C: 0},     // no such hero
		{Kind: ActNone},
	}
	for _, a := range bad {
		if err := g.ApplyChecked(a); err == nil {
			t.Errorf("%v accepted at the start of a turn", a)
		}
	}
	if g.t != before {
		t.Fatal("a refused action changed the game")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]Action, 0, MaxActions)
	for !g.IsTerminal() {
		buf = randomStep(&g, buf, rng.IntN)
	}
	if err := g.ApplyChecked(Action{Kind: ActEndTurn}); err == nil {
		t.Error("an action accepted after the end")
	}
}

// TestDeterminism: the same (data, players, seed, index) plays the same game.
func TestDeterminism(t *testing.T) {
	d := frozenData(t)
	play := func() (int, EndReason, int, [3]Card) {
		var g Game
		g.Reset(d, 5, 42, 9)
		rng := rand.New(rand.NewPCG(3, 4))
		buf := make([]Action, 0, MaxActions)
		for !g.IsTerminal() {
			buf = randomStep(&g, buf, rng.IntN)
		}
		return g.Winner(), g.EndReason(), g.Turn(), g.Envelope()
	}
	w1, r1, t1, e1 := play()
	w2, r2, t2, e2 := play()
	if w1 != w2 || r1 != r2 || t1 != t2 || e1 != e2 {
		t.Fatalf("two plays differ: %v %v %v %v / %v %v %v %v", w1, r1, t1, e1, w2, r2, t2, e2)
	}
}

// TestClone: a clone taken mid-game plays on exactly as the original does.
func TestClone(t *testing.T) {
	d := frozenData(t)
	var g, c Game
	buf := make([]Action, 0, MaxActions)
	for i := uint64(0); i < 20; i++ {
		g.Reset(d, 2+int(i%5), 13, i)
		rng := rand.New(rand.NewPCG(i, 1))
		for k := 0; k < 25 && !g.IsTerminal(); k++ {
			buf = g.LegalActions(buf)
			g.Apply(pickRandom(buf, rng, true))
		}
		g.Clone(&c)
		r1, r2 := rand.New(rand.NewPCG(i, 2)), rand.New(rand.NewPCG(i, 2))
		for !g.IsTerminal() {
			buf = g.LegalActions(buf)
			g.Apply(pickRandom(buf, r1, true))
		}
		for !c.IsTerminal() {
			buf = c.LegalActions(buf)
			c.Apply(pickRandom(buf, r2, true))
		}
		if g.t != c.t || g.logN != c.logN {
			t.Fatalf("game %d: the clone ended differently", i)
		}
	}
}
