package clockwork

import (
	"math/rand/v2"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// Expert is the planner with lookahead at the decisions where searching pays (the search
// strategy; by default the revealed card kept and the Cog turned). At each of them with
// 2 to maxCandidates choices it drops the choices that lead to the same game as an earlier one
// (on one sample), tries the others on determinized samples of what the heroes see
// (rules.View.Sample: hidden orders reshuffled, face-down rooms redrawn, chance reseeded), plays
// each sample on to the end of the level with the planner (agents.PlayOut), and takes the
// choice with the best mean outcome; every choice is judged on the same samples (common random
// numbers), a choice stops once it is told apart (the stop strategy: a sequential test, or the
// exact race), and a tie keeps the planner's own choice. It never reads hidden state. Its
// budget is the rollouts per choice (`--strategy rollouts=N`, default 1). Every other decision
// is the planner's.
type Expert struct {
	Planner
	rollout *Planner
	budget  int
	// peek: the clairvoyant's rollouts start from clones of the real game (see Clairvoyant)
	peek   bool
	sample rules.Game
	// after holds, per candidate, the sample after its action (see distinct)
	after  [maxCandidates]rules.Game
	buf    []rules.Action
	pcg    rand.PCG
	r      *rand.Rand
	scores [maxCandidates]float64
	// samp holds each candidate's score on each sample (for the paired sequential test)
	samp   [maxCandidates][maxRollouts]float64
	alive  [maxCandidates]bool
	cands  [maxCandidates]rules.Action
	counts Decisions
}

// Decisions counts, per kind of decision (rules.Prompt), how often a searching agent judged
// one by lookahead (Searched) and how often it then chose otherwise than the planner would
// have (Changed): the planner's to-do list.
// Alike counts the decisions not searched because every choice led to the same game, and
// Rollouts the rollouts played (the search's cost).
type Decisions [rules.NumPrompts]struct{ Searched, Changed, Alike, Rollouts int64 }

// Add adds o's counts to d.
func (d *Decisions) Add(o *Decisions) {
	for i := range d {
		d[i].Searched += o[i].Searched
		d[i].Changed += o[i].Changed
		d[i].Alike += o[i].Alike
		d[i].Rollouts += o[i].Rollouts
	}
}

// Searcher is an agent that judges some decisions by lookahead and counts them.
type Searcher interface {
	// TakeDecisions adds the agent's counts since the last call to dst and clears them.
	TakeDecisions(dst *Decisions)
}

// TakeDecisions adds the expert's counts since the last call to dst and clears them.
func (e *Expert) TakeDecisions(dst *Decisions) {
	dst.Add(&e.counts)
	e.counts = Decisions{}
}

// maxCandidates bounds the choices the expert judges at one decision (the others: the planner's).
const maxCandidates = 8

// maxRollouts bounds the rollouts per candidate (the largest rollouts choice).
const maxRollouts = 64

// rolloutRoundCap ends a rollout's level past this many rounds (the simulator's default cap).
const rolloutRoundCap = 100

// shardValue is what one Triforce Shard gained in a temple is worth against winning the level,
// in a rollout's score (a won level scores 1; Ganon's Tower only counts the win).
const shardValue = 0.25

// NewExpert makes an expert that uses the strategies s, with its rollout budget.
func NewExpert(s strategies.Set) *Expert {
	e := &Expert{Planner: *NewPlanner(s, false), rollout: NewPlanner(s, false), budget: min(maxRollouts, max(1, s.RolloutCount())),
		buf: make([]rules.Action, 0, 1024)}
	e.Planner.r = rand.New(&e.Planner.pcg)
	e.r = rand.New(&e.pcg)
	return e
}

// Name returns "expert", or "clairvoyant" for the one that searches the real game.
func (e *Expert) Name() string {
	if e.peek {
		return "clairvoyant"
	}
	return "expert"
}

// Reset seeds the expert's streams for a campaign.
func (e *Expert) Reset(seed uint64) {
	e.Planner.Reset(seed)
	e.pcg.Seed(seed, agentStream+2)
}

// Choose decides one decision: by rollouts at the kinds its search strategy names (when
// there are 2 to maxCandidates choices), else as the planner.
func (e *Expert) Choose(v rules.View, legal []rules.Action) rules.Action {
	if len(legal) > 1 && len(legal) <= maxCandidates && e.Planner.s.Searches(v.Prompt()) {
		return e.search(v, legal)
	}
	return e.Planner.Choose(v, legal)
}

// search judges the legal choices that lead to different games by the mean score of at most
// budget rollouts each, on the same samples (common random numbers), and stops a choice's
// rollouts as soon as it can no longer reach the best score so far (a race: the choice made is
// the one the full budget would make). A tie keeps the planner's choice.
func (e *Expert) search(v rules.View, legal []rules.Action) rules.Action {
	own := e.Planner.Choose(v, legal)
	base := e.r.Uint64()
	n := e.distinct(v, legal, own, base)
	c := &e.counts[v.Prompt()]
	if n < 2 { // every choice leads to the same game
		c.Alike++
		return own
	}
	for i := 0; i < n; i++ {
		e.scores[i], e.alive[i] = 0, true
	}
	top := 1 + shardValue*float64(v.Players()) // the most one rollout scores
	for k := 0; k < e.budget; k++ {
		seed := base + uint64(k)*0x9e3779b97f4a7c15
		for i := 0; i < n; i++ {
			if e.alive[i] {
				x := e.rolloutScore(v, i, k, seed)
				e.samp[i][k] = x
				e.scores[i] += x
				c.Rollouts++
			}
		}
		if e.race(n, k+1, float64(e.budget-k-1)*top) {
			break
		}
	}
	best := e.pick(n, own)
	c.Searched++
	if best != own {
		c.Changed++
	}
	return best
}

// race drops the candidates that cannot reach the leader with rest more points, and with the
// sequential stop those the leader's paired lead after m samples tells apart (see
// strategies.StopSequential); it reports whether the search is over: one candidate left, or
// (sequential) every one left scoring alike on at least strategies.StopAlikeAfter samples.
func (e *Expert) race(n, m int, rest float64) bool {
	lead := e.leader(n)
	seq := e.Planner.s.Stop == strategies.StopSequential
	left, alike := 0, true
	for i := 0; i < n; i++ {
		if !e.alive[i] || i == lead {
			continue
		}
		gap := e.scores[lead] - e.scores[i]
		if gap > rest+1e-9 {
			e.alive[i] = false
			continue
		}
		if !seq {
			left++
			continue
		}
		q := 0.0 // the sum of the squared paired differences
		for k := 0; k < m; k++ {
			d := e.samp[lead][k] - e.samp[i][k]
			q += d * d
		}
		if gap > 1e-9 && gap*gap > 4*q {
			e.alive[i] = false
			continue
		}
		left++
		alike = alike && q == 0
	}
	return left == 0 || (seq && alike && m >= strategies.StopAlikeAfter)
}

// leader returns the alive candidate of the best score so far: the planner's own (0) on a tie,
// else the first.
func (e *Expert) leader(n int) int {
	lead := -1
	for i := 0; i < n; i++ {
		if e.alive[i] && (lead < 0 || e.scores[i] > e.scores[lead]+1e-9) {
			lead = i
		}
	}
	return lead
}

// pick returns the alive candidate of the best score, the planner's own (cands[0]) on a tie.
func (e *Expert) pick(n int, own rules.Action) rules.Action {
	if lead := e.leader(n); lead > 0 {
		return e.cands[lead]
	}
	return own
}

// distinct lists in cands the planner's choice own first, then the other legal choices in
// their order that lead to a game unlike every earlier one's on one sample of the view (drawn
// with seed: it reads no hidden state), and returns how many.
func (e *Expert) distinct(v rules.View, legal []rules.Action, own rules.Action, seed uint64) int {
	e.draw(v, &e.sample, seed)
	n := 0
	add := func(a rules.Action) {
		e.sample.Clone(&e.after[n])
		e.after[n].Apply(a)
		for j := 0; j < n; j++ {
			if e.after[j] == e.after[n] {
				return
			}
		}
		e.cands[n] = a
		n++
	}
	add(own)
	for _, a := range legal {
		if a != own {
			add(a)
		}
	}
	return n
}

// draw fills dst with the game a rollout starts from: a sample of the view drawn with seed
// (rules.View.Sample), or for the clairvoyant a copy of the real game.
func (e *Expert) draw(v rules.View, dst *rules.Game, seed uint64) {
	if e.peek {
		peek(v).Clone(dst)
		return
	}
	v.Sample(dst, seed)
}

// rolloutScore plays candidate i on the game of sample k (drawn with seed) to the end of the
// level with the planner: 1 for a won level plus shardValue per Shard gained (Ganon's Tower: 1
// for the win). Sample 0 is the one distinct drew and played each candidate on: its game after
// the candidate is taken from there.
func (e *Expert) rolloutScore(v rules.View, i, k int, seed uint64) float64 {
	level := v.Level()
	g := &e.after[i]
	if k > 0 {
		g = &e.sample
		e.draw(v, g, seed)
		g.Apply(e.cands[i])
	}
	e.rollout.Reset(seed)
	e.buf, _ = PlayOut(g, e.rollout, Limits{RoundCap: rolloutRoundCap, StopAtLevelEnd: true}, e.buf)
	res := g.Result(level)
	switch {
	case !res.Won:
		return 0
	case level == rules.Levels:
		return 1
	}
	return 1 + shardValue*float64(res.ShardsGained)
}
