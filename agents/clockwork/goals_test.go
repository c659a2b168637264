package clockwork

import (
	"testing"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// goalFloor is the floor the tests run goalScores with: below every score a search records on
// the frozen data.
const goalFloor = -navInf / 2

// playPlanner plays campaigns 0..campaigns-1 of runSeed (2, 3 and 4 heroes in turn) with a
// planner on the frozen data, at most limit decisions each, and calls look before each
// decision: with the campaign, the decision's number in it, the planner, the view and the
// legal actions.
func playPlanner(t *testing.T, runSeed, campaigns uint64, limit int, look func(i uint64, n int, p *Planner, v rules.View, legal []rules.Action)) {
	t.Helper()
	d := configstest.Frozen(t)
	var g rules.Game
	p := NewPlanner(strategies.Defaults(), false)
	buf := make([]rules.Action, 0, 1024)
	for i := uint64(0); i < campaigns; i++ {
		seed := chance.EpisodeSeed(runSeed, i)
		g.Reset(d, 2+int(i%3), seed, i)
		p.Reset(seed)
		for n := 0; !g.IsTerminal() && n < limit; n++ {
			buf = g.LegalActions(buf)
			v := g.View(0)
			look(i, n, p, v, buf)
			g.Apply(p.Choose(v, buf))
		}
	}
}

// TestGoalScoresAndExitBound plays planner campaigns on the frozen data and, at main decisions,
// checks the backward search against forward ones (goalScores gives each cell the best score a
// search from its nodes finds), and exitBound against the board each token use makes (no hero
// scores more there than on the board as it is and than exitBound of the rooms it moves).
func TestGoalScoresAndExitBound(t *testing.T) {
	checked, uses, bounded := 0, 0, 0
	playPlanner(t, 5, 12, 20000, func(i uint64, n int, p *Planner, v rules.View, legal []rules.Action) {
		if v.Prompt() == rules.PromptMain && n%7 == 0 {
			checked++
			var nv nav
			nv.load(v)
			nv.gather = n%2 == 0
			checkGoalScores(t, &nv)
			u, b := checkExitBounds(t, &nv, v, legal)
			uses, bounded = uses+u, bounded+b
		}
	})
	if checked < 200 || uses < 500 || bounded < 100 {
		t.Fatalf("%d decisions, %d token uses, %d of them bounded below the score: the test checks too little", checked, uses, bounded)
	}
	t.Logf("%d decisions, %d token uses judged, %d bounded at or below the score as it is", checked, uses, bounded)
}

// checkGoalScores compares goalScores with a forward search from every space of the board.
func checkGoalScores(t *testing.T, n *nav) {
	t.Helper()
	n.goalScores(false, goalFloor)
	for r := 0; r < n.rows; r++ {
		for c := 0; c < n.cols; c++ {
			want := goalFloor
			if vr := &n.rooms[r][c]; !vr.faceUp {
				want = valueFrontier
			} else {
				for s := range vr.tile.Spaces {
					want = max(want, forwardBest(n, rules.Pos{R: int8(r), C: int8(c), Space: int8(s)}))
				}
			}
			if got := n.goals.cellScore[r*rules.MaxCols+c]; got != want {
				t.Fatalf("cell (%d, %d): goalScores %d, forward searches %d", r, c, got, want)
			}
		}
	}
}

// forwardBest is the best goal score a search from p finds (as reach scores a hero there).
func forwardBest(n *nav, p rules.Pos) int {
	n.cautious, n.fatal = false, false
	best := max(goalFloor, n.searchWith(p, false, -1, tools{}))
	for i := 0; i < n.nstep; i++ {
		best = max(best, n.stepScore[i])
	}
	return best
}

// checkExitBounds makes each of hero 0's token uses on the copy and checks that the team scores
// no more than before and than exitBound of the rooms it moves. It returns the uses judged and
// how many of them exitBound put at or below the team's score as it is (those bestToken skips).
func checkExitBounds(t *testing.T, n *nav, v rules.View, legal []rules.Action) (uses, bounded int) {
	t.Helper()
	base := n.teamScore(v, false)
	n.cellValues(false)
	n.goalScores(false, goalFloor)
	rooms := n.rooms
	for _, a := range legal {
		k := a.Kind()
		if (k != rules.ActCompass && k != rules.ActMapSwap) || a.Hero() != 0 {
			continue
		}
		r, c := a.X()/rules.MaxCols, a.X()%rules.MaxCols
		moved := cellBit(r, c)
		if k == rules.ActCompass {
			n.rotate(r, c, a.Y() == 1)
		} else {
			nr, nc := rules.Neighbor(r, c, rules.Edge(a.Y()))
			moved |= cellBit(nr, nc)
			n.swap(r, c, nr, nc)
		}
		n.cellValues(false)
		exit := n.exitBound(moved)
		if score := n.teamScoreAbove(v, false, noFloor, ^uint64(0), false); score > max(base, exit) {
			t.Fatalf("%v: the team scores %d, above %d as it is and exitBound %d", a, score, base, exit)
		}
		uses++
		if exit <= base {
			bounded++
		}
		n.undo(&rooms, moved)
		n.cellValues(false)
	}
	return uses, bounded
}
