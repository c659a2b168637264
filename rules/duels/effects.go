package duels

import "github.com/clockworksim/clockwork/rules/chance"

// The effects of cards, and the changes of hit points and cards they are made of.

// effect applies effect e of frame f; it returns true when the effect waits for a decision
// (a move effect with somewhere to go), leaving f on it.
func (g *Game) effect(f *frame, e Effect) bool {
	self, other := int(f.Self), int(f.Other)
	selfOK := self >= 0 && g.chars[self].Alive
	otherOK := other >= 0 && g.chars[other].Alive
	n := e.Amount
	switch e.Word {
	case WDamage:
		if otherOK {
			g.strike(f, other, e)
		}
	case WDamageSelf:
		if selfOK {
			g.strike(f, self, e)
		}
	case WDamageAdjacent:
		if selfOK {
			g.damageAround(f, e)
		}
	case WDamageOpponents:
		for t := 0; t < g.players*MaxTeamChars; t++ {
			if g.chars[t].Alive && t/MaxTeamChars != int(f.Seat) {
				g.strike(f, t, e)
			}
		}
	case WHeal:
		if selfOK {
			g.heal(self, n, HealCard)
		}
	case WHealOther:
		if otherOK {
			g.heal(other, n, HealCard)
		}
	case WHealTeam:
		for t := int(f.Seat) * MaxTeamChars; t < int(f.Seat+1)*MaxTeamChars; t++ {
			if g.chars[t].Alive {
				g.heal(t, n, HealCard)
			}
		}
	case WDraw:
		g.drawCards(int(f.Seat), int(n))
	case WRecover:
		g.recover(int(f.Seat), int(n))
	case WDiscardRandom:
		if other >= 0 {
			g.discardRandom(f, other/MaxTeamChars, int(n))
		}
	case WMoveSelf, WMoveTarget:
		return g.askMove(f, e)
	case WPush:
		if selfOK && otherOK {
			g.push(f, e)
		}
	case WSwap:
		if selfOK && otherOK {
			g.swap(f, e)
		}
	case WRevealHand:
		if other >= 0 {
			g.revealed[other/MaxTeamChars] |= 1 << uint(f.Seat)
			g.logEffect(f, other, e, g.hp(other))
		}
	case WDoubleValues, WAttackBonus, WDefenceBonus:
		if selfOK {
			g.logEffect(f, self, e, g.hp(self))
		}
	}
	return false
}

// logEffect emits an effect event: effect e of frame f acts on character c, which has hp hit
// points once the effect's own damage is dealt. The event comes before what the effect causes
// (the moves of a push or a swap, an elimination), as the log tells a play in the order it
// resolves.
func (g *Game) logEffect(f *frame, c int, e Effect, hp int) {
	if g.sink == nil {
		return
	}
	g.sink.Event(g, &Event{Type: EvEffect, Seat: f.Seat, Card: f.Card, Char: int8(c), Word: e.Word,
		Amount: int(e.Amount), HP: hp, Value: int(g.d.Cards[f.Card].Clock)})
}

// hp returns character c's hit points (0 for none).
func (g *Game) hp(c int) int {
	if c < 0 {
		return 0
	}
	return int(g.chars[c].HP)
}

// strike deals e's damage to character c: the effect event, then the damage (and the
// elimination it may cause).
func (g *Game) strike(f *frame, c int, e Effect) {
	g.logEffect(f, c, e, max(g.hp(c)-int(e.Amount), 0))
	g.hurt(c, e.Amount, int(f.Self), f.Card, "")
}

// damageAround deals e's damage to every opponent in the 8 squares around the frame's self.
func (g *Game) damageAround(f *frame, e Effect) {
	at := g.chars[f.Self].At
	for t := 0; t < g.players*MaxTeamChars; t++ {
		if g.chars[t].Alive && t/MaxTeamChars != int(f.Seat) && Adjacent(at, g.chars[t].At) {
			g.strike(f, t, e)
		}
	}
}

// askMove sets up a move effect's decision; false when the character has nowhere to go.
func (g *Game) askMove(f *frame, e Effect) bool {
	c, lethal := int(f.Self), false
	if e.Word == WMoveTarget {
		c, lethal = int(f.Other), true
	}
	if c < 0 || !g.chars[c].Alive || g.playersInPlay() < 2 {
		return false // nobody to move, or the game is decided: no decision
	}
	g.pend = pendingMove{Char: int8(c), Steps: e.Amount, Lethal: lethal}
	var buf [MaxSquares + 1]Action
	if len(g.appendDests(buf[:0], c, int(e.Amount), false, lethal)) == 0 {
		return false
	}
	g.logEffect(f, c, e, g.hp(c))
	return true
}

// push moves the frame's other character e.Amount squares straight away from self.
func (g *Game) push(f *frame, e Effect) {
	self, other := int(f.Self), int(f.Other)
	dr := sign(g.chars[other].At.Row() - g.chars[self].At.Row())
	dc := sign(g.chars[other].At.Col() - g.chars[self].At.Col())
	to, dmg := g.pushDest(other, dr, dc, int(e.Amount))
	if to == g.chars[other].At {
		return
	}
	g.logEffect(f, other, e, g.hp(other)) // the pass damage is the move's
	var path [MaxSteps]Square
	n := 0
	for r, c := g.chars[other].At.Row(), g.chars[other].At.Col(); n == 0 || path[n-1] != to; n++ {
		r, c = r+dr, c+dc
		path[n] = Sq(r, c)
	}
	g.relocate(other, to)
	g.logMove(f.Seat, other, path[:n], dmg)
	if dmg > 0 {
		g.hurt(other, dmg, self, f.Card, g.hazard(path[:n]))
	}
}

// swap exchanges the squares of the frame's self and other, when each may stand on the other's.
func (g *Game) swap(f *frame, e Effect) {
	a, b := int(f.Self), int(f.Other)
	sa, sb := g.chars[a].At, g.chars[b].At
	if !g.mayStand(a, sb) || !g.mayStand(b, sa) {
		return
	}
	g.logEffect(f, b, e, g.hp(b))
	g.chars[a].At, g.chars[b].At = sb, sa
	g.occ[sa], g.occ[sb] = int8(b+1), int8(a+1)
	g.logMove(f.Seat, a, []Square{sb}, 0)
	g.logMove(f.Seat, b, []Square{sa}, 0)
}

// logMove emits a move event: seat moved character c along path (every square entered),
// taking dmg on the way.
func (g *Game) logMove(seat int8, c int, path []Square, dmg int8) {
	if g.sink == nil {
		return
	}
	e := &Event{Type: EvMove, Seat: seat, Char: int8(c), Amount: int(dmg)}
	e.NPath = int8(copy(e.Path[:], path))
	g.sink.Event(g, e)
}

// mayStand reports whether character c may stand on square s (ignoring who stands there).
func (g *Game) mayStand(c int, s Square) bool {
	k := g.m.Cell[s]
	if k < 0 {
		return true
	}
	return !g.m.Obstacles[k].BlocksMove || g.Character(c).Through[g.mapID]&(1<<uint(k)) != 0
}

// hurt deals n damage to character c (by a character, or -1; with card id, or NoCard) and
// eliminates it at 0 hit points. cause names a hazard for the log ("leever").
func (g *Game) hurt(c int, n int8, by int, id CardID, cause string) {
	ch := &g.chars[c]
	if !ch.Alive || n <= 0 {
		return
	}
	dealt := min(n, ch.HP)
	ch.HP -= dealt
	if id != NoCard {
		g.stats.CardDamage[id] += uint32(dealt)
	}
	if ch.HP <= 0 {
		g.eliminate(c, by, cause)
	}
}

// eliminate takes character c off the board.
func (g *Game) eliminate(c, by int, cause string) {
	ch := &g.chars[c]
	g.occ[ch.At] = 0
	ch.HP, ch.At, ch.Alive = 0, NoSquare, false
	g.stats.Eliminated[g.stats.NumEliminated] = int8(c)
	g.stats.NumEliminated++
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvEliminated, Char: int8(c), Target: int8(by), Reason: cause})
	}
}

// heal raises character c's hit points by n, up to its printed hit points.
func (g *Game) heal(c int, n int8, source string) {
	ch := &g.chars[c]
	top := g.Character(c).HP
	got := min(n, top-ch.HP)
	if got <= 0 {
		return
	}
	ch.HP += got
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvHeal, Char: int8(c), Amount: int(got), HP: int(ch.HP), Reason: source})
	}
}

// drawCards draws n cards for seat, reshuffling the discard pile into an empty draw pile; it
// stops at the hand limit (an effect's draws beyond it are lost) or when no card is left.
func (g *Game) drawCards(seat, n int) {
	for ; n > 0; n-- {
		h := &g.hand[seat]
		if h.N >= g.d.Rules.HandLimit {
			return
		}
		if g.draw[seat].N == 0 && !g.reshuffle(seat) {
			return
		}
		c := g.draw[seat].pop()
		h.push(c)
		g.revealed[seat] = 0
		if g.sink != nil {
			g.sink.Event(g, &Event{Type: EvDraw, Seat: int8(seat), Card: c, Reason: "deck"})
		}
	}
}

// reshuffle turns seat's discard pile into its draw pile; false when it is empty.
func (g *Game) reshuffle(seat int) bool {
	dp, dr := &g.discard[seat], &g.draw[seat]
	if dp.N == 0 {
		return false
	}
	dr.N = copy(dr.Cards[:], dp.Cards[:dp.N])
	dp.N = 0
	chance.Shuffle(&g.deckRNG[seat], dr.Cards[:dr.N])
	g.stats.Reshuffles[seat]++
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvReshuffle, Seat: int8(seat), Amount: dr.N})
	}
	return true
}

// recover moves the n most recent cards of seat's discard pile to its hand (up to the limit).
func (g *Game) recover(seat, n int) {
	for ; n > 0 && g.discard[seat].N > 0 && g.hand[seat].N < g.d.Rules.HandLimit; n-- {
		c := g.discard[seat].pop()
		g.hand[seat].push(c)
		g.revealed[seat] = 0
		if g.sink != nil {
			g.sink.Event(g, &Event{Type: EvDraw, Seat: int8(seat), Card: c, Reason: "discard"})
		}
	}
}

// discardRandom makes seat discard n cards of its hand at random.
func (g *Game) discardRandom(f *frame, seat, n int) {
	for ; n > 0 && g.hand[seat].N > 0; n-- {
		i := g.fx.Intn(g.hand[seat].N)
		c := g.hand[seat].Cards[i]
		g.discardFromHand(seat, c, "effect")
	}
}

// discardFromHand moves card c from seat's hand to its discard pile.
func (g *Game) discardFromHand(seat int, c CardID, reason string) {
	h := &g.hand[seat]
	h.remove(h.index(c))
	g.discard[seat].push(c)
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvDiscard, Seat: int8(seat), Card: c, Reason: reason})
	}
}
