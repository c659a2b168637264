package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// McNemarExactBelow is the number of discordant pairs (b+c) below which McNemarTest uses the
// exact binomial test; from it on, the chi-square approximation with continuity correction.
const McNemarExactBelow = 25

// McNemar is McNemar's test of paired binary outcomes: the same campaigns played by two versions
// A and B, where only the discordant pairs (won by one version and lost by the other) tell them
// apart. Under the null hypothesis (same win probability) each discordant pair is equally likely
// to go either way.
type McNemar struct {
	// B is the number of pairs won by A only, C the number won by B only.
	B, C int64
	// Statistic is McNemar's chi-square with Edwards' continuity correction,
	// max(0, |b-c| - 1)² / (b+c), 0 when b+c is 0.
	Statistic float64
	// P is the two-sided p-value in [0,1]: the exact binomial test when Exact, else the
	// chi-square (1 degree of freedom) survival function at Statistic. 1 when b+c is 0.
	P float64
	// Exact is true when b+c < McNemarExactBelow and P is the exact binomial test's.
	Exact bool
}

// McNemarTest returns McNemar's test for b pairs won by A only and c won by B only (counts >= 0):
// the exact binomial test when b+c < McNemarExactBelow, else the chi-square with continuity
// correction. The statistic is reported in both cases.
func McNemarTest(b, c int64) McNemar {
	t := McNemar{B: b, C: c, P: 1}
	n := b + c
	if n <= 0 {
		t.Exact = true
		return t
	}
	d := math.Max(0, math.Abs(float64(b-c))-1)
	t.Statistic = d * d / float64(n)
	if n < McNemarExactBelow {
		t.Exact = true
		t.P = ExactBinomialP(min(b, c), n)
		return t
	}
	t.P = distuv.ChiSquared{K: 1}.Survival(t.Statistic)
	return t
}

// ExactBinomialP returns the exact two-sided p-value of the binomial test of k successes in n
// trials with success probability 1/2 (0 <= k <= n): 2·P(X <= min(k, n-k)) for X ~ Binomial(n,
// 1/2), at most 1. (For p = 1/2 doubling the smaller tail equals summing the probabilities of
// every outcome no more likely than k.) 1 when n is 0.
func ExactBinomialP(k, n int64) float64 {
	if n <= 0 {
		return 1
	}
	k = min(k, n-k)
	p := 2 * distuv.Binomial{N: float64(n), P: 0.5}.CDF(float64(k))
	return math.Min(1, p)
}
