package duels

import "fmt"

// ApplyChecked applies a after checking that it is one of LegalActions; an illegal action
// returns an error naming it and leaves the game unchanged.
func (g *Game) ApplyChecked(a Action) error {
	var buf [MaxActions]Action
	for _, b := range g.LegalActions(buf[:0]) {
		if b == a {
			g.Apply(a)
			return nil
		}
	}
	return fmt.Errorf("duels: illegal action %s (%s) in phase %s of turn %d", g.Describe(a), a, g.phase, g.turn)
}

// Apply applies a legal action a of ToMove(). It trusts the caller: an illegal action corrupts
// the game (use ApplyChecked where that matters).
func (g *Game) Apply(a Action) {
	switch a.Kind {
	case ActMove:
		g.applyMove(a)
	case ActEndMove:
		g.beginActions()
	case ActAttack:
		g.playAttack(a)
	case ActDefend:
		g.defend(a.Card)
	case ActSpecial:
		g.playSpecial(a)
	case ActDraw:
		g.spendAction(ActionDraw, false, NoCard, -1, -1)
		g.drawCards(g.seat, 1)
		g.afterAction()
	case ActDiscard:
		g.spendAction(ActionDraw, false, a.Card, -1, -1)
		g.stats.HandLimitDiscards[g.seat]++
		g.discardFromHand(g.seat, a.Card, "hand_limit")
		g.drawCards(g.seat, 1)
		g.afterAction()
	case ActHeal:
		g.spendAction(ActionHeal, false, a.Card, a.Char, -1)
		g.stats.HealActions[g.seat]++
		g.discardFromHand(g.seat, a.Card, "heal")
		g.heal(int(a.Char), g.d.Rules.HealAction, HealAction)
		g.afterAction()
	case ActEndTurn:
		g.endTurn()
	}
}

// applyMove moves a character: the die's movement, or the destination of a move effect.
func (g *Game) applyMove(a Action) {
	c := int(a.Char)
	steps, card := int(g.d.Faces[g.face].Steps), NoCard
	if g.phase == PhaseEffect {
		steps, card = int(g.pend.Steps), g.frames[g.head].Card
	}
	g.walk(c, a.Dest, steps, g.ToMove(), card)
	if g.phase == PhaseEffect {
		g.frames[g.head].Idx++
		g.resolve()
		return
	}
	g.chars[c].Moved = true
	if !g.allMove || !g.anyUnmoved() {
		g.beginActions()
	}
}

// beginActions starts the action phase of the turn, or ends the turn when the player has
// nothing to do in it (a first turn of rules.first_turn_actions 0 with no free card to play).
func (g *Game) beginActions() {
	g.phase = PhaseAction
	if !g.mayAct() {
		g.endTurn()
	}
}

// mayAct reports whether the turn stays open: the player in turn has an action left, or a card
// that does not count as an action (extra_action) he can play; with no action left he then ends
// the turn himself, by playing no more.
func (g *Game) mayAct() bool {
	if g.actionsLeft > 0 {
		return true
	}
	h := &g.hand[g.seat]
	var buf [MaxTeamChars * MaxCharacters]Action
	for i := 0; i < h.N; i++ {
		if g.d.Cards[h.Cards[i]].Free && len(g.appendPlays(buf[:0], h.Cards[i])) > 0 {
			return true
		}
	}
	return false
}

// anyUnmoved reports whether a character of the player in turn may still move this turn.
func (g *Game) anyUnmoved() bool {
	for c := g.seat * MaxTeamChars; c < (g.seat+1)*MaxTeamChars; c++ {
		if g.chars[c].Alive && !g.chars[c].Moved {
			return true
		}
	}
	return false
}

// walk moves character c to dest by its least-damage walk of at most steps steps, taking the
// pass damage on the way (by is the seat that moved it, for the log; card the move effect's
// card, or NoCard for the die's movement, which the damage is counted to).
func (g *Game) walk(c int, dest Square, steps, by int, card CardID) {
	if dest == g.chars[c].At {
		return
	}
	g.search(c, steps)
	dmg, n, _ := g.best(c, dest)
	var buf [MaxSteps]Square
	path := g.path(dest, n, buf[:])
	g.relocate(c, dest)
	g.logMove(int8(by), c, path, dmg)
	if dmg > 0 {
		g.hurt(c, dmg, -1, card, g.hazard(path))
	}
}

// hazard names the first pass-damage obstacle on path (for the log of an elimination).
func (g *Game) hazard(path []Square) string {
	for _, s := range path {
		if k := g.m.Cell[s]; k >= 0 && g.m.Obstacles[k].PassDamage > 0 {
			return g.m.Obstacles[k].ID
		}
	}
	return ""
}

// spendAction counts an action of the player in turn (none for a card that costs no action)
// and logs it with the card played or discarded (NoCard: none) and its character and target.
func (g *Game) spendAction(kind string, free bool, card CardID, char, target int8) {
	n := 0
	if !free {
		n = g.d.Rules.Actions - g.actionsLeft + 1
		if g.turn == 1 {
			n = g.d.Rules.FirstTurnActions - g.actionsLeft + 1
		}
		g.actionsLeft--
	}
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvAction, Seat: int8(g.seat), Amount: n, Reason: kind, Card: card, Char: char, Target: target})
	}
}

// afterAction ends the turn when the player in turn has no character, or nothing left to do
// (mayAct).
func (g *Game) afterAction() {
	if g.checkEnd() {
		return
	}
	g.phase = PhaseAction
	if !g.seatAlive(g.seat) || !g.mayAct() {
		g.endTurn()
	}
}

// noteCard counts a played card and marks it for Triforce conditions, which belong to the player
// (in a mirror match each side has its own "once per game" and its own earlier cards); it
// returns whether its Triforce ability triggers now (self plays it).
func (g *Game) noteCard(id CardID, self int) bool {
	cd := &g.d.Cards[id]
	seat := self / MaxTeamChars
	g.stats.CardsPlayed[id]++
	if cd.Clock > 0 {
		g.stats.ClockPlayed[seat]++
	}
	trig := false
	if cd.Tri != nil {
		g.stats.TriforcePlayed[seat]++
		trig = (!g.triUsed[seat].has(id) || g.m.TriforceUnlimited) && g.triforceMet(cd.Tri, self)
		if trig {
			g.triUsed[seat].add(id)
			g.stats.TriforceTriggered[seat]++
		}
	}
	g.played[seat].add(id)
	return trig
}

// triforceMet reports whether a Triforce condition holds for a card played by self.
func (g *Game) triforceMet(t *Triforce, self int) bool {
	switch t.Cond {
	case CondAfterCard:
		return g.played[self/MaxTeamChars].has(t.Card)
	case CondHPAtMost:
		return g.chars[self].HP <= t.Amount
	case CondPartnerEliminated:
		base := self - self%MaxTeamChars
		for s := 0; s < MaxTeamChars; s++ {
			if g.chars[base+s].Exists && !g.chars[base+s].Alive {
				return true
			}
		}
		return false
	}
	return true
}

// decided ends the game, under the seed's order (WinImmediate), as soon as at most one player
// has characters in play; it reports whether the game is over.
func (g *Game) decided() bool {
	if g.d.Rules.WinTiming == WinImmediate {
		return g.checkEnd()
	}
	return g.phase == PhaseOver
}

// playAttack starts a combat: the card goes face down, and the defender may answer.
func (g *Game) playAttack(a Action) {
	cd := &g.d.Cards[a.Card]
	g.spendAction(ActionPlay, cd.Free, a.Card, a.Char, a.Target)
	g.hand[g.seat].remove(g.hand[g.seat].index(a.Card))
	_, ranged := g.CanHit(cd.Melee, cd.Ranged, g.chars[a.Char].At, g.chars[a.Target].At)
	g.atk = attack{Attacker: a.Char, Target: a.Target, Card: a.Card, Ranged: ranged}
	if !cd.NoDefend && g.hasDefence() {
		g.phase = PhaseDefend
		return
	}
	g.defend(NoCard)
}

// hasDefence reports whether the attacked character's player holds a card it may defend with.
func (g *Game) hasDefence() bool {
	t := int(g.atk.Target)
	h := &g.hand[t/MaxTeamChars]
	for i := 0; i < h.N; i++ {
		if g.d.Cards[h.Cards[i]].CanDefend() && g.mayPlay(t, h.Cards[i]) {
			return true
		}
	}
	return false
}

// defend resolves the combat with the defence card def (NoCard: none): compare, deal the damage,
// discard both cards, then the attacker's effects and the defender's.
func (g *Game) defend(def CardID) {
	at, tg := int(g.atk.Attacker), int(g.atk.Target)
	aSeat, dSeat := at/MaxTeamChars, tg/MaxTeamChars
	if def != NoCard {
		g.hand[dSeat].remove(g.hand[dSeat].index(def))
	}
	av := g.value(at, g.atk.Card, true)
	dv := 0
	if def != NoCard {
		dv = g.value(tg, def, false)
	}
	dmg := av - dv
	if dmg < 0 {
		dmg = 0
	}
	atkTri := g.noteCard(g.atk.Card, at)
	defTri := def != NoCard && g.noteCard(def, tg)
	if g.sink != nil {
		g.sink.Event(g, &Event{Type: EvAttack, Seat: int8(aSeat), Char: int8(at), Target: int8(tg),
			Card: g.atk.Card, Card2: def, Value: av, Value2: dv, Amount: dmg,
			HP: max(0, int(g.chars[tg].HP)-dmg), Flag: g.atk.Ranged})
	}
	if dmg > 0 {
		g.hurt(tg, int8(min(dmg, Infinite)), at, g.atk.Card, "")
	}
	g.discard[aSeat].push(g.atk.Card)
	if def != NoCard {
		g.discard[dSeat].push(def)
	}
	g.nFrames, g.head = 0, 0
	g.pushFrame(g.atk.Card, listAttack, at, tg)
	if atkTri {
		g.pushFrame(g.atk.Card, listTriforce, at, tg)
	}
	if def != NoCard && (g.chars[tg].Alive || g.d.Rules.DeadDefenderEffects) {
		g.pushFrame(def, listDefend, tg, at)
		if defTri {
			g.pushFrame(def, listTriforce, tg, at)
		}
	}
	g.resolve()
}

// value is the attack (or defence) value of card id played by c: the printed value or its
// sunburst word, doubled and raised by c's Clock cards in play.
func (g *Game) value(c int, id CardID, attacking bool) int {
	cd := &g.d.Cards[id]
	v, list := int(cd.Defence), cd.OnDefend
	if attacking {
		v, list = int(cd.Attack), cd.OnAttack
	}
	for _, e := range list {
		switch e.Word {
		case WValueInfinite:
			return Infinite
		case WValueHand:
			v = g.hand[c/MaxTeamChars].N
		case WValueDamageTaken:
			v = int(g.Character(c).HP - g.chars[c].HP)
		}
	}
	seat := c / MaxTeamChars
	for i := 0; i < g.nInPlay[seat]; i++ {
		cc := g.inPlay[seat][i]
		if int(cc.Char) != c {
			continue
		}
		for _, e := range g.d.Cards[cc.Card].Effects {
			switch {
			case e.Word == WDoubleValues:
				v *= 2
			case e.Word == WAttackBonus && attacking, e.Word == WDefenceBonus && !attacking:
				v += int(e.Amount)
			}
		}
	}
	return min(v, Infinite)
}

// playSpecial plays a special card: its effects in printed order, then its Triforce ability; a
// Clock card stays in play.
func (g *Game) playSpecial(a Action) {
	cd := &g.d.Cards[a.Card]
	g.spendAction(ActionPlay, cd.Free, a.Card, a.Char, a.Target)
	h := &g.hand[g.seat]
	h.remove(h.index(a.Card))
	tri := g.noteCard(a.Card, int(a.Char))
	if cd.Clock > 0 {
		n := g.nInPlay[g.seat]
		g.inPlay[g.seat][n] = clockCard{Card: a.Card, Char: a.Char, Left: cd.Clock}
		g.nInPlay[g.seat]++
	} else {
		g.playing = a.Card // discarded once its effects are done
	}
	g.nFrames, g.head = 0, 0
	g.pushFrame(a.Card, listSpecial, int(a.Char), int(a.Target))
	if tri {
		g.pushFrame(a.Card, listTriforce, int(a.Char), int(a.Target))
	}
	g.resolve()
}

func (g *Game) pushFrame(id CardID, list uint8, self, other int) {
	g.frames[g.nFrames] = frame{Card: id, List: list, Self: int8(self), Other: int8(other), Seat: int8(self / MaxTeamChars)}
	g.nFrames++
}

// effects returns the effect list a frame walks.
func (g *Game) effects(f *frame) []Effect {
	cd := &g.d.Cards[f.Card]
	switch f.List {
	case listAttack:
		return cd.OnAttack
	case listDefend:
		return cd.OnDefend
	case listSpecial:
		return cd.Effects
	}
	return cd.Tri.Effects
}

// resolve walks the pending effect frames until one asks for a decision (PhaseEffect), all are
// done or the game is decided, then ends the play as an action.
func (g *Game) resolve() {
	for g.head < g.nFrames && !g.decided() {
		f := &g.frames[g.head]
		list := g.effects(f)
		for int(f.Idx) < len(list) && !g.decided() {
			if g.effect(f, list[f.Idx]) {
				g.phase = PhaseEffect
				return
			}
			f.Idx++
		}
		g.head++
	}
	g.nFrames, g.head = 0, 0
	if g.playing != NoCard {
		g.discard[g.seat].push(g.playing)
		g.playing = NoCard
	}
	g.afterAction()
}
