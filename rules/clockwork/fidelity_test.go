package clockwork_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// Rules made exact against the rulebook's text (docs/rules-decisions.md, "Rules fidelity").

// dataWith loads the test data with --set overrides.
func dataWith(t *testing.T, sets ...string) *rules.Data { return configstest.Frozen(t, sets...) }

// killWithEmptyDeck kills hero 0 on Level 3 (skull 6) with no card in hand, none equipped and
// his whole deck on the discard pile, and answers every discard prompt.
func killWithEmptyDeck(t *testing.T, g *rules.Game, shard bool) {
	t.Helper()
	g.TestClearHand(0)
	g.TestEmptyDeck(0)
	g.TestLoseHearts(0, int(g.Hero(0).Hearts))
	for g.Prompt() == rules.PromptDiscard || g.Prompt() == rules.PromptShard {
		if g.Prompt() == rules.PromptShard {
			x := 0
			if shard {
				x = 1
			}
			act(t, g, rules.ActShard, 0, x)
			continue
		}
		g.Apply(g.LegalActions(nil)[0])
		require.NoError(t, g.Check())
	}
}

// "However, players have the opportunity to reshuffle ... before this happens": a killed hero
// whose deck is empty spends a Time token, rebuilds his deck and goes on discarding.
func TestForcedDiscardReshufflesWithTimeToken(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 4, "spirit", 3)
	g.TestSetTime(0, 1)
	cards := g.Hero(0).Deck.Len() + g.Hero(0).Discard.Len() + int(g.Hero(0).HandN)
	killWithEmptyDeck(t, g, false)
	require.False(t, g.TestLevelOver(), "the level goes on")
	hero := g.Hero(0)
	assert.EqualValues(t, 0, hero.Time, "the Time token is spent")
	assert.Equal(t, cards-6, hero.Deck.Len(), "six cards discarded from the new deck")
	assert.Equal(t, 6, hero.Discard.Len())
	assert.EqualValues(t, 3, hero.Hearts, "he gets up again")
	assert.Equal(t, 1, g.Result(3).TimeSpent)
}

// Without a Time token the hero may spend a Shard instead (the shards strategy decides).
func TestForcedDiscardReshufflesWithShard(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 4, "spirit", 3)
	g.TestSetTime(0, 0)
	g.TestSetShards(0, 2)
	killWithEmptyDeck(t, g, true)
	require.False(t, g.TestLevelOver())
	assert.EqualValues(t, 1, g.Hero(0).Shards, "a Shard is spent")
	assert.Equal(t, 1, g.Result(3).ShardsBurned)
}

// Declining the Shard, or having none, loses the level: the hero named is the one who could
// not discard.
func TestForcedDiscardWithoutReshuffleLosesTheLevel(t *testing.T) {
	for _, c := range []struct {
		name   string
		shards int
		sets   []string
	}{
		{"Shard declined", 1, nil},
		{"no Shard", 0, nil},
		{"other reading", 1, []string{"rules.forced_discard_reshuffle=false"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := configstest.Frozen(t)
			if c.sets != nil {
				d = dataWith(t, c.sets...)
			}
			g := rules.StartAt(d, 2, 4, "spirit", 3)
			g.TestSetTime(0, 1)
			if c.sets == nil {
				g.TestSetTime(0, 0)
			}
			g.TestSetShards(0, c.shards)
			killWithEmptyDeck(t, g, false)
			res := g.Result(3)
			assert.False(t, res.Won)
			assert.Equal(t, rules.ForcedDiscard, res.Reason)
			assert.Equal(t, 0, res.LostBy)
			assert.Equal(t, rules.CauseEnemy, res.Quality.LostTo, "the kill's discards lost the level")
			assert.Equal(t, 1, res.Quality.KillsBy[rules.CauseEnemy])
		})
	}
}

// A rift's 8 (discard 3 from the top of the deck) with an empty deck reshuffles too.
func TestRiftDiscardReshuffles(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "forest", 1)
	g.TestSetTime(0, 1)
	g.TestEmptyDeck(0)
	n := g.Hero(0).Discard.Len()
	g.TestRift(0, 8)
	require.False(t, g.TestLevelOver())
	assert.Equal(t, n-3, g.Hero(0).Deck.Len())
	assert.EqualValues(t, 0, g.Hero(0).Time)
}

// carryGame puts both heroes at the entrance with a plain corridor to the North (face down)
// and gives hero 0 a Power card (Move 2) and hero 1 a Wisdom card (Move 2) and a Courage card.
func carryGame(t *testing.T, d *rules.Data) (*rules.Game, rules.CardRef, rules.CardRef) {
	g := rules.StartAt(d, 2, 1, "forest", 1)
	er, ec := entrance(g)
	g.TestPlace(er-1, ec, "generic_01", 0, false)
	g.TestClearHand(0)
	g.TestClearHand(1)
	g.TestPutHero(1, er, ec, 0)
	power := g.TestTake(0, "power", false)
	wisdom := g.TestTake(1, "wisdom", false)
	g.TestTake(1, "courage", false)
	return g, power, wisdom
}

// "they (but not other heroes) perform another action": an assistant's overpay is not the
// mover's Move.
func TestCarryOverIsTheMoversOwn(t *testing.T) {
	g, _, wisdom := carryGame(t, configstest.Frozen(t))
	act(t, g, rules.ActMove, 0, int(rules.North))
	play(t, g, 1, handSlotOf(t, g, 1, wisdom), rules.ModeSkillA) // Move 2 for a Move 1 door
	require.Equal(t, rules.PromptMain, g.Prompt())
	assert.EqualValues(t, 0, g.Hero(0).CarryMove, "the assistant's leftover is lost")
}

// The mover's leftover Move is lost as soon as another hero performs an action, and survives
// what is not an action (another hero equipping a card).
func TestCarryOverLostWhenAnotherHeroActs(t *testing.T) {
	for _, c := range []struct {
		setting string
		left    int8
	}{{"until_other_hero_acts", 0}, {"until_round_end", 1}} {
		t.Run(c.setting, func(t *testing.T) {
			g, power, _ := carryGame(t, dataWith(t, "rules.move_carry_over="+c.setting))
			act(t, g, rules.ActMove, 0, int(rules.North))
			play(t, g, 0, handSlotOf(t, g, 0, power), rules.ModeSkillA)
			require.EqualValues(t, 1, g.Hero(0).CarryMove)
			// Hero 1 follows through the entrance's North door: an action of another hero.
			act(t, g, rules.ActMove, 1, int(rules.North))
			if g.Prompt() == rules.PromptPay {
				play(t, g, 1, 0, rules.ModeSkillA)
			}
			assert.Equal(t, c.left, g.Hero(0).CarryMove)
		})
	}
}

// A level that ends while a gained card waits to be placed (the simulator's round cap) puts
// the card in the hero's discard pile: no card is lost.
func TestLevelEndDuringPlacementKeepsTheCard(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "forest", 1)
	c := g.TestGainItem(0)
	require.Equal(t, rules.PromptPlace, g.Prompt())
	require.NoError(t, g.Check())
	g.EndLevelTimeout()
	require.NoError(t, g.Check(), "every card is still somewhere")
	found := false
	for _, d := range append(g.Hero(0).Deck.Slice(), g.Hero(0).Discard.Slice()...) {
		found = found || d == c
	}
	assert.True(t, found, "the gained card is in hero 0's cards")
}

// guardianBoard lays, North of the entrance, a face-up room whose door facing the entrance
// leads into a space with one plain enemy icon, and returns that room and space.
func guardianBoard(t *testing.T, g *rules.Game) (int, int, int) {
	t.Helper()
	d := g.Data()
	er, ec := entrance(g)
	for r := 0; r < int(g.Grid().Rows); r++ {
		for c := 0; c < int(g.Grid().Cols); c++ {
			tile := &d.Tiles[g.TestRoom(r, c).Tile]
			if (tile.Kind != rules.GenericTile && tile.Kind != rules.TempleTile) || (r == er-1 && c == ec) {
				continue
			}
			for rot := 0; rot < 4; rot++ {
				e := rules.PrintedEdge(rules.South, uint8(rot))
				s := int(tile.DoorSpace[e])
				sp := &tile.Spaces[s]
				if tile.Doors[e].Kind == rules.NoDoor || len(sp.Enemies) != 1 || sp.Enemies[0].Draw != 1 || sp.Hazard > 0 || sp.Rift || sp.Water {
					continue
				}
				g.TestPlace(er-1, ec, tile.ID, rot, true)
				g.TestInitRoom(er-1, ec)
				return er - 1, ec, s
			}
		}
	}
	t.Fatal("no room with a lone enemy at a door on the board")
	return 0, 0, 0
}

// The Guardian: Chris engages a Guardian; Stefano, in the next room, spends Move to come into
// Chris's space, draws no Enemy card there, and helps defeat it with Marco's Arrows from two
// rooms away.
func TestExampleGuardianJoining(t *testing.T) {
	d := configstest.Frozen(t)
	g := rules.StartAt(d, 3, 2, "light", 1)
	r, c, s := guardianBoard(t, g)
	er, ec := entrance(g)
	for h := 0; h < 3; h++ {
		g.TestClearHand(h)
	}
	g.TestPutHero(0, r, c, s)                          // Chris, in the enemy's space at the start of the round
	g.TestPutHero(1, er, ec, int(g.Hero(1).Pos.Space)) // Stefano, in the next room (the entrance)
	g.TestInitRoom(r+2, c)
	g.TestPutHero(2, r+2, c, 0) // Marco, two rooms away in a straight line
	g.TestSetShards(2, 1)
	arrows := g.TestTake(2, "arrows", true)
	courage := g.TestTake(2, "courage", false)
	wisdom := g.TestTake(1, "wisdom", false) // Stefano's Move 2 into the space
	stick := g.TestTake(1, "deku_stick", false)
	chrisCard := g.TestTake(0, "power", false)
	g.TestStackEnemies("guardian")
	act(t, g, rules.ActEngage, 0, 0)
	require.True(t, g.Hero(0).Engaged)
	deck := g.TestEnemyDeckLen()
	act(t, g, rules.ActMove, 1, int(rules.North))
	if g.Prompt() == rules.PromptPay {
		play(t, g, 1, handSlotOf(t, g, 1, wisdom), rules.ModeSkillA)
	}
	require.Equal(t, g.Hero(0).Pos, g.Hero(1).Pos, "Stefano is in Chris's space")
	assert.False(t, g.Hero(1).Engaged, "Stefano joins Chris's engagement: no Enemy card for him")
	assert.Equal(t, deck, g.TestEnemyDeckLen(), "no Enemy card drawn")
	act(t, g, rules.ActDefeat, 0, -1)
	play(t, g, 2, equipSlotOf(t, g, 2, arrows), rules.ModeBottom+int(rules.Attack))
	play(t, g, 2, handSlotOf(t, g, 2, courage), rules.ModeSkillB) // Interact 2
	play(t, g, 1, handSlotOf(t, g, 1, stick), rules.ModeTop+int(rules.Attack))
	play(t, g, 0, handSlotOf(t, g, 0, chrisCard), rules.ModeDiscard+int(rules.Move))
	assert.False(t, g.Hero(0).Engaged, "the Guardian is defeated")
}

// targetIconGame finds, on some temple's Level 1 board, a room with an ordinary enemy icon that
// activates a feature, and puts hero 0 in its space with the top Enemy card's vulnerability
// in hand. It returns the game and the enemy's Reward.
func targetIconGame(t *testing.T) (*rules.Game, int) {
	t.Helper()
	d := configstest.Frozen(t)
	for _, temple := range d.Temples {
		g := rules.StartAt(d, 2, 1, temple.ID, 1)
		for r := 0; r < int(g.Grid().Rows); r++ {
			for c := 0; c < int(g.Grid().Cols); c++ {
				tile := &d.Tiles[g.TestRoom(r, c).Tile]
				for s, sp := range tile.Spaces {
					if len(sp.Enemies) != 1 || sp.Enemies[0].Target == rules.NoTarget || sp.Enemies[0].Draw != 1 {
						continue
					}
					g.TestInitRoom(r, c)
					g.TestPutHero(0, r, c, s)
					g.TestClearHand(0)
					e := g.TestTopEnemy()
					g.TestTake(0, d.Cards[d.Enemies[e].Vulnerable[0]].ID, false)
					return g, int(d.Enemies[e].Reward)
				}
			}
		}
	}
	t.Fatal("no enemy icon with a target on any Level 1 board")
	return nil, 0
}

// "the player may choose to activate that feature instead of claiming the normal rewards":
// both choices are offered, and the reward is the Items of the enemy's Reward.
func TestDefeatOffersFeatureOrReward(t *testing.T) {
	g, reward := targetIconGame(t)
	act(t, g, rules.ActEngage, 0, 0)
	if g.Prompt() == rules.PromptAbility {
		act(t, g, rules.ActDeclineAbility, 0, -1)
	}
	act(t, g, rules.ActVulnerable, 0, -1)
	require.Equal(t, rules.PromptKeep, g.Prompt())
	_, feature := findAction(g, rules.ActActivateFeature, 0, -1, -1)
	_, takeReward := findAction(g, rules.ActTakeReward, 0, -1, -1)
	assert.True(t, feature, "activate the feature")
	require.True(t, takeReward, "or take the reward")
	act(t, g, rules.ActTakeReward, 0, -1)
	if reward > 0 {
		require.Equal(t, rules.PromptKeep, g.Prompt())
		assert.Len(t, g.View(0).Revealed(), reward, "the enemy's Reward in Items to choose from")
	}
}

// templeWithEnemy returns a temple with an enemy that has pred, and that enemy's id.
func templeWithEnemy(t *testing.T, d *rules.Data, pred func(e *rules.Enemy) bool) (string, string) {
	t.Helper()
	for _, tp := range d.Temples {
		for _, e := range tp.Enemies {
			if pred(&d.Enemies[e]) {
				return tp.ID, d.Enemies[e].ID
			}
		}
	}
	t.Fatal("no such enemy in the data")
	return "", ""
}

// Assisting covers "any action or effect": an enemy ability's cost is shared too.
func TestAssistingAnAbilityCost(t *testing.T) {
	d := configstest.Frozen(t)
	temple, enemy := templeWithEnemy(t, d, func(e *rules.Enemy) bool { return e.Ability.Effect == rules.EnemyPayOrShuffleBack })
	g := rules.StartAt(d, 2, 1, temple, 1)
	g.TestClearHand(0)
	g.TestClearHand(1)
	g.TestPutHero(1, int(g.Hero(0).Pos.R), int(g.Hero(0).Pos.C), int(g.Hero(0).Pos.Space))
	c := g.TestTake(1, "courage", false)
	g.TestTake(0, "power", false)
	g.TestStackEnemies(enemy)
	g.TestEngage(0, 1)
	require.Equal(t, rules.PromptAbility, g.Prompt())
	act(t, g, rules.ActPayAbility, 0, -1)
	require.Equal(t, rules.PromptPay, g.Prompt())
	_, ok := findAction(g, rules.ActPlay, 1, handSlotOf(t, g, 1, c), -1)
	assert.True(t, ok, "the hero sharing the space may pay toward the ability: %v", g.LegalActions(nil))
}

// Magic: "Once this ability has been used, the player can continue to provide Interact":
// a hero who joined with Magic from afar goes on with Interact only.
func TestMagicJoinerProvidesInteractOnly(t *testing.T) {
	d := configstest.Frozen(t)
	temple, enemy := templeWithEnemy(t, d, func(e *rules.Enemy) bool {
		return e.Defeat[rules.Interact] > 1 && e.Defeat[rules.Attack] > 0 && e.Ability.Effect == rules.NoEnemyEffect
	})
	g := rules.StartAt(d, 2, 1, temple, 1)
	er, ec := entrance(g)
	g.TestClearHand(0)
	g.TestClearHand(1)
	g.TestInitRoom(er-1, ec)
	g.TestPutHero(1, er-1, ec, 0) // one room away
	magic := g.TestTake(1, "magic", false)
	power := g.TestTake(1, "power", false)
	g.TestTake(0, "courage", false)
	g.TestStackEnemies(enemy)
	g.TestEngage(0, 1)
	act(t, g, rules.ActDefeat, 0, -1)
	play(t, g, 1, handSlotOf(t, g, 1, magic), rules.ModeBottom+int(rules.Interact))
	for _, a := range g.LegalActions(nil) {
		if a.Kind() == rules.ActPlay && a.Hero() == 1 {
			assert.Equal(t, handSlotOf(t, g, 1, power), a.X())
			assert.Equal(t, rules.ModeDiscard+int(rules.Interact), a.Y(), "Interact only: %v", a)
		}
	}
}

// "The hero may engage the enemies in the order of his choice."
func TestMultipleEnemiesInTheOrderChosen(t *testing.T) {
	d := configstest.Frozen(t) // generic_02 has two icons in its space (testdata/clockwork)
	for seed := uint64(1); seed < 40; seed++ {
		g := rules.StartAt(d, 2, seed, "forest", 1)
		for r := 0; r < int(g.Grid().Rows); r++ {
			for c := 0; c < int(g.Grid().Cols); c++ {
				tile := &d.Tiles[g.TestRoom(r, c).Tile]
				for s, sp := range tile.Spaces {
					if len(sp.Enemies) < 2 || tile.Kind == rules.SpecialTile || sp.Hazard > 0 || sp.Rift {
						continue
					}
					g.TestInitRoom(r, c)
					g.TestPutHero(0, r, c, s)
					g.TestEnter(0)
					require.Equal(t, rules.PromptEngageOrder, g.Prompt())
					require.Len(t, g.LegalActions(nil), len(sp.Enemies))
					act(t, g, rules.ActEngage, 0, 1)
					assert.True(t, g.Hero(0).Engaged)
					assert.EqualValues(t, 1, g.Hero(0).Icon, "the second icon first, as chosen")
					return
				}
			}
		}
	}
	t.Fatal("generic_02 (two enemy icons) is on no Level 1 board of seeds 1-39")
}

// refused applies a through the checked path and requires it refused, with the game unchanged.
func refused(t *testing.T, g *rules.Game, a rules.Action) {
	t.Helper()
	var before rules.Game
	g.Clone(&before)
	err := g.ApplyChecked(a)
	require.Error(t, err, "%v must be refused", a)
	assert.Contains(t, err.Error(), a.String())
	assert.True(t, before.TestSameState(g), "a refused action changes nothing")
	if a.Kind() != rules.ActTemple { // the unchecked path does it, and Check then reports it
		var c rules.Game
		g.Clone(&c)
		c.Apply(a)
		assert.ErrorContains(t, c.Check(), "an illegal action was applied")
	}
}

// The checked path refuses what the rules forbid, where the unchecked Apply would do it.
func TestCheckedPathRefusesIllegalActions(t *testing.T) {
	d := configstest.Frozen(t)
	t.Run("Boss Room without the Key", func(t *testing.T) {
		g := rules.StartAt(d, 2, 1, "forest", 1)
		er, ec := entrance(g)
		br, bc, ok := g.TestFindTile(func(t *rules.Tile) bool { return t.Kind == rules.BossTile })
		require.True(t, ok)
		boss := d.Tiles[g.TestRoom(br, bc).Tile].ID
		for dir := rules.North; dir < rules.NumEdges; dir++ {
			nr, nc := rules.Neighbor(er, ec, dir)
			for rot := 0; rot < 4; rot++ {
				g.TestPlace(nr, nc, boss, rot, true)
				a := rules.MakeAction(rules.ActMove, 0, int(dir), 0, 0)
				g.TestKeyActivated()
				_, legal := findAction(g, rules.ActMove, 0, int(dir), -1)
				g.TestSetKey(false)
				if !legal {
					continue
				}
				refused(t, g, a)
				g.Apply(a) // the unchecked path does it; Check then reports it
				for g.Prompt() == rules.PromptPay {
					g.Apply(g.LegalActions(nil)[0])
				}
				require.Equal(t, [2]int8{int8(nr), int8(nc)}, [2]int8{g.Hero(0).Pos.R, g.Hero(0).Pos.C}, "the hero walked in")
				assert.ErrorContains(t, g.Check(), "a door that cannot be used")
				return
			}
		}
		t.Fatal("no way from the entrance into the Boss Room even with the Key")
	})
	t.Run("a vulnerability shown with a Skill card", func(t *testing.T) {
		g := rules.StartAt(d, 2, 1, "forest", 1)
		g.TestClearHand(0)
		power := g.TestTake(0, "power", false)
		g.TestEngage(0, 1)
		refused(t, g, rules.MakeAction(rules.ActVulnerable, 0, handSlotOf(t, g, 0, power), 0, 0))
	})
	t.Run("paying a switch from another room", func(t *testing.T) {
		g := rules.StartAt(d, 2, 1, "fire", 1)
		er, ec := entrance(g)
		g.TestPlace(er-1, ec, "fire_03", 0, true)
		g.TestPutHero(0, er-1, ec, 0)
		g.TestClearHand(0)
		g.TestTake(0, "magic", false)
		g.TestTake(0, "magic", false)
		g.TestClearHand(1)
		courage := g.TestTake(1, "courage", false) // hero 1 stays at the entrance
		act(t, g, rules.ActSwitch, 0, 0)
		require.Equal(t, rules.PromptPay, g.Prompt())
		refused(t, g, rules.MakeAction(rules.ActPlay, 1, handSlotOf(t, g, 1, courage), rules.ModeSkillB, 0))
	})
	t.Run("activating the entrance as a special room", func(t *testing.T) {
		g := rules.StartAt(d, 2, 1, "forest", 1)
		refused(t, g, rules.MakeAction(rules.ActActivate, 0, 0, 0, 0))
	})
	t.Run("a temple choice in the middle of a level", func(t *testing.T) {
		g := rules.StartAt(d, 2, 1, "forest", 1)
		refused(t, g, rules.MakeAction(rules.ActTemple, 0, 1, 0, 0))
	})
}

// The exact affordability test agrees with a brute-force search over the hands met in random
// play, for random needs.
func TestCanPayIsExact(t *testing.T) {
	checkAlongRandomPlay(t, 7, 2, 500, func(g *rules.Game, r *rand.Rand, k int) (bool, bool) {
		if g.Prompt() != rules.PromptMain || k%7 != 0 {
			return false, false
		}
		h := r.IntN(g.Players())
		need := rules.Cost{int16(r.IntN(7)), int16(r.IntN(7)), int16(r.IntN(7))}
		want := g.TestBruteCanPay(h, 0, need)
		if got := g.View(0).CanPay(1<<h, h, need); got != want {
			t.Fatalf("CanPay(%v) = %v, brute force %v", need, got, want)
		}
		return true, want
	})
}

// checkAlongRandomPlay plays 14 campaigns of the frozen data at each player count, uniformly at
// random (decisions, with runSeed and stream), and calls check at every decision with the
// campaign's stream and the actions played so far: it tells whether it checked the game there
// and whether what it checked was affordable. The test fails with fewer than least checks, or
// when all or none of them were affordable (it would tell nothing).
func checkAlongRandomPlay(t *testing.T, runSeed, stream uint64, least int, check func(g *rules.Game, r *rand.Rand, k int) (checked, yes bool)) {
	t.Helper()
	checked, yes := 0, 0
	decisions(configstest.Frozen(t), 14, runSeed, stream, func(g *rules.Game, at step, legal []rules.Action, r *rand.Rand) rules.Action {
		if legal == nil {
			return 0
		}
		if c, y := check(g, r, at.k); c {
			checked++
			if y {
				yes++
			}
		}
		return uniform(r, legal)
	})
	if checked < least || yes == 0 || yes == checked {
		t.Fatalf("too few informative checks: %d, %d affordable", checked, yes)
	}
}

// The play-quality figures add up in random play: hero-rounds are the heroes times the rounds
// ended, kills by cause add up to the kills, a lost level names what lost it.
func TestQualityFiguresAddUp(t *testing.T) {
	d := configstest.Frozen(t)
	r := rand.New(rand.NewPCG(3, 4))
	var g rules.Game
	for i := uint64(0); i < 150; i++ {
		players := 2 + int(i%3)
		g.Reset(d, players, chance.EpisodeSeed(9, i), i)
		for !g.IsTerminal() {
			buf := g.LegalActions(nil)
			g.Apply(buf[r.IntN(len(buf))])
		}
		for lvl := 1; lvl <= rules.Levels; lvl++ {
			res := g.Result(lvl)
			if res.Rounds == 0 {
				continue
			}
			q := res.Quality
			assert.Contains(t, []int{players * (res.Rounds - 1), players * res.Rounds}, q.HeroRounds, "campaign %d level %d", i, lvl)
			assert.LessOrEqual(t, q.IdleHeroRounds, q.HeroRounds)
			assert.LessOrEqual(t, q.BossWaits, q.HeroRounds)
			assert.LessOrEqual(t, q.Retries, q.FailedActivations)
			sum := 0
			for _, k := range q.KillsBy {
				sum += k
			}
			assert.Equal(t, res.Kills, sum, "kills by cause")
			if !res.Won && res.Reason != rules.Timeout {
				assert.NotEqual(t, rules.CauseNone, q.LostTo, "campaign %d level %d lost to something", i, lvl)
			}
		}
	}
}

// "This text always takes effect whenever an enemy is engaged": a special room's enemy with a
// lose_hearts ability takes the hearts as it is engaged, before the hero resolves it (the
// activation's next step does not come first).
func TestSpecialRoomEnemyAbilityTakesEffectAtOnce(t *testing.T) {
	g := rules.StartAt(configstest.Frozen(t), 2, 1, "water", 1)
	r, c, ok := g.TestFindTile(func(t *rules.Tile) bool { return t.Special == rules.Map })
	require.True(t, ok)
	g.TestInitRoom(r, c)
	g.TestPutHero(0, r, c, 0)
	g.TestStackEnemies("biri") // lose_hearts 1; the Map Room's Level 1 step is one enemy
	hearts := g.Hero(0).Hearts
	act(t, g, rules.ActActivate, 0, -1)
	require.Equal(t, rules.PromptResolve, g.Prompt())
	assert.Equal(t, hearts-1, g.Hero(0).Hearts, "the ability took its heart before the resolution")
}

// SpaceDoors names exactly the sides on which a space has a door of its own, and DoorCost lets
// a space be left by no other (into a face-down room, where only the leaving room counts): for
// every tile of the test data, turned every way, every space and side.
func TestSpaceDoorsAreTheSidesDoorCostOpens(t *testing.T) {
	d := configstest.Frozen(t)
	down := &rules.Room{}
	for id := range d.Tiles {
		tile := &d.Tiles[id]
		for rot := uint8(0); rot < 4; rot++ {
			from := &rules.Room{Tile: rules.TileID(id), Rot: rot, FaceUp: true}
			for s := range tile.Spaces {
				m := d.SpaceDoors(from, s)
				for side := rules.North; side < rules.NumEdges; side++ {
					printed := rules.PrintedEdge(side, rot)
					has := int(tile.DoorSpace[printed]) == s && tile.Doors[printed].Kind != rules.NoDoor
					assert.Equal(t, has, m&(1<<side) != 0, "tile %s rot %d space %d side %v", tile.ID, rot, s, side)
					if _, ok := d.DoorCost(from, s, side, down, true); ok {
						assert.True(t, has, "DoorCost opens tile %s rot %d space %d side %v", tile.ID, rot, s, side)
					}
				}
			}
		}
	}
}

// canAfford, the cheap bound LegalActions lists with, is the plain bound (TestAffordBound) for
// needs of one skill and of several, for one hero and for teams, with and without carried Move
// (the frozen data carries Move over until another hero acts).
func TestCanAffordIsItsBound(t *testing.T) {
	checkAlongRandomPlay(t, 8, 6, 1000, func(g *rules.Game, r *rand.Rand, k int) (bool, bool) {
		if k%5 != 0 {
			return false, false
		}
		h, set := r.IntN(g.Players()), uint8(1+r.IntN(1<<g.Players()-1))
		need := rules.Cost{}
		need[r.IntN(3)] = int16(1 + r.IntN(9))
		if r.IntN(2) == 0 {
			need = rules.Cost{int16(r.IntN(6)), int16(r.IntN(6) - 1), int16(r.IntN(6))}
		}
		movement := r.IntN(2) == 0
		want := g.TestAffordBound(set, h, need, movement)
		if got := g.TestCanAfford(set, h, need, movement); got != want {
			t.Fatalf("canAfford(%b, %d, %v, %v) = %v, plain bound %v", set, h, need, movement, got, want)
		}
		return true, want
	})
}
