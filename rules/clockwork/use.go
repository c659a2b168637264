package clockwork

// Use flags (ActUse's Y).
const (
	useBottom = 1 // the bottom ability (else the top)
	useCW     = 2 // rotate_room: clockwise
)

// usable reports whether the ability in place (top or bottom) of hero h's card c can be used
// outside a payment, and returns it.
func (g *Game) usable(c CardRef, bottom, equipped bool) (Ability, bool) {
	t := g.CardType(c)
	if t.Class == SkillCardClass || g.Exhausted(c) {
		return Ability{}, false
	}
	ab := t.Top
	if bottom {
		ab = t.Bottom
		if t.Class == TreasureClass && (!equipped || !ab.Exhaust) {
			return Ability{}, false
		}
	}
	if !usedOutsidePayment(ab.Effect) {
		return Ability{}, false
	}
	return ab, true
}

// usedOutsidePayment reports whether an ability of effect e is used as an action of its own
// (ActUse): not a skill (played toward a cost), not one from afar, not the Bottle's or a Piece
// of Heart's.
func usedOutsidePayment(e Effect) bool {
	switch e {
	case NoEffect, EffectSkill, EffectRemoteEngage, EffectRemoteInteract, EffectBottle, EffectPieceOfHeart:
		return false
	}
	return true
}

// cardActions appends hero h's card actions: equipping, using abilities, the Bottle.
func (g *Game) cardActions(buf []Action, h int) []Action {
	hero := &g.heroes[h]
	for i := 0; i < int(hero.HandN); i++ {
		if g.CardType(hero.Hand[i]).Class != SkillCardClass {
			buf = g.equipOptions(buf, ActEquip, h, handSlot(i))
		}
	}
	for k := 0; k < int(hero.HandN)+int(hero.EquipN); k++ {
		slot, c := g.slotCard(h, k)
		if !g.data.acts[g.cardType[c]] || g.Exhausted(c) {
			continue // no ability to use, none to engage from afar (usable, remoteEngageTargets)
		}
		for _, bottom := range [2]bool{false, true} {
			ab, ok := g.usable(c, bottom, slot >= MaxHand)
			if !ok {
				continue
			}
			y := 0
			if bottom {
				y = useBottom
			}
			buf = g.abilityTargets(buf, h, slot, y, ab)
		}
		buf = g.remoteEngageTargets(buf, h, slot, c)
		buf = g.remoteInteractTargets(buf, h, slot, c)
	}
	if hero.Bottle != NoCard {
		buf = append(buf, MakeAction(ActBottle, h, 0, 0, 0))
	}
	return buf
}

// abilityTargets appends one ActUse per sensible target of ability ab.
func (g *Game) abilityTargets(buf []Action, h, slot, y int, ab Ability) []Action {
	hero := &g.heroes[h]
	switch ab.Effect {
	case EffectHeal, EffectHealFull:
		for to := 0; to < g.players; to++ {
			if (to == h || ab.AnyHero) && g.heroes[to].Hearts < g.heroes[to].Containers {
				buf = append(buf, MakeAction(ActUse, h, slot, y, to))
			}
		}
	case EffectGainItem:
		for to := 0; to < g.players; to++ {
			if to == h || ab.AnyHero {
				buf = append(buf, MakeAction(ActUse, h, slot, y, to))
			}
		}
	case EffectOpenDoor:
		room, t := g.roomAt(hero.Pos)
		for e := North; e < NumEdges; e++ {
			if t.Doors[e].Kind == ClosedDoor && room.OpenedDoors&(1<<e) == 0 {
				buf = append(buf, MakeAction(ActUse, h, slot, y, int(e)))
			}
		}
	case EffectRefillHand:
		if int(hero.HandN) < g.HandSize(h) {
			buf = append(buf, MakeAction(ActUse, h, slot, y, 0))
		}
	case EffectExtraDraw:
		if hero.Deck.N+hero.Discard.N > 0 {
			buf = append(buf, MakeAction(ActUse, h, slot, y, 0))
		}
	case EffectCrossBarrier:
		_, t := g.roomAt(hero.Pos)
		for s := range t.Spaces {
			if bit := PairBit(int(hero.Pos.Space), s); s != int(hero.Pos.Space) && t.Barriers&bit != 0 && t.Tunnels&bit == 0 {
				buf = append(buf, MakeAction(ActUse, h, slot, y, 0))
				break
			}
		}
	case EffectReduceDamage, EffectTimeToken:
		buf = append(buf, MakeAction(ActUse, h, slot, y, 0))
	case EffectRotateRoom:
		for r := 0; r < int(g.grid.Rows); r++ {
			for c := 0; c < int(g.grid.Cols); c++ {
				if abs(r-int(hero.Pos.R))+abs(c-int(hero.Pos.C)) <= int(ab.Range) && g.tokenMovable(r, c, false) {
					buf = append(buf, MakeAction(ActUse, h, slot, y, cellOf(r, c)), MakeAction(ActUse, h, slot, y|useCW, cellOf(r, c)))
				}
			}
		}
	}
	return buf
}

// useCard uses the ability of hero h's card in slot (ActUse), then disposes of the card: an Item
// is thrown away, a Treasure's top discarded, its bottom exhausted.
func (g *Game) useCard(h, slot, y, z int) {
	c, equipped := g.cardAt(h, slot)
	bottom := y&useBottom != 0
	ab, _ := g.usable(c, bottom, equipped)
	to := g.spendCard(h, slot, bottom)
	if g.sink != nil {
		g.emit(&Event{Type: EvUse, Hero: int8(h), Card: g.cardType[c], Effect: ab.Effect, CardFrom: placeOf(equipped), CardTo: to})
	}
	if ab.Effect == EffectRotateRoom {
		g.rotateRoom(z/MaxCols, z%MaxCols, y&useCW != 0)
		return
	}
	g.applyAbility(h, ab, z, z, SourceCard)
}

// spendCard disposes of hero h's card in slot after one of its abilities was used: an Item is
// thrown away, a Treasure's top discarded, its bottom exhausted. It returns where the card went.
func (g *Game) spendCard(h, slot int, bottom bool) CardPlace {
	c, _ := g.cardAt(h, slot)
	switch t := g.CardType(c); {
	case bottom && t.Class == TreasureClass:
		g.setExhausted(c, true)
		return PlaceExhausted
	case t.Class == ItemClass:
		g.removeCard(h, slot)
		g.itemDisc.push(c)
		return PlaceUsed
	default:
		g.removeCard(h, slot)
		g.heroes[h].Discard.push(c)
		return PlaceDiscard
	}
}

// applyAbility applies an ability of hero h; target is the hero it is aimed at (heal, gain_item)
// and param the door edge (open_door). src says, for the event log, what the ability came from.
func (g *Game) applyAbility(h int, ab Ability, target, param int, src EventSource) {
	hero := &g.heroes[h]
	switch ab.Effect {
	case EffectHeal:
		to := &g.heroes[target]
		before := to.Hearts
		to.Hearts = min(to.Containers, to.Hearts+ab.Amount)
		g.emitHeal(target, before, src)
	case EffectHealFull:
		to := &g.heroes[target]
		before := to.Hearts
		to.Hearts = to.Containers
		g.emitHeal(target, before, src)
	case EffectPieceOfHeart:
		hero.Pieces += ab.Amount
		gained := 0
		for per := int8(g.data.Setup.PiecesPerContainer); hero.Pieces >= per; hero.Pieces -= per {
			gained++
		}
		if g.sink != nil {
			g.emit(&Event{Type: EvPieceOfHeart, Hero: int8(h), Amount: ab.Amount, Pieces: hero.Pieces})
		}
		for ; gained > 0; gained-- {
			hero.Containers++
			hero.Hearts = hero.Containers
			g.emitContainer(h, SourcePieceOfHeart)
		}
	case EffectOpenDoor:
		room, _ := g.roomAt(hero.Pos)
		room.OpenedDoors |= 1 << param
		g.roomChanged(int(hero.Pos.R), int(hero.Pos.C))
	case EffectRefillHand:
		if n := g.HandSize(h) - int(hero.HandN); n > 0 {
			g.pushJob(drawJob(h, n))
		}
	case EffectExtraDraw:
		g.pushJob(drawJob(h, int(ab.Amount)))
	case EffectCrossBarrier:
		hero.Crossings++
	case EffectReduceDamage:
		hero.Shield += ab.Amount
	case EffectGainItem:
		g.pushJob(gainItemsJob(target, int(ab.Amount)))
	case EffectTimeToken:
		hero.Time += ab.Amount
		g.emitTime(h, ab.Amount, src)
	}
}

// useBottle uses the Heart or Fairy kept on hero h's Bottle, as if just gained.
func (g *Game) useBottle(h int) {
	hero := &g.heroes[h]
	c := hero.Bottle
	hero.Bottle = NoCard
	g.emitBottle(h, c, BottleUsed)
	g.whenGained(h, c, SourceBottle)
}

// remoteEngageTargets appends ActRemoteEngage for each enemy icon that hero h's card c could
// engage from afar: up to its range in a straight line, in a face-up room that is not a special
// room (rulebook: Arrows), not defeated this round.
func (g *Game) remoteEngageTargets(buf []Action, h, slot int, c CardRef) []Action {
	t := g.CardType(c)
	hero := &g.heroes[h]
	if t.Class == SkillCardClass || g.Exhausted(c) || !g.enemyAvailable() || hero.Engaged {
		return buf
	}
	for bottom := 0; bottom < 2; bottom++ {
		ab := t.Top
		if bottom == 1 {
			ab = t.Bottom
			if t.Class == TreasureClass && (slot < MaxHand || !ab.Exhaust) {
				continue
			}
		}
		if ab.Effect != EffectRemoteEngage {
			continue
		}
		for d := North; d < NumEdges; d++ {
			r, cc := int(hero.Pos.R), int(hero.Pos.C)
			for k := 1; k <= int(ab.Range); k++ {
				r, cc = Neighbor(r, cc, d)
				if !g.grid.In(r, cc) {
					break
				}
				room := &g.grid.Rooms[r][cc]
				tile := &g.data.Tiles[room.Tile]
				if !room.FaceUp || tile.Special != NotSpecial {
					continue
				}
				for s := range tile.Spaces {
					for i := range tile.Spaces[s].Enemies {
						if room.DefeatedMask&(1<<(s*MaxIcons+i)) == 0 {
							buf = append(buf, MakeAction(ActRemoteEngage, h, slot, bottom<<4|s<<2|i, cellOf(r, cc)))
						}
					}
				}
			}
		}
	}
	return buf
}

// remoteFeatureChest is the feature index of a chest in ActRemoteInteract (switches are 0-3).
const remoteFeatureChest = MaxIcons

// remoteInteractTargets appends the actions hero h may perform from afar with the
// remote_interact ability of his card c in slot (Performing Actions: cards "allow a hero to
// perform actions on dungeon features that are not in their space"; Magic: "provide Interact
// for any action that requires it up to 2 rooms away", by any path): a switch or a chest of
// another space of a face-up room (not a special room) within the ability's range, when the
// hero's cards and those of the heroes in that space could cover its Interact
// (rules.magic_acts_from_afar).
func (g *Game) remoteInteractTargets(buf []Action, h, slot int, c CardRef) []Action {
	t := g.CardType(c)
	hero := &g.heroes[h]
	if !g.data.Settings.MagicActsFromAfar || t.Class == SkillCardClass || g.Exhausted(c) || hero.Engaged {
		return buf
	}
	for bottom := 0; bottom < 2; bottom++ {
		ab := t.Top
		if bottom == 1 {
			ab = t.Bottom
			if t.Class == TreasureClass && (slot < MaxHand || !ab.Exhaust) {
				continue
			}
		}
		if ab.Effect != EffectRemoteInteract {
			continue
		}
		rng := int(ab.Range)
		for r := max(0, int(hero.Pos.R)-rng); r <= min(int(g.grid.Rows)-1, int(hero.Pos.R)+rng); r++ {
			for cc := max(0, int(hero.Pos.C)-rng); cc <= min(int(g.grid.Cols)-1, int(hero.Pos.C)+rng); cc++ {
				if abs(r-int(hero.Pos.R))+abs(cc-int(hero.Pos.C)) <= rng {
					buf = g.remoteFeatures(buf, h, slot, bottom, r, cc)
				}
			}
		}
	}
	return buf
}

// remoteFeatures appends hero h's ActRemoteInteract on the switches and chest of the room at
// (r, cc) (remoteInteractTargets).
func (g *Game) remoteFeatures(buf []Action, h, slot, bottom, r, cc int) []Action {
	room := &g.grid.Rooms[r][cc]
	tile := &g.data.Tiles[room.Tile]
	if !room.FaceUp || tile.Special != NotSpecial {
		return buf
	}
	for s := range tile.Spaces {
		at := Pos{R: int8(r), C: int8(cc), Space: int8(s)}
		if at == g.heroes[h].Pos {
			continue // his own space: the ordinary action
		}
		sp := &tile.Spaces[s]
		chest := sp.Chest && room.ChestOpened&(1<<s) == 0
		if len(sp.Switches) == 0 && !chest {
			continue
		}
		set := uint8(1)<<h | g.heroesAt(at)
		for i, sw := range sp.Switches {
			if g.canAfford(set, h, Cost{Interact: int16(sw.Interact)}, false) {
				buf = append(buf, MakeAction(ActRemoteInteract, h, slot, bottom<<5|s<<3|i, cellOf(r, cc)))
			}
		}
		if chest && g.canAfford(set, h, Cost{Interact: int16(g.data.Settings.ChestInteract)}, false) {
			buf = append(buf, MakeAction(ActRemoteInteract, h, slot, bottom<<5|s<<3|remoteFeatureChest, cellOf(r, cc)))
		}
	}
	return buf
}

// heroesAt returns the set of heroes standing in the space at.
func (g *Game) heroesAt(at Pos) uint8 {
	var m uint8
	for i := 0; i < g.players; i++ {
		if g.heroes[i].Pos == at {
			m |= 1 << i
		}
	}
	return m
}

// remoteInteract: hero h uses the remote_interact ability (bottom if bottom) of the card in slot
// on feature f (a switch index, or remoteFeatureChest) of the space at: the ability's Interact
// counts toward the cost, and the heroes in that space (and h, with Interact only) pay the
// rest; the feature is then used as if h stood there.
func (g *Game) remoteInteract(h, slot int, bottom bool, at Pos, f int) {
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
	_, tile := g.roomAt(at)
	purpose, need, arg := purChest, Cost{Interact: int16(g.data.Settings.ChestInteract)}, 0
	if f < remoteFeatureChest {
		purpose, need, arg = purSwitch, Cost{Interact: int16(tile.Spaces[at.Space].Switches[f].Interact)}, f
	}
	need[Interact] = max(0, need[Interact]-int16(ab.Amount))
	g.pay = payment{}
	g.heroes[h].Pos, at = at, g.heroes[h].Pos // the payment is begun as if he stood there
	g.beginPayAt(h, purpose, need, arg, at)
}

// remoteInteractOK reports whether ActRemoteInteract a of hero h names a remote_interact
// ability of his card, a switch or an unopened chest of a face-up ordinary room within its
// range, under rules.magic_acts_from_afar (for breach; the listing is remoteInteractTargets).
func (g *Game) remoteInteractOK(h int, a Action) bool {
	if !g.data.Settings.MagicActsFromAfar || !g.validSlot(h, a.X()) {
		return false
	}
	c, _ := g.cardAt(h, a.X())
	ab := g.CardType(c).Top
	if a.Y()&32 != 0 {
		ab = g.CardType(c).Bottom
	}
	at := Pos{R: int8(a.Z() / MaxCols), C: int8(a.Z() % MaxCols), Space: int8(a.Y() >> 3 & 3)}
	if ab.Effect != EffectRemoteInteract || !g.grid.In(int(at.R), int(at.C)) || !g.reaches(h, at, false, int(ab.Range)) {
		return false
	}
	room, t := g.roomAt(at)
	if !room.FaceUp || t.Special != NotSpecial || int(at.Space) >= len(t.Spaces) {
		return false
	}
	sp, f := &t.Spaces[at.Space], a.Y()&7
	if f == remoteFeatureChest {
		return sp.Chest && room.ChestOpened&(1<<at.Space) == 0
	}
	return f < len(sp.Switches)
}
