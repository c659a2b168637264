package reports

import (
	"math"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// metricDef is one metric of a results group: the one definition that the gates (Metrics),
// the CSV summary, the sweep charts and the summary tables and charts compute it by.
type metricDef struct {
	name string
	// need is what picks the value in a group besides the group: "" nothing, "l" a level, "t"
	// a temple and a level, "s" a Ganon skill.
	need string
	gate bool // a metric of the gates files (Metrics)
	// Exactly one of rate and hist is set. rate counts k successes in n trials (a rate, with
	// its Wilson interval); hist is the histogram whose mean is the metric (nil when the group
	// has none at at).
	rate func(g *sim.Group, at where) (k, n int64)
	hist func(g *sim.Group, at where) []int64
	// title, yLabel and slug describe the metric's sweep chart ("": SweepChart does not draw
	// it); "{level}" and "{skill}" stand for the level and the skill.
	title, yLabel, Slug string
}

// where picks a metric's value in a group: the level (1-4), the temple and the Ganon skill,
// as the metric needs.
type where struct {
	level  int
	temple string
	skill  string
}

// The metrics. Gates, CSV and SweepChart know them by name (metricTable); the tables and charts
// use these directly.
var (
	winRate = &metricDef{name: "campaign_win_rate", gate: true,
		rate:  func(g *sim.Group, _ where) (int64, int64) { return g.Wins, g.Campaigns },
		title: "Campaign win rate", yLabel: "win rate (%)", Slug: "win-rate"}
	levelSuccess = &metricDef{name: "level_success", need: "l", gate: true,
		rate:  levelRate(func(l *cwsim.LevelStats) (int64, int64) { return l.Successes, l.Attempts }),
		title: "Level {level} success rate", yLabel: "success rate (%)", Slug: "level-{level}-success"}
	templeSuccess = &metricDef{name: "temple_success", need: "t", gate: true, rate: templeRate}
	meanRounds    = &metricDef{name: "mean_rounds", need: "l", gate: true, hist: roundsHist}
	meanShards    = &metricDef{name: "mean_final_shards", gate: true,
		hist:  func(g *sim.Group, _ where) []int64 { return cwOf(g).FinalShardsHist },
		title: "Mean Triforce Shards at the end", yLabel: "Triforce Shards (mean)", Slug: "final-shards"}
	ganonDefeat = &metricDef{name: "ganon_defeat_rate", gate: true,
		rate:  func(g *sim.Group, _ where) (int64, int64) { return cwOf(g).Ganon.Defeated, cwOf(g).Ganon.Reached },
		title: "Ganon defeated once reached", yLabel: "defeat rate (%)", Slug: "ganon-defeat-rate"}
	ganonReached = &metricDef{name: "ganon_reached_rate", gate: true,
		rate: func(g *sim.Group, _ where) (int64, int64) { return cwOf(g).Ganon.Reached, g.Campaigns }}
	timeoutRate = &metricDef{name: "timeout_rate", gate: true,
		rate: func(g *sim.Group, _ where) (int64, int64) { return cwOf(g).Timeouts, g.Campaigns }}
	bossReached = &metricDef{name: "boss_reached_rate", need: "l", gate: true,
		rate: levelRate(func(l *cwsim.LevelStats) (int64, int64) { return l.BossReached, l.Attempts })}
	// ganonShortfall is the mean shortfall of the lost campaigns in a skill (a sweep chart only).
	ganonShortfall = &metricDef{name: "ganon_shortfall", need: "s",
		hist:  func(g *sim.Group, at where) []int64 { return cwOf(g).Ganon.ShortfallHist[at.skill] },
		title: "Ganon's mean {skill} shortfall in lost campaigns", yLabel: "skill points still needed (mean)",
		Slug: "ganon-shortfall-{skill}"}
)

// metricTable lists every metric, those of SweepMetrics in the order of their charts.
var metricTable = []*metricDef{winRate, levelSuccess, templeSuccess, meanRounds, ganonDefeat,
	meanShards, ganonReached, timeoutRate, bossReached, ganonShortfall}

// Metrics lists the gate metrics and whether each needs a level (l) or a temple and level (t).
var Metrics = gateMetrics()

func gateMetrics() map[string]string {
	m := map[string]string{}
	for _, d := range metricTable {
		if d.gate {
			m[d.name] = d.need
		}
	}
	return m
}

// metricNamed returns the metric called name, or nil.
func metricNamed(name string) *metricDef {
	for _, d := range metricTable {
		if d.name == name {
			return d
		}
	}
	return nil
}

// levelRate is the rate that of gives of level at.level (no trials without that level).
func levelRate(of func(*cwsim.LevelStats) (k, n int64)) func(*sim.Group, where) (int64, int64) {
	return func(g *sim.Group, at where) (int64, int64) {
		if l := level(g, at.level); l != nil {
			return of(l)
		}
		return 0, 0
	}
}

// templeRate is the success rate of temple at.temple at level at.level.
func templeRate(g *sim.Group, at where) (k, n int64) {
	for _, t := range cwOf(g).Temples {
		if t.Temple == at.temple && t.Level == at.level {
			k, n = k+t.Successes, n+t.Attempts
		}
	}
	return k, n
}

// roundsHist is the rounds histogram of level at.level.
func roundsHist(g *sim.Group, at where) []int64 {
	if l := level(g, at.level); l != nil {
		return l.RoundsHist
	}
	return nil
}

// rateOf is the rate metric d of group g at at.
func (d *metricDef) rateOf(g *sim.Group, at where) Rate { return NewRate(d.rate(g, at)) }

// statsOf summarises the histogram of the mean metric d of group g at at.
func (d *metricDef) statsOf(g *sim.Group, at where) HistStats { return Summarize(d.hist(g, at)) }

// estimate is a metric's value over some groups with its 95% interval [lo, hi] and the n
// trials (observations, for a mean) behind it. value is NaN without trials; lo and hi are NaN
// when there is no interval: no trials, or a mean of a single observation (no SE).
type estimate struct {
	value, lo, hi float64
	n             int64
}

// pool computes metric d at at over groups, their counts added up.
func (d *metricDef) pool(groups []*sim.Group, at where) estimate {
	if d.rate != nil {
		var k, n int64
		for _, g := range groups {
			gk, gn := d.rate(g, at)
			k, n = k+gk, n+gn
		}
		r := NewRate(k, n)
		if !r.Known() {
			return estimate{value: r.P, lo: math.NaN(), hi: math.NaN()}
		}
		return estimate{value: r.P, lo: r.Lo, hi: r.Hi, n: n}
	}
	var hist []int64
	for _, g := range groups {
		hist = addInto(hist, d.hist(g, at))
	}
	s := Summarize(hist)
	lo, hi := s.CI95()
	return estimate{value: s.Mean, lo: lo, hi: hi, n: s.N}
}

// of computes metric d of group g at at.
func (d *metricDef) of(g *sim.Group, at where) estimate { return d.pool([]*sim.Group{g}, at) }

// band is the estimate's interval, the value itself when there is none (a mean of one
// observation).
func (e estimate) band() (lo, hi float64) {
	if math.IsNaN(e.lo) || math.IsNaN(e.hi) {
		return e.value, e.value
	}
	return e.lo, e.hi
}

// fill puts the level and the skill of at into text (a title, label or slug).
func (at where) fill(text string) string {
	return strings.NewReplacer("{level}", strconv.Itoa(at.level), "{skill}", at.skill).Replace(text)
}

func addInto(dst, src []int64) []int64 {
	if len(dst) < len(src) {
		dst = append(dst, make([]int64, len(src)-len(dst))...)
	}
	for i, v := range src {
		dst[i] += v
	}
	return dst
}
