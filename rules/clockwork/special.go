package clockwork

// activation is a special room's activation in progress: its steps are resolved one after
// another, with no other action in between (rulebook: Special Rooms).
type activation struct {
	active    bool
	hero      int8
	r, c      int8
	kind      SpecialKind
	step      int8
	treasures int8 // Treasure Room: the Treasures paid for
}

// startActivation begins activating the special room hero h stands in (Treasure Room: for k
// Treasures).
func (g *Game) startActivation(h, k int) {
	hero := &g.heroes[h]
	_, t := g.roomAt(hero.Pos)
	g.act = activation{active: true, hero: int8(h), r: hero.Pos.R, c: hero.Pos.C, kind: t.Special, treasures: int8(k)}
	g.pushJob(teamJob(jobActivate))
}

// activationStep resolves the next step, or completes the activation.
func (g *Game) activationStep() {
	a := &g.act
	if !a.active || g.levelOver {
		return
	}
	h := int(a.hero)
	hero := &g.heroes[h]
	if int(hero.Pos.R) != int(a.r) || int(hero.Pos.C) != int(a.c) {
		g.failActivation() // the room moved away from under the activation
		return
	}
	sr := &g.data.SpecialRooms[a.kind]
	steps := sr.Activation[g.level]
	if int(a.step) >= len(steps) {
		g.completeActivation()
		return
	}
	st := steps[a.step]
	a.step++
	switch {
	case st.Enemy > 0:
		g.engage(h, int(st.Enemy), -1, true)
	case a.kind == TreasureRoom:
		need := st.Cost
		need[Interact] *= int16(a.treasures)
		g.beginPay(h, purTreasureRoom, need, int(a.treasures))
		if g.pay.active {
			g.pay.contributors = g.sameRoom(h)
		}
	default:
		g.beginPay(h, purStep, st.Cost, 0)
		if g.pay.active {
			g.pay.contributors = g.sameRoom(h)
		}
	}
}

func (g *Game) failActivation() {
	if g.act.active {
		g.countFailedActivation()
		if g.sink != nil {
			g.emit(&Event{Type: EvActivationFailed, Hero: g.act.hero, Special: g.act.kind, At: Pos{R: g.act.r, C: g.act.c}})
		}
		g.pushJob(heroJob(jobEngageNext, int(g.act.hero))) // enemies its enemies summoned
	}
	g.act = activation{}
}

// countFailedActivation adds a failed activation to the level's play-quality figures, and a
// retry when the same room already failed this round.
func (g *Game) countFailedActivation() {
	q := &g.results[g.level].Quality
	q.FailedActivations++
	cell := int16(cellOf(int(g.act.r), int(g.act.c)))
	if g.failedRound == g.round && g.failedCell == cell {
		q.Retries++
	}
	g.failedRound, g.failedCell = g.round, cell
}

// completeActivation gives the special room's rewards: a Time token to every hero, and the
// room's own (Compass and Map tokens, the Big Key, Treasures).
func (g *Game) completeActivation() {
	a := g.act
	g.act = activation{}
	g.pushJob(heroJob(jobEngageNext, int(a.hero))) // enemies its enemies summoned, after the rewards
	room := &g.grid.Rooms[a.r][a.c]
	room.Activated = true
	g.roomChanged(int(a.r), int(a.c))
	g.specialRooms++
	sr := &g.data.SpecialRooms[a.kind]
	for i := 0; i < g.players; i++ {
		g.heroes[i].Time += sr.TimeTokens
		g.emitTime(i, sr.TimeTokens, SourceSpecialRoom)
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvSpecialRoom, Hero: a.hero, Special: a.kind, At: Pos{R: a.r, C: a.c}})
	}
	switch a.kind {
	case Compass, Map:
		room.Tokens = max(0, sr.HeroTokens-int8(g.players)*sr.TimeTokens)
		g.tokensChanged()
	case KeyRoom:
		g.keyActivated = true
	case TreasureRoom:
		g.pushJob(treasuresJob(int(a.hero), int(a.treasures), 1))
	}
}

// bossAttempt: the boss makes its special attack on the heroes in the Boss Room, then they
// choose how many multiples to pay (decision 4).
func (g *Game) bossAttempt(h int) {
	g.bossAttempts++
	g.bossAttacked = true
	atk := g.bossAttack()
	if g.sink != nil {
		g.emit(&Event{Type: EvBossAttack, Hero: int8(h), Special: BossRoom, BossEffect: atk.Effect})
	}
	g.pushJob(heroJob(jobBossChoice, h))
	if atk.Effect == BossRollOff {
		g.pushJob(rollOffJob(int(atk.Amount), atk.Highest))
		return
	}
	for i := g.players - 1; i >= 0; i-- {
		if !g.inBossRoom(i) {
			continue
		}
		switch atk.Effect {
		case BossRollDamage:
			g.pushJob(damageJob(i, atk.Mode, int(atk.Bonus), dmgBoss, 0))
		case BossLoseHearts:
			g.pushJob(loseHeartsJob(i, int(atk.Amount), byBoss, 0))
		case BossDiscardCards:
			g.pushJob(discardJob(i, int(atk.Amount), srcHand|srcDeck, ReasonBoss, CauseNone))
		case BossExhaustEquipped:
			hero := &g.heroes[i]
			for k := 0; k < int(hero.EquipN); k++ {
				g.setExhausted(hero.Equip[k], true)
			}
		}
	}
	if atk.Effect == BossExhaustEquipped && g.sink != nil {
		for i := 0; i < g.players; i++ {
			if g.inBossRoom(i) {
				g.emitBossAbility(i, 0, 0, int(g.heroes[i].EquipN))
			}
		}
	}
}

func (g *Game) bossAttack() BossAttack {
	if g.level == Levels {
		return g.data.Ganon.Attack
	}
	return g.data.Bosses[g.data.Temples[g.temple].Boss].Attack
}

// rollOff: every hero in the Boss Room rolls; those with the lowest (or highest) roll lose
// amount hearts. When all tie, all count as both lowest and highest.
func (g *Game) rollOff(amount int, highest bool) {
	var rolls [MaxPlayers]int
	best := -1
	for i := 0; i < g.players; i++ {
		if !g.inBossRoom(i) {
			continue
		}
		rolls[i] = g.roll()
		if best < 0 || (highest && rolls[i] > best) || (!highest && rolls[i] < best) {
			best = rolls[i]
		}
	}
	if g.sink != nil {
		e := Event{Type: EvRollOff, Highest: highest, Players: int8(g.players)}
		for i := 0; i < g.players; i++ {
			e.Rolls[i] = int8(rolls[i])
		}
		g.emit(&e)
	}
	for i := g.players - 1; i >= 0; i-- {
		if g.inBossRoom(i) && rolls[i] == best {
			g.pushJob(loseHeartsJob(i, amount, byBoss, 0))
		}
	}
}

// bossNeed returns the cost of k multiples: the boss's cost times k (times the players too
// under rules.boss_strike_cost: times_players), or Ganon's targets less the Shards of the
// heroes in the Boss Room.
func (g *Game) bossNeed(k int) Cost { return g.bossNeedFor(k, g.bossRoomHeroes()) }

// bossNeedFor is the cost of k multiples if the heroes in set were the heroes in the Boss Room.
func (g *Game) bossNeedFor(k int, set uint8) Cost {
	if g.level == Levels {
		need := g.data.Ganon.Targets[g.players]
		shards := 0
		for i := 0; i < g.players; i++ {
			if set&(1<<i) != 0 {
				shards += int(g.heroes[i].Shards)
			}
		}
		for s := range need {
			need[s] = max(0, need[s]-int16(shards*g.data.Settings.GanonShardValue))
		}
		return need
	}
	c := g.data.Bosses[g.data.Temples[g.temple].Boss].Cost[g.level]
	if g.data.Settings.BossStrikeCost == StrikeTimesPlayers {
		k *= g.players
	}
	for s := range c {
		c[s] *= int16(k)
	}
	return c
}

// multiples answers the boss prompt: pay k multiples now, or (k = 0) not this round.
func (g *Game) multiples(h, k int) {
	g.prompt = PromptNone
	if k == 0 {
		if g.sink != nil {
			g.emit(&Event{Type: EvBossWait})
		}
		return
	}
	g.beginPay(h, purBoss, g.bossNeed(k), k)
}

// bossDefeated ends the level in victory: k Shards go one by one to the heroes with the fewest
// (a tie: the players decide, PromptShardTo, under rules.ties_chosen_by_players; else the
// lowest hero number), and every hero gains a Heart Container. Ganon's fall wins the campaign.
func (g *Game) bossDefeated(k int) {
	g.specialRooms++
	g.award = shardAward{k: int8(k)}
	if g.level == Levels {
		g.award.given = g.award.k // Ganon gives no Shard
	}
	g.awardShards()
}

// shardAward is a boss's Shards being awarded one by one.
type shardAward struct {
	k, given int8
	to       [MaxPlayers]int8 // the hero of each Shard, in the order awarded (k is at most the players)
}

// awardShards gives the boss's Shards still to give, asking the players on a tie, then ends
// the level.
func (g *Game) awardShards() {
	for g.award.given < g.award.k {
		fewest := g.fewestShards()
		if len(fewest) > 1 && g.data.Settings.TiesChosenByPlayers {
			g.setPrompt(PromptShardTo, -1) // "in the case of a tie, the players decide"
			return
		}
		g.giveShard(fewest[0])
	}
	g.bossWon()
}

// fewestShards returns the heroes with the fewest Shards, in hero order (a slice of a buffer
// of the game's: valid until the next call).
func (g *Game) fewestShards() []int {
	least := g.heroes[0].Shards
	for i := 1; i < g.players; i++ {
		least = min(least, g.heroes[i].Shards)
	}
	out := g.fewest[:0]
	for i := 0; i < g.players; i++ {
		if g.heroes[i].Shards == least {
			out = append(out, i)
		}
	}
	return out
}

// giveShard gives the boss's next Shard to hero h.
func (g *Game) giveShard(h int) {
	g.heroes[h].Shards++
	g.heroes[h].Gained = true
	g.award.to[g.award.given] = int8(h)
	g.award.given++
}

// bossWon ends the level won once the Shards are given: every hero gains a Heart Container
// (not after Ganon, whose fall wins the campaign).
func (g *Game) bossWon() {
	ganon := g.level == Levels
	k := int(g.award.k)
	if !ganon {
		for i := 0; i < g.players; i++ {
			g.heroes[i].Containers++
			g.heroes[i].Hearts = g.heroes[i].Containers
		}
		g.results[g.level].ShardsGained = k
	}
	g.results[g.level].Multiples = k
	if g.sink != nil {
		e := Event{Type: EvBossDefeated, Multiples: int8(k), Ganon: ganon, ShardsTo: g.award.to}
		if !ganon {
			e.NShardsTo = int8(k)
		}
		g.emit(&e)
		for i := 0; i < g.players && !ganon; i++ {
			g.emitContainer(i, SourceBoss)
		}
	}
	g.endLevel(true, NotLost)
}
