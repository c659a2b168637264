package meta

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// rps is rock-paper-scissors: each beats the next.
var rps = [][]float64{{0, 1, -1}, {-1, 0, 1}, {1, -1, 0}}

// Games with known answers, among them games with a continuum of equilibria, whose answer is
// the one of maximum entropy.
func TestSolveKnownAnswers(t *testing.T) {
	cases := []struct {
		name    string
		a       [][]float64
		weights []float64
		payoffs []float64
	}{
		{"rock-paper-scissors: uniform", rps, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, []float64{0, 0, 0}},
		{"one entrant", [][]float64{{0}}, []float64{1}, []float64{0}},
		{"a dominant entrant takes it all", [][]float64{{0, 0.2, 0.9}, {-0.2, 0, 0.5}, {-0.9, -0.5, 0}},
			[]float64{1, 0, 0}, []float64{0, -0.2, -0.9}},
		{"dominant but for an even pair: the pair shares it", [][]float64{{0, 0, 0.4}, {0, 0, 0.6}, {-0.4, -0.6, 0}},
			[]float64{0.5, 0.5, 0}, []float64{0, 0, -0.5}},
		{"all even: uniform", [][]float64{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}},
			[]float64{0.25, 0.25, 0.25, 0.25}, []float64{0, 0, 0, 0}},
		// Rock cloned: every (a, 1/3, 1/3, 1/3 - a) is an equilibrium; the entropy splits rock.
		{"a clone: the continuum's max entropy", [][]float64{{0, 1, -1, 0}, {-1, 0, 1, -1}, {1, -1, 0, 1}, {0, 1, -1, 0}},
			[]float64{1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6}, []float64{0, 0, 0, 0}},
		// 1 and 2 are even and beat 3, who beats 1 by 0.9 and loses to 2 by 0.3: (q, 1-q, 0) is an
		// equilibrium for q <= 1/4, and the entropy, which would like 1/2, stops at that bound.
		{"a continuum cut short: max entropy on its bound", [][]float64{{0, 0, -0.9}, {0, 0, 0.3}, {0.9, -0.3, 0}},
			[]float64{0.25, 0.75, 0}, []float64{0, 0, 0}},
		// Matching pennies with a third entrant every other beats: pennies' own equilibrium.
		{"an entrant everyone beats", [][]float64{{0, 1, -1, 0.5}, {-1, 0, 1, 0.5}, {1, -1, 0, 0.5}, {-0.5, -0.5, -0.5, 0}},
			[]float64{1.0 / 3, 1.0 / 3, 1.0 / 3, 0}, []float64{0, 0, 0, -0.5}},
		// A weighted cycle (0 beats 1 by 0.2, 1 beats 2 by 0.3, 2 beats 0 by 0.6): each weight is
		// in proportion to the margin of the pair it is not in.
		{"a weighted cycle", [][]float64{{0, 0.2, -0.6}, {-0.2, 0, 0.3}, {0.6, -0.3, 0}},
			[]float64{0.3 / 1.1, 0.6 / 1.1, 0.2 / 1.1}, []float64{0, 0, 0}},
	}
	for _, c := range cases {
		e, err := Solve(c.a)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i := range c.weights {
			if math.Abs(e.Weights[i]-c.weights[i]) > 1e-9 {
				t.Errorf("%s: weights %v, want %v", c.name, e.Weights, c.weights)
				break
			}
		}
		for i := range c.payoffs {
			if math.Abs(e.Payoffs[i]-c.payoffs[i]) > 1e-7 || e.Support[i] != (c.weights[i] > 0) {
				t.Errorf("%s: payoffs %v support %v, want %v", c.name, e.Payoffs, e.Support, c.payoffs)
				break
			}
		}
	}
}

// checkEquilibrium fails unless e is a Nash equilibrium of a: a mix, whose support earns 0
// against it and every other entrant at most 0.
func checkEquilibrium(t *testing.T, name string, a [][]float64, e Equilibrium) {
	t.Helper()
	var sum float64
	for i, w := range e.Weights {
		sum += w
		if w < 0 || (w > 0) != e.Support[i] {
			t.Fatalf("%s: weight %d is %g, support %v", name, i, w, e.Support)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("%s: the weights add up to %g", name, sum)
	}
	for i, v := range mulVec(a, e.Weights) {
		if v > 1e-9 || (e.Support[i] && math.Abs(v) > 1e-9) || math.Abs(v-e.Payoffs[i]) > 1e-9 {
			t.Fatalf("%s: entrant %d earns %g against the mix (Payoffs %g, support %v)", name, i, v, e.Payoffs[i], e.Support[i])
		}
	}
}

// randomGame is an antisymmetric n x n game with payoffs in [-1, 1] (rounded to whole
// percents when coarse, so that ties and degenerate games come up).
func randomGame(r *rand.Rand, n int, coarse bool) [][]float64 {
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			v := 2*r.Float64() - 1
			if coarse {
				v = math.Round(v*4) / 4
			}
			a[i][j], a[j][i] = v, -v
		}
	}
	return a
}

// Random games, fine and coarse (many ties), of 2 to 12 entrants: Solve always finds an
// equilibrium.
func TestSolveRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for k := range 2000 {
		a := randomGame(r, 2+k%11, k%2 == 1)
		e, err := Solve(a)
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		checkEquilibrium(t, "random game", a, e)
	}
}

// clone returns a with entrant 0 copied copies times more (the copies play as it does and are
// even with it), appended at the end.
func clone(a [][]float64, copies int) [][]float64 {
	n := len(a)
	out := make([][]float64, n+copies)
	for i := range out {
		out[i] = make([]float64, n+copies)
		for j := range out[i] {
			oi, oj := i, j
			if oi >= n {
				oi = 0
			}
			if oj >= n {
				oj = 0
			}
			out[i][j] = a[oi][oj]
		}
	}
	return out
}

// The maximum entropy is what makes the answer canonical: cloning an entrant of a random game
// (a continuum of equilibria: any split of its weight) splits its weight evenly among the
// copies and leaves the others' weights as they were (Balduzzi et al.'s invariance to
// redundant copies).
func TestSolveClonesShareEvenly(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for k := range 200 {
		a := randomGame(r, 3+k%6, false)
		base, err := Solve(a)
		if err != nil {
			t.Fatal(err)
		}
		copies := 1 + k%3
		cl := clone(a, copies)
		e, err := Solve(cl)
		if err != nil {
			t.Fatalf("game %d cloned: %v", k, err)
		}
		checkEquilibrium(t, "cloned game", cl, e)
		share := base.Weights[0] / float64(copies+1)
		for i, w := range e.Weights {
			want := share
			if i > 0 && i < len(a) {
				want = base.Weights[i]
			}
			if math.Abs(w-want) > 1e-6 {
				t.Fatalf("game %d, %d copies: weights %v, base %v", k, copies, e.Weights, base.Weights)
			}
		}
	}
}

// A matrix that is not a symmetric zero-sum game is refused.
func TestSolveRefuses(t *testing.T) {
	for _, a := range [][][]float64{
		nil,
		{{0, 1}, {1, 0}},
		{{0, 1}, {-1}},
		{{0, math.NaN()}, {math.NaN(), 0}},
		{{1}},
	} {
		if _, err := Solve(a); !errors.Is(err, ErrNotSymmetric) {
			t.Errorf("%v: %v, want ErrNotSymmetric", a, err)
		}
	}
}

func TestRanks(t *testing.T) {
	got := Ranks([]float64{0, -0.5, 0, -0.1, -0.5})
	want := []int{1, 4, 1, 3, 4}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Ranks %v, want %v", got, want)
		}
	}
}
