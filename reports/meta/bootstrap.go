package meta

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Level is the coverage of Bootstrap's percentile intervals: 95%.
const Level = 0.95

// Counts are the games of a round robin between n entrants: Wins[i][j] the games i won against
// j and Games[i][j] the games i and j played (Games[i][j] = Games[j][i]); a game neither won
// (a draw, a game stopped at a cap) counts in Games and in neither's Wins. The diagonal (an
// entrant against itself) is not read.
type Counts struct {
	Wins, Games [][]int64
}

// Payoff is the game of the counts: A[i][j] = (Wins[i][j] - Wins[j][i]) / Games[i][j], the
// share of their games i won minus the share j won, in [-1, 1]; 0 on the diagonal and for a
// pair that never played (as an even pair).
func (c Counts) Payoff() [][]float64 {
	n := len(c.Games)
	a := make([][]float64, n)
	for i := range n {
		a[i] = make([]float64, n)
		for j := range n {
			if g := c.Games[i][j]; i != j && g > 0 {
				a[i][j] = float64(c.Wins[i][j]-c.Wins[j][i]) / float64(g)
			}
		}
	}
	return a
}

// Check returns an error naming the first pair whose counts do not make a round robin: square
// matrices, Games symmetric, wins >= 0 and adding up to no more than the games.
func (c Counts) Check() error {
	n := len(c.Games)
	if len(c.Wins) != n {
		return fmt.Errorf("meta: %d rows of wins for %d of games", len(c.Wins), n)
	}
	for i := range n {
		if len(c.Wins[i]) != n || len(c.Games[i]) != n {
			return fmt.Errorf("meta: row %d is not %d long", i, n)
		}
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			g, wi, wj := c.Games[i][j], c.Wins[i][j], c.Wins[j][i]
			if g != c.Games[j][i] || wi < 0 || wj < 0 || wi+wj > g {
				return fmt.Errorf("meta: pair (%d, %d): %d and %d games, %d and %d wins", i, j, g, c.Games[j][i], wi, wj)
			}
		}
	}
	return nil
}

// Meta is the maximum-entropy equilibrium of a round robin's counts with its uncertainty
// (Bootstrap).
type Meta struct {
	// Equilibrium is the counts' own, as they are.
	Equilibrium
	// Resamples is the number of resamples B the intervals are made of.
	Resamples int
	// WeightLo and WeightHi are each entrant's percentile interval of its weight over the
	// resamples (Level), PayoffLo and PayoffHi of its Nash average.
	WeightLo, WeightHi, PayoffLo, PayoffHi []float64
	// InSupport counts, for each entrant, the resamples whose equilibrium plays it.
	InSupport []int
	// Rank is each entrant's Nash-averaging rank (Ranks of the Nash averages): 1 for every
	// entrant the equilibrium plays.
	Rank []int
}

// Bootstrap returns the equilibrium of the counts c (Solve of c.Payoff()) and its uncertainty
// from a parametric bootstrap of c: resamples times, every pair's games are drawn again from
// its own counts (i's wins, j's wins and the games neither won, a multinomial of the pair's
// games with the shares observed: two binomials, gonum's distuv.Binomial), and the game solved
// again. The intervals are the resamples' 2.5th and 97.5th percentiles (stat.Empirical).
// Deterministic for the seed and the stream: the draws come from one PCG (seed, stream), the
// pairs in a fixed order (the stream tells apart several bootstraps of one seed).
func Bootstrap(c Counts, resamples int, seed, stream uint64) (Meta, error) {
	if err := c.Check(); err != nil {
		return Meta{}, err
	}
	if resamples < 1 {
		return Meta{}, fmt.Errorf("meta: %d resamples", resamples)
	}
	eq, err := Solve(c.Payoff())
	if err != nil {
		return Meta{}, err
	}
	n := len(c.Games)
	weights, pays := make([][]float64, n), make([][]float64, n)
	m := Meta{Equilibrium: eq, Resamples: resamples, InSupport: make([]int, n), Rank: Ranks(eq.Payoffs)}
	src := rand.NewPCG(seed, stream)
	draw := Counts{Wins: make([][]int64, n), Games: c.Games}
	for i := range n {
		draw.Wins[i] = make([]int64, n)
	}
	for b := range resamples {
		c.resample(draw.Wins, src)
		e, err := Solve(draw.Payoff())
		if err != nil {
			return Meta{}, fmt.Errorf("resample %d: %w", b+1, err)
		}
		for i := range n {
			weights[i] = append(weights[i], e.Weights[i])
			pays[i] = append(pays[i], e.Payoffs[i])
			if e.Support[i] {
				m.InSupport[i]++
			}
		}
	}
	m.WeightLo, m.WeightHi = percentiles(weights)
	m.PayoffLo, m.PayoffHi = percentiles(pays)
	return m, nil
}

// resample draws every pair's wins again into wins: i's from Binomial(games, its share), j's
// from the games left with j's share of them; the pairs in order (i < j).
func (c Counts) resample(wins [][]int64, src rand.Source) {
	for i := range c.Games {
		for j := i + 1; j < len(c.Games); j++ {
			g := c.Games[i][j]
			if g == 0 {
				continue
			}
			wi := binomial(g, float64(c.Wins[i][j])/float64(g), src)
			var wj int64
			if left := g - c.Wins[i][j]; left > 0 {
				wj = binomial(g-wi, float64(c.Wins[j][i])/float64(left), src)
			}
			wins[i][j], wins[j][i] = wi, wj
		}
	}
}

// binomial draws from Binomial(n, p); no draw for p 0 or 1, whose outcome is certain.
func binomial(n int64, p float64, src rand.Source) int64 {
	switch {
	case n == 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	}
	return int64(distuv.Binomial{N: float64(n), P: p, Src: src}.Rand())
}

// percentiles returns each row's percentile interval at Level (the row is sorted in place).
func percentiles(rows [][]float64) (lo, hi []float64) {
	for _, xs := range rows {
		slices.Sort(xs)
		lo = append(lo, stat.Quantile((1-Level)/2, stat.Empirical, xs, nil))
		hi = append(hi, stat.Quantile(1-(1-Level)/2, stat.Empirical, xs, nil))
	}
	return lo, hi
}

// Ranks ranks entrants by their Nash averages, highest first, the tied sharing a rank (1, 1,
// 3): the entrants an equilibrium plays all rank 1.
func Ranks(payoffs []float64) []int {
	out := make([]int, len(payoffs))
	for i, v := range payoffs {
		out[i] = 1
		for _, w := range payoffs {
			if w > v {
				out[i]++
			}
		}
	}
	return out
}
