package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// Config is one simulation run.
type Config struct {
	// Game is the game and its data (a game's adapter: sim/clockwork.New(data), ...).
	Game    Game
	Players []int // player counts, one group each per agent
	// Agents are the line-ups that play, each every episode of every player count (one group
	// per line-up and player count, line-up by line-up, on the same episode seeds: a skill
	// ladder when there are several, whose paired figures Run puts in Results.Ladder).
	Agents   []Lineup
	Episodes int // episodes (campaigns, games) per player count, over all shards
	// Rotate plays every deal once per rotation of the seats (a game whose seats compete): at
	// p players, episode i plays deal i/p with rotation i%p (Seating), so that seat effects are
	// paired and a matchup is fair. Episodes counts the episodes (p per deal).
	Rotate      bool
	Seed        uint64  // run seed: episode i plays with the seed chance.EpisodeSeed(Seed, i)
	Workers     int     // parallel workers (0: GOMAXPROCS)
	Shard       Shard   // play only indexes i with i % Count == Index (Count 0: all)
	Precision   float64 // > 0: stop once every group's win-rate 95% interval is narrower
	TurnCap     int     // the cap on an episode's length in the game's turns (Clockwork: rounds a level; 0: DefaultTurnCap)
	Params      map[string]string
	ToolVersion string
	// Outcomes, when set, records the Outcome of every episode in Group.Outcomes (two bytes an
	// episode, allocated before the workers start), for the outcomes file (WriteOutcomes).
	Outcomes bool
	// Progress, when set, is called from the workers with the episodes done so far (of total).
	// It must be cheap and safe for concurrent use.
	Progress func(done, total int64)
	// Resume holds groups already played (a checkpoint's): a group of cfg with the same
	// players, agent, strategies and params starts from it, its episodes being positions 0 ..
	// Episodes-1 of the shard, and its Outcomes that prefix when Outcomes is set. Groups that
	// match none of cfg's are ignored.
	Resume []*Group
	// Checkpoint, when set with CheckpointEvery > 0, is called every CheckpointEvery with the
	// results so far (marked Partial, each group a prefix of its shard): the workers pause,
	// finishing the episodes they took, for the call. The results are only valid during it.
	Checkpoint      func(*Results)
	CheckpointEvery time.Duration
}

// DefaultTurnCap is the turn cap when Config.TurnCap is 0 (Clockwork's rounds a level: far
// more than any deck allows without reshuffles, so only a stalling agent reaches it).
const DefaultTurnCap = 100

// blockSize is the number of episode indexes per group between precision checks.
var blockSize = 500 // a variable for the tests

// Run plays the campaigns of cfg and returns their counts. Results depend only on cfg (not on
// the worker count or the machine): campaign i always plays the same game, and counts add up
// in any order.
//
// A cancelled ctx stops the run within a few campaigns per worker: no new campaign is started,
// the ones in progress are finished, and the results are marked Partial (Stopped
// StoppedInterrupted), each group that is not complete with Group.Partial. Because workers take
// campaign indexes in order and finish what they took, every group then holds a prefix of its
// shard's campaigns (0, 1, ..., n-1). An early stop for Precision sets Stopped to
// StoppedPrecision and is not partial.
func Run(ctx context.Context, cfg Config) (*Results, error) {
	cfg, err := normalize(cfg)
	if err != nil {
		return nil, err
	}
	r, err := newRunner(&cfg)
	if err != nil {
		return nil, err
	}
	stop := r.startTicker()
	stopped := r.loop(ctx)
	stop()
	r.fold()
	r.res.Ladder = r.ladderIfAny()
	r.res.Stopped = stopped
	for _, g := range r.res.Groups {
		if g.Episodes < int64(r.perGroup) && stopped == StoppedInterrupted {
			g.Partial, r.res.Partial = true, true
		}
	}
	if !r.res.Partial && stopped == StoppedInterrupted {
		r.res.Stopped = "" // interrupted after the last campaign: nothing is missing
	}
	return r.res, nil
}

// startTicker asks the workers to pause for a checkpoint every CheckpointEvery (when the
// config has a Checkpoint); the returned function stops it.
func (r *runner) startTicker() func() {
	if r.cfg.Checkpoint == nil || r.cfg.CheckpointEvery <= 0 {
		return func() {}
	}
	tk := time.NewTicker(r.cfg.CheckpointEvery)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-tk.C:
				r.pause.Store(true)
			case <-done:
				return
			}
		}
	}()
	return func() { tk.Stop(); close(done) }
}

// checkAgents refuses a run without agents, a line-up without a constructor, and the same agent
// with the same strategies twice.
func checkAgents(specs []Lineup) error {
	if len(specs) == 0 {
		return errors.New("sim: no agent")
	}
	for i, a := range specs {
		if a.Name == "" || a.New == nil {
			return fmt.Errorf("sim: agent %d has no name or no constructor", i+1)
		}
		for _, b := range specs[:i] {
			if a.Name == b.Name && a.Strategies == b.Strategies {
				return fmt.Errorf("sim: agent %s appears twice", a.Label)
			}
		}
	}
	return nil
}

// fold adds the workers' tallies into the results' groups and clears them: the generic counts
// here, the game's by its worker (Worker.Fold).
func (r *runner) fold() {
	for _, w := range r.ws {
		for gi, g := range r.res.Groups {
			t := &w.tallies[gi]
			if t.episodes == 0 {
				continue // nothing counted since the last fold
			}
			if err := w.game.Fold(gi, g.Stats); err != nil {
				panic("sim: fold: " + err.Error()) // cannot happen: the tally's group is shaped like g
			}
			t.put(g)
			*t = tally{}
		}
	}
}

// checkpoint folds the tallies and calls Config.Checkpoint with the results so far.
func (r *runner) checkpoint() {
	r.fold()
	snap := *r.res
	snap.Ladder = r.ladderIfAny()
	snap.Groups = make([]*Group, len(r.res.Groups))
	for gi, g := range r.res.Groups {
		c := *g
		c.Partial = c.Episodes < int64(r.perGroup)
		snap.Partial = snap.Partial || c.Partial
		snap.Groups[gi] = &c
	}
	if snap.Partial {
		snap.Stopped = StoppedInterrupted
	}
	r.cfg.Checkpoint(&snap)
}

// NewResults returns the results of cfg before any campaign is played: one empty group per
// player count, each marked Partial when partial is set (a sweep writes the points it did not
// reach this way).
func NewResults(cfg Config, partial bool) (*Results, error) {
	cfg, err := normalize(cfg)
	if err != nil {
		return nil, err
	}
	res := emptyResults(&cfg)
	for _, g := range res.Groups {
		g.Partial = partial && ShardEpisodes(int64(cfg.Episodes), cfg.Shard) > 0
		res.Partial = res.Partial || g.Partial
	}
	if res.Partial {
		res.Stopped = StoppedInterrupted
	}
	return res, nil
}

// normalize checks cfg and fills in its defaults (shard 0/1, the round cap).
func normalize(cfg Config) (Config, error) {
	if cfg.Game == nil {
		return cfg, errors.New("sim: no game")
	}
	if len(cfg.Players) == 0 {
		return cfg, errors.New("sim: no player counts")
	}
	for _, p := range cfg.Players {
		if err := cfg.Game.CheckPlayers(p); err != nil {
			return cfg, err
		}
	}
	if err := checkAgents(cfg.Agents); err != nil {
		return cfg, err
	}
	if cfg.Episodes < 1 {
		return cfg, errors.New("sim: campaigns must be at least 1")
	}
	if cfg.Shard.Count == 0 {
		cfg.Shard = Shard{Index: 0, Count: 1}
	}
	if cfg.Shard.Index < 0 || cfg.Shard.Index >= cfg.Shard.Count {
		return cfg, fmt.Errorf("sim: shard %d/%d does not exist", cfg.Shard.Index, cfg.Shard.Count)
	}
	if cfg.TurnCap == 0 {
		cfg.TurnCap = DefaultTurnCap
	}
	return cfg, nil
}

// emptyResults makes the results of a normalized cfg with empty groups.
func emptyResults(cfg *Config) *Results {
	res := &Results{Schema: Schema, Game: FileGame(cfg.Game.Name()), ToolVersion: cfg.ToolVersion, ConfigFingerprint: cfg.Game.Fingerprint(),
		Seed: cfg.Seed, Shard: cfg.Shard, TurnCap: cfg.TurnCap, EpisodesRequested: int64(cfg.Episodes),
		Precision: cfg.Precision}
	for _, a := range cfg.Agents {
		for _, p := range cfg.Players {
			res.Groups = append(res.Groups, newGroup(cfg.Game, p, a, cfg.Rotate, copyParams(cfg.Params)))
		}
	}
	return res
}

// Total returns the episodes the run plays in its shard: every agent, every player count.
func (cfg *Config) Total() int64 {
	return int64(len(cfg.Agents)*len(cfg.Players)) * ShardEpisodes(int64(cfg.Episodes), cfg.Shard)
}

// ShardEpisodes returns how many of the episodes 0 .. episodes-1 shard sh holds: those with
// index % Count == Index, for each of the Merged indexes when there are some.
func ShardEpisodes(episodes int64, sh Shard) int64 {
	count := int64(max(sh.Count, 1))
	one := func(idx int64) int64 {
		if episodes <= idx {
			return 0
		}
		return (episodes - idx + count - 1) / count
	}
	if len(sh.Merged) == 0 {
		return one(int64(sh.Index))
	}
	var n int64
	for _, idx := range sh.Merged {
		n += one(int64(idx))
	}
	return n
}

// runner is one Run in progress: its workers, their tallies and the recorded outcomes. The
// results' groups hold the campaigns folded so far (resumed ones included); the workers'
// tallies those played since.
type runner struct {
	cfg      *Config
	res      *Results
	ws       []*worker
	outs     [][]Outcome // outs[gi][pos], when recording outcomes
	perGroup int         // campaigns per group in the shard
	total    int64       // campaigns left to play when the run started
	done     atomic.Int64
	pause    atomic.Bool // set by the checkpoint ticker: workers take no new campaign
}

func newRunner(cfg *Config) (*runner, error) {
	r := &runner{cfg: cfg, res: emptyResults(cfg), perGroup: int(ShardEpisodes(int64(cfg.Episodes), cfg.Shard))}
	r.outs = make([][]Outcome, len(r.res.Groups))
	if cfg.Outcomes || len(cfg.Agents) > 1 {
		for gi, g := range r.res.Groups {
			g.Outcomes = make([]Outcome, r.perGroup)
			r.outs[gi] = g.Outcomes
		}
	}
	if err := r.resume(cfg.Resume); err != nil {
		return nil, err
	}
	for _, g := range r.res.Groups {
		r.total += int64(r.perGroup) - g.Episodes
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r.ws = make([]*worker, workers)
	for i := range r.ws {
		gw, err := cfg.Game.NewWorker(cfg)
		if err != nil {
			return nil, err
		}
		r.ws[i] = &worker{game: gw, tallies: make([]tally, len(r.res.Groups))}
	}
	return r, nil
}

// resume adds the groups of prev that match the run's groups: their counts, and their outcomes
// (positions 0 .. Campaigns-1) when the run records outcomes.
func (r *runner) resume(prev []*Group) error {
	byKey := map[string]*Group{}
	for _, g := range prev {
		byKey[g.key()] = g
	}
	for gi, g := range r.res.Groups {
		p := byKey[g.key()]
		if p == nil {
			continue
		}
		if p.Episodes < 0 || p.Episodes > int64(r.perGroup) {
			return fmt.Errorf("sim: resume: %s holds %d campaigns, its shard %d", g.label(), p.Episodes, r.perGroup)
		}
		if err := g.Add(p); err != nil {
			return fmt.Errorf("sim: resume: %s: %v", g.label(), err)
		}
		if r.outs[gi] == nil || p.Episodes == 0 {
			continue
		}
		if int64(len(p.Outcomes)) < p.Episodes {
			return fmt.Errorf("sim: resume: %s has %d outcomes for %d campaigns", g.label(), len(p.Outcomes), p.Episodes)
		}
		for pos, o := range p.Outcomes[:p.Episodes] {
			if !o.Played() {
				return fmt.Errorf("sim: resume: %s: campaign %d of its %d was not played", g.label(), pos, p.Episodes)
			}
			r.outs[gi][pos] = o
		}
	}
	return nil
}

// loop plays the campaigns block by block (one block without a precision goal) and returns why
// it stopped early ("" when it played everything). A resumed run skips the blocks its groups
// have passed; a block that was complete checks precision again, as the first run did.
func (r *runner) loop(ctx context.Context) string {
	block := r.perGroup
	if r.cfg.Precision > 0 {
		block = blockSize
	}
	var resumed int64
	for _, g := range r.res.Groups {
		resumed = max(resumed, g.Episodes)
	}
	for start := 0; start < r.perGroup; start += block {
		end := min(r.perGroup, start+block)
		if int64(end) < resumed {
			continue
		}
		if r.playBlock(ctx, start, end) != nil {
			return StoppedInterrupted
		}
		if r.cfg.Precision > 0 && end < r.perGroup && r.precise() {
			return StoppedPrecision
		}
	}
	return ""
}

// errPaused is playBlock's answer when the workers paused for a checkpoint.
var errPaused = errors.New("paused for a checkpoint")

// playBlock plays what is left of positions [start, end) of every group, pausing for a
// checkpoint whenever the ticker asks; it fails only when ctx is cancelled.
func (r *runner) playBlock(ctx context.Context, start, end int) error {
	for {
		err := r.playSpans(ctx, start, end)
		if err != errPaused {
			return err
		}
		r.checkpoint()
		r.pause.Store(false)
	}
}

// playSpans plays, for each group in order, positions [max(start, its campaigns), end): the
// group's campaigns so far are a prefix of its shard. Workers take chunks of campaigns in
// order from a shared counter and check ctx and the pause only before taking one (the pause
// after their first chunk, so that every call makes progress), so a run that stops has played
// exactly a prefix of every group.
func (r *runner) playSpans(ctx context.Context, start, end int) error {
	r.fold()
	var from, ends []int64 // group gi's positions are k in [ends[gi-1], ends[gi]), from from[gi]
	var n int64
	for _, g := range r.res.Groups {
		lo := max(int64(start), g.Episodes)
		from = append(from, lo-n)
		n += max(int64(end)-lo, 0)
		ends = append(ends, n)
	}
	var next atomic.Int64
	var eg errgroup.Group
	for _, w := range r.ws {
		eg.Go(func() error {
			const chunk = 8
			for took := false; ; took = true {
				if err := ctx.Err(); err != nil {
					return err
				}
				if took && r.pause.Load() {
					return errPaused
				}
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return nil
				}
				for k := lo; k < min(lo+chunk, n); k++ {
					gi := 0
					for k >= ends[gi] {
						gi++
					}
					r.playOne(w, gi, int(from[gi]+k))
				}
			}
		})
	}
	err := eg.Wait()
	if next.Load() >= n {
		return nil // every campaign of the block was taken, and played
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// playOne plays position pos of group gi with worker w and counts it.
func (r *runner) playOne(w *worker, gi, pos int) {
	idx := uint64(r.cfg.Shard.Index + pos*r.cfg.Shard.Count)
	np := len(r.cfg.Players)
	players := r.cfg.Players[gi%np]
	deal, rot := idx, 0
	if r.cfg.Rotate {
		deal, rot = idx/uint64(players), int(idx%uint64(players))
	}
	e := w.game.Play(gi, gi/np, players, deal, rot)
	w.tallies[gi].add(e, rot, players)
	if r.outs[gi] != nil {
		r.outs[gi][pos] = e.Outcome
	}
	d := r.done.Add(1)
	if r.cfg.Progress != nil {
		r.cfg.Progress(d, r.total)
	}
}

func copyParams(p map[string]string) map[string]string {
	out := make(map[string]string, len(p))
	for k, v := range p {
		out[k] = v
	}
	return out
}

// worker is one goroutine's game arena (the game's Worker) and its generic counts per group.
type worker struct {
	game    Worker
	tallies []tally
}

// tally is a worker's generic counts of one group since the last fold: fixed arrays, so that
// counting allocates nothing.
type tally struct {
	episodes, wins, noWinner int64
	seatWins, agentWins      [MaxSeats]int64 // agentWins by the agent's listed position
	turns                    [MaxTurnsBin + 1]int64
}

// add counts episode e, played in rotation rot at players players.
func (t *tally) add(e Episode, rot, players int) {
	t.episodes++
	if e.Outcome.Won() {
		t.wins++
	}
	switch {
	case e.Winner == NoWinner:
		t.noWinner++
	case e.Winner >= 0:
		t.seatWins[e.Winner]++
		t.agentWins[(e.Winner-rot+players)%players]++
	}
	t.turns[min(max(e.Turns, 0), MaxTurnsBin)]++
}

// put adds the counts into g (which has the seat counts of its game, or none).
func (t *tally) put(g *Group) {
	g.Episodes += t.episodes
	g.Wins += t.wins
	if g.SeatWins == nil {
		return
	}
	g.NoWinner += t.noWinner
	for s := range g.SeatWins {
		g.SeatWins[s] += t.seatWins[s]
		g.AgentWins[g.Seats[s]] += t.agentWins[s]
	}
	for i, n := range t.turns {
		g.TurnsHist[i] += n
	}
}

// precise reports whether every group's campaign win rate (resumed campaigns included) has a
// 95% interval narrower than the precision asked for.
func (r *runner) precise() bool {
	for gi, g := range r.res.Groups {
		n, k := g.Episodes, g.Wins
		for _, wk := range r.ws {
			n += wk.tallies[gi].episodes
			k += wk.tallies[gi].wins
		}
		lo, hi := Wilson(k, n)
		if n == 0 || hi-lo >= r.cfg.Precision {
			return false
		}
	}
	return true
}

// Wilson returns the Wilson score 95% interval of k successes in n trials.
func Wilson(k, n int64) (lo, hi float64) { return WilsonZ(k, n, 1.959963984540054) }

// WilsonZ returns the Wilson score interval of k successes in n trials for the normal quantile z
// ([0, 1] when n is 0). The interval always contains the estimate k/n: rounding cannot leave a
// lower bound of 1e-19 above a rate of 0 (it is exactly 0 when k is 0, and the upper bound
// exactly 1 when k is n).
func WilsonZ(k, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	lo, hi = min(max(0, centre-half), p), max(min(1, centre+half), p)
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return lo, hi
}
