package sim

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Tune is the search of `tune`: the smallest change of a data set's whole numbers that brings
// every target into its band. Every candidate is played on the same episodes (common random
// numbers: Evaluate plays the data with its changes on one seed), so two candidates differ by
// their data, not their luck. Candidates are ordered by, in turn: the sum of the targets'
// misses (how far each target lies outside its band, 0 inside), the number of values changed,
// and the size of the change (each value's distance from its current one counted in the steps
// of its domain). The search is a pattern search from the data as it is: each round walks every
// value down and up its domain from the best so far, a step at a time while each step lowers the
// misses (a line search: a value whose effect needs several steps gets them in one round), within
// MaxEdits, and moves to the best candidate played while it orders before the best so far; it
// stops when no walk finds one (every target in its band and no smaller change, or no step
// helps), or when interrupted. A candidate is never played twice. With PairMoves each round
// also plays the paired moves (one value up, another down: compositions of a fixed total).
//
// With Race above 1 the candidates race: a candidate's episodes are played in Race batches
// (shards of its run, together exactly the whole run), in stages of 2, 4, 8, ... batches, and
// after each stage a paired test on the batches played so far, against the best so far on the
// same batches, stops a candidate that is worse beyond the noise (Dropped): the games a loser
// would cost are not played. A candidate that finishes the race is judged on the whole run,
// as without a race.
type Tune struct {
	// Values are the whole numbers that may move, in a fixed order (their domains).
	Values []TuneValue
	// MaxEdits caps the values a candidate may change (0: no cap).
	MaxEdits int
	// PairMoves adds, each round, the paired moves: one value a step up and another a step
	// down together (a card count for another, where the data holds their total), every
	// ordered pair of values once.
	PairMoves bool
	// Race is the number of batches a candidate's episodes are played in (0 or 1: one, no race).
	Race int
	// Evaluate plays batches from to to-1 of the data with the edits applied (of Race batches;
	// 0 to 1 without a race), and tells each batch's summed miss, each target's miss (0 when in
	// its band) over every batch played so far (0 to to-1), and the episodes it played; or an
	// error when that data is not valid (the candidate is kept in the trajectory, with the
	// error's text, and never chosen), ErrUnfinished when an interruption stopped it.
	Evaluate func(edits []Edit, from, to int) (Evaluation, error)
	// Known are candidates played before with the same settings (an interrupted tune's
	// trajectory): a candidate with the same edits is taken from them, not played again.
	Known []Candidate
	// Interrupted reports an interruption: the search stops with the best so far.
	Interrupted func() bool
	// Progress, when set, is told of each candidate played and the best so far.
	Progress func(played, best Candidate)
}

// Evaluation is what Tune.Evaluate tells of the batches of a candidate it played.
type Evaluation struct {
	// Batches are the summed miss of each batch played (+Inf where a target has nothing behind it).
	Batches []float64
	// Misses are each target's miss over every batch played so far.
	Misses []float64
	// Episodes are the episodes played.
	Episodes int64
}

// TuneValue is one whole number a tune may move: its --set path, its current value and the
// values it may take (sorted, the current one among them).
type TuneValue struct {
	Path    string
	Current int
	Values  []int
}

// Edit is one value a candidate changes, from its current value to another.
type Edit struct {
	Path string `json:"key"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// Candidate is one data change a tune played, and how it fared.
type Candidate struct {
	// Edits are the values changed, in the order of Tune.Values.
	Edits []Edit `json:"edits"`
	// Misses are the targets' misses, in the targets' order; Miss their sum.
	Misses []float64 `json:"misses"`
	Miss   float64   `json:"miss"`
	// Size is the change's size, in domain steps.
	Size int `json:"size"`
	// Episodes are the episodes it was played on.
	Episodes int64 `json:"episodes"`
	// Invalid is why its data is not valid ("" when it is).
	Invalid string `json:"invalid,omitempty"`
	// Unfinished says an interruption stopped its play (Evaluate returned ErrUnfinished): its
	// misses are not known, and it is never chosen nor resumed from.
	Unfinished bool `json:"unfinished,omitempty"`
	// Round is the search round that played it (0: the data as it is).
	Round int `json:"round"`
	// Batches are its summed miss on each batch of its episodes played, in a race (none
	// without).
	Batches []float64 `json:"batch_misses,omitempty"`
	// Dropped says the race stopped it: worse than the best so far on the batches it played
	// (its misses and episodes are theirs). It is never chosen.
	Dropped bool  `json:"dropped,omitempty"`
	pos     []int // each value's index in its domain
}

// Sets returns the candidate's edits as --set values ("path=to").
func (c Candidate) Sets() []string {
	out := make([]string, len(c.Edits))
	for i, e := range c.Edits {
		out[i] = e.Path + "=" + strconv.Itoa(e.To)
	}
	return out
}

// TuneResult is what a tune found: the best candidate and every candidate played, in order.
type TuneResult struct {
	Best       Candidate
	Trajectory []Candidate
	// Interrupted says the search stopped before it converged.
	Interrupted bool
}

// ErrUnfinished is what Tune.Evaluate returns for a candidate an interruption stopped.
var ErrUnfinished = errors.New("interrupted before its episodes were played")

// judged reports whether a candidate's misses are known: its data valid, its play finished,
// not dropped by the race.
func (c *Candidate) judged() bool { return c.Invalid == "" && !c.Unfinished && !c.Dropped }

// before reports whether candidate a orders before b: fewer misses, then fewer values
// changed, then a smaller change. An invalid candidate orders after every valid one.
func before(a, b *Candidate) bool {
	if a.judged() != b.judged() {
		return a.judged()
	}
	const eps = 1e-12 // sums of the same misses in another order
	switch {
	case math.Abs(a.Miss-b.Miss) > eps:
		return a.Miss < b.Miss
	case len(a.Edits) != len(b.Edits):
		return len(a.Edits) < len(b.Edits)
	}
	return a.Size < b.Size
}

// Run searches until no neighbour of the best orders before it, or until interrupted.
func (t *Tune) Run() (*TuneResult, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	s := &tuneRun{Tune: t, res: &TuneResult{}, played: map[string]Candidate{}, known: map[string]Candidate{}}
	for _, c := range t.Known {
		if !c.Unfinished {
			s.known[c.Key()] = c
		}
	}
	best := s.play(t.start(), nil)
	if best.Unfinished {
		s.res.Best, s.res.Interrupted = best, true
		return s.res, nil
	}
	if best.Invalid != "" {
		return nil, errors.New("the data as it is cannot be played or judged: " + best.Invalid)
	}
	for s.round = 1; best.Miss > 0 || len(best.Edits) > 0; s.round++ { // nothing orders before no change missing nothing
		next := best
		stopped := false
		own := make([]Candidate, len(t.Values)) // each value's best of its own walks
		for i := 0; i < len(t.Values) && !stopped; i++ {
			own[i] = best
			stopped = s.line(best.pos, i, -1, &next, &own[i]) || s.line(best.pos, i, 1, &next, &own[i])
		}
		if !stopped {
			stopped = s.combined(best, own, &next)
		}
		if !stopped && t.PairMoves {
			stopped = s.pairs(best.pos, &next)
		}
		if stopped {
			s.res.Best, s.res.Interrupted = next, true
			return s.res, nil
		}
		if !before(&next, &best) {
			break
		}
		best = next
	}
	s.res.Best = best
	return s.res, nil
}

// tuneRun is one Run of a Tune: its round, the candidates played (by posKey), those known from
// before (by editsKey) and the result.
type tuneRun struct {
	*Tune
	round  int
	played map[string]Candidate
	known  map[string]Candidate
	res    *TuneResult
}

// play evaluates the candidate of positions pos (racing it against ref, the best so far, when
// there is one) and records it.
func (s *tuneRun) play(pos []int, ref *Candidate) Candidate {
	c := s.candidate(pos, s.round)
	if k, ok := s.known[c.Key()]; ok {
		c = k
		c.pos = pos
	} else {
		s.race(&c, ref)
	}
	s.res.Trajectory = append(s.res.Trajectory, c)
	s.played[posKey(pos)] = c
	return c
}

// race plays candidate c stage by stage, stopping when an interruption, invalid data or the
// paired test against ref ends it.
func (s *tuneRun) race(c *Candidate, ref *Candidate) {
	from, all := 0, max(s.Race, 1)
	for _, to := range stages(all) {
		ev, err := s.Evaluate(c.Edits, from, to)
		switch {
		case errors.Is(err, ErrUnfinished):
			c.Unfinished = true
			return
		case err != nil:
			c.Invalid = err.Error()
			return
		}
		c.Episodes += ev.Episodes
		c.Misses, c.Miss = ev.Misses, 0
		for _, m := range ev.Misses {
			c.Miss += m
		}
		if all > 1 {
			c.Batches = append(c.Batches, ev.Batches...)
		}
		if from = to; to < all && ref != nil && worse(c.Batches, ref.Batches) {
			c.Dropped = true
			return
		}
	}
}

// stages are the batches played after each stage of a race of n: 2, 4, 8, ... then n (1 for
// n = 1).
func stages(n int) []int {
	var out []int
	for m := 2; m < n; m *= 2 {
		out = append(out, m)
	}
	return append(out, n)
}

// raceConfidence is the one-sided confidence of the race's paired test: a candidate is dropped
// when its batches' misses exceed the best's by more than this quantile of Student's t.
const raceConfidence = 0.975

// worse reports whether a paired test on the batches of a candidate (b) against those of the
// best so far on the same batches (ref) finds it worse: the mean of their differences above 0
// by more than Student's t (raceConfidence, one less degree of freedom than batches) standard
// errors. Fewer than 2 batches, or a batch with nothing behind a target, tell nothing.
func worse(b, ref []float64) bool {
	m := len(b)
	if m < 2 || len(ref) < m {
		return false
	}
	var sum, sum2 float64
	for j := range m {
		d := b[j] - ref[j]
		if math.IsInf(b[j], 0) || math.IsInf(ref[j], 0) {
			return false
		}
		sum, sum2 = sum+d, sum2+d*d
	}
	mean := sum / float64(m)
	if mean <= 0 {
		return false
	}
	sd := math.Sqrt(max(sum2-float64(m)*mean*mean, 0) / float64(m-1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(m - 1)}.Quantile(raceConfidence)
	return mean > t*sd/math.Sqrt(float64(m))
}

// Key names the candidate by its edits (Tune.Known's candidates are found by it).
func (c Candidate) Key() string { return fmt.Sprint(c.Edits) }

// try is the candidate of positions pos (played unless it was before, then told to Progress)
// kept in next when it orders before it; stop reports an interruption (before it, or during
// its play).
func (s *tuneRun) try(pos []int, next *Candidate) (c Candidate, stop bool) {
	if s.Interrupted != nil && s.Interrupted() {
		return c, true
	}
	c, ok := s.played[posKey(pos)]
	if !ok {
		c = s.play(pos, next)
	}
	if before(&c, next) {
		*next = c
	}
	if s.Progress != nil && !ok {
		s.Progress(c, *next)
	}
	return c, c.Unfinished
}

// line walks value i from pos in direction d (-1 down its domain, +1 up), a step at a time
// while each step lowers the misses of the one before (and they are not yet 0), within
// MaxEdits, keeping the best in next and the best of the walk in own. It reports an
// interruption.
func (s *tuneRun) line(pos []int, i, d int, next, own *Candidate) bool {
	v := s.Values[i]
	prev := math.Inf(1)
	for p := pos[i] + d; p >= 0 && p < len(v.Values); p += d {
		n := slices.Clone(pos)
		n[i] = p
		if !s.withinEdits(n) {
			return false
		}
		c, stop := s.try(n, next)
		if stop {
			return true
		}
		if before(&c, own) {
			*own = c
		}
		if c.Invalid != "" || c.Miss >= prev || c.Miss == 0 {
			return false
		}
		prev = c.Miss
	}
	return false
}

// combined plays the round's combined moves from best, given each value's best of its own
// walks (own): for each target, the value whose own best lowered that target's miss most (each
// value for the target it helps most, the values that improved most first, as many as MaxEdits
// allows), moved to its best, all together (the model the walks measured: one lever a target,
// effects that add up); and when that does not become the round's best, each such value one
// step its way, together. With fewer than two such values there is nothing to combine. It
// keeps the best in next and reports an interruption.
func (s *tuneRun) combined(best Candidate, own []Candidate, next *Candidate) bool {
	levers := s.levers(best, own)
	if len(levers) < 2 {
		return false
	}
	for _, whole := range []bool{true, false} {
		pos := slices.Clone(best.pos)
		moved := 0
		for _, i := range levers {
			p := own[i].pos[i]
			if !whole {
				p = best.pos[i] + sign(p-best.pos[i])
			}
			was := pos[i]
			if pos[i] = p; !s.withinEdits(pos) {
				pos[i] = was
				continue
			}
			moved++
		}
		if _, ok := s.played[posKey(pos)]; ok || moved < 2 {
			continue
		}
		if _, stop := s.try(pos, next); stop || posKey(next.pos) == posKey(pos) { // interrupted, or the best of the round
			return stop
		}
	}
	return false
}

// levers are the values of a combined move: of the values whose own best (own[i]) orders before
// best, in that order, each one whose target (the gate whose miss it lowered most) no value
// before it took.
func (s *tuneRun) levers(best Candidate, own []Candidate) []int {
	var better []int
	for i := range own {
		if own[i].pos != nil && own[i].pos[i] != best.pos[i] && before(&own[i], &best) {
			better = append(better, i)
		}
	}
	slices.SortStableFunc(better, func(a, b int) int {
		switch {
		case before(&own[a], &own[b]):
			return -1
		case before(&own[b], &own[a]):
			return 1
		}
		return 0
	})
	taken := map[int]bool{}
	var out []int
	for _, i := range better {
		target, gain := -1, 0.0
		for g := range best.Misses {
			if d := best.Misses[g] - own[i].Misses[g]; d > gain {
				target, gain = g, d
			}
		}
		if target < 0 && len(best.Misses) > 0 || taken[target] { // a smaller change, or a target already levered
			continue
		}
		taken[target] = true
		out = append(out, i)
	}
	return out
}

// sign is -1, 0 or 1 as x is below, at or above 0.
func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// pairs plays, from pos, every paired move not played before (value i a step up its domain and
// value j a step down, within MaxEdits), keeping the best in next. It reports an interruption.
func (s *tuneRun) pairs(pos []int, next *Candidate) bool {
	for i := range s.Values {
		for j := range s.Values {
			if i == j || pos[i]+1 >= len(s.Values[i].Values) || pos[j] == 0 {
				continue
			}
			n := slices.Clone(pos)
			n[i], n[j] = pos[i]+1, pos[j]-1
			if _, ok := s.played[posKey(n)]; ok || !s.withinEdits(n) {
				continue
			}
			if _, stop := s.try(n, next); stop {
				return true
			}
		}
	}
	return false
}

// withinEdits reports whether positions pos change at most MaxEdits values.
func (t *Tune) withinEdits(pos []int) bool {
	if t.MaxEdits == 0 {
		return true
	}
	edits := 0
	for i, v := range t.Values {
		if v.Values[pos[i]] != v.Current {
			edits++
		}
	}
	return edits <= t.MaxEdits
}

// check refuses a tune with nothing to move or a value whose domain lacks its current value.
func (t *Tune) check() error {
	if len(t.Values) == 0 {
		return errors.New("sim: tune: no value may move")
	}
	for _, v := range t.Values {
		if !slices.Contains(v.Values, v.Current) || !slices.IsSorted(v.Values) {
			return fmt.Errorf("sim: tune: %s: the values %v are not sorted or lack the current %d", v.Path, v.Values, v.Current)
		}
	}
	return nil
}

// start is the data as it is: every value at its current one.
func (t *Tune) start() []int {
	pos := make([]int, len(t.Values))
	for i, v := range t.Values {
		pos[i] = slices.Index(v.Values, v.Current)
	}
	return pos
}

// candidate is the change of positions pos, unplayed.
func (t *Tune) candidate(pos []int, round int) Candidate {
	c := Candidate{Edits: []Edit{}, Round: round, pos: pos}
	for i, v := range t.Values {
		to := v.Values[pos[i]]
		if to == v.Current {
			continue
		}
		c.Edits = append(c.Edits, Edit{Path: v.Path, From: v.Current, To: to})
		cur := slices.Index(v.Values, v.Current)
		c.Size += max(pos[i]-cur, cur-pos[i])
	}
	return c
}

// posKey names a position for the set of those played.
func posKey(pos []int) string {
	var b strings.Builder
	for _, p := range pos {
		b.WriteString(strconv.Itoa(p))
		b.WriteByte(',')
	}
	return b.String()
}
