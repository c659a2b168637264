package reports

import (
	"math"
	"testing"
)

// The matrix tornado draws each step in a lane of its own, the step down above its row's
// centre and the step up below, its whisker (the 95% interval) on its own bar (the same lane;
// the old chart drew a 5-point bar at the centre and its whisker 0.12 rows below it, off the
// bar); a step the data does not allow is a "not valid" mark in its lane, a step neither tried
// nor refused nothing.
func TestTornadoLanes(t *testing.T) {
	es := []Effect{
		{Param: "a", Base: 2, Low: &EffectSide{Value: 1, Win: -0.05, WinLo: -0.07, WinHi: -0.03},
			High: &EffectSide{Value: 3, Win: 0.02, WinLo: 0.01, WinHi: 0.04}},
		{Param: "b", Base: 2, Low: &EffectSide{Value: 1, Win: 0.01, WinLo: -0.01, WinHi: 0.03}, Skipped: []string{"3: at most 2"}},
		{Param: "c", Base: 0, High: &EffectSide{Value: 1, Win: math.NaN()}},
	}
	steps := tornadoLanes(es)
	want := []laneStep{
		{Up: false, Y: 2.2, Win: -5, Lo: -7, Hi: -3},
		{Up: true, Y: 1.8, Win: 2, Lo: 1, Hi: 4},
		{Up: false, Y: 1.2, Win: 1, Lo: -1, Hi: 3},
		{Up: true, Y: 0.8, NotValid: true},
	}
	if len(steps) != len(want) {
		t.Fatalf("steps %+v, want %+v", steps, want)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for i, w := range want {
		s := steps[i]
		if s.Up != w.Up || s.NotValid != w.NotValid || !near(s.Y, w.Y) || !near(s.Win, w.Win) || !near(s.Lo, w.Lo) || !near(s.Hi, w.Hi) {
			t.Errorf("step %d: %+v, want %+v", i, s, w)
		}
	}
	if tornadoBar/2 >= tornadoLane || tornadoLane+tornadoBar/2 > 0.5 {
		t.Errorf("a bar %v rows thick %v from its row's centre leaves its lane", tornadoBar, tornadoLane)
	}
	p, err := laneTornado("t", "x", []string{"a (2)", "b (2)", "c (0)"}, es)
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Min != -0.5 || p.Y.Max != 2.5 || p.X.Min > -7 || p.X.Max < 4 {
		t.Errorf("axes y %v..%v, x %v..%v", p.Y.Min, p.Y.Max, p.X.Min, p.X.Max)
	}
}
