package duels

// Test hooks: set up a position from the rulebook's examples without playing to it. Every hook
// keeps the game's invariants (Check still passes).

// Place moves character c to square s.
func (g *Game) Place(c int, s Square) { g.relocate(c, s) }

// SetHP sets character c's hit points (at least 1).
func (g *Game) SetHP(c, hp int) { g.chars[c].HP = int8(hp) }

// Eliminate takes character c off the board.
func (g *Game) Eliminate(c int) { g.eliminate(c, -1, "test") }

// GiveHand gathers all of seat's cards into its draw pile, then puts cards into its hand.
func (g *Game) GiveHand(seat int, cards ...CardID) {
	dr := &g.draw[seat]
	for g.hand[seat].N > 0 {
		dr.push(g.hand[seat].pop())
	}
	for g.discard[seat].N > 0 {
		dr.push(g.discard[seat].pop())
	}
	for _, c := range cards {
		i := dr.index(c)
		if i < 0 {
			panic("GiveHand: card not in the deck")
		}
		g.hand[seat].push(dr.remove(i))
	}
}

// DiscardDrawPile moves seat's whole draw pile to its discard pile.
func (g *Game) DiscardDrawPile(seat int) {
	for g.draw[seat].N > 0 {
		g.discard[seat].push(g.draw[seat].pop())
	}
}

// StartTurn begins a turn of seat with die face f (its movement phase, or a heart's heal).
func (g *Game) StartTurn(seat, face int) {
	g.seat, g.face = seat, int8(face)
	g.actionsLeft = g.d.Rules.Actions
	f := &g.d.Faces[face]
	for c := range g.chars {
		g.chars[c].Moved = false
	}
	g.phase, g.allMove = PhaseMove, f.All
	if f.Heart {
		g.heartHeal(seat)
		g.phase = PhaseAction
	}
}

// StreamDice is the dice stream's number (for the first-player test).
const StreamDice = streamDice

// Discard moves cards from seat's draw pile to the top of its discard pile, in order.
func (g *Game) Discard(seat int, cards ...CardID) {
	for _, c := range cards {
		i := g.draw[seat].index(c)
		if i < 0 {
			panic("Discard: card not in the draw pile")
		}
		g.discard[seat].push(g.draw[seat].remove(i))
	}
}
