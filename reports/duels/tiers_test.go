package duels

import (
	"testing"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
)

// The fixture's tier list: link 245/400 (S: its interval starts above 55%), ganon 198/400 (B),
// zelda 155/400 (D: its interval ends below 45%), mirrors and the 3-player group left out.
func TestTiers(t *testing.T) {
	tiers := Tiers(fixtureResults(t))
	want := []struct {
		team, tier string
		k, n       int64
	}{{"link", TierS, 245, 400}, {"ganon", TierB, 198, 400}, {"zelda", TierD, 155, 400}}
	if len(tiers) != len(want) {
		t.Fatalf("%d tiers, want %d", len(tiers), len(want))
	}
	for i, w := range want {
		got := tiers[i]
		if got.Rank != i+1 || got.Team != w.team || got.Tier != w.tier || got.Rate.K != w.k || got.Rate.N != w.n {
			t.Errorf("rank %d: %s %s %d/%d, want %s %s %d/%d", got.Rank, got.Team, got.Tier, got.Rate.K, got.Rate.N,
				w.team, w.tier, w.k, w.n)
		}
	}
}

// TierOf reads the interval against 50% and the margin.
func TestTierOf(t *testing.T) {
	for _, tc := range []struct {
		k, n int64
		want string
	}{
		{650, 1000, TierS}, // 62.0-68.0%
		{560, 1000, TierA}, // 52.9-59.0%: above even, not surely above 55%
		{500, 1000, TierB},
		{530, 1000, TierB}, // 49.9-56.1%
		{460, 1000, TierC}, // 42.9-49.1%
		{350, 1000, TierD},
		{0, 0, "-"},
	} {
		r := stats.NewRate(tc.k, tc.n)
		if got := TierOf(r); got != tc.want {
			t.Errorf("%d/%d (%s): tier %s, want %s", tc.k, tc.n, format.Interval(r), got, tc.want)
		}
	}
}

// The map balance: each team's rate per map, mirrors out, and the spread.
func TestMapBalance(t *testing.T) {
	mbs := MapBalances(fixtureResults(t))
	if len(mbs) != 3 || mbs[0].Team != "link" {
		t.Fatalf("want link, ganon, zelda; got %d rows", len(mbs))
	}
	link := mbs[0] // lost_woods: 70 + 55 of 200; leever_desert: 40 + 80 of 200
	if link.Maps[0] != "lost_woods" || link.Rates[0].K != 125 || link.Rates[0].N != 200 || link.Rates[1].K != 120 || link.Rates[1].N != 200 {
		t.Fatalf("link by map: %v %+v %+v", link.Maps, link.Rates[0], link.Rates[1])
	}
	if d := link.Spread - 0.025; d > 1e-12 || d < -1e-12 || link.Differ {
		t.Errorf("link's spread %g (differ %v), want 0.025 and no", link.Spread, link.Differ)
	}
	ganon := mbs[1] // lost_woods: 28 + 60 of 200 = 44%; leever_desert: 60 + 50 of 200 = 55%
	if ganon.Rates[0].K != 88 || ganon.Rates[1].K != 110 {
		t.Errorf("ganon by map: %+v %+v", ganon.Rates[0], ganon.Rates[1])
	}
}
