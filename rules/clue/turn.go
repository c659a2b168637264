package clue

// The turn: its start and end, the roll, the move, accusations and eliminations.

// beginTurn starts seat s's turn, or ends the game at the turn cap.
func (g *Game) beginTurn(s int) {
	t := &g.t
	if t.Turn >= g.data.Rules.TurnCap || g.full {
		g.finish(EndTurnCap, -1)
		return
	}
	t.Turn++
	t.Seat, t.Phase = s, PhStart
	t.Rolled, t.Moved, t.Rumored = false, false, false
	t.Steps, t.Dice, t.LeftRoom, t.Pending, t.Immed = 0, [NumDice]uint8{}, -1, 0, -1
	if g.sink != nil {
		g.emit(&Event{Type: EvTurnStart, Seat: int8(s)})
	}
	if t.MoveDraw[s] {
		t.MoveDraw[s] = false
		g.offerDraws(1, PhStart)
	}
}

// endTurn passes the turn to the next player still in (or to the same player for an extra turn).
func (g *Game) endTurn() {
	t := &g.t
	s := t.Seat
	t.MovedIn[s], t.MoveDraw[s] = false, false
	if t.Phase == PhOver {
		return
	}
	if t.Out[s] == In && t.Extra[s] > 0 {
		t.Extra[s]--
		g.beginTurn(s)
		return
	}
	for k := 1; k <= t.Players; k++ {
		n := (s + k) % t.Players
		if t.Out[n] == In {
			g.beginTurn(n)
			return
		}
	}
}

// finish ends the game.
func (g *Game) finish(r EndReason, winner int) {
	g.t.Phase, g.t.End, g.t.Winner = PhOver, r, winner
	if g.sink != nil {
		g.emit(&Event{Type: EvGameEnd, Seat: int8(winner)})
	}
}

// eliminate puts seat s out of the game; a wrong accuser still answers, a Ganondorf victim lays
// his hand face up (and is no longer asked, unless rules.ganondorf_out_answers). The game ends
// when no one is left in.
func (g *Game) eliminate(s int, why Out) {
	t := &g.t
	t.Out[s], t.Extra[s] = why, 0
	if why == OutGanondorf {
		t.Revealed[s] = true
		for _, c := range g.hand[s][:t.HandN[s]] {
			g.observe(Obs{Kind: ObsRevealed, Seat: int8(s), Card: c}, All)
		}
	}
	g.observe(Obs{Kind: ObsEliminated, Seat: int8(s), Flag: uint8(why)}, All)
	if g.sink != nil {
		g.emit(&Event{Type: EvEliminated, Seat: int8(s), Out: why})
	}
	if g.active() == 0 {
		if why == OutGanondorf {
			g.finish(EndGanondorf, -1)
		} else {
			g.finish(EndAllWrong, -1)
		}
	}
}

// roll rolls the dice for the seat's move; each "?" may give an encounter draw.
func (g *Game) roll() {
	t := &g.t
	d := g.data
	t.Steps, t.Rolled = 0, true
	q := 0
	for i := range t.Dice {
		f := d.DieFaces[g.rDice.Intn(d.DieN)]
		t.Dice[i] = f
		if f == 0 {
			q++
			t.Steps += d.Rules.QuestionFaceSteps
		} else {
			t.Steps += int(f)
		}
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvRoll, Seat: int8(t.Seat), Steps: t.Steps})
	}
	if q > 1 && !d.Rules.DrawPerQuestionFace {
		q = 1
	}
	t.Phase = PhMove
	g.offerDraws(q, PhMove)
}

// offerDraws lets the seat draw n encounter cards, then goes on in phase ret.
func (g *Game) offerDraws(n int, ret Phase) {
	t := &g.t
	if !t.Encount || t.DeckN == 0 || n <= 0 {
		t.Phase = ret
		return
	}
	t.Pending, t.Return, t.Phase = n, ret, PhDraw
}

// move puts the seat's mover on square or room to.
func (g *Game) move(to Place) {
	t := &g.t
	s := t.Seat
	from := t.Mover[s]
	if g.sink != nil {
		g.emit(&Event{Type: EvMove, Seat: int8(s), From: from, To: to, Steps: g.walked(s, to)})
	}
	t.Phase = PhEnd
	if to == from {
		return
	}
	if r := from.Room(); r >= 0 {
		t.LeftRoom = int8(r)
	}
	t.Mover[s], t.Moved = to, true
	switch r := to.Room(); {
	case r == Castle:
	case r >= 0:
		t.Rumor.Via, t.Phase = ViaEntered, PhRumor
	case g.data.Board.Cell[to] == CellQuestion:
		g.offerDraws(1, PhEnd)
	}
}

// enter moves the seat's mover straight into room r (a Boss power), then asks there or, in the
// castle, goes on to the end of the turn.
func (g *Game) enter(r int) {
	t := &g.t
	if from := t.Mover[t.Seat].Room(); from >= 0 {
		t.LeftRoom = int8(from)
	}
	t.Mover[t.Seat], t.Moved, t.Phase = RoomPlace(r), true, PhEnd
	if r != Castle {
		t.Rumor.Via, t.Phase = ViaBoss, PhRumor
	}
}

// accuse checks the seat's accusation against the envelope: right wins, wrong puts him out.
func (g *Game) accuse(h, i, l int) {
	t := &g.t
	s := t.Seat
	right := g.envelope[0] == HeroCard(h) && g.envelope[1] == ItemCard(i) && g.envelope[2] == LocationCard(l)
	o := Obs{Kind: ObsAccuse, Seat: int8(s), Hero: int8(h), Item: int8(i), Loc: int8(l)}
	if right {
		o.Flag = 1
	}
	g.observe(o, All)
	if g.sink != nil {
		g.emit(&Event{Type: EvAccuse, Seat: int8(s), Hero: int8(h), Item: int8(i), Loc: int8(l), Correct: right})
	}
	if right {
		g.finish(EndAccused, s)
		return
	}
	g.eliminate(s, OutWrongAccusation)
	g.endTurn()
}
