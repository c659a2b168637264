package clockwork

import (
	"fmt"
	"slices"
	"strings"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
)

// checker is the results file's sim.Checker, with the checks of Clockwork Realm's counts.
type checker struct{ *sim.Checker }

// Validate checks Clockwork Realm's counts of group g at path (docs/results.md): the timeouts and
// loss reasons against the campaigns, the four levels with one attempt per campaign, the
// temples, Ganon's counts and a searching agent's decisions.
func (s *Stats) Validate(c *sim.Checker, path string, g *sim.Group) {
	v := checker{c}
	n := g.Episodes
	v.Count(path+".timeouts", s.Timeouts, n, "campaigns")
	v.reasons(path+".loss_reasons", s.LossReasons, n-g.Wins, "campaigns - wins")
	v.Hist(path+".final_shards_hist", s.FinalShardsHist, n, "campaigns")
	v.levels(path, s, n, g.Wins)
	v.temples(path, s, n)
	v.ganon(path+".ganon", s, n, g.Wins)
	v.decisions(path+".decisions", s)
}

// reasons checks a loss-reason map: known reasons, counts not negative, adding up to want.
func (v checker) reasons(path string, m map[string]int64, want int64, what string) {
	if m == nil {
		v.Fail(path, "missing")
		return
	}
	var sum int64
	for _, k := range sim.SortedKeys(m) {
		if k == "" || !slices.Contains(rules.LossReasonNames[:], k) {
			v.Fail(path+"."+k, "unknown loss reason (expected %s)", strings.Join(rules.LossReasonNames[1:], ", "))
		}
		v.Count(path+"."+k, m[k], -1, "")
		sum += m[k]
	}
	if sum != want {
		v.Fail(path, "the reasons add up to %d, but %s is %d", sum, what, want)
	}
}

// decisions checks a group's lookahead decisions: known kinds, counts not negative, changed at
// most searched.
func (v checker) decisions(path string, g *Stats) {
	for _, k := range sim.SortedKeys(g.Decisions) {
		c, kp := g.Decisions[k], path+"."+k
		switch {
		case !slices.Contains(rules.PromptNames[:], k):
			v.Fail(kp, "unknown kind of decision (expected one of: %s)", strings.Join(rules.PromptNames[1:], ", "))
		case c == nil:
			v.Fail(kp, "null, expected {searched, changed}")
		default:
			v.Count(kp+".searched", c.Searched, -1, "")
			v.Count(kp+".changed", c.Changed, c.Searched, "searched")
		}
	}
}

// ganon checks a group's Ganon counts at path.
func (v checker) ganon(gp string, g *Stats, campaigns, wins int64) {
	v.Count(gp+".reached", g.Ganon.Reached, campaigns, "campaigns")
	v.Count(gp+".defeated", g.Ganon.Defeated, g.Ganon.Reached, "reached")
	v.Equal(gp+".defeated", g.Ganon.Defeated, wins, "wins")
	for s := rules.Move; s < rules.NumSkills; s++ {
		v.Hist(gp+".shortfall_hist."+s.String(), g.Ganon.ShortfallHist[s.String()], campaigns-wins, "campaigns - wins")
	}
	v.skills(gp+".shortfall_hist", g.Ganon.ShortfallHist)
	if g.Ganon.ReachedShortfallHist == nil { // a file written before the field: nothing to check
		return
	}
	for s := rules.Move; s < rules.NumSkills; s++ {
		v.Hist(gp+".reached_shortfall_hist."+s.String(), g.Ganon.ReachedShortfallHist[s.String()],
			g.Ganon.Reached-g.Ganon.Defeated, "reached - defeated")
	}
	v.skills(gp+".reached_shortfall_hist", g.Ganon.ReachedShortfallHist)
}

// skills fails every key of the histograms at path that is not a skill's name.
func (v checker) skills(path string, hists map[string][]int64) {
	var skills []string
	for s := rules.Move; s < rules.NumSkills; s++ {
		skills = append(skills, s.String())
	}
	for _, k := range sim.SortedKeys(hists) {
		if !slices.Contains(skills, k) {
			v.Fail(path+"."+k, "unknown skill (expected %s)", strings.Join(skills, ", "))
		}
	}
}

// levels checks a group's four levels.
func (v checker) levels(path string, g *Stats, campaigns, wins int64) {
	if len(g.Levels) != rules.Levels {
		v.Fail(path+".levels", "%d levels, expected %d", len(g.Levels), rules.Levels)
		return
	}
	for i, l := range g.Levels {
		lp := fmt.Sprintf("%s.levels[%d]", path, i)
		if l == nil {
			v.Fail(lp, "null, expected a level")
			continue
		}
		if l.Level != i+1 {
			v.Fail(lp+".level", "%d, expected %d", l.Level, i+1)
		}
		v.Equal(lp+".attempts", l.Attempts, campaigns, "campaigns (every campaign plays all four levels)")
		v.Count(lp+".successes", l.Successes, l.Attempts, "attempts")
		v.Count(lp+".boss_reached", l.BossReached, l.Attempts, "attempts")
		v.Count(lp+".timeouts", l.Timeouts, l.Attempts, "attempts")
		v.Count(lp+".kills", l.Kills, -1, "")
		v.Count(lp+".time_tokens_spent", l.TimeTokensSpent, -1, "")
		v.Count(lp+".shards_burned", l.ShardsBurned, -1, "")
		v.Hist(lp+".rounds_hist", l.RoundsHist, l.Attempts, "attempts")
		v.Hist(lp+".shards_gained_hist", l.ShardsGainedHist, l.Attempts, "attempts")
		v.Hist(lp+".special_rooms_hist", l.SpecialRoomsHist, l.Attempts, "attempts")
		v.reasons(lp+".loss_reasons", l.LossReasons, l.Attempts-l.Successes, "attempts - successes")
		v.quality(lp+".quality", l)
	}
	if l := g.Levels[rules.Levels-1]; l != nil {
		v.Equal(fmt.Sprintf("%s.levels[%d].successes", path, rules.Levels-1), l.Successes, wins, "wins (Level 4 is Ganon)")
	}
}

// quality checks a level's play-quality figures (absent, all zero, in files written before
// they existed): counts not negative and within their totals, kills by cause adding up to the
// kills, lost levels by cause to the levels lost.
func (v checker) quality(path string, l *LevelStats) {
	q := &l.Quality
	if q.HeroRounds == 0 && q.KillsBy == nil && q.LostTo == nil {
		return
	}
	v.Count(path+".hero_rounds", q.HeroRounds, -1, "")
	v.Count(path+".idle_hero_rounds", q.IdleHeroRounds, q.HeroRounds, "hero_rounds")
	v.Count(path+".boss_waits", q.BossWaits, q.HeroRounds, "hero_rounds")
	v.Count(path+".failed_activations", q.FailedActivations, -1, "")
	v.Count(path+".activation_retries", q.Retries, q.FailedActivations, "failed_activations")
	v.Count(path+".shards_burned_in_lost_levels", q.ShardsBurnedLost, l.ShardsBurned, "shards_burned")
	v.causes(path+".kills_by", q.KillsBy, l.Kills, "kills")
	v.causes(path+".lost_to", q.LostTo, l.Attempts-l.Successes, "attempts - successes")
}

// causes checks a map of counts by cause: known causes, not negative, adding up to want.
func (v checker) causes(path string, m map[string]int64, want int64, what string) {
	var sum int64
	for _, k := range sim.SortedKeys(m) {
		if k == "" || (k != "timeout" && !slices.Contains(rules.CauseNames[:], k)) {
			v.Fail(path+"."+k, "unknown cause (expected %s or timeout)", strings.Join(rules.CauseNames[1:], ", "))
		}
		v.Count(path+"."+k, m[k], -1, "")
		sum += m[k]
	}
	if want >= 0 && sum != want { // a negative total is reported where it stands
		v.Fail(path, "the causes add up to %d, but %s is %d", sum, what, want)
	}
}

// temples checks a group's temple counts: levels 1-3, each temple once per level, successes
// at most attempts, and at most one temple attempt per campaign and level.
func (v checker) temples(path string, g *Stats, campaigns int64) {
	var perLevel [4]int64
	seen := map[string]bool{}
	for i, t := range g.Temples {
		tp := fmt.Sprintf("%s.temples[%d]", path, i)
		if t == nil {
			v.Fail(tp, "null, expected a temple")
			continue
		}
		if t.Temple == "" {
			v.Fail(tp+".temple", "missing")
		}
		if t.Level < 1 || t.Level > 3 {
			v.Fail(tp+".level", "%d: temples are played at Levels 1 to 3", t.Level)
			continue
		}
		k := fmt.Sprintf("%s@%d", t.Temple, t.Level)
		if seen[k] {
			v.Fail(tp, "%s at Level %d appears twice", t.Temple, t.Level)
		}
		seen[k] = true
		v.Count(tp+".attempts", t.Attempts, -1, "")
		v.Count(tp+".successes", t.Successes, t.Attempts, "attempts")
		v.Count(tp+".rounds_sum", t.RoundsSum, -1, "")
		v.Count(tp+".shards_sum", t.ShardsSum, -1, "")
		perLevel[t.Level] += t.Attempts
	}
	for lvl := 1; lvl <= 3; lvl++ {
		if perLevel[lvl] > campaigns {
			v.Fail(path+".temples", "the temple attempts at Level %d add up to %d, more than campaigns (%d)", lvl, perLevel[lvl], campaigns)
		}
	}
}
