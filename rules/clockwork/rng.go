package clockwork

import (
	"math/bits"
	"math/rand/v2"
)

// Stream names one source of chance. Each has its own PCG stream, derived from the campaign's
// seed, so that two variants of the data replay the same draws wherever a change does not touch
// them (what makes sweeps with common random numbers precise).
type Stream uint8

// The sources of chance of a campaign.
const (
	StreamTemples  Stream = iota // the two medallions offered
	StreamDungeon                // the zone piles
	StreamHeroDeck               // hero deck shuffles (all heroes)
	StreamEnemies                // Enemy deck shuffles
	StreamItems                  // Item deck shuffles
	StreamTreasure               // Treasure deck shuffles
	StreamDice                   // every die roll
	NumStreams
)

// splitmix64 is a well-mixed 64-bit hash step (Steele, Lea, Flood 2014).
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// CampaignSeed derives the seed of campaign index i of a run with seed s. Campaign i always
// plays the same game for the same (s, i), whatever the worker count or shard split.
func CampaignSeed(s, i uint64) uint64 { return splitmix64(splitmix64(s) ^ splitmix64(i+0x5bd1e995)) }

// rngs holds one PCG per stream. PCG is a value type: reseeding allocates nothing.
type rngs struct {
	pcg [NumStreams]rand.PCG
}

func (r *rngs) seed(s uint64) {
	for k := range r.pcg {
		a := splitmix64(s ^ uint64(k+1)*0x632be59bd9b4e019)
		r.pcg[k].Seed(a, splitmix64(a))
	}
}

// intn returns a uniform integer in [0, n) from stream k (n > 0), without modulo bias.
func (r *rngs) intn(k Stream, n int) int {
	if n <= 1 {
		return 0
	}
	// Lemire's nearly divisionless method on 64 bits.
	bound := uint64(n)
	for {
		x := r.pcg[k].Uint64()
		hi, lo := bits.Mul64(x, bound)
		if lo >= bound || lo >= (-bound)%bound {
			return int(hi)
		}
	}
}

// die returns a roll of the die, 1 to DieFaces.
func (r *rngs) die() int { return 1 + r.intn(StreamDice, DieFaces) }

// forcedDice holds die results that the next rolls return instead of the dice stream's. Only
// tests set it (to play the rulebook's worked examples); a game plays with none.
type forcedDice struct {
	vals    [8]int8
	n, next int8
}

// roll returns a roll of the die: a forced result if a test set one, else the dice stream's.
func (g *Game) roll() int {
	f := g.forcedDice
	if f == nil || f.n == 0 {
		return g.rng.die()
	}
	v := f.vals[f.next]
	f.next++
	if f.next == f.n {
		f.next, f.n = 0, 0
	}
	return int(v)
}

// shuffle shuffles s in place with stream k (Fisher-Yates).
func shuffle[T any](r *rngs, k Stream, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.intn(k, i+1)
		s[i], s[j] = s[j], s[i]
	}
}
