package clue

import (
	"math/bits"
	"testing"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// TestPassesReadsPassesOnly works one sheet by hand at 4 players (seat 0's): a card shown
// between two others tells the passes agent nothing, even when that player's passes leave him
// one card it could be (a deduction across facts it does not make); a rumor of its own that no
// one can answer, naming none of its cards, gives it the envelope ("you've figured out which
// cards are in the envelope"), which the notebook agent's sheet does not see.
func TestPassesReadsPassesOnly(t *testing.T) {
	d := frozenData(t)
	var g rules.Game
	g.Reset(d, 4, 1, 0)
	v := g.View(0)
	env := g.Envelope()
	// three cards of each kind that seat 0 does not hold and that are not face up, besides the envelope's
	free := rules.CardSet(v.Hand) | v.FaceUpSet() | 1<<env[0] | 1<<env[1] | 1<<env[2]
	pick := func(k int) rules.Card {
		c := rules.Card(bits.TrailingZeros32(kindMask[k] &^ free))
		free |= 1 << c
		return c
	}
	h1, i1, l1, i2, l2 := pick(KindHero), pick(KindItem), pick(KindLocation), pick(KindItem), pick(KindLocation)
	rumor := func(asker int, h, i, l rules.Card) rules.Obs {
		return rules.Obs{Kind: rules.ObsRumor, Asker: int8(asker), Hero: int8(h.Index()), Item: int8(i.Index()), Loc: int8(l.Index()), Card: rules.NoCard}
	}
	answer := func(r rules.Obs, seat int, shows bool) rules.Obs {
		o := rules.Obs{Kind: rules.ObsAnswer, Asker: r.Asker, Seat: int8(seat), Hero: r.Hero, Item: r.Item, Loc: r.Loc, Card: rules.NoCard}
		if shows {
			o.Flag = 1
		}
		return o
	}
	// seat 1 passes on rumors naming i1 and l1, then shows seat 2 a card of (h1, i1, l1): he
	// must hold h1
	r1, r2, r3 := rumor(3, env[0], i1, l2), rumor(3, env[0], i2, l1), rumor(2, h1, i1, l1)
	v.Log = []rules.Obs{r1, answer(r1, 0, false), answer(r1, 1, false), answer(r1, 2, true),
		r2, answer(r2, 0, false), answer(r2, 1, false), answer(r2, 2, true),
		r3, answer(r3, 3, false), answer(r3, 0, false), answer(r3, 1, true)}
	p, nb := NewPasses(), NewBookkeeper()
	p.Reset(d, 4, 0, 1)
	nb.Reset(d, 4, 0, 1)
	p.mem.sync(&v)
	nb.mem.sync(&v)
	if p.mem.passOpen(KindHero)&(1<<h1) == 0 || p.mem.mayHold(int(h1))&(1<<1) == 0 {
		t.Errorf("the passes agent crossed off %v (shown between seats 1 and 2): it chains facts", h1)
	}
	if p.mem.mayHold(int(i1))&(1<<1) != 0 || p.mem.mayHold(int(l1))&(1<<1) != 0 {
		t.Error("seat 1 passed on the item and the location, and may still hold them")
	}
	// seat 0 asks the envelope's three cards: no one can answer
	r4 := rumor(0, env[0], env[1], env[2])
	v.Log = append(v.Log, r4, answer(r4, 1, false), answer(r4, 2, false), answer(r4, 3, false))
	p.mem.sync(&v)
	nb.mem.sync(&v)
	h, i, l, ok := p.mem.passSolved()
	if !ok || rules.HeroCard(h) != env[0] || rules.ItemCard(i) != env[1] || rules.LocationCard(l) != env[2] {
		t.Errorf("the passes agent reads %d %d %d (solved %v), want the envelope %v", h, i, l, ok, env)
	}
	if _, _, _, ok := nb.mem.sheetSolved(); ok {
		t.Error("the notebook agent read the passes")
	}
}

// TestPassesSound plays whole games with passes seats against every agent at every player
// count: at every decision of a passes seat its sheet keeps the envelope's cards open (its
// reading of the passes is sound), and it never accuses wrongly. Some decisions must find the
// envelope's card of a kind by the passes alone (the sheet narrower than the notebook's).
func TestPassesSound(t *testing.T) {
	d := frozenData(t)
	var g rules.Game
	buf := make([]rules.Action, 0, rules.MaxActions)
	games := 60
	if testing.Short() {
		games = 20
	}
	checked, narrower := 0, 0
	for i := 0; i < games; i++ {
		players := rules.MinPlayers + i%5
		other := []string{"passes", "notebook", "deductive", "random"}[i/5%4]
		names := make([]string, players)
		for s := range names {
			names[s] = other
		}
		names[i%players] = "passes"
		seats := lineup(t, names...)
		g.Reset(d, players, 41, uint64(i))
		for s, a := range seats {
			a.Reset(d, players, s, uint64(i*10+s))
		}
		for !g.IsTerminal() {
			s := g.ToMove()
			v := g.View(s)
			buf = g.LegalActions(buf)
			x := seats[s].Choose(&v, buf)
			if p, ok := seats[s].(*Bookkeeper); ok && p.passes {
				env := g.Envelope()
				for k := 0; k < NumKinds; k++ {
					open := p.mem.passOpen(k)
					if open&(1<<env[k]) == 0 {
						t.Fatalf("game %d (%dp) turn %d: seat %d crossed off the envelope's %v", i, players, g.Turn(), s, env[k])
					}
					if bits.OnesCount32(open) < bits.OnesCount32(p.mem.open(k)) {
						narrower++
					}
				}
				if x.Kind == rules.ActAccuse && [3]rules.Card{rules.HeroCard(int(x.A)), rules.ItemCard(int(x.B)), rules.LocationCard(int(x.C))} != env {
					t.Fatalf("game %d (%dp): seat %d accused wrongly", i, players, s)
				}
				checked++
			}
			g.Apply(x)
		}
	}
	if narrower == 0 {
		t.Fatalf("%d decisions, none with a kind found by the passes", checked)
	}
	t.Logf("%d decisions of passes seats checked, %d kinds narrowed by the passes", checked, narrower)
}
