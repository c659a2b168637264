package duels

import "strconv"

// ActionKind is the kind of a decision.
type ActionKind uint8

// The action kinds.
const (
	ActMove    ActionKind = iota // move Char to Dest (the die's movement, or a card's move effect)
	ActEndMove                   // end the movement (the rest of the roll is not used)
	ActAttack                    // Char attacks Target with Card (a combat card, face down)
	ActDefend                    // the defender plays Card face up, or NoCard for no defence
	ActSpecial                   // Char plays the special Card, at Target (-1 for none)
	ActDraw                      // draw a card (the hand is under the limit)
	ActDiscard                   // at the hand limit: discard Card, then draw
	ActHeal                      // discard Card of an eliminated partner to heal Char
	ActEndTurn                   // end the turn, leaving the remaining actions unused
)

var actionKindNames = [...]string{"move", "end_move", "attack", "defend", "special", "draw",
	"discard", "heal", "end_turn"}

// String returns the kind's name.
func (k ActionKind) String() string {
	if int(k) < len(actionKindNames) {
		return actionKindNames[k]
	}
	return "?"
}

// Action is one decision: a small value. Characters are game character indexes
// (seat*MaxTeamChars + slot); fields a kind does not use are -1, NoSquare or NoCard.
type Action struct {
	Kind   ActionKind
	Char   int8
	Target int8
	Dest   Square
	Card   CardID
}

// String returns a compact form with indexes, e.g. "attack c0>c3 #12".
func (a Action) String() string {
	b := make([]byte, 0, 32)
	b = append(b, a.Kind.String()...)
	if a.Char >= 0 {
		b = append(b, " c"...)
		b = strconv.AppendInt(b, int64(a.Char), 10)
	}
	if a.Target >= 0 {
		b = append(b, ">c"...)
		b = strconv.AppendInt(b, int64(a.Target), 10)
	}
	if a.Dest != NoSquare {
		b = append(b, " @"...)
		b = append(b, a.Dest.String()...)
	}
	if a.Card != NoCard {
		b = append(b, " #"...)
		b = strconv.AppendInt(b, int64(a.Card), 10)
	}
	return string(b)
}

// Describe returns the action with the data's names, e.g. "attack link>ganon with link_sword".
func (g *Game) Describe(a Action) string {
	s := a.Kind.String()
	if a.Char >= 0 && g.CharExists(int(a.Char)) {
		s += " " + g.Character(int(a.Char)).ID
	}
	if a.Target >= 0 && g.CharExists(int(a.Target)) {
		s += ">" + g.Character(int(a.Target)).ID
	}
	if a.Dest != NoSquare {
		s += " to " + a.Dest.String()
	}
	if a.Card != NoCard && int(a.Card) < len(g.d.Cards) {
		s += " with " + g.d.Cards[a.Card].ID
	}
	return s
}

func act(k ActionKind) Action {
	return Action{Kind: k, Char: -1, Target: -1, Dest: NoSquare, Card: NoCard}
}

// LegalActions appends the legal decisions of ToMove() to buf and returns it (empty when the
// game is over). A buffer of MaxActions never grows.
func (g *Game) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	switch g.phase {
	case PhaseMove:
		buf = g.legalMoves(buf)
	case PhaseAction:
		buf = g.legalTurnActions(buf)
	case PhaseDefend:
		buf = g.legalDefences(buf)
	case PhaseEffect:
		buf = g.legalEffectMoves(buf)
	}
	return buf
}

// legalMoves lists the die's moves of every character that may still move, and ending the move.
func (g *Game) legalMoves(buf []Action) []Action {
	steps := int(g.d.Faces[g.face].Steps)
	for c := g.seat * MaxTeamChars; c < (g.seat+1)*MaxTeamChars; c++ {
		if !g.chars[c].Alive || g.chars[c].Moved {
			continue
		}
		buf = g.appendDests(buf, c, steps, false, false)
	}
	return append(buf, act(ActEndMove))
}

// appendDests appends a move of c to every square it can reach in up to steps steps (the start
// too when stay), excluding walks that would eliminate it unless lethal.
func (g *Game) appendDests(buf []Action, c, steps int, stay, lethal bool) []Action {
	g.search(c, steps)
	hp := g.chars[c].HP
	for r := 0; r < g.m.Rows; r++ {
		for col := 0; col < g.m.Cols; col++ {
			s := Sq(r, col)
			if s == g.chars[c].At && !stay {
				continue
			}
			dmg, _, ok := g.best(c, s)
			if !ok || (!lethal && dmg >= hp) {
				continue
			}
			a := act(ActMove)
			a.Char, a.Dest = int8(c), s
			buf = append(buf, a)
		}
	}
	return buf
}

// legalEffectMoves lists the destinations of a pending move effect (staying included).
func (g *Game) legalEffectMoves(buf []Action) []Action {
	return g.appendDests(buf, int(g.pend.Char), int(g.pend.Steps), true, g.pend.Lethal)
}

// legalDefences lists the defence cards of the attacked character, and no defence.
func (g *Game) legalDefences(buf []Action) []Action {
	t := int(g.atk.Target)
	seat := t / MaxTeamChars
	h := &g.hand[seat]
	for i := 0; i < h.N; i++ {
		id := h.Cards[i]
		if g.d.Cards[id].CanDefend() && g.mayPlay(t, id) && !seenBefore(h, i) {
			a := act(ActDefend)
			a.Card = id
			buf = append(buf, a)
		}
	}
	return append(buf, act(ActDefend))
}

// seenBefore reports whether the card at index i of h also lies at a lower index (so that a
// card type is listed once).
func seenBefore(h *pile, i int) bool {
	for j := 0; j < i; j++ {
		if h.Cards[j] == h.Cards[i] {
			return true
		}
	}
	return false
}

// mayPlay reports whether character c may play card id (it is named on the card, or under the
// partner reading the card names an eliminated partner of c).
func (g *Game) mayPlay(c int, id CardID) bool {
	cd := &g.d.Cards[id]
	slot := c % MaxTeamChars
	if cd.Chars&(1<<uint(slot)) != 0 {
		return true
	}
	if g.d.Rules.EliminatedCards != ElimPartnerPlays {
		return false
	}
	base := c - slot
	for s := 0; s < MaxTeamChars; s++ {
		if cd.Chars&(1<<uint(s)) != 0 && g.chars[base+s].Exists && !g.chars[base+s].Alive {
			return true
		}
	}
	return false
}

// legalTurnActions lists the actions of the turn: attacks, specials, draw or discard, heal, end.
// With no action left only the cards that do not count as one are played (and the turn ended).
func (g *Game) legalTurnActions(buf []Action) []Action {
	seat := g.seat
	h := &g.hand[seat]
	for i := 0; i < h.N; i++ {
		if !seenBefore(h, i) && (g.actionsLeft > 0 || g.d.Cards[h.Cards[i]].Free) {
			buf = g.appendPlays(buf, h.Cards[i])
		}
	}
	if g.actionsLeft <= 0 {
		return append(buf, act(ActEndTurn))
	}
	if h.N < g.d.Rules.HandLimit {
		if g.draw[seat].N+g.discard[seat].N > 0 {
			buf = append(buf, act(ActDraw))
		}
	} else if g.draw[seat].N+g.discard[seat].N > 0 {
		for i := 0; i < h.N; i++ {
			if !seenBefore(h, i) {
				a := act(ActDiscard)
				a.Card = h.Cards[i]
				buf = append(buf, a)
			}
		}
	}
	buf = g.appendHeals(buf)
	return append(buf, act(ActEndTurn))
}

// appendPlays appends every play of card id from the hand: as a special card, or as an attack.
func (g *Game) appendPlays(buf []Action, id CardID) []Action {
	if g.d.Cards[id].Kind == Special {
		return g.appendSpecials(buf, id)
	}
	if g.d.Cards[id].CanAttack() {
		return g.appendAttacks(buf, id)
	}
	return buf
}

// appendAttacks appends every attack with card id: each attacker that may play it and each
// opponent it reaches.
func (g *Game) appendAttacks(buf []Action, id CardID) []Action {
	cd := &g.d.Cards[id]
	for c := g.seat * MaxTeamChars; c < (g.seat+1)*MaxTeamChars; c++ {
		if !g.chars[c].Alive || !g.mayPlay(c, id) {
			continue
		}
		for t := 0; t < g.players*MaxTeamChars; t++ {
			if !g.chars[t].Alive || t/MaxTeamChars == g.seat {
				continue
			}
			if ok, _ := g.CanHit(cd.Melee, cd.Ranged, g.chars[c].At, g.chars[t].At); ok {
				a := act(ActAttack)
				a.Char, a.Target, a.Card = int8(c), int8(t), id
				buf = append(buf, a)
			}
		}
	}
	return buf
}

// appendSpecials appends every play of the special card id: each character that may play it,
// and each target its rule allows.
func (g *Game) appendSpecials(buf []Action, id CardID) []Action {
	cd := &g.d.Cards[id]
	for c := g.seat * MaxTeamChars; c < (g.seat+1)*MaxTeamChars; c++ {
		if !g.chars[c].Alive || !g.mayPlay(c, id) {
			continue
		}
		if cd.Target == TargetNone {
			a := act(ActSpecial)
			a.Char, a.Card = int8(c), id
			buf = append(buf, a)
			continue
		}
		for t := 0; t < g.players*MaxTeamChars; t++ {
			if g.validTarget(cd.Target, c, t) {
				a := act(ActSpecial)
				a.Char, a.Target, a.Card = int8(c), int8(t), id
				buf = append(buf, a)
			}
		}
	}
	return buf
}

// validTarget reports whether character t is a target of rule for a special played by c.
func (g *Game) validTarget(rule TargetRule, c, t int) bool {
	if !g.chars[t].Alive {
		return false
	}
	ally := t/MaxTeamChars == c/MaxTeamChars
	switch rule {
	case TargetAny:
		return !ally
	case TargetAdjacent:
		return !ally && Adjacent(g.chars[c].At, g.chars[t].At)
	case TargetRanged:
		return !ally && g.ClearShot(g.chars[c].At, g.chars[t].At)
	case TargetAlly:
		return ally
	}
	return false
}

// appendHeals appends the heal actions: a character whose partners are all eliminated, below
// its hit points, discarding a card that names an eliminated partner.
func (g *Game) appendHeals(buf []Action) []Action {
	base := g.seat * MaxTeamChars
	c, alive := -1, 0
	for s := 0; s < MaxTeamChars; s++ {
		if g.chars[base+s].Alive {
			c, alive = base+s, alive+1
		}
	}
	if alive != 1 || int(g.chars[c].HP) >= int(g.Character(c).HP) {
		return buf
	}
	h := &g.hand[g.seat]
	for i := 0; i < h.N; i++ {
		if !seenBefore(h, i) && g.namesEliminated(c, h.Cards[i]) {
			a := act(ActHeal)
			a.Char, a.Card = int8(c), h.Cards[i]
			buf = append(buf, a)
		}
	}
	return buf
}

// namesEliminated reports whether card id names an eliminated partner of c.
func (g *Game) namesEliminated(c int, id CardID) bool {
	cd := &g.d.Cards[id]
	base := c - c%MaxTeamChars
	for s := 0; s < MaxTeamChars; s++ {
		if base+s != c && cd.Chars&(1<<uint(s)) != 0 && g.chars[base+s].Exists && !g.chars[base+s].Alive {
			return true
		}
	}
	return false
}
