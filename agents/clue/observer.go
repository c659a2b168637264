package clue

import (
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// Observer follows one seat's log with an exact Notebook, whatever agent plays the seat: what
// that seat could know. The simulator uses it for "turns until a player could know the answer"
// against turns until someone wins. It allocates nothing after construction (its Notebook's
// tables grow at the first game that needs larger ones).
type Observer struct {
	mem      memory
	solvedAt int
}

// NewObserver returns an observer; Reset it for each game.
func NewObserver() *Observer { return &Observer{mem: memory{nb: &Notebook{}}, solvedAt: -1} }

// Reset prepares the observer to follow seat seat of a new game of players players on d.
func (o *Observer) Reset(d *rules.Data, players, seat int) {
	o.mem.reset(d, players, seat, true)
	o.solvedAt = -1
}

// Sync reads the seat's log entries not yet read (v must be the seat's view) and notes the turn
// (Table.Turn) at which the envelope is first entailed. Call it after every action for the exact
// turn, or at least once a turn.
func (o *Observer) Sync(v *rules.View) {
	o.mem.sync(v)
	if o.solvedAt < 0 {
		if _, _, _, ok := o.mem.nb.Solution(); ok {
			o.solvedAt = v.Table.Turn
		}
	}
}

// SolvedAt returns the turn at which the seat could first know the envelope, or -1.
func (o *Observer) SolvedAt() int { return o.solvedAt }

// Notebook returns the seat's Notebook (valid until the next Sync or Reset).
func (o *Observer) Notebook() *Notebook { return o.mem.nb }
