package clockwork

import (
	"slices"
	"sort"
	"strconv"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// Clockwork Realm's selectors: a level (1-4) and a temple (played at Levels 1-3), and a skill of
// Ganon's shortfall (move, attack, interact).
var (
	levelSel  = reports.Selector{Name: "level", Min: 1, Max: 4, Short: "L%s"}
	templeSel = reports.Selector{Name: "temple", Values: func(g *sim.Group) []string {
		var names []string
		for _, t := range cwOf(g).Temples {
			names = append(names, t.Temple)
		}
		return names
	}}
	skillSel  = reports.Selector{Name: "skill"}
	reasonSel = reports.Selector{Name: "reason"}
)

// The metrics of Clockwork Realm besides the campaign win rate (the generic win rate, which
// Clockwork calls campaign_win_rate). Gates, CSV and the sweep charts know them by name; the
// tables and charts use these directly.
var (
	levelSuccess = &reports.Metric{Name: "level_success", Needs: []string{"level"}, Gate: true,
		Rate:  levelRate(func(l *cwsim.LevelStats) (int64, int64) { return l.Successes, l.Attempts }),
		Title: "Level {level} success rate", YLabel: "success rate (%)", Slug: "level-{level}-success"}
	templeSuccess = &reports.Metric{Name: "temple_success", Needs: []string{"temple", "level"}, Gate: true, Rate: templeRate,
		NeedsText: "metric temple_success needs temple and level (1-3: temples are played at Levels 1-3)",
		Valid:     func(at reports.At) bool { return at["temple"] != "" && at.Int("level") >= 1 && at.Int("level") <= 3 }}
	meanRounds = &reports.Metric{Name: "mean_rounds", Needs: []string{"level"}, Gate: true, Hist: roundsHist, Unit: "rounds"}
	meanShards = &reports.Metric{Name: "mean_final_shards", Gate: true,
		Hist:  func(g *sim.Group, _ reports.At) []int64 { return cwOf(g).FinalShardsHist },
		Title: "Mean Triforce Shards at the end", YLabel: "Triforce Shards (mean)", Slug: "final-shards", Unit: "Triforce Shards"}
	ganonDefeat = &reports.Metric{Name: "ganon_defeat_rate", Gate: true,
		Rate:  func(g *sim.Group, _ reports.At) (int64, int64) { return cwOf(g).Ganon.Defeated, cwOf(g).Ganon.Reached },
		Title: "Ganon defeated once reached", YLabel: "defeat rate (%)", Slug: "ganon-defeat-rate"}
	ganonReached = &reports.Metric{Name: "ganon_reached_rate", Gate: true,
		Rate: func(g *sim.Group, _ reports.At) (int64, int64) { return cwOf(g).Ganon.Reached, g.Episodes }}
	timeoutRate = &reports.Metric{Name: "timeout_rate", Gate: true,
		Rate: func(g *sim.Group, _ reports.At) (int64, int64) { return cwOf(g).Timeouts, g.Episodes }}
	// lossReason is the share of the lost campaigns that Level 4 lost for a reason.
	lossReason = &reports.Metric{Name: "loss_reason_share", Needs: []string{"reason"}, Gate: true,
		Rate: func(g *sim.Group, at reports.At) (int64, int64) {
			return cwOf(g).LossReasons[at["reason"]], g.Episodes - g.Wins
		}}
	// idleRate is the share of a level's hero-rounds in which a hero performed no action.
	idleRate = &reports.Metric{Name: "idle_hero_rounds", Needs: []string{"level"}, Gate: true,
		Rate: levelRate(func(l *cwsim.LevelStats) (int64, int64) { return l.Quality.IdleHeroRounds, l.Quality.HeroRounds })}
	bossReached = &reports.Metric{Name: "boss_reached_rate", Needs: []string{"level"}, Gate: true,
		Rate: levelRate(func(l *cwsim.LevelStats) (int64, int64) { return l.BossReached, l.Attempts })}
	// ganonShortfall is the mean shortfall of the lost campaigns in a skill (a sweep chart only).
	ganonShortfall = &reports.Metric{Name: "ganon_shortfall", Needs: []string{"skill"},
		Hist:  func(g *sim.Group, at reports.At) []int64 { return cwOf(g).Ganon.ShortfallHist[at["skill"]] },
		Title: "Lost campaigns: Ganon's {skill} target minus the Shards (mean)", YLabel: "skill points still needed (mean)",
		Slug: "ganon-shortfall-{skill}", Unit: "skill points"}
	// ganonReachedShortfall is, of the lost campaigns that reached Ganon, what his targets still
	// asked in a skill after the Shards and the cards played in the last fight (the Ganon chart and
	// tables; none for a file written before the count existed).
	ganonReachedShortfall = &reports.Metric{Name: "ganon_reached_shortfall", Needs: []string{"skill"},
		Hist:  func(g *sim.Group, at reports.At) []int64 { return cwOf(g).Ganon.ReachedShortfallHist[at["skill"]] },
		Title: "Teams that reached Ganon and lost: his {skill} target still asked (mean)", YLabel: "skill points still needed (mean)",
		Slug: "ganon-reached-shortfall-{skill}", Unit: "skill points"}
)

// metrics lists Clockwork's own metrics, those with a sweep chart in the order of their charts
// (after the campaign win rate).
var metrics = []*reports.Metric{levelSuccess, templeSuccess, meanRounds, ganonDefeat,
	meanShards, ganonReached, timeoutRate, bossReached, ganonShortfall, ganonReachedShortfall, lossReason, idleRate}

// winRate is the campaign win rate of a group.
func winRate(g *sim.Group) stats.Rate { return stats.NewRate(g.Wins, g.Episodes) }

// atLevel selects level lvl.
func atLevel(lvl int) reports.At { return reports.At{"level": strconv.Itoa(lvl)} }

// levelRate is the rate that of gives of level at["level"] (no trials without that level).
func levelRate(of func(*cwsim.LevelStats) (k, n int64)) func(*sim.Group, reports.At) (int64, int64) {
	return func(g *sim.Group, at reports.At) (int64, int64) {
		if l := level(g, at.Int("level")); l != nil {
			return of(l)
		}
		return 0, 0
	}
}

// templeRate is the success rate of temple at["temple"] at level at["level"].
func templeRate(g *sim.Group, at reports.At) (k, n int64) {
	lvl := at.Int("level")
	for _, t := range cwOf(g).Temples {
		if t.Temple == at["temple"] && t.Level == lvl {
			k, n = k+t.Successes, n+t.Attempts
		}
	}
	return k, n
}

// roundsHist is the rounds histogram of level at["level"].
func roundsHist(g *sim.Group, at reports.At) []int64 {
	if l := level(g, at.Int("level")); l != nil {
		return l.RoundsHist
	}
	return nil
}

// cwOf returns the Clockwork Realm counts of a group (empty counts for a group without them: a
// hand-made file).
func cwOf(g *sim.Group) *cwsim.Stats {
	if s := cwsim.Of(g); s != nil {
		return s
	}
	return &cwsim.Stats{}
}

// levelCount is the number of levels in the results (the largest level number seen).
func levelCount(res *sim.Results) int {
	n := 0
	for _, g := range res.Groups {
		for _, l := range cwOf(g).Levels {
			n = max(n, l.Level)
		}
	}
	return n
}

// level returns the stats of level lvl of g, or nil.
func level(g *sim.Group, lvl int) *cwsim.LevelStats {
	for _, l := range cwOf(g).Levels {
		if l.Level == lvl {
			return l
		}
	}
	return nil
}

// templeNames returns the temples of the results in order of first appearance.
func templeNames(res *sim.Results) []string {
	var names []string
	for _, g := range res.Groups {
		for _, t := range cwOf(g).Temples {
			if !slices.Contains(names, t.Temple) {
				names = append(names, t.Temple)
			}
		}
	}
	return names
}

// templeLevels returns the levels at which temples are played, ascending.
func templeLevels(res *sim.Results) []int {
	var lv []int
	for _, g := range res.Groups {
		for _, t := range cwOf(g).Temples {
			if !slices.Contains(lv, t.Level) {
				lv = append(lv, t.Level)
			}
		}
	}
	slices.Sort(lv)
	return lv
}

// skillNames returns the skills of Ganon's shortfall histograms: move, attack, interact first
// (the rulebook's order), then any other in alphabetical order.
func skillNames(res *sim.Results) []string {
	seen := map[string]bool{}
	for _, g := range res.Groups {
		for k := range cwOf(g).Ganon.ShortfallHist {
			seen[k] = true
		}
	}
	var names []string
	for _, k := range []string{"move", "attack", "interact"} {
		if seen[k] {
			names = append(names, k)
			delete(seen, k)
		}
	}
	var rest []string
	for k := range seen {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	return append(names, rest...)
}

// lossReasons returns the reasons of m sorted by count (largest first), then by name.
func lossReasons(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

// sweepMetrics returns the metrics the sweep charts draw, for a results file with levels
// levels: campaign_win_rate, level_success:1 ... level_success:levels, ganon_defeat_rate and
// mean_final_shards: the metrics with a sweep chart, in order, but ganon_shortfall and
// ganon_reached_shortfall (drawn by the shortfall chart).
func sweepMetrics(levels int) []string {
	ms := []string{WinRateMetric}
	for _, d := range metrics {
		switch {
		case d.Title == "" || d == ganonShortfall || d == ganonReachedShortfall: // no sweep chart of its own
		case len(d.Needs) > 0:
			for l := 1; l <= levels; l++ {
				ms = append(ms, d.Name+":"+strconv.Itoa(l))
			}
		default:
			ms = append(ms, d.Name)
		}
	}
	return ms
}
