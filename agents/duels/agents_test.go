package duels

import (
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/duels"
)

func TestRegistry(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"random", true}, {"aggressive", true}, {"tactical", true}, {"", false}, {"Tactical", false}, {"minimax", false},
	} {
		a, err := New(tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("New(%q): error %v, want ok %v", tc.name, err, tc.ok)
			continue
		}
		if tc.ok && a.Name() != tc.name {
			t.Errorf("New(%q).Name() = %q", tc.name, a.Name())
		}
		if !tc.ok && !strings.Contains(err.Error(), "tactical") {
			t.Errorf("New(%q): error %q does not list the agents", tc.name, err)
		}
	}
	if err := Register("random", "again", func() Agent { return &Random{} }); err == nil {
		t.Error("registering a taken name succeeded")
	}
	if err := Register("", "none", func() Agent { return &Random{} }); err == nil {
		t.Error("registering an empty name succeeded")
	}
	if got := len(Describe()); got != len(Names()) || got < 3 {
		t.Errorf("Describe has %d lines for %d agents", got, len(Names()))
	}
	if _, err := ParseSpecs("tactical, random"); err != nil {
		t.Error(err)
	}
	if _, err := ParseSpecs("tactical,nobody"); err == nil {
		t.Error("ParseSpecs accepted an unknown agent")
	}
	for _, tc := range []struct {
		spec     string
		rollouts int // 0: an error
	}{
		{"expert:rollouts=48", 48}, {"expert:rollouts=1", 1}, {"expert:rollouts=0", 0},
		{"expert:rollouts=x", 0}, {"expert:width=3", 0}, {"tactical:rollouts=4", 0},
	} {
		sp, err := NewSpec(tc.spec)
		if (err == nil) != (tc.rollouts > 0) {
			t.Errorf("NewSpec(%q): error %v", tc.spec, err)
			continue
		}
		if err == nil {
			if e, ok := sp.New().(*Expert); !ok || e.Rollouts != tc.rollouts || sp.Name != tc.spec {
				t.Errorf("NewSpec(%q) made %+v named %q", tc.spec, sp.New(), sp.Name)
			}
		}
	}
}

// TestAgentsPlayLegally plays every agent in every seat of games on every map with 2 to 4
// players and random teams, on the engine's checked path (an illegal choice fails), checking
// the game's invariants after every action of the first games; every game must end.
func TestAgentsPlayLegally(t *testing.T) {
	d := frozen(t)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			games, minWon := 1000, 90 // games, and the least percentage won (no stalls)
			if name == "expert" {
				games, minWon = 30, 75 // its rollouts are tactical's play, tested here 1000 times
			}
			if testing.Short() {
				games /= 10
			}
			var g rules.Game
			var r chance.Stream
			r.Seed(21, 0)
			tab := NewTable(seated(t, name)...)
			tab.Checked = true
			won, turns := 0, 0
			for i := 0; i < games; i++ {
				players := 2 + i%3
				s := drawSetup(d, &r, players, rules.MapID(i/3%len(d.Maps)))
				g.Reset(d, s, 31, uint64(i))
				if i < games/10 {
					playChecking(t, tab, &g, uint64(i))
				} else if err := tab.Play(&g, uint64(i)); err != nil {
					t.Fatalf("game %d (%+v): %v", i, s, err)
				}
				if !g.IsTerminal() {
					t.Fatalf("game %d (%+v) did not end", i, s)
				}
				if g.Winner() >= 0 {
					won++
				}
				turns += g.Turn()
			}
			t.Logf("%s: %d games, %d won, mean %.1f turns", name, games, won, float64(turns)/float64(games))
			if name != "random" && won*100 < games*minWon {
				t.Errorf("%s won only %d of %d games: it stalls", name, won, games)
			}
		})
	}
}

// TestAgentsUnderOtherReadings plays every agent on the checked path with every reading of the
// rules section switched to its alternative (docs/duels-rules.md): the first player's one
// action, partners playing an eliminated character's cards, diagonal steps, a small hand limit.
func TestAgentsUnderOtherReadings(t *testing.T) {
	d := frozen(t, "rules.first_turn_actions=1", "rules.heart_heal=1", "rules.diagonal_steps=true",
		"rules.simultaneous_elimination=turn_player", "rules.eliminated_cards=partner_plays",
		"rules.dead_defender_effects=true", "rules.turn_cap=150", "rules.hand_limit=6")
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			games := 200
			if name == "expert" {
				games = 10
			}
			var g rules.Game
			var r chance.Stream
			r.Seed(22, 0)
			tab := NewTable(seated(t, name)...)
			tab.Checked = true
			for i := 0; i < games; i++ {
				s := drawSetup(d, &r, 2+i%3, rules.MapID(i%len(d.Maps)))
				g.Reset(d, s, 32, uint64(i))
				if err := tab.Play(&g, uint64(i)); err != nil {
					t.Fatalf("game %d (%+v): %v", i, s, err)
				}
				if err := g.Check(); err != nil {
					t.Fatalf("game %d (%+v) at its end: %v", i, s, err)
				}
			}
		})
	}
}

// playChecking plays g to its end with tab's agents (reset by seed), checking the invariants
// after every action.
func playChecking(t *testing.T, tab *Table, g *rules.Game, seed uint64) {
	t.Helper()
	for p := 0; p < g.Players(); p++ { // as Table.Play does

		tab.Seats[p].Reset(g.Data(), setupOf(g), p, seed+uint64(p)*0x9e3779b97f4a7c15)
	}
	for !g.IsTerminal() {
		if err := tab.Step(g); err != nil {
			t.Fatal(err)
		}
		if err := g.Check(); err != nil {
			t.Fatalf("turn %d: %v", g.Turn(), err)
		}
	}
}

// setupOf returns g's line-up.
func setupOf(g *rules.Game) rules.Setup { return g.Setup() }

// seated returns four agents called name for a table; the expert with a small budget of
// rollouts (testExpertRollouts), so that whole games of it stay quick.
func seated(t testing.TB, name string) []Agent {
	t.Helper()
	if name == "expert" {
		return []Agent{NewExpert(testExpertRollouts), NewExpert(testExpertRollouts),
			NewExpert(testExpertRollouts), NewExpert(testExpertRollouts)}
	}
	return lineup(t, name, name, name, name)
}

// testExpertRollouts is the expert's budget in the tests of whole games.
const testExpertRollouts = 6

// TestZeroAllocationsPerGame pins that whole games (the game's Reset, the agents' Reset and
// every decision) allocate nothing once the table and the game exist, for every agent.
func TestZeroAllocationsPerGame(t *testing.T) {
	d := frozen(t)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			var g rules.Game
			tab := NewTable(seated(t, name)...)
			i := 0
			runs := 20
			if name == "expert" {
				runs = 2
			}
			allocs := testing.AllocsPerRun(runs, func() {
				s := rules.Setup{Players: 2 + i%3, Map: rules.MapID(i % len(d.Maps))}
				for k := 0; k < s.Players; k++ {
					s.Teams[k] = rules.TeamID((i + 3*k) % len(d.Teams))
				}
				g.Reset(d, s, 5, uint64(i))
				if err := tab.Play(&g, uint64(i)); err != nil {
					t.Fatal(err)
				}
				i++
			})
			if allocs != 0 {
				t.Fatalf("%s: %v allocations per game, want 0", name, allocs)
			}
		})
	}
}

// BenchmarkGame plays whole two-player games with the same agent in both seats, teams and maps
// in turn: the cost of an agent per game (docs/duels-agents.md).
func BenchmarkGame(b *testing.B) {
	d := frozen(b)
	for _, name := range Names() {
		b.Run(name, func(b *testing.B) {
			var g rules.Game
			tab := NewTable(lineup(b, name, name)...)
			turns := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s := rules.Setup{Players: 2, Map: rules.MapID(i % len(d.Maps))}
				s.Teams[0], s.Teams[1] = rules.TeamID(i%len(d.Teams)), rules.TeamID((i+1)%len(d.Teams))
				g.Reset(d, s, 1, uint64(i))
				if err := tab.Play(&g, uint64(i)); err != nil {
					b.Fatal(err)
				}
				turns += g.Turn()
			}
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

func TestSimultaneousEndToTurnPlayer(t *testing.T) {
	// Under simultaneous_elimination=turn_player a game whose last characters all fall in one
	// play (judged at its end: win_timing=end_of_play) is won by the player in turn, who then has
	// no character in play: the checked path and Check must accept that end. Two-player
	// aggressive games meet it within a few hundred.
	d := frozen(t, "rules.win_timing=end_of_play", "rules.simultaneous_elimination=turn_player")
	var g rules.Game
	var r chance.Stream
	r.Seed(22, 0)
	tab := NewTable(seated(t, "aggressive")...)
	tab.Checked = true
	met := 0
	for i := 0; i < 1500 && met == 0; i++ {
		s := drawSetup(d, &r, 2, rules.MapID(i%len(d.Maps)))
		g.Reset(d, s, 32, uint64(i))
		if err := tab.Play(&g, uint64(i)); err != nil {
			t.Fatalf("game %d (%+v): %v", i, s, err)
		}
		if err := g.Check(); err != nil {
			t.Fatalf("game %d (%+v) at its end: %v", i, s, err)
		}
		if w := g.Winner(); w >= 0 && !seatInPlay(&g, w) {
			// every character of the winner fell too
			met++
		}
	}
	if met == 0 {
		t.Fatal("no game ended with every last character falling at once: the test checks nothing")
	}
}

// seatInPlay reports whether seat has a character in play.
func seatInPlay(g *rules.Game, seat int) bool {
	for c := seat * rules.MaxTeamChars; c < (seat+1)*rules.MaxTeamChars; c++ {
		if g.CharExists(c) && g.Alive(c) {
			return true
		}
	}
	return false
}
