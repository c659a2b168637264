package clue

import (
	"math"
	"math/bits"

	rules "github.com/clockworksim/clockwork/rules/clue"
)

// Expert settings.
const (
	// ExpertWorlds is the number of worlds each candidate decision is played out on.
	ExpertWorlds = 10
	// ExpertCandidates is the most moves the expert compares by play-outs (the best locations
	// by the deductive agent's discounted value, one move toward each).
	ExpertCandidates = 3
	// ExpertHorizon is the rounds (turns of every player) a play-out lasts before it is judged.
	ExpertHorizon = 2
	// RolloutWorlds is the number of worlds the play-out agents sample to value their rumors
	// (fewer than DefaultWorlds: a play-out needs speed more than precision).
	RolloutWorlds = 16
	// RaceThreshold is the least chance of the likeliest answer for which the expert weighs a
	// guess against waiting.
	RaceThreshold = 0.3
	// ExpertMargin is how much better in mean score another move must play out than the
	// deductive agent's own to be chosen instead (play-outs are few, so their noise is large).
	ExpertMargin = 0.1
	// BluffShare is the share of the best rumor's value within which the expert prefers a rumor
	// naming more of its own cards (a bluff: the answer tells the listeners less).
	BluffShare = 0.9
)

// Expert is the deductive agent with look-ahead: for the decisions a rule of thumb judges
// worst it plays each option out on worlds drawn uniformly from its Notebook (so the hidden
// cards are always consistent with everything its seat saw; rules.Game.Determinize also redraws
// the other seats' Bosses and the deck from what it has not seen, and reseeds the dice), with
// deductive agents (RolloutWorlds) in every seat, for ExpertHorizon rounds, on the same worlds
// and seeds for every option. A play-out scores 1 for a win, 0 for a loss (or its seat out),
// and at the horizon, when its own agent has solved the envelope, 0.5 + 0.5 TurnDiscount^t
// (t: the turns of walking to the castle), else 0.4 times the share of the envelope's
// candidates it has ruled out (mean over the kinds). The decisions:
//
//   - where to head with the dice in hand: one move toward each of the ExpertCandidates best
//     locations (another than the deductive agent's own only when it scores ExpertMargin more);
//   - whether to draw an encounter when the striking Ganondorf may come;
//   - racing: in Hyrule Castle, unsolved, when the likeliest answer has at least
//     RaceThreshold of the worlds, a guess (worth that chance) against waiting (the play-out
//     of its deductive choice) — the expert alone may accuse wrongly, by choice;
//   - bluffing: among rumors within BluffShare of the best, the one naming most own cards.
//
// The play-out agents of the other seats read the logs Determinize rebuilds for them (the public
// entries, and the private cards they saw drawn from the sampled deal), so they know about what
// the real players could.
type Expert struct {
	Deductive
	alt    rules.Game
	deal   rules.Deal
	worlds [ExpertWorlds]World
	seeds  [ExpertWorlds]uint64
	n      int
	bots   *Table
	cands  [ExpertCandidates]rules.Action
	sized  Deal // the deal the play-out agents' notebooks were last sized for
}

// NewExpert returns an expert agent.
func NewExpert() *Expert {
	// the expert values rumors on MaxWorlds worlds, as when its worth was measured (the
	// deductive agent's DefaultWorlds is fewer, for speed)
	e := &Expert{Deductive: *newDeductive(MaxWorlds, MaxWorlds)}
	var bots [rules.MaxPlayers]Agent
	for s := range bots {
		bots[s] = newDeductive(RolloutWorlds, RolloutWorlds)
	}
	e.bots = NewTable(bots[:]...)
	return e
}

// Name returns "expert".
func (a *Expert) Name() string { return "expert" }

// Choose decides as the deductive agent, with play-outs where they judge better (see Expert).
func (a *Expert) Choose(v *rules.View, legal []rules.Action) rules.Action {
	a.take(v, legal)
	a.sizeBots()
	if x, ok := a.search(v, legal); ok {
		return x
	}
	return a.choose(v, legal)
}

// sizeBots makes the play-out agents' notebooks ready for this game's deal at their seats as
// soon as the game starts, so that their tables are made in the first game, not in the first
// play-out of a seat (which may come games later).
func (a *Expert) sizeBots() {
	d := a.mem.nb.deal
	if d == a.sized {
		return
	}
	a.sized = d
	for s := 0; s < d.Seats; s++ {
		at := d
		at.Me = s
		a.bots.Seats[s].(*Deductive).mem.nb.Reset(at)
	}
}

// search returns the expert's own choice, or ok false to decide as the deductive agent.
func (a *Expert) search(v *rules.View, legal []rules.Action) (rules.Action, bool) {
	t := v.Table
	if _, _, _, solved := a.mem.solved(); solved {
		return rules.Action{}, false
	}
	switch t.Phase {
	case rules.PhStart, rules.PhEnd:
		return a.race(v, legal)
	case rules.PhDraw:
		if r := strikeRisk(v.Data, t); r > 0 && r < 0.5 {
			return a.best(v, legal, find2(legal, rules.ActDraw, rules.ActNoDraw))
		}
	case rules.PhMove:
		return a.head(v, legal)
	case rules.PhRumor:
		return a.bluff(v, legal)
	}
	return rules.Action{}, false
}

// find2 returns the legal actions of kinds k1 and k2 (as a fixed pair; a missing one is zero).
func find2(legal []rules.Action, k1, k2 rules.ActionKind) [2]rules.Action {
	x1, _ := find(legal, k1, -1)
	x2, _ := find(legal, k2, -1)
	return [2]rules.Action{x1, x2}
}

// best plays out each option of opts (a zero Kind is skipped) and returns the best one.
func (a *Expert) best(v *rules.View, legal []rules.Action, opts [2]rules.Action) (rules.Action, bool) {
	a.sample(v)
	var pick rules.Action
	bestV, ok := -1.0, false
	for _, x := range opts {
		if x.Kind == rules.ActNone {
			continue
		}
		if val := a.playOut(v, x); val > bestV {
			pick, bestV, ok = x, val, true
		}
	}
	return pick, ok
}

// sample draws the worlds and seeds the play-outs of one decision share.
func (a *Expert) sample(v *rules.View) {
	a.n = a.mem.nb.Samples(&a.r, a.worlds[:])
	for k := 0; k < a.n; k++ {
		a.seeds[k] = a.r.Uint64()
	}
}

// playOut returns the mean score of action x played out on the sampled worlds.
func (a *Expert) playOut(v *rules.View, x rules.Action) float64 {
	sum := 0.0
	for k := 0; k < a.n; k++ {
		if !DealOf(&a.worlds[k], v.Table, &a.deal) || a.alt.Determinize(v, &a.deal, a.seeds[k]) != nil {
			continue
		}
		a.alt.Apply(x)
		players := a.mem.players
		for s := 0; s < players; s++ {
			a.bots.Seats[s].Reset(v.Data, players, s, a.seeds[k]+uint64(s))
		}
		_ = a.bots.PlayUntil(&a.alt, v.Table.Turn+ExpertHorizon*players)
		sum += a.judge()
	}
	if a.n == 0 {
		return 0
	}
	return sum / float64(a.n)
}

// judge scores the play-out in a.alt for the expert's seat.
func (a *Expert) judge() float64 {
	me := a.mem.seat
	if a.alt.IsTerminal() {
		if a.alt.Winner() == me {
			return 1
		}
		return 0
	}
	if a.alt.Table().Out[me] != rules.In {
		return 0
	}
	nb := a.bots.Seats[me].(*Deductive).mem.nb
	if _, _, _, ok := nb.Solution(); ok {
		walk := a.nav.turns(a.nav.from(a.alt.Table().Mover[me], rules.Castle))
		return 0.5 + 0.5*math.Pow(TurnDiscount, math.Ceil(walk))
	}
	progress := 0.0
	for k := 0; k < NumKinds; k++ {
		left := bits.OnesCount32(nb.Candidates(k))
		progress += 1 - float64(left-1)/float64(bits.OnesCount32(kindMask[k])-1)
	}
	return 0.4 * progress / NumKinds
}

// head compares, by play-outs, one move toward each of the best locations.
func (a *Expert) head(v *rules.View, legal []rules.Action) (rules.Action, bool) {
	hv := a.heading()
	here := v.Table.Mover[a.mem.seat].Room()
	var score [rules.NumLocations]float64
	for l := range score {
		score[l] = -1
		if x, ok := a.nav.bestMove(legal, l); ok && l != here {
			left := a.nav.from(x.To, l)
			score[l] = hv.room[l] * math.Pow(a.Discount, math.Ceil(a.nav.turns(left)))
		}
	}
	n := 0
	for n < ExpertCandidates {
		l := argmax(score[:])
		if l < 0 || score[l] < 0 {
			break
		}
		score[l] = -1
		x, _ := a.nav.bestMove(legal, l)
		dup := false
		for _, y := range a.cands[:n] {
			dup = dup || y == x
		}
		if !dup {
			a.cands[n] = x
			n++
		}
	}
	if n < 2 {
		return rules.Action{}, false
	}
	a.sample(v)
	best := a.cands[0] // the deductive agent's own move
	bestV := a.playOut(v, best) + ExpertMargin
	for _, x := range a.cands[1:n] {
		if val := a.playOut(v, x); val > bestV {
			best, bestV = x, val
		}
	}
	return best, true
}

// argmax returns the index of the largest value (-1 for none).
func argmax(xs []float64) int {
	best := -1
	for i, x := range xs {
		if best < 0 || x > xs[best] {
			best = i
		}
	}
	return best
}

// race weighs a guess in Hyrule Castle against waiting (see Expert).
func (a *Expert) race(v *rules.View, legal []rules.Action) (rules.Action, bool) {
	if _, ok := find(legal, rules.ActAccuse, -1); !ok {
		return rules.Action{}, false
	}
	a.val.draw(&a.mem, &a.r)
	h, i, l, p := a.likeliest()
	if p < RaceThreshold {
		return rules.Action{}, false
	}
	wait, ok := a.Deductive.decide(v, legal)
	if !ok || wait.Kind == rules.ActAccuse {
		return rules.Action{}, false
	}
	a.sample(v)
	if p <= a.playOut(v, wait) {
		return wait, true
	}
	return accusation(legal, h, i, l)
}

// likeliest returns the envelope most frequent among the sampled worlds and its share.
func (a *Expert) likeliest() (h, i, l int, p float64) {
	w := a.val
	best, bestN := 0, 0
	for x := 0; x < w.n; x++ {
		e := w.env[x]
		n := 0
		for y := 0; y < w.n; y++ {
			if w.env[y] == e {
				n++
			}
		}
		if n > bestN {
			best, bestN = x, n
		}
	}
	if w.n == 0 {
		return -1, -1, -1, 0
	}
	e := w.env[best]
	return int(e[KindHero]), int(e[KindItem]), int(e[KindLocation]), float64(bestN) / float64(w.n)
}

// bluff returns, among the rumors within BluffShare of the best, one naming most own cards.
func (a *Expert) bluff(v *rules.View, legal []rules.Action) (rules.Action, bool) {
	l := v.Table.Mover[a.mem.seat].Room()
	if l < 0 || l >= rules.NumLocations {
		return rules.Action{}, false
	}
	a.val.location(&a.mem, &a.r, l)
	top := a.val.room[l]
	hand := a.mem.hand
	bh, bi, bestOwn, bestV := int(a.val.best[l][0]), int(a.val.best[l][1]), -1, -1.0
	for h := 0; h < rules.NumHeroes; h++ {
		for i := 0; i < rules.NumItems; i++ {
			if a.val.valueOf(h, i, l) < BluffShare*top {
				continue // its value or a bound above it
			}
			val := a.val.exactValue(h, i, l)
			if val < BluffShare*top {
				continue
			}
			own := int(hand>>rules.HeroCard(h)&1) + int(hand>>rules.ItemCard(i)&1)
			if own > bestOwn || own == bestOwn && val > bestV {
				bh, bi, bestOwn, bestV = h, i, own, val
			}
		}
	}
	return rumorAction(legal, bh, bi)
}
