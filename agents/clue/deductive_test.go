package clue

import (
	"math"
	"testing"

	agentseats "github.com/clockworksim/clockwork/agents/seats"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

func TestStrikeRisk(t *testing.T) {
	d := frozenData(t)
	last := d.Rules.GanondorfCards
	for _, tc := range []struct {
		name                string
		seen, inDeck, deckN int
		want                float64
	}{
		{"no Ganondorf seen", 0, last, 25, 0},
		{"the next is harmless", last - 2, 2, 12, 0},
		{"the next strikes", last - 1, 1, 10, 0.1},
		{"the striker came back", last, 1, 4, 0.25},
		{"empty deck", last - 1, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab := rules.Table{GanonSeen: tc.seen, GanonInDeck: tc.inDeck, DeckN: tc.deckN}
			if got := strikeRisk(d, &tab); got != tc.want {
				t.Fatalf("strikeRisk = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDeductiveShows(t *testing.T) {
	// Asked by seat 2 with hero 1, item 7 and location 14 in hand: the card seat 2 has seen
	// wins, then the card shown to most others, then the location.
	a := NewDeductive()
	d := frozenData(t)
	a.Reset(d, 4, 0, 1)
	legal := []rules.Action{{Kind: rules.ActShow, A: 1}, {Kind: rules.ActShow, A: 7}, {Kind: rules.ActShow, A: 14}}
	tab := rules.Table{Rumor: rules.Rumor{Asker: 2}}
	for _, tc := range []struct {
		name    string
		shownTo map[int]uint32 // asker -> cards shown to him
		want    uint8
	}{
		{"nothing shown yet: the location", nil, 14},
		{"shown to the asker", map[int]uint32{2: 1 << 7}, 7},
		{"shown to the asker beats shown to two others", map[int]uint32{2: 1 << 1, 1: 1 << 7, 3: 1 << 7}, 1},
		{"shown to others", map[int]uint32{1: 1 << 7}, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a.mem.shownTo = [rules.MaxPlayers]uint32{}
			a.mem.shownAny = [rules.NumCards]uint8{}
			for s, m := range tc.shownTo {
				a.mem.shownTo[s] = m
				for c := 0; c < rules.NumCards; c++ {
					if m&(1<<c) != 0 {
						a.mem.shownAny[c]++
					}
				}
			}
			if got := a.show(&tab, legal); got.A != tc.want {
				t.Fatalf("shows card %d, want %d", got.A, tc.want)
			}
		})
	}
}

func TestLazyValuationChoosesAsValuingAll(t *testing.T) {
	// target values only the locations that can still win, and worthStaying only those that
	// can still settle the answer; at every move and stay decision of whole deductive games
	// they must choose as the plain rules do on every location's value.
	d := frozenData(t)
	var g rules.Game
	moves, stays := 0, 0
	for game := 0; game < 40; game++ {
		players := 3 + game%4
		table, tab := deductiveTable(d, &g, players, 7, uint64(game), NewDeductive)
		for n := 0; !g.IsTerminal() && n < agentseats.DefaultMaxActions; n++ {
			s := g.ToMove()
			legal := g.LegalActions(nil)
			view := g.View(s)
			a := table[s].(*Deductive)
			a.mem.sync(&view)
			here := view.Table.Mover[s].Room()
			if _, _, _, solved := a.mem.solved(); !solved {
				switch _, stay := find(legal, rules.ActStay, -1); {
				case g.Table().Phase == rules.PhMove:
					a.worlds()
					got := a.target(legal, here)
					if want := targetOfAll(a, legal, here); got != want {
						t.Fatalf("game %d action %d: target %d, valuing every location %d", game, n, got, want)
					}
					moves++
				case stay && here >= 0 && here < rules.NumLocations:
					a.worlds()
					got := a.worthStaying(here)
					hv := a.heading()
					best, _ := a.bestRoom(here)
					if want := hv.room[here] >= StayShare*hv.room[best]; got != want {
						t.Fatalf("game %d action %d: worth staying %v, valuing every location %v", game, n, got, want)
					}
					stays++
				}
			}
			if err := tab.Step(&g); err != nil {
				t.Fatal(err)
			}
		}
	}
	if moves < 100 || stays < 10 {
		t.Fatalf("only %d move and %d stay decisions checked", moves, stays)
	}
	t.Logf("%d move and %d stay decisions checked", moves, stays)
}

// targetOfAll is the location target must choose: every location valued, the best discounted
// value, the first in index order among equal ones.
func targetOfAll(a *Deductive, legal []rules.Action, here int) int {
	hv := a.heading()
	best, bestScore := -1, -1.0
	for l := 0; l < rules.NumLocations; l++ {
		x, ok := a.nav.bestMove(legal, l)
		if l == here || !ok {
			continue
		}
		score := hv.room[l] * math.Pow(a.Discount, math.Ceil(a.nav.turns(a.nav.from(x.To, l))))
		if score > bestScore {
			best, bestScore = l, score
		}
	}
	if best < 0 {
		return rules.Castle
	}
	return best
}

func TestNeedsSolution(t *testing.T) {
	// Entailment is asked where the choice depends on it, and skipped where the agent plays
	// the same either way (and drawsWorlds is never true where it is not asked).
	act := func(k rules.ActionKind) rules.Action { return rules.Action{Kind: k} }
	for _, tc := range []struct {
		name    string
		phase   rules.Phase
		rumored bool
		legal   []rules.Action
		needs   bool
		draws   bool
	}{
		{"start: roll only", rules.PhStart, false, []rules.Action{act(rules.ActRoll), act(rules.ActPersonality)}, false, false},
		{"start: may stay", rules.PhStart, false, []rules.Action{act(rules.ActRoll), act(rules.ActStay)}, true, true},
		{"start: a Boss", rules.PhStart, false, []rules.Action{act(rules.ActRoll), act(rules.ActBoss)}, true, true},
		{"start in the castle", rules.PhStart, false, []rules.Action{act(rules.ActRoll), act(rules.ActAccuse)}, true, true},
		{"move", rules.PhMove, false, []rules.Action{act(rules.ActMove)}, true, true},
		{"rumor", rules.PhRumor, false, []rules.Action{act(rules.ActRumor)}, true, true},
		{"show", rules.PhAnswer, false, []rules.Action{act(rules.ActShow)}, false, false},
		{"draw", rules.PhDraw, false, []rules.Action{act(rules.ActDraw), act(rules.ActNoDraw)}, false, false},
		{"end: end the turn only", rules.PhEnd, true, []rules.Action{act(rules.ActPersonality), act(rules.ActEndTurn)}, false, false},
		{"end: may ask by personality", rules.PhEnd, false, []rules.Action{act(rules.ActPersonality), act(rules.ActEndTurn)}, true, true},
		{"end: a Boss", rules.PhEnd, true, []rules.Action{act(rules.ActBoss), act(rules.ActEndTurn)}, true, false},
		{"end in the castle", rules.PhEnd, true, []rules.Action{act(rules.ActAccuse), act(rules.ActEndTurn)}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab := rules.Table{Phase: tc.phase, Rumored: tc.rumored}
			kinds := rules.Kinds(tc.legal)
			if got := needsSolution(&tab, kinds); got != tc.needs {
				t.Fatalf("needsSolution = %v, want %v", got, tc.needs)
			}
			if got := drawsWorlds(&tab, kinds); got != tc.draws {
				t.Fatalf("drawsWorlds = %v, want %v", got, tc.draws)
			}
		})
	}
}
