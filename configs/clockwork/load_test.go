package clockwork

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

func TestDefaultDataLoadsWithoutNotes(t *testing.T) {
	l := mustLoad(t)
	assert.Empty(t, l.Notes, "the default data is the box: no differences to note")
	assert.True(t, strings.HasPrefix(l.Data.Fingerprint, "sha256:"))
	assert.Len(t, l.Data.Fingerprint, len("sha256:")+64)
}

// TestDefaultCounts pins the box counts of the rulebook's Contents.
func TestDefaultCounts(t *testing.T) {
	d := mustLoad(t).Data
	count := func(ids []rules.CardID) int {
		n := 0
		for _, id := range ids {
			n += d.Cards[id].Count
		}
		return n
	}
	assert.Equal(t, 36, count(d.SkillCards), "Skill cards")
	assert.Len(t, d.SkillCards, 3, "Skill card types")
	assert.Equal(t, 45, count(d.Items), "Item cards")
	assert.Equal(t, 15, count(d.Treasures[1]), "Tier I Treasures")
	assert.Equal(t, 15, count(d.Treasures[2]), "Tier II Treasures")
	require.Len(t, d.Temples, 6, "temples")
	enemyCards := 0
	for _, tp := range d.Temples {
		n := 0
		for _, e := range tp.Enemies {
			n += d.Enemies[e].Count
		}
		assert.Equal(t, 12, n, "Enemy cards of %s", tp.ID)
		assert.Len(t, tp.Tiles, 10, "temple tiles of %s", tp.ID)
		enemyCards += n
	}
	assert.Equal(t, 72, enemyCards, "Enemy cards")
	kinds := map[rules.TileKind]int{}
	for _, tl := range d.Tiles {
		kinds[tl.Kind]++
	}
	assert.Equal(t, 21, kinds[rules.GenericTile], "generic tiles")
	assert.Equal(t, 60, kinds[rules.TempleTile], "temple tiles")
	assert.Equal(t, 4, kinds[rules.SpecialTile], "generic special rooms")
	assert.Equal(t, 7, kinds[rules.BossTile], "Boss Rooms")
	assert.Equal(t, 7, kinds[rules.EntranceTile], "entrance tiles")
	assert.Len(t, d.Generic, 21)
	assert.Len(t, d.Bosses, 6)
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		assert.Equal(t, lvl, d.Layouts[lvl].Level)
	}
}

// TestPrintedValues pins every value the rulebook prints (../shared/RULES.md section 1).
func TestPrintedValues(t *testing.T) {
	d := mustLoad(t).Data
	s := d.Setup
	assert.Equal(t, [5]int{0, 0, 6, 4, 3}, s.SkillCardsPerType, "Skill cards per type by player count")
	assert.Equal(t, 3, s.HeartContainers)
	assert.Equal(t, 1, s.Shards)
	assert.Equal(t, 5, s.HandFull)
	assert.Equal(t, 4, s.HandHurt)
	assert.Equal(t, 1, s.TimeTokens)
	assert.Equal(t, 2, s.PreLevelFirst)
	assert.Equal(t, 1, s.PreLevelLater)
	assert.Equal(t, 1, s.PerMissedSpecialRoom)
	assert.Equal(t, 3, s.KilledRegain)
	assert.Equal(t, 3, s.PiecesPerContainer)
	var redraw []string
	for _, c := range s.PreLevelRedraw {
		redraw = append(redraw, d.Cards[c].ID)
	}
	assert.Equal(t, []string{"heart", "fairy"}, redraw)

	st := d.Settings
	assert.Equal(t, 3, st.ChestInteract)
	assert.Equal(t, 2, st.ChestItems)
	assert.Equal(t, 2, st.TreasureDraw)
	assert.Equal(t, 5, st.WaterHighToDry)
	assert.Equal(t, 2, st.WaterHighToLow)
	assert.Equal(t, [2]int{2, 3}, st.RiftDiscards)
	assert.Equal(t, 1, st.GanonShardValue)

	// Courage = Attack 2 or Interact 2.
	var courage rules.Card
	for _, id := range d.SkillCards {
		if d.Cards[id].ID == "courage" {
			courage = d.Cards[id]
		}
	}
	assert.Equal(t, [2]rules.Skill{rules.Attack, rules.Interact}, courage.Skills)
	assert.EqualValues(t, 2, courage.Amount)

	// Roll for Damage: L1 and L2 rows and skulls printed; L3 a roll of 4 loses 2, skull 6.
	assert.Equal(t, [8]int8{1, 1, 1, 1, 2, 2, 2, 2}, d.Damage[1])
	assert.Equal(t, [8]int8{1, 1, 1, 2, 2, 2, 3, 3}, d.Damage[2])
	assert.EqualValues(t, 2, d.Damage[3][4-1])
	assert.EqualValues(t, 4, d.Skull[1])
	assert.EqualValues(t, 6, d.Skull[2])
	assert.EqualValues(t, 6, d.Skull[3])

	// Ganon at three heroes: Move 18, Attack 18, Interact 18.
	assert.Equal(t, rules.Cost{18, 18, 18}, d.Ganon.Targets[3])
	// Arrghus, Forest Temple, Level 2: Attack 4 + Move 6.
	var arrghus rules.Boss
	for _, b := range d.Bosses {
		if b.ID == "arrghus" {
			arrghus = b
		}
	}
	assert.Equal(t, "forest", d.Temples[arrghus.Temple].ID)
	assert.Equal(t, rules.Cost{rules.Move: 6, rules.Attack: 4}, arrghus.Cost[2])
	assert.Equal(t, "arrghus", d.Bosses[d.Temples[arrghus.Temple].Boss].ID)

	// The Level 3 Map Room: defeat an advanced enemy (2), then Interact 3.
	assert.Equal(t, []rules.Step{{Enemy: 2}, {Cost: rules.Cost{rules.Interact: 3}}}, d.SpecialRooms[rules.Map].Activation[3])
	// Special rooms give a Time token to every hero; Compass and Map take 5 Hero tokens.
	for k := rules.Compass; k < rules.BossRoom; k++ {
		assert.EqualValues(t, 1, d.SpecialRooms[k].TimeTokens, "%s", k)
	}
	assert.EqualValues(t, 5, d.SpecialRooms[rules.Compass].HeroTokens)
	assert.EqualValues(t, 5, d.SpecialRooms[rules.Map].HeroTokens)
	tr := d.SpecialRooms[rules.TreasureRoom]
	assert.EqualValues(t, 4, tr.MaxTreasures)
	assert.Equal(t, [5]int8{0, 4, 3, 2, 1}, tr.Tier2From)

	// Keese and Nocturn totals, from the advanced-enemy example (one deck).
	totals := map[string]int{}
	temples := map[string]rules.TempleID{}
	for _, e := range d.Enemies {
		totals[e.ID] = e.Defeat.Total()
		temples[e.ID] = e.Temple
	}
	assert.Equal(t, 3, totals["keese"])
	assert.Equal(t, 4, totals["nocturn"])
	assert.Equal(t, temples["keese"], temples["nocturn"])

	// Treasures printed with their tiers.
	tiers := map[string]uint8{}
	for _, c := range d.Cards {
		if c.Class == rules.TreasureClass {
			tiers[c.ID] = c.Tier
		}
	}
	assert.EqualValues(t, 1, tiers["lens_of_truth"])
	assert.EqualValues(t, 1, tiers["lantern"])
	assert.EqualValues(t, 2, tiers["master_sword"])
	assert.EqualValues(t, 2, tiers["nayrus_love"])
}

// TestLayoutTables pins the rulebook's Dungeon Layouts tables (pile contents per zone).
func TestLayoutTables(t *testing.T) {
	d := mustLoad(t).Data
	type pile struct {
		special         string
		generic, temple int
	}
	want := map[int]map[byte]pile{
		1: {'Y': {"compass,map", 3, 3}, 'R': {"treasure,key,boss", 6, 7}},
		2: {'Y': {"compass,map", 3, 3}, 'R': {"treasure,key,boss", 11, 7}},
		3: {'Y': {"compass,map", 4, 2}, 'O': {"treasure", 4, 2}, 'R': {"key,boss", 12, 6}},
		4: {'Y': {"compass", 2, 5}, 'O': {"map,treasure", 2, 7}, 'R': {"key,boss", 2, 18}},
	}
	for lvl, zones := range want {
		l := d.Layouts[lvl]
		require.Len(t, l.Zones, len(zones), "level %d zones", lvl)
		for _, z := range l.Zones {
			var sp []string
			for _, k := range z.Special {
				sp = append(sp, k.String())
			}
			assert.Equal(t, zones[z.Letter], pile{strings.Join(sp, ","), z.Generic, z.Temple}, "level %d zone %c", lvl, z.Letter)
		}
		// Decision 3: the geometry, with the entrance inside the yellow ring.
		cells := l.Rows * l.Cols
		assert.Equal(t, map[int]int{1: 25, 2: 30, 3: 36, 4: 42}[lvl], cells, "level %d cells", lvl)
		yellow := 0
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if dr == 0 && dc == 0 {
					continue
				}
				if z := l.Cells[l.EntranceRow+dr][l.EntranceCol+dc]; l.Zones[z].Letter == 'Y' {
					yellow++
				}
			}
		}
		assert.Equal(t, 8, yellow, "level %d: the 8 rooms around the entrance are yellow", lvl)
	}
}

func TestDefaultTilesAreConsistent(t *testing.T) {
	d := mustLoad(t).Data
	for _, tl := range d.Tiles {
		switch tl.Kind {
		case rules.GenericTile, rules.TempleTile:
			assert.NotEqual(t, rules.NoDoor, tl.Doors[tl.Arrow].Kind, "%s: arrow on a door", tl.ID)
		case rules.SpecialTile, rules.BossTile:
			assert.Equal(t, rules.NoDoor, tl.Doors[tl.Arrow].Kind, "%s: arrow not on a door", tl.ID)
		case rules.EntranceTile:
			for e := rules.North; e < rules.NumEdges; e++ {
				assert.Equal(t, rules.OpenDoor, tl.Doors[e].Kind, "%s: entrance doors", tl.ID)
			}
		}
	}
	for _, tp := range d.Temples {
		assert.Equal(t, rules.EntranceTile, d.Tiles[tp.Entrance].Kind)
		assert.Equal(t, rules.BossTile, d.Tiles[tp.BossRoom].Kind)
	}
	assert.Equal(t, "entrance_ganon", d.Tiles[d.Ganon.Entrance].ID)
	assert.Equal(t, "boss_ganon", d.Tiles[d.Ganon.BossRoom].ID)
	// The printed Spirit Temple tile: an Interact 3 switch behind a barrier opens a door.
	found := false
	for _, id := range d.Temples[templeIndex(t, d, "spirit")].Tiles {
		tl := d.Tiles[id]
		for si, sp := range tl.Spaces {
			for _, sw := range sp.Switches {
				if sw.Interact == 3 && sw.Target >= rules.TargetDoorN && sw.Target <= rules.TargetDoorW {
					door := rules.Edge(sw.Target - rules.TargetDoorN)
					other := int(tl.DoorSpace[door])
					if other != si && tl.Barriers&rules.PairBit(si, other) != 0 && tl.Tunnels&rules.PairBit(si, other) == 0 {
						found = true
					}
				}
			}
		}
	}
	assert.True(t, found, "the Spirit Temple has the printed switch-behind-a-barrier tile")
}

func templeIndex(t *testing.T, d *rules.Data, id string) int {
	t.Helper()
	for i, tp := range d.Temples {
		if tp.ID == id {
			return i
		}
	}
	t.Fatalf("no temple %s", id)
	return -1
}

// TestDoneWhenFourProblems is the acceptance case: a typo'd key, a string where a number
// belongs, a dangling enemy id and a layout whose zones do not match its piles are all reported
// at once, each with file:line:column.
func TestDoneWhenFourProblems(t *testing.T) {
	m := frozenFiles(t)
	edit(t, m, "setup.yaml", "  killed_regain: 3", "  kiled_regain: 3")
	edit(t, m, "enemies.yaml", "    evade: 2\n    reward: 1\n    roll: normal\n    vulnerable: [lens_of_truth", "    evade: two\n    reward: 1\n    roll: normal\n    vulnerable: [lens_of_truth")
	edit(t, m, "temples.yaml", "boss: arrghus", "boss: arrghuss")
	edit(t, m, "layouts.yaml", "R: {special: [treasure, key, boss], generic: 6, temple: 7}", "R: {special: [treasure, key, boss], generic: 5, temple: 7}")
	got := problems(t, m)
	want := []string{
		fmt.Sprintf("data/enemies.yaml:%d:12: enemies.keese.evade: expected a whole number, got \"two\"", lineOf(t, m, "enemies.yaml", "evade: two")),
		fmt.Sprintf("data/layouts.yaml:%d:10: layouts.1.zones.R: the pile holds 15 tiles (3 special, 5 generic, 7 temple) but the grid has 16 R cells", lineOf(t, m, "layouts.yaml", "generic: 5")),
		fmt.Sprintf("data/setup.yaml:%d:3: setup: missing key \"killed_regain\"", lineOf(t, m, "setup.yaml", "  skill_cards_per_type:")),
		fmt.Sprintf("data/setup.yaml:%d:3: setup: unknown key \"kiled_regain\"", lineOf(t, m, "setup.yaml", "kiled_regain")),
		fmt.Sprintf("data/temples.yaml:%d:11: temples.forest.boss: \"arrghuss\" is not a boss id", lineOf(t, m, "temples.yaml", "arrghuss")),
	}
	require.Len(t, got, len(want), "got:\n%s", strings.Join(got, "\n"))
	for i := range want {
		assert.True(t, strings.HasPrefix(got[i], want[i]), "problem %d:\n got %s\nwant %s...", i, got[i], want[i])
	}
}

// TestBadData is the loader's table of bad inputs: each edit must give a problem containing the
// text and located at the edited line.
func TestBadData(t *testing.T) {
	cases := []struct {
		name, file, old, new, want string
	}{
		{"unknown key", "setup.yaml", "  shards: 1", "  shard: 1", `setup: unknown key "shard"`},
		{"string for number", "setup.yaml", "  shards: 1", "  shards: one", `setup.shards: expected a whole number, got "one"`},
		{"float for number", "setup.yaml", "  shards: 1", "  shards: 1.5", "setup.shards: expected a whole number, got the number 1.5"},
		{"negative", "setup.yaml", "  heart_containers: 3", "  heart_containers: -3", "setup.heart_containers: -3 is out of range (1 to 20)"},
		{"absurd", "setup.yaml", "    3: 4                     # printed", "    3: 400", "setup.skill_cards_per_type.3: 400 is out of range (1 to 30)"},
		{"player count key", "setup.yaml", "    4: 3  ", "    5: 3  ", "setup.skill_cards_per_type: key 5 is out of range (2 to 4)"},
		{"bool", "rules.yaml", "cogveyor_wraps: true", "cogveyor_wraps: yes please", "rules.cogveyor_wraps: expected true or false"},
		{"hero order", "rules.yaml", "hero_order: free", "hero_order: clockwise", `rules.hero_order: "clockwise" is not free or sequential`},
		{"duplicate key", "setup.yaml", "  shards: 1", "  shards: 1\n  shards: 2", `setup: key "shards" appears twice`},
		{"duplicate id", "skill_cards.yaml", "  - id: wisdom", "  - id: power", `skill_cards: duplicate id "power"`},
		{"bad id", "skill_cards.yaml", "  - id: wisdom", "  - id: Wisdom!", `skill_cards: id "Wisdom!" may hold only a-z, 0-9 and _`},
		{"same skill twice", "skill_cards.yaml", "skills: [move, interact]", "skills: [move, move]", "skill_cards.wisdom.skills: the two skills must differ"},
		{"not a skill", "skill_cards.yaml", "skills: [move, interact]", "skills: [move, magic]", `skill_cards.wisdom.skills: "magic" is not a skill`},
		{"effect", "items.yaml", "bottom: {effect: remote_engage", "bottom: {effect: remote_engagement", `items.arrows.bottom.effect: "remote_engagement" is not a card effect`},
		{"effect needs", "items.yaml", "top: {effect: skill, skill: attack, amount: 3}", "top: {effect: skill, skill: attack}", "items.arrows.top: effect skill needs amount"},
		{"effect takes no", "items.yaml", "top: {effect: skill, skill: attack, amount: 3}", "top: {effect: skill, skill: attack, amount: 3, range: 2}", "items.arrows.top.range: effect skill takes no range"},
		{"item exhaust", "items.yaml", "top: {effect: skill, skill: attack, amount: 3}", "top: {effect: skill, skill: attack, amount: 3, exhaust: true}", "items.arrows.top.exhaust: only a Treasure's bottom ability is exhausted"},
		{"treasure tier", "treasures.yaml", "tier: 1", "tier: 3", "tier: 3 is out of range (1 to 2)"},
		{"dangling temple", "enemies.yaml", "temple: forest", "temple: forrest", `enemies.deku_baba.temple: "forrest" is not a temple id`},
		{"dangling treasure", "enemies.yaml", "vulnerable: [deku_leaf", "vulnerable: [deku_leaves", `enemies.deku_baba.vulnerable: "deku_leaves" is not a treasure id`},
		{"vulnerability tiers", "enemies.yaml", "vulnerable: [deku_leaf, slingshot, fire_rod, dins_fire]", "vulnerable: [fire_rod, slingshot, deku_leaf, dins_fire]", `"fire_rod" is Tier 2; the first two must be Tier 1`},
		{"three vulnerabilities", "enemies.yaml", "vulnerable: [deku_leaf, slingshot, fire_rod, dins_fire]", "vulnerable: [deku_leaf, slingshot, fire_rod]", "enemies.deku_baba.vulnerable: expected 4 entries, got 3"},
		{"zero defeat", "enemies.yaml", "defeat: {attack: 2, move: 1}", "defeat: {}", "the Defeat cost needs at least one skill above 0"},
		{"roll mode", "enemies.yaml", "roll: weak", "roll: feeble", `"feeble" is not normal, brutal or weak`},
		{"enemy ability", "enemies.yaml", "ability: {effect: discard_cards, amount: 1}", "ability: {effect: discard_cards}", "ability discard_cards needs amount"},
		{"boss level", "bosses.yaml", "      3: {attack: 5, move: 8}", "", "bosses.arrghus.cost: missing key 3"},
		{"boss attack", "bosses.yaml", "\nganon:\n", "\nganon:\n  special_attack: {effect: roll_damage, mode: savage}\n", `ganon.special_attack.mode: "savage" is not normal, brutal or weak`},
		{"ganon player count", "bosses.yaml", "    4: {move: 22, attack: 22, interact: 22}", "", "ganon.targets: missing key 4"},
		{"dangling boss room", "temples.yaml", "boss_room: boss_forest", "boss_room: boss_fire", `temples.forest.boss_room: tile "boss_fire" must be a boss tile of temple forest`},
		{"step both", "special_rooms.yaml", "3: [{enemy: 2}, {interact: 3}]", "3: [{enemy: 2, interact: 3}]", "special_rooms.map.activation.3.0: a step is an enemy or a switch cost, not both"},
		{"empty step", "special_rooms.yaml", "1: [{enemy: 1}]", "1: [{}]", "special_rooms.map.activation.1.0: a step needs enemy: N or a switch cost"},
		{"door edge twice", "tiles-forest.yaml", "      - doors: {N: 2}", "      - doors: {W: 2}", "tiles.forest_03.spaces.1.doors.W: edge W already has a door, in space 0"},
		{"door value", "tiles-forest.yaml", "      - doors: {N: 2}", "      - doors: {N: ajar}", `tiles.forest_03.spaces.1.doors.N: "ajar" is not open, closed or a Move cost`},
		{"target not closed", "tiles-forest.yaml", "enemies: [{draw: 1, target: door_W}]", "enemies: [{draw: 1, target: door_S}]", "targets a closed door, but the tile has none on edge S"},
		{"tunnel without barrier", "tiles-forest.yaml", "    barriers: [[0, 1]]\n    tunnels: [[0, 1]]", "    barriers: []\n    tunnels: [[0, 1]]", "tiles.forest_03.tunnels: a tunnel joins spaces that no barrier separates"},
		{"space not delimited", "tiles-forest.yaml", "    barriers: [[0, 1]]\n    tunnels: [[0, 1]]", "    barriers: []", "tiles.forest_03.barriers: space 0 is not separated from any other space by a barrier"},
		{"pair of unknown space", "tiles-forest.yaml", "    barriers: [[0, 1]]\n    tunnels: [[0, 1]]", "    barriers: [[0, 1]]\n    tunnels: [[0, 2]]", "tiles.forest_03.tunnels: pair [0 2] names a space the tile does not have (it has 2)"},
		{"arrow off door", "tiles-forest.yaml", "    arrow: W\n    spaces:\n      - doors: {E: open, W: open}", "    arrow: N\n    spaces:\n      - doors: {E: open, W: open}", "tiles.forest_02.arrow: edge N has no door"},
		{"special on a generic tile", "tiles-special.yaml", "kind: special", "kind: generic", "tiles.compass_room.special: only a special tile names a special room"},
		{"special arrow on door", "tiles-special.yaml", "      - {doors: {N: open, E: open, W: open}}", "      - {doors: {N: open, E: open, W: open, S: open}}", "tiles.compass_room.arrow: edge S has a door; a special room's entrance arrow is never on a door"},
		{"features in a special room", "tiles-special.yaml", "      - {doors: {N: open, E: open, W: open}}", "      - {doors: {N: open, E: open, W: open}, chest: true}", "tiles.compass_room.spaces.0: a special tile carries no features of its own"},
		{"temple on generic", "tiles-generic.yaml", "    kind: generic\n", "    kind: generic\n    temple: forest\n", "a generic tile belongs to no temple"},
		{"grid letter", "layouts.yaml", "grid: [RRRRR, RYYYR, RYEYR, RYYYR, RRRRR]", "grid: [RRRRR, RYYYR, RYEYR, RYYYR, RRRRX]", `layouts.1.grid: "X" at row 4 column 4 is not E or a zone of zones`},
		{"no entrance", "layouts.yaml", "grid: [RRRRR, RYYYR, RYEYR, RYYYR, RRRRR]", "grid: [RRRRR, RYYYR, RYYYR, RYYYR, RRRRR]", "layouts.1.grid: no entrance E"},
		{"damage row length", "damage.yaml", "  1: [1, 1, 1, 1, 2, 2, 2, 2]", "  1: [1, 1, 1, 1, 2, 2, 2]", "damage.1: expected 8 entries, got 7"},
		{"empty enemy deck", "enemies.yaml", "enemies:\n", "enemies: []\nunused:\n", `unknown section "unused"`},
		{"yaml syntax", "setup.yaml", "  shards: 1", "  shards: [1", "not valid YAML"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := frozenFiles(t)
			edit(t, m, c.file, c.old, c.new)
			got := problems(t, m)
			joined := strings.Join(got, "\n")
			assert.Contains(t, joined, c.want)
			for _, line := range got {
				assert.Regexp(t, `^(data(/[a-z_-]+\.yaml:\d+:\d+)?|--set .*): `, line, "every problem is placed")
			}
		})
	}
}

func TestBadDataLinesPointAtTheEdit(t *testing.T) {
	m := frozenFiles(t)
	edit(t, m, "tiles-forest.yaml", "      - doors: {N: 2}", "      - doors: {N: ajar}")
	got := problems(t, m)
	require.Len(t, got, 1)
	assert.True(t, strings.HasPrefix(got[0], fmt.Sprintf("data/tiles-forest.yaml:%d:", lineOf(t, m, "tiles-forest.yaml", "ajar"))), got[0])
}

func TestMissingSectionAndEmptyDir(t *testing.T) {
	m := frozenFiles(t)
	delete(m, "damage.yaml")
	got := problems(t, m)
	assert.Contains(t, got, `data: missing section "damage"`)
	assert.Contains(t, got, `data: missing section "skull"`)

	_, err := Load(defaultFilesEmpty(), "empty", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no *.yaml data files")
}

func defaultFilesEmpty() fstest.MapFS { return fstest.MapFS{} }

func TestSectionDefinedTwice(t *testing.T) {
	m := frozenFiles(t)
	m["zz-extra.yaml"] = &fstest.MapFile{Data: []byte("setup:\n  shards: 2\n")}
	got := problems(t, m)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "data/zz-extra.yaml:1:1: section \"setup\" is already defined at data/setup.yaml:")
}

func TestListSectionsJoinAcrossFiles(t *testing.T) {
	m := frozenFiles(t)
	m["zz-more-items.yaml"] = &fstest.MapFile{Data: []byte("items:\n  - id: rupee\n    name: Rupee\n    count: 5\n    top: {effect: skill, skill: any, amount: 1}\n")}
	l, err := Load(m, "data", nil)
	require.NoError(t, err)
	assert.Len(t, l.Data.Items, 17)
	assert.Contains(t, l.Notes, "the Item deck has 50 cards; the box has 45")
}

// The box counts are defaults, not limits: bigger decks and temples load and play, with notes.
func TestBoxDifferencesAreNotes(t *testing.T) {
	l := mustLoadFrozen(t, "setup.skill_cards_per_type.2=8", "enemies.keese.count=3")
	assert.Equal(t, 8, l.Data.Setup.SkillCardsPerType[2])
	assert.Contains(t, l.Notes, "at 2 players the heroes start with 48 Skill cards in all; the box has 36")
	assert.Contains(t, l.Notes, "temple shadow has 14 Enemy cards; the box has 12 per temple")
}

func TestUnplayableCounts(t *testing.T) {
	cases := []struct {
		sets []string
		want string
	}{
		{[]string{"layouts.2.zones.R.generic=12", "layouts.2.rows=6", "layouts.2.grid=RRRRRR,RYYYRR,RYEYRR,RYYYRR,RRRRRR,RRRRRR"},
			"layouts.2.zones.R: the pile holds 22 tiles"},
		{[]string{"layouts.3.zones.R.generic=6", "layouts.3.zones.R.temple=12"}, "temples.forest: 10 temple tiles, but a layout of levels 1-3 needs 16"},
		{[]string{"layouts.4.zones.R.generic=0", "layouts.4.zones.R.temple=20", "layouts.4.zones.O.generic=0", "layouts.4.zones.O.temple=9", "layouts.4.zones.Y.generic=0", "layouts.4.zones.Y.temple=7"},
			"layouts.4: Ganon's Tower needs 36 temple tiles, but the three smallest temples have 30 together"},
	}
	for _, c := range cases {
		_, err := Load(Default(), DefaultLabel, c.sets)
		require.Error(t, err, "%v", c.sets)
		assert.Contains(t, err.Error(), c.want)
	}
	// An empty Enemy deck for a temple cannot be played.
	var sets []string
	for _, e := range mustLoad(t).Data.Enemies {
		if e.Temple == 0 {
			sets = append(sets, "enemies."+e.ID+".count=0")
		}
	}
	_, err := Load(Default(), DefaultLabel, sets)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "temples.forest: the temple has no Enemy cards")

	// A pre-level draw that can only find redrawn Items never finishes.
	sets = nil
	for _, it := range mustLoad(t).Doc.Items {
		if it.ID != "heart" && it.ID != "fairy" {
			sets = append(sets, "items."+it.ID+".count=0")
		}
	}
	_, err = Load(Default(), DefaultLabel, sets)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "every Item is redrawn, so the pre-level draw can never finish")
}
