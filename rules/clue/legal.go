package clue

import "fmt"

// LegalActions appends the decisions of the seat ToMove() into buf[:0] and returns it (empty
// when the game is over). A buffer of MaxActions never grows.
func (g *Game) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	t := &g.t
	s := t.Seat
	here := t.Mover[s].Room()
	rl := &g.data.Rules
	switch t.Phase {
	case PhStart:
		buf = append(buf, Action{Kind: ActRoll})
		if t.MovedIn[s] && here >= 0 && here < Castle {
			buf = append(buf, Action{Kind: ActStay})
		}
		if here == Castle && rl.AccuseAtTurnStart {
			buf = accusations(buf)
		}
		buf = g.personality(buf)
		buf = g.keptUses(buf, PhStart)
	case PhDraw:
		buf = append(buf, Action{Kind: ActDraw}, Action{Kind: ActNoDraw})
	case PhImmediate:
		buf = g.bossUses(buf, int(t.Immed), PhImmediate)
	case PhMove:
		buf = g.moves(buf)
		buf = g.keptUses(buf, PhMove)
	case PhRumor:
		for h := 0; h < NumHeroes; h++ {
			for i := 0; i < NumItems; i++ {
				buf = append(buf, Action{Kind: ActRumor, A: uint8(h), B: uint8(i)})
			}
		}
	case PhAnswer:
		r := &t.Rumor
		h, i, l := HeroCard(int(r.Hero)), ItemCard(int(r.Item)), LocationCard(int(r.Loc))
		for _, c := range g.hand[t.Answerer][:t.HandN[t.Answerer]] {
			if c == h || c == i || c == l {
				buf = append(buf, Action{Kind: ActShow, A: uint8(c)})
			}
		}
	case PhAside:
		for k := 0; k < t.AsideN; k++ {
			buf = append(buf, Action{Kind: ActAside, A: uint8(k)})
		}
	case PhEnd:
		if here == Castle && rl.AccuseAtEndOfMove && (!t.Rumored || rl.AccuseAfterRumor) {
			buf = accusations(buf)
		}
		if !t.Rumored {
			buf = g.personality(buf)
		}
		buf = g.keptUses(buf, PhEnd)
		buf = append(buf, Action{Kind: ActEndTurn})
	}
	return buf
}

// Kinds returns the kinds of the actions in legal, a list LegalActions made (bit k: some action
// of kind k), without reading every action: LegalActions appends the accusations and the
// personality rumors in blocks (every accusation; every personality rumor, less those naming
// the location the mover stands in), so the first action of a block stands for the shortest
// such block.
func Kinds(legal []Action) (kinds uint32) {
	for i := 0; i < len(legal); i++ {
		k := legal[i].Kind
		if kinds&(1<<k) != 0 {
			continue // a block's rest is read one by one
		}
		kinds |= 1 << k
		switch k {
		case ActAccuse:
			i += len(allAccusations) - 1
		case ActPersonality:
			i += len(personalityRumors) - NumHeroes*NumItems - 1
		}
	}
	return kinds
}

// accusations appends every accusation (6 x 6 x 9), by hero, then item, then location.
func accusations(buf []Action) []Action {
	return append(buf, allAccusations[:]...)
}

// allAccusations is every accusation, in the order accusations appends them.
var allAccusations = func() (all [NumHeroes * NumItems * NumLocations]Action) {
	n := 0
	for h := 0; h < NumHeroes; h++ {
		for i := 0; i < NumItems; i++ {
			for l := 0; l < NumLocations; l++ {
				all[n] = Action{Kind: ActAccuse, A: uint8(h), B: uint8(i), C: uint8(l)}
				n++
			}
		}
	}
	return all
}()

// personality appends the rumors of the seat's personality card, if unused: any hero and item,
// in any location he is not in.
func (g *Game) personality(buf []Action) []Action {
	s := g.t.Seat
	if g.t.Personal[s] {
		return buf
	}
	here := g.t.Mover[s].Room()
	if here < 0 || here >= NumLocations {
		return append(buf, personalityRumors[:]...)
	}
	const perLocation = NumHeroes * NumItems
	buf = append(buf, personalityRumors[:here*perLocation]...)
	return append(buf, personalityRumors[(here+1)*perLocation:]...)
}

// personalityRumors is every personality rumor, by location, then hero, then item.
var personalityRumors = func() (all [NumLocations * NumHeroes * NumItems]Action) {
	n := 0
	for l := 0; l < NumLocations; l++ {
		for h := 0; h < NumHeroes; h++ {
			for i := 0; i < NumItems; i++ {
				all[n] = Action{Kind: ActPersonality, A: uint8(h), B: uint8(i), C: uint8(l)}
				n++
			}
		}
	}
	return all
}()

// Apply plays action a of the seat ToMove(), trusting that it is legal (ApplyChecked checks).
func (g *Game) Apply(a Action) {
	t := &g.t
	switch a.Kind {
	case ActRoll:
		g.roll()
	case ActMove:
		g.move(a.To)
	case ActStay:
		t.Rumor.Via, t.Phase = ViaStayed, PhRumor
	case ActRumor:
		g.rumor(int(a.A), int(a.B), t.Mover[t.Seat].Room(), t.Rumor.Via)
	case ActShow:
		g.answered(t.Answerer, Card(a.A))
		t.Phase = PhEnd
	case ActAside:
		g.seeAside(int(a.A))
	case ActAccuse:
		g.accuse(int(a.A), int(a.B), int(a.C))
	case ActDraw:
		g.draw()
	case ActNoDraw:
		t.Pending--
		g.afterDraw()
	case ActBoss:
		g.playBoss(a)
	case ActPersonality:
		t.Personal[t.Seat] = true
		g.rumor(int(a.A), int(a.B), int(a.C), ViaPersonality)
	case ActEndTurn:
		g.endTurn()
	}
}

// ApplyChecked plays a after checking that it is one of LegalActions; otherwise it returns an
// error naming the action and changes nothing.
func (g *Game) ApplyChecked(a Action) error {
	if g.IsTerminal() {
		return fmt.Errorf("clue: %v: the game is over", a)
	}
	var buf [MaxActions]Action
	for _, l := range g.LegalActions(buf[:0]) {
		if l == a {
			g.Apply(a)
			return nil
		}
	}
	return fmt.Errorf("clue: %v is not legal for seat %d in phase %s", a, g.ToMove(), PhaseNames[g.t.Phase])
}
