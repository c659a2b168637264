package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/clockworksim/clockwork/agents"
	"github.com/clockworksim/clockwork/rules"
	"github.com/clockworksim/clockwork/strategies"
)

// Config is one simulation run.
type Config struct {
	Data        *rules.Data
	Players     []int          // player counts, one group each
	Agent       string         // agent name (agents.Names)
	Strategies  strategies.Set // the agent's strategies
	Campaigns   int            // campaigns per player count, over all shards
	Seed        uint64         // run seed: campaign i plays with rules.CampaignSeed(Seed, i)
	Workers     int            // parallel workers (0: GOMAXPROCS)
	Shard       Shard          // play only indexes i with i % Count == Index (Count 0: all)
	Precision   float64        // > 0: stop once every group's win-rate 95% interval is narrower
	RoundCap    int            // a level past this many rounds ends as a timeout (0: 100)
	Params      map[string]string
	ToolVersion string
	// Outcomes, when set, records the Outcome of every campaign in Group.Outcomes (two bytes a
	// campaign, allocated before the workers start), for the outcomes file (WriteOutcomes).
	Outcomes bool
	// Progress, when set, is called from the workers with the campaigns done so far (of total).
	// It must be cheap and safe for concurrent use.
	Progress func(done, total int64)
}

// DefaultRoundCap is the round cap when Config.RoundCap is 0: far more rounds than any deck
// allows without reshuffles, so only a stalling agent reaches it.
const DefaultRoundCap = 100

// maxActionsPerLevel is a second safety net against agents that never pass.
const maxActionsPerLevel = 200000

// blockSize is the number of campaign indexes per group between precision checks.
const blockSize = 500

// Run plays the campaigns of cfg and returns their counts. Results depend only on cfg (not on
// the worker count or the machine): campaign i always plays the same game, and counts add up
// in any order. A cancelled ctx stops the run early with Partial set; an early stop for
// Precision sets it too.
func Run(ctx context.Context, cfg Config) (*Results, error) {
	if cfg.Data == nil {
		return nil, errors.New("sim: no data")
	}
	if len(cfg.Players) == 0 {
		return nil, errors.New("sim: no player counts")
	}
	for _, p := range cfg.Players {
		if p < rules.MinPlayers || p > rules.MaxPlayers {
			return nil, fmt.Errorf("sim: %d players: the game is for %d to %d", p, rules.MinPlayers, rules.MaxPlayers)
		}
	}
	if _, err := agents.New(cfg.Agent, cfg.Strategies); err != nil {
		return nil, err
	}
	if cfg.Campaigns < 1 {
		return nil, errors.New("sim: campaigns must be at least 1")
	}
	if cfg.Shard.Count == 0 {
		cfg.Shard = Shard{Index: 0, Count: 1}
	}
	if cfg.Shard.Index < 0 || cfg.Shard.Index >= cfg.Shard.Count {
		return nil, fmt.Errorf("sim: shard %d/%d does not exist", cfg.Shard.Index, cfg.Shard.Count)
	}
	if cfg.RoundCap == 0 {
		cfg.RoundCap = DefaultRoundCap
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	res := &Results{Schema: Schema, ToolVersion: cfg.ToolVersion, ConfigFingerprint: cfg.Data.Fingerprint,
		Seed: cfg.Seed, Shard: cfg.Shard, RoundCap: cfg.RoundCap}
	for _, p := range cfg.Players {
		res.Groups = append(res.Groups, newGroup(p, cfg.Agent, cfg.Strategies.String(), copyParams(cfg.Params), cfg.Data))
	}

	// The shard's campaign indexes: i = Index, Index+Count, ...
	perGroup := 0
	if cfg.Campaigns > cfg.Shard.Index {
		perGroup = (cfg.Campaigns - cfg.Shard.Index + cfg.Shard.Count - 1) / cfg.Shard.Count
	}
	total := int64(perGroup * len(cfg.Players))
	outs := make([][]Outcome, len(cfg.Players)) // outs[gi][pos], when recording outcomes
	if cfg.Outcomes {
		for gi, g := range res.Groups {
			g.Outcomes = make([]Outcome, perGroup)
			outs[gi] = g.Outcomes
		}
	}
	var done atomic.Int64

	ws := make([]*worker, workers)
	for w := range ws {
		a, _ := agents.New(cfg.Agent, cfg.Strategies)
		ws[w] = &worker{agent: a, tallies: make([]tally, len(cfg.Players)), buf: make([]rules.Action, 0, 1024)}
	}
	block := perGroup // without a precision goal, one pass over everything
	if cfg.Precision > 0 {
		block = blockSize
	}
	stoppedEarly := false
	for start := 0; start < perGroup; start += block {
		end := min(perGroup, start+block)
		n := int64(end-start) * int64(len(cfg.Players))
		var next atomic.Int64
		eg, ectx := errgroup.WithContext(ctx)
		for _, w := range ws {
			eg.Go(func() error {
				const chunk = 8
				for {
					lo := next.Add(chunk) - chunk
					if lo >= n {
						return nil
					}
					for k := lo; k < min(lo+chunk, n); k++ {
						if ectx.Err() != nil {
							return ectx.Err()
						}
						gi := int(k / int64(end-start))
						pos := start + int(k%int64(end-start))
						idx := uint64(cfg.Shard.Index + pos*cfg.Shard.Count)
						w.play(&cfg, gi, cfg.Players[gi], idx)
						if outs[gi] != nil {
							outs[gi][pos] = OutcomeOf(&w.game)
						}
						d := done.Add(1)
						if cfg.Progress != nil {
							cfg.Progress(d, total)
						}
					}
				}
			})
		}
		if err := eg.Wait(); err != nil {
			if ctx.Err() != nil {
				res.Partial = true
				break
			}
			return nil, err
		}
		if cfg.Precision > 0 && end < perGroup && precise(ws, len(cfg.Players), cfg.Precision) {
			stoppedEarly = true
			break
		}
	}
	if stoppedEarly {
		res.Partial = true
	}
	for _, w := range ws {
		for gi := range cfg.Players {
			w.tallies[gi].addTo(res.Groups[gi], cfg.Data)
		}
	}
	return res, nil
}

func copyParams(p map[string]string) map[string]string {
	out := make(map[string]string, len(p))
	for k, v := range p {
		out[k] = v
	}
	return out
}

// worker owns one Game, one agent, one action buffer and one tally per group.
type worker struct {
	game    rules.Game
	agent   agents.Agent
	buf     []rules.Action
	tallies []tally
}

// play plays campaign idx of group gi and counts it.
func (w *worker) play(cfg *Config, gi, players int, idx uint64) {
	w.buf = Play(&w.game, w.agent, cfg.Data, players, cfg.Seed, idx, cfg.RoundCap, w.buf)
	w.tallies[gi].add(&w.game)
}

// Play plays campaign idx of a run with seed runSeed from start to end with agent, exactly as
// Run does (replay uses it too): the campaign seed is rules.CampaignSeed(runSeed, idx), the
// agent is reset with it, and a level past roundCap rounds ends as a timeout. buf is the action
// buffer to reuse; it is returned. Play trusts the agent to choose a legal action (the bulk
// loop's unchecked path); PlayChecked does not.
func Play(g *rules.Game, agent agents.Agent, d *rules.Data, players int, runSeed, idx uint64, roundCap int, buf []rules.Action) []rules.Action {
	buf, _ = play(g, agent, d, players, runSeed, idx, roundCap, buf, false)
	return buf
}

// PlayChecked is Play on the engine's checked path: an action the agent chooses that is not
// legal stops the campaign with an error naming it (rules.Game.ApplyChecked).
func PlayChecked(g *rules.Game, agent agents.Agent, d *rules.Data, players int, runSeed, idx uint64, roundCap int, buf []rules.Action) ([]rules.Action, error) {
	return play(g, agent, d, players, runSeed, idx, roundCap, buf, true)
}

func play(g *rules.Game, agent agents.Agent, d *rules.Data, players int, runSeed, idx uint64, roundCap int, buf []rules.Action, checked bool) ([]rules.Action, error) {
	seed := rules.CampaignSeed(runSeed, idx)
	g.Reset(d, players, seed, idx)
	agent.Reset(seed)
	level, actions := g.Level(), 0
	for !g.IsTerminal() {
		if g.Level() != level {
			level, actions = g.Level(), 0
		}
		if g.Round() > roundCap || actions > maxActionsPerLevel {
			g.EndLevelTimeout()
			continue
		}
		buf = g.LegalActions(buf)
		a := agent.Choose(g.View(), buf)
		if !checked {
			g.Apply(a)
		} else if err := g.ApplyChecked(a); err != nil {
			return buf, fmt.Errorf("campaign %d, %s: %w", idx, agent.Name(), err)
		}
		actions++
	}
	return buf, nil
}

// precise reports whether every group's campaign win rate has a 95% interval narrower than w.
func precise(ws []*worker, groups int, w float64) bool {
	for gi := 0; gi < groups; gi++ {
		var n, k int64
		for _, wk := range ws {
			n += wk.tallies[gi].campaigns
			k += wk.tallies[gi].wins
		}
		lo, hi := Wilson(k, n)
		if n == 0 || hi-lo >= w {
			return false
		}
	}
	return true
}

// Wilson returns the Wilson score 95% interval of k successes in n trials.
func Wilson(k, n int64) (lo, hi float64) { return WilsonZ(k, n, 1.959963984540054) }

// WilsonZ returns the Wilson score interval of k successes in n trials for the normal quantile z
// ([0, 1] when n is 0).
func WilsonZ(k, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, centre-half), min(1, centre+half)
}
