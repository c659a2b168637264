// Package chance is the random-stream kit every game's engine shares: the seed of episode i of
// a run, and independent PCG streams per source of chance, derived from an episode's seed, so
// that an episode plays the same game whatever the worker count, shard split or machine, and two
// variants of the data replay the same draws wherever a change does not touch them (common
// random numbers for sweeps).
//
// Everything here is a value type that reseeds without allocating.
package chance

import (
	"math/bits"
	"math/rand/v2"
)

// Splitmix64 is a well-mixed 64-bit hash step (Steele, Lea, Flood 2014).
func Splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// EpisodeSeed derives the seed of episode (campaign or game) index i of a run with seed s.
// Episode i always plays the same game for the same (s, i).
func EpisodeSeed(s, i uint64) uint64 { return Splitmix64(Splitmix64(s) ^ Splitmix64(i+0x5bd1e995)) }

// Stream is one source of chance: a PCG generator. The zero value is usable; Seed resets it.
type Stream struct {
	pcg rand.PCG
}

// Seed sets s to stream k of an episode's seed: each k gives an independent stream.
func (s *Stream) Seed(episodeSeed uint64, k int) {
	a := Splitmix64(episodeSeed ^ uint64(k+1)*0x632be59bd9b4e019)
	s.pcg.Seed(a, Splitmix64(a))
}

// Uint64 returns the stream's next 64 random bits.
func (s *Stream) Uint64() uint64 { return s.pcg.Uint64() }

// Intn returns a uniform integer in [0, n) (0 when n <= 1), without modulo bias (Lemire's nearly
// divisionless method on 64 bits).
func (s *Stream) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	bound := uint64(n)
	for {
		hi, lo := bits.Mul64(s.pcg.Uint64(), bound)
		if lo >= bound || lo >= (-bound)%bound {
			return int(hi)
		}
	}
}

// Shuffle shuffles xs in place (Fisher-Yates, from the last element down).
func Shuffle[T any](s *Stream, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
