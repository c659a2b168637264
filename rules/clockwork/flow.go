package clockwork

import "github.com/clockworksim/clockwork/rules/chance"

// Prompt is the kind of decision the game waits for.
type Prompt uint8

// The decisions. PromptMain is the ordinary one: a hero's action, a pass, or the end of the
// round; the others are choices inside an action or effect.
const (
	PromptNone         Prompt = iota
	PromptChooseTemple        // pick one of the two offered medallions
	PromptMain                // a hero's action, a pass or the end of the round
	PromptPay                 // play cards toward the cost in progress, or give up
	PromptResolve             // an engaged hero must defeat, evade or take damage now
	PromptKeep                // keep one of the revealed cards (or activate the enemy's feature)
	PromptPlace               // put a gained card in the discard pile, equip it, or bottle it
	PromptTreasureTo          // which hero draws the Treasure, from which tier
	PromptDiscard             // choose a card to discard (killed, forced discards, equip limit)
	PromptRift                // ignore the rift or roll
	PromptShard               // spend a Shard to reshuffle, or not
	PromptBoss                // how many multiples to pay (0: wait for a better hand)
	PromptCog                 // how to turn the activated Cog
	PromptAbility             // pay an enemy's ability cost or take its consequence
	PromptHazard              // how much hazard damage to prevent with Move
	PromptEngageOrder         // which enemy of the space the entering hero engages next
	PromptEnemyTie            // which of an advanced enemy's tied cards the hero engages (decision 19)
	PromptShardTo             // which of the heroes tied for the fewest Shards gains the next boss Shard (decision 20)
	NumPrompts
)

// PromptNames are the prompts' names, for messages and event logs.
var PromptNames = [NumPrompts]string{"none", "choose_temple", "main", "pay", "resolve", "keep",
	"place", "treasure_to", "discard", "rift", "shard", "boss", "cog", "ability", "hazard",
	"engage_order", "enemy_tie", "shard_to"}

// String returns the prompt's name.
func (p Prompt) String() string { return PromptNames[p] }

// Prompt returns the decision the game waits for, and ToMove the hero it is about (-1 when it
// is the team's).
func (g *Game) Prompt() Prompt { return g.prompt }

// ToMove returns the hero the current prompt is about, or -1 when the team decides together.
func (g *Game) ToMove() int { return int(g.actor) }

func (g *Game) setPrompt(p Prompt, actor int) {
	if g.levelOver {
		return // the level has ended: what was under way is moot
	}
	g.prompt = p
	g.actor = int8(actor)
}

// jobKind is a step of the game's procedures that runs without a decision.
type jobKind uint8

const (
	jobNone jobKind = iota
	jobStartRound
	jobEndRound   // a stage of the end of the round (endRoundJob)
	jobDraw       // draw cards (drawJob)
	jobEngageNext // engage the next enemy queued for the hero
	jobDamage     // roll for damage (damageJob)
	jobLoseHearts // lose hearts (loseHeartsJob)
	jobDiscard    // a forced discard (discardJob)
	jobKilledDone // the killed hero regains hearts
	jobGainItems  // gain Items one after another (gainItemsJob)
	jobKeepItems  // reveal Items and keep some (keepItemsJob)
	jobKeepMore   // ask the hero to keep another of the revealed cards
	jobTreasures  // gain Treasures (treasuresJob)
	jobActivate   // the next step of the special-room activation
	jobBossChoice // after the special attack: how many multiples
	jobRollOff    // a boss roll-off among the heroes in the Boss Room (rollOffJob)
	jobEquipLimit // the hero must discard equipped cards down to his Shards
	jobEnterSpace // the hero has entered his space: hazard, rift, enemies
	jobRift       // the hero entered a rift: ask
	jobNextLevel  // the level is over: set up the next one
	jobResolve    // a special room's engaged enemy must be resolved now
)

const maxJobs = 64

// job is one pending procedure step. Jobs run last in, first out. Build them with the
// constructors below, which say what each field means for their kind.
type job struct {
	kind    jobKind
	hero    int8
	count   int8  // how many: cards to draw or discard, hearts, Items, Treasures; a damage roll's bonus; a roll-off's amount
	opt     int8  // the kind's option: see its constructor
	flags   int8  // damage flags (dmgHazard, dmgBoss) or a discard's reason
	prevent int8  // hearts a damage roll loses less (Move spent on a hazard)
	cause   Cause // what hearts lost or a forced discard come from
}

func heroJob(k jobKind, h int) job { return job{kind: k, hero: int8(h)} }
func teamJob(k jobKind) job        { return job{kind: k} }

// endRoundJob runs stage (0 engagements, 1 the boss's attack, 2 hands) from hero h on.
func endRoundJob(stage, h int) job { return job{kind: jobEndRound, hero: int8(h), opt: int8(stage)} }

// drawJob draws n cards for hero h (opt 1 once the Shard question was answered no).
func drawJob(h, n int) job { return job{kind: jobDraw, hero: int8(h), count: int8(n)} }

// damageJob rolls for damage for hero h in mode with a die bonus, flags and hearts prevented.
func damageJob(h int, mode RollMode, bonus int, flags int8, prevent int) job {
	return job{kind: jobDamage, hero: int8(h), opt: int8(mode), count: int8(bonus), flags: flags, prevent: int8(prevent)}
}

// loseHeartsJob makes hero h lose n hearts to an ability: the engaged enemy e's (by
// byEnemy) or the boss's special attack (byBoss).
func loseHeartsJob(h, n int, by int8, e EnemyID) job {
	return job{kind: jobLoseHearts, hero: int8(h), count: int8(n), opt: by, flags: int8(e)}
}

// Who makes a hero lose hearts (loseHeartsJob's opt).
const (
	byEnemy = 1 // the engaged enemy's ability
	byBoss  = 2 // the boss's special attack
)

// discardJob is a forced discard of n cards from the sources src (opt) for reason (flags); a
// kill's discards carry what killed the hero (cause).
func discardJob(h, n int, src uint8, reason DiscardReason, cause Cause) job {
	return job{kind: jobDiscard, hero: int8(h), count: int8(n), opt: int8(src), flags: int8(reason), cause: cause}
}

func gainItemsJob(h, n int) job { return job{kind: jobGainItems, hero: int8(h), count: int8(n)} }

// keepItemsJob reveals n Items of which hero h keeps keep (opt).
func keepItemsJob(h, n, keep int) job {
	return job{kind: jobKeepItems, hero: int8(h), count: int8(n), opt: int8(keep)}
}

// treasuresJob gains n Treasures, the first of them the first-th (opt, 1-based) of the room.
func treasuresJob(h, n, first int) job {
	return job{kind: jobTreasures, hero: int8(h), count: int8(n), opt: int8(first)}
}

// rollOffJob is a boss roll-off among the heroes in the Boss Room: amount lost by the highest
// (opt 1) or the lowest roller.
func rollOffJob(amount int, highest bool) job {
	j := job{kind: jobRollOff, count: int8(amount)}
	if highest {
		j.opt = 1
	}
	return j
}

func (g *Game) pushJob(j job) {
	if g.levelOver {
		return
	}
	if g.nJobs == maxJobs {
		panic("rules: job stack overflow")
	}
	g.jobs[g.nJobs] = j
	g.nJobs++
}

// run carries out jobs until the game waits for a decision or the campaign ends. With nothing
// left to do, the game waits for the next action of the round.
func (g *Game) run() {
	for !g.over && g.prompt == PromptNone {
		if g.nJobs == 0 {
			g.setPrompt(PromptMain, -1)
			if !g.anyMainAction() {
				g.pushJob(endRoundJob(0, 0))
				g.prompt = PromptNone
				continue
			}
			return
		}
		g.nJobs--
		j := g.jobs[g.nJobs]
		g.doJob(j)
	}
}

func (g *Game) doJob(j job) {
	h := int(j.hero)
	switch j.kind {
	case jobStartRound:
		g.startRound()
		g.prompt = PromptNone // startRound sets Main; run decides
	case jobEndRound:
		g.endRound(int(j.opt), h)
	case jobDraw:
		g.drawCards(h, int(j.count), j.opt == 1)
	case jobEngageNext:
		g.engageNext(h)
	case jobDamage:
		g.rollDamage(h, RollMode(j.opt), int(j.count), j.flags, int(j.prevent))
	case jobLoseHearts:
		if g.sink != nil && j.count > 0 && !g.levelOver {
			lost := int(min(j.count, g.heroes[h].Hearts))
			if j.opt == byBoss {
				g.emitBossAbility(h, lost, 0, 0)
			} else {
				e := g.enemyAbilityEvent(h, EnemyID(uint8(j.flags)))
				e.HeartsLost = int8(lost)
				g.emit(&e)
			}
		}
		cause := CauseAbility
		if j.opt == byBoss {
			cause = CauseBossSpecial
		}
		g.loseHearts(h, int(j.count), cause)
	case jobDiscard:
		g.startDiscard(h, int(j.count), uint8(j.opt), DiscardReason(j.flags), j.cause)
	case jobKilledDone:
		hero := &g.heroes[h]
		before := hero.Hearts
		hero.Hearts = min(hero.Containers, int8(g.data.Setup.KilledRegain))
		g.emitHeal(h, before, SourceKilled)
	case jobGainItems:
		if j.count > 1 {
			g.pushJob(gainItemsJob(h, int(j.count)-1))
		}
		if c, ok := g.drawItem(); ok {
			g.gainCard(h, c)
		}
	case jobKeepItems:
		g.revealItems(h, int(j.count), int(j.opt))
	case jobKeepMore:
		if g.nRevealed > 0 && g.gain.keepLeft > 0 {
			g.setPrompt(PromptKeep, h)
		}
	case jobTreasures:
		g.offerTreasure(h, int(j.count), int(j.opt))
	case jobActivate:
		g.activationStep()
	case jobBossChoice:
		if !g.levelOver {
			g.setPrompt(PromptBoss, h)
		}
	case jobRollOff:
		g.rollOff(int(j.count), j.opt == 1)
	case jobEquipLimit:
		hero := &g.heroes[h]
		if hero.EquipN > hero.Shards {
			g.startDiscard(h, int(hero.EquipN-hero.Shards), srcEquip, ReasonEquipLimit, CauseNone)
		}
	case jobEnterSpace:
		g.enterSpace(h)
	case jobRift:
		g.setPrompt(PromptRift, h)
	case jobResolve:
		if g.heroes[h].Engaged {
			g.setPrompt(PromptResolve, h)
		}
	case jobNextLevel:
		g.levelOver = false
		g.beginLevel(g.level + 1)
	}
}

// anyMainAction reports whether any hero can still act or pass this round.
func (g *Game) anyMainAction() bool {
	var buf [1]Action
	return len(g.mainActions(buf[:0], true)) > 0
}

// endRound runs the end of a round in stages (rulebook: Ending a Round).
func (g *Game) endRound(stage, h int) {
	if g.levelOver {
		return
	}
	switch stage {
	case 0: // every engaged hero resolves his engagement
		for ; h < g.players; h++ {
			if g.heroes[h].Engaged || g.heroes[h].Queue != 0 || g.heroes[h].Summoned > 0 {
				g.pushJob(endRoundJob(0, h))
				if g.heroes[h].Engaged {
					g.setPrompt(PromptResolve, h)
				} else {
					g.pushJob(heroJob(jobEngageNext, h))
				}
				return
			}
		}
		g.pushJob(endRoundJob(1, 0))
	case 1: // the boss's normal attack on heroes in the Boss Room
		g.pushJob(endRoundJob(2, 0))
		if !g.bossAttacked && g.bossRoomHeroes() != 0 {
			if g.sink != nil {
				g.emit(&Event{Type: EvBossAttack, Normal: true})
			}
			for i := g.players - 1; i >= 0; i-- {
				if g.inBossRoom(i) {
					g.pushJob(damageJob(i, RollNormal, 0, dmgBossNormal, 0))
				}
			}
		}
	case 2: // discard hands, refresh, draw up to hand size
		g.countRound()
		if g.sink != nil {
			g.emit(&Event{Type: EvRoundEnd})
		}
		for i := 0; i < g.players; i++ {
			hero := &g.heroes[i]
			g.emitDiscard(i, PlaceHand, int(hero.HandN), NoCard, ReasonRoundEnd)
			for hero.HandN > 0 {
				hero.HandN--
				hero.Discard.push(hero.Hand[hero.HandN])
			}
		}
		g.exhausted = [len(g.exhausted)]uint64{} // every exhausted card, equipped or given away
		g.pushJob(teamJob(jobStartRound))
		for i := g.players - 1; i >= 0; i-- {
			g.pushJob(drawJob(i, g.HandSize(i)))
		}
	}
}

// countRound adds the round's hero-rounds, idle heroes and heroes waiting in the Boss Room
// while a teammate is outside to the level's play-quality figures.
func (g *Game) countRound() {
	q := &g.results[g.level].Quality
	inside := g.bossRoomHeroes()
	for h := 0; h < g.players; h++ {
		q.HeroRounds++
		if !g.heroes[h].Acted {
			q.IdleHeroRounds++
		}
	}
	if inside != 0 && inside != uint8(1)<<g.players-1 {
		for ; inside != 0; inside &= inside - 1 {
			q.BossWaits++
		}
	}
}

// drawCards draws n cards into hero h's hand (rulebook: Time Tokens). An empty deck is
// reshuffled with a Time token, or with a Shard if the player agrees; a hero who must draw with
// no cards in hand or deck loses the level.
func (g *Game) drawCards(h, n int, declined bool) {
	hero := &g.heroes[h]
	drawn := 0
	for drawn < n {
		if hero.Deck.N == 0 {
			if hero.Discard.N > 0 && hero.Time > 0 {
				g.spendTimeToken(h, ForDraw)
			} else if hero.Discard.N > 0 && hero.Shards > 0 && !declined {
				g.pushJob(drawJob(h, n-drawn))
				g.shardFor = ForDraw
				g.setPrompt(PromptShard, h)
				g.emitDraw(h, drawn, n)
				return
			} else {
				break
			}
		}
		if int(hero.HandN) == MaxHand {
			break
		}
		hero.Hand[hero.HandN] = hero.Deck.pop()
		hero.HandN++
		drawn++
	}
	g.emitDraw(h, drawn, n)
	if hero.HandN == 0 && hero.Deck.N == 0 && n > 0 {
		g.results[g.level].Quality.LostTo = CauseDraw
		g.endLevelBy(h, DeckExhausted)
	}
}

func (g *Game) reshuffle(h int) {
	hero := &g.heroes[h]
	for hero.Discard.N > 0 {
		hero.Deck.push(hero.Discard.pop())
	}
	chance.Shuffle(&g.rng[StreamHeroDeck], hero.Deck.Slice())
}

// ReshuffleFor says why a hero rebuilds his deck: to draw, or to go on with a forced discard.
type ReshuffleFor uint8

// Reasons for a reshuffle (event log: reshuffle.for).
const (
	ForDraw ReshuffleFor = iota
	ForDiscard
)

// burnShard answers the Shard question: spend one to reshuffle (yes) or not.
func (g *Game) burnShard(h int, yes bool) {
	g.prompt = PromptNone
	if !yes {
		if g.shardFor == ForDiscard {
			g.forced.declined = true
			g.continueDiscard() // the level is lost
		} else {
			g.jobs[g.nJobs-1].opt = 1 // the pending jobDraw is on top of the stack
		}
		return
	}
	hero := &g.heroes[h]
	hero.Shards--
	g.results[g.level].ShardsBurned++
	g.reshuffleVia(h, 1, g.shardFor)
	if hero.EquipN > hero.Shards {
		g.pushJob(heroJob(jobEquipLimit, h))
	}
	if g.shardFor == ForDiscard {
		g.continueDiscard()
	}
}

// Damage flags (job.b).
const (
	dmgHazard     = 1 << iota // a hazard roll (its bonus is capped)
	dmgBoss                   // a boss's special attack
	dmgBossNormal             // a boss's normal attack at the end of a round
)

// damageCause is what a damage roll with flags comes from.
func damageCause(flags int8) Cause {
	switch {
	case flags&dmgHazard != 0:
		return CauseHazard
	case flags&dmgBoss != 0:
		return CauseBossSpecial
	case flags&dmgBossNormal != 0:
		return CauseBossAttack
	}
	return CauseEnemy
}

// keptRoll is the die a damage roll keeps: a (Normal), or of a and b the higher (Brutal) or
// the lower (Weak).
func keptRoll(a, b int, mode RollMode) int {
	if mode != RollNormal && (mode == RollBrutal) == (b > a) {
		return b
	}
	return a
}

// rowHearts is the hearts the current level's damage row takes for a result (clamped to the
// die's faces).
func (g *Game) rowHearts(result int) int { return g.data.rowHearts(g.level, result) }

// rowHearts is the hearts the damage row of level takes for a result (clamped to the die's faces).
func (d *Data) rowHearts(level, result int) int {
	return int(d.Damage[level][max(1, min(result, DieFaces))-1])
}

// rollDamage rolls for damage for hero h (rulebook: Rolling for Damage).
func (g *Game) rollDamage(h int, mode RollMode, bonus int, flags int8, prevent int) {
	if g.levelOver {
		return
	}
	a := g.roll()
	b := 0
	if mode != RollNormal {
		b = g.roll()
	}
	result := keptRoll(a, b, mode) + bonus
	if flags&dmgHazard != 0 {
		result = min(result, g.data.Settings.HazardRollCap)
	}
	lost := g.rowHearts(result)
	reduced := min(lost, g.damageReduction(h)+prevent)
	lost -= reduced
	if g.sink != nil {
		g.emit(&Event{Type: EvDamageRoll, Hero: int8(h), Dice: [2]int8{int8(a), int8(b)}, Mode: mode,
			Bonus: int8(bonus), Hazard: flags&dmgHazard != 0, Reduced: int8(reduced), Lost: int8(lost),
			Hearts: max(0, g.heroes[h].Hearts-int8(lost))})
	}
	g.loseHearts(h, lost, damageCause(flags))
}

// damageReduction is the reduction of one roll: passive reduce_damage cards equipped, plus any
// shield played this round (which is used up).
func (g *Game) damageReduction(h int) int {
	hero := &g.heroes[h]
	red := int(hero.Shield)
	hero.Shield = 0
	for i := 0; i < int(hero.EquipN); i++ {
		t := g.CardType(hero.Equip[i])
		if t.Class == TreasureClass && t.Bottom.Effect == EffectReduceDamage && !t.Bottom.Exhaust {
			red += int(t.Bottom.Amount)
		}
	}
	return red
}

// loseHearts takes n hearts from hero h; a hero with none left is killed.
func (g *Game) loseHearts(h, n int, cause Cause) {
	hero := &g.heroes[h]
	if n <= 0 || g.levelOver {
		return
	}
	hero.Hearts -= int8(min(n, int(hero.Hearts)))
	if hero.Hearts > 0 {
		return
	}
	// Killed: unengaged enemies are discarded, then the skull value is discarded.
	g.results[g.level].Kills++
	g.results[g.level].Quality.KillsBy[cause]++
	hero.Queue, hero.Summoned = 0, 0
	g.pushJob(heroJob(jobKilledDone, h))
	g.startDiscard(h, int(g.data.Skull[g.level]), srcHand|srcEquip|srcDeck, ReasonKilled, cause)
}

// Discard sources and reasons.
const (
	srcHand  = 1 << iota // the hand (the player's choice)
	srcEquip             // equipped cards (the player's choice)
	srcDeck              // then the top of the deck
)

// DiscardReason says why cards go to a hero's discard pile (event log: discard.reason).
type DiscardReason uint8

// The reasons of a discard.
const (
	ReasonKilled     DiscardReason = iota // the skull discards of a killed hero
	ReasonAbility                         // the engaged enemy's ability
	ReasonBoss                            // the boss's special attack
	ReasonRift                            // a rift's roll
	ReasonEquipLimit                      // equipped cards beyond the hero's Shards
	ReasonReplace                         // an equipped card discarded to equip another
	ReasonRoundEnd                        // the hand, at the end of the round
	NumDiscardReasons
)

// DiscardReasonNames are the names of the discard reasons in the event log.
var DiscardReasonNames = [NumDiscardReasons]string{"killed", "ability", "boss", "rift", "equip_limit", "replace", "round_end"}

// forcedDiscard is the forced discard in progress: a kill's skull discards, a rift's or an
// ability's discards, or the equip limit.
type forcedDiscard struct {
	active    bool
	hero      int8
	remaining int8
	src       uint8
	reason    DiscardReason
	declined  bool  // the hero declined to spend a Shard on a reshuffle for this discard
	cause     Cause // a kill's discards: what killed the hero (see lossCause)
	fromHand  int8
	fromEquip int8
	fromDeck  int8
}

// lossCause is what a forced discard that cannot be made comes from.
func (k *forcedDiscard) lossCause() Cause {
	switch k.reason {
	case ReasonKilled:
		return k.cause
	case ReasonAbility:
		return CauseAbility
	case ReasonBoss:
		return CauseBossSpecial
	case ReasonRift:
		return CauseRift
	}
	return CauseEquip
}

// startDiscard begins a forced discard of n cards from the sources src.
func (g *Game) startDiscard(h, n int, src uint8, reason DiscardReason, cause Cause) {
	if n <= 0 || g.levelOver {
		return
	}
	if g.forced.active { // a discard while another waits: it starts when the first is done
		g.pushJob(discardJob(h, n, src, reason, cause))
		return
	}
	if reason == ReasonBoss {
		g.emitBossAbility(h, 0, n, 0)
	}
	g.forced = forcedDiscard{active: true, hero: int8(h), remaining: int8(n), src: src, reason: reason, cause: cause}
	g.continueDiscard()
}

// continueDiscard asks for the next card, or discards from the deck when the player has no
// choice left. An empty deck is first rebuilt from the discard pile, with a Time token or (if
// the player agrees) a Shard (rulebook: Time Tokens, "before this happens"); a hero who cannot
// discard even so loses the level.
func (g *Game) continueDiscard() {
	k := &g.forced
	if !k.active || g.levelOver {
		return
	}
	hero := &g.heroes[k.hero]
	for k.remaining > 0 {
		if (k.src&srcHand != 0 && hero.HandN > 0) || (k.src&srcEquip != 0 && hero.EquipN > 0) {
			g.setPrompt(PromptDiscard, int(k.hero))
			return
		}
		if k.src&srcDeck == 0 {
			k.remaining = 0
			break
		}
		if hero.Deck.N == 0 && !g.reshuffleForDiscard(int(k.hero)) {
			return // waiting for the Shard question, or the level is lost
		}
		c := hero.Deck.pop()
		hero.Discard.push(c)
		g.emitDiscard(int(k.hero), PlaceDeck, 1, c, k.reason)
		k.fromDeck++
		k.remaining--
	}
	if k.reason == ReasonKilled && g.sink != nil {
		g.emit(&Event{Type: EvKilled, Hero: k.hero, FromHand: k.fromHand, FromEquip: k.fromEquip, FromDeck: k.fromDeck})
	}
	k.active = false
}

// reshuffleForDiscard rebuilds hero h's empty deck for the forced discard in progress and
// reports whether it did. The new deck is the whole discard pile, the cards this discard has
// just put there included (the literal reading). Without a Time token the hero is asked
// whether to spend a Shard; without either (or with no discard pile), the level is lost.
func (g *Game) reshuffleForDiscard(h int) bool {
	hero := &g.heroes[h]
	if g.data.Settings.ForcedDiscardReshuffle && hero.Discard.N > 0 {
		if hero.Time > 0 {
			g.spendTimeToken(h, ForDiscard)
			return true
		}
		if hero.Shards > 0 && !g.forced.declined {
			g.shardFor = ForDiscard
			g.setPrompt(PromptShard, h)
			return false
		}
	}
	g.forced.active = false
	g.results[g.level].Quality.LostTo = g.forced.lossCause()
	g.endLevelBy(h, ForcedDiscard)
	return false
}

// spendTimeToken spends one of hero h's Time tokens to rebuild his deck from his discard pile.
func (g *Game) spendTimeToken(h int, why ReshuffleFor) {
	hero := &g.heroes[h]
	hero.Time--
	g.results[g.level].TimeSpent++
	g.reshuffleVia(h, 0, why)
}

// reshuffleVia rebuilds hero h's deck from his discard pile, paid with a Time token (via 0) or
// a Shard (via 1), and logs it.
func (g *Game) reshuffleVia(h int, via int8, why ReshuffleFor) {
	n := g.heroes[h].Discard.N
	g.reshuffle(h)
	if g.sink != nil {
		g.emit(&Event{Type: EvReshuffle, Hero: int8(h), Via: via, Why: why, N: n})
	}
}

// discardChosen discards the card in slot (hand, or MaxHand+equip index) for the forced discard.
func (g *Game) discardChosen(slot int) {
	k := &g.forced
	h := int(k.hero)
	if slot >= MaxHand {
		c := g.discardEquipped(h, slot-MaxHand)
		g.emitDiscard(h, PlaceEquipped, 1, c, k.reason)
		k.fromEquip++
	} else {
		hero := &g.heroes[h]
		c := g.takeFromHand(h, slot)
		hero.Discard.push(c)
		g.emitDiscard(h, PlaceHand, 1, c, k.reason)
		k.fromHand++
	}
	k.remaining--
	g.prompt = PromptNone
	g.continueDiscard()
}
