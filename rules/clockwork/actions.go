package clockwork

import "fmt"

// Action is one decision: a small value (kind, hero and up to three arguments packed in 32 bits).
type Action uint32

// ActionKind says what an Action does.
type ActionKind uint8

// The actions. The comment gives the meaning of the hero and of X, Y, Z.
const (
	ActNone            ActionKind = iota
	ActTemple                     // X: index of the offered medallion
	ActEndRound                   // end the round for every hero (free hero order)
	ActPass                       // hero is done for the round
	ActMove                       // hero moves through the door on board side X (exploring a face-down room)
	ActTunnel                     // hero moves through a tunnel to space X
	ActBarrier                    // hero crosses a barrier to space X (needs a cross_barrier ability)
	ActEngage                     // hero engages enemy icon X of his space
	ActSwitch                     // hero uses switch X of his space
	ActPots                       // hero spends Attack X on the pots of his space
	ActChest                      // hero opens the chest of his space
	ActGive                       // telepathy: hero gives the card in slot X to hero Y
	ActActivate                   // hero activates the special room he is in (Treasure Room: X Treasures)
	ActBoss                       // hero starts an attempt on the boss (its special attack comes first)
	ActCompass                    // hero spends a Compass token: rotate the room at cell X, Y=1 clockwise
	ActMapSwap                    // hero spends a Map token: swap the room at cell X with its neighbour on side Y
	ActEquip                      // hero equips the card in hand slot X (Y>0: first discarding equipped slot Y-1)
	ActUse                        // hero uses an ability of the card in slot X: Y bit 0 = bottom; Z its parameter
	ActBottle                     // hero uses the Heart or Fairy on his Bottle
	ActDefeat                     // the engaged hero starts paying the enemy's Defeat cost
	ActEvade                      // the engaged hero starts paying the enemy's Evade cost
	ActVulnerable                 // the engaged hero's enemy is shown the Treasure in slot X of hero Y-1 (Y=0: his own)
	ActTakeDamage                 // the engaged hero rolls for damage
	ActPlay                       // hero plays the card in slot X in mode Y toward the cost
	ActGiveUp                     // stop paying (the cards played are spent)
	ActKeep                       // keep revealed card X
	ActActivateFeature            // activate the defeated enemy's feature instead of the reward
	ActToDiscard                  // put the gained card in the discard pile
	ActToEquip                    // equip the gained card (Y>0: first discarding equipped slot Y-1)
	ActToBottle                   // put the gained Heart or Fairy on the Bottle
	ActTreasureTo                 // hero draws the Treasure, X = tier
	ActDiscard                    // discard the card in slot X
	ActRiftIgnore                 // activate the rift for no effect
	ActRiftRoll                   // roll the die for the rift
	ActShard                      // X=1: spend a Shard to reshuffle; X=0: do not
	ActMultiples                  // pay X multiples of the boss's cost (0: not this round)
	ActCog                        // turn the Cog: variant X (see cogVariant)
	ActPayAbility                 // pay the enemy ability's cost
	ActDeclineAbility             // take the ability's consequence instead
	ActHazard                     // spend Move to prevent X hearts of hazard damage
	ActRemoteEngage               // hero engages from afar with the remote_engage ability of slot X: Y = bottom<<4|space<<2|icon, Z the cell
	ActTakeReward                 // take the defeated enemy's Item reward instead of activating its feature
	ActEngageCard                 // hero engages the drawn Enemy card X (a tie for the highest Defeat total)
	ActShardTo                    // the next boss Shard goes to hero (a tie for the fewest Shards)
	ActRemoteInteract             // hero uses the remote_interact ability of slot X on a feature from afar: Y = bottom<<5|space<<3|feature (switch 0-3, 4 the chest), Z the cell
	NumActionKinds
)

var actionNames = [NumActionKinds]string{"none", "temple", "end_round", "pass", "move", "tunnel",
	"barrier", "engage", "switch", "pots", "chest", "give", "activate", "boss", "compass", "map_swap",
	"equip", "use", "bottle", "defeat", "evade", "vulnerable", "take_damage", "play", "give_up", "keep",
	"activate_feature", "to_discard", "to_equip", "to_bottle", "treasure_to", "discard", "rift_ignore",
	"rift_roll", "shard", "multiples", "cog", "pay_ability", "decline_ability", "hazard", "remote_engage", "take_reward",
	"engage_card", "shard_to", "remote_interact"}

// String returns the kind's name.
func (k ActionKind) String() string { return actionNames[k] }

// MakeAction packs an action.
func MakeAction(k ActionKind, hero, x, y, z int) Action {
	return Action(uint32(k) | uint32(hero&7)<<8 | uint32(x&0xFF)<<11 | uint32(y&0x3F)<<19 | uint32(z&0x7F)<<25)
}

// Kind returns what the action does.
func (a Action) Kind() ActionKind { return ActionKind(a & 0xFF) }

// Hero returns the hero who acts (0-3).
func (a Action) Hero() int { return int(a>>8) & 7 }

// X returns the first argument (0-255).
func (a Action) X() int { return int(a>>11) & 0xFF }

// Y returns the second argument (0-63).
func (a Action) Y() int { return int(a>>19) & 0x3F }

// Z returns the third argument (0-127).
func (a Action) Z() int { return int(a>>25) & 0x7F }

// String describes the action for logs and tests.
func (a Action) String() string {
	return fmt.Sprintf("%s(h%d,%d,%d,%d)", a.Kind(), a.Hero(), a.X(), a.Y(), a.Z())
}

// Card slots in actions: a hand index, or MaxHand plus an equipped index.
func handSlot(i int) int  { return i }
func equipSlot(i int) int { return MaxHand + i }

// Play modes (ActPlay's Y): how a card contributes to a cost.
const (
	ModeSkillA   = 0 // a Skill card's first skill
	ModeSkillB   = 1 // its second skill
	ModeDiscard  = 2 // 2, 3, 4: discard for 1 Move, Attack, Interact
	ModeTop      = 5 // 5, 6, 7: the top ability for Move, Attack, Interact
	ModeBottom   = 8 // 8, 9, 10: the bottom ability for Move, Attack, Interact
	numPlayModes = 11
)

// cellOf packs a grid cell into an action argument.
func cellOf(r, c int) int { return r*MaxCols + c }

// LegalActions appends the legal actions of the current decision to buf and returns it. It
// allocates nothing when buf has room (a few hundred actions at most).
func (g *Game) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	if g.over {
		return buf
	}
	h := int(g.actor)
	switch g.prompt {
	case PromptChooseTemple:
		for i := 0; i < g.nOffered; i++ {
			buf = append(buf, MakeAction(ActTemple, 0, i, 0, 0))
		}
	case PromptMain:
		buf = g.mainActions(buf, false)
	case PromptPay:
		buf = g.payActions(buf)
	case PromptResolve:
		buf = g.resolveActions(buf, h)
	case PromptKeep:
		for i := 0; i < g.nRevealed; i++ {
			buf = append(buf, MakeAction(ActKeep, h, i, 0, 0))
		}
		if g.reward.featureOK { // activate the feature, or take the reward (Activating via Enemies)
			buf = append(buf, MakeAction(ActActivateFeature, h, 0, 0, 0), MakeAction(ActTakeReward, h, 0, 0, 0))
		}
	case PromptPlace:
		buf = g.placeActions(buf)
	case PromptTreasureTo:
		for to := 0; to < g.players; to++ {
			for tier := 1; tier <= 2; tier++ {
				if (tier == 1 || g.gain.tier2OK) && g.tier[tier].N > 0 {
					buf = append(buf, MakeAction(ActTreasureTo, to, tier, 0, 0))
				}
			}
		}
	case PromptDiscard:
		hero := &g.heroes[h]
		if g.forced.src&srcHand != 0 {
			for i := 0; i < int(hero.HandN); i++ {
				buf = append(buf, MakeAction(ActDiscard, h, handSlot(i), 0, 0))
			}
		}
		if g.forced.src&srcEquip != 0 {
			for i := 0; i < int(hero.EquipN); i++ {
				buf = append(buf, MakeAction(ActDiscard, h, equipSlot(i), 0, 0))
			}
		}
	case PromptRift:
		if g.riftActivatable(h) {
			buf = append(buf, MakeAction(ActRiftIgnore, h, 0, 0, 0))
		}
		buf = append(buf, MakeAction(ActRiftRoll, h, 0, 0, 0))
	case PromptShard:
		buf = append(buf, MakeAction(ActShard, h, 0, 0, 0), MakeAction(ActShard, h, 1, 0, 0))
	case PromptBoss:
		maxK := g.players
		if g.level == Levels {
			maxK = 1
		}
		for k := 0; k <= maxK; k++ {
			buf = append(buf, MakeAction(ActMultiples, h, k, 0, 0))
		}
	case PromptCog:
		for v := 0; v < numCogVariants; v++ {
			if g.cogVariantLegal(g.step.cogR, g.step.cogC, v) {
				buf = append(buf, MakeAction(ActCog, h, v, 0, 0))
			}
		}
	case PromptAbility:
		buf = append(buf, MakeAction(ActPayAbility, h, 0, 0, 0), MakeAction(ActDeclineAbility, h, 0, 0, 0))
	case PromptEngageOrder:
		for m := g.heroes[h].Queue; m != 0; m &= m - 1 {
			buf = append(buf, MakeAction(ActEngage, h, trailingZeros8(m), 0, 0))
		}
	case PromptEnemyTie:
		best := g.data.Enemies[g.draw.drawn[g.draw.best]].Defeat.Total()
		for i := 0; i < int(g.draw.n); i++ {
			if g.data.Enemies[g.draw.drawn[i]].Defeat.Total() == best {
				buf = append(buf, MakeAction(ActEngageCard, h, i, 0, 0))
			}
		}
	case PromptShardTo:
		for _, to := range g.fewestShards() {
			buf = append(buf, MakeAction(ActShardTo, to, 0, 0, 0))
		}
	case PromptHazard:
		x := int(g.step.hazard)
		for k := 0; k <= g.maxHazardPrevention(h, x); k++ {
			buf = append(buf, MakeAction(ActHazard, h, k, 0, 0))
		}
	}
	return buf
}

// mainActions appends the actions of PromptMain. With first it stops at the first one found.
func (g *Game) mainActions(buf []Action, first bool) []Action {
	free := g.data.Settings.HeroOrder == FreeOrder
	anyone := false
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		if hero.Passed || (!free && h != int(g.order)) {
			continue
		}
		anyone = true
		buf = append(buf, MakeAction(ActPass, h, 0, 0, 0))
		if first {
			return buf
		}
		if hero.Engaged {
			buf = g.resolveActions(buf, h)
			if g.data.Settings.EngagedHeroResolvesFirst {
				continue
			}
		}
		buf = g.heroActions(buf, h)
	}
	if free && anyone {
		buf = append(buf, MakeAction(ActEndRound, 0, 0, 0, 0))
	}
	return buf
}
