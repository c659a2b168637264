// Package clockwork (imported as strategies) holds small, named policies for single decisions of Clockwork Realm: how
// to pay a cost from the cards at hand, which temple to take, how many boss multiples to pay,
// when to burn a Shard, which Treasure to keep and where gained cards go, and how to end an
// engagement. Agents (package agents) compose them. Every policy allocates nothing per decision.
package clockwork

import (
	"math"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// Loss values: what spending a card costs the team, in rough skill points. A Skill card is
// worth its strength; an Item its best ability; a Treasure's top discards a lasting card, its
// bottom only exhausts it until the end of the round.
const (
	lossExhaust  = 0.25
	lossTreasure = 6
)

// CardLoss returns the loss of playing card c in play mode m.
func CardLoss(v rules.View, c rules.CardRef, mode int) float32 {
	t := v.CardType(c)
	switch t.Class {
	case rules.SkillCardClass:
		return float32(t.Amount)
	case rules.ItemClass:
		return float32(max(itemValue(t), 1))
	default:
		if mode >= rules.ModeBottom {
			return lossExhaust
		}
		return lossTreasure
	}
}

func itemValue(t *rules.Card) int {
	v := 0
	for _, a := range [3]rules.Ability{t.Top, t.Bottom, t.WhenGained} {
		switch a.Effect {
		case rules.EffectSkill, rules.EffectRemoteEngage, rules.EffectRemoteInteract:
			v = max(v, int(a.Amount))
		case rules.NoEffect:
		default:
			v = max(v, 3)
		}
	}
	return v
}

const (
	maxPlays    = 512
	maxPayCards = 64
	maxNodes    = 40000
)

// Payer chooses card plays toward a cost with the least loss (then the least overpay): exactly,
// by the tables of lossTable for payments of many cards and by a branch-and-bound walk over the
// cards that can help (each card used once, in one of its modes) for the others. The walk has
// a node limit after which the best plan found so far is used; only payments the tables cannot
// take (those that carry Move over, or larger than maxLeast) and with too many plans to walk
// reach it. A plan is made at a payment's first card and followed through, card by card, while
// its plays stay legal and no hero joins from afar (followPlan); otherwise the payer plans
// again. The zero value is ready; it allocates only the tables, once (see lossTable).
type Payer struct {
	plays  [maxPlays]payPlay
	nPlays int
	cards  [maxPayCards]payCard
	nCards int
	cur    [maxPayCards]int16 // chosen play per card (-1 none) on the search path
	best   [maxPayCards]int16
	bestL  float32
	bestO  int // overpay of the best plan
	found  bool
	nodes  int
	// mover is the hero whose own leftover Move carries over (a movement), or -1.
	mover int
	table lossTable
	// rate[i][s] is the least loss per point of skill s of the plays of cards i.., and most[i][s]
	// the most of s those cards can give (each its best play toward s): what the walk bounds a
	// plan of them by (see hopeless).
	rate [maxPayCards + 1][3]float32
	most [maxPayCards + 1][3]int16
	// bounded: the walk skips the subtrees hopeless tells (its tree is within the node limit,
	// and large enough for the bounds to pay)
	bounded bool
	follow  followed
}

// followed is the rest of the plan of the payment in progress, card by card in the walk's
// order: what the payer plays next while every play of it is still legal.
type followed struct {
	on      bool
	played  int // the payment's plays when the plan was made or last followed
	hero    int
	purpose string
	// who may play, and who only Interact, when the plan was made: while they stay, the plays
	// only fall away (the cards played, the skills covered), and the rest of an exact plan is
	// an exact plan of what is left
	contributors, interactOnly uint8
	n                          int
	plays                      [maxPayCards]plannedPlay
}

// plannedPlay is a play of a plan named by its card, so that it survives the slots moving up.
type plannedPlay struct {
	hero, mode int
	card       rules.CardRef
}

// in returns the action of legal that makes play pl, and false when none does.
func (pl *plannedPlay) in(v rules.View, legal []rules.Action) (rules.Action, bool) {
	for _, a := range legal {
		if a.Kind() == rules.ActPlay && a.Hero() == pl.hero && a.Y() == pl.mode && v.CardAt(a.Hero(), a.X()) == pl.card {
			return a, true
		}
	}
	return 0, false
}

// carryValue is what one Move carried over is worth, in loss points: a little less than a
// card discarded for 1, so that a Move-2 Skill card pays a Move-1 door when the rest will
// carry over, rather than another card thrown for 1.
const carryValue = 0.9

type payPlay struct {
	a      rules.Action
	skill  rules.Skill
	amount int16
	loss   float32
}

type payCard struct {
	first, n int // its plays in plays[first:first+n]
	hero     int
	slot     int
}

// Choose returns the next card to play toward the payment in progress (the next of the plan it
// follows, or the first of a new plan), or ActGiveUp when no plan covers the cost (and giving
// up is legal). A vulnerability that a hero who joined from afar may show ends the payment.
func (p *Payer) Choose(v rules.View, legal []rules.Action) rules.Action {
	for _, a := range legal {
		if a.Kind() == rules.ActVulnerable { // a hero who joined from afar shows it: defeated at no further cost
			p.follow.on = false
			return a
		}
	}
	need, performer := v.PayNeed()
	p.mover = -1
	if v.Data().Settings.MoveCarryOver != rules.CarryOff {
		switch v.PayPurpose() {
		case "door", "tunnel", "barrier":
			p.mover = performer
		}
	}
	if a, ok := p.followPlan(v, legal, performer); ok {
		return a
	}
	p.collect(v, legal)
	giveUp := rules.Action(0)
	for _, a := range legal {
		if a.Kind() == rules.ActGiveUp {
			giveUp = a
		}
	}
	if p.plan(need) {
		first := -1 // the plan's first play (playsBefore)
		for i := 0; i < p.nCards; i++ {
			if k := p.best[i]; k >= 0 && (first < 0 || playsBefore(p.plays[k].a.Y(), p.plays[p.best[first]].a.Y())) {
				first = i
			}
		}
		if first >= 0 {
			p.keepPlan(v, performer, first)
			return p.plays[p.best[first]].a
		}
	}
	if giveUp != 0 {
		return giveUp
	}
	// No plan and giving up is not allowed yet: play the cheapest card.
	best := 0
	for i := 1; i < p.nPlays; i++ {
		if p.plays[i].loss < p.plays[best].loss {
			best = i
		}
	}
	return p.plays[best].a
}

// playsBefore reports whether, of a plan's plays in card order, one in mode m is played before
// an earlier one in mode o: a play by an Item's or Treasure's ability (a remote one lets its hero
// join) before the plain ones.
func playsBefore(m, o int) bool { return m >= rules.ModeTop && o < rules.ModeTop }

// Forget drops the plan the payer follows: the next payment decision is planned afresh. Call
// it before a new game (a campaign, a rollout), whose payments are not the last game's.
func (p *Payer) Forget() { p.follow.on = false }

// keepPlan keeps the plan's plays other than card first's, when the plan is exact (the walk
// did not reach its node limit).
func (p *Payer) keepPlan(v rules.View, performer, first int) {
	f := &p.follow
	f.on = p.nodes <= maxNodes
	if !f.on {
		return
	}
	f.played, f.hero, f.purpose, f.n = v.PayPlayed(), performer, v.PayPurpose(), 0
	f.contributors, f.interactOnly = v.PayContributors(), v.PayInteractOnly()
	for i := 0; i < p.nCards; i++ {
		if k := p.best[i]; k >= 0 && i != first {
			a := p.plays[k].a
			f.plays[f.n] = plannedPlay{hero: a.Hero(), mode: a.Y(), card: v.CardAt(a.Hero(), a.X())}
			f.n++
		}
	}
}

// followPlan plays on the plan kept at the payment's last play, when every one of its plays is
// still legal, in the order Choose plays a new plan in (playsBefore).
func (p *Payer) followPlan(v rules.View, legal []rules.Action, performer int) (rules.Action, bool) {
	f := &p.follow
	if !f.on || f.n == 0 || v.PayPlayed() != f.played+1 || performer != f.hero || v.PayPurpose() != f.purpose ||
		v.PayContributors() != f.contributors || v.PayInteractOnly() != f.interactOnly {
		f.on = false
		return 0, false
	}
	var acts [maxPayCards]rules.Action
	first := -1
	for i := 0; i < f.n; i++ {
		pl := &f.plays[i]
		a, ok := pl.in(v, legal)
		if !ok {
			f.on = false
			return 0, false
		}
		acts[i] = a
		if first < 0 || playsBefore(pl.mode, f.plays[first].mode) {
			first = i
		}
	}
	f.played++
	copy(f.plays[first:f.n], f.plays[first+1:f.n])
	f.n--
	return acts[first], true
}

// collect gathers the legal plays grouped by card.
func (p *Payer) collect(v rules.View, legal []rules.Action) {
	p.nPlays, p.nCards = 0, 0
	for _, a := range legal {
		if a.Kind() != rules.ActPlay || p.nPlays == maxPlays {
			continue
		}
		s, amt := v.Play(a)
		c := v.CardAt(a.Hero(), a.X())
		pl := payPlay{a: a, skill: s, amount: int16(amt), loss: CardLoss(v, c, a.Y())}
		if p.nCards > 0 {
			last := &p.cards[p.nCards-1]
			if last.hero == a.Hero() && last.slot == a.X() {
				p.plays[p.nPlays] = pl
				p.nPlays++
				last.n++
				continue
			}
		}
		if p.nCards == maxPayCards {
			continue
		}
		p.cards[p.nCards] = payCard{first: p.nPlays, n: 1, hero: a.Hero(), slot: a.X()}
		p.nCards++
		p.plays[p.nPlays] = pl
		p.nPlays++
	}
}

// plan finds the least-loss set of plays covering need.
func (p *Payer) plan(need rules.Cost) bool {
	p.found, p.nodes = false, 0
	p.bestL = 1e9
	for i := 0; i < p.nCards; i++ {
		p.cur[i] = -1
		p.best[i] = -1
	}
	if p.table.prepare(p, need) {
		if !p.table.plan(need) {
			return false
		}
		for _, x := range need {
			p.bestO -= int(min(x, 0)) // what the root need has below 0 counts as overpay
		}
		return true
	}
	if p.bounded = p.boundedWalk(); p.bounded {
		p.bounds()
	}
	p.search(0, need, 0, 0)
	return p.found
}

// boundedWalk reports whether the walk's whole tree has no more nodes than the limit (no more
// than twice its leaves: plansTree), and at least boundTree of them.
func (p *Payer) boundedWalk() bool {
	tree := 2 * p.plansTree(maxNodes/2+1)
	return tree <= maxNodes && tree >= boundTree
}

// plansTree returns the leaves of the walk's tree, the product over the cards of their plays
// + 1 (a subtree per play, one without the card), or a number no less than limit once the
// product reaches it.
func (p *Payer) plansTree(limit int) int {
	tree := 1
	for i := 0; i < p.nCards && tree < limit; i++ {
		tree *= p.cards[i].n + 1
	}
	return tree
}

// boundTree is the tree below which the walk is quicker without the bounds (hopeless): fewer
// instructions per three-hero planner campaign than with 16, 64 or 1024.
const boundTree = 256

// bounds sets rate and most from the cards collected.
func (p *Payer) bounds() {
	p.rate[p.nCards], p.most[p.nCards] = [3]float32{math.MaxFloat32, math.MaxFloat32, math.MaxFloat32}, [3]int16{}
	for i := p.nCards - 1; i >= 0; i-- {
		rate, most := p.rate[i+1], p.most[i+1]
		var best [3]int16
		c := &p.cards[i]
		for k := c.first; k < c.first+c.n; k++ {
			if pl := &p.plays[k]; pl.amount > 0 {
				rate[pl.skill] = min(rate[pl.skill], pl.loss/float32(pl.amount))
				best[pl.skill] = max(best[pl.skill], pl.amount)
			}
		}
		for s := range most {
			most[s] += best[s]
		}
		p.rate[i], p.most[i] = rate, most
	}
}

// hopeless reports whether no plan of cards i.. can cover need, or none can make a plan of loss
// so far better than the best found: each point still needed costs at least the least loss per
// point of the cards left (less what carried Move can take off, and a margin for rounding), so
// only plans of more loss than the best lie below. The walk skips such subtrees only when its
// whole tree is within the node limit (bounded): it finds the same plan. A walk that can reach
// the limit plans what it found before it, so it walks every node, as it always did.
func (p *Payer) hopeless(i int, need rules.Cost, loss float32) bool {
	var least float32
	for s, x := range need {
		if x <= 0 {
			continue
		}
		if x > p.most[i][s] {
			return true
		}
		least += float32(x) * p.rate[i][s]
	}
	return p.found && loss+least-p.maxCarryGain()-lossMargin > p.bestL
}

// lossMargin is more than the rounding of a sum of a payment's losses.
const lossMargin = 1e-3

func covered(n rules.Cost) bool { return n[0] <= 0 && n[1] <= 0 && n[2] <= 0 }

// search tries the plays of cards i.. toward need; loss is the plan's so far and own the Move
// the mover's own cards gave (what of the overpay can carry over).
func (p *Payer) search(i int, need rules.Cost, loss float32, own int16) {
	p.nodes++
	if loss-p.maxCarryGain() > p.bestL || p.nodes > maxNodes {
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
			over -= int(carried) // carried Move is not wasted
		}
		p.record(loss, over)
		return
	}
	if i == p.nCards || (p.bounded && p.hopeless(i, need, loss)) {
		return
	}
	card := &p.cards[i]
	for k := card.first; k < card.first+card.n; k++ {
		pl := &p.plays[k]
		if need[pl.skill] <= 0 {
			continue
		}
		p.cur[i] = int16(k)
		next := need
		next[pl.skill] -= pl.amount
		nown := own
		if pl.skill == rules.Move && card.hero == p.mover {
			nown += pl.amount
		}
		p.search(i+1, next, loss+pl.loss, nown)
	}
	p.cur[i] = -1
	p.search(i+1, need, loss, own)
}

// record keeps the plan on the search path, of loss and overpay over, when it is better than
// the best so far: less loss, or as little with less overpay.
func (p *Payer) record(loss float32, over int) {
	if p.found && (loss > p.bestL || (loss == p.bestL && over >= p.bestO)) {
		return
	}
	p.found, p.bestL, p.bestO = true, loss, over
	copy(p.best[:p.nCards], p.cur[:p.nCards])
}

// maxCarryGain bounds what carried-over Move can still take off a plan's loss (for pruning).
func (p *Payer) maxCarryGain() float32 {
	if p.mover < 0 {
		return 0
	}
	return carryValue * 4
}
