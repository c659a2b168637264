package clue

import (
	"testing"

	cluecfg "github.com/clockworksim/clockwork/configs/clue"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

func lineup(t *testing.T, seats ...string) sim.Lineup { return simtest.Lineup(t, Lineup, seats...) }

// CLUE passes the simulator's conformance suite, with rotated seats and a ladder of line-ups.
func TestConformance(t *testing.T) {
	l, err := cluecfg.LoadDir("../../testdata/clue", nil)
	if err != nil {
		t.Fatal(err)
	}
	simtest.Conformance(t, sim.Config{Game: New(l.Data), Players: []int{2, 4}, Episodes: 24, Seed: 3, Rotate: true,
		TurnCap: 1, Agents: []sim.Lineup{lineup(t, "deductive", "random"), lineup(t, "notebook")}})
}

// Following what every seat could know passes the conformance suite too, and counts every game:
// a deductive winner could always know before he won, and someone could know no later.
func TestKnowledge(t *testing.T) {
	l, err := cluecfg.LoadDir("../../testdata/clue", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := New(l.Data)
	g.Knowledge = true
	cfg := sim.Config{Game: g, Players: []int{3}, Episodes: 30, Seed: 5, TurnCap: 1,
		Agents: []sim.Lineup{lineup(t, "deductive")}}
	simtest.Conformance(t, cfg)
	res, err := sim.Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	gr := res.Groups[0]
	k := Of(gr).Knowledge
	if k == nil || k.Games != 30 {
		t.Fatalf("knowledge %+v, want 30 games followed", k)
	}
	if k.WonUnknowing != 0 {
		t.Fatalf("%d games won by a deductive player who could not know", k.WonUnknowing)
	}
	var won int64
	for _, n := range k.WinnerHist {
		won += n
	}
	if won != gr.Episodes-gr.NoWinner {
		t.Fatalf("winner_knew_to_win_hist counts %d games, the seats won %d", won, gr.Episodes-gr.NoWinner)
	}
	if k.FirstHist[len(k.FirstHist)-1] != 0 {
		t.Fatalf("%d games in which nobody could know, all won by a deductive player", k.FirstHist[len(k.FirstHist)-1])
	}
}
