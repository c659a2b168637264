package clue

import (
	"math"
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// rumor returns the value of the valuer's seat asking about hero h, item i in location l,
// summing every answer.
func (v *rumorValues) rumor(h, i, l int) float64 {
	q, _ := v.infoQ(h, i, l, math.MinInt64)
	return v.fromQ(q)
}

// refRumor is the value of a rumor computed world by world, the plain way: each world's answer
// (the first seat on the left holding one of the three shows the card its pick chooses, else
// the world's quiet answer), then the plug-in mutual information between the answer and each
// kind's envelope card, summed over the kinds.
func refRumor(v *rumorValues, h, i, l int) float64 {
	cards := [3]int{int(rules.HeroCard(h)), int(rules.ItemCard(i)), int(rules.LocationCard(l))}
	var joint [numOutcomes][NumKinds][rules.NumLocations]float64
	var ans [numOutcomes]float64
	var env [NumKinds][rules.NumLocations]float64
	n := float64(v.n)
	for w := 0; w < v.n; w++ {
		first, held := farSeat, 0
		for j, c := range cards {
			switch d := holderDistance(v, c, w); {
			case d < first:
				first, held = d, 1<<j
			case d == first && d != farSeat:
				held |= 1 << j
			}
		}
		o := int(v.noShow[w])
		if first != farSeat {
			o = int(v.seat3[first]) + int(v.choice[w][held])
		}
		ans[o]++
		for k := 0; k < NumKinds; k++ {
			joint[o][k][v.env[w][k]]++
			env[k][v.env[w][k]]++
		}
	}
	mi := 0.0
	for o := range joint {
		for k := range joint[o] {
			for e, c := range joint[o][k] {
				if c > 0 {
					mi += c / n * math.Log(c*n/(ans[o]*env[k][e]))
				}
			}
		}
	}
	return mi
}

// holderDistance is how many seats to the valuer's left card c's holder sits in world w
// (farSeat: no other seat holds it), read from the worlds' bit sets.
func holderDistance(v *rumorValues, c, w int) int {
	for d := 1; d < v.players; d++ {
		if v.at[c][d]&(1<<w) != 0 {
			return d
		}
	}
	return farSeat
}

// deductiveTable seats players deductive agents made by mk at a table, and resets g for game
// (a deal of seed) and the agents for it.
func deductiveTable(d *rules.Data, g *rules.Game, players int, seed, game uint64, mk func() *Deductive) ([]Agent, *Table) {
	seats := make([]Agent, players)
	for s := range seats {
		seats[s] = mk()
	}
	g.Reset(d, players, seed, game)
	for s := 0; s < players; s++ {
		seats[s].Reset(d, players, s, game*10+uint64(s))
	}
	return seats, NewTable(seats...)
}

// atDeductivePositions plays games deductive games (agents made by mk, deals of seed) at every
// player count and, every step turns before turn last, gives visit the agent whose turn it is,
// with its view taken in.
func atDeductivePositions(t *testing.T, seed uint64, games, step, last int, mk func() *Deductive, visit func(players, game, turn int, a *Deductive)) {
	t.Helper()
	d := frozenData(t)
	var g rules.Game
	for players := rules.MinPlayers; players <= rules.MaxPlayers; players++ {
		for game := 0; game < games; game++ {
			seats, tab := deductiveTable(d, &g, players, seed, uint64(game), mk)
			for turn := 1; turn < last && !g.IsTerminal(); turn += step {
				if err := tab.PlayUntil(&g, turn); err != nil {
					t.Fatal(err)
				}
				a := seats[turn%players].(*Deductive)
				view := g.View(turn % players)
				a.mem.sync(&view)
				visit(players, game, turn, a)
			}
		}
	}
}

func TestRumorValuesMatchWorldByWorld(t *testing.T) {
	// At positions of whole deductive games at every player count, every rumor's value equals
	// the world-by-world reference on the agent's own worlds (64, and a subset of 16).
	checked := 0
	atDeductivePositions(t, 11, 3, 3, 12, func() *Deductive { return newDeductive(DefaultWorlds, 16) }, func(players, game, turn int, a *Deductive) {
		a.heading()
		for _, v := range []*rumorValues{a.val, a.where} {
			for h := 0; h < rules.NumHeroes; h++ {
				for i := 0; i < rules.NumItems; i++ {
					for l := 0; l < rules.NumLocations; l++ {
						got, want := v.rumor(h, i, l), refRumor(v, h, i, l)
						if math.Abs(got-want) > 1e-8 {
							t.Fatalf("%dp game %d turn %d: rumor %d,%d,%d on %d worlds: %v, world by world %v", players, game, turn, h, i, l, v.n, got, want)
						}
						checked++
					}
				}
			}
		}
	})
	if checked == 0 {
		t.Fatal("no rumor checked")
	}
	t.Logf("%d rumor values checked", checked)
}

func TestLocationValuesChooseAsValuingEveryRumor(t *testing.T) {
	// values stops summing a rumor's answers once it cannot beat the best so far: the best
	// rumor and its value must be those of valuing every rumor in full (the first in order
	// among equals), a stopped rumor's value a bound at or above its own, and exactValue the
	// full value. The test fails if no rumor was ever stopped (the shortcut untested).
	stopped, checked := 0, 0
	atDeductivePositions(t, 13, 4, 2, 16, NewDeductive, func(players, game, turn int, a *Deductive) {
		v := a.heading()
		for l := 0; l < rules.NumLocations; l++ {
			best, bh, bi := -1.0, -1, -1
			for h := 0; h < rules.NumHeroes; h++ {
				for i := 0; i < rules.NumItems; i++ {
					x := v.rumor(h, i, l)
					if x > best {
						best, bh, bi = x, h, i
					}
					if v.exact[l]&(1<<(h*rules.NumItems+i)) == 0 {
						stopped++
						if v.valueOf(h, i, l) < x {
							t.Fatalf("%dp game %d turn %d: rumor %d,%d,%d stopped at %v, below its value %v", players, game, turn, h, i, l, v.valueOf(h, i, l), x)
						}
					}
					if got := v.exactValue(h, i, l); got != x {
						t.Fatalf("%dp game %d turn %d: exactValue %d,%d,%d = %v, want %v", players, game, turn, h, i, l, got, x)
					}
					checked++
				}
			}
			if v.room[l] != best || v.best[l] != [2]int8{int8(bh), int8(bi)} {
				t.Fatalf("%dp game %d turn %d: location %d best %v %v, valuing all %v %d,%d", players, game, turn, l, v.best[l], v.room[l], best, bh, bi)
			}
		}
	})
	if stopped == 0 {
		t.Fatal("no rumor's valuation stopped early: the shortcut was not tested")
	}
	t.Logf("%d rumors checked, %d stopped early", checked, stopped)
}

func TestRumorValuesPassFaceUpHands(t *testing.T) {
	// With one Ganondorf card (the first drawn strikes) players go out with their hands face
	// up. The valuation's answers come from the seats the engine asks: a seat out by Ganondorf
	// is passed by (no card of his is ever shown), unless rules.ganondorf_out_answers.
	for _, answers := range []bool{false, true} {
		d := dataWith(t, func(s *rules.Spec) { s.Rules.GanondorfCards, s.Rules.GanondorfOutAnswers = 1, answers })
		var g rules.Game
		checked := 0
		for players := 3; players <= rules.MaxPlayers; players++ {
			for game := 0; game < 8; game++ {
				seats, tab := deductiveTable(d, &g, players, 17, uint64(game), NewDeductive)
				for turn := 1; turn < 80 && !g.IsTerminal(); turn++ {
					if err := tab.PlayUntil(&g, turn); err != nil {
						t.Fatal(err)
					}
					tb := g.Table()
					struck := false
					for s := 0; s < players; s++ {
						struck = struck || tb.Out[s] == rules.OutGanondorf
					}
					if !struck || g.IsTerminal() {
						continue
					}
					me := turn % players
					a := seats[me].(*Deductive)
					view := g.View(me)
					a.mem.sync(&view)
					v := a.heading()
					for w := 0; w < v.n; w++ {
						for c := 0; c < rules.NumCards; c++ {
							o := int(v.worlds[w][c])
							want := farSeat
							if o >= 0 && o < players && o != me && (tb.Out[o] != rules.OutGanondorf || answers) {
								want = (o - me + players) % players
							}
							if got := holderDistance(v, c, w); got != want {
								t.Fatalf("answers %v, %dp game %d turn %d: card %d held by %d at distance %d in world %d, want %d",
									answers, players, game, turn, c, o, got, w, want)
							}
							checked++
						}
					}
				}
			}
		}
		if checked == 0 {
			t.Fatalf("answers %v: no position with a player out by Ganondorf", answers)
		}
		t.Logf("answers %v: %d cards' answering seats checked", answers, checked)
	}
}
