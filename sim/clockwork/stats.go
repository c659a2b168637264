package clockwork

import (
	"fmt"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
)

// This file is the one place that knows Clockwork Realm's counts of a group: NewStats and
// EmptyLike make them, Add adds them up (a worker's tally, a shard in a merge, a checkpoint on
// resume).

// Histogram lengths: indexes past the end are counted in the last bin.
const (
	maxRoundsBin  = 60
	maxShardsBin  = 40
	maxSpecialBin = 5
	maxShortBin   = 60
)

// Stats is Clockwork Realm's counts of one group (../shared/SCHEMAS.md, docs/results.md): the
// fields of a group after its generic ones (players, agent, campaigns, wins).
type Stats struct {
	LossReasons map[string]int64 `json:"loss_reasons"`
	Timeouts    int64            `json:"timeouts"`
	// FinalShardsHist counts campaigns by the Shards the team held at the end (index = Shards).
	FinalShardsHist []int64       `json:"final_shards_hist"`
	Levels          []*LevelStats `json:"levels"`
	Temples         []*TempleStat `json:"temples"`
	Ganon           GanonStats    `json:"ganon"`
	// Decisions counts, for an agent that searches (the expert), the decisions it judged by
	// lookahead and how often it chose otherwise than the planner, by kind of decision
	// (rules.PromptNames); absent for the other agents.
	Decisions map[string]*DecisionStat `json:"decisions,omitempty"`
}

// Of returns the Clockwork counts of a group of a Clockwork results file (nil for another game).
func Of(g *sim.Group) *Stats {
	s, _ := g.Stats.(*Stats)
	return s
}

// LevelStats counts one level (1-4) over the campaigns of a group.
type LevelStats struct {
	Level            int              `json:"level"`
	Attempts         int64            `json:"attempts"`
	Successes        int64            `json:"successes"`
	RoundsHist       []int64          `json:"rounds_hist"`
	ShardsGainedHist []int64          `json:"shards_gained_hist"`
	SpecialRoomsHist []int64          `json:"special_rooms_hist"`
	Kills            int64            `json:"kills"`
	TimeTokensSpent  int64            `json:"time_tokens_spent"`
	ShardsBurned     int64            `json:"shards_burned"`
	BossReached      int64            `json:"boss_reached"`
	Timeouts         int64            `json:"timeouts"`
	LossReasons      map[string]int64 `json:"loss_reasons"`
	// Quality is how the teams played the level (docs/results.md, "how teams lose").
	Quality QualityStats `json:"quality"`
}

// QualityStats counts the play-quality figures of a level (rules.Quality) over the campaigns
// of a group: what tells a designer how the teams played and lost.
type QualityStats struct {
	HeroRounds        int64 `json:"hero_rounds"`
	IdleHeroRounds    int64 `json:"idle_hero_rounds"`
	BossWaits         int64 `json:"boss_waits"`
	FailedActivations int64 `json:"failed_activations"`
	Retries           int64 `json:"activation_retries"`
	// ShardsBurnedLost counts the Shards burned on reshuffles in levels that were then lost.
	ShardsBurnedLost int64 `json:"shards_burned_in_lost_levels"`
	// KillsBy counts kills by cause; LostTo lost levels by what lost them (rules.CauseNames).
	KillsBy map[string]int64 `json:"kills_by"`
	LostTo  map[string]int64 `json:"lost_to"`
}

// TempleStat counts one temple at one level.
type TempleStat struct {
	Temple    string `json:"temple"`
	Level     int    `json:"level"`
	Attempts  int64  `json:"attempts"`
	Successes int64  `json:"successes"`
	RoundsSum int64  `json:"rounds_sum"`
	ShardsSum int64  `json:"shards_sum"`
}

// GanonStats counts Ganon's Tower: campaigns in which a hero reached his Boss Room, Ganon's
// defeats, and per skill (index = points, the last bin counting that many or more):
//   - ShortfallHist, over every lost campaign (reached Ganon or not): what Ganon's targets still
//     asked of the cards after all the heroes' Shards (rules.LevelResult.Shortfall);
//   - ReachedShortfallHist, over the lost campaigns whose heroes reached his Boss Room only: what
//     his targets still asked after the Shards and the cards played against him in the last
//     fight (rules.LevelResult.GanonNeed), how close the fights came. Absent (nil) in results
//     written before it existed; a group's histograms then sum to 0.
type GanonStats struct {
	Reached              int64              `json:"reached"`
	Defeated             int64              `json:"defeated"`
	ShortfallHist        map[string][]int64 `json:"shortfall_hist"`
	ReachedShortfallHist map[string][]int64 `json:"reached_shortfall_hist,omitempty"`
}

// DecisionStat counts one kind of decision of a searching agent (Stats.Decisions).
type DecisionStat struct {
	// Searched decisions were judged by lookahead (rollouts).
	Searched int64 `json:"searched"`
	// Changed ones ended with another choice than the planner's.
	Changed int64 `json:"changed"`
}

// newStats makes the empty counts of a group: the histogram lengths of the constants above,
// rules.Levels levels, d's temples at Levels 1-3 and a shortfall histogram per skill.
func newStats(d *rules.Data) *Stats {
	shape := &Stats{FinalShardsHist: make([]int64, maxShardsBin+1), Ganon: GanonStats{ShortfallHist: map[string][]int64{}}}
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		shape.Levels = append(shape.Levels, &LevelStats{Level: lvl, RoundsHist: make([]int64, maxRoundsBin+1),
			ShardsGainedHist: make([]int64, rules.MaxPlayers+1), SpecialRoomsHist: make([]int64, maxSpecialBin+1)})
	}
	for lvl := 1; lvl <= 3; lvl++ {
		for _, t := range d.Temples {
			shape.Temples = append(shape.Temples, &TempleStat{Temple: t.ID, Level: lvl})
		}
	}
	shape.Ganon.ReachedShortfallHist = map[string][]int64{}
	for s := rules.Move; s < rules.NumSkills; s++ {
		shape.Ganon.ShortfallHist[s.String()] = make([]int64, maxShortBin+1)
		shape.Ganon.ReachedShortfallHist[s.String()] = make([]int64, maxShortBin+1)
	}
	return shape.emptyLike()
}

// EmptyLike returns counts with s's shape (histogram lengths, levels, temples, shortfall skills)
// and every count zero, every map empty.
func (s *Stats) EmptyLike() sim.Stats { return s.emptyLike() }

func (s *Stats) emptyLike() *Stats {
	c := &Stats{LossReasons: map[string]int64{}, FinalShardsHist: make([]int64, len(s.FinalShardsHist)),
		Ganon: GanonStats{ShortfallHist: make(map[string][]int64, len(s.Ganon.ShortfallHist))}}
	for _, l := range s.Levels {
		c.Levels = append(c.Levels, &LevelStats{Level: l.Level, RoundsHist: make([]int64, len(l.RoundsHist)),
			ShardsGainedHist: make([]int64, len(l.ShardsGainedHist)), SpecialRoomsHist: make([]int64, len(l.SpecialRoomsHist)),
			LossReasons: map[string]int64{}, Quality: QualityStats{KillsBy: map[string]int64{}, LostTo: map[string]int64{}}})
	}
	for _, t := range s.Temples {
		c.Temples = append(c.Temples, &TempleStat{Temple: t.Temple, Level: t.Level})
	}
	for k, h := range s.Ganon.ShortfallHist {
		c.Ganon.ShortfallHist[k] = make([]int64, len(h))
	}
	if s.Ganon.ReachedShortfallHist != nil {
		c.Ganon.ReachedShortfallHist = make(map[string][]int64, len(s.Ganon.ReachedShortfallHist))
		for k, h := range s.Ganon.ReachedShortfallHist {
			c.Ganon.ReachedShortfallHist[k] = make([]int64, len(h))
		}
	}
	return c
}

// Add adds the counts of o to s: timeouts, loss reasons and histograms, level by level, temple
// by temple, and Ganon's. The counts must have the same shape (see EmptyLike), except that o may
// lack shortfall skills of s; otherwise Add returns an error naming the field that differs, e.g.
// "levels[1].rounds_hist: 61 bins, but the group added has 40", and s is left partly added to.
func (s *Stats) Add(other sim.Stats) error {
	o, ok := other.(*Stats)
	if !ok {
		return fmt.Errorf("the group added is not of Clockwork Realm")
	}
	s.Timeouts += o.Timeouts
	s.LossReasons = addCounts(s.LossReasons, o.LossReasons)
	if err := addHist("final_shards_hist", s.FinalShardsHist, o.FinalShardsHist); err != nil {
		return err
	}
	if len(s.Levels) != len(o.Levels) {
		return fmt.Errorf("levels: %d, but the group added has %d", len(s.Levels), len(o.Levels))
	}
	for i, l := range s.Levels {
		if err := l.add(o.Levels[i]); err != nil {
			return fmt.Errorf("levels[%d].%v", i, err)
		}
	}
	if len(s.Temples) != len(o.Temples) {
		return fmt.Errorf("temples: %d, but the group added has %d", len(s.Temples), len(o.Temples))
	}
	for i, t := range s.Temples {
		if err := t.add(o.Temples[i]); err != nil {
			return fmt.Errorf("temples[%d].%v", i, err)
		}
	}
	if err := s.Ganon.add(&o.Ganon); err != nil {
		return fmt.Errorf("ganon.%v", err)
	}
	for k, c := range o.Decisions {
		s.addDecision(k, *c)
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

// add adds the counts of o to s; every skill of o must be one of s's. reached_shortfall_hist
// is kept only where both sides have it, or the side without it has no campaign that would
// count in it (none reached Ganon and lost): added to or from a group of a file written before
// it, the sum has none (nil), as its counts would be short.
func (s *GanonStats) add(o *GanonStats) error {
	sLost, oLost := s.Reached-s.Defeated, o.Reached-o.Defeated
	s.Reached += o.Reached
	s.Defeated += o.Defeated
	if err := addHists("shortfall_hist", s.ShortfallHist, o.ShortfallHist); err != nil {
		return err
	}
	switch {
	case s.ReachedShortfallHist == nil && o.ReachedShortfallHist == nil:
		return nil
	case o.ReachedShortfallHist == nil:
		if oLost > 0 {
			s.ReachedShortfallHist = nil
		}
		return nil
	case s.ReachedShortfallHist == nil:
		if sLost > 0 {
			return nil
		}
		s.ReachedShortfallHist = make(map[string][]int64, len(o.ReachedShortfallHist))
		for k, h := range o.ReachedShortfallHist {
			s.ReachedShortfallHist[k] = make([]int64, len(h))
		}
	}
	return addHists("reached_shortfall_hist", s.ReachedShortfallHist, o.ReachedShortfallHist)
}

// addHists adds src's histograms (by skill) into dst's of the same skills; the error names the
// field (e.g. "shortfall_hist.luck: missing, but the group added has it").
func addHists(field string, dst, src map[string][]int64) error {
	for k, h := range src {
		dh, ok := dst[k]
		if !ok {
			return fmt.Errorf("%s.%s: missing, but the group added has it", field, k)
		}
		if err := addHist(field+"."+k, dh, h); err != nil {
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

// addDecisions adds the counts of d (by prompt) to the decisions, creating the map and
// its entries for the kinds that occurred.
func (s *Stats) addDecisions(d *agents.Decisions) {
	for p, c := range d {
		if c.Searched == 0 && c.Changed == 0 {
			continue
		}
		s.addDecision(rules.PromptNames[p], DecisionStat{Searched: c.Searched, Changed: c.Changed})
	}
}

// addDecision adds the counts of one kind of decision.
func (s *Stats) addDecision(kind string, c DecisionStat) {
	if s.Decisions == nil {
		s.Decisions = map[string]*DecisionStat{}
	}
	if s.Decisions[kind] == nil {
		s.Decisions[kind] = &DecisionStat{}
	}
	s.Decisions[kind].Searched += c.Searched
	s.Decisions[kind].Changed += c.Changed
}
