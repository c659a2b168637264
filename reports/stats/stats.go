package stats

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/clockworksim/clockwork/sim"
)

// Z returns the two-sided standard normal critical value for a confidence level in (0,1):
// Z(0.95) = distuv.UnitNormal.Quantile(0.975) ≈ 1.959964.
func Z(level float64) float64 {
	return distuv.UnitNormal.Quantile(1 - (1-level)/2)
}

// z95 is Z(0.95), computed from gonum's normal quantile (not a rounded 1.96).
func z95() float64 { return Z(0.95) }

// Wilson returns the Wilson score interval [lo, hi] (both in [0,1]) for k successes out of n
// trials with critical value z (use Z(0.95) for a 95% interval). With n = 0 nothing is known and
// the interval is [0, 1].
func Wilson(k, n int64, z float64) (lo, hi float64) { return sim.WilsonZ(k, n, z) }

// Rate is a proportion K/N with its Wilson 95% interval. P, Lo and Hi are fractions in [0,1];
// when N is 0, P is NaN and the interval is [0,1].
type Rate struct {
	K, N      int64
	P, Lo, Hi float64
}

// NewRate returns the rate of k successes in n trials with its Wilson 95% interval.
func NewRate(k, n int64) Rate {
	r := Rate{K: k, N: n, P: math.NaN()}
	if n > 0 {
		r.P = float64(k) / float64(n)
	}
	r.Lo, r.Hi = Wilson(k, n, z95())
	return r
}

// Known reports whether the rate has at least one trial.
func (r Rate) Known() bool { return r.N > 0 }

// WideInterval is the width of a 95% interval (a fraction: 0.3 is 30 points) from which a rate
// counts as uncertain: a heat map hatches such cells (chart.RateCells), and a gate that passes
// only because such an interval overlaps its band is warned about (reports.CheckGates).
const WideInterval = 0.30

// Wide reports whether the rate's 95% interval is WideInterval or wider (a rate with no trial
// is not wide: it is unknown).
func (r Rate) Wide() bool { return r.Known() && r.Hi-r.Lo >= WideInterval }

// HistStats summarises a histogram of counts indexed by value (hist[v] = how many times the
// value v was seen), such as rounds_hist or final_shards_hist. The results file counts values
// past the last bin in the last bin, so when Censored is true the mean and the upper quantiles
// are lower bounds.
type HistStats struct {
	// N is the number of observations (the sum of the counts).
	N int64
	// Mean is the mean value, SD the sample standard deviation (denominator N-1) and SE the
	// standard error of the mean, SD/sqrt(N). All are NaN when N is 0; SD and SE when N is 1.
	Mean, SD, SE float64
	// Median and P90 are the smallest values v with at least 50% (90%) of the observations at
	// or below v (gonum's stat.Empirical quantile). NaN when N is 0.
	Median, P90 float64
	// Max is the largest value seen (-1 when N is 0).
	Max int
	// Censored is true when the last bin holds observations.
	Censored bool
}

// CI95 returns the normal-approximation 95% interval of the mean, Mean ± Z(0.95)·SE.
func (h HistStats) CI95() (lo, hi float64) {
	z := z95()
	return h.Mean - z*h.SE, h.Mean + z*h.SE
}

// Summarize computes the statistics of a histogram of counts with gonum's stat package.
func Summarize(hist []int64) HistStats {
	s := HistStats{Mean: math.NaN(), SD: math.NaN(), SE: math.NaN(), Median: math.NaN(), P90: math.NaN(), Max: -1}
	x, w := histXW(hist)
	for i, c := range hist {
		s.N += c
		if c > 0 {
			s.Max = i
		}
	}
	if s.N == 0 {
		return s
	}
	s.Censored = hist[len(hist)-1] > 0
	s.Mean = stat.Mean(x, w)
	if s.N > 1 {
		s.SD = stat.StdDev(x, w)
		s.SE = stat.StdErr(s.SD, float64(s.N))
	}
	s.Median = stat.Quantile(0.5, stat.Empirical, x, w)
	s.P90 = stat.Quantile(0.9, stat.Empirical, x, w)
	return s
}

// HistMean returns the mean value of a histogram of counts and its standard error (NaN when the
// histogram is empty, SE NaN with a single observation).
func HistMean(hist []int64) (mean, se float64) {
	s := Summarize(hist)
	return s.Mean, s.SE
}

// HistQuantile returns the p-quantile (p in [0,1]) of a histogram of counts: the smallest value
// v with at least a fraction p of the observations at or below v. NaN when the histogram is
// empty.
func HistQuantile(hist []int64, p float64) float64 {
	x, w := histXW(hist)
	if len(x) == 0 || sum(hist) == 0 {
		return math.NaN()
	}
	return stat.Quantile(p, stat.Empirical, x, w)
}

// histXW turns a histogram into gonum's (sorted values, weights) form.
func histXW(hist []int64) (x, w []float64) {
	x = make([]float64, len(hist))
	w = make([]float64, len(hist))
	for i, c := range hist {
		x[i] = float64(i)
		w[i] = float64(c)
	}
	return x, w
}

// sum adds up the counts of a histogram.
func sum(hist []int64) int64 {
	var n int64
	for _, c := range hist {
		n += c
	}
	return n
}

// Shares returns hist[i]/sum(hist) for every bin, in dst when it is long enough (allocating
// only when dst is too short); all zeros when the histogram is empty.
func Shares(dst []float64, hist []int64) []float64 {
	if cap(dst) < len(hist) {
		dst = make([]float64, len(hist))
	}
	dst = dst[:len(hist)]
	n := sum(hist)
	for i, c := range hist {
		dst[i] = 0
		if n > 0 {
			dst[i] = float64(c) / float64(n)
		}
	}
	return dst
}

// Pct converts a fraction to percent (NaN stays NaN).
func Pct(x float64) float64 { return 100 * x }

// NanZero maps NaN to 0 (for legends and terminal tables: an empty histogram's mean shows as 0).
func NanZero(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return x
}

// Estimate is a value with its 95% interval [Lo, Hi] and the N trials (observations, for a
// mean) behind it, such as a report's metric over some groups (reports.Metric.Pool). Value is
// NaN without trials; Lo and Hi are NaN when there is no interval: no trials, or a mean of a
// single observation (no SE).
type Estimate struct {
	Value, Lo, Hi float64
	N             int64
}

// Band is the estimate's interval, the value itself when there is none (a mean of one
// observation).
func (e Estimate) Band() (lo, hi float64) {
	if math.IsNaN(e.Lo) || math.IsNaN(e.Hi) {
		return e.Value, e.Value
	}
	return e.Lo, e.Hi
}
