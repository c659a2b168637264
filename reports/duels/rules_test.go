package duels

import (
	"io"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/reports"
)

// The free-for-all table: each team's seats, wins and first eliminations in the 3-player group.
func TestFreeForAllTable(t *testing.T) {
	tab, ok := ffaTable(fixtureResults(t))
	if !ok || len(tab.Rows) != 3 {
		t.Fatalf("want the 3 teams of the 3-player group, got %v", tab.Rows)
	}
	want := map[string][]string{ // team: seats, wins, win share, first out
		"link":  {"60", "30", "50.0%", "16.7%"},
		"ganon": {"60", "20", "33.3%", "33.3%"},
		"zelda": {"60", "10", "16.7%", "50.0%"},
	}
	for _, row := range tab.Rows {
		w := want[row[1]]
		if got := []string{row[2], row[3], row[4], row[6]}; strings.Join(got, " ") != strings.Join(w, " ") {
			t.Errorf("%s: %v, want %v", row[1], got, w)
		}
	}
	res := fixtureResults(t)
	res.Groups = res.Groups[:9]
	if _, ok := ffaTable(res); ok {
		t.Error("a free-for-all table without 3-player groups")
	}
}

// The rules table: per game, and over all groups.
func TestRulesTable(t *testing.T) {
	tab := rulesTable(fixtureResults(t))
	if len(tab.Rows) != 11 {
		t.Fatalf("%d rows, want the 10 groups and all", len(tab.Rows))
	}
	lg := tab.Rows[1] // link,ganon on lost_woods: 450 heart rolls and 25 hand-limit discards in 100 games
	if lg[2] != "4.50" || lg[3] != "0.25" {
		t.Errorf("link,ganon: heart rolls %s, discards %s per game; want 4.50 and 0.25", lg[2], lg[3])
	}
	all := tab.Rows[10] // 450 in 960 games
	if all[0] != "all groups" || all[1] != "960" || all[2] != "0.47" {
		t.Errorf("all groups: %v", all[:3])
	}
}

// The first player's wins: per group and pooled by player count.
func TestFirstPlayerTable(t *testing.T) {
	tab := firstPlayerTable(fixtureResults(t))
	last := tab.Rows[len(tab.Rows)-1]
	if last[0] != "all 2-player groups" || last[1] != "900" {
		t.Fatalf("last row %v, want the 2-player groups pooled", last)
	}
	var ffa []string
	for _, r := range tab.Rows {
		if strings.HasPrefix(r[0], "3 players") {
			ffa = r
		}
	}
	if ffa == nil || ffa[2] != "41.7%" || ffa[4] != "33.3%" || ffa[5] != "41.7% / 33.3% / 25.0%" {
		t.Errorf("3-player group: %v", ffa)
	}
}

func BenchmarkMarkdown(b *testing.B) {
	res := fixtureResults(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := reports.Markdown(io.Discard, res); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTables(b *testing.B) {
	res := fixtureResults(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = Matrices(res)
		_ = Tiers(res)
		_ = CardPowers(res)
		_ = MapBalances(res)
	}
}

// The first player's win rate pooled by player count: 602 of the 900 two-player games (the
// fixture's first players won two thirds of each group's decided games, rounded up), 25 of 60.
func TestFirstPlayers(t *testing.T) {
	fps := FirstPlayers(fixtureResults(t))
	if len(fps) != 2 || fps[0].Players != 2 || fps[0].Rate.K != 602 || fps[0].Rate.N != 900 || fps[0].Even != 0.5 ||
		fps[1].Players != 3 || fps[1].Rate.K != 25 || fps[1].Rate.N != 60 {
		t.Errorf("first players %+v", fps)
	}
}
