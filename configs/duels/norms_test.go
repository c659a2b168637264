package duels

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

var regen = flag.Bool("regen", false, "rewrite the norms table of docs/duels-rules.md from the shipping data")

const rulesDoc = "../../docs/duels-rules.md"

// The shipping teams are built on the family's scale: every team inside every norm, and none
// the weakest, or the strongest, on every count. This pins the norms, not the values.
func TestShippingTeamsKeepTheNorms(t *testing.T) {
	ps := Profiles(loadDefault(t).Data)
	if len(ps) != 10 {
		t.Fatalf("%d teams", len(ps))
	}
	for i := range ps {
		for _, d := range ps[i].Departures() {
			t.Errorf("%s: %s", ps[i].Team, d)
		}
	}
	for _, u := range Uncompensated(ps) {
		t.Error(u)
	}
}

// Every kind of departure from the norms is caught, on the shipping data moved by --set.
func TestNormsCatchDepartures(t *testing.T) {
	cases := []struct{ set, want string }{
		{"teams.link.characters.link.hp=21", "major's hit points 21, the norm is 13-20"},
		{"teams.link.characters.navi.hp=6", "a minor's hit points 6, the norm is 7-15"},
		{"teams.darunia.characters.goron.hp=6", "a minor's hit points 6, the norm is 3-5"},
		{"teams.link.cards.link_51m.attack=6", "link_51m: attack 6, a basic card's is 1-5"},
		{"teams.link.cards.link_hylian_shield.defence=9", "link_hylian_shield: defence 9, a talent card's is 10-15"},
		{"teams.link.cards.link_master_sword.attack=9", "link_master_sword: attack 9, a talent card's is 6-8"},
		{"teams.link.cards.link_spin_attack.on_attack.0.amount=1", "damage_all_adjacent 1, direct damage is 2-6 a target"},
		{"teams.link.cards.link_42m.defence=5", "major's basics 35/31 lie 7.0 attack points off the template line"},
		{"teams.link.cards.navi_21r.attack=5", "minors' basics' attack 31, the norm is 16-25"},
		{"teams.link.cards.link_spin_attack.count=4", "talent cards [4 3 2 2 1 1] per title"},
	}
	for _, c := range cases {
		sets := []string{c.set}
		if strings.HasSuffix(c.set, "count=4") {
			sets = append(sets, "teams.link.cards.navi_21r.count=4") // the deck stays 31 cards
		}
		l, err := LoadDir("", sets)
		if err != nil {
			t.Fatalf("%s: %v", c.set, err)
		}
		p := Profiles(l.Data)[teamIndex(t, l.Data, c.set)]
		got := strings.Join(p.Departures(), "\n")
		if !strings.Contains(got, c.want) {
			t.Errorf("--set %s: departures\n%s\nwant one containing %q", c.set, got, c.want)
		}
	}
}

// teamIndex returns the index of the team a --set path names.
func teamIndex(t *testing.T, d *rules.Data, set string) int {
	t.Helper()
	id := strings.Split(set, ".")[1]
	for i := range d.Teams {
		if d.Teams[i].ID == id {
			return i
		}
	}
	t.Fatalf("no team %s", id)
	return 0
}

// A team the weakest (or the strongest) on every count is named; ties count.
func TestUncompensated(t *testing.T) {
	team := func(id string, hp, talent int) Profile {
		return Profile{Team: id, MajorHP: hp, MajorAttack: 30, MajorDefence: 20, TalentAttack: talent,
			TalentDefence: 10, DirectDamage: 4}
	}
	ps := []Profile{team("a", 15, 7), team("b", 16, 6), team("c", 14, 8)}
	if got := Uncompensated(ps); len(got) != 0 {
		t.Errorf("compensated teams named: %v", got)
	}
	ps = append(ps, team("low", 13, 6), team("high", 17, 8))
	ps[4].DirectDamage = 5
	got := strings.Join(Uncompensated(ps), "; ")
	if got != "low is the weakest team on every count; high is the strongest team on every count" {
		t.Errorf("got %q", got)
	}
}

// The norms table of docs/duels-rules.md is the shipping data's (regenerate it with -regen).
func TestNormsTableInDocs(t *testing.T) {
	var b bytes.Buffer
	WriteNorms(&b, loadDefault(t).Data)
	want := b.String()
	raw, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	header, _, _ := strings.Cut(want, "\n")
	start := strings.Index(doc, header+"\n")
	if start < 0 {
		t.Fatalf("%s has no norms table (a table whose header is %q)", rulesDoc, header)
	}
	end := start + strings.Index(doc[start:], "\n\n") + 1
	if got := doc[start:end]; got != want {
		if *regen {
			if err := os.WriteFile(rulesDoc, []byte(doc[:start]+want+doc[end:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the norms table of %s is stale (go test ./configs/duels -run NormsTable -regen):\n%s\nwant\n%s", rulesDoc, got, want)
	}
}

// Every shipping map is marked symmetric (the maps' principle), and is: its grid is the same
// mirrored left to right (the loader checks what the mark claims, see below).
func TestShippingMapsSymmetric(t *testing.T) {
	l := loadDefault(t)
	for i, md := range l.Doc.Maps {
		if !md.Symmetric {
			t.Errorf("%s is not marked symmetric", md.ID)
		}
		if n, r, c := MirrorDiffs(&l.Data.Maps[i]); n > 0 {
			t.Errorf("%s: %d squares differ from their mirror image, the first at row %d column %d", md.ID, n, r, c)
		}
	}
}

// A map marked symmetric that is not is refused, with the file, line and field: the frozen
// copy's Lost Woods (24 of 70 squares differ), and mirrored starts that are not.
func TestSymmetricMarkChecked(t *testing.T) {
	fsys := withFile(t, "maps.yaml", "    name: The Lost Woods\n", "    name: The Lost Woods\n    symmetric: true\n")
	_, err := Load(fsys, "testdata/duels", nil)
	if err == nil || !strings.Contains(err.Error(), "maps.yaml:43:11: marked symmetric, but 24 of 70 squares differ from their mirror image (the first: row 0, columns 3 and 6)") {
		t.Errorf("asymmetric grid: %v", err)
	}
	fsys = withFile(t, "maps.yaml", "    name: The Triforce Chamber\n", "    name: The Triforce Chamber\n    symmetric: true\n")
	if _, err := Load(fsys, "testdata/duels", nil); err != nil {
		t.Errorf("symmetric grid refused: %v", err)
	}
	fsys = withFile(t, "maps.yaml", "    name: The Triforce Chamber\n    triforce_unlimited: true\n",
		"    name: The Triforce Chamber\n    symmetric: true\n    triforce_unlimited: true\n")
	fsys = editFile(t, fsys, "maps.yaml", "2: [[[3, 0], [2, 0], [4, 0]], [[3, 9], [2, 9], [4, 9]]]", "2: [[[3, 0], [2, 0], [4, 0]], [[3, 9], [4, 9], [2, 9]]]")
	_, err = Load(fsys, "testdata/duels", nil)
	if err == nil || !strings.Contains(err.Error(), "marked symmetric, but this start square is not the mirror image of [2, 0] (side 0's)") {
		t.Errorf("unmirrored starts: %v", err)
	}
}

// With three players the majors start equally far apart on foot (steps round the obstacles, as
// a character that crosses none walks), and every minor starts beside its major: no two teams
// start together against a lone one.
func TestThreePlayerStartsEquidistant(t *testing.T) {
	l := loadDefault(t)
	for i := range l.Data.Maps {
		m := &l.Data.Maps[i]
		s := m.Starts[3]
		d01, d02, d12 := steps(m, s[0][0], s[1][0]), steps(m, s[0][0], s[2][0]), steps(m, s[1][0], s[2][0])
		if d01 < 0 || d01 != d02 || d01 != d12 {
			t.Errorf("%s: the majors start %d, %d and %d steps apart (seats 1-2, 1-3, 2-3)", m.ID, d01, d02, d12)
		}
		for seat := range 3 {
			for _, minor := range s[seat][1:] {
				if !rules.Adjacent(s[seat][0], minor) {
					t.Errorf("%s: seat %d's minor starts on %s, not beside its major on %s", m.ID, seat+1, minor, s[seat][0])
				}
			}
		}
	}
}

// editFile edits one more file of files made by withFile.
func editFile(t *testing.T, files fs.FS, name, old, new string) fs.FS {
	t.Helper()
	f := files.(fstest.MapFS)[name]
	if !strings.Contains(string(f.Data), old) {
		t.Fatalf("%s lacks %q", name, old)
	}
	f.Data = []byte(strings.Replace(string(f.Data), old, new, 1))
	return files
}

// steps returns the fewest orthogonal steps from a to b over open squares (-1: none).
func steps(m *rules.Map, a, b rules.Square) int {
	dist := map[rules.Square]int{a: 0}
	queue := []rules.Square{a}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == b {
			return dist[s]
		}
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r, c := s.Row()+d[0], s.Col()+d[1]
			if !m.In(r, c) {
				continue
			}
			n := rules.Sq(r, c)
			if _, seen := dist[n]; m.Cell[n] < 0 && !seen {
				dist[n] = dist[s] + 1
				queue = append(queue, n)
			}
		}
	}
	return -1
}

// The control team of testdata/duels-control (the agents' test of special cards) keeps every
// norm, and is what it is built to be: the norms' fewest hit points (a 13-point major, a 7-point
// named minor), and against the ordinary team beside it in the frozen directory fewer hit points
// and less basic attack, more direct damage and more discards, yet not the weakest (nor the
// strongest) on every count. (Frozen data: a recalibration of the shipping teams moves nothing.)
func TestControlTeamKeepsTheNorms(t *testing.T) {
	l, err := LoadDir("../../testdata/duels-control", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctl := Profiles(l.Data)
	for i := range ctl {
		for _, d := range ctl[i].Departures() {
			t.Errorf("%s: %s", ctl[i].Team, d)
		}
	}
	i := slices.IndexFunc(ctl, func(p Profile) bool { return p.Team == "control" })
	if i < 0 {
		t.Fatal("no team control in testdata/duels-control")
	}
	c := ctl[i]
	if c.HP() != 13+7 {
		t.Errorf("control: %d hit points, want the norms' fewest, 13 + 7", c.HP())
	}
	ps := append(slices.Delete(slices.Clone(ctl), i, i+1), c)
	for _, p := range ps[:len(ps)-1] {
		if c.HP() >= p.HP() || c.MajorAttack+c.MinorAttack >= p.MajorAttack+p.MinorAttack {
			t.Errorf("control: %d hit points, %d basic attack; %s has %d, %d", c.HP(), c.MajorAttack+c.MinorAttack,
				p.Team, p.HP(), p.MajorAttack+p.MinorAttack)
		}
		if c.DirectDamage <= p.DirectDamage || c.Discards <= p.Discards {
			t.Errorf("control: direct damage %d, discards %d; %s has %d, %d", c.DirectDamage, c.Discards,
				p.Team, p.DirectDamage, p.Discards)
		}
	}
	for _, u := range Uncompensated(ps) {
		t.Error(u)
	}
}
