package meta

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkSolve solves a random 10-entrant game (the size of Zelda Duels' matrix), with
// payoffs fine (a unique equilibrium, the usual case) or coarse (ties: the entropy's Newton
// steps too).
func BenchmarkSolve(b *testing.B) {
	for _, coarse := range []bool{false, true} {
		name := "fine"
		if coarse {
			name = "coarse"
		}
		b.Run(name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			games := make([][][]float64, 64)
			for i := range games {
				games[i] = randomGame(r, 10, coarse)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if _, err := Solve(games[i%len(games)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
