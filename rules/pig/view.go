package pig

// View is what a seat sees: the whole game, since Pig hides nothing. It is a value.
type View struct {
	Seat      int // the seat viewing
	Players   int
	ToMove    int             // the seat whose turn it is
	Turn      int             // the turn being played, 1 for the first
	Scores    [MaxPlayers]int // every seat's banked score
	TurnTotal int             // what the turn has rolled so far, lost on a 1
	TurnRolls int             // the turn's rolls so far (Hold is legal once there is one)
	LastRoll  int             // the face of the last roll, 0 before the first
}

// View returns what seat sees.
func (g *Game) View(seat int) View {
	var v View
	g.FillView(seat, &v)
	return v
}

// FillView writes what seat sees into v.
func (g *Game) FillView(seat int, v *View) {
	*v = View{Seat: seat, Players: g.players, ToMove: g.seat, Turn: g.turn, Scores: g.scores,
		TurnTotal: g.total, TurnRolls: g.rolls, LastRoll: g.last}
}
