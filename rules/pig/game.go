package pig

import (
	"fmt"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/play"
)

// The engine follows the games' contract (rules/play).
var (
	_ play.State[Action, *Game] = (*Game)(nil)
	_ play.Observer[View]       = (*Game)(nil)
)

// streamDie is the chance stream of the die, the game's only one.
const streamDie = 0

// Game is one game of Pig, in fixed-size fields: Reset reuses it.
type Game struct {
	d         *Data
	seed, idx uint64
	die       chance.Stream
	players   int
	scores    [MaxPlayers]int // every seat's banked score
	seat      int             // the seat whose turn it is
	turn      int             // the turn being played, 1 for the first (all seats' turns counted)
	total     int             // the turn total: the faces rolled this turn, lost on a 1
	rolls     int             // the rolls of this turn that added to total
	last      int             // the face of the last roll, 0 before the first
	winner    int
	over      bool
	allRolls  int // the die rolled in the game
	busts     int // the rolls of a 1 in the game
}

// Reset starts a game of players seats (MinPlayers to MaxPlayers) on data d: every score 0,
// seat 0 to roll. seed is the episode's seed, the source of all of the game's chance (the
// simulator's adapter passes chance.EpisodeSeed(run seed, idx), so that episode idx of a run
// plays the same game on any worker, shard or machine); idx is the episode's index, only kept
// (Seed). It allocates nothing.
func (g *Game) Reset(d *Data, players int, seed, idx uint64) {
	if players < MinPlayers || players > MaxPlayers {
		panic("pig: players out of range")
	}
	*g = Game{d: d, seed: seed, idx: idx, players: players, turn: 1, winner: play.NoWinner}
	g.die.Seed(seed, streamDie)
}

// LegalActions appends the legal actions to buf[:0]: Roll, and Hold once the turn has rolled;
// none once the game is over.
func (g *Game) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	switch {
	case g.over:
	case g.rolls == 0:
		buf = append(buf, Roll)
	default:
		buf = append(buf, Roll, Hold)
	}
	return buf
}

// Apply plays a, which must be legal: a roll adds its face to the turn total, or busts on a 1
// (the total is lost, the turn passes); a hold banks the total and wins at the target, else
// passes the turn.
func (g *Game) Apply(a Action) {
	if a == Hold {
		g.scores[g.seat] += g.total
		g.total, g.rolls = 0, 0
		if g.scores[g.seat] >= g.d.Target {
			g.winner, g.over = g.seat, true
			return
		}
		g.pass()
		return
	}
	g.last = 1 + g.die.Intn(g.d.Faces)
	g.allRolls++
	if g.last == 1 {
		g.busts++
		g.total, g.rolls = 0, 0
		g.pass()
		return
	}
	g.total += g.last
	g.rolls++
}

// pass ends a turn without a winner: the next seat's turn begins, or the game ends with no
// winner when the turn was the cap's.
func (g *Game) pass() {
	if g.turn >= g.d.TurnCap {
		g.over = true
		return
	}
	g.turn++
	g.seat = (g.seat + 1) % g.players
}

// ApplyChecked plays a if it is legal, else returns an error naming it and leaves the game as
// it was.
func (g *Game) ApplyChecked(a Action) error {
	switch {
	case g.over:
		return fmt.Errorf("pig: %s is not legal: the game is over", a)
	case a > Hold:
		return fmt.Errorf("pig: %s is not an action of Pig", a)
	case a == Hold && g.rolls == 0:
		return fmt.Errorf("pig: hold is not legal: turn %d has not rolled yet", g.turn)
	}
	g.Apply(a)
	return nil
}

// Check verifies the invariants: the seat to move is the turn's, the turn within the cap, the
// turn total the sum of its rolls (0 when the turn has not rolled), every score below the target
// but the winner's, which is at least the target, every turn played rolled at least once.
func (g *Game) Check() error {
	played := g.turn - 1 // the turns over
	if g.over {
		played = g.turn
	}
	switch {
	case g.players < MinPlayers || g.players > MaxPlayers:
		return fmt.Errorf("pig: %d players", g.players)
	case g.turn < 1 || g.turn > g.d.TurnCap:
		return fmt.Errorf("pig: turn %d: want 1 to the turn cap %d", g.turn, g.d.TurnCap)
	case g.seat != (g.turn-1)%g.players:
		return fmt.Errorf("pig: seat %d plays turn %d of %d players", g.seat, g.turn, g.players)
	case g.total < 2*g.rolls || g.total > g.d.Faces*g.rolls:
		return fmt.Errorf("pig: a turn total of %d after %d rolls of a %d-sided die", g.total, g.rolls, g.d.Faces)
	case g.over && g.rolls != 0:
		return fmt.Errorf("pig: the game is over with %d rolls in its turn", g.rolls)
	case g.last < 0 || g.last > g.d.Faces:
		return fmt.Errorf("pig: the last roll shows %d on a %d-sided die", g.last, g.d.Faces)
	case g.busts < 0 || g.busts > g.allRolls || g.allRolls < played:
		return fmt.Errorf("pig: %d busts, %d rolls in %d turns played", g.busts, g.allRolls, played)
	case g.winner != play.NoWinner && (!g.over || g.winner != g.seat):
		return fmt.Errorf("pig: seat %d won, but the game is not over at its turn", g.winner)
	}
	for s, n := range g.scores {
		switch {
		case n < 0 || s >= g.players && n != 0:
			return fmt.Errorf("pig: seat %d of %d has %d", s, g.players, n)
		case s == g.winner && n < g.d.Target:
			return fmt.Errorf("pig: seat %d won with %d, below the target %d", s, n, g.d.Target)
		case s != g.winner && n >= g.d.Target:
			return fmt.Errorf("pig: seat %d has %d, the target %d, but has not won", s, n, g.d.Target)
		}
	}
	return nil
}

// Clone makes dst an exact copy of g.
func (g *Game) Clone(dst *Game) { *dst = *g }

// ToMove returns the seat whose turn it is (meaningless once the game is over).
func (g *Game) ToMove() int { return g.seat }

// IsTerminal reports whether the game is over.
func (g *Game) IsTerminal() bool { return g.over }

// Winner returns the seat that won, or play.NoWinner (the game goes on, or ended at the turn
// cap).
func (g *Game) Winner() int { return g.winner }

// Players returns the number of seats.
func (g *Game) Players() int { return g.players }

// Turn returns the turn being played, 1 for the first (all seats' turns counted).
func (g *Game) Turn() int { return g.turn }

// Data returns the game's data.
func (g *Game) Data() *Data { return g.d }

// Seed returns the episode seed and index the game was reset with.
func (g *Game) Seed() (seed, idx uint64) { return g.seed, g.idx }

// Score returns seat's banked score.
func (g *Game) Score(seat int) int { return g.scores[seat] }

// TurnTotal returns what the turn has rolled so far (lost on a 1).
func (g *Game) TurnTotal() int { return g.total }

// LastRoll returns the face of the last roll (1: a bust), 0 before the first.
func (g *Game) LastRoll() int { return g.last }

// Rolls returns the number of rolls of the game so far, every seat's.
func (g *Game) Rolls() int { return g.allRolls }

// Busts returns the number of rolls of the game so far that showed a 1.
func (g *Game) Busts() int { return g.busts }
