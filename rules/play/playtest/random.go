// Package playtest holds the harnesses every game engine's tests share: random play with the
// invariants checked after every action (OpenSpiel's RandomSimTest), and the golden
// playthroughs (a seeded game's whole transcript, committed under testdata/<game>/golden and
// compared line by line; -regen rewrites them). Only tests import it.
package playtest

import (
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/rules/play"
)

// DefaultMaxActions bounds the actions of one random game: a game still going after that many
// fails the harness (every engine ends its games long before, at its turn cap at the latest).
const DefaultMaxActions = 200000

// Random plays games of one engine with a random (or a test's own) chooser and checks, after
// Reset and after every action, that the invariants hold (Check), that the decision lists a
// legal action, that the checked path accepts every listed action, and that every game ends.
type Random[A any, G play.State[A, G]] struct {
	// Games is the number of games played, 0 to Games-1.
	Games int
	// Seed seeds the chooser's stream of each game (game i: a PCG of (Seed, i)), so that a
	// failing game replays alone.
	Seed uint64
	// Reset sets g up for game i (its players or line-up, seed and index).
	Reset func(g G, i int)
	// Choose picks one of legal (never empty) in game g; nil picks uniformly.
	Choose func(g G, legal []A, r *rand.Rand) A
	// Step, when set, checks more of every decision before its action is played (e.g. a fact
	// the engine offers about its legal list); an error fails the test.
	Step func(g G, legal []A) error
	// Done, when set, sees every finished game.
	Done func(g G, i int)
	// Where, when set, describes the position in a failure's message (phase, level, round).
	Where func(g G) string
	// MaxActions bounds a game's actions (DefaultMaxActions when 0).
	MaxActions int
}

// Run plays the games on g (the caller's game, reused) and fails t at the first broken rule,
// naming the game, the action and the position. It returns the number of actions played.
func (h Random[A, G]) Run(t testing.TB, g G) int {
	t.Helper()
	maxActions := h.MaxActions
	if maxActions == 0 {
		maxActions = DefaultMaxActions
	}
	var pcg rand.PCG
	r := rand.New(&pcg)
	buf := make([]A, 0, 1024)
	total := 0
	for i := 0; i < h.Games; i++ {
		pcg.Seed(h.Seed, uint64(i))
		h.Reset(g, i)
		if err := g.Check(); err != nil {
			t.Fatalf("game %d after setup: %v", i, err)
		}
		for k := 0; !g.IsTerminal(); k++ {
			if k >= maxActions {
				t.Fatalf("game %d does not end after %d actions (%s)", i, k, h.where(g))
			}
			buf = g.LegalActions(buf)
			if len(buf) == 0 {
				t.Fatalf("game %d action %d: no legal action (%s)", i, k, h.where(g))
			}
			if h.Step != nil {
				if err := h.Step(g, buf); err != nil {
					t.Fatalf("game %d action %d: %v (%s)", i, k, err, h.where(g))
				}
			}
			a := h.choose(g, buf, r)
			if err := g.ApplyChecked(a); err != nil {
				t.Fatalf("game %d action %d: a listed action refused: %v (%s)", i, k, err, h.where(g))
			}
			if err := g.Check(); err != nil {
				t.Fatalf("game %d action %d %v (%s now): %v", i, k, a, h.where(g), err)
			}
			total++
		}
		if w := g.Winner(); w < play.TeamWon {
			t.Fatalf("game %d ended with winner %d", i, w)
		}
		if h.Done != nil {
			h.Done(g, i)
		}
	}
	return total
}

func (h Random[A, G]) choose(g G, legal []A, r *rand.Rand) A {
	if h.Choose == nil {
		return legal[r.IntN(len(legal))]
	}
	return h.Choose(g, legal, r)
}

func (h Random[A, G]) where(g G) string {
	if h.Where == nil {
		return "position not described"
	}
	return h.Where(g)
}
