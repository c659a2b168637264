package clockwork

import "math/bits"

// payPurpose says what a payment in progress is for.
type payPurpose uint8

const (
	purNone         payPurpose = iota
	purDoor                    // arg: board side
	purTunnel                  // arg: space
	purBarrier                 // arg: space
	purSwitch                  // arg: switch index
	purPots                    // arg: Attack spent
	purChest                   //
	purDefeat                  // the payer's engaged enemy
	purEvade                   //
	purStep                    // a switch step of a special-room activation
	purTreasureRoom            // arg: Treasures
	purBoss                    // arg: multiples
	purHazard                  // arg: hearts prevented
	purAbility                 // an enemy ability's cost
	numPurposes
)

var purposeNames = [numPurposes]string{"", "door", "tunnel", "barrier", "switch", "pots", "chest",
	"defeat", "evade", "activation", "treasure_room", "boss", "hazard", "ability"}

// payment is the cost being paid: heroes play cards toward need until it is covered (then the
// purpose happens) or they give up (then the cards played are spent for nothing).
type payment struct {
	active       bool
	purpose      payPurpose
	hero         int8 // the hero performing the action
	need         Cost // still to pay
	contributors uint8
	played       int8
	arg          int8
	movement     bool  // leftover Move carries over (decision 9)
	ownMove      int16 // Move the performer paid with his own cards (only it can carry over)
	remote       bool  // remote abilities may join (enemy engagements, Interact from afar)
	interactOnly uint8 // heroes who joined with Interact from afar: they go on with Interact only
	// at is the space of the feature the action is on: the performer's, unless he acts from
	// afar with a remote_interact ability (remoteInteract). Remote helpers reach for it.
	at Pos
}

// beginPay starts paying need for purpose; heroes sharing the performer's space may assist.
// A cost that is already covered (say by carried-over Move) completes at once.
func (g *Game) beginPay(h int, purpose payPurpose, need Cost, arg int) {
	g.beginPayAt(h, purpose, need, arg, g.heroes[h].Pos)
}

// beginPayAt is beginPay for a performer who acts from afar (remoteInteract): he stands, for
// the moment, in the feature's space, and home is where he really is (put back here, before
// any card is played). The payment keeps the feature's space (payment.at).
func (g *Game) beginPayAt(h int, purpose payPurpose, need Cost, arg int, home Pos) {
	if g.levelOver {
		return
	}
	at := g.heroes[h].Pos
	g.pay = payment{active: true, purpose: purpose, hero: int8(h), need: need, arg: int8(arg),
		contributors: g.sharing(h), at: at}
	g.heroes[h].Pos = home
	if home != at {
		g.pay.interactOnly |= 1 << h // Magic: "continue to provide Interact"
	}
	switch purpose {
	case purDoor, purTunnel, purBarrier:
		g.pay.movement = true
		hero := &g.heroes[h]
		if g.data.Settings.MoveCarryOver != CarryOff && hero.CarryMove > 0 {
			use := min(int16(hero.CarryMove), g.pay.need[Move])
			g.pay.need[Move] -= use
			hero.CarryMove -= int8(use)
		}
	case purDefeat, purSwitch, purStep, purTreasureRoom, purChest:
		g.pay.remote = true
	case purBoss:
		g.pay.contributors = g.bossRoomHeroes()
	}
	g.setPrompt(PromptPay, h)
	if g.paid() {
		g.finishPay()
	}
}

// sharing returns the set of heroes in hero h's space (h included).
func (g *Game) sharing(h int) uint8 {
	var m uint8
	p := g.heroes[h].Pos
	for i := 0; i < g.players; i++ {
		if g.heroes[i].Pos == p {
			m |= 1 << i
		}
	}
	return m
}

func (g *Game) bossRoomHeroes() uint8 {
	var m uint8
	for i := 0; i < g.players; i++ {
		if g.inBossRoom(i) {
			m |= 1 << i
		}
	}
	return m
}

func (g *Game) paid() bool {
	n := g.pay.need
	return n[Move] <= 0 && n[Attack] <= 0 && n[Interact] <= 0
}

// contribution returns what card c gives in play mode m: the skill and amount (0 if it cannot
// be played that way), and whether it is a remote ability with its range. Exhausted cards give
// nothing; a Treasure's bottom only while equipped.
func (g *Game) contribution(c CardRef, m int, equipped bool) (Skill, int, bool, int) {
	pi := &g.data.play[g.cardType[c]][m]
	if pi.amount == 0 || g.Exhausted(c) || (m >= ModeBottom && !equipped && g.data.Cards[g.cardType[c]].Class == TreasureClass) {
		return 0, 0, false, 0
	}
	return pi.skill, int(pi.amount), pi.remote, int(pi.rng)
}

// cardAt returns the card in slot of hero h (hand slot, or MaxHand + equipped index).
func (g *Game) cardAt(h, slot int) (CardRef, bool) {
	hero := &g.heroes[h]
	if slot >= MaxHand {
		return hero.Equip[slot-MaxHand], true
	}
	return hero.Hand[slot], false
}

// playAbility is the ability card c uses in play mode m: its bottom in a bottom mode, else its
// top.
func (g *Game) playAbility(c CardRef, m int) Ability {
	if m >= ModeBottom {
		return g.CardType(c).Bottom
	}
	return g.CardType(c).Top
}

// canJoinWith reports whether hero h may join the payment from afar with the remote ability
// card c gives in mode m (range rng).
func (g *Game) canJoinWith(h int, c CardRef, m, rng int) bool {
	return g.canJoinRemotely(h, g.playAbility(c, m).Effect == EffectRemoteEngage, rng)
}

// canJoinRemotely reports whether hero h may use a remote ability of range rng toward the
// payment in progress (Arrows: an enemy engagement in a straight line; Magic: Interact, any path).
func (g *Game) canJoinRemotely(h int, straight bool, rng int) bool {
	if !g.pay.remote {
		return false
	}
	if straight && g.pay.purpose != purDefeat {
		return false
	}
	return g.reaches(h, g.pay.at, straight, rng)
}

// inReach reports whether hero h is within rng rooms of hero to (in a straight line if
// straight; distance is measured orthogonally).
func (g *Game) inReach(h, to int, straight bool, rng int) bool {
	return g.reaches(h, g.heroes[to].Pos, straight, rng)
}

// reaches reports whether hero h is within rng rooms of the room of b (in a straight line if
// straight; distance is measured orthogonally).
func (g *Game) reaches(h int, b Pos, straight bool, rng int) bool {
	a := g.heroes[h].Pos
	dr, dc := int(a.R-b.R), int(a.C-b.C)
	if straight && dr != 0 && dc != 0 {
		return false
	}
	return abs(dr)+abs(dc) <= rng
}

// remoteHelpers returns the heroes outside set who hold a remote ability that reaches hero h:
// Interact from afar (Magic and the like) and, for an enemy engagement, Arrows and the like,
// when the skill their ability gives is still needed.
func (g *Game) remoteHelpers(h int, set uint8, engagement bool, need Cost) uint8 {
	var m uint8
	for i := 0; i < g.players; i++ {
		if set&(1<<i) != 0 {
			continue
		}
		hero := &g.heroes[i]
		for k := 0; k < int(hero.HandN)+int(hero.EquipN); k++ {
			_, c := g.slotCard(i, k)
			if !g.data.remote[g.cardType[c]] {
				continue
			}
			equipped := k >= int(hero.HandN)
			t := g.CardType(c)
			for _, ab := range [2]Ability{t.Top, t.Bottom} {
				reach := (ab.Effect == EffectRemoteInteract && need[Interact] > 0 && g.inReach(i, h, false, int(ab.Range))) ||
					(engagement && ab.Effect == EffectRemoteEngage && need[ab.Skill] > 0 && g.inReach(i, h, true, int(ab.Range)))
				if reach && !g.Exhausted(c) && (ab == t.Top || t.Class == ItemClass || (equipped && ab.Exhaust)) {
					m |= 1 << i
				}
			}
		}
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// payActions appends the plays that help the payment in progress, and giving up.
func (g *Game) payActions(buf []Action) []Action {
	start := len(buf)
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		member := g.pay.contributors&(1<<h) != 0
		if !member && !g.pay.remote {
			continue // he could only join from afar (canJoinRemotely)
		}
		for slot := 0; slot < int(hero.HandN)+int(hero.EquipN); slot++ {
			s := slot
			equipped := false
			if slot >= int(hero.HandN) {
				s = equipSlot(slot - int(hero.HandN))
				equipped = true
			}
			c, _ := g.cardAt(h, s)
			if g.Exhausted(c) {
				continue // it gives nothing in any mode (contribution)
			}
			// The modes that give a skill still needed (the others give nothing toward it).
			var ms uint16
			modes := &g.data.modes[g.cardType[c]]
			for sk := range modes {
				if g.pay.need[sk] > 0 && (g.pay.interactOnly&(1<<h) == 0 || Skill(sk) == Interact) {
					ms |= modes[sk]
				}
			}
			for ; ms != 0; ms &= ms - 1 {
				m := bits.TrailingZeros16(ms)
				_, amt, remote, rng := g.contribution(c, m, equipped)
				if amt == 0 {
					continue
				}
				if !member {
					if !remote || !g.canJoinWith(h, c, m, rng) {
						continue
					}
				}
				buf = append(buf, MakeAction(ActPlay, h, s, m, 0))
			}
		}
	}
	if g.pay.played > 0 || len(buf) == start {
		buf = append(buf, MakeAction(ActGiveUp, int(g.pay.hero), 0, 0, 0))
	}
	if set := g.remoteShowers(); set != 0 {
		buf = g.vulnerabilityActions(buf, int(g.pay.hero), set)
	}
	return buf
}

// remoteShowers is who, having joined a Defeat payment from afar with a remote_engage ability
// (Arrows), may now show a vulnerability (Arrows: "the player can use any other cards ...
// (including revealing cards that correspond to its vulnerabilities)"); a Magic joiner gives
// Interact only. None under rules.helpers_show_vulnerability: false, or for a special room's
// enemy.
func (g *Game) remoteShowers() uint8 {
	h := int(g.pay.hero)
	if g.pay.purpose != purDefeat || !g.data.Settings.HelpersShowVulnerability || g.heroes[h].ForRoom {
		return 0
	}
	return g.pay.contributors &^ g.defeatSet(h) &^ g.pay.interactOnly
}

// playCard plays hero h's card in slot in mode m toward the payment.
func (g *Game) playCard(h, slot, m int) {
	c, equipped := g.cardAt(h, slot)
	t := g.CardType(c)
	sk, amt, remote, _ := g.contribution(c, m, equipped)
	g.pay.need[sk] -= int16(amt)
	g.pay.played++
	if h == int(g.pay.hero) && sk == Move {
		g.pay.ownMove += int16(amt)
	}
	if remote {
		g.joinedFromAfar(h, c, m)
	}
	// Where the card goes: Skill cards and 1-point discards to the hero's discard pile; Items
	// used for an ability are thrown away; a Treasure's top is discarded, its bottom exhausted.
	to := PlaceDiscard
	switch {
	case m >= ModeBottom && t.Class == TreasureClass:
		g.setExhausted(c, true)
		to = PlaceExhausted
	case m >= ModeTop && t.Class == ItemClass:
		g.removeCard(h, slot)
		g.itemDisc.push(c)
		to = PlaceUsed
	default:
		g.removeCard(h, slot)
		g.heroes[h].Discard.push(c)
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvPlay, Hero: int8(h), Card: g.cardType[c], Skill: sk, Amount: int8(amt), For: g.pay.purpose,
			CardFrom: placeOf(equipped), CardTo: to})
	}
	if g.paid() {
		g.finishPay()
	}
}

// joinedFromAfar records that hero h joined the payment with the remote ability of card c
// (play mode m). After Arrows (remote_engage) he may play any card, as printed; after Magic
// (remote_interact) he may "continue to provide Interact" only (Card Clarifications).
func (g *Game) joinedFromAfar(h int, c CardRef, m int) {
	bit := uint8(1) << h
	switch ab := g.playAbility(c, m); {
	case ab.Effect == EffectRemoteEngage:
		g.pay.interactOnly &^= bit
	case g.pay.contributors&bit == 0:
		g.pay.interactOnly |= bit
	}
	g.pay.contributors |= bit
}

// placeOf is the place of a card in an action slot: equipped, or in the hand.
func placeOf(equipped bool) CardPlace {
	if equipped {
		return PlaceEquipped
	}
	return PlaceHand
}

// removeCard takes the card in slot out of hero h's hand or equipment (the Bottle's Heart or
// Fairy is thrown away with an unequipped Bottle).
func (g *Game) removeCard(h, slot int) CardRef {
	if slot >= MaxHand {
		return g.unequip(h, slot-MaxHand)
	}
	return g.takeFromHand(h, slot)
}

// takeFromHand takes card i out of hero h's hand (without placing it anywhere). A card given
// away exhausted (telepathy) stays exhausted in the hand until the end of the round; anywhere
// else but the equipment it is upright (the callers that keep it exhausted restore it).
func (g *Game) takeFromHand(h, i int) CardRef {
	hero := &g.heroes[h]
	c := hero.Hand[i]
	g.setExhausted(c, false)
	copy(hero.Hand[i:hero.HandN-1], hero.Hand[i+1:hero.HandN])
	hero.HandN--
	return c
}

// unequip takes equipped card i off hero h (without placing it anywhere); the card is no longer
// exhausted where it goes unless the caller keeps it so (give, equip).
func (g *Game) unequip(h, i int) CardRef {
	hero := &g.heroes[h]
	c := hero.Equip[i]
	copy(hero.Equip[i:hero.EquipN-1], hero.Equip[i+1:hero.EquipN])
	hero.EquipN--
	g.setExhausted(c, false)
	if g.CardType(c).Bottom.Effect == EffectBottle && hero.Bottle != NoCard {
		g.emitBottle(h, hero.Bottle, BottleThrownAway)
		g.itemDisc.push(hero.Bottle)
		hero.Bottle = NoCard
	}
	return c
}

// discardEquipped discards hero h's equipped card i to his discard pile and returns it.
func (g *Game) discardEquipped(h, i int) CardRef {
	c := g.unequip(h, i)
	g.heroes[h].Discard.push(c)
	return c
}

// giveUp abandons the payment: the cards played are spent.
func (g *Game) giveUp() {
	p := g.pay
	g.pay = payment{}
	g.prompt = PromptNone
	h := int(p.hero)
	switch p.purpose {
	case purDefeat, purEvade:
		g.backToEngagement(h)
	case purStep, purTreasureRoom:
		g.failActivation()
	case purBoss:
		if g.level == Levels {
			g.recordGanonFight(p.need)
		}
		if g.sink != nil {
			g.emit(&Event{Type: EvBossWait})
		}
	case purHazard:
		g.pushJob(damageJob(h, RollNormal, int(g.step.hazard), dmgHazard, 0))
	case purAbility:
		g.declineAbility(h)
	}
}

// recordGanonFight records a payment against Ganon that ended without defeating him, with the
// need it left (LevelResult.GanonNeed, GanonFights): a count for the results, not for play.
func (g *Game) recordGanonFight(need Cost) {
	res := &g.results[Levels]
	res.GanonFights++
	for s := range need {
		res.GanonNeed[s] = max(0, need[s])
	}
}

// finishPay carries out the purpose of a covered payment.
func (g *Game) finishPay() {
	p := g.pay
	g.pay = payment{}
	g.prompt = PromptNone
	h := int(p.hero)
	if p.movement && g.data.Settings.MoveCarryOver != CarryOff && p.need[Move] < 0 {
		// Only the mover's own leftover carries over: the team plays the mover's card last, so
		// the overpay is his up to the Move his own cards gave; an assistant's is lost.
		g.heroes[h].CarryMove += int8(min(-p.need[Move], p.ownMove))
	}
	switch p.purpose {
	case purDoor:
		g.moveThroughDoor(h, Edge(p.arg))
	case purTunnel, purBarrier:
		g.moveToSpace(h, int(p.arg))
	case purSwitch:
		g.useSwitch(h, p.at, int(p.arg))
	case purPots:
		g.usePots(h, int(p.arg))
	case purChest:
		g.openChest(h, p.at)
	case purDefeat:
		g.defeated(h)
	case purEvade:
		g.evaded(h)
	case purStep:
		g.pushJob(teamJob(jobActivate))
	case purTreasureRoom:
		g.act.treasures = p.arg
		g.pushJob(teamJob(jobActivate))
	case purBoss:
		g.bossDefeated(int(p.arg))
	case purHazard:
		g.pushJob(damageJob(h, RollNormal, int(g.step.hazard), dmgHazard, int(p.arg)))
	case purAbility:
		g.abilityPaid(h)
	}
}

// canAfford reports whether the heroes in set (with h's carried Move) could possibly cover need:
// the sum of each card's best contribution to a needed skill reaches the total still needed. It
// is an upper bound, so a payment may still fall short.
func (g *Game) canAfford(set uint8, h int, need Cost, movement bool) bool {
	if movement && g.data.Settings.MoveCarryOver != CarryOff {
		need[Move] -= min(need[Move], int16(g.heroes[h].CarryMove))
	}
	total, one := 0, -1 // one: the only skill needed, -1 when more than one is
	for s, v := range need {
		if v > 0 {
			total += int(v)
			one = s
			if int(v) != total {
				one = -1 // a second skill needed
			}
		}
	}
	if total == 0 {
		return true
	}
	have := 0
	for i := 0; i < g.players && have < total; i++ {
		if set&(1<<i) == 0 {
			continue
		}
		hero := &g.heroes[i]
		for k := 0; k < int(hero.HandN)+int(hero.EquipN) && have < total; k++ {
			var c CardRef
			equipped := k >= int(hero.HandN)
			if equipped {
				c = hero.Equip[k-int(hero.HandN)]
			} else {
				c = hero.Hand[k]
			}
			if g.Exhausted(c) {
				continue
			}
			eq := 0
			if equipped {
				eq = 1
			}
			b := &g.data.best[g.cardType[c]][eq]
			if one >= 0 { // a need of one skill (most are): the card's best toward it
				have += min(int(b[one]), total)
				continue
			}
			best := 0
			for s := Move; s < NumSkills; s++ {
				if need[s] > 0 {
					best = max(best, min(int(b[s]), int(need[s])))
				}
			}
			have += best
		}
	}
	return have >= total
}

// maxExactNeed bounds the Move and Attack an exact affordability test can handle (more is
// never affordable from one team's hands in practice, and is reported as not affordable).
const maxExactNeed = 47

// canPay reports exactly whether the heroes in set (with h's carried Move, for a movement) can
// cover need with the cards they hold now: each card pays one skill in one of its modes (a
// Skill card's two skills, a discard for 1, an Item's or Treasure's ability). canAfford is its
// cheap upper bound. It is a knapsack over the cards: f[x][y] is the most Interact the cards
// seen so far give while they also give at least x Move and y Attack (capped at the need).
func (g *Game) canPay(set uint8, h int, need Cost, movement bool) bool {
	if movement && g.data.Settings.MoveCarryOver != CarryOff {
		need[Move] -= min(need[Move], int16(g.heroes[h].CarryMove))
	}
	mx, ax, ix := int(max(need[Move], 0)), int(max(need[Attack], 0)), int(max(need[Interact], 0))
	if mx+ax+ix == 0 {
		return true
	}
	if mx > maxExactNeed || ax > maxExactNeed || !g.canAfford(set, h, need, false) {
		return false
	}
	// Only the (mx+1) x (ax+1) needs in play are kept, in tables no larger than they need to
	// be (a Go array is cleared on every call).
	if size := (mx + 1) * (ax + 1); size <= smallKnapsack {
		var fa, fb [smallKnapsack]int16
		return g.knapsack(set, mx, ax, ix, fa[:size], fb[:size])
	}
	const w = maxExactNeed + 1
	var fa, fb [w * w]int16
	return g.knapsack(set, mx, ax, ix, fa[:(mx+1)*(ax+1)], fb[:(mx+1)*(ax+1)])
}

// smallKnapsack is the table size canPay keeps on a small array.
const smallKnapsack = 256

// knapsack is canPay's table over the cards of the heroes in set, f and next of (mx+1) x
// (ax+1) entries (row stride ax+1): they are swapped, not copied, from card to card. A card
// is tried for each skill with the most it gives of it (Data.best): giving less of the same
// skill never covers what more does not.
func (g *Game) knapsack(set uint8, mx, ax, ix int, f, next []int16) bool {
	sw := ax + 1
	for i := range f {
		f[i] = -1
	}
	f[0] = 0
	for i := 0; i < g.players; i++ {
		if set&(1<<i) == 0 {
			continue
		}
		hero := &g.heroes[i]
		for k := 0; k < int(hero.HandN)+int(hero.EquipN); k++ {
			_, c := g.slotCard(i, k)
			copy(next, f)
			if !g.Exhausted(c) { // else it gives nothing (contribution)
				eq := 0
				if k >= int(hero.HandN) {
					eq = 1
				}
				for sk, amt := range g.data.best[g.cardType[c]][eq] {
					if amt > 0 {
						addPlay(f, next, mx, ax, ix, Skill(sk), int(amt))
					}
				}
			}
			f, next = next, f
			if f[mx*sw+ax] >= int16(ix) {
				return true
			}
		}
	}
	return f[mx*sw+ax] >= int16(ix)
}

// addPlay adds to next what playing amt of skill sk on each entry of f reaches (see knapsack).
func addPlay(f, next []int16, mx, ax, ix int, sk Skill, amt int) {
	sw := ax + 1
	for x := 0; x <= mx; x++ {
		for y := 0; y <= ax; y++ {
			z := f[x*sw+y]
			if z < 0 {
				continue
			}
			nx, ny, nz := x, y, z
			switch sk {
			case Move:
				nx = min(mx, x+amt)
			case Attack:
				ny = min(ax, y+amt)
			default:
				nz = min(int16(ix), z+int16(amt))
			}
			if nz > next[nx*sw+ny] {
				next[nx*sw+ny] = nz
			}
		}
	}
}
