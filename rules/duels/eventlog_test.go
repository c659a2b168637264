package duels_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/duels"
)

// logLine is the union of the fields a reader of duels.events/v1 needs to follow hit points and
// hands.
type logLine struct {
	Ev         string   `json:"ev"`
	Seat       int      `json:"seat"`
	Kind       string   `json:"kind"`
	Card       *string  `json:"card"`
	Char       *string  `json:"char"`
	Attacker   string   `json:"attacker"`
	Target     string   `json:"target"`
	By         string   `json:"by"`
	DefendCard *string  `json:"defend_card"`
	HP         *int     `json:"hp"`
	Damage     int      `json:"damage"`
	Hand       []string `json:"hand"`
	Characters []struct {
		ID   string `json:"id"`
		Seat int    `json:"seat"`
		HP   int    `json:"hp"`
	} `json:"characters"`
}

// TestEventLogIsComplete follows every character's hit points and every seat's hand from the
// log alone, and compares them with the game at its end; mirror teams included, whose
// characters the log names apart. Every character named is one of game_start's, and every
// elimination comes right after the event whose damage caused it.
func TestEventLogIsComplete(t *testing.T) {
	d := frozen(t)
	for _, lineup := range [][]string{{"zelda", "ruto"}, {"ganon", "skull_kid", "dark_link"}, {"darunia", "nabooru", "twinrova", "iron_knuckle"},
		{"zelda", "zelda"}, {"ganon", "skull_kid", "ganon"}} {
		s := setup(t, d, "leever_desert", lineup...)
		var log bytes.Buffer
		g := playSeeded(t, d, s, duels.NewJSONSink(&log, nil))
		hp := map[string]int{}
		hands := map[int][]string{}
		ids := map[string]int{} // game_start's characters: id -> seat
		var prev logLine
		sc := bufio.NewScanner(&log)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var l logLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				t.Fatal(err)
			}
			if err := named(&l, ids); err != nil {
				t.Fatalf("%v: %v: %s", lineup, err, sc.Bytes())
			}
			if l.Ev == "eliminated" && !dealtBy(&prev, *l.Char) {
				t.Fatalf("%v: %s is eliminated after a %s event, not after the damage that eliminated it", lineup, *l.Char, prev.Ev)
			}
			follow(&l, hp, hands)
			prev = l
		}
		if len(ids) != countChars(g) {
			t.Fatalf("%v: game_start names %d distinct characters, the game has %d", lineup, len(ids), countChars(g))
		}
		for c := 0; c < duels.MaxCharacters; c++ {
			if !g.CharExists(c) {
				continue
			}
			id := idOf(ids, c/duels.MaxTeamChars, g.Character(c).ID)
			if hp[id] != g.HP(c) {
				t.Errorf("%v: %s has %d hp by the log, %d in the game", lineup, id, hp[id], g.HP(c))
			}
		}
		for seat := 0; seat < s.Players; seat++ {
			var want []string
			for _, c := range g.Hand(seat) {
				want = append(want, d.Cards[c].ID)
			}
			got := hands[seat]
			sort.Strings(got)
			sort.Strings(want)
			if len(got) != len(want) || (len(got) > 0 && !equal(got, want)) {
				t.Errorf("%v: seat %d holds %v by the log, %v in the game", lineup, seat, got, want)
			}
		}
	}
}

// named records game_start's characters in ids (refusing a repeated id) and checks that every
// other event names characters of it.
func named(l *logLine, ids map[string]int) error {
	if l.Ev == "game_start" {
		for _, c := range l.Characters {
			if _, dup := ids[c.ID]; dup {
				return errString("game_start names two characters " + c.ID)
			}
			ids[c.ID] = c.Seat
		}
		return nil
	}
	names := []string{l.Attacker, l.Target}
	if l.Char != nil {
		names = append(names, *l.Char)
	}
	if l.Ev == "eliminated" && l.By != "" && l.By != "leever" {
		names = append(names, l.By)
	}
	for _, n := range names {
		if _, ok := ids[n]; n != "" && !ok {
			return errString("unknown character " + n)
		}
	}
	return nil
}

// dealtBy reports whether event prev dealt damage to character c (attack, effect, or a move's
// pass damage).
func dealtBy(prev *logLine, c string) bool {
	switch prev.Ev {
	case "attack":
		return prev.Target == c && prev.Damage > 0
	case "effect":
		return *prev.Char == c
	case "move":
		return *prev.Char == c && prev.Damage > 0
	}
	return false
}

// idOf returns the log's id of the character with data id id at seat (from game_start's).
func idOf(ids map[string]int, seat int, id string) string {
	for k, s := range ids {
		if s == seat && (k == id || strings.HasPrefix(k, id+"@")) {
			return k
		}
	}
	return ""
}

func countChars(g *duels.Game) int {
	n := 0
	for c := 0; c < duels.MaxCharacters; c++ {
		if g.CharExists(c) {
			n++
		}
	}
	return n
}

// follow applies one event to the tracked hit points and hands.
func follow(l *logLine, hp map[string]int, hands map[int][]string) {
	switch l.Ev {
	case "game_start":
		for _, c := range l.Characters {
			hp[c.ID] = c.HP
		}
	case "draw", "discard":
		hands[l.Seat] = append([]string(nil), l.Hand...)
	case "action":
		if l.Kind == "play" && l.Card != nil {
			hands[l.Seat] = remove(hands[l.Seat], *l.Card)
		}
	case "attack":
		hp[l.Target] = *l.HP
		if l.DefendCard != nil {
			for seat, h := range hands {
				if contains(h, *l.DefendCard) {
					hands[seat] = remove(h, *l.DefendCard)
					break
				}
			}
		}
	case "effect", "heal":
		hp[*l.Char] = *l.HP
	case "move":
		hp[*l.Char] -= l.Damage
	case "eliminated":
		hp[*l.Char] = 0
	}
}

func remove(h []string, c string) []string {
	for i, x := range h {
		if x == c {
			return append(h[:i:i], h[i+1:]...)
		}
	}
	return h
}

func contains(h []string, c string) bool { return len(remove(h, c)) != len(h) }

func equal(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestEventLogSeedIsUnsigned: game_start's seed is the run seed as an unsigned number, as the
// other games' logs write it (a seed of 2^63 or more was written negative).
func TestEventLogSeedIsUnsigned(t *testing.T) {
	d := frozen(t)
	var log bytes.Buffer
	var g duels.Game
	g.SetSink(duels.NewJSONSink(&log, nil))
	g.Reset(d, setup(t, d, "lost_woods", "link", "ganon"), 1<<63+5, 0)
	if want := `"seed":9223372036854775813,`; !strings.Contains(log.String(), want) {
		t.Fatalf("game_start %.200s: want %s", log.String(), want)
	}
}
