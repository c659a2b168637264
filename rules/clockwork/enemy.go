package clockwork

import "github.com/clockworksim/clockwork/rules/chance"

// engageNext engages the next enemy waiting for hero h: a summoned one, then the icons of his
// space still queued (rulebook: Engaging Multiple Enemies). Nothing happens while he is engaged.
func (g *Game) engageNext(h int) {
	hero := &g.heroes[h]
	if hero.Engaged || g.levelOver {
		return
	}
	if hero.Summoned > 0 {
		hero.Summoned--
		g.pushJob(heroJob(jobEngageNext, h))
		g.engage(h, 1, -1, false)
		return
	}
	if hero.Queue == 0 {
		return
	}
	// A room moved away (a rift, a Cog) ends the queue: the hero is no longer entering it.
	if int(hero.QueueRoom) != cellOf(int(hero.Pos.R), int(hero.Pos.C)) {
		hero.Queue = 0
		return
	}
	hero.Queue &= g.queuedIcons(h)
	switch n := popcount8(hero.Queue); {
	case n == 1:
		g.engageIcon(h, trailingZeros8(hero.Queue))
	case n > 1: // the player chooses the order (Engaging Multiple Enemies)
		g.setPrompt(PromptEngageOrder, h)
	}
}

// queuedIcons returns the icons of hero h's space that can still be engaged: not defeated this
// round and printed on the tile.
func (g *Game) queuedIcons(h int) uint8 {
	hero := &g.heroes[h]
	room, t := g.roomAt(hero.Pos)
	si := int(hero.Pos.Space)
	var m uint8
	for i := range t.Spaces[si].Enemies {
		if room.DefeatedMask&(1<<(si*MaxIcons+i)) == 0 {
			m |= 1 << i
		}
	}
	return m
}

// engageIcon engages enemy icon i of hero h's queue; the rest of the queue follows.
func (g *Game) engageIcon(h, i int) {
	hero := &g.heroes[h]
	_, t := g.roomAt(hero.Pos)
	hero.Queue &^= 1 << i
	g.pushJob(heroJob(jobEngageNext, h))
	g.engage(h, int(t.Spaces[hero.Pos.Space].Enemies[i].Draw), i, false)
}

func popcount8(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func trailingZeros8(m uint8) int {
	for i := 0; i < 8; i++ {
		if m&(1<<i) != 0 {
			return i
		}
	}
	return 8
}

// engage draws n Enemy cards and engages hero h with the one of highest total Defeat cost (an
// advanced enemy; ties go to the first drawn), discarding the others. icon is the enemy icon of
// his space (-1 if none); forRoom marks a special room's activation step.
func (g *Game) engage(h, n, icon int, forRoom bool) {
	if g.levelOver {
		return
	}
	hero := &g.heroes[h]
	d := &g.draw
	d.n = 0
	for int(d.n) < n && int(d.n) < len(d.drawn) {
		e, ok := g.drawEnemy()
		if !ok {
			break
		}
		d.drawn[d.n] = e
		d.n++
	}
	if d.n == 0 {
		d.remote, d.credit = false, Cost{}
		if forRoom {
			g.failActivation()
		}
		return // no Enemy card can be drawn (decision 8 switched off): the icon is ignored
	}
	d.icon, d.forRoom, d.at = int8(icon), forRoom, hero.Pos
	d.best, d.ties = 0, 1
	for i := 1; i < int(d.n); i++ {
		switch t, b := g.data.Enemies[d.drawn[i]].Defeat.Total(), g.data.Enemies[d.drawn[d.best]].Defeat.Total(); {
		case t > b:
			d.best, d.ties = int8(i), 1
		case t == b:
			d.ties++
		}
	}
	if d.ties > 1 && g.data.Settings.TiesChosenByPlayers {
		g.setPrompt(PromptEnemyTie, h) // "In the case of a tie, the player may choose"
		return
	}
	g.engageDrawn(h, int(d.best))
}

// enemyDraw is the Enemy cards drawn for an engagement, kept while the hero chooses among
// those tied for the highest Defeat total (PromptEnemyTie).
type enemyDraw struct {
	drawn   [8]EnemyID
	n       int8
	best    int8 // the first drawn of the highest Defeat total
	ties    int8 // how many drawn share it
	icon    int8
	forRoom bool
	at      Pos  // the enemy's space: the hero's, or the one he engages from afar
	remote  bool // engaged from afar (remoteEngage), with credit toward the Defeat cost
	credit  Cost
}

// engageDrawn engages drawn card i of the enemy draw and discards the others; the enemy's
// ability then takes effect.
func (g *Game) engageDrawn(h, i int) {
	hero := &g.heroes[h]
	d := &g.draw
	for k := 0; k < int(d.n); k++ {
		if k != i {
			g.enemyDisc.push(d.drawn[k])
		}
	}
	e := d.drawn[i]
	hero.Engaged, hero.Enemy, hero.Icon, hero.ForRoom, hero.Remote = true, e, d.icon, d.forRoom, d.remote
	hero.EnemyAt, hero.Credit = d.at, d.credit
	d.remote, d.credit = false, Cost{}
	g.step.shuffleBack = false
	if g.sink != nil {
		joined := g.heroesAt(d.at)
		if d.forRoom {
			joined = g.sameRoom(h)
		}
		g.emit(&Event{Type: EvEngage, Hero: int8(h), Enemy: e, Drawn: d.drawn, NDrawn: d.n, Pos: d.at, Joined: joined &^ (1 << h)})
	}
	if d.forRoom { // resolved at once, after the ability has taken effect
		g.pushJob(heroJob(jobResolve, h))
	}
	g.enemyAbility(h)
}

// enemyAbility applies the engaged enemy's special ability (it takes effect whatever the outcome).
func (g *Game) enemyAbility(h int) {
	hero := &g.heroes[h]
	ab := g.data.Enemies[hero.Enemy].Ability
	switch ab.Effect {
	case EnemyPayOrShuffleBack:
		g.step.abilityHero = int8(h)
		g.setPrompt(PromptAbility, h)
	case EnemySummon:
		hero.Summoned += ab.Amount
		if g.sink != nil {
			e := g.enemyAbilityEvent(h, hero.Enemy)
			e.Summoned = ab.Amount
			g.emit(&e)
		}
	case EnemyDiscardCards:
		if g.sink != nil {
			e := g.enemyAbilityEvent(h, hero.Enemy)
			e.CardsDiscarded = ab.Amount
			g.emit(&e)
		}
		g.startDiscard(h, int(ab.Amount), srcHand|srcDeck, ReasonAbility, CauseNone)
	case EnemyDiscardEquipped:
		n := min(int(ab.Amount), int(hero.EquipN))
		if g.sink != nil {
			e := g.enemyAbilityEvent(h, hero.Enemy)
			e.CardsDiscarded = int8(n)
			g.emit(&e)
		}
		g.startDiscard(h, n, srcEquip, ReasonAbility, CauseNone)
	case EnemyLoseHearts:
		g.pushJob(loseHeartsJob(h, int(ab.Amount), byEnemy, hero.Enemy)) // the ability event comes with the loss
	case EnemyLoseTimeToken:
		before := hero.Time
		hero.Time = max(0, hero.Time-ab.Amount)
		if g.sink != nil {
			e := g.enemyAbilityEvent(h, hero.Enemy)
			e.TimeLost = before - hero.Time
			g.emit(&e)
		}
	}
}

// payAbility starts paying the enemy ability's cost (pay_or_shuffle_back).
func (g *Game) payAbility(h int) {
	ab := g.data.Enemies[g.heroes[h].Enemy].Ability
	var need Cost
	need[ab.Skill] = int16(ab.Amount)
	g.beginPay(h, purAbility, need, 0) // heroes sharing the space may assist ("any action or effect")
}

func (g *Game) abilityPaid(h int) {
	g.step.shuffleBack = false
	if g.sink != nil {
		e := g.enemyAbilityEvent(h, g.heroes[h].Enemy)
		e.Paid = true
		g.emit(&e)
	}
}

// declineAbility: the enemy card will be shuffled back into the Enemy deck.
func (g *Game) declineAbility(h int) {
	g.step.shuffleBack = true
	g.prompt = PromptNone
	if g.sink != nil {
		e := g.enemyAbilityEvent(h, g.heroes[h].Enemy)
		g.emit(&e)
	}
}

// resolveActions appends the ways engaged hero h can end his engagement.
func (g *Game) resolveActions(buf []Action, h int) []Action {
	hero := &g.heroes[h]
	if !hero.Engaged {
		return buf
	}
	e := &g.data.Enemies[hero.Enemy]
	set := g.defeatSet(h)
	need := g.defeatNeed(h)
	if g.canAfford(set|g.remoteHelpers(h, set, true, need), h, need, false) {
		buf = append(buf, MakeAction(ActDefeat, h, 0, 0, 0))
	}
	if !hero.ForRoom {
		buf = g.vulnerabilityActions(buf, h, g.showers(h))
	}
	if e.Evade > 0 && g.canAfford(g.sharing(h), h, Cost{Move: int16(e.Evade)}, false) {
		buf = append(buf, MakeAction(ActEvade, h, 0, 0, 0))
	}
	return append(buf, MakeAction(ActTakeDamage, h, 0, 0, 0))
}

// showers is who may show a card matching hero h's engaged enemy's vulnerabilities: h, and
// under rules.helpers_show_vulnerability every hero who may assist the engagement from its
// space ("All such players may then play any cards"); false is the first reading (the engaged
// hero's own cards only).
func (g *Game) showers(h int) uint8 {
	if !g.data.Settings.HelpersShowVulnerability {
		return 1 << h
	}
	return g.defeatSet(h)
}

// vulnerabilityActions appends one ActVulnerable per card of the heroes in set that matches
// hero h's engaged enemy's vulnerabilities: the hero is h, X the card's slot, Y 0 for h's own
// card or the showing hero plus one.
func (g *Game) vulnerabilityActions(buf []Action, h int, set uint8) []Action {
	for i := 0; i < g.players; i++ {
		if set&(1<<i) == 0 {
			continue
		}
		y := 0
		if i != h {
			y = i + 1
		}
		hero := &g.heroes[i]
		for k := 0; k < int(hero.HandN)+int(hero.EquipN); k++ {
			if slot, c := g.slotCard(i, k); g.vulnerableTo(h, c) {
				buf = append(buf, MakeAction(ActVulnerable, h, slot, y, 0))
			}
		}
	}
	return buf
}

// startDefeat begins paying the engaged enemy's Defeat cost; heroes sharing the space (the room,
// for a special room's enemy) assist.
func (g *Game) startDefeat(h int) {
	g.beginPay(h, purDefeat, g.defeatNeed(h), 0)
	if g.pay.active {
		g.pay.contributors = g.defeatSet(h)
	}
}

// defeatNeed is the engaged enemy's Defeat cost less what a remote ability already gave.
func (g *Game) defeatNeed(h int) Cost {
	hero := &g.heroes[h]
	need := g.data.Enemies[hero.Enemy].Defeat
	for s := range need {
		need[s] = max(0, need[s]-hero.Credit[s])
	}
	return need
}

// defeatSet is who may help defeat hero h's enemy: the heroes in the enemy's space (the whole
// room for a special room's enemy), and h himself.
func (g *Game) defeatSet(h int) uint8 {
	hero := &g.heroes[h]
	if hero.ForRoom {
		return g.sameRoom(h)
	}
	var m uint8 = 1 << h
	at := g.enemyPos(h)
	for i := 0; i < g.players; i++ {
		if g.heroes[i].Pos == at {
			m |= 1 << i
		}
	}
	return m
}

// enemyPos is where hero h's engaged enemy is: the space he engaged it in (or aimed at from
// afar); it moves with its room, and stays when the hero walks away (possible only with
// rules.engaged_hero_resolves_first switched off).
func (g *Game) enemyPos(h int) Pos { return g.heroes[h].EnemyAt }

// remoteEngage: hero h uses the remote_engage ability (bottom if bottom) of the card in slot on
// enemy icon icon of the room at at, as if he stood there; the ability's amount counts toward
// the Defeat cost, and he never rolls for damage from it (rulebook: Arrows).
func (g *Game) remoteEngage(h, slot int, bottom bool, at Pos, icon int) {
	card, _ := g.cardAt(h, slot)
	t := g.CardType(card)
	ab := t.Top
	if bottom {
		ab = t.Bottom
	}
	to := g.spendCard(h, slot, bottom)
	if g.sink != nil {
		g.emit(&Event{Type: EvUse, Hero: int8(h), Card: g.cardType[card], Effect: ab.Effect, CardFrom: placeOf(slot >= MaxHand), CardTo: to})
	}
	hero := &g.heroes[h]
	home := hero.Pos
	hero.Pos = at // as if he stood in the enemy's space, to engage
	_, tile := g.roomAt(at)
	g.draw.remote, g.draw.credit = true, Cost{}
	g.draw.credit[ab.Skill] = int16(ab.Amount)
	g.engage(h, int(tile.Spaces[at.Space].Enemies[icon].Draw), icon, false)
	hero.Pos = home
}

// endEngagement puts the enemy card away (discarded, or shuffled back by its ability); reward is
// what the defeat gives, for the event log.
func (g *Game) endEngagement(h int, outcome Outcome, reward RewardKind) {
	hero := &g.heroes[h]
	if g.sink != nil {
		g.emit(&Event{Type: EvResolve, Hero: int8(h), Enemy: hero.Enemy, Outcome: outcome, Reward: reward})
	}
	if g.step.shuffleBack {
		g.enemyDeck.push(hero.Enemy)
		chance.Shuffle(&g.rng[StreamEnemies], g.enemyDeck.Cards[:g.enemyDeck.N])
		g.step.shuffleBack = false
	} else {
		g.enemyDisc.push(hero.Enemy)
	}
	hero.Engaged = false
	if g.prompt == PromptResolve {
		g.prompt = PromptNone
	}
	// The next enemy of his space (or a summoned one) comes once this one is fully resolved:
	// jobs pushed after this one (rewards, the damage roll) run first.
	if hero.Queue != 0 || hero.Summoned > 0 {
		g.pushJob(heroJob(jobEngageNext, h))
	}
}

// Outcome is how an engagement ended.
type Outcome uint8

// Engagement outcomes (event log: resolve.outcome).
const (
	OutDefeated Outcome = iota
	OutVulnerable
	OutEvaded
	OutDamage
)

var outcomeNames = [...]string{"defeated", "vulnerable", "evaded", "damage"}

// defeated: the engaged enemy is defeated (paid, or shown a vulnerability).
func (g *Game) defeated(h int) { g.defeat(h, OutDefeated) }

func (g *Game) defeat(h int, out Outcome) {
	hero := &g.heroes[h]
	e := &g.data.Enemies[hero.Enemy]
	icon, forRoom := int(hero.Icon), hero.ForRoom
	at := g.enemyPos(h)
	room, t := g.roomAt(at)
	onIcon := !forRoom && icon >= 0 && icon < len(t.Spaces[at.Space].Enemies)
	var target Target
	if onIcon {
		target = t.Spaces[at.Space].Enemies[icon].Target
	}
	// A special room's enemy activates the room, or (rules.special_room_enemy_reward, printed:
	// "This includes when defeating enemies to activate special rooms") gives its reward
	// instead, which ends the activation without effect.
	roomChoice := forRoom && e.Reward > 0 && g.data.Settings.SpecialRoomEnemyReward
	if roomChoice {
		target = targetRoom
	}
	reward := RewardNone
	switch {
	case forRoom && !roomChoice:
	case target != NoTarget:
		reward = RewardChoice
	case e.Reward > 0:
		reward = RewardItems
	}
	g.endEngagement(h, out, reward)
	if forRoom && !roomChoice {
		g.pushJob(teamJob(jobActivate))
		return
	}
	if onIcon {
		room.DefeatedMask |= 1 << (int(at.Space)*MaxIcons + icon)
		g.roomChanged(int(at.R), int(at.C))
	}
	// Reward: draw Reward Items and keep one, or activate the enemy's feature (or special
	// room) instead.
	g.reward.featureOK = target != NoTarget
	g.reward.featureTarget = target
	g.reward.featureR, g.reward.featureC = at.R, at.C
	g.reward.rewardN = e.Reward
	if target != NoTarget {
		g.nRevealed = 0
		g.gain.keepLeft = 1
		g.gain.gainer = int8(h)
		g.setPrompt(PromptKeep, h)
		return
	}
	if e.Reward > 0 {
		g.pushJob(keepItemsJob(h, int(e.Reward), 1))
	}
}

// evaded: the engaged enemy is evaded; later heroes entering the space engage it again.
func (g *Game) evaded(h int) {
	forRoom := g.heroes[h].ForRoom
	g.endEngagement(h, OutEvaded, RewardNone)
	if forRoom {
		g.failActivation()
	}
}

// takeDamage: the engaged hero rolls for damage (Brutal: the higher of two rolls, Weak: the
// lower); an enemy engaged from afar (Arrows) deals none.
func (g *Game) takeDamage(h int) {
	hero := &g.heroes[h]
	e := &g.data.Enemies[hero.Enemy]
	remote, forRoom := hero.Remote, hero.ForRoom
	bonus := 0
	if e.Ability.Effect == EnemyExtraDamage {
		bonus = int(e.Ability.Amount)
	}
	enemy := hero.Enemy
	g.endEngagement(h, OutDamage, RewardNone)
	if forRoom {
		g.failActivation()
	}
	if !remote {
		if bonus > 0 && g.sink != nil {
			ev := g.enemyAbilityEvent(h, enemy)
			ev.Bonus = int8(bonus)
			g.emit(&ev)
		}
		g.pushJob(damageJob(h, e.Roll, bonus, 0, 0))
	}
}

// backToEngagement returns to the engaged hero's choice after a payment was given up.
func (g *Game) backToEngagement(h int) {
	if g.heroes[h].ForRoom || g.endingRound() {
		g.setPrompt(PromptResolve, h)
	}
}

// endingRound reports whether the end of the round is in progress (engagements must resolve).
func (g *Game) endingRound() bool {
	for i := g.nJobs - 1; i >= 0; i-- {
		if g.jobs[i].kind == jobEndRound {
			return true
		}
	}
	return false
}
