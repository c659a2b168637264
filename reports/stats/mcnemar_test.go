package stats

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMcNemarKnownValues(t *testing.T) {
	cases := []struct {
		b, c      int64
		statistic float64
		p, tol    float64 // p-value and its tolerance
		exact     bool
	}{
		{10, 2, 49.0 / 12, 0.0386, 5e-5, true},             // exact: 2·(1+12+66)/4096 = 0.03857
		{2, 10, 49.0 / 12, 0.0386, 5e-5, true},             // symmetric
		{30, 15, 4.3556, 0.0369, 5e-5, false},              // (|30-15|-1)²/45
		{0, 6, 25.0 / 6, 0.03125, 1e-9, true},              // 2/2^6
		{5, 5, 0, 1, 1e-9, true},                           // no evidence either way
		{0, 0, 0, 1, 0, true},                              // no discordant pairs
		{1, 0, 0, 1, 1e-9, true},                           // one pair proves nothing
		{24, 0, 23.0 * 23 / 24, 1.1920929e-7, 1e-13, true}, // the largest exact case: 2/2^24
		{17, 3, 13.0 * 13 / 20, 0.0025768280, 1e-9, true},  // exact with b+c = 20
		{20, 5, 7.84, 0.0051102607, 1e-9, false},           // b+c = 25: the chi-square from here on
		{13, 12, 0, 1, 1e-9, false},                        // |b-c| = 1: corrected to 0
		{100, 70, 841.0 / 170, 0.0261350941, 1e-9, false},  // (30-1)²/170
		{1000, 1100, 99.0 * 99 / 2100, 0.0307450348, 1e-9, false},
	}
	for _, c := range cases {
		got := McNemarTest(c.b, c.c)
		assert.Equal(t, c.b, got.B)
		assert.Equal(t, c.c, got.C)
		assert.InDelta(t, c.statistic, got.Statistic, 1e-4, "statistic b=%d c=%d", c.b, c.c)
		assert.InDelta(t, c.p, got.P, c.tol, "p b=%d c=%d", c.b, c.c)
		assert.Equal(t, c.exact, got.Exact, "b=%d c=%d", c.b, c.c)
	}
}

func TestExactBinomialP(t *testing.T) {
	cases := []struct {
		k, n int64
		p    float64
	}{
		{2, 12, 79.0 / 2048},
		{10, 12, 79.0 / 2048},
		{0, 1, 1},
		{0, 0, 1},
		{0, 10, 2.0 / 1024},
		{3, 20, 0.0025768280029296875},
		{50, 100, 1},
	}
	for _, c := range cases {
		assert.InDelta(t, c.p, ExactBinomialP(c.k, c.n), 1e-9, "k=%d n=%d", c.k, c.n)
	}
}
