package clue

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/play/playtest"
)

// playLogged plays a seeded random game with a JSON sink and a story sink attached.
func playLogged(t *testing.T, d *Data, players int, idx uint64) (jsonl, story []byte) {
	t.Helper()
	var jb, sb bytes.Buffer
	seats := make([]string, players)
	for i := range seats {
		seats[i] = "random"
	}
	js, ss := NewJSONSink(&jb, seats), NewStorySink(&sb, seats)
	var g Game
	g.SetSink(multi{js, ss})
	g.Reset(d, players, 11, idx)
	var r chance.Stream
	r.Seed(idx, 1234)
	playRandom(&g, make([]Action, 0, MaxActions), &r)
	if js.Err() != nil || ss.Err() != nil {
		t.Fatal(js.Err(), ss.Err())
	}
	return jb.Bytes(), sb.Bytes()
}

type multi []Sink

func (m multi) Emit(e *Event) {
	for _, s := range m {
		s.Emit(e)
	}
}

// TestGoldenPlaythrough pins the events and the story of seeded random games (3 and 2 players):
// testdata/clue/golden/playthrough-<N>p.jsonl and .txt.
func TestGoldenPlaythrough(t *testing.T) {
	d := frozenData(t)
	for _, c := range []struct {
		players int
		idx     uint64
	}{{3, 4}, {2, 1}} {
		jsonl, story := playLogged(t, d, c.players, c.idx)
		playtest.Golden(t, "clue", fmt.Sprintf("playthrough-%dp.jsonl", c.players), jsonl)
		playtest.Golden(t, "clue", fmt.Sprintf("playthrough-%dp.txt", c.players), story)
	}
}

// The fields of every event, exactly as ../shared/SCHEMAS.md fixes them (boss_power's "what it
// did" fields are optional).
var schemaKeys = map[string][]string{
	"game_start": {"schema", "players", "seed", "seats", "first", "envelope", "hands", "face_up", "aside", "encounters", "ganondorf"},
	"turn_start": {"turn", "seat"},
	"roll":       {"seat", "dice", "steps"},
	"move":       {"seat", "from", "to", "steps"},
	"encounter":  {"seat", "card", "ganondorf_seen", "eliminated"},
	"boss_power": {"seat", "boss", "effect"},
	"rumor":      {"seat", "hero", "item", "location", "via"},
	"answer":     {"asker", "seat", "shows"},
	"aside_seen": {"asker", "card"},
	"accuse":     {"seat", "hero", "item", "location", "correct"},
	"eliminated": {"seat", "reason", "revealed"},
	"game_end":   {"winner", "reason", "turns"},
}

var bossExtra = []string{"target", "card", "to", "amount", "wasted"}

// TestEventSchema checks the keys of every event of many games against the schema, and that a
// reader can check every answer from the hands in game_start.
func TestEventSchema(t *testing.T) {
	d := frozenData(t)
	seen := map[string]bool{}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for idx := uint64(0); idx < 30; idx++ {
			jsonl, _ := playLogged(t, d, players, idx)
			checkLog(t, jsonl, seen)
		}
	}
	for ev := range schemaKeys {
		if !seen[ev] && ev != "aside_seen" {
			t.Errorf("no %s event in 150 games", ev)
		}
	}
}

func checkLog(t *testing.T, jsonl []byte, seen map[string]bool) {
	t.Helper()
	var hands [][]string
	var rumor map[string]any
	sc := bufio.NewScanner(bytes.NewReader(jsonl))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		ev, _ := m["ev"].(string)
		seen[ev] = true
		var keys []string
		for k := range m {
			if k != "ev" && k != "g" && !(ev == "boss_power" && slices.Contains(bossExtra, k)) {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		want := slices.Clone(schemaKeys[ev])
		sort.Strings(want)
		if !slices.Equal(keys, want) {
			t.Fatalf("%s has keys %v, want %v", ev, keys, want)
		}
		if strings.Count(sc.Text(), `"g":`) != 1 {
			t.Fatalf("a key repeats: %s", sc.Text())
		}
		switch ev {
		case "game_start":
			hands = nil
			for _, h := range m["hands"].([]any) {
				var cs []string
				for _, c := range h.([]any) {
					cs = append(cs, c.(string))
				}
				hands = append(hands, cs)
			}
		case "rumor":
			rumor = m
		case "answer":
			seat := int(m["seat"].(float64))
			asked := []string{rumor["hero"].(string), rumor["item"].(string), rumor["location"].(string)}
			has := false
			for _, c := range asked {
				has = has || slices.Contains(hands[seat], c)
			}
			shows, _ := m["shows"].(string)
			if has != (shows != "") || (shows != "" && (!slices.Contains(hands[seat], shows) || !slices.Contains(asked, shows))) {
				t.Fatalf("answer %s to rumor %v from hand %v", sc.Text(), asked, hands[seat])
			}
		}
	}
}
