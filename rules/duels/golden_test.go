package duels_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/rules/play/playtest"
)

// playSeeded plays a fixed random game with sink attached.
func playSeeded(t *testing.T, d *duels.Data, s duels.Setup, sink duels.Sink) *duels.Game {
	t.Helper()
	var g duels.Game
	g.SetSink(sink)
	g.Reset(d, s, 2026, 4)
	var r chance.Stream
	r.Seed(99, 0)
	buf := make([]duels.Action, 0, duels.MaxActions)
	for !g.IsTerminal() {
		buf = g.LegalActions(buf[:0])
		if err := g.ApplyChecked(aggressive(&g, buf, &r)); err != nil {
			t.Fatal(err)
		}
		if err := g.Check(); err != nil {
			t.Fatal(err)
		}
	}
	return &g
}

// TestGoldenPlaythrough pins a seeded random game's story (with the board) and its JSON event
// log: testdata/duels/golden/playthrough-2p.txt and .jsonl.
func TestGoldenPlaythrough(t *testing.T) {
	d := frozen(t)
	s := setup(t, d, "leever_desert", "zelda", "ruto")
	var story, log bytes.Buffer
	playSeeded(t, d, s, duels.NewStorySink(&story, true))
	playSeeded(t, d, s, duels.NewJSONSink(&log, []string{"random", "random"}))
	playtest.Golden(t, "duels", "playthrough-2p.txt", story.Bytes())
	playtest.Golden(t, "duels", "playthrough-2p.jsonl", log.Bytes())
}

// TestEventLogIsValidJSONLines checks every line of a 3-player log: valid JSON, `ev` and `g`
// present, no repeated key, game_start first and game_end last.
func TestEventLogIsValidJSONLines(t *testing.T) {
	d := frozen(t)
	s := setup(t, d, "lost_woods", "ganon", "ruto", "skull_kid")
	var log bytes.Buffer
	g := playSeeded(t, d, s, duels.NewJSONSink(&log, []string{"a", "b", "c"}))
	sc := bufio.NewScanner(&log)
	sc.Buffer(nil, 1<<20)
	var first, last string
	n := 0
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %d: %v: %s", n+1, err, sc.Bytes())
		}
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		if err := noRepeatedKeys(dec); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		ev, _ := m["ev"].(string)
		if _, ok := m["g"]; !ok || ev == "" {
			t.Fatalf("line %d lacks ev or g: %s", n+1, sc.Bytes())
		}
		if n == 0 {
			first = ev
			if m["schema"] != duels.EventSchema {
				t.Fatalf("game_start schema %v", m["schema"])
			}
		}
		last = ev
		n++
	}
	if first != "game_start" || last != "game_end" {
		t.Fatalf("log runs from %s to %s", first, last)
	}
	if !g.IsTerminal() {
		t.Fatal("game not over")
	}
}

// noRepeatedKeys walks one JSON value and fails on an object that repeats a key.
func noRepeatedKeys(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			if seen[k.(string)] {
				return errString("repeated key " + k.(string))
			}
			seen[k.(string)] = true
			if err := noRepeatedKeys(dec); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	case json.Delim('['):
		for dec.More() {
			if err := noRepeatedKeys(dec); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	}
	return err
}

// aggressive picks a random attack or special card play when there is one, else a random action
// other than ending the turn early (a random player that fights, so that games end).
func aggressive(g *duels.Game, buf []duels.Action, r *chance.Stream) duels.Action {
	var fights, others []duels.Action
	best := 1 << 30
	for _, a := range buf {
		switch a.Kind {
		case duels.ActAttack, duels.ActSpecial:
			fights = append(fights, a)
		case duels.ActEndTurn:
		case duels.ActMove:
			if d := nearestFoe(g, int(a.Char), a.Dest); d < best {
				best, others = d, append(others[:0], a)
			} else if d == best {
				others = append(others, a)
			}
		default:
			if best == 1<<30 {
				others = append(others, a)
			}
		}
	}
	switch {
	case len(fights) > 0:
		return fights[r.Intn(len(fights))]
	case len(others) > 0:
		return others[r.Intn(len(others))]
	}
	return buf[0]
}

// nearestFoe returns the Chebyshev distance from square s to the nearest opponent of character c.
func nearestFoe(g *duels.Game, c int, s duels.Square) int {
	best := 1 << 20
	for t := 0; t < g.Players()*duels.MaxTeamChars; t++ {
		if !g.Alive(t) || t/duels.MaxTeamChars == c/duels.MaxTeamChars {
			continue
		}
		at := g.At(t)
		best = min(best, max(abs(at.Row()-s.Row()), abs(at.Col()-s.Col())))
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestMirrorStoryNamesTheSeats: when a team plays at two seats, the story names each character
// with its seat; otherwise by its id alone.
func TestMirrorStoryNamesTheSeats(t *testing.T) {
	d := frozen(t)
	var mirror, plain bytes.Buffer
	playSeeded(t, d, setup(t, d, "leever_desert", "zelda", "zelda"), duels.NewStorySink(&mirror, false))
	playSeeded(t, d, setup(t, d, "leever_desert", "zelda", "ruto"), duels.NewStorySink(&plain, false))
	if !strings.Contains(mirror.String(), "zelda (seat 0)") || !strings.Contains(mirror.String(), "zelda (seat 1)") {
		t.Fatalf("a mirror match's story does not tell the two Zeldas apart:\n%.600s", mirror.String())
	}
	if strings.Contains(plain.String(), "(seat ") {
		t.Fatalf("a story without a mirror names seats:\n%.600s", plain.String())
	}
}
