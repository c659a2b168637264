package stats

import "math"

// PairedDiff is the difference of two win rates over the same n campaigns, B's minus A's, from
// the campaigns won by A only and by B only, with its 95% interval: the Agresti-Min adjusted
// Wald interval for paired proportions (half a campaign added to each cell of the 2x2 table).
// NaN for no campaigns.
func PairedDiff(aOnly, bOnly, n int64) (diff, lo, hi float64) {
	if n <= 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	diff = float64(bOnly-aOnly) / float64(n)
	bb, cc, nn := float64(aOnly)+0.5, float64(bOnly)+0.5, float64(n)+2
	d := (cc - bb) / nn
	se := math.Sqrt(max((bb+cc)-(cc-bb)*(cc-bb)/nn, 0)) / nn
	return diff, max(d-z95()*se, -1), min(d+z95()*se, 1)
}

// PairedMean is the mean of n paired differences from their sum and sum of squares, with the
// 95% interval mean ± Z(0.95)·SE (SE from the sample variance; NaN for no campaigns, no
// interval for one).
func PairedMean(sum, squares, n int64) (mean, lo, hi float64) {
	if n <= 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	mean = float64(sum) / float64(n)
	if n < 2 {
		return mean, math.NaN(), math.NaN()
	}
	v := max((float64(squares)-float64(sum)*float64(sum)/float64(n))/float64(n-1), 0)
	se := math.Sqrt(v / float64(n))
	return mean, mean - z95()*se, mean + z95()*se
}
