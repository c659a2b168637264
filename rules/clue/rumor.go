package clue

// Rumors and their answers.

// rumor asks about hero h and item i in location loc: the hero's mover and the item come into
// the location, and the players on the asker's left answer in turn.
func (g *Game) rumor(h, i, loc int, via Via) {
	t := &g.t
	s := t.Seat
	dest := RoomPlace(loc)
	if t.Mover[h] != dest {
		t.Mover[h] = dest
		if h < t.Players && h != s {
			t.MovedIn[h] = true
			t.MoveDraw[h] = t.Encount && g.data.Rules.MovedPlayerMayDraw
		}
	}
	if via != ViaPersonality || g.data.Rules.PersonalityMovesItem {
		t.ItemAt[i] = dest
	}
	t.Rumor = Rumor{Asker: int8(s), Hero: int8(h), Item: int8(i), Loc: int8(loc), Via: via}
	t.Rumored = true
	g.observe(Obs{Kind: ObsRumor, Asker: int8(s), Hero: int8(h), Item: int8(i), Loc: int8(loc), Flag: uint8(via)}, All)
	if g.sink != nil {
		g.emit(&Event{Type: EvRumor, Seat: int8(s), Hero: int8(h), Item: int8(i), Loc: int8(loc), Via: via})
	}
	g.ask((s + 1) % t.Players)
}

// matches counts the cards of the current rumor seat s holds, and returns the last one.
func (g *Game) matches(s int) (n int, last Card) {
	r := &g.t.Rumor
	h, i, l := HeroCard(int(r.Hero)), ItemCard(int(r.Item)), LocationCard(int(r.Loc))
	for _, c := range g.hand[s][:g.t.HandN[s]] {
		if c == h || c == i || c == l {
			n, last = n+1, c
		}
	}
	return n, last
}

// ask asks seat from, then the seats on his left, until one shows a card. A seat with one
// matching card shows it; a seat with several chooses (PhAnswer). A seat out by Ganondorf, his
// hand face up, is passed by (unless rules.ganondorf_out_answers).
func (g *Game) ask(from int) {
	t := &g.t
	asker := int(t.Rumor.Asker)
	for s := from; s != asker; s = (s + 1) % t.Players {
		if t.Revealed[s] && !g.data.Rules.GanondorfOutAnswers {
			continue
		}
		n, c := g.matches(s)
		t.Answerer = s
		switch {
		case n == 0:
			g.answered(s, NoCard)
		case n == 1:
			g.answered(s, c)
			t.Phase = PhEnd
			return
		default:
			t.Phase = PhAnswer
			return
		}
	}
	g.noAnswer()
}

// answered records seat s's answer: card c shown to the asker (NoCard: he cannot answer).
// Everyone learns whether he showed a card; only the asker and s learn which.
func (g *Game) answered(s int, c Card) {
	asker := int(g.t.Rumor.Asker)
	r := &g.t.Rumor
	o := Obs{Kind: ObsAnswer, Asker: int8(asker), Seat: int8(s), Hero: r.Hero, Item: r.Item, Loc: r.Loc, Card: NoCard}
	if c == NoCard {
		g.observe(o, All)
	} else {
		o.Flag = 1
		g.observeBut(o, asker, s)
		o.Card = c
		g.observe(o, asker)
		g.observe(o, s)
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvAnswer, Asker: int8(asker), Seat: int8(s), Card: c})
	}
}

// noAnswer follows a rumor no one could answer: with 2 players the asker looks at one of the
// cards set aside (his choice, or at random: rules.aside_look).
func (g *Game) noAnswer() {
	t := &g.t
	t.Phase = PhEnd
	if t.Players != 2 || t.AsideN == 0 {
		return
	}
	if g.data.Rules.AsideLookRandom {
		g.seeAside(g.rPower.Intn(t.AsideN))
		return
	}
	t.Phase = PhAside
}

// seeAside shows the asker set-aside card k.
func (g *Game) seeAside(k int) {
	t := &g.t
	asker := int(t.Rumor.Asker)
	o := Obs{Kind: ObsAside, Asker: int8(asker), Seat: int8(asker), Card: NoCard, Flag: uint8(k)}
	g.observeBut(o, asker, asker)
	o.Card = g.aside[k]
	g.observe(o, asker)
	if g.sink != nil {
		g.emit(&Event{Type: EvAsideSeen, Asker: int8(asker), Card: g.aside[k]})
	}
	t.Phase = PhEnd
}
