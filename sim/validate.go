package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
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

// Checker collects the problems of a results file; a game's Stats.Validate reports its own
// through it.
type Checker struct{ probs []string }

// validator is the results file's Checker, as the checks of this package call it.
type validator = Checker

// Fail records a problem at the JSON path (e.g. groups[0].levels[1].successes).
func (v *Checker) Fail(path, format string, args ...any) { v.fail(path, format, args...) }

// Count checks that a count is not negative and at most limit (limit < 0: no limit), a limit
// named by what.
func (v *Checker) Count(path string, n, limit int64, what string) { v.count(path, n, limit, what) }

// Equal checks that a count is exactly want (named by what).
func (v *Checker) Equal(path string, n, want int64, what string) { v.equal(path, n, want, what) }

// Hist checks that a histogram has bins, none negative, and that its counts add up to want.
func (v *Checker) Hist(path string, h []int64, want int64, what string) { v.hist(path, h, want, what) }

// Err returns the problems recorded, one per line, or nil when there are none (a game's tests
// check its Stats.Validate with it).
func (v *Checker) Err() error { return v.err() }

func (v *Checker) fail(path, format string, args ...any) {
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
	if r.TurnCap < 1 {
		v.fail("round_cap", "%d: must be at least 1", r.TurnCap)
	}
	v.count("campaigns_requested", r.EpisodesRequested, -1, "")
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
	if c, err := DescriptorOf(r.Game); err == nil && (g.Players < c.MinPlayers || g.Players > c.MaxPlayers) {
		v.fail(path+".players", "%d: the game is for %d to %d players", g.Players, c.MinPlayers, c.MaxPlayers)
	}
	if g.Agent == "" {
		v.fail(path+".agent", "missing")
	}
	before := len(v.probs)
	v.campaigns(r, path, g)
	n := g.Episodes
	v.count(path+".wins", g.Wins, n, "campaigns")
	if len(v.probs) > before {
		return // the other counts are checked against these two: their problems would only echo
	}
	if c, _ := DescriptorOf(r.Game); c.SeatsCompete {
		v.seats(path, g)
	}
	if g.Stats == nil {
		v.fail(path, "the game's counts are missing")
		return
	}
	g.Stats.Validate(v, path, g)
}

// seats checks the seat counts of a group of a game whose seats compete: one agent a seat, the
// seats' wins and the games nobody won adding up to the games, the agents' wins to the seats'.
func (v *validator) seats(path string, g *Group) {
	if len(g.Seats) != g.Players {
		v.fail(path+".seats", "%d seats, but players is %d", len(g.Seats), g.Players)
	}
	if len(g.SeatWins) != g.Players {
		v.fail(path+".seat_wins", "%d seats, but players is %d", len(g.SeatWins), g.Players)
		return
	}
	var won int64
	for i, n := range g.SeatWins {
		v.count(fmt.Sprintf("%s.seat_wins[%d]", path, i), n, g.Episodes, "games")
		won += n
	}
	v.count(path+".no_winner", g.NoWinner, g.Episodes, "games")
	v.equal(path+".seat_wins", won+g.NoWinner, g.Episodes, "games (with no_winner)")
	var agents int64
	for _, a := range sortedKeys(g.AgentWins) {
		if !slices.Contains(g.Seats, a) {
			v.fail(path+".agent_wins."+a, "not an agent of the group's seats")
		}
		v.count(path+".agent_wins."+a, g.AgentWins[a], -1, "")
		agents += g.AgentWins[a]
	}
	v.equal(path+".agent_wins", agents, won, "the seats' wins")
	v.hist(path+".turns_hist", g.TurnsHist, g.Episodes, "games")
}

// campaigns checks a group's campaign count against what its shard asks for: exactly that
// when the run played everything, at most that when it stopped early.
func (v *validator) campaigns(r *Results, path string, g *Group) {
	v.count(path+".campaigns", g.Episodes, -1, "")
	if g.Partial && !r.Partial {
		v.fail(path+".partial", "true, but the file's partial is false")
	}
	if r.EpisodesRequested == 0 {
		return // written before campaigns_requested was recorded
	}
	want := ShardEpisodes(r.EpisodesRequested, r.Shard)
	if g.Partial || r.Stopped != "" {
		v.count(path+".campaigns", g.Episodes, want, "its shard's campaigns")
		return
	}
	v.equal(path+".campaigns", g.Episodes, want, fmt.Sprintf("what shard %s of %d campaigns holds", shardText(r.Shard), r.EpisodesRequested))
}

func shardText(sh Shard) string {
	if len(sh.Merged) > 0 {
		return fmt.Sprint(sh.Merged)
	}
	return fmt.Sprintf("%d/%d", sh.Index, sh.Count)
}

// goals checks the answers of ganon --goal.
func (v *validator) goals(r *Results) {
	v.goalList(r, "ganon_goals", r.GameGoals)
	v.goalList(r, "goals", r.Goals)
}

// goalList checks one list of goals (named field).
func (v *validator) goalList(r *Results, field string, goals []Goal) {
	c, _ := DescriptorOf(r.Game)
	seen := map[string]bool{}
	for i, goal := range goals {
		gp := fmt.Sprintf("%s[%d]", field, i)
		switch {
		case goal.Players < c.MinPlayers || goal.Players > c.MaxPlayers:
			v.fail(gp+".players", "%d: the game is for %d to %d players", goal.Players, c.MinPlayers, c.MaxPlayers)
		case seen[strconv.Itoa(goal.Players)+goal.Agent+"|"+goal.Strategies]:
			v.fail(gp+".players", "a second goal at %d players for agent %q", goal.Players, goal.Agent)
		case goal.Goal <= 0 || goal.Goal >= 1 || math.IsNaN(goal.Goal):
			v.fail(gp+".goal", "%g: must be between 0 and 1", goal.Goal)
		case goal.Target < goal.Low || goal.Target > goal.High:
			v.fail(gp+".target", "%d is outside the targets tried, %d to %d", goal.Target, goal.Low, goal.High)
		case r.GoalGroup(goal) == nil:
			v.fail(gp+".target", "no group has %d players and params %s=%d", goal.Players, r.GoalParam(goal), goal.Target)
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
		v.count(lp+".campaigns", p.Episodes, min(a.Episodes, b.Episodes), "the campaigns of its groups")
		v.count(lp+".won_by_a_only", p.AOnly, min(a.Wins, p.Episodes), "a's wins or the campaigns")
		v.count(lp+".won_by_b_only", p.BOnly, min(b.Wins, p.Episodes), "b's wins or the campaigns")
		v.count(lp+".won_by_b_only", p.AOnly+p.BOnly, p.Episodes, "the campaigns (with won_by_a_only)")
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
