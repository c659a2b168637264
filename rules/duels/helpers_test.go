package duels_test

import (
	"os"
	"testing"

	cfg "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/duels"
)

// frozen loads the frozen test data (testdata/duels), with --set overrides.
func frozen(t testing.TB, sets ...string) *duels.Data {
	t.Helper()
	l, err := cfg.Load(os.DirFS("../../testdata/duels"), "testdata/duels", sets)
	if err != nil {
		t.Fatal(err)
	}
	return l.Data
}

// setup returns a line-up of teams by id on map mapID.
func setup(t testing.TB, d *duels.Data, mapID string, teams ...string) duels.Setup {
	t.Helper()
	s := duels.Setup{Players: len(teams)}
	var ok bool
	if s.Map, ok = d.MapByID(mapID); !ok {
		t.Fatalf("no map %s", mapID)
	}
	for i, id := range teams {
		if s.Teams[i], ok = d.TeamByID(id); !ok {
			t.Fatalf("no team %s", id)
		}
	}
	return s
}

// randomLineup draws a line-up of players distinct-or-not teams and a map.
func randomLineup(d *duels.Data, r *chance.Stream, players int) duels.Setup {
	s := duels.Setup{Players: players, Map: duels.MapID(r.Intn(len(d.Maps)))}
	for i := 0; i < players; i++ {
		s.Teams[i] = duels.TeamID(r.Intn(len(d.Teams)))
	}
	return s
}

// playRandom plays g to the end with uniformly random legal actions, calling each after every
// action; it returns the number of actions.
func playRandom(g *duels.Game, r *chance.Stream, buf []duels.Action, each func() error) (int, error) {
	n := 0
	for !g.IsTerminal() {
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			return n, errNoAction
		}
		a := buf[r.Intn(len(buf))]
		lastAction = g.Describe(a)
		g.Apply(a)
		n++
		if each != nil {
			if err := each(); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

type errString string

func (e errString) Error() string { return string(e) }

const errNoAction = errString("no legal action in a game that is not over")

var lastAction string

type chanceStream = chance.Stream

func episodeSeed(s, i uint64) uint64 { return chance.EpisodeSeed(s, i) }
