package sim

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
)

// GoalSearch is the goal search of every game: the win rate of every agent at every player
// count and value of one whole-number data value, replaying the same episodes at every value
// (common random numbers), and with a Goal the value whose win rate is the closest to it, per
// player count and agent. A `goal` command searches any value of a game's data (Param set); a
// game's own search (Param nil) moves the value its descriptor names (Descriptor.GoalParam:
// Clockwork Realm's `ganon`, Ganon's target, the same for Move, Attack and Interact). The caller
// supplies how a point's run is configured and played (its data, progress and checkpoints).
//
// The answer does not depend on the direction in which the rate moves with the value: the
// search reads it from the rates at the lowest and highest values tried, bisects only where the
// goal is bracketed (between those two, or, when the rate is not monotone and they do not
// bracket it, between the first two neighbouring values tried whose rates do), and answers the
// value played whose rate is the nearest to the goal. When no value tried reaches the goal
// (every rate above it, or every rate below) nothing more is played and the answer is the value
// tried whose rate is the nearest, with Bracketed false. A rate that is not monotone may cross
// the goal more than once: the answer is still the value nearest the goal among those played,
// the bisection having looked at one crossing only. The answer is deterministic for a seed,
// whatever the worker count (the points' rates are).
type GoalSearch struct {
	// Param names the value searched at a player count (its params key); nil: the game's own
	// (Descriptor.GoalParam), whose goals go to Results.GameGoals, the others' to Results.Goals.
	Param func(players int) string
	// Base is the run every point starts from: players, agents, episodes, seed and so on.
	Base Config
	// Targets are the targets to play at each player count (each point played once).
	Targets map[int][]int
	// Goal > 0 asks for the goal's answer (and the bisection where the goal is bracketed).
	Goal float64
	// Config returns the run of one point: Base on the data of target at players (and its
	// params), for the agents given.
	Config func(players, target int, agents []Lineup) (Config, error)
	// Simulate plays one point's run; label names the point for progress lines. After an
	// interruption it must return the point's results marked partial (Interrupted true).
	Simulate func(label string, cfg Config) (*Results, error)
	// Interrupted reports whether the work was interrupted (Ctrl-C): the bisection stops.
	Interrupted func() bool
	// Extra is told the episodes of each bisection point before it plays (for the progress
	// total); nil for none.
	Extra func(episodes int64)

	res    *Results
	groups map[goalKey]*Group
}

// goalKey is one group of a goal search: a point and an agent.
type goalKey struct {
	players, target int
	rung            Rung
}

// Planned is the episodes of the planned points (the bisection adds its own).
func (s *GoalSearch) Planned() int64 {
	var n int64
	for _, ts := range s.Targets {
		n += int64(len(ts))
	}
	return n * int64(len(s.Base.Agents)) * ShardEpisodes(int64(s.Base.Episodes), s.Base.Shard)
}

// errGoalStopped ends a bisection that an interruption stopped.
var errGoalStopped = errors.New("interrupted")

// Run plays every planned point, then (with a Goal) the bisection at each player count for
// each agent, and returns the results: groups by player count, target, then agent; every
// point's ladder pairs; the goals found.
func (s *GoalSearch) Run(baseParams map[string]string) (*Results, error) {
	if s.Param == nil && s.descriptor().GoalParam == nil {
		return nil, errors.New("sim: the game has no goal search of its own: name the value searched (Param)")
	}
	res, err := NewResults(s.Base, false)
	if err != nil {
		return nil, err
	}
	res.Groups, res.BaseParams = nil, baseParams
	s.res, s.groups = res, map[goalKey]*Group{}
	for _, p := range s.Base.Players {
		for _, t := range s.Targets[p] {
			if err := s.play(p, t, s.Base.Agents, true); err != nil {
				return nil, err
			}
		}
	}
	if err := s.goals(); err != nil {
		return nil, err
	}
	sortGoalGroups(s.res.Groups, s.paramOf)
	return s.res, nil
}

// goals runs the bisection of every player count and agent, until interrupted.
func (s *GoalSearch) goals() error {
	for _, p := range s.Base.Players {
		for _, a := range s.Base.Agents {
			if s.Goal == 0 || s.Interrupted() {
				return nil
			}
			goal, err := s.bisect(p, a)
			if errors.Is(err, errGoalStopped) {
				return nil
			}
			if err != nil {
				return err
			}
			if s.Param == nil {
				s.res.GameGoals = append(s.res.GameGoals, goal)
			} else {
				s.res.Goals = append(s.res.Goals, goal)
			}
		}
	}
	return nil
}

// play runs the point (players, target) for the agents that have not played it yet.
func (s *GoalSearch) play(players, target int, specs []Lineup, planned bool) error {
	var todo []Lineup
	for _, a := range specs {
		if s.groups[goalKey{players, target, Rung{a.Name, a.Strategies}}] == nil {
			todo = append(todo, a)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	if !planned && s.Interrupted() {
		return errGoalStopped
	}
	cfg, err := s.Config(players, target, todo)
	if err != nil {
		return err
	}
	if !planned && s.Extra != nil {
		s.Extra(cfg.Total())
	}
	res, err := s.Simulate(strconv.Itoa(players)+" players, "+s.pointName()+" "+strconv.Itoa(target), cfg)
	if err != nil {
		return err
	}
	for _, g := range res.Groups {
		g.ConfigFingerprint = cfg.Game.Fingerprint()
		s.groups[goalKey{players, target, rungOf(g)}] = g
	}
	s.res.Groups = append(s.res.Groups, res.Groups...)
	s.res.Ladder = append(s.res.Ladder, res.Ladder...)
	s.res.Partial = s.res.Partial || res.Partial
	if s.res.Stopped != StoppedInterrupted && res.Stopped != "" {
		s.res.Stopped = res.Stopped
	}
	return nil
}

// pointName names the searched value in progress lines.
func (s *GoalSearch) pointName() string {
	if s.Param == nil {
		return s.descriptor().GoalTitle
	}
	return s.Param(0)
}

// paramOf is the params key of the searched value at players.
func (s *GoalSearch) paramOf(players int) string {
	if s.Param == nil {
		return s.descriptor().GoalParam(players)
	}
	return s.Param(players)
}

// descriptor is the searched game's descriptor.
func (s *GoalSearch) descriptor() Descriptor {
	d, _ := DescriptorOf(s.Base.Game.Name())
	return d
}

// rate plays agent a at the point if needed and returns its win rate there.
func (s *GoalSearch) rate(players, target int, a Lineup) (float64, error) {
	if err := s.play(players, target, []Lineup{a}, false); err != nil {
		return 0, err
	}
	g := s.groups[goalKey{players, target, Rung{a.Name, a.Strategies}}]
	return float64(g.Wins) / float64(max(g.Episodes, 1)), nil
}

// bisect answers the goal at players for agent a: among the whole targets between the lowest
// and highest tried, the one played whose win rate is the closest to the goal (see GoalSearch).
// The bracket bisected is the ends when their rates lie on either side of the goal, else the
// first two neighbouring targets tried whose rates do; the direction is read from the bracket's
// ends (common random numbers make the comparison between targets precise). Without a bracket
// nothing more is played. Ties go to the bisection's last two targets (the lower first), then to
// the lowest target.
func (s *GoalSearch) bisect(players int, a Lineup) (Goal, error) {
	ts := slices.Compact(slices.Sorted(slices.Values(s.Targets[players])))
	if len(ts) == 0 {
		return Goal{}, fmt.Errorf("sim: no targets to try at %d players", players)
	}
	goal := Goal{Players: players, Agent: a.Name, Strategies: a.Strategies, Goal: s.Goal, Low: ts[0], High: ts[len(ts)-1]}
	if s.Param != nil {
		goal.Param = s.Param(players)
	}
	rates := make([]float64, len(ts))
	for i, t := range ts {
		r, err := s.rate(players, t, a)
		if err != nil {
			return goal, err
		}
		rates[i] = r
	}
	lo, hi, ok := s.bracket(ts, rates)
	var last []int // the bisection's last two targets
	if ok {
		goal.Bracketed = true
		rl, err := s.rate(players, lo, a)
		if err != nil {
			return goal, err
		}
		rh, err := s.rate(players, hi, a)
		if err != nil {
			return goal, err
		}
		if rl != rh { // equal rates are both the goal: nothing to bisect
			falling := rl > rh
			for hi-lo > 1 {
				mid := (lo + hi) / 2
				r, err := s.rate(players, mid, a)
				if err != nil {
					return goal, err
				}
				if (r >= s.Goal) == falling {
					lo = mid
				} else {
					hi = mid
				}
			}
		}
		last = []int{lo, hi}
	}
	goal.Target = s.nearest(players, a, append(last, s.played(players, a, goal.Low, goal.High)...))
	return goal, nil
}

// bracket returns the targets to bisect between: the lowest and highest of ts when their rates
// lie on either side of the goal (or on it), else the first two neighbours that do; ok false
// when every rate is above the goal or every rate below.
func (s *GoalSearch) bracket(ts []int, rates []float64) (lo, hi int, ok bool) {
	across := func(i, j int) bool {
		return min(rates[i], rates[j]) <= s.Goal && s.Goal <= max(rates[i], rates[j])
	}
	if n := len(ts) - 1; across(0, n) {
		return ts[0], ts[n], true
	}
	for i := 1; i < len(ts); i++ {
		if across(i-1, i) {
			return ts[i-1], ts[i], true
		}
	}
	return 0, 0, false
}

// played is every target from lo to hi that agent a has played at players, in order.
func (s *GoalSearch) played(players int, a Lineup, lo, hi int) []int {
	var out []int
	for k := range s.groups {
		if k.players == players && k.rung == (Rung{a.Name, a.Strategies}) && k.target >= lo && k.target <= hi {
			out = append(out, k.target)
		}
	}
	slices.Sort(out)
	return out
}

// nearest is the first of targets (all played by agent a at players) whose win rate is the
// closest to the goal.
func (s *GoalSearch) nearest(players int, a Lineup, targets []int) int {
	best, dist := targets[0], 2.0
	for _, t := range targets {
		g := s.groups[goalKey{players, t, Rung{a.Name, a.Strategies}}]
		if d := abs(float64(g.Wins)/float64(max(g.Episodes, 1)) - s.Goal); d < dist {
			best, dist = t, d
		}
	}
	return best
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// sortGoalGroups orders groups by player count, then the searched value (stable: agents keep
// their order within a point).
func sortGoalGroups(groups []*Group, param func(players int) string) {
	sort.SliceStable(groups, func(i, j int) bool {
		a, b := groups[i], groups[j]
		if a.Players != b.Players {
			return a.Players < b.Players
		}
		ta, _ := strconv.Atoi(a.Params[param(a.Players)])
		tb, _ := strconv.Atoi(b.Params[param(b.Players)])
		return ta < tb
	})
}
