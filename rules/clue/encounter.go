package clue

import "github.com/clockworksim/clockwork/rules/chance"

// The Boss Encounter deck: drawing, Ganondorf, and the Boss powers.

// draw draws the top card of the Boss Encounter deck for the seat.
func (g *Game) draw() {
	t := &g.t
	s := t.Seat
	t.Pending--
	t.DeckN--
	c := g.deck[t.DeckN]
	if c == ganonCard {
		g.ganondorf(s)
		return
	}
	b := int(c)
	g.owner[b] = int8(s)
	t.Kept[s]++
	o := Obs{Kind: ObsEncounter, Seat: int8(s), Boss: -1, Card: NoCard}
	g.observeBut(o, s, s)
	o.Boss = int8(b)
	g.observe(o, s)
	if g.sink != nil {
		g.emit(&Event{Type: EvEncounter, Seat: int8(s), Boss: int8(b)})
	}
	if g.data.Bosses[b].Immediate {
		var buf [64]Action
		if len(g.bossUses(buf[:0], b, PhImmediate)) > 0 {
			t.Immed, t.Phase = int8(b), PhImmediate
			return
		}
		g.discard(b) // nothing it could do now
		if g.sink != nil {
			g.emit(&Event{Type: EvBossPower, Seat: int8(s), Boss: int8(b), Effect: g.data.Bosses[b].Effect,
				Target: -1, Card: NoCard, To: NoPlace, Correct: true})
		}
	}
	g.afterDraw()
}

// ganondorf reveals a Ganondorf card drawn by seat s. The first ones (rules.ganondorf_cards - 1)
// are set aside; the last eliminates the drawer, who lays his hand face up, and goes back into
// the deck at a random place (or, rules.ganondorf_eighth: game_lost, ends the game).
func (g *Game) ganondorf(s int) {
	t := &g.t
	t.GanonSeen++
	t.GanonInDeck--
	strikes := t.GanonSeen >= g.data.Rules.GanondorfCards
	g.observe(Obs{Kind: ObsGanondorf, Seat: int8(s), Flag: uint8(min(t.GanonSeen, 255)), Card: NoCard, Boss: -1}, All)
	if g.sink != nil {
		g.emit(&Event{Type: EvEncounter, Seat: int8(s), Boss: -1, Correct: strikes && !g.data.Rules.GanondorfLosesGame})
	}
	if !strikes {
		g.afterDraw()
		return
	}
	if g.data.Rules.GanondorfLosesGame {
		g.finish(EndGanondorf, -1)
		return
	}
	g.deck[t.DeckN] = ganonCard
	t.DeckN++
	t.GanonInDeck++
	j := g.rDeck.Intn(t.DeckN)
	g.deck[t.DeckN-1], g.deck[j] = g.deck[j], g.deck[t.DeckN-1]
	g.eliminate(s, OutGanondorf)
	g.endTurn()
}

// afterDraw offers the next pending draw, or goes back to the phase the draws interrupted.
func (g *Game) afterDraw() {
	t := &g.t
	if t.Pending > 0 && t.DeckN > 0 {
		t.Phase = PhDraw
		return
	}
	t.Pending, t.Phase = 0, t.Return
}

// discard puts Boss b on the discard pile.
func (g *Game) discard(b int) {
	if o := g.owner[b]; o >= 0 {
		g.t.Kept[o]--
	}
	g.owner[b] = -1
	g.t.Used[b] = true
}

// bossUses appends the uses of the seat's Boss b that are legal in phase ph.
func (g *Game) bossUses(buf []Action, b int, ph Phase) []Action {
	t := &g.t
	s := t.Seat
	here := t.Mover[s].Room()
	act := Action{Kind: ActBoss, A: uint8(b), B: None, C: None}
	switch g.data.Bosses[b].Effect {
	case EffExtraTurn:
		buf = append(buf, act)
	case EffSeeCard:
		for o := 0; o < t.Players; o++ {
			if o != s && t.HandN[o] > 0 && !t.Revealed[o] {
				act.B = uint8(o)
				buf = append(buf, act)
			}
		}
	case EffMoveMover:
		for o := 0; o < t.Players; o++ {
			for l := 0; l < NumLocations && o != s; l++ {
				if t.Mover[o] != RoomPlace(l) {
					act.B, act.C = uint8(o), uint8(l)
					buf = append(buf, act)
				}
			}
		}
	case EffMoveToAnyLocation:
		if ph == PhStart || ph == PhMove {
			for l := 0; l < NumLocations; l++ {
				if l != here && !(g.data.Rules.NoReenterSameTurn && int8(l) == t.LeftRoom) {
					act.C = uint8(l)
					buf = append(buf, act)
				}
			}
		}
	case EffMoveToCastle:
		if (ph == PhStart || ph == PhMove) && here != Castle {
			act.C = Castle
			buf = append(buf, act)
		}
	case EffReroll, EffExtraSteps:
		if ph == PhMove {
			buf = append(buf, act)
		}
	case EffAskAgain:
		if ph == PhEnd && t.Rumored && here >= 0 && here < Castle && int8(here) == t.Rumor.Loc {
			buf = append(buf, act)
		}
	}
	return buf
}

// keptUses appends the uses of every Boss the seat keeps, in phase ph.
func (g *Game) keptUses(buf []Action, ph Phase) []Action {
	s := int8(g.t.Seat)
	if g.t.Kept[s] == 0 {
		return buf
	}
	for b := 0; b < g.data.BossN; b++ {
		if g.owner[b] == s {
			buf = g.bossUses(buf, b, ph)
		}
	}
	return buf
}

// playBoss plays the seat's Boss a.A with its targets, then discards it.
func (g *Game) playBoss(a Action) {
	t := &g.t
	s := t.Seat
	b := int(a.A)
	boss := &g.data.Bosses[b]
	immediate := t.Phase == PhImmediate
	g.discard(b)
	t.UsedBy[b] = int8(s)
	e := Event{Type: EvBossPower, Seat: int8(s), Boss: int8(b), Effect: boss.Effect, Target: -1, Card: NoCard, To: NoPlace}
	o := Obs{Kind: ObsBoss, Seat: int8(s), Boss: int8(b), Asker: -1, Loc: -1, Card: NoCard}
	if a.B != None {
		e.Target, o.Asker = int8(a.B), int8(a.B)
	}
	if a.C != None {
		e.To, o.Loc = RoomPlace(int(a.C)), int8(a.C)
	}
	var seen Card = NoCard
	if boss.Effect == EffSeeCard {
		tg := int(a.B)
		seen = g.hand[tg][g.rPower.Intn(t.HandN[tg])]
		e.Card = seen
	}
	g.observeBut(o, s, s)
	o.Card = seen
	g.observe(o, s)
	if g.sink != nil {
		g.emit(&e)
	}
	if immediate {
		t.Immed = -1
		g.afterDraw()
	}
	g.bossEffect(boss, a)
}

// bossEffect does what the Boss's word says (see_card is done by playBoss).
func (g *Game) bossEffect(boss *Boss, a Action) {
	t := &g.t
	s := t.Seat
	switch boss.Effect {
	case EffExtraTurn:
		t.Extra[s]++
	case EffMoveMover:
		o := int(a.B)
		t.Mover[o] = RoomPlace(int(a.C))
		t.MovedIn[o] = true
		t.MoveDraw[o] = t.Encount && g.data.Rules.MovedPlayerMayDraw
	case EffMoveToAnyLocation, EffMoveToCastle:
		g.enter(int(a.C))
	case EffReroll:
		g.roll()
	case EffExtraSteps:
		t.Steps += boss.Amount
	case EffAskAgain:
		t.Rumor.Via, t.Phase = ViaBoss, PhRumor
	}
}

// shuffleDeck reshuffles the cards left in the deck (Determinize).
func (g *Game) shuffleDeck() { chance.Shuffle(&g.rDeck, g.deck[:g.t.DeckN]) }
