package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// maxProblems is how many problems Validate lists before it says how many more there are.
const maxProblems = 20

// Validate checks every invariant of a results file (docs/results.md): counts are not
// negative, players are 2 to 4, wins are at most the campaigns, successes at most the
// attempts, every histogram and every set of loss reasons adds up to the campaigns it counts,
// the levels are 1 to 4 with one attempt per campaign, a complete group holds the campaigns its
// shard asks for, and so on. Each problem is "path: what is wrong" with the field's JSON path
// (groups[1].levels[0].successes); the error lists them all, one per line.
func (r *Results) Validate() error {
	v := &validator{}
	v.file(r)
	for i, g := range r.Groups {
		if g == nil {
			v.fail(fmt.Sprintf("groups[%d]", i), "null, expected a group")
			continue
		}
		v.group(r, fmt.Sprintf("groups[%d]", i), g)
	}
	v.goals(r)
	v.ladder(r)
	v.sensitivity(r)
	return v.err()
}

// validator collects the problems of a results file.
type validator struct{ probs []string }

func (v *validator) fail(path, format string, args ...any) {
	v.probs = append(v.probs, path+": "+fmt.Sprintf(format, args...))
}

func (v *validator) err() error {
	if len(v.probs) == 0 {
		return nil
	}
	probs := v.probs
	if len(probs) > maxProblems {
		probs = append(probs[:maxProblems:maxProblems], fmt.Sprintf("... and %d more", len(v.probs)-maxProblems))
	}
	return &ValidationError{Problems: probs, Total: len(v.probs)}
}

// ValidationError lists the problems of a results file, one per line (at most maxProblems, then
// a line saying how many more), and counts them all.
type ValidationError struct {
	Problems []string
	Total    int
}

// Error implements error.
func (e *ValidationError) Error() string { return strings.Join(e.Problems, "\n") }

// count checks that a count is not negative and at most limit (limit < 0: no limit, named by
// what).
func (v *validator) count(path string, n, limit int64, what string) {
	switch {
	case n < 0:
		v.fail(path, "%d is negative", n)
	case limit >= 0 && n > limit:
		v.fail(path, "%d is more than %s (%d)", n, what, limit)
	}
}

// equal checks that a count is exactly want (named by what).
func (v *validator) equal(path string, n, want int64, what string) {
	if n != want {
		v.fail(path, "%d, but %s is %d", n, what, want)
	}
}

// hist checks that a histogram has bins, none negative, and that its counts add up to want.
func (v *validator) hist(path string, h []int64, want int64, what string) {
	if len(h) == 0 {
		v.fail(path, "missing or empty histogram")
		return
	}
	var sum int64
	for i, n := range h {
		if n < 0 {
			v.fail(fmt.Sprintf("%s[%d]", path, i), "%d is negative", n)
			return
		}
		sum += n
	}
	if sum != want {
		v.fail(path, "its counts add up to %d, but %s is %d", sum, what, want)
	}
}

// reasons checks a loss-reason map: known reasons, counts not negative, adding up to want.
func (v *validator) reasons(path string, m map[string]int64, want int64, what string) {
	if m == nil {
		v.fail(path, "missing")
		return
	}
	var sum int64
	for _, k := range sortedKeys(m) {
		if k == "" || !slices.Contains(rules.LossReasonNames[:], k) {
			v.fail(path+"."+k, "unknown loss reason (expected %s)", strings.Join(rules.LossReasonNames[1:], ", "))
		}
		v.count(path+"."+k, m[k], -1, "")
		sum += m[k]
	}
	if sum != want {
		v.fail(path, "the reasons add up to %d, but %s is %d", sum, what, want)
	}
}

// file checks the fields of the file itself.
func (v *validator) file(r *Results) {
	sh := r.Shard
	if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
		v.fail("shard", "%d/%d is not a shard (expected index/count with 0 <= index < count)", sh.Index, sh.Count)
	}
	for i, idx := range sh.Merged {
		if idx < 0 || idx >= sh.Count || (i > 0 && idx <= sh.Merged[i-1]) {
			v.fail(fmt.Sprintf("shard.merged[%d]", i), "%d: expected increasing shard indexes below %d", idx, sh.Count)
		}
	}
	if r.RoundCap < 1 {
		v.fail("round_cap", "%d: must be at least 1", r.RoundCap)
	}
	v.count("campaigns_requested", r.CampaignsRequested, -1, "")
	if r.Precision < 0 || r.Precision >= 1 || math.IsNaN(r.Precision) {
		v.fail("precision", "%g: must be 0 (none) or between 0 and 1", r.Precision)
	}
	switch r.Stopped {
	case "", StoppedPrecision:
	case StoppedInterrupted:
		if !r.Partial {
			v.fail("stopped", `"interrupted", but partial is false`)
		}
	default:
		v.fail("stopped", "%q: expected %q or %q", r.Stopped, StoppedPrecision, StoppedInterrupted)
	}
	if len(r.Groups) == 0 {
		v.fail("groups", "no groups")
	}
	seen := map[string]int{}
	for i, g := range r.Groups {
		if g == nil {
			continue
		}
		if j, dup := seen[g.key()]; dup {
			v.fail(fmt.Sprintf("groups[%d]", i), "the same group as groups[%d] (%s, agent %s)", j, g.label(), g.Agent)
		}
		seen[g.key()] = i
	}
}

// group checks one group at path.
func (v *validator) group(r *Results, path string, g *Group) {
	if g.Players < rules.MinPlayers || g.Players > rules.MaxPlayers {
		v.fail(path+".players", "%d: the game is for %d to %d players", g.Players, rules.MinPlayers, rules.MaxPlayers)
	}
	if g.Agent == "" {
		v.fail(path+".agent", "missing")
	}
	before := len(v.probs)
	v.campaigns(r, path, g)
	n := g.Campaigns
	v.count(path+".wins", g.Wins, n, "campaigns")
	if len(v.probs) > before {
		return // the other counts are checked against these two: their problems would only echo
	}
	v.count(path+".timeouts", g.Timeouts, n, "campaigns")
	v.reasons(path+".loss_reasons", g.LossReasons, n-g.Wins, "campaigns - wins")
	v.hist(path+".final_shards_hist", g.FinalShardsHist, n, "campaigns")
	v.levels(path, g)
	v.temples(path, g)
	v.ganon(path+".ganon", g)
	v.decisions(path+".decisions", g)
}

// decisions checks a group's lookahead decisions: known kinds, counts not negative, changed at
// most searched.
func (v *validator) decisions(path string, g *Group) {
	for _, k := range sortedKeys(g.Decisions) {
		c, kp := g.Decisions[k], path+"."+k
		switch {
		case !slices.Contains(rules.PromptNames[:], k):
			v.fail(kp, "unknown kind of decision (expected one of: %s)", strings.Join(rules.PromptNames[1:], ", "))
		case c == nil:
			v.fail(kp, "null, expected {searched, changed}")
		default:
			v.count(kp+".searched", c.Searched, -1, "")
			v.count(kp+".changed", c.Changed, c.Searched, "searched")
		}
	}
}

// ganon checks a group's Ganon counts at path.
func (v *validator) ganon(gp string, g *Group) {
	v.count(gp+".reached", g.Ganon.Reached, g.Campaigns, "campaigns")
	v.count(gp+".defeated", g.Ganon.Defeated, g.Ganon.Reached, "reached")
	v.equal(gp+".defeated", g.Ganon.Defeated, g.Wins, "wins")
	for s := rules.Move; s < rules.NumSkills; s++ {
		v.hist(gp+".shortfall_hist."+s.String(), g.Ganon.ShortfallHist[s.String()], g.Campaigns-g.Wins, "campaigns - wins")
	}
	var skills []string
	for s := rules.Move; s < rules.NumSkills; s++ {
		skills = append(skills, s.String())
	}
	for _, k := range sortedKeys(g.Ganon.ShortfallHist) {
		if !slices.Contains(skills, k) {
			v.fail(gp+".shortfall_hist."+k, "unknown skill (expected %s)", strings.Join(skills, ", "))
		}
	}
}

// campaigns checks a group's campaign count against what its shard asks for: exactly that
// when the run played everything, at most that when it stopped early.
func (v *validator) campaigns(r *Results, path string, g *Group) {
	v.count(path+".campaigns", g.Campaigns, -1, "")
	if g.Partial && !r.Partial {
		v.fail(path+".partial", "true, but the file's partial is false")
	}
	if r.CampaignsRequested == 0 {
		return // written before campaigns_requested was recorded
	}
	want := ShardCampaigns(r.CampaignsRequested, r.Shard)
	if g.Partial || r.Stopped != "" {
		v.count(path+".campaigns", g.Campaigns, want, "its shard's campaigns")
		return
	}
	v.equal(path+".campaigns", g.Campaigns, want, fmt.Sprintf("what shard %s of %d campaigns holds", shardText(r.Shard), r.CampaignsRequested))
}

func shardText(sh Shard) string {
	if len(sh.Merged) > 0 {
		return fmt.Sprint(sh.Merged)
	}
	return fmt.Sprintf("%d/%d", sh.Index, sh.Count)
}

// levels checks a group's four levels.
func (v *validator) levels(path string, g *Group) {
	if len(g.Levels) != rules.Levels {
		v.fail(path+".levels", "%d levels, expected %d", len(g.Levels), rules.Levels)
		return
	}
	for i, l := range g.Levels {
		lp := fmt.Sprintf("%s.levels[%d]", path, i)
		if l == nil {
			v.fail(lp, "null, expected a level")
			continue
		}
		if l.Level != i+1 {
			v.fail(lp+".level", "%d, expected %d", l.Level, i+1)
		}
		v.equal(lp+".attempts", l.Attempts, g.Campaigns, "campaigns (every campaign plays all four levels)")
		v.count(lp+".successes", l.Successes, l.Attempts, "attempts")
		v.count(lp+".boss_reached", l.BossReached, l.Attempts, "attempts")
		v.count(lp+".timeouts", l.Timeouts, l.Attempts, "attempts")
		v.count(lp+".kills", l.Kills, -1, "")
		v.count(lp+".time_tokens_spent", l.TimeTokensSpent, -1, "")
		v.count(lp+".shards_burned", l.ShardsBurned, -1, "")
		v.hist(lp+".rounds_hist", l.RoundsHist, l.Attempts, "attempts")
		v.hist(lp+".shards_gained_hist", l.ShardsGainedHist, l.Attempts, "attempts")
		v.hist(lp+".special_rooms_hist", l.SpecialRoomsHist, l.Attempts, "attempts")
		v.reasons(lp+".loss_reasons", l.LossReasons, l.Attempts-l.Successes, "attempts - successes")
		v.quality(lp+".quality", l)
	}
	if l := g.Levels[rules.Levels-1]; l != nil {
		v.equal(fmt.Sprintf("%s.levels[%d].successes", path, rules.Levels-1), l.Successes, g.Wins, "wins (Level 4 is Ganon)")
	}
}

// quality checks a level's play-quality figures (absent, all zero, in files written before
// they existed): counts not negative and within their totals, kills by cause adding up to the
// kills, lost levels by cause to the levels lost.
func (v *validator) quality(path string, l *LevelStats) {
	q := &l.Quality
	if q.HeroRounds == 0 && q.KillsBy == nil && q.LostTo == nil {
		return
	}
	v.count(path+".hero_rounds", q.HeroRounds, -1, "")
	v.count(path+".idle_hero_rounds", q.IdleHeroRounds, q.HeroRounds, "hero_rounds")
	v.count(path+".boss_waits", q.BossWaits, q.HeroRounds, "hero_rounds")
	v.count(path+".failed_activations", q.FailedActivations, -1, "")
	v.count(path+".activation_retries", q.Retries, q.FailedActivations, "failed_activations")
	v.count(path+".shards_burned_in_lost_levels", q.ShardsBurnedLost, l.ShardsBurned, "shards_burned")
	v.causes(path+".kills_by", q.KillsBy, l.Kills, "kills")
	v.causes(path+".lost_to", q.LostTo, l.Attempts-l.Successes, "attempts - successes")
}

// causes checks a map of counts by cause: known causes, not negative, adding up to want.
func (v *validator) causes(path string, m map[string]int64, want int64, what string) {
	var sum int64
	for _, k := range sortedKeys(m) {
		if k == "" || (k != "timeout" && !slices.Contains(rules.CauseNames[:], k)) {
			v.fail(path+"."+k, "unknown cause (expected %s or timeout)", strings.Join(rules.CauseNames[1:], ", "))
		}
		v.count(path+"."+k, m[k], -1, "")
		sum += m[k]
	}
	if want >= 0 && sum != want { // a negative total is reported where it stands
		v.fail(path, "the causes add up to %d, but %s is %d", sum, what, want)
	}
}

// temples checks a group's temple counts: levels 1-3, each temple once per level, successes
// at most attempts, and at most one temple attempt per campaign and level.
func (v *validator) temples(path string, g *Group) {
	var perLevel [4]int64
	seen := map[string]bool{}
	for i, t := range g.Temples {
		tp := fmt.Sprintf("%s.temples[%d]", path, i)
		if t == nil {
			v.fail(tp, "null, expected a temple")
			continue
		}
		if t.Temple == "" {
			v.fail(tp+".temple", "missing")
		}
		if t.Level < 1 || t.Level > 3 {
			v.fail(tp+".level", "%d: temples are played at Levels 1 to 3", t.Level)
			continue
		}
		k := fmt.Sprintf("%s@%d", t.Temple, t.Level)
		if seen[k] {
			v.fail(tp, "%s at Level %d appears twice", t.Temple, t.Level)
		}
		seen[k] = true
		v.count(tp+".attempts", t.Attempts, -1, "")
		v.count(tp+".successes", t.Successes, t.Attempts, "attempts")
		v.count(tp+".rounds_sum", t.RoundsSum, -1, "")
		v.count(tp+".shards_sum", t.ShardsSum, -1, "")
		perLevel[t.Level] += t.Attempts
	}
	for lvl := 1; lvl <= 3; lvl++ {
		if perLevel[lvl] > g.Campaigns {
			v.fail(path+".temples", "the temple attempts at Level %d add up to %d, more than campaigns (%d)", lvl, perLevel[lvl], g.Campaigns)
		}
	}
}

// goals checks the answers of ganon --goal.
func (v *validator) goals(r *Results) {
	seen := map[string]bool{}
	for i, goal := range r.GanonGoals {
		gp := fmt.Sprintf("ganon_goals[%d]", i)
		switch {
		case goal.Players < rules.MinPlayers || goal.Players > rules.MaxPlayers:
			v.fail(gp+".players", "%d: the game is for %d to %d players", goal.Players, rules.MinPlayers, rules.MaxPlayers)
		case seen[strconv.Itoa(goal.Players)+goal.Agent+"|"+goal.Strategies]:
			v.fail(gp+".players", "a second goal at %d players for agent %q", goal.Players, goal.Agent)
		case goal.Goal <= 0 || goal.Goal >= 1 || math.IsNaN(goal.Goal):
			v.fail(gp+".goal", "%g: must be between 0 and 1", goal.Goal)
		case goal.Target < goal.Low || goal.Target > goal.High:
			v.fail(gp+".target", "%d is outside the targets tried, %d to %d", goal.Target, goal.Low, goal.High)
		case r.GoalGroup(goal) == nil:
			v.fail(gp+".target", "no group has %d players and params %s=%d", goal.Players, GanonParam(goal.Players), goal.Target)
		}
		seen[strconv.Itoa(goal.Players)+goal.Agent+"|"+goal.Strategies] = true
	}
}

// ladder checks the ladder pairs: each names two groups of the file at its players and params,
// pairs at most the campaigns both played, and its discordant campaigns are wins of the one
// agent that the other lost.
func (v *validator) ladder(r *Results) {
	for i, p := range r.Ladder {
		lp := fmt.Sprintf("ladder[%d]", i)
		a, b := r.RungGroup(p, p.A), r.RungGroup(p, p.B)
		switch {
		case a == nil:
			v.fail(lp+".a", "no group of agent %s (strategies %s) at %d players, params %s", p.A.Agent, p.A.Strategies, p.Players, ParamsText(p.Params))
			continue
		case b == nil:
			v.fail(lp+".b", "no group of agent %s (strategies %s) at %d players, params %s", p.B.Agent, p.B.Strategies, p.Players, ParamsText(p.Params))
			continue
		case p.A == p.B:
			v.fail(lp+".b", "the same agent as a")
		}
		v.count(lp+".campaigns", p.Campaigns, min(a.Campaigns, b.Campaigns), "the campaigns of its groups")
		v.count(lp+".won_by_a_only", p.AOnly, min(a.Wins, p.Campaigns), "a's wins or the campaigns")
		v.count(lp+".won_by_b_only", p.BOnly, min(b.Wins, p.Campaigns), "b's wins or the campaigns")
		v.count(lp+".won_by_b_only", p.AOnly+p.BOnly, p.Campaigns, "the campaigns (with won_by_a_only)")
	}
}

// RungGroup returns the group of rung at the players and params of pair p (nil if none).
func (r *Results) RungGroup(p LadderPair, rung Rung) *Group {
	for _, g := range r.Groups {
		if g.Players == p.Players && rungOf(g) == rung && ParamsText(g.Params) == ParamsText(p.Params) {
			return g
		}
	}
	return nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
