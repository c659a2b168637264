// Package play is the contract every game engine under rules/ follows, in the words of
// OpenSpiel's State API: whose turn it is, the legal actions, applying one (trusted, or checked
// and refused with a reason), whether the game is over and who won, the invariants, a copy into
// a caller's game, a seat's view and, where the engine can, a sample of what a seat cannot see.
//
// The contract names what the engines already share, so that a harness is written once for all
// of them (the random-play invariant check and the golden playthroughs in package playtest, the
// seated play loop of agents/seats). The hot loops keep their concrete types: the simulator's
// adapters and the agents call the engines directly, never through these interfaces.
//
// Reset is each engine's own (its data, players or line-up differ) but its last two arguments
// mean the same everywhere: Reset(..., seed, idx) starts episode idx of a run, seed being that
// episode's seed, chance.EpisodeSeed(the run's seed, idx), which the simulator's adapter
// derives once; idx is recorded in the events. An engine seeds each of its streams of chance
// from seed (Clockwork Realm: stream k is chance.Stream.Seed(seed, k)). CLUE and Zelda Duels
// mix the index in once more (their streams are seeded from chance.EpisodeSeed(seed, idx)): a
// redundant step, harmless to the streams' independence, kept so that their results stay
// exactly what they were; a new engine seeds from seed alone.
//
// Each engine pins its conformance at compile time:
//
//	var _ play.State[Action, *Game] = (*Game)(nil)
//
// The package imports nothing of ours; every game's engine may import it.
package play

// Winner values that are not a seat.
const (
	// NoWinner: nobody won (the game beat the players, everybody was out, a turn cap).
	NoWinner = -1
	// TeamWon: the players of a co-operative game won together (no seat wins alone).
	TeamWon = -2
)

// State is one game in progress, of action type A; G is the engine's own pointer type (*Game),
// so that Clone copies into a game of the same engine without an allocation.
//
// Between Reset (each engine's own signature: data, players or line-up, seed, episode index)
// and the end, the one way to change a game is Apply or ApplyChecked with an action that
// LegalActions listed.
type State[A any, G any] interface {
	// ToMove is the seat (a hero, in a co-operative game) whose decision the game waits for;
	// it is meaningless once IsTerminal.
	ToMove() int
	// LegalActions appends the legal actions of the decision to buf[:0] and returns it; the list
	// is never empty before the end, and its order is the engine's (deterministic).
	LegalActions(buf []A) []A
	// Apply plays a, which must be one of LegalActions (the trusted path of bulk runs).
	Apply(a A)
	// ApplyChecked plays a if it is legal, else returns an error naming it and leaves the game
	// unchanged.
	ApplyChecked(a A) error
	// IsTerminal reports whether the game is over.
	IsTerminal() bool
	// Winner is the seat that won, NoWinner, or TeamWon in a co-operative game the players won;
	// it is NoWinner while the game goes on.
	Winner() int
	// Check verifies the engine's invariants (cards conserved, pieces on the board, the phase
	// consistent, ...) and returns the first broken one.
	Check() error
	// Clone makes dst an exact copy of the game (dst's memory is reused).
	Clone(dst G)
}

// Observer is a State whose seats see the game through a View V: what a seat may know, the one
// thing an agent reads (in a co-operative game every seat sees the same).
type Observer[V any] interface {
	// View returns what seat sees.
	View(seat int) V
}

// Sampler is a State that can replace, in place, everything seat viewer cannot know with a
// sample of what it could be, consistent with what the viewer can (determinization), as a
// function of the viewer's information and seed alone. Lookahead agents search on such samples
// of a clone, never on the game being played.
type Sampler interface {
	// Determinize resamples the hidden information of the game for viewer, with seed.
	Determinize(viewer int, seed uint64)
}
