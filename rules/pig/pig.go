// Package pig is the rules engine of Pig, the classic dice game for 2 to 4 players whose seats
// compete: on your turn you roll a die as often as you like; a 1 ends the turn and loses the
// turn's total (a bust), holding banks it and passes the turn, and the first to bank the target
// score wins.
//
// It is the smallest complete engine of the games' contract (rules/play): the worked example of
// docs/games.md and the game the simulator core's own tests play. A Game holds everything in
// fixed-size fields that Reset reuses, so a worker plays game after game without allocating;
// every decision is an Action of the seat ToMove() (Roll or Hold), listed into a caller's buffer
// by LegalActions and played by Apply (ApplyChecked refuses an illegal one); the one source of
// chance is the die, a rules/chance stream seeded from the episode's seed. Every seat sees the
// whole game (View): Pig hides nothing.
package pig

import "strconv"

// Limits of the engine.
const (
	MinPlayers = 2      // fewest players
	MaxPlayers = 4      // most players
	MaxFaces   = 20     // most faces of the die
	MaxTarget  = 1000   // the largest target score
	MaxTurnCap = 100000 // the largest turn cap
	MaxActions = 2      // a buffer this long always holds LegalActions
)

// Action is one decision of the seat to move.
type Action uint8

// The actions.
const (
	Roll Action = iota // roll the die: a 1 busts, any other face adds to the turn total
	Hold               // bank the turn total (legal once the turn has rolled); the turn passes
)

// String returns "roll" or "hold".
func (a Action) String() string {
	switch a {
	case Roll:
		return "roll"
	case Hold:
		return "hold"
	}
	return "action " + strconv.Itoa(int(a))
}
