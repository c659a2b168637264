package clockwork

import (
	agents "github.com/clockworksim/clockwork/agents/clockwork"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// tally is one worker's accumulator for one group: plain integer counts, no maps, so that the
// hot loop (add) allocates nothing. A fold turns it into Stats (stats) that Stats.Add adds to
// the results' group.
type tally struct {
	campaigns, wins, timeouts int64
	lossReasons               [rules.NumLossReasons]int64
	finalShards               [maxShardsBin + 1]int64
	levels                    [rules.Levels + 1]levelTally
	temples                   [4][rules.MaxTemples]templeTally
	ganonReached, ganonWins   int64
	shortfall                 [rules.NumSkills][maxShortBin + 1]int64
	reachedShortfall          [rules.NumSkills][maxShortBin + 1]int64 // lost after reaching Ganon
	decisions                 agents.Decisions                        // a searching agent's lookahead decisions
}

type levelTally struct {
	attempts, successes, kills, timeSpent, shardsBurned, bossReached, timeouts int64
	rounds                                                                     [maxRoundsBin + 1]int64
	shards                                                                     [rules.MaxPlayers + 1]int64
	special                                                                    [maxSpecialBin + 1]int64
	reasons                                                                    [rules.NumLossReasons]int64
	quality                                                                    qualityTally
}

type templeTally struct{ attempts, successes, rounds, shards int64 }

// qualityTally is QualityStats in fixed arrays, for the workers' hot loop.
type qualityTally struct {
	heroRounds, idle, bossWaits, failed, retries, burnedLost int64
	killsBy, lostTo                                          [rules.NumCauses]int64
}

// add counts a finished campaign.
func (t *tally) add(g *rules.Game) {
	t.campaigns++
	if g.Won() {
		t.wins++
	}
	shards := 0
	for h := 0; h < g.Players(); h++ {
		shards += int(g.Hero(h).Shards)
	}
	t.finalShards[min(shards, maxShardsBin)]++
	timedOut := false
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		res := g.Result(lvl)
		lt := &t.levels[lvl]
		lt.attempts++
		if res.Won {
			lt.successes++
		} else {
			lt.reasons[res.Reason]++
		}
		if res.Reason == rules.Timeout {
			lt.timeouts++
			timedOut = true
		}
		lt.rounds[min(res.Rounds, maxRoundsBin)]++
		lt.shards[min(res.ShardsGained, rules.MaxPlayers)]++
		lt.special[min(res.SpecialRooms, maxSpecialBin)]++
		lt.kills += int64(res.Kills)
		lt.timeSpent += int64(res.TimeSpent)
		lt.shardsBurned += int64(res.ShardsBurned)
		lt.quality.add(&res)
		if res.BossReached {
			lt.bossReached++
		}
		if lvl <= 3 && res.Temple != rules.NoTemple {
			tt := &t.temples[lvl][res.Temple]
			tt.attempts++
			if res.Won {
				tt.successes++
			}
			tt.rounds += int64(res.Rounds)
			tt.shards += int64(res.ShardsGained)
		}
	}
	if timedOut {
		t.timeouts++
	}
	last := g.Result(rules.Levels)
	if !g.Won() {
		t.lossReasons[last.Reason]++
		for s := rules.Move; s < rules.NumSkills; s++ {
			t.shortfall[s][min(int(last.Shortfall[s]), maxShortBin)]++
			if last.BossReached {
				t.reachedShortfall[s][min(int(last.GanonNeed[s]), maxShortBin)]++
			}
		}
	}
	if last.BossReached {
		t.ganonReached++
	}
	if g.Won() {
		t.ganonWins++
	}
}

func (q *qualityTally) add(res *rules.LevelResult) {
	rq := &res.Quality
	q.heroRounds += int64(rq.HeroRounds)
	q.idle += int64(rq.IdleHeroRounds)
	q.bossWaits += int64(rq.BossWaits)
	q.failed += int64(rq.FailedActivations)
	q.retries += int64(rq.Retries)
	for c, n := range rq.KillsBy {
		q.killsBy[c] += int64(n)
	}
	if !res.Won {
		q.burnedLost += int64(res.ShardsBurned)
		q.lostTo[rq.LostTo]++
	}
}

// stats returns the tally's counts as Stats shaped like shape (a group's, made by newStats with
// d), for Stats.Add. Maps get only the counts above zero. It allocates, so it is for folds (at
// checkpoints and at the end), not the hot loop.
func (t *tally) stats(shape *Stats, d *rules.Data) *Stats {
	g := shape.emptyLike()
	g.Timeouts = t.timeouts
	putReasons(g.LossReasons, &t.lossReasons)
	copy(g.FinalShardsHist, t.finalShards[:])
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		t.levels[lvl].put(g.Levels[lvl-1])
	}
	for _, ts := range g.Temples {
		for ti, tp := range d.Temples {
			if tp.ID == ts.Temple {
				src := &t.temples[ts.Level][ti]
				ts.Attempts += src.attempts
				ts.Successes += src.successes
				ts.RoundsSum += src.rounds
				ts.ShardsSum += src.shards
			}
		}
	}
	g.Ganon.Reached, g.Ganon.Defeated = t.ganonReached, t.ganonWins
	g.addDecisions(&t.decisions)
	for s := rules.Move; s < rules.NumSkills; s++ {
		copy(g.Ganon.ShortfallHist[s.String()], t.shortfall[s][:])
		if h := g.Ganon.ReachedShortfallHist[s.String()]; h != nil {
			copy(h, t.reachedShortfall[s][:])
		}
	}
	return g
}

// put writes the level's counts into l, an empty level.
func (t *levelTally) put(l *LevelStats) {
	l.Attempts, l.Successes, l.Kills, l.Timeouts = t.attempts, t.successes, t.kills, t.timeouts
	l.TimeTokensSpent, l.ShardsBurned, l.BossReached = t.timeSpent, t.shardsBurned, t.bossReached
	copy(l.RoundsHist, t.rounds[:])
	copy(l.ShardsGainedHist, t.shards[:])
	copy(l.SpecialRoomsHist, t.special[:])
	putReasons(l.LossReasons, &t.reasons)
	t.quality.put(&l.Quality)
}

// put writes the counts into q, empty quality stats: KillsBy and LostTo by cause name
// (rules.CauseNames), levels lost to no cause under "timeout".
func (t *qualityTally) put(q *QualityStats) {
	q.HeroRounds, q.IdleHeroRounds, q.BossWaits = t.heroRounds, t.idle, t.bossWaits
	q.FailedActivations, q.Retries, q.ShardsBurnedLost = t.failed, t.retries, t.burnedLost
	for c := 1; c < int(rules.NumCauses); c++ {
		if t.killsBy[c] > 0 {
			q.KillsBy[rules.CauseNames[c]] = t.killsBy[c]
		}
		if t.lostTo[c] > 0 {
			q.LostTo[rules.CauseNames[c]] = t.lostTo[c]
		}
	}
	if t.lostTo[rules.CauseNone] > 0 {
		q.LostTo["timeout"] = t.lostTo[rules.CauseNone]
	}
}

// putReasons writes the loss reasons counted above zero into m by name (rules.LossReasonNames).
func putReasons(m map[string]int64, counts *[rules.NumLossReasons]int64) {
	for r := 1; r < int(rules.NumLossReasons); r++ {
		if counts[r] > 0 {
			m[rules.LossReasonNames[r]] = counts[r]
		}
	}
}
