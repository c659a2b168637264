package duels

import (
	"testing"

	cfg "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/duels"
)

// frozen loads the frozen test data (testdata/duels), with --set overrides.
func frozen(t testing.TB, sets ...string) *rules.Data {
	t.Helper()
	l, err := cfg.LoadDir("../../testdata/duels", sets)
	if err != nil {
		t.Fatal(err)
	}
	return l.Data
}

// lineup makes the agents called names, seat 0 first.
func lineup(t testing.TB, names ...string) []Agent {
	t.Helper()
	out := make([]Agent, len(names))
	for i, n := range names {
		a, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = a
	}
	return out
}

// drawSetup draws a line-up of players teams (repeats allowed) on map m.
func drawSetup(d *rules.Data, r *chance.Stream, players int, m rules.MapID) rules.Setup {
	s := rules.Setup{Players: players, Map: m}
	for i := 0; i < players; i++ {
		s.Teams[i] = rules.TeamID(r.Intn(len(d.Teams)))
	}
	return s
}

// mirror is a two-player line-up of team on both sides of map m.
func mirror(team rules.TeamID, m rules.MapID) rules.Setup {
	return rules.Setup{Players: 2, Teams: [rules.MaxPlayers]rules.TeamID{team, team}, Map: m}
}
