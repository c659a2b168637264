package clockwork

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/datafile"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

func enemy(d *rules.Data, id string) rules.Enemy {
	for _, e := range d.Enemies {
		if e.ID == id {
			return e
		}
	}
	return rules.Enemy{}
}

func boss(d *rules.Data, id string) rules.Boss {
	for _, b := range d.Bosses {
		if b.ID == id {
			return b
		}
	}
	return rules.Boss{}
}

// TestSetPaths checks that each documented kind of --set path reaches its value.
func TestSetPaths(t *testing.T) {
	cases := []struct {
		set   string
		check func(t *testing.T, d *rules.Data)
	}{
		{"setup.skill_cards_per_type.3=5", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, 5, d.Setup.SkillCardsPerType[3])
			assert.Equal(t, 6, d.Setup.SkillCardsPerType[2], "other counts unchanged")
		}},
		{"ganon.targets.3.move=20", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, rules.Cost{20, 18, 18}, d.Ganon.Targets[3])
		}},
		{"damage.3=1,1,2,2,2,3,3,4", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, [8]int8{1, 1, 2, 2, 2, 3, 3, 4}, d.Damage[3])
		}},
		{"damage.4=[5, 5, 5, 5, 5, 5, 5, 5]", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, [8]int8{5, 5, 5, 5, 5, 5, 5, 5}, d.Damage[4])
		}},
		{"enemies.keese.defeat.attack=1", func(t *testing.T, d *rules.Data) {
			assert.EqualValues(t, 1, enemy(d, "keese").Defeat[rules.Attack])
			assert.EqualValues(t, 1, enemy(d, "keese").Defeat[rules.Move], "other skills unchanged")
		}},
		{"enemies.keese.defeat.interact=2", func(t *testing.T, d *rules.Data) { // a key the file omits
			assert.EqualValues(t, 2, enemy(d, "keese").Defeat[rules.Interact])
		}},
		{"bosses.arrghus.cost.2.move=7", func(t *testing.T, d *rules.Data) {
			assert.EqualValues(t, 7, boss(d, "arrghus").Cost[2][rules.Move])
		}},
		{"special_rooms.map.activation.3.1.interact=4", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, []rules.Step{{Enemy: 2}, {Cost: rules.Cost{rules.Interact: 4}}}, d.SpecialRooms[rules.Map].Activation[3])
		}},
		{"tiles.generic_01.spaces.0.doors.N=2", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, rules.Door{Kind: rules.OpenDoor, Cost: 2}, d.Tiles[0+tileIndex(d, "generic_01")].Doors[rules.North])
		}},
		{"rules.hero_order=sequential", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, rules.SequentialOrder, d.Settings.HeroOrder)
		}},
		{"rules.move_carry_over=until_round_end", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, rules.CarryUntilRoundEnd, d.Settings.MoveCarryOver)
		}},
		{"rules.move_carry_over=off", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, rules.CarryOff, d.Settings.MoveCarryOver)
		}},
		{"rules.forced_discard_reshuffle=false", func(t *testing.T, d *rules.Data) {
			assert.False(t, d.Settings.ForcedDiscardReshuffle)
		}},
		{"rules.helpers_show_vulnerability=false", func(t *testing.T, d *rules.Data) {
			assert.False(t, d.Settings.HelpersShowVulnerability)
		}},
		{"rules.special_room_enemy_reward=false", func(t *testing.T, d *rules.Data) {
			assert.False(t, d.Settings.SpecialRoomEnemyReward)
		}},
		{"rules.magic_acts_from_afar=false", func(t *testing.T, d *rules.Data) {
			assert.False(t, d.Settings.MagicActsFromAfar)
		}},
		{"rules.rift_activation=needs_switch_or_enemy", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, rules.RiftNeedsSwitchOrEnemy, d.Settings.RiftActivation)
		}},
		{"rules.boss_strike_cost=times_players", func(t *testing.T, d *rules.Data) {
			assert.Equal(t, rules.StrikeTimesPlayers, d.Settings.BossStrikeCost)
		}},
		{"rules.ties_chosen_by_players=false", func(t *testing.T, d *rules.Data) {
			assert.False(t, d.Settings.TiesChosenByPlayers)
		}},
		{"rules.map_swaps_face_down=false", func(t *testing.T, d *rules.Data) {
			assert.False(t, d.Settings.MapSwapsFaceDown)
		}},
		{"layouts.1.grid.4=RRRRR", func(t *testing.T, d *rules.Data) { // a list entry by position
			assert.Equal(t, 5, d.Layouts[1].Rows)
		}},
		{"items.bomb.count=6", func(t *testing.T, d *rules.Data) {
			for _, id := range d.Items {
				if d.Cards[id].ID == "bomb" {
					assert.Equal(t, 6, d.Cards[id].Count)
				}
			}
		}},
	}
	base := mustLoadFrozen(t).Data.Fingerprint
	for _, c := range cases {
		t.Run(c.set, func(t *testing.T) {
			l := mustLoadFrozen(t, c.set)
			c.check(t, l.Data)
			if c.set != "layouts.1.grid.4=RRRRR" { // the same value as the file
				assert.NotEqual(t, base, l.Data.Fingerprint, "a changed value changes the fingerprint")
			}
		})
	}
}

func tileIndex(d *rules.Data, id string) int {
	for i, t := range d.Tiles {
		if t.ID == id {
			return i
		}
	}
	return -1
}

func TestSetErrors(t *testing.T) {
	cases := []struct{ set, want string }{
		{"setup.skill_cards_per_type.3", "--set setup.skill_cards_per_type.3: expected PATH=VALUE"},
		{"=5", "--set =5: expected PATH=VALUE"},
		{"setup..shards=1", `--set setup..shards=1: path "setup..shards" has an empty part`},
		{"setpu.shards=1", `--set setpu.shards=1: unknown section "setpu"`},
		{"setup=1", `--set setup=1: path "setup" names a whole section`},
		{"setup.shards=abc", `--set setup.shards=abc: setup.shards: expected a whole number, got "abc"`},
		{"setup.shard=2", `--set setup.shard=2: setup: unknown key "shard"`},
		{"setup.shards.x=2", `--set setup.shards.x=2: setup.shards is a single value; it has no "x"`},
		{"enemies.nobody.count=2", `--set enemies.nobody.count=2: enemies: no entry with id "nobody"`},
		{"enemies.keese.defeat.atack=2", `--set enemies.keese.defeat.atack=2: enemies.keese.defeat: unknown key "atack"`},
		{"enemies.keese.temple=nowhere", `--set enemies.keese.temple=nowhere: enemies.keese.temple: "nowhere" is not a temple id`},
		{"damage.3=1,2", "--set damage.3=1,2: damage.3: expected 8 entries, got 2"},
		{"damage.3=[1,2", "--set damage.3=[1,2: cannot read value"},
		{"layouts.1.grid.9=RRRRR", `--set layouts.1.grid.9=RRRRR: layouts.1.grid has no entry "9"`},
		{"ganon.targets.5.move=3", "--set ganon.targets.5.move=3: ganon.targets: key 5 is out of range (2 to 4)"},
		{"rules.move_carry_over=true", `--set rules.move_carry_over=true: rules.move_carry_over: "true" is not off, until_other_hero_acts, until_round_end (true was the first reading, now until_round_end)`},
		{"rules.hero_order=clockwise", `--set rules.hero_order=clockwise: rules.hero_order: "clockwise" is not free or sequential`},
		{"rules.rift_activation=never", `--set rules.rift_activation=never: rules.rift_activation: "never" is not free, needs_switch_or_enemy`},
		{"ganon.special_attack.mode=savage", `--set ganon.special_attack.mode=savage: ganon.special_attack.mode: "savage" is not normal, brutal or weak`},
	}
	for _, c := range cases {
		t.Run(c.set, func(t *testing.T) {
			got := problems(t, os.DirFS(frozenDir), c.set)
			assert.Contains(t, strings.Join(got, "\n"), c.want)
		})
	}
}

func TestSetProblemsAllReported(t *testing.T) {
	got := problems(t, os.DirFS(frozenDir), "setup.shards=abc", "enemies.nobody.count=1", "setup.time_tokens=-1")
	assert.Len(t, got, 3)
}

// TestFingerprint pins that the fingerprint depends on values only.
func TestFingerprint(t *testing.T) {
	a := mustLoadFrozen(t).Data.Fingerprint
	assert.Equal(t, a, mustLoadFrozen(t).Data.Fingerprint, "stable across loads")

	// Comments, formatting and key order do not matter.
	m := frozenFiles(t)
	edit(t, m, "setup.yaml", "  heart_containers: 3        # printed: per hero at campaign start\n  shards: 1",
		"  shards: 1\n  # moved\n  heart_containers:    3")
	l, err := Load(m, "data", nil)
	require.NoError(t, err)
	assert.Equal(t, a, l.Data.Fingerprint)

	// A different directory name does not matter either.
	l, err = Load(m, "elsewhere/data", nil)
	require.NoError(t, err)
	assert.Equal(t, a, l.Data.Fingerprint)

	// Any value does, even one that a --set puts back to the same number elsewhere.
	assert.NotEqual(t, a, mustLoadFrozen(t, "rules.hazard_roll_cap=7").Data.Fingerprint)
	assert.NotEqual(t, a, mustLoadFrozen(t, "tiles.generic_03.name=Other").Data.Fingerprint)
	assert.Equal(t, a, mustLoadFrozen(t, "setup.shards=1").Data.Fingerprint, "setting the same value")
}

// TestDirRoundTrip writes the embedded files into a directory and reads them back with LoadDir.
func TestDirRoundTrip(t *testing.T) {
	dir := t.TempDir()
	names, err := fs.Glob(Default(), "*.yaml")
	require.NoError(t, err)
	for _, n := range names {
		raw, err := fs.ReadFile(Default(), n)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), raw, 0o644))
	}
	l, err := LoadDir(dir, nil)
	require.NoError(t, err)
	assert.Equal(t, mustLoad(t).Data.Fingerprint, l.Data.Fingerprint)

	// Problems name the files of that directory.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "setup.yaml"), []byte("setup: 3\n"), 0o644))
	_, err = LoadDir(dir, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(dir, "setup.yaml")+":1:8: setup: expected a mapping, got the number 3")
}

func TestLoadDirErrors(t *testing.T) {
	_, err := LoadDir("/nonexistent/clockwork-data", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--config /nonexistent/clockwork-data: no such file or directory")
	var ps datafile.Problems
	assert.False(t, errors.As(err, &ps))
}
