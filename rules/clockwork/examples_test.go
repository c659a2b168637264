package clockwork_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// The rulebook's worked examples, each set up from the frozen test data (testdata/clockwork) with
// test hooks (export_test.go) and played through the public API. Values the rulebook does not
// print (fire_03's Interact 4 switch, say) are those of the frozen set, not of configs/.

// act finds the legal action of kind (with hero, and X when x >= 0) and applies it.
func act(t *testing.T, g *rules.Game, kind rules.ActionKind, hero, x int) {
	t.Helper()
	a, ok := findAction(g, kind, hero, x, -1)
	require.True(t, ok, "no legal %s(h%d, %d) at prompt %s: %v", kind, hero, x, g.Prompt(), g.LegalActions(nil))
	require.NoError(t, g.ApplyChecked(a))
	require.NoError(t, g.Check())
}

// play plays hero's card in slot in mode toward the payment.
func play(t *testing.T, g *rules.Game, hero, slot, mode int) {
	t.Helper()
	a, ok := findAction(g, rules.ActPlay, hero, slot, mode)
	require.True(t, ok, "cannot play slot %d mode %d of hero %d: %v", slot, mode, hero, g.LegalActions(nil))
	require.NoError(t, g.ApplyChecked(a))
	require.NoError(t, g.Check())
}

func findAction(g *rules.Game, kind rules.ActionKind, hero, x, y int) (rules.Action, bool) {
	for _, a := range g.LegalActions(nil) {
		if a.Kind() == kind && a.Hero() == hero && (x < 0 || a.X() == x) && (y < 0 || a.Y() == y) {
			return a, true
		}
	}
	return 0, false
}

// handSlotOf returns the hand slot of card c of hero h.
func handSlotOf(t *testing.T, g *rules.Game, h int, c rules.CardRef) int {
	t.Helper()
	hero := g.Hero(h)
	for i := 0; i < int(hero.HandN); i++ {
		if hero.Hand[i] == c {
			return i
		}
	}
	t.Fatalf("card not in hand")
	return -1
}

func equipSlotOf(t *testing.T, g *rules.Game, h int, c rules.CardRef) int {
	t.Helper()
	hero := g.Hero(h)
	for i := 0; i < int(hero.EquipN); i++ {
		if hero.Equip[i] == c {
			return rules.MaxHand + i
		}
	}
	t.Fatalf("card not equipped")
	return -1
}

func entrance(g *rules.Game) (int, int) {
	r, c, _ := g.TestFindTile(func(t *rules.Tile) bool { return t.Kind == rules.EntranceTile })
	return r, c
}

// "A hero spends Move 2 to move 1 space through a door. [...] He then spends his remaining
// Move 1 to move through a different door."
func TestExampleCarriedOverMove(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "forest", 1)
	er, ec := entrance(g)
	g.TestPlace(er-1, ec, "generic_01", 0, false) // a plain corridor, North-South, arrow South
	g.TestClearHand(0)
	power := g.TestTake(0, "power", false) // Move 2 or Attack 2
	g.TestTake(0, "courage", false)
	// North of the entrance: a face-down room, explored through the open door (Move 1).
	act(t, g, rules.ActMove, 0, int(rules.North))
	play(t, g, 0, handSlotOf(t, g, 0, power), rules.ModeSkillA)
	require.Equal(t, rules.PromptMain, g.Prompt())
	assert.EqualValues(t, 1, g.Hero(0).CarryMove, "Move 1 left over")
	assert.EqualValues(t, er-1, g.Hero(0).Pos.R)
	assert.EqualValues(t, ec, g.Hero(0).Pos.C)
	// Back through a door with the leftover Move: no card is played.
	hand := g.Hero(0).HandN
	back, ok := findAction(g, rules.ActMove, 0, int(rules.South), -1)
	if !ok { // the explored room has no door back south: any other door will do
		for _, a := range g.LegalActions(nil) {
			if a.Kind() == rules.ActMove && a.Hero() == 0 {
				back, ok = a, true
				break
			}
		}
	}
	require.True(t, ok, "the explored room has a way on: %v (tile %s)", g.LegalActions(nil), g.Data().Tiles[g.TestRoom(er-1, ec).Tile].ID)
	g.Apply(back)
	require.NoError(t, g.Check())
	if g.Prompt() == rules.PromptPay { // a costlier door: the carried Move paid part of it
		assert.Less(t, int(g.TestNeedLeft()[rules.Move]), 2)
		return
	}
	assert.Equal(t, hand, g.Hero(0).HandN, "the carried-over Move paid for the second door")
	assert.EqualValues(t, 0, g.Hero(0).CarryMove)
}

// "The player spends Interact 6 to use the switch; he cannot carry over the leftover Interact 1."
func TestExampleInteractNotCarriedOver(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 2, 1, "fire", 1)
	// A switch tile of the fire temple: fire_03 has an Interact 4 switch opening its South door.
	er, ec := entrance(g)
	g.TestPlace(er-1, ec, "fire_03", 0, true)
	g.TestPutHero(0, er-1, ec, 0)
	g.TestClearHand(0)
	m1 := g.TestTake(0, "magic", false) // Interact 3 (top)
	m2 := g.TestTake(0, "magic", false) // Interact 3 (top)
	g.TestTake(0, "wisdom", false)      // Move 2 or Interact 2
	g.TestTake(0, "wisdom", false)
	act(t, g, rules.ActSwitch, 0, 0)
	play(t, g, 0, handSlotOf(t, g, 0, m1), rules.ModeTop+int(rules.Interact))
	play(t, g, 0, handSlotOf(t, g, 0, m2), rules.ModeTop+int(rules.Interact))
	require.Equal(t, rules.PromptMain, g.Prompt(), "Interact 6 paid the switch of 4")
	assert.EqualValues(t, 0, g.Hero(0).CarryMove)
	// The next Interact action needs its whole cost again.
	act(t, g, rules.ActSwitch, 0, 0)
	assert.EqualValues(t, 4, g.TestNeedLeft()[rules.Interact])
}

// Level 2 setup after a failed Level 1 with 2 special rooms activated: 1 Item (the rule text,
// decision 6) plus 3 for the missed rooms; Hearts and Fairies are redrawn.
func TestExamplePreLevelItems(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 3, 5, "light", 1)
	before := make([]int, 3)
	for h := 0; h < 3; h++ {
		hero := g.Hero(h)
		before[h] = hero.Deck.Len() + hero.Discard.Len() + int(hero.HandN)
	}
	g.TestBeginLevel(2, "water", false, 2)
	for h := 0; h < 3; h++ {
		hero := g.Hero(h)
		after := hero.Deck.Len() + hero.Discard.Len() + int(hero.HandN)
		assert.Equal(t, before[h]+4, after, "hero %d: 1 + 3 Items", h)
		for _, c := range append(hero.Deck.Slice(), hero.Hand[:hero.HandN]...) {
			id := g.CardType(c).ID
			assert.NotContains(t, []string{"heart", "fairy"}, id, "Hearts and Fairies are redrawn")
		}
	}
	require.NoError(t, g.Check())
}

// The Guardian: Chris is engaged; Stefano joins his space; Marco assists from 2 rooms away
// with Arrows (Attack 1), then Interact 2; Stefano plays Attack 3; Chris plays Move 1.
func TestExampleGuardianAssisting(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 3, 2, "light", 1)
	er, ec := entrance(g)
	for h := 0; h < 3; h++ {
		g.TestClearHand(h)
	}
	g.TestPutHero(0, er, ec, 0) // Chris
	g.TestPutHero(1, er, ec, 0) // Stefano, who has come into the space
	// Marco two rooms away in a straight line (face-up rooms north of the entrance).
	g.TestInitRoom(er-1, ec)
	g.TestInitRoom(er-2, ec)
	g.TestPutHero(2, er-2, ec, 0)
	g.TestSetShards(2, 1)
	arrows := g.TestTake(2, "arrows", true)
	courage := g.TestTake(2, "courage", false)
	stick := g.TestTake(1, "deku_stick", false) // Attack 3
	chrisCard := g.TestTake(0, "power", false)
	g.TestStackEnemies("guardian")
	g.TestEngage(0, 1)
	require.True(t, g.Hero(0).Engaged)
	act(t, g, rules.ActDefeat, 0, -1)
	play(t, g, 2, equipSlotOf(t, g, 2, arrows), rules.ModeBottom+int(rules.Attack))
	play(t, g, 2, handSlotOf(t, g, 2, courage), rules.ModeSkillB) // Interact 2
	play(t, g, 1, handSlotOf(t, g, 1, stick), rules.ModeTop+int(rules.Attack))
	play(t, g, 0, handSlotOf(t, g, 0, chrisCard), rules.ModeDiscard+int(rules.Move))
	assert.False(t, g.Hero(0).Engaged, "the Guardian is defeated")
	assert.NotEqual(t, rules.PromptPay, g.Prompt())
}

// Advanced enemy (2): a Keese (3) and a Nocturn (4) are drawn; the Nocturn is engaged.
func TestExampleAdvancedEnemy(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 2, 3, "shadow", 1)
	g.TestStackEnemies("keese", "nocturn")
	g.TestEngage(0, 2)
	require.True(t, g.Hero(0).Engaged)
	assert.Equal(t, "nocturn", d.Enemies[g.Hero(0).Enemy].ID)
	require.NoError(t, g.Check())
}

// Chris, killed on Level 3 with 1 card in hand and the Hookshot and a Bomb equipped, discards
// them and 3 cards from the top of his deck, then regains 3 hearts.
func TestExampleKilledOnLevel3(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 2, 4, "spirit", 3)
	g.TestClearHand(0)
	g.TestSetShards(0, 2)
	g.TestTake(0, "courage", false)
	g.TestTake(0, "hookshot", true)
	g.TestTake(0, "bomb", true)
	deck, discard := g.Hero(0).Deck.Len(), g.Hero(0).Discard.Len()
	g.TestLoseHearts(0, int(g.Hero(0).Hearts))
	for g.Prompt() == rules.PromptDiscard {
		g.Apply(g.LegalActions(nil)[0])
		require.NoError(t, g.Check())
	}
	hero := g.Hero(0)
	assert.EqualValues(t, 0, hero.HandN)
	assert.EqualValues(t, 0, hero.EquipN)
	assert.Equal(t, deck-3, hero.Deck.Len(), "3 cards from the top of the deck")
	assert.Equal(t, discard+6, hero.Discard.Len(), "6 cards discarded in all")
	assert.EqualValues(t, 3, hero.Hearts, "regains 3 hearts")
}

// "A hero rolls for damage while on Level 3 [...] gets a result of a 4. The hero loses 2 hearts."
func TestExampleLevel3DamageRoll(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 4, "spirit", 3)
	hearts := g.Hero(0).Hearts
	g.TestForceDice(4)
	g.TestRollDamage(0, rules.RollNormal, 0)
	assert.Equal(t, hearts-2, g.Hero(0).Hearts)
}

// Ganon with three heroes: two heroes with 5 Shards need Move/Attack/Interact 13 more; with the
// third (3 Shards) they need 10.
func TestExampleGanonFiveShards(t *testing.T) {
	g := rules.StartGanonAt(configstest.Frozen(t), 3, 6, [3]string{"light", "water", "forest"})
	r, c, ok := g.TestFindTile(func(t *rules.Tile) bool { return t.Kind == rules.BossTile })
	require.True(t, ok)
	g.TestInitRoom(r, c)
	g.TestPutHero(0, r, c, 0)
	g.TestPutHero(1, r, c, 0)
	g.TestSetShards(0, 2)
	g.TestSetShards(1, 3)
	g.TestSetShards(2, 3)
	assert.Equal(t, rules.Cost{13, 13, 13}, g.TestBossNeed(1))
	g.TestPutHero(2, r, c, 0)
	assert.Equal(t, rules.Cost{10, 10, 10}, g.TestBossNeed(1))
}

// Arrghus on Level 2 with two heroes: Attack 4 + Move 6 for 1 Shard, Attack 8 + Move 12 for 2;
// no more than 2.
func TestExampleArrghusTwoHeroes(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 7, "forest", 2)
	assert.Equal(t, rules.Cost{rules.Move: 6, rules.Attack: 4}, g.TestBossNeed(1))
	assert.Equal(t, rules.Cost{rules.Move: 12, rules.Attack: 8}, g.TestBossNeed(2))
	r, c, _ := g.TestFindTile(func(t *rules.Tile) bool { return t.Kind == rules.BossTile })
	g.TestInitRoom(r, c)
	g.TestKeyActivated()
	g.TestPutHero(0, r, c, 0)
	g.TestPutHero(1, r, c, 0)
	act(t, g, rules.ActBoss, 0, -1)
	for g.Prompt() != rules.PromptBoss {
		g.Apply(g.LegalActions(nil)[0]) // the special attack's choices, if any
	}
	var ks []int
	for _, a := range g.LegalActions(nil) {
		ks = append(ks, a.X())
	}
	assert.Equal(t, []int{0, 1, 2}, ks, "at most one Shard per hero")
	containers := [2]int8{g.Hero(0).Containers, g.Hero(1).Containers}
	shards := [2]int8{g.Hero(0).Shards, g.Hero(1).Shards}
	g.TestBossDefeated(2)
	for g.Prompt() == rules.PromptShardTo { // a tie for the fewest: the players decide
		act(t, g, rules.ActShardTo, g.LegalActions(nil)[0].Hero(), -1)
	}
	for h := 0; h < 2; h++ {
		assert.Equal(t, shards[h]+1, g.Hero(h).Shards, "one Shard each (the fewest first)")
		assert.Equal(t, containers[h]+1, g.Hero(h).Containers, "a Heart Container each")
	}
	assert.True(t, g.Result(2).Won)
	assert.Equal(t, 2, g.Result(2).ShardsGained)
}

// cogTile finds a tile with a Cog of kind k on the board and moves it to (r, c), face up, with
// every room of the board turned to rotation 0.
func cogTile(t *testing.T, g *rules.Game, k rules.CogKind, r, c int) {
	t.Helper()
	tr, tc, ok := g.TestFindTile(func(tl *rules.Tile) bool { return tl.CogSpace >= 0 && tl.Spaces[tl.CogSpace].Cog == k })
	require.True(t, ok, "a tile with that Cog is on the board")
	id := g.Data().Tiles[g.TestRoom(tr, tc).Tile].ID
	g.TestPlace(r, c, id, 0, true)
	for rr := 0; rr < int(g.Grid().Rows); rr++ {
		for cc := 0; cc < int(g.Grid().Cols); cc++ {
			g.TestRoom(rr, cc).Rot = 0
		}
	}
}

func tileAt(g *rules.Game, r, c int) rules.TileID { return g.TestRoom(r, c).Tile }

// Multi-Cog: the Cog's room turns anti-clockwise, the four diagonal rooms clockwise.
func TestExampleMultiCog(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "light", 1)
	cogTile(t, g, rules.MultiCog, 1, 1)
	require.True(t, g.TestTurnCog(1, 1, 2)) // diagonal, centre anti-clockwise
	assert.EqualValues(t, 3, g.TestRoom(1, 1).Rot)
	for _, d := range [][2]int{{0, 0}, {0, 2}, {2, 0}, {2, 2}} {
		assert.EqualValues(t, 1, g.TestRoom(d[0], d[1]).Rot, "diagonal %v", d)
	}
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 2}, {2, 1}} {
		assert.EqualValues(t, 0, g.TestRoom(d[0], d[1]).Rot, "orthogonal %v", d)
	}
	require.NoError(t, g.Check())
}

// Big Cog: the four rooms in the top-right of the Cog's room turn clockwise about their centre.
func TestExampleBigCog(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "light", 1)
	cogTile(t, g, rules.BigCog, 2, 1)
	tl, tr, br, bl := tileAt(g, 1, 1), tileAt(g, 1, 2), tileAt(g, 2, 2), tileAt(g, 2, 1)
	g.TestPutHero(1, 1, 2, 0) // a hero in the top-right room moves with it
	g.TestInitRoom(1, 2)
	require.True(t, g.TestTurnCog(2, 1, 4+2<<1+1)) // the Cog's room is the block's bottom-left
	assert.Equal(t, tl, tileAt(g, 1, 2), "top-left to top-right")
	assert.Equal(t, tr, tileAt(g, 2, 2), "top-right to bottom-right")
	assert.Equal(t, br, tileAt(g, 2, 1), "bottom-right to bottom-left")
	assert.Equal(t, bl, tileAt(g, 1, 1), "bottom-left to top-left")
	for _, d := range [][2]int{{1, 1}, {1, 2}, {2, 1}, {2, 2}} {
		assert.EqualValues(t, 1, g.TestRoom(d[0], d[1]).Rot, "each room turns a quarter clockwise")
	}
	assert.EqualValues(t, 2, g.Hero(1).Pos.R)
	assert.EqualValues(t, 2, g.Hero(1).Pos.C)
}

// Cogveyor: its room turns anti-clockwise and the column to its right shifts up (wrapping);
// the shifted rooms keep their orientation (decision 14).
func TestExampleCogveyor(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "light", 1)
	cogTile(t, g, rules.Cogveyor, 2, 1)
	rows := int(g.Grid().Rows)
	var column []rules.TileID
	for r := 0; r < rows; r++ {
		column = append(column, tileAt(g, r, 2))
	}
	require.True(t, g.TestTurnCog(2, 1, 12+int(rules.East)<<1)) // anti-clockwise, column on the right
	assert.EqualValues(t, 3, g.TestRoom(2, 1).Rot, "the Cogveyor room turned anti-clockwise")
	for r := 0; r < rows; r++ {
		assert.Equal(t, column[(r+1)%rows], tileAt(g, r, 2), "row %d", r)
		assert.EqualValues(t, 0, g.TestRoom(r, 2).Rot)
	}
	require.NoError(t, g.Check())
}

// Discovering a special room: it is turned face up with its arrow toward the door left, the hero
// does not enter, and the Move stays spent.
func TestExampleDiscoverSpecialRoom(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "forest", 1)
	er, ec := entrance(g)
	g.TestPlace(er-1, ec, "compass_room", 0, false)
	g.TestClearHand(0)
	card := g.TestTake(0, "courage", false)
	act(t, g, rules.ActMove, 0, int(rules.North))
	play(t, g, 0, handSlotOf(t, g, 0, card), rules.ModeDiscard+int(rules.Move))
	room := g.TestRoom(er-1, ec)
	assert.True(t, room.FaceUp)
	arrow := g.Data().Tiles[room.Tile].Arrow
	assert.Equal(t, rules.South, rules.WorldEdge(arrow, room.Rot), "the arrow faces the door left")
	assert.EqualValues(t, er, g.Hero(0).Pos.R, "the hero stays")
	assert.EqualValues(t, 0, g.Hero(0).HandN, "the Move is spent")
	assert.EqualValues(t, 0, g.Hero(0).CarryMove)
}

// One-way doors: only the door of the room left must be open.
func TestExampleOneWayDoor(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "fire", 1)
	er, ec := entrance(g)
	// fire_03: open North door (its arrow), closed South door, which faces the entrance.
	g.TestPlace(er-1, ec, "fire_03", 0, true)
	g.TestClearHand(0)
	g.TestTake(0, "wisdom", false)
	_, ok := findAction(g, rules.ActMove, 0, int(rules.North), -1)
	assert.True(t, ok, "from the entrance's open door into a closed door: allowed")
	g.TestPutHero(0, er-1, ec, 0)
	_, ok = findAction(g, rules.ActMove, 0, int(rules.South), -1)
	assert.False(t, ok, "through a closed door: not allowed")
}

// Water: a revealed water room gets a low-water token if more high-water rooms are on the
// board than low, else a high-water one.
func TestExampleWaterTokens(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "water", 1)
	var cells [][2]int
	for r := 0; r < int(g.Grid().Rows); r++ {
		for c := 0; c < int(g.Grid().Cols); c++ {
			tl := g.Data().Tiles[tileAt(g, r, c)]
			for _, sp := range tl.Spaces {
				if sp.Water && !g.TestRoom(r, c).FaceUp {
					cells = append(cells, [2]int{r, c})
					break
				}
			}
		}
	}
	require.GreaterOrEqual(t, len(cells), 3)
	want := []rules.Water{rules.HighWater, rules.LowWater, rules.HighWater}
	for i, w := range want {
		g.TestInitRoom(cells[i][0], cells[i][1])
		assert.Equal(t, w, g.TestRoom(cells[i][0], cells[i][1]).Water, "water room %d", i+1)
	}
}

// Every rift result: 1-4 swap with the room North, East, South or West (wrapping), 5-6 turn the
// room, 7-8 discard 2 or 3 cards from the top of the deck.
func TestExampleRifts(t *testing.T) {
	d := configstest.Frozen(t)
	for roll := 1; roll <= 8; roll++ {
		g := rules.StartAt(d, 2, 1, "light", 1)
		rr, rc, ok := g.TestFindTile(func(tl *rules.Tile) bool {
			for _, sp := range tl.Spaces {
				if sp.Rift {
					return true
				}
			}
			return false
		})
		require.True(t, ok)
		id := d.Tiles[tileAt(g, rr, rc)].ID
		r, c := 0, 1 // top row: North wraps to the bottom row
		g.TestPlace(r, c, id, 0, true)
		rift := tileAt(g, r, c)
		g.TestPutHero(0, r, c, 0)
		deck, discard := g.Hero(0).Deck.Len(), g.Hero(0).Discard.Len()
		rows := int(g.Grid().Rows)
		target := map[int][2]int{1: {rows - 1, c}, 2: {r, c + 1}, 3: {r + 1, c}, 4: {r, c - 1}}
		var other rules.TileID
		if to, ok := target[roll]; ok {
			other = tileAt(g, to[0], to[1])
		}
		g.TestRift(0, roll)
		switch {
		case roll <= 4:
			to := target[roll]
			assert.Equal(t, rift, tileAt(g, to[0], to[1]), "roll %d: the rift room moved", roll)
			assert.Equal(t, other, tileAt(g, r, c), "roll %d: swapped", roll)
			assert.EqualValues(t, to[0], g.Hero(0).Pos.R, "roll %d: the hero moved with it", roll)
			assert.EqualValues(t, to[1], g.Hero(0).Pos.C)
		case roll == 5:
			assert.EqualValues(t, 1, g.TestRoom(r, c).Rot)
		case roll == 6:
			assert.EqualValues(t, 3, g.TestRoom(r, c).Rot)
		default:
			n := roll - 5 // 7: 2 cards, 8: 3 cards
			assert.Equal(t, deck-n, g.Hero(0).Deck.Len(), "roll %d", roll)
			assert.Equal(t, discard+n, g.Hero(0).Discard.Len(), "roll %d", roll)
		}
		require.NoError(t, g.Check(), "roll %d", roll)
	}
}

// Arrows: engage an enemy up to 2 rooms away in a straight line; the Arrows' Attack 1 counts
// toward the Defeat cost, and failing to defeat it deals no damage.
func TestExampleArrowsEngageFromAfar(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 2, 3, "forest", 1)
	er, ec := entrance(g)
	// A room with an enemy icon two rooms north of the entrance.
	r, c, ok := g.TestFindTile(func(tl *rules.Tile) bool {
		return tl.Kind == rules.TempleTile && len(tl.Spaces) == 1 && len(tl.Spaces[0].Enemies) == 1 && tl.Spaces[0].Enemies[0].Draw == 1
	})
	require.True(t, ok)
	g.TestPlace(er-2, ec, d.Tiles[g.TestRoom(r, c).Tile].ID, 0, true)
	g.TestInitRoom(er-1, ec)
	g.TestClearHand(0)
	arrows := g.TestTake(0, "arrows", false)
	found := false
	for _, a := range g.LegalActions(nil) {
		if a.Kind() == rules.ActRemoteEngage && a.Hero() == 0 && a.X() == handSlotOf(t, g, 0, arrows) && a.Z() == (er-2)*rules.MaxCols+ec {
			g.Apply(a)
			found = true
			break
		}
	}
	require.True(t, found, "Arrows can engage the enemy two rooms north")
	require.NoError(t, g.Check())
	hero := g.Hero(0)
	require.True(t, hero.Engaged)
	assert.True(t, hero.Remote)
	assert.EqualValues(t, er, hero.Pos.R, "the hero stays where he is")
	assert.EqualValues(t, 1, hero.Credit[rules.Attack], "the Arrows' Attack 1 counts")
	hearts := hero.Hearts
	act(t, g, rules.ActTakeDamage, 0, -1)
	assert.Equal(t, hearts, g.Hero(0).Hearts, "no damage from an enemy engaged with Arrows")
	assert.False(t, g.Hero(0).Engaged)
}

// Engaging multiple enemies: each is fully resolved before the next is engaged, at once (here
// the second is the one a Lizalfos summons).
func TestExampleNextEnemyAtOnce(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 2, 1, "fire", 1)
	g.TestStackEnemies("lizalfos")
	g.TestEngage(0, 1)
	require.True(t, g.Hero(0).Engaged)
	require.Equal(t, "lizalfos", d.Enemies[g.Hero(0).Enemy].ID)
	act(t, g, rules.ActTakeDamage, 0, -1)
	for g.Prompt() == rules.PromptDiscard { // if the damage killed him
		g.Apply(g.LegalActions(nil)[0])
	}
	assert.True(t, g.Hero(0).Engaged, "the summoned enemy is engaged right after the Lizalfos")
	require.NoError(t, g.Check())
}
