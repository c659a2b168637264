package clue

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// TestAgentsUnderEveryReading plays deductive and notebook games under the other reading of
// each rules setting the agents' choices depend on: every game ends before the turn cap, and no
// deductive seat accuses wrongly.
func TestAgentsUnderEveryReading(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(s *rules.Spec)
	}{
		{"start squares", func(s *rules.Spec) { s.Rules.PlayersStart = "start_squares" }},
		{"Ganondorf loses the game", func(s *rules.Spec) { s.Rules.GanondorfEighth = "game_lost" }},
		{"aside look at random", func(s *rules.Spec) { s.Rules.AsideLook = "random" }},
		{"stop on question marks, movers pass", func(s *rules.Spec) {
			s.Rules.MustStopOnQuestionMark, s.Rules.MoversBlock = true, false
		}},
		{"may stay in a location", func(s *rules.Spec) { s.Rules.MustLeaveLocation, s.Rules.NoReenterSameTurn = false, false }},
		{"accuse only at the turn start", func(s *rules.Spec) { s.Rules.AccuseAtEndOfMove = false }},
		{"accuse after a rumor", func(s *rules.Spec) { s.Rules.AccuseAfterRumor = true }},
		{"two Ganondorf cards", func(s *rules.Spec) { s.Rules.GanondorfCards = 2 }},
		{"players out by Ganondorf still answer", func(s *rules.Spec) { s.Rules.GanondorfCards, s.Rules.GanondorfOutAnswers = 2, true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := dataWith(t, tc.edit)
			var g rules.Game
			for i := 0; i < 10; i++ {
				players := rules.MinPlayers + i%5
				names := make([]string, players)
				for s := range names {
					names[s] = "notebook"
				}
				names[i%players] = "deductive"
				tab := NewTable(lineup(t, names...)...)
				tab.Checked = true
				g.Reset(d, players, 31, uint64(i))
				if err := tab.Play(&g, uint64(i)); err != nil {
					t.Fatal(err)
				}
				if g.EndReason() == rules.EndTurnCap {
					t.Fatalf("game %d (%d players) reached the turn cap", i, players)
				}
				if n := wrongAccusations(&g, 1<<(i%players)); n > 0 {
					t.Fatalf("game %d: the deductive seat accused wrongly", i)
				}
			}
		})
	}
}
