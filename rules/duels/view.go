package duels

// CharView is what every player sees of a character.
type CharView struct {
	Exists bool
	Alive  bool
	HP     int8   // hit points now (0 once eliminated)
	MaxHP  int8   // printed hit points
	At     Square // NoSquare once eliminated
	Moved  bool   // moved in this turn's movement
}

// ClockView is a Clock card in play, face up.
type ClockView struct {
	Card CardID
	Char int8 // the character it acts on
	Left int8 // owner's turn starts until it is discarded
}

// View is what one seat knows: its own hand, the board and hit points, every discard pile and
// card in play, and of the opponents only the sizes of their hands and draw piles (and a hand
// an opponent had to show, until it changes). It is a value with no references into the game
// except the immutable Data and Map.
type View struct {
	Data        *Data
	Map         *Map
	Seat        int // the seat viewing
	Players     int
	Teams       [MaxPlayers]TeamID
	Turn        int   // turns begun, all players counted
	InTurn      int   // the seat whose turn it is
	ToMove      int   // the seat deciding now
	Phase       Phase // the phase of the decision
	Face        Face  // this turn's roll
	ActionsLeft int
	Chars       [MaxCharacters]CharView

	Hand      [MaxHand]CardID // the viewer's hand
	HandN     int
	HandSizes [MaxPlayers]int // cards in each seat's hand
	DrawSizes [MaxPlayers]int // cards in each seat's draw pile
	Discards  [MaxPlayers][MaxDeck]CardID
	DiscardN  [MaxPlayers]int
	Clocks    [MaxPlayers][MaxInPlay]ClockView
	ClocksN   [MaxPlayers]int

	// Shown[s] holds seat s's hand when s has shown it to the viewer (reveal_hand) and has taken
	// no card into it since (its plays and discards are public); ShownN[s] is -1 otherwise.
	Shown  [MaxPlayers][MaxHand]CardID
	ShownN [MaxPlayers]int

	// The combat in progress (PhaseDefend): who attacks whom; AttackCard only for the attacker.
	// Nothing else of the face-down card is shown: next to the target a sword card and a bow
	// card can both attack, so the defender is not told which kind the attack is (from afar it
	// can only be a bow card, which the squares tell).
	Attacker, Target int8
	AttackCard       CardID

	// The move effect in progress (PhaseEffect): the character to move and its squares.
	MoveChar  int8
	MoveSteps int8
}

// View returns what seat sees now.
func (g *Game) View(seat int) View {
	var v View
	g.FillView(seat, &v)
	return v
}

// FillView writes what seat sees into v (no allocation; v is overwritten).
func (g *Game) FillView(seat int, v *View) {
	*v = View{Data: g.d, Map: g.m, Seat: seat, Players: g.players, Teams: g.teams, Turn: g.turn,
		InTurn: g.seat, ToMove: g.ToMove(), Phase: g.phase, Face: g.d.Faces[g.face],
		ActionsLeft: g.actionsLeft, Attacker: -1, Target: -1, AttackCard: NoCard, MoveChar: -1}
	for c := range g.chars {
		ch := &g.chars[c]
		if !ch.Exists {
			v.Chars[c].At = NoSquare
			continue
		}
		v.Chars[c] = CharView{Exists: true, Alive: ch.Alive, HP: ch.HP, MaxHP: g.Character(c).HP, At: ch.At, Moved: ch.Moved}
	}
	v.HandN = copy(v.Hand[:], g.Hand(seat))
	for s := 0; s < g.players; s++ {
		v.HandSizes[s] = g.hand[s].N
		v.DrawSizes[s] = g.draw[s].N
		v.DiscardN[s] = copy(v.Discards[s][:], g.DiscardPile(s))
		v.ClocksN[s] = g.nInPlay[s]
		for i := 0; i < g.nInPlay[s]; i++ {
			cc := g.inPlay[s][i]
			v.Clocks[s][i] = ClockView{Card: cc.Card, Char: cc.Char, Left: cc.Left}
		}
		v.ShownN[s] = -1
		if s == seat || g.revealed[s]&(1<<uint(seat)) != 0 {
			v.ShownN[s] = copy(v.Shown[s][:], g.Hand(s))
		}
	}
	if g.phase == PhaseDefend {
		v.Attacker, v.Target = g.atk.Attacker, g.atk.Target
		if int(g.atk.Attacker)/MaxTeamChars == seat {
			v.AttackCard = g.atk.Card
		}
	}
	if g.phase == PhaseEffect {
		v.MoveChar, v.MoveSteps = g.pend.Char, g.pend.Steps
	}
}
