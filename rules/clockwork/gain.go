package clockwork

// gainChoice is the choice about gained cards under way: who keeps the revealed cards and how
// many, the gained card waiting to be placed, and whether a Treasure may come from Tier II.
type gainChoice struct {
	gainer   int8    // who keeps the revealed cards
	keepLeft int8    // how many revealed cards are still to be kept
	card     CardRef // the gained card waiting to be placed
	placer   int8    // who places it
	tier2OK  bool    // the Treasure being offered may come from Tier II
}

// rewardChoice is a defeated enemy's reward waiting for the choice between its Items and the
// feature it activates (Activating via Enemies).
type rewardChoice struct {
	featureOK     bool // the defeated enemy may activate its feature instead of the reward
	featureTarget Target
	featureR      int8
	featureC      int8
	rewardN       int8 // Items of the reward, drawn when it is chosen
}

// targetRoom is the feature of a special room's enemy: the room's activation goes on (it is
// no data Target: only rewardChoice uses it).
const targetRoom Target = 255

// stepState is what the action or effect under way carries into its next decision.
type stepState struct {
	shuffleBack bool // the engaged enemy goes back into the Enemy deck (its ability)
	abilityHero int8
	hazard      int8 // X of the hazard being entered
	moveCost    int8 // Move of the move in progress (for events and refunds)
	cogR, cogC  int8 // the room of the Cog being activated
}

// revealItems draws n Items; hero h keeps `keep` of them one by one, the rest are discarded.
func (g *Game) revealItems(h, n, keep int) {
	g.nRevealed = 0
	for g.nRevealed < n && g.nRevealed < MaxRevealed {
		c, ok := g.drawItem()
		if !ok {
			break
		}
		g.revealed[g.nRevealed] = c
		g.nRevealed++
	}
	if g.nRevealed == 0 {
		return
	}
	g.gain.gainer = int8(h)
	g.gain.keepLeft = int8(min(keep, g.nRevealed))
	g.reward.featureOK = false
	g.setPrompt(PromptKeep, h)
}

// takeReward: the defeated enemy's Item reward instead of its feature (Activating via Enemies).
func (g *Game) takeReward() {
	g.prompt = PromptNone
	g.reward.featureOK = false
	if g.sink != nil {
		g.emit(&Event{Type: EvReward, Hero: g.gain.gainer, Reward: RewardItems})
	}
	if g.reward.featureTarget == targetRoom {
		g.failActivation() // the reward instead of the room: the activation ends without effect
	}
	if g.reward.rewardN > 0 {
		g.pushJob(keepItemsJob(int(g.gain.gainer), int(g.reward.rewardN), 1))
	}
}

// keep keeps revealed card i.
func (g *Game) keep(i int) {
	h := int(g.gain.gainer)
	g.prompt = PromptNone
	c := g.revealed[i]
	g.nRevealed--
	g.revealed[i] = g.revealed[g.nRevealed]
	g.gain.keepLeft--
	if g.gain.keepLeft > 0 && g.nRevealed > 0 {
		g.pushJob(heroJob(jobKeepMore, h)) // asked again once this card is placed
	} else {
		for k := 0; k < g.nRevealed; k++ {
			g.discardRevealed(g.revealed[k])
		}
		g.nRevealed = 0
	}
	g.gainCard(h, c)
}

// activateFeature: the defeated enemy activates its feature instead of giving its reward.
func (g *Game) activateFeature(h int) {
	g.prompt = PromptNone
	g.reward.featureOK = false
	if g.sink != nil {
		g.emit(&Event{Type: EvReward, Hero: int8(h), Reward: RewardActivate})
	}
	if g.reward.featureTarget == targetRoom {
		g.pushJob(teamJob(jobActivate)) // the special room's activation goes on
		return
	}
	g.activateTarget(h, int(g.reward.featureR), int(g.reward.featureC), g.reward.featureTarget)
}

// gainCard gives card c (an Item or a Treasure) to hero h: a "when gained" Item takes effect
// and is thrown away (or goes on an equipped Bottle); any other card goes to the discard pile
// or is equipped, as the player chooses. The gain event of a card to place comes when it is
// placed (place), so that it can say where it went.
func (g *Game) gainCard(h int, c CardRef) {
	t := g.CardType(c)
	if t.WhenGained.Effect != NoEffect {
		if g.sink != nil {
			g.emit(&Event{Type: EvGain, Hero: int8(h), Card: g.cardType[c], CardTo: PlaceUsed})
		}
		// It takes effect at once; with an empty Bottle equipped it may then be kept on the
		// Bottle instead of thrown away (so a Heart heals twice: the card clarification).
		g.applyAbility(h, t.WhenGained, h, 0, SourceItem)
		if !g.canBottle(h, c) {
			g.itemDisc.push(c)
			return
		}
	}
	g.gain.card, g.gain.placer = c, int8(h)
	g.setPrompt(PromptPlace, h)
}

// whenGained applies a "when gained" Item and throws it away (src: drawn before the level, or
// kept on a Bottle).
func (g *Game) whenGained(h int, c CardRef, src EventSource) {
	g.applyAbility(h, g.CardType(c).WhenGained, h, 0, src)
	g.itemDisc.push(c)
}

// canBottle reports whether hero h may put card c on his equipped, empty Bottle.
func (g *Game) canBottle(h int, c CardRef) bool {
	hero := &g.heroes[h]
	e := g.CardType(c).WhenGained.Effect
	if hero.Bottle != NoCard || (e != EffectHeal && e != EffectHealFull) {
		return false
	}
	for i := 0; i < int(hero.EquipN); i++ {
		if g.CardType(hero.Equip[i]).Bottom.Effect == EffectBottle {
			return true
		}
	}
	return false
}

// placeActions: where the gained card goes.
func (g *Game) placeActions(buf []Action) []Action {
	h := int(g.gain.placer)
	c := g.gain.card
	if g.CardType(c).WhenGained.Effect != NoEffect {
		// A Heart or Fairy just used, with an empty Bottle: throw it away, or keep it on the Bottle.
		return append(buf, MakeAction(ActToDiscard, h, 0, 0, 0), MakeAction(ActToBottle, h, 0, 0, 0))
	}
	buf = append(buf, MakeAction(ActToDiscard, h, 0, 0, 0))
	return g.equipOptions(buf, ActToEquip, h, 0)
}

// equipOptions appends kind actions for equipping a card: straight on if there is room under
// the Shards, or after discarding one equipped card (Y = its index + 1).
func (g *Game) equipOptions(buf []Action, kind ActionKind, h, x int) []Action {
	hero := &g.heroes[h]
	switch {
	case hero.Shards <= 0:
	case hero.EquipN < hero.Shards:
		buf = append(buf, MakeAction(kind, h, x, 0, 0))
	default:
		for i := 0; i < int(hero.EquipN); i++ {
			buf = append(buf, MakeAction(kind, h, x, i+1, 0))
		}
	}
	return buf
}

// place puts the gained card where the action says.
func (g *Game) place(a Action) {
	h := int(g.gain.placer)
	c := g.gain.card
	hero := &g.heroes[h]
	g.prompt = PromptNone
	g.gain.card = NoCard
	used := g.CardType(c).WhenGained.Effect != NoEffect // its gain event was emitted as it took effect
	if g.sink != nil && !used {
		to := PlaceDiscard
		if a.Kind() == ActToEquip {
			to = PlaceEquipped
		}
		g.emit(&Event{Type: EvGain, Hero: int8(h), Card: g.cardType[c], CardTo: to})
	}
	switch a.Kind() {
	case ActToDiscard:
		if used {
			g.itemDisc.push(c) // already used: thrown away
			return
		}
		hero.Discard.push(c)
	case ActToEquip:
		g.equip(h, c, a.Y(), PlaceGain)
	case ActToBottle:
		hero.Bottle = c
		g.emitBottle(h, c, BottleFilled)
	}
}

// equip equips card c for hero h, first discarding equipped card replace-1 if replace > 0;
// from is where the card comes from (the hand, or a gain), for the event log.
func (g *Game) equip(h int, c CardRef, replace int, from CardPlace) {
	hero := &g.heroes[h]
	if replace > 0 {
		old := g.discardEquipped(h, replace-1)
		g.emitDiscard(h, PlaceEquipped, 1, old, ReasonReplace)
	}
	hero.Equip[hero.EquipN] = c
	hero.EquipN++
	if g.sink != nil {
		g.emit(&Event{Type: EvEquip, Hero: int8(h), Card: g.cardType[c], Equipped: hero.EquipN, Shards: hero.Shards, CardFrom: from})
	}
}

// offerTreasure starts gaining the idx-th Treasure (1-based) of n: who draws, and from which tier.
func (g *Game) offerTreasure(h, n, idx int) {
	if n <= 0 || g.levelOver {
		return
	}
	if n > 1 {
		g.pushJob(treasuresJob(h, n-1, idx+1))
	}
	if g.tier[1].N == 0 && g.tier[2].N == 0 {
		return
	}
	from := int(g.data.SpecialRooms[TreasureRoom].Tier2From[g.level])
	g.gain.tier2OK = from > 0 && idx >= from
	if g.tier[1].N == 0 && !g.gain.tier2OK {
		return
	}
	g.setPrompt(PromptTreasureTo, h)
}

// treasureTo: hero to draws Treasure cards from tier and keeps one (the other goes to the bottom).
func (g *Game) treasureTo(to, tier int) {
	g.prompt = PromptNone
	g.nRevealed = 0
	for g.nRevealed < g.data.Settings.TreasureDraw && g.tier[tier].N > 0 && g.nRevealed < MaxRevealed {
		g.revealed[g.nRevealed] = g.tier[tier].pop()
		g.nRevealed++
	}
	g.gain.gainer = int8(to)
	g.gain.keepLeft = 1
	g.reward.featureOK = false
	g.setPrompt(PromptKeep, to)
}
