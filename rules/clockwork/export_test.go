package clockwork

// Hooks and views of internals for the external tests (package rules_test), which can load the
// frozen test data (configs/configstest) without an import cycle. They set up the rulebook's
// worked examples.

func templeByID(d *Data, id string) TempleID {
	for i, t := range d.Temples {
		if t.ID == id {
			return TempleID(i)
		}
	}
	panic("no temple " + id)
}

// StartAt starts a campaign at level lvl (1-3) in temple, with the level set up and round 1
// waiting for actions.
func StartAt(d *Data, players int, seed uint64, temple string, lvl int) *Game {
	g := &Game{}
	g.Reset(d, players, seed, 0)
	g.level = lvl
	g.offered[0], g.nOffered = templeByID(d, temple), 1
	g.prompt = PromptNone
	g.chooseTemple(0)
	g.run()
	return g
}

// StartGanonAt starts a campaign at Ganon's Tower after the three temples.
func StartGanonAt(d *Data, players int, seed uint64, temples [3]string) *Game {
	g := &Game{}
	g.Reset(d, players, seed, 0)
	for i, t := range temples {
		g.attempted[i] = templeByID(d, t)
	}
	g.prompt = PromptNone
	g.level = Levels
	g.temple = NoTemple
	g.setupLevel()
	g.run()
	return g
}

// TestBeginLevel ends level lvl-1 with the given result and starts level lvl in temple.
func (g *Game) TestBeginLevel(lvl int, temple string, prevWon bool, prevSpecial int) {
	g.results[lvl-1] = LevelResult{Won: prevWon, SpecialRooms: prevSpecial}
	g.level = lvl
	g.offered[0], g.nOffered = templeByID(g.data, temple), 1
	g.nJobs = 0
	g.prompt = PromptNone
	g.chooseTemple(0)
	g.run()
}

// TestTake moves an instance of card type id (from wherever it is but a hero's hand or
// equipment) into hero h's hand, or equips it.
func (g *Game) TestTake(h int, id string, equip bool) CardRef {
	for c := 0; c < g.nCards; c++ {
		ref := CardRef(c)
		if g.CardType(ref).ID != id || !g.detach(ref) {
			continue
		}
		hero := &g.heroes[h]
		if equip {
			hero.Equip[hero.EquipN] = ref
			hero.EquipN++
		} else {
			hero.Hand[hero.HandN] = ref
			hero.HandN++
		}
		return ref
	}
	panic("no free card " + id)
}

// detach removes card c from a deck or discard pile (hands and equipment are left alone).
func (g *Game) detach(c CardRef) bool {
	piles := []*Pile{&g.itemDeck, &g.itemDisc, &g.tier[1], &g.tier[2]}
	for h := 0; h < g.players; h++ {
		piles = append(piles, &g.heroes[h].Deck, &g.heroes[h].Discard)
	}
	for _, p := range piles {
		if i := p.index(c); i >= 0 {
			p.removeAt(i)
			return true
		}
	}
	return false
}

// TestClearHand puts hero h's hand and equipment under his deck.
func (g *Game) TestClearHand(h int) {
	hero := &g.heroes[h]
	for hero.HandN > 0 {
		hero.HandN--
		hero.Deck.pushBottom(hero.Hand[hero.HandN])
	}
	for hero.EquipN > 0 {
		hero.Deck.pushBottom(g.unequip(h, int(hero.EquipN)-1))
	}
}

// TestForceDice makes the next die rolls return vals.
func (g *Game) TestForceDice(vals ...int) {
	for _, v := range vals {
		if g.forcedDice == nil {
			g.forcedDice = &forcedDice{}
		}
		f := g.forcedDice
		f.vals[f.n] = int8(v)
		f.n++
	}
}

// TestPutHero puts hero h in space s of the room at (r, c).
func (g *Game) TestPutHero(h, r, c, s int) {
	g.heroes[h].Pos = Pos{R: int8(r), C: int8(c), Space: int8(s)}
}

// TestPlace moves tile id (which must be on the board) to (r, c), swapping rooms, and sets its
// orientation and whether it is face up.
func (g *Game) TestPlace(r, c int, id string, rot int, faceUp bool) {
	for rr := 0; rr < int(g.grid.Rows); rr++ {
		for cc := 0; cc < int(g.grid.Cols); cc++ {
			if g.data.Tiles[g.grid.Rooms[rr][cc].Tile].ID == id {
				g.grid.Rooms[r][c], g.grid.Rooms[rr][cc] = g.grid.Rooms[rr][cc], g.grid.Rooms[r][c]
				g.grid.Rooms[r][c].Rot = uint8(rot)
				g.grid.Rooms[r][c].FaceUp = faceUp
				return
			}
		}
	}
	panic("tile not on the board: " + id)
}

// TestFindTile returns the position of a tile of the board with the predicate, or false.
func (g *Game) TestFindTile(pred func(t *Tile) bool) (int, int, bool) {
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			if pred(&g.data.Tiles[g.grid.Rooms[r][c].Tile]) {
				return r, c, true
			}
		}
	}
	return 0, 0, false
}

// TestStackEnemies puts the named Enemy cards on top of the Enemy deck, the first on top.
func (g *Game) TestStackEnemies(ids ...string) {
	for i := len(ids) - 1; i >= 0; i-- {
		found := false
		for k := 0; k < int(g.enemyDeck.N); k++ {
			if g.data.Enemies[g.enemyDeck.Cards[k]].ID == ids[i] {
				e := g.enemyDeck.Cards[k]
				copy(g.enemyDeck.Cards[k:g.enemyDeck.N-1], g.enemyDeck.Cards[k+1:g.enemyDeck.N])
				g.enemyDeck.Cards[g.enemyDeck.N-1] = e
				found = true
				break
			}
		}
		if !found {
			panic("enemy not in the deck: " + ids[i])
		}
	}
}

// TestEngage engages hero h with the top n Enemy cards (as an icon-less enemy).
func (g *Game) TestEngage(h, n int) {
	g.prompt = PromptNone
	g.engage(h, n, -1, false)
	g.run()
}

// TestLoseHearts makes hero h lose n hearts (as from a damage roll).
func (g *Game) TestLoseHearts(h, n int) {
	g.prompt = PromptNone
	g.loseHearts(h, n, CauseEnemy)
	g.run()
}

// TestRollDamage makes hero h roll for damage.
func (g *Game) TestRollDamage(h int, mode RollMode, bonus int) {
	g.prompt = PromptNone
	g.rollDamage(h, mode, bonus, 0, 0)
	g.run()
}

// TestTurnCog turns the Cog in the room at (r, c) with variant v.
func (g *Game) TestTurnCog(r, c, v int) bool {
	if !g.cogVariantLegal(int8(r), int8(c), v) {
		return false
	}
	g.turnCog(0, r, c, v)
	return true
}

// TestRift resolves a rift for hero h with the die forced to roll.
func (g *Game) TestRift(h, roll int) {
	g.TestForceDice(roll)
	g.rift(h, true)
	g.run()
}

// TestBossNeed returns the cost of k multiples of the current boss.
func (g *Game) TestBossNeed(k int) Cost { return g.bossNeed(k) }

// TestBossDefeated defeats the current boss with k multiples.
func (g *Game) TestBossDefeated(k int) { g.bossDefeated(k) }

// TestSetShards sets hero h's Shards.
func (g *Game) TestSetShards(h, n int) { g.heroes[h].Shards = int8(n) }

// TestKeyActivated activates the Big Key Room.
func (g *Game) TestKeyActivated() { g.keyActivated = true }

// TestInitRoom turns the room at (r, c) face up and gives it its tokens (water).
func (g *Game) TestInitRoom(r, c int) {
	g.grid.Rooms[r][c].FaceUp = true
	g.initRoom(r, c)
}

// TestRoom returns the room at (r, c).
func (g *Game) TestRoom(r, c int) *Room { return &g.grid.Rooms[r][c] }

// TestNeedLeft returns what the payment in progress still needs.
func (g *Game) TestNeedLeft() Cost { return g.pay.need }

// TestEmptyDeck moves hero h's whole deck onto his discard pile.
func (g *Game) TestEmptyDeck(h int) {
	hero := &g.heroes[h]
	for hero.Deck.N > 0 {
		hero.Discard.push(hero.Deck.pop())
	}
}

// TestSetTime sets hero h's Time tokens.
func (g *Game) TestSetTime(h, n int) { g.heroes[h].Time = int8(n) }

// TestLevelOver reports whether the current level has ended (the next one may not have begun).
func (g *Game) TestLevelOver() bool { return g.levelOver || g.prompt == PromptChooseTemple }

// TestGainItem makes hero h gain the top card of the Item deck that is not a "when gained"
// Item (the others are put on the Item discard pile), which waits to be placed.
func (g *Game) TestGainItem(h int) CardRef {
	g.prompt = PromptNone
	for {
		c, ok := g.drawItem()
		if !ok {
			panic("no Item to gain")
		}
		if g.CardType(c).WhenGained.Effect == NoEffect {
			g.gainCard(h, c)
			return c
		}
		g.itemDisc.push(c)
	}
}

// TestEnemyDeckLen returns the number of cards in the Enemy deck.
func (g *Game) TestEnemyDeckLen() int { return int(g.enemyDeck.N) }

// TestTopEnemy returns the top card of the Enemy deck.
func (g *Game) TestTopEnemy() EnemyID { return g.enemyDeck.Cards[g.enemyDeck.N-1] }

// TestEnter makes hero h enter his space again (hazard, rift, enemies).
func (g *Game) TestEnter(h int) {
	g.prompt = PromptNone
	g.pushJob(heroJob(jobEnterSpace, h))
	g.run()
}

// TestSetKey sets whether the Big Key Room is activated.
func (g *Game) TestSetKey(on bool) { g.keyActivated = on }

// TestBruteCanPay tries every way the cards of hero h could pay need (each card from the k-th on, in at most one mode).
func (g *Game) TestBruteCanPay(h, k int, need Cost) bool {
	if need[Move] <= 0 && need[Attack] <= 0 && need[Interact] <= 0 {
		return true
	}
	hero := &g.heroes[h]
	if k == int(hero.HandN)+int(hero.EquipN) {
		return false
	}
	if g.TestBruteCanPay(h, k+1, need) {
		return true
	}
	_, c := g.slotCard(h, k)
	for m := 0; m < numPlayModes; m++ {
		sk, amt, _, _ := g.contribution(c, m, k >= int(hero.HandN))
		if amt > 0 && need[sk] > 0 {
			next := need
			next[sk] -= int16(amt)
			if g.TestBruteCanPay(h, k+1, next) {
				return true
			}
		}
	}
	return false
}

// RollOffLosers exposes rollOffLosers for the tests.
func RollOffLosers(n int) float64 { return rollOffLosers[n] }

// TestForgetTokenUses makes the next LegalActions list the token uses afresh (tokenActions).
func (g *Game) TestForgetTokenUses() { g.tokenStamp = 0 }

// TestSameState reports whether g and o are the same game, leaving out what only speeds up
// LegalActions (the kept token uses).
func (g *Game) TestSameState(o *Game) bool {
	a, b := *g, *o
	for _, x := range []*Game{&a, &b} {
		x.tokenStamp, x.tokenHeroes, x.nTokenUses, x.tokenUses = 0, 0, 0, [MaxPlayers][maxTokenUses]Action{}
	}
	return a == b
}

// TestCanAfford exposes canAfford for the tests.
func (g *Game) TestCanAfford(set uint8, h int, need Cost, movement bool) bool {
	return g.canAfford(set, h, need, movement)
}

// TestAffordBound is canAfford's bound computed plainly: the heroes in set, each card not
// exhausted giving its best toward one needed skill, capped at that skill's need, against the
// total need (carried Move taken off a movement's).
func (g *Game) TestAffordBound(set uint8, h int, need Cost, movement bool) bool {
	if movement && g.data.Settings.MoveCarryOver != CarryOff {
		need[Move] -= min(need[Move], int16(g.heroes[h].CarryMove))
	}
	total, have := 0, 0
	for _, x := range need {
		total += int(max(x, 0))
	}
	for i := 0; i < g.players; i++ {
		for k := 0; set&(1<<i) != 0 && k < int(g.heroes[i].HandN)+int(g.heroes[i].EquipN); k++ {
			_, c := g.slotCard(i, k)
			if g.Exhausted(c) {
				continue
			}
			eq := 0 // in hand; 1 equipped
			if k >= int(g.heroes[i].HandN) {
				eq = 1
			}
			best := 0
			for s, x := range need {
				if x > 0 {
					best = max(best, min(int(g.data.best[g.cardType[c]][eq][s]), int(x)))
				}
			}
			have += best
		}
	}
	return have >= total
}
