package duels

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/configs/datafile"
	duelscfg "github.com/clockworksim/clockwork/configs/duels"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

const testData = "../../testdata/duels"

// cell is one match-up of a matrix: two teams on a map.
type cell struct{ a, b, m string }

// keysOf returns the match-up key of every cell of the data moved by sets (nil: the data as it
// is), and false when the moved data is not valid.
func keysOf(t *testing.T, cells []cell, sets ...string) (map[cell]string, bool) {
	t.Helper()
	l, err := duelscfg.LoadDir(testData, sets)
	if err != nil {
		return nil, false
	}
	out := map[cell]string{}
	for _, c := range cells {
		g, err := New(l.Data, []string{c.a, c.b}, c.m)
		if err != nil {
			t.Fatal(err)
		}
		out[c] = g.MatchupKey()
	}
	return out, true
}

// matrixCells are the cells of the whole matrix of the data: every pair of teams (mirrors
// included) on every map.
func matrixCells(t *testing.T) []cell {
	l, err := duelscfg.LoadDir(testData, nil)
	if err != nil {
		t.Fatal(err)
	}
	teams, maps := TeamIDs(l.Data), MapIDs(l.Data)
	var out []cell
	for _, m := range maps {
		for i, a := range teams {
			for _, b := range teams[i:] {
				out = append(out, cell{a, b, m})
			}
		}
	}
	return out
}

// concerns reports whether a --set path is about the cell: a team's values are about the cells
// it plays in, a map's about the cells on it, everything else about every cell.
func concerns(path string, c cell) bool {
	parts := strings.Split(path, ".")
	switch parts[0] {
	case "teams":
		return parts[1] == c.a || parts[1] == c.b
	case "maps":
		return parts[1] == c.m
	}
	return true
}

// Every whole number of the data moves the key of a cell it is about: no value that a game
// reads escapes the key (one cell per value, so that all of them are tried).
func TestMatchupKeyCoversEveryValue(t *testing.T) {
	l, err := duelscfg.LoadDir(testData, nil)
	if err != nil {
		t.Fatal(err)
	}
	cells := matrixCells(t)
	base, _ := keysOf(t, cells)
	tried := 0
	for _, v := range datafile.NumericValues(l.Doc) {
		var c cell
		for _, c = range cells {
			if concerns(v.Path, c) && c.a != c.b {
				break
			}
		}
		moved, ok := keysOf(t, []cell{c}, v.Path+"="+strconv.Itoa(v.Value+1))
		if !ok {
			continue
		}
		tried++
		if moved[c] == base[c] {
			t.Errorf("%s=%d leaves the key of %v unchanged", v.Path, v.Value+1, c)
		}
	}
	if tried < 300 {
		t.Fatalf("only %d values could be moved", tried)
	}
}

// A value of one team moves the keys of exactly the cells that team plays in; a map's, the cells
// on that map; a rule's, every cell.
func TestMatchupKeyMovesOnlyTheCellsOfTheValue(t *testing.T) {
	cells := matrixCells(t)
	base, _ := keysOf(t, cells)
	for _, set := range []string{"teams.link.characters.link.hp=12", "teams.skull_kid.cards.skull_kid_trick.effects.0.amount=2",
		"maps.leever_desert.obstacles.leever.pass_damage=3", "rules.heart_heal=1"} {
		moved, ok := keysOf(t, cells, set)
		if !ok {
			t.Fatalf("%s: not valid data", set)
		}
		path, _, _ := strings.Cut(set, "=")
		for _, c := range cells {
			if changed := moved[c] != base[c]; changed != concerns(path, c) {
				t.Errorf("%s: key of %v changed: %v", set, c, changed)
			}
		}
	}
}

// A match-up whose key is unchanged plays every deal alike on the moved data: the results are
// byte for byte those of the data as it is; one whose key moved does not.
func TestSameKeySameGames(t *testing.T) {
	base, err := duelscfg.LoadDir(testData, nil)
	if err != nil {
		t.Fatal(err)
	}
	moved, err := duelscfg.LoadDir(testData, []string{"teams.link.characters.link.hp=8"})
	if err != nil {
		t.Fatal(err)
	}
	play := func(d *duelscfg.Loaded, teams ...string) (string, string) {
		g, err := New(d.Data, teams, "lost_woods")
		if err != nil {
			t.Fatal(err)
		}
		cfg := sim.Config{Game: g, Players: []int{2}, Episodes: 16, Seed: 3, Rotate: true, TurnCap: d.Data.Rules.TurnCap,
			Agents: []sim.Lineup{lineup(t, "aggressive")}}
		res := run(t, cfg)
		res.ConfigFingerprint = "" // the data's, which differs
		return g.MatchupKey(), encode(t, res)
	}
	k1, r1 := play(base, "zelda", "ganon")
	k2, r2 := play(moved, "zelda", "ganon")
	if k1 != k2 || r1 != r2 {
		t.Fatalf("zelda against ganon: keys equal %v, results equal %v", k1 == k2, r1 == r2)
	}
	k1, r1 = play(base, "link", "ganon")
	k2, r2 = play(moved, "link", "ganon")
	if k1 == k2 || r1 == r2 {
		t.Fatalf("link against ganon with Link at 8 hit points: keys equal %v, results equal %v", k1 == k2, r1 == r2)
	}
}

// A PositionGame plays the same games as its match-up, counted alike, and each game's Outcome
// names the winning position (the first listed team's part 1, the other's part 2, none when
// nobody won); it passes the conformance suite (no allocation a game included).
func TestPositionGame(t *testing.T) {
	g := matchup(t, "triforce_chamber", "zelda", "darunia")
	cfg := sim.Config{Game: g, Players: []int{2}, Episodes: 40, Seed: 5, Rotate: true, TurnCap: 60,
		Agents: []sim.Lineup{lineup(t, "aggressive")}, Outcomes: true}
	plain := run(t, cfg)
	cfg.Game = PositionGame{g}
	pos := run(t, cfg)
	if encode(t, plain) != encode(t, pos) {
		t.Fatal("a PositionGame counts other games than its match-up")
	}
	var first, second, none int64
	for i, o := range pos.Groups[0].Outcomes {
		p1, p2 := o.PartWon(1), o.PartWon(2)
		switch {
		case p1 != plain.Groups[0].Outcomes[i].Won() || p1 && p2:
			t.Fatalf("game %d: outcome %b", i, o)
		case p1:
			first++
		case p2:
			second++
		default:
			none++
		}
	}
	s := Of(pos.Groups[0])
	if first != s.Teams["zelda"].Wins || second != s.Teams["darunia"].Wins || none != pos.Groups[0].NoWinner {
		t.Fatalf("positions won %d, %d, none %d; teams %+v, %+v, no winner %d", first, second, none,
			s.Teams["zelda"], s.Teams["darunia"], pos.Groups[0].NoWinner)
	}
	cfg.Outcomes = false
	simtest.Conformance(t, cfg)
}

func encode(t *testing.T, res *sim.Results) string {
	t.Helper()
	raw, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
