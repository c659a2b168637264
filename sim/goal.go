package sim

import (
	"errors"
	"slices"
	"sort"
	"strconv"
)

// GoalSearch is the goal search of every game: the win rate of every agent at every player
// count and value of one whole-number data value, replaying the same episodes at every value
// (common random numbers), and with a Goal the value whose win rate is the closest to it, per
// player count and agent, by bisection. A `goal` command searches any value of a game's data
// (Param set); a game's own search (Param nil) moves the value its descriptor names
// (Descriptor.GoalParam: Clockwork Realm's `ganon`, Ganon's target, the same for Move, Attack
// and Interact). The caller supplies how a point's run is configured and played (its data,
// progress and checkpoints).
type GoalSearch struct {
	// Param names the value searched at a player count (its params key); nil: the game's own
	// (Descriptor.GoalParam), whose goals go to Results.GameGoals, the others' to Results.Goals.
	Param func(players int) string
	// Rising says the win rate rises with the value (Ganon's target: it falls).
	Rising bool
	// Base is the run every point starts from: players, agents, episodes, seed and so on.
	Base Config
	// Targets are the targets to play at each player count (each point played once).
	Targets map[int][]int
	// Goal > 0 asks for the bisection.
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

// bisect finds, among whole targets between the lowest and highest tried at players, the one
// whose win rate for agent a is the closest to the goal, assuming the win rate falls as the
// target rises (common random numbers make the comparison between targets precise).
func (s *GoalSearch) bisect(players int, a Lineup) (Goal, error) {
	ts := s.Targets[players]
	lo, hi := slices.Min(ts), slices.Max(ts)
	goal := Goal{Players: players, Agent: a.Name, Strategies: a.Strategies, Goal: s.Goal, Low: lo, High: hi}
	if s.Param != nil {
		goal.Param = s.Param(players)
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		r, err := s.rate(players, mid, a)
		if err != nil {
			return goal, err
		}
		if (r >= s.Goal) != s.Rising {
			lo = mid
		} else {
			hi = mid
		}
	}
	rl, err := s.rate(players, lo, a)
	if err != nil {
		return goal, err
	}
	rh, err := s.rate(players, hi, a)
	if err != nil {
		return goal, err
	}
	goal.Target = hi
	if abs(rl-s.Goal) <= abs(rh-s.Goal) {
		goal.Target = lo
	}
	first, _ := s.rate(players, goal.Low, a)
	last, _ := s.rate(players, goal.High, a)
	goal.Bracketed = first >= s.Goal && s.Goal >= last
	if s.Rising {
		goal.Bracketed = first <= s.Goal && s.Goal <= last
	}
	return goal, nil
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
