package duels

import (
	"math"
	"testing"

	"github.com/clockworksim/clockwork/reports/stats"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// The fixture's card ranking: the Master Sword surely wins (75/100 played, 35/100 not played),
// the Trident's interval includes 0 (36/70 against 52/130), the Light Arrow surely loses (2/20
// against 43/80), and the card no data knows, played in groups of link and ganon, has no team
// and comes last.
func TestCardPowers(t *testing.T) {
	cps := CardPowers(fixtureResults(t))
	want := []struct {
		card, team       string
		played, held     [2]int64
		plays, damage    int64
		diff             float64
		sureAbove, below bool
	}{
		{"link_master_sword", "link", [2]int64{75, 100}, [2]int64{35, 100}, 100, 400, 0.40, true, false},
		{"ganon_trident", "ganon", [2]int64{36, 70}, [2]int64{52, 130}, 70, 310, 36.0/70 - 0.4, false, false},
		{"zelda_light_arrow", "zelda", [2]int64{2, 20}, [2]int64{43, 80}, 20, 60, 0.1 - 43.0/80, false, true},
		{"mystery_card", "", [2]int64{5, 10}, [2]int64{0, 0}, 10, 0, math.NaN(), false, false},
	}
	if len(cps) != len(want) {
		t.Fatalf("%d cards, want %d", len(cps), len(want))
	}
	for i, w := range want {
		c := cps[i]
		if c.Card != w.card || c.Team != w.team {
			t.Errorf("rank %d: %s (%s), want %s (%s)", i+1, c.Card, c.Team, w.card, w.team)
			continue
		}
		if c.Played.K != w.played[0] || c.Played.N != w.played[1] || c.Held.K != w.held[0] || c.Held.N != w.held[1] {
			t.Errorf("%s: played %d/%d, not played %d/%d; want %v and %v", c.Card, c.Played.K, c.Played.N, c.Held.K, c.Held.N, w.played, w.held)
		}
		if c.Plays != w.plays || c.Damage != w.damage {
			t.Errorf("%s: %d plays, %d damage; want %d and %d", c.Card, c.Plays, c.Damage, w.plays, w.damage)
		}
		if math.IsNaN(w.diff) != math.IsNaN(c.Diff) || math.Abs(c.Diff-w.diff) > 1e-12 {
			t.Errorf("%s: difference %g, want %g", c.Card, c.Diff, w.diff)
		}
		if (c.Lo > 0) != w.sureAbove || (c.Hi < 0) != w.below {
			t.Errorf("%s: interval [%g, %g]", c.Card, c.Lo, c.Hi)
		}
	}
	if d := cps[0].DamagePerPlay(); d != 4 {
		t.Errorf("the Master Sword's damage per play %g, want 4", d)
	}
}

// A card's team is the one the results record (the designer's data), never the shipped data's:
// the same file with the Trident recorded as Zelda's puts it with Zelda.
func TestCardTeamIsTheResults(t *testing.T) {
	res := fixtureResults(t)
	for _, g := range res.Groups {
		g.Stats.(*duelssim.Stats).Cards["ganon_trident"].Team = "zelda"
	}
	for _, c := range CardPowers(res) {
		if c.Card == "ganon_trident" && c.Team != "zelda" {
			t.Fatalf("the Trident is %q's, want the recorded zelda", c.Team)
		}
	}
}

// Newcombe's interval against a worked case: 56/70 and 48/80 (Newcombe 1998, Table II, example
// (a)? no: computed from the two Wilson intervals by hand): it contains the difference and
// widens with fewer games.
func TestNewcombe(t *testing.T) {
	a, b := stats.NewRate(56, 70), stats.NewRate(48, 80)
	d, lo, hi := Newcombe(a, b)
	wantLo := 0.2 - math.Hypot(a.P-a.Lo, b.Hi-b.P)
	wantHi := 0.2 + math.Hypot(a.Hi-a.P, b.P-b.Lo)
	if math.Abs(d-0.2) > 1e-12 || math.Abs(lo-wantLo) > 1e-12 || math.Abs(hi-wantHi) > 1e-12 {
		t.Fatalf("Newcombe(56/70, 48/80) = %g [%g, %g], want 0.2 [%g, %g]", d, lo, hi, wantLo, wantHi)
	}
	// Newcombe (1998), Table II, example (a): 56/70 - 48/80, interval 0.0524 to 0.3339.
	if math.Abs(lo-0.0524) > 0.0005 || math.Abs(hi-0.3339) > 0.0005 {
		t.Errorf("interval [%.4f, %.4f], want [0.0524, 0.3339] (Newcombe 1998, method 10)", lo, hi)
	}
	if d, _, _ := Newcombe(a, stats.NewRate(0, 0)); !math.IsNaN(d) {
		t.Error("a difference with an unknown rate is known")
	}
}

// The Triforce cards at 2 players: 40 of the 100 seats that played one won, against the other
// seats of the groups whose teams all differ (every 2-player pair: 598 seats won of 1200).
func TestPowers(t *testing.T) {
	ps := Powers(fixtureResults(t))
	if len(ps) != 4 || ps[0].Kind != "triforce" || ps[0].Players != 2 || ps[2].Players != 3 {
		t.Fatalf("want triforce and clock at 2 and 3 players, got %d", len(ps))
	}
	tri := ps[0]
	if tri.Played.K != 40 || tri.Played.N != 100 || tri.Seat.K != 598 || tri.Seat.N != 1200 || tri.Held.K != 558 || tri.Held.N != 1100 {
		t.Errorf("triforce: played %d/%d, seats %d/%d, without %d/%d", tri.Played.K, tri.Played.N, tri.Seat.K, tri.Seat.N, tri.Held.K, tri.Held.N)
	}
	if ps[1].Played.Known() || !math.IsNaN(ps[1].Diff) {
		t.Errorf("clock: no seat played one, got %+v", ps[1])
	}
}

// The card chart shows every card when they are few, else the top and bottom CardChartRows.
func TestChartCards(t *testing.T) {
	var cps []CardPower
	for i := range 25 {
		cps = append(cps, CardPower{Card: string(rune('a' + i)), Diff: float64(25-i) / 100})
	}
	cps = append(cps, CardPower{Card: "unknown", Diff: math.NaN()})
	cards, cut := chartCards(cps)
	if !cut || len(cards) != 2*CardChartRows || cards[0].Card != "a" || cards[len(cards)-1].Card != "y" {
		t.Errorf("25 cards: %d shown (cut %v), first %s, last %s", len(cards), cut, cards[0].Card, cards[len(cards)-1].Card)
	}
	cards, cut = chartCards(cps[20:])
	if cut || len(cards) != 5 {
		t.Errorf("5 known cards: %d shown (cut %v)", len(cards), cut)
	}
}
