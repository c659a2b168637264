package clockwork

import "fmt"

// ApplyChecked carries out action a if it is one of LegalActions, and otherwise refuses it
// with an error that names the action and the decision, leaving the game as it was. It is
// the engine's checked path: test harnesses, replay and agents other than the project's own
// use it; the bulk loop of the simulator may call Apply directly. It allocates nothing.
func (g *Game) ApplyChecked(a Action) error {
	var buf [maxLegal]Action
	legal := g.LegalActions(buf[:0])
	for _, b := range legal {
		if a == b {
			g.Apply(a)
			return nil
		}
	}
	if g.over {
		return fmt.Errorf("rules: %v refused: the campaign is over", a)
	}
	return fmt.Errorf("rules: %v refused: not a legal action at the %s decision (level %d, round %d; %d legal actions)",
		a, g.prompt, g.level, g.round, len(legal))
}

// breach names the rule that action a would break, for the actions whose breach leaves no
// trace in the state (Check reports it afterwards): a move through a door that cannot be used
// (the Boss Room without the Key among them), a vulnerability shown with a card that is not
// one, a card played by a hero who may not pay, an activation where there is no special room
// to activate, a Map token swap of a room it may not touch, an action from afar out of reach, a rift activated with nothing to activate it. It is cheap: one look per action, no legal-action list.
func (g *Game) breach(a Action) string {
	h := a.Hero()
	switch {
	case g.over || h >= g.players:
		return ""
	case a.Kind() == ActMove && (g.prompt == PromptMain || g.prompt == PromptResolve):
		if _, ok := g.doorMove(h, Edge(a.X()&3)); !ok {
			return "a move through a door that cannot be used"
		}
	case a.Kind() == ActVulnerable && g.heroes[h].Engaged:
		if !g.isVulnerability(h, a.Y(), a.X()) {
			return "a vulnerability shown with a card that is not one"
		}
	case a.Kind() == ActPlay && g.prompt == PromptPay:
		if g.pay.contributors&(1<<h) == 0 && !g.remotePlay(h, a.X(), a.Y()) {
			return "a card played by a hero who may not pay"
		}
	case a.Kind() == ActRemoteInteract && g.prompt == PromptMain:
		if !g.remoteInteractOK(h, a) {
			return "an action from afar that its card cannot reach"
		}
	case a.Kind() == ActRiftIgnore && g.prompt == PromptRift:
		if !g.riftActivatable(h) {
			return "a rift activated with nothing to activate it"
		}
	case a.Kind() == ActMapSwap && g.prompt == PromptMain:
		r, c := a.X()/MaxCols, a.X()%MaxCols
		nr, nc := Neighbor(r, c, Edge(a.Y()&3))
		if !g.grid.In(r, c) || !g.grid.In(nr, nc) || !g.tokenMovable(r, c, true) || !g.tokenMovable(nr, nc, true) {
			return "a Map token swap of a room it may not touch"
		}
	case a.Kind() == ActActivate && (g.prompt == PromptMain || g.prompt == PromptResolve):
		if room, t := g.roomAt(g.heroes[h].Pos); t.Kind != SpecialTile || room.Activated {
			return "an activation where there is no special room to activate"
		}
	}
	return ""
}

// isVulnerability reports whether the card in slot of the hero that y names (0: h himself,
// else the hero y-1) is one of hero h's engaged enemy's vulnerabilities, shown by a hero who
// may show it (never for a special room's enemy).
func (g *Game) isVulnerability(h, y, slot int) bool {
	shower := h
	if y > 0 {
		shower = y - 1
	}
	if g.heroes[h].ForRoom || shower >= g.players {
		return false
	}
	may := g.showers(h)
	if g.prompt == PromptPay {
		may |= g.remoteShowers()
	}
	if may&(1<<shower) == 0 || !g.validSlot(shower, slot) {
		return false
	}
	c, _ := g.cardAt(shower, slot)
	return g.vulnerableTo(h, c)
}

// vulnerableTo reports whether card c is one of hero h's engaged enemy's vulnerabilities.
func (g *Game) vulnerableTo(h int, c CardRef) bool {
	for _, v := range g.data.Enemies[g.heroes[h].Enemy].Vulnerable {
		if g.cardType[c] == v {
			return true
		}
	}
	return false
}

// validSlot reports whether slot holds a card of hero h (a hand index, or MaxHand plus an
// equipped index).
func (g *Game) validSlot(h, slot int) bool {
	hero := &g.heroes[h]
	if slot >= MaxHand {
		return slot-MaxHand < int(hero.EquipN)
	}
	return slot >= 0 && slot < int(hero.HandN)
}

// remotePlay reports whether hero h, outside the payment's heroes, may join it with the remote
// ability his card in slot gives in mode m.
func (g *Game) remotePlay(h, slot, m int) bool {
	if m >= numPlayModes || !g.validSlot(h, slot) {
		return false
	}
	c, equipped := g.cardAt(h, slot)
	_, amt, remote, rng := g.contribution(c, m, equipped)
	return amt > 0 && remote && g.canJoinWith(h, c, m, rng)
}

// maxLegal bounds the legal actions of one decision, for ApplyChecked's buffer (a decision has
// a few hundred at the most; LegalActions grows the buffer beyond it if ever needed).
const maxLegal = 2048

// Apply carries out action a, which must be one of LegalActions (Apply does not check it: an
// illegal action may corrupt the state, which Check would then report; ApplyChecked refuses
// it). Chance is resolved inside from the campaign's streams. Apply allocates nothing.
func (g *Game) Apply(a Action) {
	h := a.Hero()
	if g.violation == "" {
		g.violation = g.breach(a)
	}
	switch g.prompt {
	case PromptMain, PromptResolve:
		g.prompt = PromptNone
		g.applyMain(a, h)
	case PromptChooseTemple:
		g.prompt = PromptNone
		g.chooseTemple(a.X())
	case PromptPay:
		switch a.Kind() {
		case ActPlay:
			g.playCard(h, a.X(), a.Y())
		case ActGiveUp:
			g.giveUp()
		case ActVulnerable: // a hero who joined from afar shows it: the cards played are spent
			g.pay = payment{}
			g.prompt = PromptNone
			g.defeat(h, OutVulnerable)
		}
	case PromptKeep:
		switch a.Kind() {
		case ActActivateFeature:
			g.activateFeature(h)
		case ActTakeReward:
			g.takeReward()
		default:
			g.keep(a.X())
		}
	case PromptPlace:
		g.place(a)
	case PromptTreasureTo:
		g.treasureTo(h, a.X())
	case PromptDiscard:
		g.discardChosen(a.X())
	case PromptRift:
		g.rift(h, a.Kind() == ActRiftRoll)
	case PromptShard:
		g.burnShard(h, a.X() == 1)
	case PromptBoss:
		g.multiples(h, a.X())
	case PromptCog:
		g.prompt = PromptNone
		g.turnCog(h, int(g.step.cogR), int(g.step.cogC), a.X())
	case PromptAbility:
		g.prompt = PromptNone
		if a.Kind() == ActPayAbility {
			g.payAbility(h)
		} else {
			g.declineAbility(h)
		}
	case PromptEngageOrder:
		g.prompt = PromptNone
		g.engageIcon(h, a.X())
	case PromptEnemyTie:
		g.prompt = PromptNone
		g.engageDrawn(h, a.X())
	case PromptShardTo:
		g.prompt = PromptNone
		g.giveShard(h)
		g.awardShards()
	case PromptHazard:
		g.prompt = PromptNone
		if k := a.X(); k > 0 {
			g.beginPay(h, purHazard, Cost{Move: int16(k) * int16(g.step.hazard)}, k)
		} else {
			g.pushJob(damageJob(h, RollNormal, int(g.step.hazard), dmgHazard, 0))
		}
	}
	g.run()
}

// performsAction reports whether an action kind is one of the rulebook's Actions (a hero
// "performs an action"), as opposed to passing, resolving an engagement or using a card or a
// token "at any time".
func performsAction(k ActionKind) bool {
	switch k {
	case ActMove, ActTunnel, ActBarrier, ActEngage, ActRemoteEngage, ActSwitch, ActPots, ActChest,
		ActGive, ActActivate, ActBoss, ActRemoteInteract:
		return true
	}
	return false
}

// actionBy notes that hero h performs an action: under the printed carry-over reading every
// other hero's leftover Move is lost ("they (but not other heroes) perform another action").
func (g *Game) actionBy(h int) {
	if g.data.Settings.MoveCarryOver != CarryUntilOtherActs {
		return
	}
	for i := 0; i < g.players; i++ {
		if i != h {
			g.heroes[i].CarryMove = 0
		}
	}
}

// applyMain carries out an action of PromptMain (or PromptResolve).
func (g *Game) applyMain(a Action, h int) {
	hero := &g.heroes[h]
	if performsAction(a.Kind()) {
		g.actionBy(h)
		hero.Acted = true
	}
	switch a.Kind() {
	case ActEndRound:
		g.pushJob(endRoundJob(0, 0))
	case ActPass:
		hero.Passed = true
		if g.data.Settings.HeroOrder == SequentialOrder {
			g.order++
		}
		if g.allPassed() {
			g.pushJob(endRoundJob(0, 0))
		}
	case ActMove:
		cost, _ := g.doorMove(h, Edge(a.X()))
		g.step.moveCost = int8(cost)
		g.beginPay(h, purDoor, Cost{Move: int16(cost)}, a.X())
	case ActTunnel, ActBarrier:
		cost, _, _ := g.spaceMove(h, a.X())
		g.step.moveCost = int8(cost)
		purpose := purTunnel
		if a.Kind() == ActBarrier {
			purpose = purBarrier
		}
		g.beginPay(h, purpose, Cost{Move: int16(cost)}, a.X())
	case ActEngage:
		hero.Queue = 0
		g.engage(h, int(g.spaceOf(h).Enemies[a.X()].Draw), a.X(), false)
	case ActSwitch:
		g.beginPay(h, purSwitch, Cost{Interact: int16(g.spaceOf(h).Switches[a.X()].Interact)}, a.X())
	case ActPots:
		g.beginPay(h, purPots, Cost{Attack: int16(a.X())}, a.X())
	case ActChest:
		g.beginPay(h, purChest, Cost{Interact: int16(g.data.Settings.ChestInteract)}, 0)
	case ActGive:
		g.give(h, a.X(), a.Y())
	case ActActivate:
		g.startActivation(h, a.X())
	case ActBoss:
		g.bossAttempt(h)
	case ActCompass:
		r, c := a.X()/MaxCols, a.X()%MaxCols
		cr, cc, _ := g.findSpecial(Compass)
		g.grid.Rooms[cr][cc].Tokens--
		g.roomChanged(cr, cc)
		g.tokensChanged()
		g.rotateRoom(r, c, a.Y() == 1)
		if g.sink != nil {
			g.emit(&Event{Type: EvToken, Hero: int8(h), Special: Compass, At: Pos{R: int8(r), C: int8(c)}})
		}
	case ActMapSwap:
		r, c := a.X()/MaxCols, a.X()%MaxCols
		mr, mc, _ := g.findSpecial(Map)
		g.grid.Rooms[mr][mc].Tokens--
		g.roomChanged(mr, mc)
		g.tokensChanged()
		nr, nc := Neighbor(r, c, Edge(a.Y()))
		g.swapRooms(r, c, nr, nc)
		if g.sink != nil {
			g.emit(&Event{Type: EvToken, Hero: int8(h), Special: Map, At: Pos{R: int8(r), C: int8(c)}})
		}
	case ActEquip:
		c, _ := g.cardAt(h, a.X())
		ex := g.Exhausted(c) // a card given exhausted is equipped exhausted
		g.takeFromHand(h, a.X())
		g.setExhausted(c, ex)
		g.equip(h, c, a.Y(), PlaceHand)
	case ActUse:
		g.useCard(h, a.X(), a.Y(), a.Z())
	case ActBottle:
		g.useBottle(h)
	case ActRemoteEngage:
		y, z := a.Y(), a.Z()
		at := Pos{R: int8(z / MaxCols), C: int8(z % MaxCols), Space: int8(y >> 2 & 3)}
		g.remoteEngage(h, a.X(), y&16 != 0, at, y&3)
	case ActRemoteInteract:
		y, z := a.Y(), a.Z()
		at := Pos{R: int8(z / MaxCols), C: int8(z % MaxCols), Space: int8(y >> 3 & 3)}
		g.remoteInteract(h, a.X(), y&32 != 0, at, y&7)
	case ActDefeat:
		g.startDefeat(h)
	case ActEvade:
		g.beginPay(h, purEvade, Cost{Move: int16(g.data.Enemies[hero.Enemy].Evade)}, 0)
	case ActVulnerable:
		g.defeat(h, OutVulnerable)
	case ActTakeDamage:
		g.takeDamage(h)
	}
}

func (g *Game) spaceOf(h int) *Space {
	_, t := g.roomAt(g.heroes[h].Pos)
	return &t.Spaces[g.heroes[h].Pos.Space]
}

func (g *Game) allPassed() bool {
	for i := 0; i < g.players; i++ {
		if !g.heroes[i].Passed {
			return false
		}
	}
	return true
}
