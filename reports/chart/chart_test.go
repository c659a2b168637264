package chart

import (
	"math"
	"testing"
)

func TestNiceCeil(t *testing.T) {
	for _, c := range []struct{ x, want float64 }{
		{7, 8}, {8, 8}, {8.1, 10}, {0.35, 0.4}, {13, 15}, {1.05, 1.2}, {0, 1}, {math.NaN(), 1},
	} {
		if got := NiceCeil(c.x); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("NiceCeil(%v) = %v, want %v", c.x, got, c.want)
		}
	}
}
