package meta

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// counts builds Counts from the wins of every pair (i < j): [i, j, i's wins, j's wins, games].
func counts(n int, pairs [][5]int64) Counts {
	c := Counts{Wins: make([][]int64, n), Games: make([][]int64, n)}
	for i := range n {
		c.Wins[i], c.Games[i] = make([]int64, n), make([]int64, n)
	}
	for _, p := range pairs {
		i, j := p[0], p[1]
		c.Wins[i][j], c.Wins[j][i] = p[2], p[3]
		c.Games[i][j], c.Games[j][i] = p[4], p[4]
	}
	return c
}

// A noisy cycle of three: 0 beats 1, 1 beats 2, 2 beats 0, 60-40 or so, some games drawn.
func noisyCycle() Counts {
	return counts(3, [][5]int64{{0, 1, 120, 75, 200}, {1, 2, 110, 82, 200}, {0, 2, 70, 125, 200}})
}

func TestPayoff(t *testing.T) {
	a := noisyCycle().Payoff()
	want := [][]float64{{0, 0.225, -0.275}, {-0.225, 0, 0.14}, {0.275, -0.14, 0}}
	for i := range want {
		for j := range want {
			if math.Abs(a[i][j]-want[i][j]) > 1e-12 {
				t.Fatalf("payoff %v, want %v", a, want)
			}
		}
	}
	if a := counts(2, nil).Payoff(); a[0][1] != 0 || a[1][0] != 0 {
		t.Errorf("a pair never played: %v, want even", a)
	}
}

// The same seed and stream give the same meta, bit for bit; another seed or stream other
// intervals.
func TestBootstrapDeterministic(t *testing.T) {
	a, err := Bootstrap(noisyCycle(), 200, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(noisyCycle(), 200, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("two bootstraps of seed 1 differ:\n%+v\n%+v", a, b)
	}
	for _, other := range [][2]uint64{{2, 0}, {1, 1}} {
		c, err := Bootstrap(noisyCycle(), 200, other[0], other[1])
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(a.WeightLo, c.WeightLo) && reflect.DeepEqual(a.WeightHi, c.WeightHi) {
			t.Errorf("seed and stream %v give the intervals of 1, 0: %v %v", other, a.WeightLo, a.WeightHi)
		}
	}
	for i, w := range a.Weights {
		if !(a.WeightLo[i] < w && w < a.WeightHi[i]) || a.InSupport[i] < 190 || a.Rank[i] != 1 {
			t.Errorf("entrant %d: weight %g, interval %g-%g, in support %d, rank %d", i, w, a.WeightLo[i], a.WeightHi[i],
				a.InSupport[i], a.Rank[i])
		}
	}
}

// An entrant that won every game takes the whole meta in every resample; the others' Nash
// averages are their (certain) losses to it.
func TestBootstrapCertain(t *testing.T) {
	c := counts(3, [][5]int64{{0, 1, 50, 0, 50}, {0, 2, 40, 0, 40}, {1, 2, 30, 20, 50}})
	m, err := Bootstrap(c, 100, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1, 0, 0}
	for i := range want {
		if m.Weights[i] != want[i] || m.WeightLo[i] != want[i] || m.WeightHi[i] != want[i] {
			t.Errorf("entrant %d: weight %g [%g, %g], want %g", i, m.Weights[i], m.WeightLo[i], m.WeightHi[i], want[i])
		}
	}
	if m.InSupport[0] != 100 || m.InSupport[1] != 0 || m.Payoffs[1] != -1 || m.PayoffLo[2] != -1 || m.PayoffHi[2] != -1 {
		t.Errorf("in support %v, payoffs %v [%v, %v]", m.InSupport, m.Payoffs, m.PayoffLo, m.PayoffHi)
	}
	if want := []int{1, 2, 2}; !reflect.DeepEqual(m.Rank, want) {
		t.Errorf("ranks %v, want %v", m.Rank, want)
	}
}

// Two entrants, 55-45 over 100 games: the equilibrium plays whoever won more (both on a tie),
// so the share of resamples that play the first is P(W >= 50), W ~ Binomial(100, 0.55).
func TestBootstrapSupportShare(t *testing.T) {
	const b = 4000
	m, err := Bootstrap(counts(2, [][5]int64{{0, 1, 55, 45, 100}}), b, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := distuv.Binomial{N: 100, P: 0.55}.Survival(49.5)
	if got := float64(m.InSupport[0]) / b; math.Abs(got-want) > 0.02 {
		t.Errorf("entrant 0 in %.3f of the resamples' support, want %.3f", got, want)
	}
	if m.WeightLo[0] != 0 || m.WeightHi[0] != 1 {
		t.Errorf("weight interval [%g, %g], want [0, 1]", m.WeightLo[0], m.WeightHi[0])
	}
}

// The resampled wins are the pair's multinomial: each side's mean share is its observed share,
// the games neither won included, and the wins never exceed the games.
func TestResampleMeans(t *testing.T) {
	c := counts(2, [][5]int64{{0, 1, 30, 50, 100}})
	draw := [][]int64{{0, 0}, {0, 0}}
	src := rand.NewPCG(5, 5)
	var s0, s1 float64
	const rounds = 20000
	for range rounds {
		c.resample(draw, src)
		if draw[0][1] < 0 || draw[1][0] < 0 || draw[0][1]+draw[1][0] > 100 {
			t.Fatalf("resampled wins %v of 100 games", draw)
		}
		s0 += float64(draw[0][1])
		s1 += float64(draw[1][0])
	}
	if m0, m1 := s0/rounds, s1/rounds; math.Abs(m0-30) > 0.2 || math.Abs(m1-50) > 0.2 {
		t.Errorf("mean wins %.2f and %.2f, want 30 and 50", m0, m1)
	}
}

// Counts that are not a round robin are refused with the pair named.
func TestCountsCheck(t *testing.T) {
	bad := []Counts{
		counts(2, [][5]int64{{0, 1, 60, 50, 100}}), // more wins than games
		counts(2, [][5]int64{{0, 1, -1, 50, 100}}),
		{Wins: [][]int64{{0, 1}, {1, 0}}, Games: [][]int64{{0, 2}, {3, 0}}}, // games differ
		{Wins: [][]int64{{0}}, Games: [][]int64{{0, 2}, {2, 0}}},
	}
	for _, c := range bad {
		if _, err := Bootstrap(c, 10, 1, 0); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
	if _, err := Bootstrap(noisyCycle(), 0, 1, 0); err == nil {
		t.Error("0 resamples accepted")
	}
}
