package clue

import "testing"

// Each reading of the rules section switches the engine's behaviour (docs/clue-rules.md).
func TestReadings(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(s *Spec)
		check func(t *testing.T, g *Game)
	}{
		{"players_start: start_squares", func(s *Spec) { s.Rules.PlayersStart = "start_squares" }, func(t *testing.T, g *Game) {
			if g.t.Mover[1] != g.data.Board.Start[1] || g.t.Mover[5] != RoomPlace(Castle) {
				t.Errorf("seat 1 at %d, hero 5 (no player) at %d", g.t.Mover[1], g.t.Mover[5])
			}
		}},
		{"must_stop_on_question_mark", func(s *Spec) { s.Rules.MustStopOnQuestionMark = true }, func(t *testing.T, g *Game) {
			atSquare(g, 0, 8, 7, 3) // (8,8) is a question mark on the way east
			if legal(g, Action{Kind: ActMove, To: g.data.Board.Square(8, 9)}) || !legal(g, Action{Kind: ActMove, To: g.data.Board.Square(8, 8)}) {
				t.Error("walking passes the question mark")
			}
		}},
		{"movers_block: false", func(s *Spec) { s.Rules.MoversBlock = false }, func(t *testing.T, g *Game) {
			atSquare(g, 0, 7, 12, 2)
			g.t.Mover[1] = g.data.Board.Square(7, 13)
			if !legal(g, Action{Kind: ActMove, To: g.data.Board.Square(7, 14)}) {
				t.Error("a mover cannot be passed")
			}
		}},
		{"accuse_at_turn_start: false", func(s *Spec) { s.Rules.AccuseAtTurnStart = false }, func(t *testing.T, g *Game) {
			g.t.Seat, g.t.Phase, g.t.Mover[0] = 0, PhStart, RoomPlace(Castle)
			if countKind(g, ActAccuse) != 0 {
				t.Error("an accusation at the start of the turn")
			}
		}},
		{"accuse_at_end_of_move: false", func(s *Spec) { s.Rules.AccuseAtEndOfMove = false }, func(t *testing.T, g *Game) {
			g.t.Seat, g.t.Phase, g.t.Mover[0] = 0, PhEnd, RoomPlace(Castle)
			if countKind(g, ActAccuse) != 0 {
				t.Error("an accusation after the move")
			}
		}},
		{"personality_moves_item", func(s *Spec) { s.Rules.PersonalityMovesItem = true }, func(t *testing.T, g *Game) {
			g.t.Seat, g.t.Phase, g.t.Mover[0] = 0, PhStart, g.data.Board.Square(7, 12)
			mustApply(t, g, Action{Kind: ActPersonality, A: 2, B: 4, C: 5})
			if g.t.ItemAt[4] != RoomPlace(5) {
				t.Error("the item stays")
			}
		}},
		{"moved_player_may_draw: false", func(s *Spec) { s.Rules.MovedPlayerMayDraw = false }, func(t *testing.T, g *Game) {
			enterRumor(g, 0, 3)
			mustApply(t, g, Action{Kind: ActRumor, A: 1, B: 0})
			mustEnd(t, g)
			if g.t.Seat == 1 && g.t.Phase == PhDraw {
				t.Error("the moved player is offered a draw")
			}
		}},
		{"turn_cap", func(s *Spec) { s.Rules.TurnCap = 3 }, func(t *testing.T, g *Game) {
			for k := 0; k < 4 && !g.IsTerminal(); k++ {
				g.t.Phase = PhEnd
				g.endTurn()
			}
			if g.EndReason() != EndTurnCap || g.Turn() != 3 {
				t.Errorf("reason %v after %d turns", g.EndReason(), g.Turn())
			}
		}},
		{"question_face_steps and draw_per_question_face", func(s *Spec) {
			s.Rules.QuestionFaceSteps, s.Rules.DrawPerQuestionFace, s.Dice.Faces = 5, true, []int{0}
		}, func(t *testing.T, g *Game) {
			g.t.Seat, g.t.Phase, g.t.Mover[0], g.t.Pending = 0, PhStart, g.data.Board.Square(7, 12), 0
			mustApply(t, g, Action{Kind: ActRoll})
			if g.t.Steps != 10 || g.t.Pending != 2 {
				t.Errorf("two \"?\" give %d squares and %d draws, want 10 and 2", g.t.Steps, g.t.Pending)
			}
		}},
		{"ganondorf_cards", func(s *Spec) { s.Rules.GanondorfCards = 3 }, func(t *testing.T, g *Game) {
			if g.t.GanonInDeck != 3 || g.t.DeckN != 20 {
				t.Errorf("%d Ganondorf cards in a deck of %d", g.t.GanonInDeck, g.t.DeckN)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := new(Game)
			g.Reset(dataWith(t, c.edit), 4, 1, 0)
			g.t.Pending = 0
			if g.t.Phase == PhDraw {
				g.t.Phase = PhStart
			}
			c.check(t, g)
		})
	}
}

// TestTwoPlayerReadings: aside_cards and encounters_min_players.
func TestTwoPlayerReadings(t *testing.T) {
	d := dataWith(t, func(s *Spec) { s.Rules.AsideCards, s.Rules.EncountersMinPlayers = 2, 2 })
	var g Game
	g.Reset(d, 2, 1, 0)
	if g.t.AsideN != 2 || g.t.HandN[0] != 8 || !g.t.Encount {
		t.Errorf("%d aside, hands of %d, encounters %v; want 2, 8, true", g.t.AsideN, g.t.HandN[0], g.t.Encount)
	}
}
