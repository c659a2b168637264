package clockwork

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// refPayer is the least-loss search as a plain branch and bound, with a node limit of its own
// (limit). With a limit no search reaches it finds the best plan, the first of the best in its
// order: the Payer must choose exactly as it does; with the Payer's limit (maxNodes) it is the
// Payer's walk, which the Payer must match on the payments it walks.
type refPayer struct {
	p     *Payer
	limit int
	cur   [maxPayCards]int16
	best  [maxPayCards]int16
	bestL float32
	bestO int
	found bool
	nodes int
}

func (r *refPayer) plan(need rules.Cost) bool {
	r.found, r.nodes, r.bestL = false, 0, 1e9
	for i := 0; i < r.p.nCards; i++ {
		r.cur[i], r.best[i] = -1, -1
	}
	r.search(0, need, 0, 0)
	return r.found
}

func (r *refPayer) search(i int, need rules.Cost, loss float32, own int16) {
	p := r.p
	r.nodes++
	if loss-p.maxCarryGain() > r.bestL || r.nodes > r.limit {
		return
	}
	if covered(need) {
		over := 0
		for _, x := range need {
			over -= int(x)
		}
		if p.mover >= 0 && need[rules.Move] < 0 {
			carried := min(-need[rules.Move], own)
			loss -= carryValue * float32(carried)
			over -= int(carried)
		}
		if !r.found || loss < r.bestL || (loss == r.bestL && over < r.bestO) {
			r.found, r.bestL, r.bestO = true, loss, over
			copy(r.best[:p.nCards], r.cur[:p.nCards])
		}
		return
	}
	if i == p.nCards {
		return
	}
	card := &p.cards[i]
	for k := card.first; k < card.first+card.n; k++ {
		pl := &p.plays[k]
		if need[pl.skill] <= 0 {
			continue
		}
		r.cur[i] = int16(k)
		next := need
		next[pl.skill] -= pl.amount
		nown := own
		if pl.skill == rules.Move && card.hero == p.mover {
			nown += pl.amount
		}
		r.search(i+1, next, loss+pl.loss, nown)
	}
	r.cur[i] = -1
	r.search(i+1, need, loss, own)
}

// randomPayment fills p with a random payment: cards of one to four plays (Skill cards with two
// skills, discards for 1, Items, Treasures), a need of up to maxNeed per skill, and a mover or
// none.
func randomPayment(r *rand.Rand, p *Payer, cards, maxNeed int) rules.Cost {
	losses := []float32{1, 2, 3, 6, 0.25}
	p.nPlays, p.nCards = 0, 0
	for i := 0; i < cards; i++ {
		n := 1 + r.IntN(4)
		p.cards[p.nCards] = payCard{first: p.nPlays, n: n, hero: r.IntN(3), slot: i}
		p.nCards++
		loss := losses[r.IntN(len(losses))]
		for k := 0; k < n; k++ {
			amt := int16(1 + r.IntN(3))
			l := loss
			if k == n-1 && n > 2 {
				amt, l = 1, loss // a discard for 1
			}
			p.plays[p.nPlays] = payPlay{a: rules.MakeAction(rules.ActPlay, 0, i, k, 0), skill: rules.Skill(r.IntN(3)), amount: amt, loss: l}
			p.nPlays++
		}
	}
	p.mover = -1
	if r.IntN(4) == 0 {
		p.mover = r.IntN(3)
	}
	var need rules.Cost
	for s := range need {
		if r.IntN(3) > 0 {
			need[s] = int16(r.IntN(maxNeed + 1))
		}
	}
	return need
}

// refLimit is the node limit of the reference search in the tests: far above the Payer's.
const refLimit = 1 << 21

// The Payer plans exactly as the plain search with no node limit: the same plan, loss and
// overpay, found or not, on small payments and on large ones, where the Payer's own walk would
// reach its node limit and plan worse. Payments that carry Move over are walked: there it
// plans as the plain search with its node limit. (Payments whose plain search needs more than
// refLimit nodes are left out: the test counts them.)
func TestPayerMatchesPlainSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var p Payer
	limited, tabled, skipped, better := 0, 0, 0, 0
	for iter := 0; iter < 3000; iter++ {
		cards, maxNeed := 1+r.IntN(8), 6
		if iter%3 == 0 {
			cards, maxNeed = 8+r.IntN(10), 14
		}
		need := randomPayment(r, &p, cards, maxNeed)
		ref := refPayer{p: &p, limit: refLimit}
		if p.mover >= 0 {
			ref.limit = maxNodes
		}
		want := ref.plan(need)
		if ref.nodes > refLimit {
			skipped++
			continue
		}
		if ref.nodes > maxNodes && p.mover < 0 {
			limited++
			walk := refPayer{p: &p, limit: maxNodes}
			if walk.plan(need); !walk.found || walk.bestL > ref.bestL {
				better++ // the walk cut short at the Payer's limit plans worse
			}
		}
		got := p.plan(need)
		if p.table.on {
			tabled++
		}
		if got != want || (want && (p.bestL != ref.bestL || p.bestO != ref.bestO || !slices.Equal(p.best[:p.nCards], ref.best[:p.nCards]))) {
			t.Fatalf("payment %d (%d cards, need %v, mover %d): plan %v %v %v %v, want %v %v %v %v",
				iter, cards, need, p.mover, got, p.bestL, p.bestO, p.best[:p.nCards], want, ref.bestL, ref.bestO, ref.best[:p.nCards])
		}
	}
	if limited < 100 || better < 20 || tabled < 500 || skipped > 100 {
		t.Errorf("%d payments beyond the Payer's node limit (%d planned worse by a walk cut short there), %d planned by the tables, %d left out: the test does not check the tables",
			limited, better, tabled, skipped)
	}
	t.Logf("%d of 3000 payments beyond the Payer's node limit (%d planned worse by a walk cut short there), %d planned by the tables, %d left out", limited, better, tabled, skipped)
}

// removeCard takes card j out of p, as playing it does, and returns the need less what its
// play k (an index into p.plays) paid.
func removeCard(p *Payer, j, k int, need rules.Cost) rules.Cost {
	pl := p.plays[k]
	need[pl.skill] -= pl.amount
	var plays [maxPlays]payPlay
	var cards [maxPayCards]payCard
	np, nc := 0, 0
	for i := 0; i < p.nCards; i++ {
		if i == j {
			continue
		}
		c := p.cards[i]
		cards[nc] = payCard{first: np, n: c.n, hero: c.hero, slot: c.slot}
		nc++
		for x := c.first; x < c.first+c.n; x++ {
			plays[np] = p.plays[x]
			np++
		}
	}
	p.plays, p.cards, p.nPlays, p.nCards = plays, cards, np, nc
	return need
}

// A payment is planned again after each card played, the payer keeping what it can of the last
// plan: it still plans exactly as the plain search with no node limit, to the last card.
func TestPayerMatchesPlainSearchCardByCard(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var p Payer
	steps, skipped := 0, 0
	for iter := 0; iter < 300; iter++ {
		need := randomPayment(r, &p, 8+r.IntN(9), 16)
		p.mover = -1
		for step := 0; p.nCards > 0; step++ {
			ref := refPayer{p: &p, limit: refLimit}
			want := ref.plan(need)
			if ref.nodes > refLimit {
				skipped++
				break
			}
			got := p.plan(need)
			steps++
			if got != want || (want && (p.bestL != ref.bestL || p.bestO != ref.bestO || !slices.Equal(p.best[:p.nCards], ref.best[:p.nCards]))) {
				t.Fatalf("payment %d step %d (need %v): plan %v %v %v, want %v %v %v", iter, step, need, got, p.bestL, p.best[:p.nCards], want, ref.bestL, ref.best[:p.nCards])
			}
			// Play the plan's first card (or, now and then, another one, or any when there is
			// no plan) and plan again.
			j := r.IntN(p.nCards)
			if want && r.IntN(4) > 0 {
				for i := 0; i < p.nCards; i++ {
					if p.best[i] >= 0 {
						j = i
						break
					}
				}
			}
			k := p.cards[j].first + r.IntN(p.cards[j].n)
			if want && p.best[j] >= 0 {
				k = int(p.best[j])
			}
			if r.IntN(5) == 0 {
				// Now and then the need falls with the same cards (a card played toward it
				// from elsewhere), or rises again.
				s := rules.Skill(r.IntN(3))
				need[s] = max(0, need[s]+int16(r.IntN(5))-3)
				if covered(need) {
					break
				}
				continue
			}
			need = removeCard(&p, j, k, need)
			if covered(need) {
				break
			}
		}
	}
	if skipped > 40 || steps < 2000 {
		t.Errorf("%d plans, %d payments cut short by the plain search's limit: the test checks too little", steps, skipped)
	}
	t.Logf("%d plans, %d payments cut short by the plain search's limit", steps, skipped)
}

// Payments as large as Ganon's at four heroes (21 of each skill, 30-48 cards) are planned by
// the tables: the plan covers the need, and it is never worse than the walk cut short at the
// node limit (which the tables replaced for them).
func TestPayerPlansGanonSizedPaymentsExactly(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var p Payer
	worse := 0
	for iter := 0; iter < 40; iter++ {
		randomPayment(r, &p, 30+r.IntN(19), 1)
		p.mover = -1
		need := rules.Cost{21, 21, 21}
		walk := refPayer{p: &p, limit: maxNodes}
		walked := walk.plan(need)
		if !p.plan(need) {
			if walked {
				t.Fatalf("payment %d (%d cards): no plan, the walk found one", iter, p.nCards)
			}
			continue
		}
		if !p.table.on {
			t.Fatalf("payment %d (%d cards): not planned by the tables", iter, p.nCards)
		}
		var paid rules.Cost
		for i := 0; i < p.nCards; i++ {
			if k := p.best[i]; k >= 0 {
				paid[p.plays[k].skill] += p.plays[k].amount
			}
		}
		if paid[0] < 21 || paid[1] < 21 || paid[2] < 21 {
			t.Fatalf("payment %d: the plan pays %v of %v", iter, paid, need)
		}
		if walked && walk.bestL < p.bestL {
			t.Fatalf("payment %d: the tables' plan loses %v, the walk's %v", iter, p.bestL, walk.bestL)
		}
		if !walked || walk.bestL > p.bestL {
			worse++
		}
	}
	if worse == 0 {
		t.Error("the walk was never worse: the test does not reach payments the node limit cuts")
	}
	t.Logf("the walk cut at the node limit planned worse in %d of 40", worse)
}

// A payment's plan is followed through, card by card, while its plays stay legal and no hero
// joined: at every card it follows, the rest of the plan still covers what is needed, with the
// least loss a fresh plan of what is left finds (payments without carried Move, whose loss is
// the cards'; checked to fail when a hero's joining does not stop the following).
func TestFollowedPlanStaysExact(t *testing.T) {
	d := configstest.Frozen(t)
	r := rand.New(rand.NewPCG(11, 12))
	var g rules.Game
	var p Payer
	followed := 0
	for i := uint64(0); i < 60; i++ {
		g.Reset(d, 2+int(i%3), chance.EpisodeSeed(21, i), i)
		for n := 0; !g.IsTerminal() && n < 5000; n++ {
			legal := g.LegalActions(nil)
			v := g.View(0)
			if g.Prompt() != rules.PromptPay {
				g.Apply(legal[r.IntN(len(legal))])
				continue
			}
			before, probe := p.follow, p // probe: a copy, to tell whether Choose follows the plan
			_, performer := v.PayNeed()
			if _, follows := probe.followPlan(v, legal, performer); follows {
				followed++
				checkFollowed(t, v, legal, &before)
			}
			a := p.Choose(v, legal)
			g.Apply(a)
		}
	}
	if followed < 500 {
		t.Fatalf("only %d followed plays: the test would tell nothing", followed)
	}
}

// checkFollowed checks the followed plan f (before its next play) against a fresh plan.
func checkFollowed(t *testing.T, v rules.View, legal []rules.Action, f *followed) {
	t.Helper()
	need, _ := v.PayNeed()
	var loss float32
	for i := 0; i < f.n; i++ {
		pl := &f.plays[i]
		if a, ok := pl.in(v, legal); ok {
			s, amt := v.Play(a)
			need[s] -= int16(amt)
			loss += CardLoss(v, pl.card, pl.mode)
		}
	}
	if !covered(need) {
		t.Fatalf("the followed plan leaves %v unpaid", need)
	}
	var fresh Payer
	fresh.Choose(v, legal)
	if fresh.mover >= 0 || fresh.nodes > maxNodes {
		return // carried Move counts in the loss, or the fresh walk was cut short
	}
	if !fresh.found || fresh.bestL != loss {
		t.Fatalf("the followed plan loses %v, a fresh plan %v (found %v)", loss, fresh.bestL, fresh.found)
	}
}
