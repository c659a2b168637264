package duels_test

import (
	"fmt"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/rules/play/playtest"
)

// TestRandomPlayKeepsInvariants plays random games on every map with 2 to 4 players on the
// games' random-play harness (rules/play/playtest), checking the invariants after every action,
// and that every game ends.
func TestRandomPlayKeepsInvariants(t *testing.T) {
	d := frozen(t)
	games := 2000
	if testing.Short() {
		games = 300
	}
	var r chance.Stream
	r.Seed(7, 0)
	wins := 0
	var g duels.Game
	randomPlay(d, &r, games, 11, func(g *duels.Game, _ int) {
		if g.Winner() >= 0 {
			wins++
		}
	}).Run(t, &g)
	t.Logf("%d games: %d won, %d without a winner", games, wins, games-wins)
	if wins == 0 {
		t.Fatal("no random game was won")
	}
}

// randomPlay is the random-play harness over games random line-ups (drawn from r, 2 to 4
// players in turn, every map in turn) dealt with the run seed seed.
func randomPlay(d *duels.Data, r *chance.Stream, games int, seed uint64, done func(g *duels.Game, i int)) playtest.Random[duels.Action, *duels.Game] {
	return playtest.Random[duels.Action, *duels.Game]{
		Games: games,
		Seed:  seed,
		Reset: func(g *duels.Game, i int) {
			s := randomLineup(d, r, 2+i%3)
			s.Map = duels.MapID(i / 3 % len(d.Maps))
			g.Reset(d, s, seed, uint64(i))
		},
		Where: func(g *duels.Game) string { return fmt.Sprintf("%+v, turn %d", g.Setup(), g.Turn()) },
		Done:  done,
	}
}

// TestZeroAllocationsPerGame pins that a whole random game (Reset, LegalActions, Apply) allocates
// nothing once the game and the buffer exist.
func TestZeroAllocationsPerGame(t *testing.T) {
	d := frozen(t)
	var g duels.Game
	var r chance.Stream
	r.Seed(3, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	i := uint64(0)
	allocs := testing.AllocsPerRun(50, func() {
		s := duels.Setup{Players: 2 + int(i%3), Map: duels.MapID(i % uint64(len(d.Maps)))}
		for k := 0; k < s.Players; k++ {
			s.Teams[k] = duels.TeamID((int(i) + 3*k) % len(d.Teams))
		}
		g.Reset(d, s, 5, i)
		for !g.IsTerminal() {
			buf = g.LegalActions(buf[:0])
			g.Apply(buf[r.Intn(len(buf))])
		}
		i++
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per game, want 0", allocs)
	}
}

// BenchmarkRandomGame plays whole two-player random games.
func BenchmarkRandomGame(b *testing.B) {
	d := frozen(b)
	var g duels.Game
	var r chance.Stream
	r.Seed(3, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	b.ReportAllocs()
	b.ResetTimer()
	actions := 0
	for i := 0; i < b.N; i++ {
		s := duels.Setup{Players: 2, Map: duels.MapID(i % len(d.Maps))}
		s.Teams[0], s.Teams[1] = duels.TeamID(i%len(d.Teams)), duels.TeamID((i+1)%len(d.Teams))
		g.Reset(d, s, 1, uint64(i))
		for !g.IsTerminal() {
			buf = g.LegalActions(buf[:0])
			g.Apply(buf[r.Intn(len(buf))])
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkLegalActions lists the legal actions of a mid-game position.
func BenchmarkLegalActions(b *testing.B) {
	d := frozen(b)
	var g duels.Game
	s := duels.Setup{Players: 2, Teams: [duels.MaxPlayers]duels.TeamID{0, 1}}
	g.Reset(d, s, 1, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = g.LegalActions(buf[:0])
	}
}

// TestRandomPlayUnderOtherReadings plays random games with every reading of the rules section
// switched to its alternative, checking the invariants after every action.
func TestRandomPlayUnderOtherReadings(t *testing.T) {
	d := frozen(t, "rules.first_turn_actions=1", "rules.heart_heal=1", "rules.diagonal_steps=true",
		"rules.simultaneous_elimination=turn_player", "rules.eliminated_cards=partner_plays",
		"rules.dead_defender_effects=true", "rules.turn_cap=120", "rules.hand_limit=6", "rules.win_timing=end_of_play")
	var r chance.Stream
	r.Seed(8, 0)
	var g duels.Game
	randomPlay(d, &r, 400, 12, nil).Run(t, &g)
}

// TestDeterminizeKeepsWhatTheViewerKnows samples hidden information in random positions: the
// invariants hold, the viewer's hand and everything public stay, and opponents' hands change.
func TestDeterminizeKeepsWhatTheViewerKnows(t *testing.T) {
	d := frozen(t)
	var r chance.Stream
	r.Seed(21, 0)
	var g, c duels.Game
	buf := make([]duels.Action, 0, duels.MaxActions)
	changed, defences := 0, 0
	for i := 0; i < 40; i++ {
		g.Reset(d, randomLineup(d, &r, 2+i%3), 4, uint64(i))
		for step := 0; !g.IsTerminal() && step < 400; step++ {
			viewer := g.ToMove()
			g.Clone(&c)
			c.Determinize(viewer, uint64(step))
			if err := c.Check(); err != nil {
				t.Fatalf("game %d step %d: %v", i, step, err)
			}
			before, after := g.View(viewer), c.View(viewer)
			if g.Phase() == duels.PhaseDefend {
				defences++
			}
			if before.Hand != after.Hand || before.Chars != after.Chars || before.Discards != after.Discards ||
				before.HandSizes != after.HandSizes || before.DrawSizes != after.DrawSizes {
				t.Fatalf("game %d step %d: the viewer's knowledge changed", i, step)
			}
			other := (viewer + 1) % g.Players()
			if !equalCards(g.Hand(other), c.Hand(other)) {
				changed++
			}
			buf = g.LegalActions(buf[:0])
			g.Apply(buf[r.Intn(len(buf))])
		}
	}
	if changed == 0 || defences == 0 {
		t.Fatalf("opponents' hands resampled %d times, %d defences seen", changed, defences)
	}
}

func equalCards(a, b []duels.CardID) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// BenchmarkCloneDeterminize copies a mid-game position and samples its hidden cards, the step
// a lookahead agent repeats.
func BenchmarkCloneDeterminize(b *testing.B) {
	d := frozen(b)
	var g, c duels.Game
	g.Reset(d, duels.Setup{Players: 3, Teams: [duels.MaxPlayers]duels.TeamID{0, 1, 2}}, 1, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Clone(&c)
		c.Determinize(g.ToMove(), uint64(i))
	}
}
