package clockwork

import "github.com/clockworksim/clockwork/rules/chance"

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

// rngs holds one stream of chance per Stream (rules/chance): reseeding allocates nothing.
type rngs [NumStreams]chance.Stream

// seed sets every stream from the campaign's seed (chance.EpisodeSeed of the run's seed and the
// campaign's index).
func (r *rngs) seed(s uint64) {
	for k := range r {
		r[k].Seed(s, k)
	}
}

// die returns a roll of the die, 1 to DieFaces.
func (r *rngs) die() int { return 1 + r[StreamDice].Intn(DieFaces) }

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
