package clockwork

import (
	"math/rand/v2"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// Expert is the planner with lookahead at the decisions that decide levels: which temple to
// take, whether to burn a Shard for a reshuffle, and how many boss multiples to pay. At each of
// them it tries every choice on determinized samples of what the heroes see (rules.View.Sample:
// hidden orders reshuffled, face-down rooms redrawn, chance reseeded), plays each sample on to
// the end of the level with the planner (agents.PlayOut), and takes the choice with the best
// mean outcome; every choice is judged on the same samples (common random numbers), and a tie
// keeps the planner's own choice. It never reads hidden state. Its budget is the rollouts per
// choice (`--strategy rollouts=N`). Every other decision is the planner's.
type Expert struct {
	Planner
	rollout *Planner
	budget  int
	sample  rules.Game
	buf     []rules.Action
	pcg     rand.PCG
	r       *rand.Rand
	scores  [maxCandidates]float64
	counts  Decisions
}

// Decisions counts, per kind of decision (rules.Prompt), how often a searching agent judged
// one by lookahead (Searched) and how often it then chose otherwise than the planner would
// have (Changed): the planner's to-do list.
type Decisions [rules.NumPrompts]struct{ Searched, Changed int64 }

// Add adds o's counts to d.
func (d *Decisions) Add(o *Decisions) {
	for i := range d {
		d[i].Searched += o[i].Searched
		d[i].Changed += o[i].Changed
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

// rolloutRoundCap ends a rollout's level past this many rounds (the simulator's default cap).
const rolloutRoundCap = 100

// shardValue is what one Triforce Shard gained in a temple is worth against winning the level,
// in a rollout's score (a won level scores 1; Ganon's Tower only counts the win).
const shardValue = 0.25

// NewExpert makes an expert that uses the strategies s, with its rollout budget.
func NewExpert(s strategies.Set) *Expert {
	e := &Expert{Planner: *NewPlanner(s, false), rollout: NewPlanner(s, false), budget: max(1, s.RolloutCount()),
		buf: make([]rules.Action, 0, 1024)}
	e.Planner.r = rand.New(&e.Planner.pcg)
	e.r = rand.New(&e.pcg)
	return e
}

// Name returns "expert".
func (e *Expert) Name() string { return "expert" }

// Reset seeds the expert's streams for a campaign.
func (e *Expert) Reset(seed uint64) {
	e.Planner.Reset(seed)
	e.pcg.Seed(seed, agentStream+2)
}

// Choose decides one decision: by rollouts at the deciding ones, else as the planner.
func (e *Expert) Choose(v rules.View, legal []rules.Action) rules.Action {
	switch v.Prompt() {
	case rules.PromptChooseTemple, rules.PromptShard, rules.PromptBoss:
		if len(legal) > 1 && len(legal) <= maxCandidates && e.Planner.s.Searches(v.Prompt()) {
			return e.search(v, legal)
		}
	}
	return e.Planner.Choose(v, legal)
}

// search judges every legal choice by the mean score of budget rollouts.
func (e *Expert) search(v rules.View, legal []rules.Action) rules.Action {
	own := e.Planner.Choose(v, legal)
	base := e.r.Uint64()
	for i := range legal {
		e.scores[i] = 0
	}
	for k := 0; k < e.budget; k++ {
		seed := base + uint64(k)*0x9e3779b97f4a7c15
		for i, a := range legal {
			e.scores[i] += e.rolloutScore(v, a, seed)
		}
	}
	best, bestScore := own, -1.0
	for i, a := range legal {
		if a == own {
			bestScore = e.scores[i]
		}
	}
	for i, a := range legal {
		if e.scores[i] > bestScore+1e-9 {
			best, bestScore = a, e.scores[i]
		}
	}
	c := &e.counts[v.Prompt()]
	c.Searched++
	if best != own {
		c.Changed++
	}
	return best
}

// rolloutScore plays choice a on a sample drawn with seed to the end of the level with the
// planner: 1 for a won level plus shardValue per Shard gained (Ganon's Tower: 1 for the win).
func (e *Expert) rolloutScore(v rules.View, a rules.Action, seed uint64) float64 {
	level := v.Level()
	v.Sample(&e.sample, seed)
	e.sample.Apply(a)
	e.rollout.Reset(seed)
	e.buf, _ = PlayOut(&e.sample, e.rollout, Limits{RoundCap: rolloutRoundCap, StopAtLevelEnd: true}, e.buf)
	res := e.sample.Result(level)
	switch {
	case !res.Won:
		return 0
	case level == rules.Levels:
		return 1
	}
	return 1 + shardValue*float64(res.ShardsGained)
}
