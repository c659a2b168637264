// Package seats is the agent glue of the games whose seats compete (CLUE, Zelda Duels), written
// once: an Agent that chooses one seat's decisions from that seat's view, and the Table that
// seats agents at a game and plays it (the one play loop of whole games: tests, benchmarks,
// the simulator's adapters and a searching agent's rollouts). Each game's agents package
// instantiates it with its engine, view, action and agent types:
//
//	type Table = seats.Table[*rules.Game, rules.Action, rules.View, Agent]
//
// A Table allocates nothing per game. It imports rules/play (the engines' contract) and
// nothing of any game.
package seats

import (
	"fmt"

	"github.com/clockworksim/clockwork/rules/play"
)

// MaxSeats is the most seats a Table holds (CLUE: 6).
const MaxSeats = 8

// DefaultMaxActions bounds the actions of one game in Play: a safety net (every engine's turn
// cap ends a game long before).
const DefaultMaxActions = 1 << 20

// Agent plays one seat of a game with view V and action A. It sees only its seat's view.
type Agent[A, V any] interface {
	// Name is the agent's registry name.
	Name() string
	// Choose returns one of legal (never empty) for the decision v shows (the view of the
	// agent's seat, which is to move). v and legal are valid only during the call.
	Choose(v *V, legal []A) A
}

// Searcher is an agent that looks ahead on copies of the game G: the Table hands it the game
// with the decision. It must read the game only through Clone and a determinization for its own
// seat (what the seat cannot see is then a sample of what it could be).
type Searcher[G, A, V any] interface {
	// ChooseIn is Choose with the game g at the decision (g must not be changed).
	ChooseIn(g G, v *V, legal []A) A
}

// Engine is what a Table needs of a game's engine: the contract (rules/play), a seat's view
// filled into the Table's own (no copy per decision), the number of seats and the turn.
type Engine[A, V, G any] interface {
	play.State[A, G]
	// FillView sets *v to what seat sees.
	FillView(seat int, v *V)
	// Players is the number of seats.
	Players() int
	// Turn is the number of the turn being played.
	Turn() int
}

// Table seats agents of type Ag at games of engine G and plays them.
type Table[G Engine[A, V, G], A, V any, Ag Agent[A, V]] struct {
	// Seats holds the agent of each seat (seats 0..Players-1 are used).
	Seats [MaxSeats]Ag
	// Checked plays every action on the engine's checked path (an illegal choice is an error).
	Checked bool
	// Searchers says the game's agents may look ahead (Searcher): each decision then asks its
	// agent whether it is one. A game whose agents never do leaves it false and saves the
	// question (a few percent of a cheap agent's game).
	Searchers bool
	owner     string
	reset     func(a Ag, g G, seat int, seed uint64)
	view      V
	buf       []A
}

// NewTable returns a table with the given agents, seat 0 first. owner names the game's agents
// in errors ("duels agents"); reset prepares the agent of seat for a game just Reset, its own
// random choices fed by seed; maxActions is the most legal actions a decision lists.
func NewTable[G Engine[A, V, G], A, V any, Ag Agent[A, V]](owner string, reset func(a Ag, g G, seat int, seed uint64), maxActions int, agents ...Ag) *Table[G, A, V, Ag] {
	t := &Table[G, A, V, Ag]{owner: owner, reset: reset, buf: make([]A, 0, maxActions)}
	copy(t.Seats[:], agents)
	return t
}

// AgentSeed is the seed of seat's agent in a game whose agents are fed seed: each seat its own
// stream.
func AgentSeed(seed uint64, seat int) uint64 { return seed + uint64(seat)*0x9e3779b97f4a7c15 }

// Play resets every seated agent for g (already Reset by the caller; seed feeds the agents,
// each seat its own stream: AgentSeed) and plays g to its end.
func (t *Table[G, A, V, Ag]) Play(g G, seed uint64) error {
	for s := 0; s < g.Players(); s++ {
		if any(t.Seats[s]) == nil {
			return fmt.Errorf("%s: no agent in seat %d of %d", t.owner, s, g.Players())
		}
		t.reset(t.Seats[s], g, s, AgentSeed(seed, s))
	}
	return t.PlayOn(g, DefaultMaxActions)
}

// PlayUntil plays g on with the seated agents (already Reset) until it ends or its turn passes
// lastTurn (the rollouts of a searching agent).
func (t *Table[G, A, V, Ag]) PlayUntil(g G, lastTurn int) error {
	for n := 0; !g.IsTerminal() && g.Turn() <= lastTurn && n < DefaultMaxActions; n++ {
		if err := t.Step(g); err != nil {
			return err
		}
	}
	return nil
}

// PlayOn plays g on from where it stands with the seated agents (already Reset), for at most
// maxActions actions; it stops early at the end of the game.
func (t *Table[G, A, V, Ag]) PlayOn(g G, maxActions int) error {
	for n := 0; !g.IsTerminal() && n < maxActions; n++ {
		if err := t.Step(g); err != nil {
			return err
		}
	}
	return nil
}

// Step plays one decision of g (which must not be over) with the agent of the seat to move.
func (t *Table[G, A, V, Ag]) Step(g G) error {
	s := g.ToMove()
	t.buf = g.LegalActions(t.buf)
	g.FillView(s, &t.view)
	var a A
	if sr, ok := t.searcher(s); ok {
		a = sr.ChooseIn(g, &t.view, t.buf)
	} else {
		a = t.Seats[s].Choose(&t.view, t.buf)
	}
	if !t.Checked {
		g.Apply(a)
	} else if err := g.ApplyChecked(a); err != nil {
		return fmt.Errorf("%s (seat %d): %w", t.Seats[s].Name(), s, err)
	}
	return nil
}

// searcher returns the agent of seat s as a Searcher, if the table seats searchers and it is one.
func (t *Table[G, A, V, Ag]) searcher(s int) (Searcher[G, A, V], bool) {
	if !t.Searchers {
		return nil, false
	}
	sr, ok := any(t.Seats[s]).(Searcher[G, A, V])
	return sr, ok
}
