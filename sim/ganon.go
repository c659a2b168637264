package sim

import (
	"errors"
	"slices"
	"sort"
	"strconv"
)

// GanonSearch is the work of `clockwork ganon`: the campaign win rate of every agent at every
// player count and Ganon target (the same for Move, Attack and Interact), replaying the same
// campaigns at every target (common random numbers), and with a Goal the target whose win rate
// is the closest to it, per player count and agent, by bisection. The caller supplies how a
// point's run is configured and played (its data, progress and checkpoints).
type GanonSearch struct {
	// Base is the run every point starts from: players, agents, campaigns, seed and so on.
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
	// Extra is told the campaigns of each bisection point before it plays (for the progress
	// total); nil for none.
	Extra func(campaigns int64)

	res    *Results
	groups map[ganonKey]*Group
}

// ganonKey is one group of a Ganon search: a point and an agent.
type ganonKey struct {
	players, target int
	rung            Rung
}

// Planned is the campaigns of the planned points (the bisection adds its own).
func (s *GanonSearch) Planned() int64 {
	var n int64
	for _, ts := range s.Targets {
		n += int64(len(ts))
	}
	return n * int64(len(s.Base.Agents)) * ShardCampaigns(int64(s.Base.Campaigns), s.Base.Shard)
}

// errGanonStopped ends a bisection that an interruption stopped.
var errGanonStopped = errors.New("interrupted")

// Run plays every planned point, then (with a Goal) the bisection at each player count for
// each agent, and returns the results: groups by player count, target, then agent; every
// point's ladder pairs; the goals found.
func (s *GanonSearch) Run(baseParams map[string]string) (*Results, error) {
	res, err := NewResults(s.Base, false)
	if err != nil {
		return nil, err
	}
	res.Groups, res.BaseParams = nil, baseParams
	s.res, s.groups = res, map[ganonKey]*Group{}
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
	sortGanonGroups(s.res.Groups)
	return s.res, nil
}

// goals runs the bisection of every player count and agent, until interrupted.
func (s *GanonSearch) goals() error {
	for _, p := range s.Base.Players {
		for _, a := range s.Base.Agents {
			if s.Goal == 0 || s.Interrupted() {
				return nil
			}
			goal, err := s.bisect(p, a)
			if errors.Is(err, errGanonStopped) {
				return nil
			}
			if err != nil {
				return err
			}
			s.res.GanonGoals = append(s.res.GanonGoals, goal)
		}
	}
	return nil
}

// play runs the point (players, target) for the agents that have not played it yet.
func (s *GanonSearch) play(players, target int, specs []Lineup, planned bool) error {
	var todo []Lineup
	for _, a := range specs {
		if s.groups[ganonKey{players, target, Rung{a.Name, a.Strategies}}] == nil {
			todo = append(todo, a)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	if !planned && s.Interrupted() {
		return errGanonStopped
	}
	cfg, err := s.Config(players, target, todo)
	if err != nil {
		return err
	}
	if !planned && s.Extra != nil {
		s.Extra(cfg.Total())
	}
	res, err := s.Simulate(strconv.Itoa(players)+" players, Ganon target "+strconv.Itoa(target), cfg)
	if err != nil {
		return err
	}
	for _, g := range res.Groups {
		g.ConfigFingerprint = cfg.Game.Fingerprint()
		s.groups[ganonKey{players, target, rungOf(g)}] = g
	}
	s.res.Groups = append(s.res.Groups, res.Groups...)
	s.res.Ladder = append(s.res.Ladder, res.Ladder...)
	s.res.Partial = s.res.Partial || res.Partial
	if s.res.Stopped != StoppedInterrupted && res.Stopped != "" {
		s.res.Stopped = res.Stopped
	}
	return nil
}

// rate plays agent a at the point if needed and returns its campaign win rate there.
func (s *GanonSearch) rate(players, target int, a Lineup) (float64, error) {
	if err := s.play(players, target, []Lineup{a}, false); err != nil {
		return 0, err
	}
	g := s.groups[ganonKey{players, target, Rung{a.Name, a.Strategies}}]
	return float64(g.Wins) / float64(max(g.Campaigns, 1)), nil
}

// bisect finds, among whole targets between the lowest and highest tried at players, the one
// whose win rate for agent a is the closest to the goal, assuming the win rate falls as the
// target rises (common random numbers make the comparison between targets precise).
func (s *GanonSearch) bisect(players int, a Lineup) (GanonGoal, error) {
	ts := s.Targets[players]
	lo, hi := slices.Min(ts), slices.Max(ts)
	goal := GanonGoal{Players: players, Agent: a.Name, Strategies: a.Strategies, Goal: s.Goal, Low: lo, High: hi}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		r, err := s.rate(players, mid, a)
		if err != nil {
			return goal, err
		}
		if r >= s.Goal {
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
	return goal, nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// sortGanonGroups orders groups by player count, then Ganon target (stable: agents keep their
// order within a point).
func sortGanonGroups(groups []*Group) {
	sort.SliceStable(groups, func(i, j int) bool {
		a, b := groups[i], groups[j]
		if a.Players != b.Players {
			return a.Players < b.Players
		}
		ta, _ := strconv.Atoi(a.Params[GanonParam(a.Players)])
		tb, _ := strconv.Atoi(b.Params[GanonParam(b.Players)])
		return ta < tb
	})
}
