package duels_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"sort"
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
	Target     string   `json:"target"`
	DefendCard *string  `json:"defend_card"`
	HP         *int     `json:"hp"`
	Damage     int      `json:"damage"`
	Hand       []string `json:"hand"`
	Characters []struct {
		ID string `json:"id"`
		HP int    `json:"hp"`
	} `json:"characters"`
}

// TestEventLogIsComplete follows every character's hit points and every seat's hand from the
// log alone, and compares them with the game at its end.
func TestEventLogIsComplete(t *testing.T) {
	d := frozen(t)
	for _, lineup := range [][]string{{"zelda", "ruto"}, {"ganon", "skull_kid", "dark_link"}, {"darunia", "nabooru", "twinrova", "iron_knuckle"}} {
		s := setup(t, d, "leever_desert", lineup...)
		var log bytes.Buffer
		g := playSeeded(t, d, s, duels.NewJSONSink(&log, nil))
		hp := map[string]int{}
		hands := map[int][]string{}
		sc := bufio.NewScanner(&log)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var l logLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				t.Fatal(err)
			}
			follow(&l, hp, hands)
		}
		for c := 0; c < duels.MaxCharacters; c++ {
			if g.CharExists(c) && hp[g.Character(c).ID] != g.HP(c) {
				t.Errorf("%v: %s has %d hp by the log, %d in the game", lineup, g.Character(c).ID, hp[g.Character(c).ID], g.HP(c))
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
