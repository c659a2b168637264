package pig_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/pig"
	"github.com/clockworksim/clockwork/rules/play"
	"github.com/clockworksim/clockwork/rules/play/playtest"
)

// data returns the data of those values; it fails t when they are out of range.
func data(t testing.TB, target, faces, turnCap int) *pig.Data {
	t.Helper()
	d, err := pig.NewData(target, faces, turnCap)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestRandomPlayKeepsInvariants plays random games at 2 to 4 players on the default data, a die
// of two faces (a bust every other roll) and a short turn cap, on the games' random-play
// harness: the invariants hold after every action, Hold is listed exactly when the turn has
// rolled, and every game ends, some won and some at the cap.
func TestRandomPlayKeepsInvariants(t *testing.T) {
	ds := []*pig.Data{pig.Default(), data(t, 20, 2, 200), data(t, 30, 6, 8)}
	won, capped := 0, 0
	var g pig.Game
	playtest.Random[pig.Action, *pig.Game]{
		Games: 3000,
		Seed:  7,
		Reset: func(g *pig.Game, i int) { g.Reset(ds[i%3], 2+i%3, chance.EpisodeSeed(7, uint64(i)), uint64(i)) },
		Step: func(g *pig.Game, legal []pig.Action) error {
			if hold := len(legal) == 2; hold != (g.View(g.ToMove()).TurnRolls > 0) {
				return fmt.Errorf("hold listed %v after %d rolls of the turn", hold, g.View(g.ToMove()).TurnRolls)
			}
			return nil
		},
		Done: func(g *pig.Game, _ int) {
			if g.Winner() == play.NoWinner {
				capped++
			} else {
				won++
			}
		},
		Where: func(g *pig.Game) string {
			return fmt.Sprintf("turn %d, seat %d, turn total %d, %+v", g.Turn(), g.ToMove(), g.TurnTotal(), g.View(0).Scores)
		},
	}.Run(t, &g)
	if won == 0 || capped == 0 {
		t.Fatalf("%d games won, %d ended at the turn cap: want some of each", won, capped)
	}
}

// A roll of 1 loses the turn total: seat 0 rolls on until its die shows 1 (after a few other
// faces), and banks nothing; the turn passes.
func TestBustLosesTheTurnTotal(t *testing.T) {
	var g pig.Game
	g.Reset(pig.Default(), 2, 11, 0)
	lost := 0
	for g.ToMove() == 0 {
		lost = g.TurnTotal()
		g.Apply(pig.Roll)
	}
	if lost == 0 || g.LastRoll() != 1 || g.Score(0) != 0 || g.TurnTotal() != 0 || g.Turn() != 2 || g.Busts() != 1 {
		t.Fatalf("after losing %d: last roll %d, score %d, turn total %d, turn %d, %d busts",
			lost, g.LastRoll(), g.Score(0), g.TurnTotal(), g.Turn(), g.Busts())
	}
}

// Holding banks the turn total and passes the turn.
func TestHoldBanksTheTurnTotal(t *testing.T) {
	var g pig.Game
	for seed := uint64(0); g.TurnTotal() == 0; seed++ { // a first roll that is not a 1
		g.Reset(pig.Default(), 3, seed, 0)
		g.Apply(pig.Roll)
	}
	total := g.TurnTotal()
	g.Apply(pig.Hold)
	if g.Score(0) != total || g.TurnTotal() != 0 || g.ToMove() != 1 || g.Turn() != 2 || g.IsTerminal() {
		t.Fatalf("hold of %d: score %d, turn total %d, seat %d to move at turn %d", total, g.Score(0), g.TurnTotal(), g.ToMove(), g.Turn())
	}
}

// Banking the target wins at once; a game whose cap's turn ends without a winner ends with
// none.
func TestTargetWinsAndTurnCapEnds(t *testing.T) {
	var g pig.Game
	g.Reset(data(t, 2, 6, 200), 2, 3, 0) // any roll but a 1 reaches the target 2
	for g.ToMove() == 0 || g.TurnTotal() == 0 {
		g.Apply(pig.Roll)
	}
	seat := g.ToMove()
	g.Apply(pig.Hold)
	if !g.IsTerminal() || g.Winner() != seat || g.Score(seat) < 2 {
		t.Fatalf("a hold at the target: over %v, winner %d, score %d", g.IsTerminal(), g.Winner(), g.Score(seat))
	}

	g.Reset(data(t, 30, 6, 1), 2, 3, 0)
	for !g.IsTerminal() {
		if g.TurnTotal() > 0 {
			g.Apply(pig.Hold)
		} else {
			g.Apply(pig.Roll)
		}
	}
	if g.Winner() != play.NoWinner || g.Turn() != 1 {
		t.Fatalf("the cap's turn ended: winner %d at turn %d", g.Winner(), g.Turn())
	}
}

// The checked path refuses an illegal action, naming it, and leaves the game as it was.
func TestApplyCheckedRefusesIllegalActions(t *testing.T) {
	var g pig.Game
	g.Reset(data(t, 2, 6, 200), 2, 5, 0)
	for _, c := range []struct {
		a    pig.Action
		want string
	}{
		{pig.Hold, "pig: hold is not legal: turn 1 has not rolled yet"},
		{pig.Action(7), "pig: action 7 is not an action of Pig"},
	} {
		before := g
		if err := g.ApplyChecked(c.a); err == nil || err.Error() != c.want || g != before {
			t.Fatalf("%s: error %v, want %q with the game unchanged", c.a, err, c.want)
		}
	}
	for !g.IsTerminal() {
		a := pig.Roll
		if g.TurnTotal() > 0 {
			a = pig.Hold
		}
		if err := g.ApplyChecked(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.ApplyChecked(pig.Roll); err == nil || !strings.Contains(err.Error(), "roll is not legal: the game is over") {
		t.Fatalf("a roll after the end: %v", err)
	}
}

// The data refuses values out of range, naming them.
func TestDataChecksItsValues(t *testing.T) {
	d := pig.Default()
	if d.Fingerprint != "pig:target=30,faces=6,turn_cap=200" {
		t.Fatalf("fingerprint %q", d.Fingerprint)
	}
	for _, c := range []struct {
		key   string
		value int
		want  string
	}{
		{"faces", 1, "pig: faces 1: want 2 to 20"},
		{"target", 0, "pig: target 0: want 1 to 1000"},
		{"turn_cap", 0, "pig: turn_cap 0: want 1 to 100000"},
		{"dice", 2, `pig: "dice" is not a value of the data (expected one of: target, faces, turn_cap)`},
	} {
		if _, err := d.With(c.key, c.value); err == nil || err.Error() != c.want {
			t.Errorf("%s=%d: %v, want %q", c.key, c.value, err, c.want)
		}
	}
	m, err := d.With("target", 50)
	if err != nil || m.Target != 50 || m.Faces != 6 || d.Target != 30 {
		t.Fatalf("With: %+v, %v (and the default now %+v)", m, err, d)
	}
}

// A whole game (Reset, LegalActions, Apply) allocates nothing once the game and the buffer
// exist.
func TestZeroAllocationsPerGame(t *testing.T) {
	d := pig.Default()
	var g pig.Game
	var r chance.Stream
	r.Seed(3, 0)
	buf := make([]pig.Action, 0, pig.MaxActions)
	i := uint64(0)
	allocs := testing.AllocsPerRun(50, func() {
		g.Reset(d, 2+int(i%3), i, i)
		for !g.IsTerminal() {
			buf = g.LegalActions(buf)
			g.Apply(buf[r.Intn(len(buf))])
		}
		i++
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per game, want 0", allocs)
	}
}
