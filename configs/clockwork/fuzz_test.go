package clockwork

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/clockworksim/clockwork/configs/datafile"
)

// checkLoadResult fails unless Load returned either valid data or well-formed Problems.
func checkLoadResult(t *testing.T, l *Loaded, err error) {
	if err == nil {
		if l == nil || l.Data == nil || l.Data.Fingerprint == "" {
			t.Fatal("Load returned no error and no data")
		}
		return
	}
	var ps datafile.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("Load returned %T, want Problems: %v", err, err)
	}
	if len(ps) == 0 {
		t.Fatal("empty Problems returned as an error")
	}
	for _, p := range ps {
		if p.Msg == "" || p.Pos.File == "" {
			t.Fatalf("problem without message or place: %+v", p)
		}
	}
}

// FuzzLoad replaces one data file by arbitrary bytes: the loader must never panic, and must
// return either valid data or problems with a place and a message.
func FuzzLoad(f *testing.F) {
	names, err := fs.Glob(Default(), "*.yaml")
	if err != nil {
		f.Fatal(err)
	}
	base := fstest.MapFS{}
	index := map[string]uint8{}
	for i, n := range names {
		raw, _ := fs.ReadFile(Default(), n)
		base[n] = &fstest.MapFile{Data: raw}
		index[n] = uint8(i)
		if len(raw) < 4096 { // the fuzzer slows to a crawl on large inputs
			f.Add(uint8(2*i+1), raw)
		}
	}
	f.Add(2*index["tiles-generic.yaml"], []byte("tiles:\n  - id: g1\n    name: G\n    kind: generic\n    arrow: S\n"+
		"    spaces:\n      - doors: {S: open, W: closed}\n        switches: [{interact: 2, target: door_W}]\n"+
		"      - doors: {N: 2}\n        cog: big\n        enemies: [{draw: 2, target: cog}]\n    barriers: [[0, 1]]\n    tunnels: [[0, 1]]\n"))
	f.Add(2*index["enemies.yaml"]+1, []byte("enemies:\n  - {id: keese, name: Keese, temple: shadow, count: 12, defeat: {attack: 2, move: 1},"+
		" evade: 2, reward: 1, roll: normal, vulnerable: [lens_of_truth, lantern, master_sword, nayrus_love],"+
		" ability: {effect: pay_or_shuffle_back, skill: attack, amount: 2}}\n"))
	f.Add(2*index["items.yaml"], []byte("items:\n  - {id: heart, name: Heart, count: 5, when_gained: {effect: heal, amount: 1}}\n"+
		"  - {id: arrows, name: Arrows, count: 40, top: {effect: skill, skill: any, amount: 3}, bottom: {effect: remote_engage, skill: attack, amount: 1, range: 2}}\n"))
	f.Add(uint8(1), []byte("setup: {shards: [1, {a: *x}]}"))
	f.Add(uint8(3), []byte("a: &x [*x]\n"))
	f.Add(uint8(5), []byte("---\nrules: 1\n---\nrules: 2\n"))
	f.Add(uint8(7), []byte("\t bad: [\n"))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		// The fuzzed file alone (with odd `which`) or among the other files: alone is fast and
		// reaches every decoding path; among the others it reaches the cross-file checks.
		m := fstest.MapFS{}
		if which%2 == 0 {
			for k, v := range base {
				m[k] = v
			}
		}
		m[names[int(which/2)%len(names)]] = &fstest.MapFile{Data: data}
		l, err := Load(m, "data", nil)
		checkLoadResult(t, l, err)
	})
}

// FuzzSet applies an arbitrary --set flag to the default data.
func FuzzSet(f *testing.F) {
	for _, s := range []string{"setup.skill_cards_per_type.3=5", "ganon.targets.3.move=20",
		"damage.3=1,1,2,2,2,3,3,3", "enemies.keese.defeat.attack=2", "tiles.generic_01.spaces.0.doors.N=2",
		"layouts.1.grid.0=RRRRR", "special_rooms.map.activation.3.1.interact=4", "rules.hero_order={a: 1}",
		"items.bomb.top=[1, 2]", "tiles.generic_02.spaces=", "layouts.2.zones.Q.generic=3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, set string) {
		l, err := Load(Default(), DefaultLabel, []string{set})
		checkLoadResult(t, l, err)
	})
}
