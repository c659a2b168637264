package reports

import (
	"math"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// Metric is one named metric of a results group: the one definition that the gates, the CSV
// summary, the sweep charts and the summary tables and charts compute it by. The generic
// metrics (genericMetrics) read a group's generic counts; a game registers its own
// (GameReport.Metrics).
type Metric struct {
	Name string
	// Needs names the selectors (GameReport.Selectors) that pick the metric's value in a group
	// besides the group, e.g. level; a sweep metric names its first after a colon.
	Needs []string
	// NeedsText is what a gate that lacks a needed selector (or fails Valid) is told ("metric
	// temple_success needs temple and level (...)"); default "metric NAME needs SELECTORS".
	NeedsText string
	// Valid checks the selector values of a gate (nil: any value of the selectors' ranges).
	Valid func(at At) bool
	// Gate says the metric may be named in a gates file.
	Gate bool
	// Pools names the params keys over whose values a gate adds groups up (a match-up matrix's
	// teams and map: the tier list's rate); a gate refuses groups that differ in any other.
	Pools []string
	// Exactly one of Rate and Hist is set. Rate counts k successes in n trials (a rate, with
	// its Wilson interval); Hist is the histogram whose mean is the metric (nil when the group
	// has none at at).
	Rate func(g *sim.Group, at At) (k, n int64)
	Hist func(g *sim.Group, at At) []int64
	// Title, YLabel and Slug describe the metric's sweep chart ("": no sweep chart); "{level}"
	// stands for the value of the selector level (any selector alike).
	Title, YLabel, Slug string
	// Unit is the unit of a mean metric's value in report.csv ("rounds"); a rate's is
	// "fraction" (Units).
	Unit string
}

// Units is the unit of the metric's values in report.csv: Unit, "fraction" for a rate without
// one.
func (m *Metric) Units() string {
	if m.Unit == "" && m.Rate != nil {
		return "fraction"
	}
	return m.Unit
}

// At holds the selector values that pick a metric's value in a group, e.g. {"level": "2"}.
type At map[string]string

// Int returns the value of selector name as a whole number (0 when unset).
func (at At) Int(name string) int {
	n, _ := strconv.Atoi(at[name])
	return n
}

// Fill puts the selector values of at into text (a title, label or slug): "{level}" becomes
// at["level"].
func (at At) Fill(text string) string {
	for k, v := range at {
		text = strings.ReplaceAll(text, "{"+k+"}", v)
	}
	return text
}

// RateOf is the rate metric m of group g at at.
func (m *Metric) RateOf(g *sim.Group, at At) stats.Rate { return stats.NewRate(m.Rate(g, at)) }

// StatsOf summarises the histogram of the mean metric m of group g at at.
func (m *Metric) StatsOf(g *sim.Group, at At) stats.HistStats { return stats.Summarize(m.Hist(g, at)) }

// IsRate reports whether the metric is a rate (drawn in %).
func (m *Metric) IsRate() bool { return m.Rate != nil }

// Pool computes metric m at at over groups, their counts added up.
func (m *Metric) Pool(groups []*sim.Group, at At) stats.Estimate {
	if m.Rate != nil {
		var k, n int64
		for _, g := range groups {
			gk, gn := m.Rate(g, at)
			k, n = k+gk, n+gn
		}
		r := stats.NewRate(k, n)
		if !r.Known() {
			return stats.Estimate{Value: r.P, Lo: math.NaN(), Hi: math.NaN()}
		}
		return stats.Estimate{Value: r.P, Lo: r.Lo, Hi: r.Hi, N: n}
	}
	var hist []int64
	for _, g := range groups {
		hist = addInto(hist, m.Hist(g, at))
	}
	s := stats.Summarize(hist)
	lo, hi := s.CI95()
	return stats.Estimate{Value: s.Mean, Lo: lo, Hi: hi, N: s.N}
}

// Of computes metric m of group g at at.
func (m *Metric) Of(g *sim.Group, at At) stats.Estimate { return m.Pool([]*sim.Group{g}, at) }

// needsText is what a gate that lacks the metric's selectors is told.
func (m *Metric) needsText() string {
	if m.NeedsText != "" {
		return m.NeedsText
	}
	return "metric " + m.Name + " needs " + format.JoinAnd(m.Needs)
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
