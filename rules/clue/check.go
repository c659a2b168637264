package clue

import "fmt"

// Check verifies the invariants of the state and returns the first one broken: every Rumor card
// in exactly one place, every Boss card in exactly one place, the Ganondorf count, movers and
// items on legal places, one mover a corridor square (rules.movers_block), the phase and the
// seats it names, the game's end. It allocates only to report a problem.
func (g *Game) Check() error {
	t := &g.t
	if t.Players < MinPlayers || t.Players > MaxPlayers {
		return fmt.Errorf("clue: %d players", t.Players)
	}
	if err := g.cardsPartition(); err != nil {
		return err
	}
	if err := g.checkBosses(); err != nil {
		return err
	}
	if err := g.checkPlaces(); err != nil {
		return err
	}
	return g.checkPhase()
}

func (g *Game) checkBosses() error {
	t := &g.t
	var inDeck [MaxBosses]int
	ganon := 0
	for _, c := range g.deck[:t.DeckN] {
		if c == ganonCard {
			ganon++
		} else {
			inDeck[c]++
		}
	}
	if ganon != t.GanonInDeck {
		return fmt.Errorf("clue: %d Ganondorf cards in the deck, the table says %d", ganon, t.GanonInDeck)
	}
	if t.Encount && t.GanonInDeck+min(t.GanonSeen, g.data.Rules.GanondorfCards-1) > g.data.Rules.GanondorfCards {
		return fmt.Errorf("clue: %d Ganondorf cards in the deck after %d seen", t.GanonInDeck, t.GanonSeen)
	}
	var kept [MaxPlayers]int
	for b := 0; b < g.data.BossN; b++ {
		n := inDeck[b]
		if o := g.owner[b]; o >= 0 {
			n++
			kept[o]++
		}
		if t.Used[b] {
			n++
		}
		if t.UsedBy[b] >= 0 && !t.Used[b] {
			return fmt.Errorf("clue: Boss %d played by seat %d but not discarded", b, t.UsedBy[b])
		}
		if t.Encount && n != 1 {
			return fmt.Errorf("clue: Boss %d is in %d places", b, n)
		}
	}
	if kept != t.Kept {
		return fmt.Errorf("clue: kept Bosses %v, the table says %v", kept, t.Kept)
	}
	return nil
}

func (g *Game) checkPlaces() error {
	t := &g.t
	b := &g.data.Board
	var used [MaxSquares]bool
	for h, p := range t.Mover {
		switch {
		case p.IsRoom():
			if p.Room() >= NumRooms {
				return fmt.Errorf("clue: mover %d in room %d", h, p.Room())
			}
		case h >= t.Players:
			return fmt.Errorf("clue: the mover of hero %d, no player's, is on a square", h)
		case !b.Corridor(p):
			return fmt.Errorf("clue: mover %d on square %d, not a corridor square", h, p)
		case used[p] && g.data.Rules.MoversBlock:
			return fmt.Errorf("clue: two movers on square %d", p)
		default:
			used[p] = true
		}
	}
	for i, p := range t.ItemAt {
		if !p.IsRoom() || p.Room() >= NumRooms {
			return fmt.Errorf("clue: item %d at %d, not in a room", i, p)
		}
	}
	return nil
}

func (g *Game) checkPhase() error {
	t := &g.t
	if (t.Phase == PhOver) != (t.End != EndNone) {
		return fmt.Errorf("clue: phase %s with end reason %q", PhaseNames[t.Phase], t.End)
	}
	if t.Phase == PhOver {
		if (t.End == EndAccused) != (t.Winner >= 0) {
			return fmt.Errorf("clue: winner %d with end reason %q", t.Winner, t.End)
		}
		return nil
	}
	if t.Out[t.Seat] != In {
		return fmt.Errorf("clue: seat %d is out but plays", t.Seat)
	}
	if t.Turn < 1 || t.Turn > g.data.Rules.TurnCap {
		return fmt.Errorf("clue: turn %d outside 1..%d", t.Turn, g.data.Rules.TurnCap)
	}
	switch t.Phase {
	case PhAnswer:
		if n, _ := g.matches(t.Answerer); n < 2 || t.Answerer == int(t.Rumor.Asker) {
			return fmt.Errorf("clue: answerer %d chooses among %d cards", t.Answerer, n)
		}
		if t.Revealed[t.Answerer] && !g.data.Rules.GanondorfOutAnswers {
			return fmt.Errorf("clue: answerer %d is out by Ganondorf, his hand face up", t.Answerer)
		}
	case PhDraw:
		if t.Pending < 1 || t.DeckN < 1 {
			return fmt.Errorf("clue: a draw with %d pending, %d in the deck", t.Pending, t.DeckN)
		}
	case PhImmediate:
		if t.Immed < 0 || int(g.owner[t.Immed]) != t.Seat || !g.data.Bosses[t.Immed].Immediate {
			return fmt.Errorf("clue: immediate Boss %d not the seat's", t.Immed)
		}
	case PhRumor:
		if r := t.Mover[t.Seat].Room(); r < 0 || r >= Castle {
			return fmt.Errorf("clue: a rumor outside a location (place %d)", t.Mover[t.Seat])
		}
	}
	return nil
}
