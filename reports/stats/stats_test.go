package stats

import (
	"fmt"
	"math"
	"testing"

	"github.com/clockworksim/clockwork/sim"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(want) {
		if !math.IsNaN(got) {
			t.Errorf("%s = %v, want NaN", what, got)
		}
		return
	}
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.12g, want %.12g (±%g)", what, got, want, tol)
	}
}

func TestZ(t *testing.T) {
	near(t, "Z(0.95)", Z(0.95), 1.959963984540054, 1e-12)
	near(t, "Z(0.90)", Z(0.90), 1.6448536269514722, 1e-12)
	near(t, "Z(0.99)", Z(0.99), 2.5758293035489004, 1e-12)
}

// The expected intervals are worked by hand from the Wilson formula
// (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n) with z = 1.959964.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int64
		lo, hi float64
	}{
		{5, 10, 0.236593090513, 0.763406909487}, // symmetric around 1/2
		{0, 10, 0, 0.277532799863},              // hi = (z²/n) / (1 + z²/n)
		{10, 10, 0.722467200137, 1},
		{1, 3, 0.061491944720, 0.792340399198},
		{41, 10000, 0.003023854656, 0.005556994928},
		{0, 0, 0, 1}, // nothing known
	} {
		lo, hi := Wilson(c.k, c.n, Z(0.95))
		near(t, fmt.Sprintf("Wilson(%d,%d) lo", c.k, c.n), lo, c.lo, 1e-9)
		near(t, fmt.Sprintf("Wilson(%d,%d) hi", c.k, c.n), hi, c.hi, 1e-9)
		// sim.Wilson uses the same formula with a hard-coded z: they must agree.
		slo, shi := sim.Wilson(c.k, c.n)
		near(t, "sim.Wilson lo", lo, slo, 1e-12)
		near(t, "sim.Wilson hi", hi, shi, 1e-12)
	}
}

func TestNewRate(t *testing.T) {
	r := NewRate(5, 10)
	if r.K != 5 || r.N != 10 || r.P != 0.5 || !r.Known() {
		t.Errorf("NewRate(5, 10) = %+v", r)
	}
	near(t, "lo", r.Lo, 0.236593090513, 1e-9)
	r = NewRate(0, 0)
	if r.Known() || !math.IsNaN(r.P) || r.Lo != 0 || r.Hi != 1 {
		t.Errorf("NewRate(0, 0) = %+v, want unknown with [0, 1]", r)
	}
}

func TestSummarize(t *testing.T) {
	for _, c := range []struct {
		name                      string
		hist                      []int64
		n                         int64
		mean, sd, se, median, p90 float64
		max                       int
		censored                  bool
	}{
		// Values 1 (x2), 2 (x3), 3 (x5): mean 23/10; squared deviations 2·1.69 + 3·0.09 + 5·0.49 = 6.1,
		// SD = sqrt(6.1/9), SE = SD/sqrt(10); 5 of 10 at or below 2, 9 of 10 at or below 3.
		{"three values", []int64{0, 2, 3, 5, 0}, 10, 2.3, 0.823272602349, 0.260341655864, 2, 3, 3, false},
		{"censored last bin", []int64{0, 2, 3, 5}, 10, 2.3, 0.823272602349, 0.260341655864, 2, 3, 3, true},
		// 4 zeros and 6 threes: mean 1.8; deviations 4·3.24 + 6·1.44 = 21.6, SD = sqrt(2.4).
		{"two values", []int64{4, 0, 0, 6, 0}, 10, 1.8, math.Sqrt(2.4), math.Sqrt(0.24), 3, 3, 3, false},
		{"one observation", []int64{0, 0, 1, 0}, 1, 2, math.NaN(), math.NaN(), 2, 2, 2, false},
		{"empty", []int64{0, 0, 0}, 0, math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), -1, false},
		{"nil", nil, 0, math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), -1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := Summarize(c.hist)
			if s.N != c.n || s.Max != c.max || s.Censored != c.censored {
				t.Errorf("N, Max, Censored = %d, %d, %v; want %d, %d, %v", s.N, s.Max, s.Censored, c.n, c.max, c.censored)
			}
			near(t, "Mean", s.Mean, c.mean, 1e-12)
			near(t, "SD", s.SD, c.sd, 1e-9)
			near(t, "SE", s.SE, c.se, 1e-9)
			near(t, "Median", s.Median, c.median, 0)
			near(t, "P90", s.P90, c.p90, 0)
		})
	}
}

func TestHistMeanQuantile(t *testing.T) {
	m, se := HistMean([]int64{0, 2, 3, 5})
	near(t, "mean", m, 2.3, 1e-12)
	near(t, "se", se, 0.260341655864, 1e-9)
	h := []int64{4, 0, 0, 6}
	near(t, "q(0.4)", HistQuantile(h, 0.4), 0, 0) // 4 of 10 at or below 0
	near(t, "q(0.41)", HistQuantile(h, 0.41), 3, 0)
	near(t, "q(1)", HistQuantile(h, 1), 3, 0)
	near(t, "q(empty)", HistQuantile([]int64{0, 0}, 0.5), math.NaN(), 0)
	lo, hi := Summarize([]int64{0, 2, 3, 5}).CI95()
	near(t, "CI95 lo", lo, 2.3-1.959963984540054*0.260341655864, 1e-9)
	near(t, "CI95 hi", hi, 2.3+1.959963984540054*0.260341655864, 1e-9)
}

func TestShares(t *testing.T) {
	dst := make([]float64, 0, 8)
	got := Shares(dst, []int64{1, 3, 0, 4})
	want := []float64{0.125, 0.375, 0, 0.5}
	if &got[0] != &dst[:1][0] {
		t.Error("Shares allocated although dst was large enough")
	}
	for i := range want {
		near(t, fmt.Sprint("share ", i), got[i], want[i], 0)
	}
	for _, x := range Shares(nil, []int64{0, 0}) {
		near(t, "empty share", x, 0, 0)
	}
}

func ExampleWilson() {
	lo, hi := Wilson(41, 1000, Z(0.95))
	fmt.Printf("41 wins in 1000 campaigns: 4.1%%, 95%% interval %.2f%%-%.2f%%\n", 100*lo, 100*hi)
	// Output: 41 wins in 1000 campaigns: 4.1%, 95% interval 3.04%-5.51%
}

func ExampleSummarize() {
	// rounds_hist: 2 campaigns took 1 round, 3 took 2 rounds, 5 took 3 rounds.
	s := Summarize([]int64{0, 2, 3, 5, 0})
	fmt.Printf("mean %.2f ± %.2f (SE), median %.0f, 90th percentile %.0f\n", s.Mean, s.SE, s.Median, s.P90)
	// Output: mean 2.30 ± 0.26 (SE), median 2, 90th percentile 3
}
