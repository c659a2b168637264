package clockwork

import "fmt"

// Check verifies the invariants of the game state and returns the first violation found: every
// card is in exactly one place (and a place its kind may be), hearts stay within [0,
// containers], equipped cards never exceed Shards, the grid is a permutation of the level's
// tiles, the Enemy cards add up, heroes stand on face-up rooms. Tests call it after every action;
// it is not meant for the hot loop.
func (g *Game) Check() error {
	if g.violation != "" {
		return fmt.Errorf("an illegal action was applied: %s", g.violation)
	}
	var seen [MaxCards]uint8
	var err error
	mark := func(where string, c CardRef, allowed uint8) {
		if err != nil {
			return
		}
		if int(c) >= g.nCards {
			err = fmt.Errorf("%s holds card %d, but only %d exist", where, c, g.nCards)
			return
		}
		seen[c]++
		if cl := g.CardType(c).Class; allowed&(1<<cl) == 0 {
			err = fmt.Errorf("%s holds %s (%s), a card that does not belong there", where, g.CardType(c).ID, classNames[cl])
		}
	}
	const heroCards = 1<<SkillCardClass | 1<<ItemClass | 1<<TreasureClass
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		where := fmt.Sprintf("hero %d", h)
		for _, c := range hero.Deck.Slice() {
			mark(where+" deck", c, heroCards)
		}
		for _, c := range hero.Discard.Slice() {
			mark(where+" discard", c, heroCards)
		}
		for _, c := range hero.Hand[:hero.HandN] {
			mark(where+" hand", c, heroCards)
		}
		for _, c := range hero.Equip[:hero.EquipN] {
			mark(where+" equipment", c, 1<<ItemClass|1<<TreasureClass)
		}
		if hero.Bottle != NoCard {
			mark(where+" bottle", hero.Bottle, 1<<ItemClass)
		}
		if hero.Containers < 1 || hero.Hearts < 0 || hero.Hearts > hero.Containers {
			return fmt.Errorf("hero %d has %d hearts of %d containers", h, hero.Hearts, hero.Containers)
		}
		if hero.Hearts == 0 && !(g.forced.active && int(g.forced.hero) == h && g.forced.reason == ReasonKilled) && !g.over && !g.levelOver {
			return fmt.Errorf("hero %d has no hearts and is not being killed", h)
		}
		equipLimit := g.prompt == PromptDiscard && int(g.forced.hero) == h && g.forced.reason == ReasonEquipLimit
		if hero.EquipN > hero.Shards && !equipLimit && !g.hasJob(jobEquipLimit, h) {
			return fmt.Errorf("hero %d has %d cards equipped but %d Shards", h, hero.EquipN, hero.Shards)
		}
		if hero.Shards < 0 || hero.Time < 0 || hero.Pieces < 0 || int(hero.Pieces) >= max(1, g.data.Setup.PiecesPerContainer) {
			return fmt.Errorf("hero %d has %d Shards, %d Time tokens, %d Pieces of Heart", h, hero.Shards, hero.Time, hero.Pieces)
		}
		p := hero.Pos
		if !g.over && g.layout != nil {
			if !g.grid.In(int(p.R), int(p.C)) {
				return fmt.Errorf("hero %d stands off the board at %v", h, p)
			}
			room, t := g.roomAt(p)
			if !room.FaceUp || int(p.Space) >= len(t.Spaces) {
				return fmt.Errorf("hero %d stands in space %d of room %v (face up %v)", h, p.Space, p, room.FaceUp)
			}
		}
	}
	for _, c := range g.itemDeck.Slice() {
		mark("Item deck", c, 1<<ItemClass)
	}
	for _, c := range g.itemDisc.Slice() {
		mark("Item discard pile", c, 1<<ItemClass)
	}
	for tier := 1; tier <= 2; tier++ {
		for _, c := range g.tier[tier].Slice() {
			mark("Treasure deck", c, 1<<TreasureClass)
			if g.CardType(c).Tier != uint8(tier) {
				return fmt.Errorf("Tier %d deck holds a Tier %d Treasure", tier, g.CardType(c).Tier)
			}
		}
	}
	for _, c := range g.revealed[:g.nRevealed] {
		mark("revealed cards", c, 1<<ItemClass|1<<TreasureClass)
	}
	if g.prompt == PromptPlace {
		mark("the card being placed", g.gain.card, 1<<ItemClass|1<<TreasureClass)
	}
	if err != nil {
		return err
	}
	if want := g.campaignCards(); g.nCards != want {
		return fmt.Errorf("the campaign has %d Hero cards, but its box holds %d", g.nCards, want)
	}
	for c := 0; c < g.nCards; c++ {
		if seen[c] != 1 {
			return fmt.Errorf("card %d (%s) is in %d places", c, g.CardType(CardRef(c)).ID, seen[c])
		}
		if g.Exhausted(CardRef(c)) && !g.isEquipped(CardRef(c)) && !g.inHand(CardRef(c)) {
			return fmt.Errorf("card %d (%s) is exhausted but neither equipped nor in a hand", c, g.CardType(CardRef(c)).ID)
		}
	}
	if g.over || g.layout == nil {
		return nil
	}
	if err := g.checkBoard(); err != nil {
		return err
	}
	// The grid is a permutation of the level's tiles.
	var tiles [MaxTiles + 1]uint8
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			tiles[g.grid.Rooms[r][c].Tile]++
		}
	}
	if tiles != g.tileCount {
		return fmt.Errorf("the grid is no longer a permutation of the level's tiles")
	}
	// Enemy cards add up.
	var enemies [MaxEnemies + 1]uint8
	for _, e := range g.enemyDeck.Cards[:g.enemyDeck.N] {
		enemies[e]++
	}
	for _, e := range g.enemyDisc.Cards[:g.enemyDisc.N] {
		enemies[e]++
	}
	for h := 0; h < g.players; h++ {
		if g.heroes[h].Engaged {
			enemies[g.heroes[h].Enemy]++
		}
	}
	if g.prompt == PromptEnemyTie { // drawn, face up, waiting for the choice
		for _, e := range g.draw.drawn[:g.draw.n] {
			enemies[e]++
		}
	}
	if enemies != g.enemyCount {
		return fmt.Errorf("Enemy cards do not add up: %d in the deck, %d discarded, of %d", g.enemyDeck.N, g.enemyDisc.N, g.enemyTotal)
	}
	return nil
}

// campaignCards is the number of Hero cards a campaign plays with: every hero's Skill cards,
// the Item deck and both Treasure decks. Cards only move between places (deck, hand, discard
// pile, equipment, a Bottle, the Item and Treasure decks and discard pile, revealed cards):
// Check counts each in exactly one.
func (g *Game) campaignCards() int {
	d := g.data
	n := g.players * len(d.SkillCards) * d.Setup.SkillCardsPerType[g.players]
	for _, t := range d.Items {
		n += d.Cards[t].Count
	}
	for tier := 1; tier <= 2; tier++ {
		for _, t := range d.Treasures[tier] {
			n += d.Cards[t].Count
		}
	}
	return n
}

// checkBoard verifies where the heroes stand: no hero in the Boss Room before the Big Key Room
// is activated, and an engaged hero's enemy in his own space unless he engaged from afar or
// may walk away from it (rules.engaged_hero_resolves_first off) or it is a special room's.
func (g *Game) checkBoard() error {
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		if g.inBossRoom(h) && !g.keyActivated {
			return fmt.Errorf("hero %d is in the Boss Room, but the Big Key Room is not activated", h)
		}
		if hero.Engaged && !hero.Remote && !hero.ForRoom && g.data.Settings.EngagedHeroResolvesFirst && hero.EnemyAt != hero.Pos {
			return fmt.Errorf("hero %d is engaged with an enemy at %v but stands at %v", h, hero.EnemyAt, hero.Pos)
		}
	}
	return nil
}

var classNames = [...]string{"Skill card", "Item", "Treasure"}

func (g *Game) isEquipped(c CardRef) bool {
	for h := 0; h < g.players; h++ {
		for _, e := range g.heroes[h].Equip[:g.heroes[h].EquipN] {
			if e == c {
				return true
			}
		}
	}
	return false
}

func (g *Game) inHand(c CardRef) bool {
	for h := 0; h < g.players; h++ {
		for _, e := range g.heroes[h].Hand[:g.heroes[h].HandN] {
			if e == c {
				return true
			}
		}
	}
	return false
}

func (g *Game) hasJob(k jobKind, h int) bool {
	for i := 0; i < g.nJobs; i++ {
		if g.jobs[i].kind == k && int(g.jobs[i].hero) == h {
			return true
		}
	}
	return false
}
