package meta

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Tol is the solver's tolerance: a payoff matrix is antisymmetric when A[i][j] + A[j][i] is
// within Tol of 0, and a Nash average within Tol of 0 is 0 (the maximum-entropy mix is found
// to about that precision; the equilibrium's support exactly).
const Tol = 1e-9

// Equilibrium is the maximum-entropy Nash equilibrium of a symmetric zero-sum game (Solve).
type Equilibrium struct {
	// Weights is the mix: Weights[i] in [0, 1] is the probability of playing i; they sum to 1.
	Weights []float64
	// Support marks the entrants the mix plays (a positive weight): every entrant that some
	// equilibrium plays, since the mix of maximum entropy plays them all.
	Support []bool
	// Payoffs are the Nash averages: Payoffs[i] = sum over j of A[i][j]·Weights[j], i's
	// expected payoff against the mix, 0 on the support and at most 0 off it (the game's value
	// is 0). Values within Tol of 0 are 0.
	Payoffs []float64
}

// ErrNotSymmetric is returned for a payoff matrix that is not square and antisymmetric.
var ErrNotSymmetric = errors.New("meta: the payoff matrix is not square and antisymmetric")

// Solve returns the maximum-entropy Nash equilibrium of the symmetric two-player zero-sum game
// with payoff matrix a (a[i][j] what i gains against j; antisymmetric, finite; at least one
// entrant). In three steps:
//
//  1. One linear program (simplex: a dense tableau pivoted by Bland's rule) finds an
//     equilibrium that plays every entrant some equilibrium plays, and leaves every other
//     strictly worse off: x >= 0 with A·x <= 0 (x/sum(x) is an equilibrium) and
//     x_j - (A·x)_j >= 1 for every j, which Tucker's theorem on antisymmetric matrices
//     guarantees exists. Each entrant is then either played (x_j > 0) or beaten by the mix
//     ((A·x)_j < 0), never both (their products add up to x·A·x = 0), which decides the
//     support exactly.
//  2. The equilibria are the mixes p on that support with (A·p)_j = 0 for j in it and
//     (A·p)_j <= 0 for the others: a polytope. When it is a single point (the usual case with
//     measured payoffs) the linear program's answer is the equilibrium.
//  3. Otherwise the mix of maximum entropy over the polytope, found by Newton's method on its
//     equalities' null space with a logarithmic barrier for the inequalities (maxEntropy),
//     started from step 1's mix, which lies strictly inside.
func Solve(a [][]float64) (Equilibrium, error) {
	n := len(a)
	if err := checkGame(a); err != nil {
		return Equilibrium{}, err
	}
	x, err := tuckerPoint(a)
	if err != nil {
		return Equilibrium{}, err
	}
	ax := mulVec(a, x)
	support := make([]bool, n)
	p := make([]float64, n)
	var sum float64
	for j := range n {
		if x[j] > -ax[j] {
			support[j] = true
			p[j] = x[j]
			sum += x[j]
		}
	}
	if sum <= 0 {
		return Equilibrium{}, errors.New("meta: the linear program found no equilibrium")
	}
	for j := range p {
		p[j] /= sum
	}
	p, err = maxEntropy(a, support, p)
	if err != nil {
		return Equilibrium{}, err
	}
	return Equilibrium{Weights: p, Support: support, Payoffs: payoffs(a, p, support)}, nil
}

// checkGame returns ErrNotSymmetric (wrapped, naming the cell) unless a is a non-empty square
// antisymmetric matrix of finite numbers.
func checkGame(a [][]float64) error {
	n := len(a)
	if n == 0 {
		return fmt.Errorf("%w: no entrant", ErrNotSymmetric)
	}
	for i, row := range a {
		if len(row) != n {
			return fmt.Errorf("%w: row %d has %d cells, not %d", ErrNotSymmetric, i, len(row), n)
		}
	}
	for i := range n {
		for j := range n {
			if v := a[i][j]; math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v+a[j][i]) > Tol {
				return fmt.Errorf("%w: cell (%d, %d) is %g and (%d, %d) %g", ErrNotSymmetric, i, j, v, j, i, a[j][i])
			}
		}
	}
	return nil
}

// tuckerPoint solves the linear program of Solve's first step in standard form (minimise
// c·v subject to M·v = b, v >= 0), v = (x, z, s1, s2, s3), each of n entries:
//
//	maximise sum(z)  subject to  z_j - x_j + (A·x)_j + s1_j = 0
//	                             (A·x)_j + s2_j = 0
//	                             z_j + s3_j = 1
//
// from the feasible basis of the slacks (x = z = 0). Its optimum has every z_j = 1; it returns
// x.
func tuckerPoint(a [][]float64) ([]float64, error) {
	n := len(a)
	m := mat.NewDense(3*n, 5*n, nil)
	b := make([]float64, 3*n)
	c := make([]float64, 5*n)
	basis := make([]int, 3*n)
	for j := range n {
		for i := range n {
			m.Set(j, i, a[j][i])
			m.Set(n+j, i, a[j][i])
		}
		m.Set(j, j, m.At(j, j)-1)
		m.Set(j, n+j, 1)
		m.Set(2*n+j, n+j, 1)
		b[2*n+j] = 1
		c[n+j] = -1
	}
	for r := range 3 * n {
		m.Set(r, 2*n+r, 1)
		basis[r] = 2*n + r
	}
	v, err := simplex(m, b, c, basis)
	if err != nil {
		return nil, err
	}
	for j := range n { // Tucker's theorem: every z_j reaches 1
		if v[n+j] < 0.5 {
			return nil, fmt.Errorf("meta: the linear program left entrant %d undecided", j)
		}
	}
	return v[:n], nil
}

// payoffs are the Nash averages A·p, exactly 0 on the support and within Tol of 0.
func payoffs(a [][]float64, p []float64, support []bool) []float64 {
	out := mulVec(a, p)
	for i, v := range out {
		if support[i] || math.Abs(v) <= Tol {
			out[i] = 0
		}
	}
	return out
}

// mulVec returns a·x.
func mulVec(a [][]float64, x []float64) []float64 {
	out := make([]float64, len(a))
	for i, row := range a {
		for j, v := range row {
			out[i] += v * x[j]
		}
	}
	return out
}
