package sim

import (
	"fmt"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// This file is the one place that knows the counts of a Group: newGroup and EmptyLike make
// them, Add adds them up (a worker's tally, a shard in a merge, a checkpoint on resume).

// newGroup makes an empty group of a run: the histogram lengths of the constants of
// results.go, rules.Levels levels, d's temples at Levels 1-3 and a shortfall histogram per
// skill.
func newGroup(players int, agent, strat string, params map[string]string, d *rules.Data) *Group {
	if params == nil {
		params = map[string]string{}
	}
	shape := &Group{Players: players, Agent: agent, Strategies: strat, Params: params,
		FinalShardsHist: make([]int64, maxShardsBin+1), Ganon: GanonStats{ShortfallHist: map[string][]int64{}}}
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		shape.Levels = append(shape.Levels, &LevelStats{Level: lvl, RoundsHist: make([]int64, maxRoundsBin+1),
			ShardsGainedHist: make([]int64, rules.MaxPlayers+1), SpecialRoomsHist: make([]int64, maxSpecialBin+1)})
	}
	for lvl := 1; lvl <= 3; lvl++ {
		for _, t := range d.Temples {
			shape.Temples = append(shape.Temples, &TempleStat{Temple: t.ID, Level: lvl})
		}
	}
	for s := rules.Move; s < rules.NumSkills; s++ {
		shape.Ganon.ShortfallHist[s.String()] = make([]int64, maxShortBin+1)
	}
	return shape.EmptyLike()
}

// EmptyLike returns a group with g's identity (players, agent, strategies, params, which it
// shares, and data fingerprint) and shape (histogram lengths, levels, temples, shortfall
// skills) and no counts: every count zero, every map empty. It is not partial and has no
// Outcomes. Add accepts any group shaped like g.
func (g *Group) EmptyLike() *Group {
	c := &Group{Players: g.Players, Agent: g.Agent, Strategies: g.Strategies, Params: g.Params, ConfigFingerprint: g.ConfigFingerprint,
		LossReasons: map[string]int64{}, FinalShardsHist: make([]int64, len(g.FinalShardsHist)),
		Ganon: GanonStats{ShortfallHist: make(map[string][]int64, len(g.Ganon.ShortfallHist))}}
	for _, l := range g.Levels {
		c.Levels = append(c.Levels, &LevelStats{Level: l.Level, RoundsHist: make([]int64, len(l.RoundsHist)),
			ShardsGainedHist: make([]int64, len(l.ShardsGainedHist)), SpecialRoomsHist: make([]int64, len(l.SpecialRoomsHist)),
			LossReasons: map[string]int64{}, Quality: QualityStats{KillsBy: map[string]int64{}, LostTo: map[string]int64{}}})
	}
	for _, t := range g.Temples {
		c.Temples = append(c.Temples, &TempleStat{Temple: t.Temple, Level: t.Level})
	}
	for k, h := range g.Ganon.ShortfallHist {
		c.Ganon.ShortfallHist[k] = make([]int64, len(h))
	}
	return c
}

// Add adds the counts of o to g: campaigns, wins, timeouts, loss reasons and histograms, level
// by level, temple by temple, and Ganon's. It leaves g's identity, Partial and Outcomes alone.
// The groups must have the same shape (see EmptyLike), except that o may lack shortfall
// skills of g; otherwise Add returns an error naming the field that differs, e.g.
// "levels[1].rounds_hist: 61 bins, but the group added has 40", and g is left partly added to.
func (g *Group) Add(o *Group) error {
	g.Campaigns += o.Campaigns
	g.Wins += o.Wins
	g.Timeouts += o.Timeouts
	g.LossReasons = addCounts(g.LossReasons, o.LossReasons)
	if err := addHist("final_shards_hist", g.FinalShardsHist, o.FinalShardsHist); err != nil {
		return err
	}
	if len(g.Levels) != len(o.Levels) {
		return fmt.Errorf("levels: %d, but the group added has %d", len(g.Levels), len(o.Levels))
	}
	for i, l := range g.Levels {
		if err := l.add(o.Levels[i]); err != nil {
			return fmt.Errorf("levels[%d].%v", i, err)
		}
	}
	if len(g.Temples) != len(o.Temples) {
		return fmt.Errorf("temples: %d, but the group added has %d", len(g.Temples), len(o.Temples))
	}
	for i, t := range g.Temples {
		if err := t.add(o.Temples[i]); err != nil {
			return fmt.Errorf("temples[%d].%v", i, err)
		}
	}
	if err := g.Ganon.add(&o.Ganon); err != nil {
		return fmt.Errorf("ganon.%v", err)
	}
	for k, c := range o.Decisions {
		g.addDecision(k, *c)
	}
	return nil
}

// add adds the counts of level o to l (the same level, with histograms of the same lengths).
func (l *LevelStats) add(o *LevelStats) error {
	if l.Level != o.Level {
		return fmt.Errorf("level: %d, but the group added has %d", l.Level, o.Level)
	}
	l.Attempts += o.Attempts
	l.Successes += o.Successes
	l.Kills += o.Kills
	l.TimeTokensSpent += o.TimeTokensSpent
	l.ShardsBurned += o.ShardsBurned
	l.BossReached += o.BossReached
	l.Timeouts += o.Timeouts
	l.LossReasons = addCounts(l.LossReasons, o.LossReasons)
	l.Quality.add(&o.Quality)
	for _, h := range []struct {
		name     string
		dst, src []int64
	}{
		{"rounds_hist", l.RoundsHist, o.RoundsHist},
		{"shards_gained_hist", l.ShardsGainedHist, o.ShardsGainedHist},
		{"special_rooms_hist", l.SpecialRoomsHist, o.SpecialRoomsHist},
	} {
		if err := addHist(h.name, h.dst, h.src); err != nil {
			return err
		}
	}
	return nil
}

// add adds the counts of o to q.
func (q *QualityStats) add(o *QualityStats) {
	q.HeroRounds += o.HeroRounds
	q.IdleHeroRounds += o.IdleHeroRounds
	q.BossWaits += o.BossWaits
	q.FailedActivations += o.FailedActivations
	q.Retries += o.Retries
	q.ShardsBurnedLost += o.ShardsBurnedLost
	q.KillsBy = addCounts(q.KillsBy, o.KillsBy)
	q.LostTo = addCounts(q.LostTo, o.LostTo)
}

// add adds the counts of o to t (the same temple at the same level).
func (t *TempleStat) add(o *TempleStat) error {
	if t.Temple != o.Temple || t.Level != o.Level {
		return fmt.Errorf("temple: %s at Level %d, but the group added has %s at Level %d", t.Temple, t.Level, o.Temple, o.Level)
	}
	t.Attempts += o.Attempts
	t.Successes += o.Successes
	t.RoundsSum += o.RoundsSum
	t.ShardsSum += o.ShardsSum
	return nil
}

// add adds the counts of o to s; every skill of o must be one of s's.
func (s *GanonStats) add(o *GanonStats) error {
	s.Reached += o.Reached
	s.Defeated += o.Defeated
	for k, h := range o.ShortfallHist {
		dh, ok := s.ShortfallHist[k]
		if !ok {
			return fmt.Errorf("shortfall_hist.%s: missing, but the group added has it", k)
		}
		if err := addHist("shortfall_hist."+k, dh, h); err != nil {
			return err
		}
	}
	return nil
}

// addCounts adds src's counts into dst (made when nil) and returns it.
func addCounts(dst, src map[string]int64) map[string]int64 {
	if dst == nil {
		dst = map[string]int64{}
	}
	for k, v := range src {
		dst[k] += v
	}
	return dst
}

// addHist adds histogram src into dst, which must have the same length (the error names the
// field).
func addHist(field string, dst, src []int64) error {
	if len(dst) != len(src) {
		return fmt.Errorf("%s: %d bins, but the group added has %d", field, len(dst), len(src))
	}
	for i, n := range src {
		dst[i] += n
	}
	return nil
}

// DecisionStat counts one kind of decision of a searching agent (Group.Decisions).
type DecisionStat struct {
	// Searched decisions were judged by lookahead (rollouts).
	Searched int64 `json:"searched"`
	// Changed ones ended with another choice than the planner's.
	Changed int64 `json:"changed"`
}

// addDecisions adds the counts of d (by prompt) to the group's decisions, creating the map and
// its entries for the kinds that occurred.
func (g *Group) addDecisions(d *agents.Decisions) {
	for p, c := range d {
		if c.Searched == 0 && c.Changed == 0 {
			continue
		}
		g.addDecision(rules.PromptNames[p], DecisionStat{Searched: c.Searched, Changed: c.Changed})
	}
}

// addDecision adds the counts of one kind of decision.
func (g *Group) addDecision(kind string, c DecisionStat) {
	if g.Decisions == nil {
		g.Decisions = map[string]*DecisionStat{}
	}
	if g.Decisions[kind] == nil {
		g.Decisions[kind] = &DecisionStat{}
	}
	g.Decisions[kind].Searched += c.Searched
	g.Decisions[kind].Changed += c.Changed
}
