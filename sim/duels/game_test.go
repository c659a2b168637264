package duels

import (
	"strings"
	"testing"

	duelscfg "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

func lineup(t *testing.T, seats ...string) sim.Lineup { return simtest.Lineup(t, Lineup, seats...) }

func matchup(t *testing.T, mapID string, teams ...string) *Game {
	t.Helper()
	l, err := duelscfg.LoadDir("../../testdata/duels", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(l.Data, teams, mapID)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Zelda Duels passes the simulator's conformance suite: a match-up of two teams with the seats
// rotated, at two and three players (the last team filling the table).
func TestConformance(t *testing.T) {
	simtest.Conformance(t, sim.Config{Game: matchup(t, "lost_woods", "link", "ganon"), Players: []int{2, 3}, Episodes: 12,
		Seed: 4, Rotate: true, TurnCap: 1, Agents: []sim.Lineup{lineup(t, "random"), lineup(t, "aggressive", "random")}})
}

// A match-up refuses an unknown team or map, naming what there is.
func TestNewRefusesUnknownNames(t *testing.T) {
	l, err := duelscfg.LoadDir("../../testdata/duels", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(l.Data, []string{"link", "moblin"}, "lost_woods"); err == nil {
		t.Fatal("an unknown team was accepted")
	}
	if _, err := New(l.Data, []string{"link"}, "hyrule_field"); err == nil {
		t.Fatal("an unknown map was accepted")
	}
}

// With rotated seats, each side of a mirror match-up takes the same deals from both seats: the
// teams' wins add up to the games a seat won, and the first-player wins are counted.
func TestRotatedMatchupCounts(t *testing.T) {
	cfg := sim.Config{Game: matchup(t, "triforce_chamber", "zelda", "darunia"), Players: []int{2}, Episodes: 40, Seed: 2,
		Rotate: true, TurnCap: 1, Agents: []sim.Lineup{lineup(t, "aggressive")}}
	res := run(t, cfg)
	g := res.Groups[0]
	s := Of(g)
	if s.Teams["zelda"].Games != 40 || s.Teams["darunia"].Games != 40 {
		t.Fatalf("each team plays every game once: %+v %+v", s.Teams["zelda"], s.Teams["darunia"])
	}
	if s.Teams["zelda"].Wins+s.Teams["darunia"].Wins != g.Episodes-g.NoWinner {
		t.Fatalf("team wins %d + %d, games won %d", s.Teams["zelda"].Wins, s.Teams["darunia"].Wins, g.Episodes-g.NoWinner)
	}
	var plays int64
	for _, c := range s.Cards {
		plays += c.Plays
	}
	if plays == 0 || s.TurnOrderWins[0] == 0 {
		t.Fatalf("no card plays (%d) or first-player wins (%v) counted", plays, s.TurnOrderWins)
	}
}

func run(t *testing.T, cfg sim.Config) *sim.Results {
	t.Helper()
	res, err := sim.Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Validate(); err != nil {
		t.Fatal(err)
	}
	return res
}

// Every card's counts name its team in the data played; groups whose cards' teams differ do
// not add up, and a team the group does not have is refused.
func TestCardsRecordTheirTeam(t *testing.T) {
	d := matchup(t, "lost_woods", "link", "ganon").Data
	s := newStats(d, 2)
	for _, c := range d.Cards {
		if got := s.Cards[c.ID].Team; got != d.Teams[c.Team].ID {
			t.Fatalf("%s: team %q, want %q", c.ID, got, d.Teams[c.Team].ID)
		}
	}
	if e := s.EmptyLike().(*Stats); e.Cards[d.Cards[0].ID].Team != s.Cards[d.Cards[0].ID].Team {
		t.Fatal("EmptyLike forgets the cards' teams")
	}
	for _, tm := range d.Teams {
		if got := s.Teams[tm.ID].Name; got != tm.Name || got == "" {
			t.Fatalf("team %s: name %q, want %q", tm.ID, got, tm.Name)
		}
	}
	other := s.EmptyLike().(*Stats)
	other.Teams[d.Teams[0].ID].Name = "Somebody Else"
	if err := newStats(d, 2).Add(other); err == nil || !strings.Contains(err.Error(), "teams."+d.Teams[0].ID+".name") {
		t.Fatalf("adding a group whose team has another name: %v", err)
	}
	o := s.EmptyLike().(*Stats)
	id := d.Cards[0].ID
	o.Cards[id].Team = "nobody"
	if err := s.Add(o); err == nil || !strings.Contains(err.Error(), "cards."+id+".team") {
		t.Fatalf("adding another team's card: %v", err)
	}
	var c sim.Checker
	s.Cards[id].Team = "nobody"
	s.Validate(&c, "groups[0]", &sim.Group{Players: 2})
	if err := c.Err(); err == nil || !strings.Contains(err.Error(), `groups[0].cards.`+id+`.team: "nobody" is not a team of the group`) {
		t.Fatalf("validation: %v", err)
	}
}
