package sim_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
)

// domain is the values lo..hi.
func domain(lo, hi int) []int {
	var out []int
	for x := lo; x <= hi; x++ {
		out = append(out, x)
	}
	return out
}

// outside is how far x lies outside [lo, hi] (0 inside).
func outside(x, lo, hi float64) float64 { return max(0, lo-x, x-hi) }

// editValue is the value edits give path, or current.
func editValue(edits []sim.Edit, path string, current int) int {
	for _, e := range edits {
		if e.Path == path {
			return e.To
		}
	}
	return current
}

// On a synthetic data set whose targets depend on one value each (a in 7..9, c in 0..1; b
// moves nothing), tune finds the smallest patch: a 5 -> 7 and c 4 -> 1, b untouched; with
// --max-edits 1 the change that removes the larger miss; an invalid value is played, kept in
// the trajectory and never chosen; an interruption returns the best so far.
func TestTuneFindsTheSmallestPatch(t *testing.T) {
	values := []sim.TuneValue{{Path: "a", Current: 5, Values: domain(0, 10)}, {Path: "b", Current: 3, Values: domain(0, 6)},
		{Path: "c", Current: 4, Values: domain(0, 8)}}
	eval := func(edits []sim.Edit) ([]float64, int64, error) {
		a, c := editValue(edits, "a", 5), editValue(edits, "c", 4)
		if a == 10 {
			return nil, 0, errors.New("a=10 is out of range")
		}
		return []float64{outside(float64(a), 7, 9), outside(float64(c), 0, 1)}, 100, nil
	}
	res, err := (&sim.Tune{Values: values, Evaluate: whole(eval)}).Run()
	require.NoError(t, err)
	assert.Equal(t, []sim.Edit{{Path: "a", From: 5, To: 7}, {Path: "c", From: 4, To: 1}}, res.Best.Edits)
	assert.Zero(t, res.Best.Miss)
	assert.Equal(t, 5, res.Best.Size)
	assert.False(t, res.Interrupted)
	assert.Equal(t, 0, res.Trajectory[0].Round, "the data as it is first")
	assert.Empty(t, res.Trajectory[0].Edits)

	res, err = (&sim.Tune{Values: values, Evaluate: whole(eval), MaxEdits: 1}).Run()
	require.NoError(t, err)
	assert.Equal(t, []sim.Edit{{Path: "c", From: 4, To: 1}}, res.Best.Edits, "one edit: the larger miss (c's 3) removed")
	assert.Equal(t, 2.0, res.Best.Miss)

	values[0].Current, values[0].Values = 9, domain(8, 10)
	res, err = (&sim.Tune{Values: values[:1], Evaluate: whole(func(edits []sim.Edit) ([]float64, int64, error) {
		if editValue(edits, "a", 9) == 10 {
			return nil, 0, errors.New("a=10 is out of range")
		}
		return []float64{outside(float64(editValue(edits, "a", 9)), 10, 10)}, 1, nil
	})}).Run()
	require.NoError(t, err)
	assert.Empty(t, res.Best.Edits, "the invalid value is never chosen")
	assert.Equal(t, "a=10 is out of range", res.Trajectory[2].Invalid)

	played := 0
	res, err = (&sim.Tune{Values: []sim.TuneValue{{Path: "a", Current: 5, Values: domain(0, 10)}}, Evaluate: whole(eval),
		Interrupted: func() bool { played++; return played > 3 }}).Run()
	require.NoError(t, err)
	assert.True(t, res.Interrupted)
	assert.Equal(t, []sim.Edit{{Path: "a", From: 5, To: 6}}, res.Best.Edits, "the best of the candidates played")

	calls := 0
	res, err = (&sim.Tune{Values: []sim.TuneValue{{Path: "a", Current: 5, Values: domain(0, 10)}}, Evaluate: whole(func(edits []sim.Edit) ([]float64, int64, error) {
		if calls++; calls == 4 {
			return nil, 0, sim.ErrUnfinished
		}
		return eval(edits)
	})}).Run()
	require.NoError(t, err)
	assert.True(t, res.Interrupted, "an unfinished candidate stops the search")
	assert.Len(t, res.Trajectory, 4)
	assert.True(t, res.Trajectory[3].Unfinished)
	assert.Equal(t, []sim.Edit{{Path: "a", From: 5, To: 6}}, res.Trajectory[3].Edits)
	assert.Empty(t, res.Best.Edits, "the unfinished a=6, the only better one, is not chosen")
}

// Pig's first seat wins more the shorter the game: tune moves the target to the value nearest
// the current one whose first-seat win rate (hold against hold, the same deals for every
// candidate) lies in the band, which a plain walk over the domain confirms; the search is
// deterministic.
func TestTuneOnPig(t *testing.T) {
	const lo, hi = 0.60, 0.64
	rate := func(target int) float64 {
		cfg := sim.Config{Game: pigGame(t, "target", target), Players: []int{2}, Agents: []sim.Lineup{lineup(t, "hold")},
			Episodes: 2000, Seed: 11, ToolVersion: "test", Workers: 2}
		r, err := sim.Run(context.Background(), cfg)
		require.NoError(t, err)
		g := r.Groups[0]
		return float64(g.Wins) / float64(g.Episodes)
	}
	targets := []int{10, 15, 20, 25, 30, 35, 40, 45, 50}
	tune := func() *sim.TuneResult {
		res, err := (&sim.Tune{Values: []sim.TuneValue{{Path: "target", Current: 30, Values: targets}},
			Evaluate: whole(func(edits []sim.Edit) ([]float64, int64, error) {
				return []float64{outside(rate(editValue(edits, "target", 30)), lo, hi)}, 2000, nil
			})}).Run()
		require.NoError(t, err)
		return res
	}
	res := tune()
	want, wantDist := 0, 1<<30
	for _, x := range targets {
		if r := rate(x); r >= lo && r <= hi && max(x-30, 30-x) < wantDist {
			want, wantDist = x, max(x-30, 30-x)
		}
	}
	require.NotZero(t, want, "some target in the band (rates: %v)", fmt.Sprint(rate(10), rate(30), rate(50)))
	require.Len(t, res.Best.Edits, 1)
	assert.Equal(t, want, res.Best.Edits[0].To)
	assert.Equal(t, res.Trajectory, tune().Trajectory, "the same search twice")
}

// Where the data holds a total (a deck of a + b = 10 cards), no single move is valid: the
// paired moves (one value up, another down) reach the target a = 7 (b = 3), and without them
// the search stays where it was.
func TestTunePairMoves(t *testing.T) {
	values := []sim.TuneValue{{Path: "a", Current: 5, Values: domain(0, 10)}, {Path: "b", Current: 5, Values: domain(0, 10)}}
	eval := func(edits []sim.Edit) ([]float64, int64, error) {
		a, b := editValue(edits, "a", 5), editValue(edits, "b", 5)
		if a+b != 10 {
			return nil, 0, fmt.Errorf("a deck of %d cards, not 10", a+b)
		}
		return []float64{outside(float64(a), 7, 8)}, 1, nil
	}
	res, err := (&sim.Tune{Values: values, Evaluate: whole(eval), PairMoves: true}).Run()
	require.NoError(t, err)
	assert.Equal(t, []sim.Edit{{Path: "a", From: 5, To: 7}, {Path: "b", From: 5, To: 3}}, res.Best.Edits)
	assert.Zero(t, res.Best.Miss)

	res, err = (&sim.Tune{Values: values, Evaluate: whole(eval)}).Run()
	require.NoError(t, err)
	assert.Empty(t, res.Best.Edits, "single moves only: every one breaks the deck")
}

// whole is an Evaluate without a race: f plays the whole run at once.
func whole(f func(edits []sim.Edit) ([]float64, int64, error)) func([]sim.Edit, int, int) (sim.Evaluation, error) {
	return func(edits []sim.Edit, from, to int) (sim.Evaluation, error) {
		if from != 0 || to != 1 {
			return sim.Evaluation{}, fmt.Errorf("batches %d to %d of a tune without a race", from, to)
		}
		misses, n, err := f(edits)
		sum := 0.0
		for _, m := range misses {
			sum += m
		}
		return sim.Evaluation{Batches: []float64{sum}, Misses: misses, Episodes: n}, err
	}
}

// raced is a synthetic game for the race: a target a in 7..9, each batch's miss the true miss
// plus a small noise of its own (the same for every candidate: common random numbers), 100
// episodes a batch; it counts the batches played.
func raced(played *int) func([]sim.Edit, int, int) (sim.Evaluation, error) {
	noise := func(j int) float64 { return 0.05 * float64(j%3-1) }
	return func(edits []sim.Edit, from, to int) (sim.Evaluation, error) {
		miss := outside(float64(editValue(edits, "a", 5)), 7, 9)
		var ev sim.Evaluation
		sum := 0.0
		for j := range to {
			sum += noise(j)
			if j >= from {
				ev.Batches = append(ev.Batches, miss+noise(j))
				ev.Episodes += 100
				*played++
			}
		}
		ev.Misses = []float64{max(0, miss+sum/float64(to))}
		return ev, nil
	}
}

// A race of 8 batches finds the patch the whole runs find, plays the steps away from the band
// (a 5 -> 4, then 3) on 2 batches only before the paired test drops them, judges every other
// candidate on all 8, and plays fewer batches in all.
func TestTuneRace(t *testing.T) {
	values := []sim.TuneValue{{Path: "a", Current: 5, Values: domain(0, 10)}}
	var full, racing int
	plain, err := (&sim.Tune{Values: values, Race: 8, Evaluate: func(edits []sim.Edit, _, _ int) (sim.Evaluation, error) {
		return raced(&full)(edits, 0, 8)
	}}).Run()
	require.NoError(t, err)
	res, err := (&sim.Tune{Values: values, Race: 8, Evaluate: raced(&racing)}).Run()
	require.NoError(t, err)
	assert.Equal(t, plain.Best.Edits, res.Best.Edits)
	assert.Equal(t, []sim.Edit{{Path: "a", From: 5, To: 7}}, res.Best.Edits)
	dropped := 0
	for _, c := range res.Trajectory {
		if c.Dropped {
			dropped++
			assert.Less(t, c.Edits[0].To, 5, "only the steps away from the band are dropped")
			assert.Len(t, c.Batches, 2)
			assert.Equal(t, int64(200), c.Episodes)
			continue
		}
		assert.Len(t, c.Batches, 8, "%v finishes the race", c.Edits)
		assert.Equal(t, int64(800), c.Episodes)
	}
	assert.Equal(t, 2, dropped, "a 5 -> 4, then 3 (the walk goes on while the misses fall, here on 2 batches)")
	assert.Less(t, racing, full, "the race plays fewer batches")
	assert.Equal(t, []int{2, 4, 8}, sim.Stages(8))
	assert.Equal(t, []int{1}, sim.Stages(1))
	assert.Equal(t, []int{2, 3}, sim.Stages(3))
}

// The paired test: a difference within the noise of the batches is not enough, a consistent
// one is, however small; a batch with nothing behind a target tells nothing.
func TestRaceWorse(t *testing.T) {
	assert.False(t, sim.Worse([]float64{0.3, 0.1}, []float64{0.1, 0.3}), "no difference on average")
	assert.False(t, sim.Worse([]float64{0.5, 0.1}, []float64{0.1, 0.2}), "a mean of +0.15 with a wide spread (2 batches)")
	assert.True(t, sim.Worse([]float64{0.21, 0.22, 0.21, 0.22}, []float64{0.2, 0.2, 0.2, 0.2}), "consistently worse")
	assert.False(t, sim.Worse([]float64{0.2, 0.2}, []float64{0.21, 0.22}), "better")
	assert.False(t, sim.Worse([]float64{1, math.Inf(1)}, []float64{0, 0}))
	assert.False(t, sim.Worse([]float64{1}, []float64{0}), "one batch")
}

// A tune given the candidates of an earlier one (an interrupted tune's trajectory) plays none of
// them again and ends with the same trajectory.
func TestTuneKnown(t *testing.T) {
	values := []sim.TuneValue{{Path: "a", Current: 5, Values: domain(0, 10)}}
	var n int
	first, err := (&sim.Tune{Values: values, Race: 8, Evaluate: raced(&n)}).Run()
	require.NoError(t, err)
	again, err := (&sim.Tune{Values: values, Race: 8, Known: first.Trajectory[:3],
		Evaluate: func(edits []sim.Edit, from, to int) (sim.Evaluation, error) {
			for _, c := range first.Trajectory[:3] {
				assert.NotEqual(t, c.Edits, edits, "a known candidate played again")
			}
			return raced(&n)(edits, from, to)
		}}).Run()
	require.NoError(t, err)
	assert.Equal(t, first.Trajectory, again.Trajectory)
}

// Four values, each with a target of its own: the walks of round 1 find each value's best
// alone, and the combined move (all four together) reaches every band in that round; the next
// rounds only confirm it.
func TestTuneCombinedMove(t *testing.T) {
	var values []sim.TuneValue
	for _, p := range []string{"a", "b", "c", "d"} {
		values = append(values, sim.TuneValue{Path: p, Current: 5, Values: domain(0, 10)})
	}
	eval := func(edits []sim.Edit) ([]float64, int64, error) {
		return []float64{outside(float64(editValue(edits, "a", 5)), 7, 9), outside(float64(editValue(edits, "b", 5)), 1, 2),
			outside(float64(editValue(edits, "c", 5)), 8, 8), outside(float64(editValue(edits, "d", 5)), 0, 3)}, 1, nil
	}
	res, err := (&sim.Tune{Values: values, Evaluate: whole(eval)}).Run()
	require.NoError(t, err)
	assert.Equal(t, []sim.Edit{{Path: "a", From: 5, To: 7}, {Path: "b", From: 5, To: 2}, {Path: "c", From: 5, To: 8}, {Path: "d", From: 5, To: 3}}, res.Best.Edits)
	assert.Equal(t, 1, res.Best.Round, "found in round 1, by the combined move")
	n := 0
	for _, c := range res.Trajectory {
		if len(c.Edits) == 4 && c.Round == 1 {
			n++
		}
	}
	assert.Equal(t, 1, n, "one combined move in round 1 (the whole one reached every band)")
}

// Two values that move the same target (a and b: their sum in 4..4) and one that moves its own
// (c in 3..3): the combined move takes one lever a target (a, not b too: both would overshoot),
// and reaches both bands with two changes in round 1.
func TestTuneCombinedMoveOneLeverATarget(t *testing.T) {
	values := []sim.TuneValue{{Path: "a", Current: 0, Values: domain(0, 6)}, {Path: "b", Current: 0, Values: domain(0, 6)},
		{Path: "c", Current: 0, Values: domain(0, 6)}}
	eval := func(edits []sim.Edit) ([]float64, int64, error) {
		sum := float64(editValue(edits, "a", 0) + editValue(edits, "b", 0))
		return []float64{outside(sum, 4, 4), outside(float64(editValue(edits, "c", 0)), 3, 3)}, 1, nil
	}
	res, err := (&sim.Tune{Values: values, Evaluate: whole(eval)}).Run()
	require.NoError(t, err)
	assert.Equal(t, []sim.Edit{{Path: "a", From: 0, To: 4}, {Path: "c", From: 0, To: 3}}, res.Best.Edits)
	assert.Equal(t, 1, res.Best.Round)
	for _, c := range res.Trajectory {
		assert.False(t, len(c.Edits) == 3 && c.Round == 1, "no combined move of a, b and c: %v", c.Edits)
	}
}
