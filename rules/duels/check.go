package duels

import "fmt"

// Check verifies the game's invariants: every card of a deck is in exactly one place, hands
// within the limit, characters alive exactly when on the board with hit points in range, one
// character a square and none on a square it may not stand on, and a phase consistent with the
// rest. It returns the first violation found.
func (g *Game) Check() error {
	for seat := 0; seat < g.players; seat++ {
		if err := g.checkCards(seat); err != nil {
			return err
		}
	}
	if err := g.checkBoard(); err != nil {
		return err
	}
	return g.checkPhase()
}

// checkCards checks that seat's cards add up to its deck, card by card.
func (g *Game) checkCards(seat int) error {
	t := &g.d.Teams[g.teams[seat]]
	var count [MaxCards]int16
	for _, c := range t.Deck {
		count[c]++
	}
	take := func(cs []CardID, where string) error {
		for _, c := range cs {
			if int(c) >= len(g.d.Cards) || count[c] == 0 {
				return fmt.Errorf("seat %d: card %d in %s is not left in its deck's count", seat, c, where)
			}
			count[c]--
		}
		return nil
	}
	if err := take(g.Hand(seat), "hand"); err != nil {
		return err
	}
	if err := take(g.DrawPile(seat), "draw pile"); err != nil {
		return err
	}
	if err := take(g.DiscardPile(seat), "discard pile"); err != nil {
		return err
	}
	for i := 0; i < g.nInPlay[seat]; i++ {
		if err := take([]CardID{g.inPlay[seat][i].Card}, "play"); err != nil {
			return err
		}
	}
	if g.playing != NoCard && seat == g.seat {
		if err := take([]CardID{g.playing}, "special card in play"); err != nil {
			return err
		}
	}
	if g.phase == PhaseDefend && int(g.atk.Attacker)/MaxTeamChars == seat {
		if err := take([]CardID{g.atk.Card}, "face-down attack"); err != nil {
			return err
		}
	}
	for c, n := range count {
		if n != 0 {
			return fmt.Errorf("seat %d: %d of card %d missing", seat, n, c)
		}
	}
	if g.hand[seat].N > g.d.Rules.HandLimit {
		return fmt.Errorf("seat %d: %d cards in hand, over the limit %d", seat, g.hand[seat].N, g.d.Rules.HandLimit)
	}
	return nil
}

// checkBoard checks the characters against the board.
func (g *Game) checkBoard() error {
	seen := 0
	for c := range g.chars {
		ch := &g.chars[c]
		if !ch.Exists {
			if ch.Alive {
				return fmt.Errorf("character %d does not exist but is alive", c)
			}
			continue
		}
		if !ch.Alive {
			if ch.HP != 0 || ch.At != NoSquare {
				return fmt.Errorf("eliminated character %d has hp %d at %s", c, ch.HP, ch.At)
			}
			continue
		}
		seen++
		if ch.HP < 1 || ch.HP > g.Character(c).HP {
			return fmt.Errorf("character %d has hp %d out of [1,%d]", c, ch.HP, g.Character(c).HP)
		}
		if !g.m.In(ch.At.Row(), ch.At.Col()) || int(g.occ[ch.At]) != c+1 {
			return fmt.Errorf("character %d at %s is not on the board there", c, ch.At)
		}
		if !g.mayStand(c, ch.At) {
			return fmt.Errorf("character %d stands on an obstacle at %s", c, ch.At)
		}
	}
	for s, o := range g.occ {
		if o != 0 {
			seen--
			if c := int(o - 1); !g.chars[c].Alive || g.chars[c].At != Square(s) {
				return fmt.Errorf("square %s marks character %d which is not there", Square(s), c)
			}
		}
	}
	if seen != 0 {
		return fmt.Errorf("board marks %d squares more or fewer than characters in play", -seen)
	}
	return nil
}

// simultaneousWin reports a game won by the player in turn when the last characters of every
// player fell at once, under the reading that gives him the win (SimulTurnPlayer).
func (g *Game) simultaneousWin() bool {
	return g.playersInPlay() == 0 && g.d.Rules.Simultaneous == SimulTurnPlayer && g.winner == g.seat
}

// checkPhase checks the phase against the turn's state.
func (g *Game) checkPhase() error {
	if g.phase == PhaseOver {
		if g.winner >= 0 && !g.seatAlive(g.winner) && !g.simultaneousWin() {
			return fmt.Errorf("winner %d has no character in play", g.winner)
		}
		return nil
	}
	if g.winner != -1 {
		return fmt.Errorf("winner %d before the end", g.winner)
	}
	if !g.seatAlive(g.seat) && g.phase != PhaseEffect { // a defender's move effect may follow the attacker's fall
		return fmt.Errorf("seat %d in turn has no character in play", g.seat)
	}
	alive := 0
	for s := 0; s < g.players; s++ {
		if g.seatAlive(s) {
			alive++
		}
	}
	if alive < 2 {
		return fmt.Errorf("game goes on with %d players in play", alive)
	}
	if g.actionsLeft < 0 || g.actionsLeft > max(g.d.Rules.Actions, g.d.Rules.FirstTurnActions) {
		return fmt.Errorf("%d actions left", g.actionsLeft)
	}
	if g.phase == PhaseDefend && (!g.chars[g.atk.Target].Alive || int(g.atk.Target)/MaxTeamChars == g.seat) {
		return fmt.Errorf("defence asked of character %d", g.atk.Target)
	}
	if g.phase == PhaseEffect && (g.head >= g.nFrames || !g.chars[g.pend.Char].Alive) {
		return fmt.Errorf("move effect pending without a frame or character")
	}
	if g.turn > g.d.Rules.TurnCap {
		return fmt.Errorf("turn %d beyond the cap %d", g.turn, g.d.Rules.TurnCap)
	}
	return nil
}
