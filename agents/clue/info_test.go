package clue

import (
	"math"
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

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
			switch d := int(v.col[c][w]); {
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

func TestRumorValuesMatchWorldByWorld(t *testing.T) {
	// At positions of whole deductive games at every player count, every rumor's value equals
	// the world-by-world reference on the agent's own worlds (64, and a subset of 16).
	d := frozenData(t)
	var g rules.Game
	checked := 0
	for players := rules.MinPlayers; players <= rules.MaxPlayers; players++ {
		for game := 0; game < 3; game++ {
			seats := make([]Agent, players)
			for s := range seats {
				seats[s] = newDeductive(DefaultWorlds, 16)
			}
			tab := NewTable(seats...)
			g.Reset(d, players, 11, uint64(game))
			for s := 0; s < players; s++ {
				seats[s].Reset(d, players, s, uint64(game*10+s))
			}
			for turn := 1; turn < 12 && !g.IsTerminal(); turn += 3 {
				if err := tab.PlayUntil(&g, turn); err != nil {
					t.Fatal(err)
				}
				a := seats[turn%players].(*Deductive)
				view := g.View(turn % players)
				a.mem.sync(&view)
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
			}
		}
	}
	if checked == 0 {
		t.Fatal("no rumor checked")
	}
	t.Logf("%d rumor values checked", checked)
}
