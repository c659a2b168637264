package clockwork_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// The last deviations from the rulebook's words (docs/rules-decisions.md, readings 46-): each
// test quotes the rule it checks.

// startWithTile starts a 2-hero campaign in the Forest Temple at level lvl on the first seed
// whose board holds tile id.
func startWithTile(t *testing.T, d *rules.Data, lvl int, id string) *rules.Game {
	t.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		g := rules.StartAt(d, 2, seed, "forest", lvl)
		if _, _, ok := g.TestFindTile(func(x *rules.Tile) bool { return x.ID == id }); ok {
			return g
		}
	}
	t.Fatalf("%s is on no board of seeds 1-99", id)
	return nil
}

// "All exhausted cards are un-exhausted (turned upright) at the end of each round": a Treasure
// exhausted and then given away by telepathy stays exhausted in the other hero's hand (and if
// he equips it), so it cannot be used twice in a round; the end of the round turns it upright.
func TestGivenTreasureStaysExhausted(t *testing.T) {
	g := startWithTile(t, configstest.Frozen(t), 1, "generic_12") // telepathy
	er, ec := entrance(g)
	g.TestPlace(er-1, ec, "generic_12", 0, true)
	g.TestInitRoom(er-1, ec)
	g.TestPutHero(0, er-1, ec, 0)
	g.TestClearHand(0)
	g.TestClearHand(1)
	lens := g.TestTake(0, "lens_of_truth", true) // bottom: extra_draw, by exhausting
	act(t, g, rules.ActUse, 0, equipSlotOf(t, g, 0, lens))
	require.True(t, g.Exhausted(lens))
	a, ok := findAction(g, rules.ActGive, 0, equipSlotOf(t, g, 0, lens), 1)
	require.True(t, ok, "telepathy gives the equipped card: %v", g.LegalActions(nil))
	require.NoError(t, g.ApplyChecked(a))
	require.NoError(t, g.Check())
	assert.True(t, g.Exhausted(lens), "still exhausted in hero 1's hand")
	slot := handSlotOf(t, g, 1, lens)
	_, ok = findAction(g, rules.ActUse, 1, slot, -1)
	assert.False(t, ok, "hero 1 cannot use it again this round")
	act(t, g, rules.ActEquip, 1, slot)
	assert.True(t, g.Exhausted(lens), "equipped exhausted")
	_, ok = findAction(g, rules.ActUse, 1, equipSlotOf(t, g, 1, lens), -1)
	assert.False(t, ok, "nor once equipped")
	act(t, g, rules.ActEndRound, 0, -1)
	for g.Prompt() != rules.PromptMain {
		g.Apply(g.LegalActions(nil)[0])
		require.NoError(t, g.Check())
	}
	assert.False(t, g.Exhausted(lens), "upright at the end of the round")
}

// Map Room: "swap the positions of any 2 rooms (except special rooms) that are adjacent to
// each other": a face-down room may be swapped too (rules.map_swaps_face_down; false keeps the
// first reading, face-up rooms only).
func TestMapTokenSwapsFaceDownRooms(t *testing.T) {
	for _, c := range []struct {
		name string
		sets []string
		ok   bool
	}{{"printed", nil, true}, {"face-up only", []string{"rules.map_swaps_face_down=false"}, false}} {
		t.Run(c.name, func(t *testing.T) {
			g := rules.StartAt(configstest.Frozen(t, c.sets...), 2, 1, "forest", 1)
			mr, mc, ok := g.TestFindTile(func(x *rules.Tile) bool { return x.Special == rules.Map })
			require.True(t, ok)
			g.TestRoom(mr, mc).Tokens = 2
			g.TestForgetTokenUses()
			er, ec := entrance(g)
			nr, nc := rules.Neighbor(er, ec, rules.East)
			require.False(t, g.TestRoom(nr, nc).FaceUp, "the entrance's neighbour is face down")
			down := g.TestRoom(nr, nc).Tile
			a := rules.MakeAction(rules.ActMapSwap, 0, er*rules.MaxCols+ec, int(rules.East), 0)
			if !c.ok {
				refused(t, g, a)
				return
			}
			require.NoError(t, g.ApplyChecked(a))
			require.NoError(t, g.Check())
			assert.Equal(t, down, g.TestRoom(er, ec).Tile, "the face-down room took the entrance's cell")
			assert.False(t, g.TestRoom(er, ec).FaceUp)
			assert.EqualValues(t, nc, g.Hero(0).Pos.C, "the heroes moved with the entrance")
			assert.EqualValues(t, 1, g.TestRoom(mr, mc).Tokens)
		})
	}
}

// vulnerabilityOf returns the id of a Treasure the enemy is vulnerable to.
func vulnerabilityOf(t *testing.T, d *rules.Data, enemy string) string {
	t.Helper()
	for _, e := range d.Enemies {
		if e.ID == enemy {
			return d.Cards[e.Vulnerable[0]].ID
		}
	}
	t.Fatalf("no enemy %s", enemy)
	return ""
}

// Assisting: "All such players may then play any cards"; Arrows: the joiner "can use any
// other cards ... (including revealing cards that correspond to its vulnerabilities)". A hero
// in the engaged hero's space, or one who joined the Defeat payment from afar with Arrows, may
// show the vulnerability (rules.helpers_show_vulnerability; false: the engaged hero's own cards
// only).
func TestHelperShowsTheVulnerability(t *testing.T) {
	for _, c := range []struct {
		name   string
		sets   []string
		remote bool
		ok     bool
	}{
		{"in the space", nil, false, true},
		{"from afar with Arrows", nil, true, true},
		{"own cards only", []string{"rules.helpers_show_vulnerability=false"}, false, false},
		{"own cards only, from afar", []string{"rules.helpers_show_vulnerability=false"}, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := configstest.Frozen(t, c.sets...)
			g := rules.StartAt(d, 2, 2, "light", 1)
			er, ec := entrance(g)
			g.TestClearHand(0)
			g.TestClearHand(1)
			g.TestPutHero(0, er, ec, 0)
			g.TestPutHero(1, er, ec, 0)
			if c.remote {
				g.TestInitRoom(er-1, ec)
				g.TestPutHero(1, er-1, ec, 0) // one room away in a straight line
			}
			g.TestSetShards(1, 1)
			arrows := g.TestTake(1, "arrows", true)
			treasure := g.TestTake(1, vulnerabilityOf(t, d, "guardian"), false)
			for _, id := range []string{"power", "power", "courage", "wisdom"} {
				g.TestTake(0, id, false) // enough to start paying the Defeat cost
			}
			g.TestStackEnemies("guardian")
			g.TestEngage(0, 1)
			require.True(t, g.Hero(0).Engaged)
			if c.remote {
				act(t, g, rules.ActDefeat, 0, -1)
				play(t, g, 1, equipSlotOf(t, g, 1, arrows), rules.ModeBottom+int(rules.Attack))
				require.Equal(t, rules.PromptPay, g.Prompt())
			}
			a := rules.MakeAction(rules.ActVulnerable, 0, handSlotOf(t, g, 1, treasure), 2, 0)
			if !c.ok {
				refused(t, g, a)
				return
			}
			require.NoError(t, g.ApplyChecked(a), "hero 1 shows it: %v", g.LegalActions(nil))
			require.NoError(t, g.Check())
			assert.False(t, g.Hero(0).Engaged, "the Guardian is defeated")
			assert.EqualValues(t, 1, g.Hero(1).HandN, "the Treasure is shown, not spent")
			handSlotOf(t, g, 1, treasure)
		})
	}
}

// Activating via Enemies: "the player must choose to either activate the dungeon feature or
// receive rewards ... This includes when defeating enemies to activate special rooms."
// (rules.special_room_enemy_reward; false: reading 21, the room is activated at once).
func TestSpecialRoomEnemyOffersTheReward(t *testing.T) {
	for _, c := range []struct {
		name   string
		sets   []string
		choice rules.ActionKind // ActNone: no choice offered
	}{
		{"activate", nil, rules.ActActivateFeature},
		{"reward", nil, rules.ActTakeReward},
		{"reading 21", []string{"rules.special_room_enemy_reward=false"}, rules.ActNone},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := configstest.Frozen(t, c.sets...)
			temple, enemy := templeWithEnemy(t, d, func(e *rules.Enemy) bool {
				return e.Reward > 0 && e.Ability.Effect == rules.NoEnemyEffect && e.Defeat[rules.Interact] == 0 && e.Defeat.Total() <= 6
			})
			g := rules.StartAt(d, 2, 1, temple, 1) // Level 1 Map Room: defeat one enemy
			r, col, ok := g.TestFindTile(func(x *rules.Tile) bool { return x.Special == rules.Map })
			require.True(t, ok)
			g.TestInitRoom(r, col)
			g.TestPutHero(0, r, col, 0)
			g.TestClearHand(0)
			for range 3 {
				g.TestTake(0, "power", false)
			}
			g.TestStackEnemies(enemy)
			act(t, g, rules.ActActivate, 0, -1)
			require.True(t, g.Hero(0).Engaged, "the room's enemy: %v", g.LegalActions(nil))
			act(t, g, rules.ActDefeat, 0, -1)
			for g.Prompt() == rules.PromptPay {
				a, ok := findAction(g, rules.ActPlay, 0, -1, -1)
				require.True(t, ok)
				require.NoError(t, g.ApplyChecked(a))
			}
			require.NoError(t, g.Check())
			room := g.TestRoom(r, col)
			if c.choice == rules.ActNone {
				assert.NotEqual(t, rules.PromptKeep, g.Prompt())
				assert.True(t, room.Activated, "activated at once")
				return
			}
			require.Equal(t, rules.PromptKeep, g.Prompt(), "the choice: %v", g.LegalActions(nil))
			_, ok = findAction(g, rules.ActActivateFeature, 0, -1, -1)
			require.True(t, ok)
			act(t, g, c.choice, 0, -1)
			if c.choice == rules.ActActivateFeature {
				assert.True(t, room.Activated, "the room is activated")
				assert.EqualValues(t, 2, g.Hero(1).Time, "a Time token for every hero")
				return
			}
			assert.False(t, room.Activated, "the reward instead of the room")
			assert.Equal(t, rules.PromptKeep, g.Prompt(), "the reward's Items are revealed")
			_, ok = findAction(g, rules.ActKeep, 0, -1, -1)
			assert.True(t, ok)
		})
	}
}

// doorSwitchRoom finds, on the board, a room with a switch that opens a door and a neighbour
// that is no special room, turns it face up, and returns its cell, the switch's space and the switch's index.
func doorSwitchRoom(g *rules.Game) (int, int, int, int, bool) {
	d := g.Data()
	for r := 0; r < int(g.Grid().Rows); r++ {
		for c := 0; c < int(g.Grid().Cols); c++ {
			tile := &d.Tiles[g.TestRoom(r, c).Tile]
			if _, _, ok := plainNeighbour(g, r, c); !ok || (tile.Kind != rules.GenericTile && tile.Kind != rules.TempleTile) {
				continue
			}
			for s, sp := range tile.Spaces {
				for i, sw := range sp.Switches {
					if sw.Target >= rules.TargetDoorN && sw.Target <= rules.TargetDoorW && sw.Interact <= 4 {
						g.TestInitRoom(r, c)
						return r, c, s, i, true
					}
				}
			}
		}
	}
	return 0, 0, 0, 0, false
}

// plainNeighbour returns a neighbour of the room at (r, c) that is no special room.
func plainNeighbour(g *rules.Game, r, c int) (int, int, bool) {
	for e := rules.North; e < rules.NumEdges; e++ {
		nr, nc := rules.Neighbor(r, c, e)
		if g.Grid().In(nr, nc) && g.Data().Tiles[g.TestRoom(nr, nc).Tile].Special == rules.NotSpecial {
			return nr, nc, true
		}
	}
	return 0, 0, false
}

// Performing Actions: cards such as Magic "allow a hero to perform actions on dungeon features
// that are not in their space"; Magic: "provide Interact for any action that requires it up to
// 2 rooms away". A hero one room away uses a switch with Magic and his own Interact
// (rules.magic_acts_from_afar; false: reading 32, Magic only helps another hero).
func TestMagicUsesASwitchFromAfar(t *testing.T) {
	for _, c := range []struct {
		name string
		sets []string
		ok   bool
	}{{"printed", nil, true}, {"reading 32", []string{"rules.magic_acts_from_afar=false"}, false}} {
		t.Run(c.name, func(t *testing.T) {
			d := configstest.Frozen(t, c.sets...)
			var g *rules.Game
			var r, col, s, i int
			for seed, ok := uint64(1), false; !ok; seed++ {
				require.Less(t, seed, uint64(50), "no door switch by a plain room on the boards of seeds 1-49")
				g = rules.StartAt(d, 2, seed, "forest", 1)
				r, col, s, i, ok = doorSwitchRoom(g)
			}
			nr, nc, _ := plainNeighbour(g, r, col)
			g.TestInitRoom(nr, nc)
			g.TestPutHero(0, nr, nc, 0) // one room away
			g.TestPutHero(1, nr, nc, 0)
			g.TestClearHand(0)
			g.TestClearHand(1)
			magic := g.TestTake(0, "magic", false)
			for range 2 {
				g.TestTake(0, "courage", false) // Interact 2 each
			}
			tile := &g.Data().Tiles[g.TestRoom(r, col).Tile]
			target := tile.Spaces[s].Switches[i].Target
			a := rules.MakeAction(rules.ActRemoteInteract, 0, handSlotOf(t, g, 0, magic), 1<<5|s<<3|i, r*rules.MaxCols+col)
			if !c.ok {
				refused(t, g, a)
				return
			}
			require.NoError(t, g.ApplyChecked(a), "%v", g.LegalActions(nil))
			require.NoError(t, g.Check())
			assert.Equal(t, [2]int{nr, nc}, [2]int{int(g.Hero(0).Pos.R), int(g.Hero(0).Pos.C)}, "he stays where he is")
			for g.Prompt() == rules.PromptPay {
				for _, p := range g.LegalActions(nil) {
					require.NotEqual(t, 1, p.Hero(), "hero 1 is not in the switch's space: %v", p)
					if p.Kind() == rules.ActPlay {
						assert.Contains(t, []int{rules.ModeSkillB, rules.ModeDiscard + int(rules.Interact)}, p.Y(), "Interact only: %v", p)
					}
				}
				play(t, g, 0, 0, rules.ModeSkillB)
			}
			e := rules.Edge(target - rules.TargetDoorN)
			assert.NotZero(t, g.TestRoom(r, col).OpenedDoors&(1<<e), "the switch opened its door")
		})
	}
}

// Rifts: "the hero must either activate the rift immediately (for no effect) or roll"; but
// activating "is always done by using a nearby switch ... or by defeating a nearby enemy".
// Decision 46 (rules.rift_activation): free, the default, lets him activate any rift; under
// needs_switch_or_enemy a rift whose space shows neither must be rolled.
func TestRiftActivationReadings(t *testing.T) {
	for _, c := range []struct {
		set    string
		ignore bool
	}{{"rules.rift_activation=free", true}, {"rules.rift_activation=needs_switch_or_enemy", false}} {
		t.Run(c.set, func(t *testing.T) {
			g := startWithTile(t, configstest.Frozen(t, c.set), 1, "generic_11") // a lone rift
			r, col, _ := g.TestFindTile(func(x *rules.Tile) bool { return x.ID == "generic_11" })
			g.TestInitRoom(r, col)
			g.TestPutHero(0, r, col, 0)
			g.TestEnter(0)
			require.Equal(t, rules.PromptRift, g.Prompt())
			_, ok := findAction(g, rules.ActRiftRoll, 0, -1, -1)
			assert.True(t, ok, "the die may always be rolled")
			a := rules.MakeAction(rules.ActRiftIgnore, 0, 0, 0, 0)
			if !c.ignore {
				refused(t, g, a)
				return
			}
			require.NoError(t, g.ApplyChecked(a))
			require.NoError(t, g.Check())
		})
	}
}

// Boss Room (reference sheet): "Spend X times the number of players to strike the boss"
// against the main text's X per multiple (the Arrghus example: Attack 4 and Move 6 for one
// Shard at two heroes). Decision 4 keeps the example (rules.boss_strike_cost: per_multiple);
// times_players multiplies each strike by the heroes.
func TestBossStrikeCostReadings(t *testing.T) {
	per := rules.StartAt(configstest.Frozen(t), 3, 7, "forest", 2)
	assert.Equal(t, rules.Cost{rules.Move: 6, rules.Attack: 4}, per.TestBossNeed(1))
	times := rules.StartAt(configstest.Frozen(t, "rules.boss_strike_cost=times_players"), 3, 7, "forest", 2)
	assert.Equal(t, rules.Cost{rules.Move: 18, rules.Attack: 12}, times.TestBossNeed(1))
	assert.Equal(t, rules.Cost{rules.Move: 36, rules.Attack: 24}, times.TestBossNeed(2))
}

// tiedEnemies returns a temple and two of its enemies with the same Defeat total.
func tiedEnemies(t *testing.T, d *rules.Data) (string, string, string) {
	t.Helper()
	for _, tp := range d.Temples {
		for i, a := range tp.Enemies {
			for _, b := range tp.Enemies[i+1:] {
				if d.Enemies[a].Defeat.Total() == d.Enemies[b].Defeat.Total() {
					return tp.ID, d.Enemies[a].ID, d.Enemies[b].ID
				}
			}
		}
	}
	t.Fatal("no two enemies of a temple with the same Defeat total")
	return "", "", ""
}

// Advanced enemies: "In the case of a tie, the player may choose which enemy he engages"
// (rules.ties_chosen_by_players; false: decision 19's first reading, the card drawn first).
func TestAdvancedEnemyTieIsChosen(t *testing.T) {
	for _, c := range []struct {
		name   string
		sets   []string
		choice bool
	}{{"printed", nil, true}, {"first drawn", []string{"rules.ties_chosen_by_players=false"}, false}} {
		t.Run(c.name, func(t *testing.T) {
			d := configstest.Frozen(t, c.sets...)
			temple, first, second := tiedEnemies(t, d)
			g := rules.StartAt(d, 2, 1, temple, 1)
			g.TestStackEnemies(first, second)
			g.TestEngage(0, 2)
			if !c.choice {
				require.True(t, g.Hero(0).Engaged)
				assert.Equal(t, first, d.Enemies[g.Hero(0).Enemy].ID)
				return
			}
			require.Equal(t, rules.PromptEnemyTie, g.Prompt())
			require.Len(t, g.LegalActions(nil), 2)
			assert.Equal(t, second, d.Enemies[g.View(0).EnemyDraw()[1]].ID)
			act(t, g, rules.ActEngageCard, 0, 1)
			require.True(t, g.Hero(0).Engaged)
			assert.Equal(t, second, d.Enemies[g.Hero(0).Enemy].ID, "the player's choice")
		})
	}
}

// Boss Rooms: Shards "must first be awarded to the player(s) who currently have the fewest
// Shards (in the case of a tie, the players decide who receives them)" (rules.
// ties_chosen_by_players; false: decision 20's first reading, the lowest-numbered hero).
func TestBossShardTieIsChosen(t *testing.T) {
	for _, c := range []struct {
		name string
		sets []string
		to   int
	}{{"printed", nil, 2}, {"lowest hero", []string{"rules.ties_chosen_by_players=false"}, 0}} {
		t.Run(c.name, func(t *testing.T) {
			g := rules.StartAt(configstest.Frozen(t, c.sets...), 3, 7, "forest", 2)
			g.TestSetShards(0, 1)
			g.TestSetShards(1, 2)
			g.TestSetShards(2, 1)
			g.TestBossDefeated(2) // two Shards: the first to hero 0 or hero 2, the second to the other
			if c.to == 2 {
				require.Equal(t, rules.PromptShardTo, g.Prompt())
				var heroes []int
				for _, a := range g.LegalActions(nil) {
					heroes = append(heroes, a.Hero())
				}
				assert.Equal(t, []int{0, 2}, heroes, "the heroes tied for the fewest")
				act(t, g, rules.ActShardTo, 2, -1)
			}
			assert.EqualValues(t, 2, g.Hero(2).Shards)
			assert.EqualValues(t, 2, g.Hero(0).Shards, "the second Shard has no tie")
			assert.Equal(t, 2, g.Result(2).ShardsGained)
			assert.True(t, g.Result(2).Won)
		})
	}
}
