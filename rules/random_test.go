package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/clockworksim/clockwork/configs"
	"github.com/clockworksim/clockwork/rules"
)

func defaultData(t testing.TB) *rules.Data {
	t.Helper()
	l, err := configs.Load(configs.Default(), configs.DefaultLabel, nil)
	if err != nil {
		t.Fatal(err)
	}
	return l.Data
}

// playRandom plays one campaign with uniformly random legal actions, calling check after every
// action. It returns the number of actions.
func playRandom(t testing.TB, g *rules.Game, r *rand.Rand, check bool, maxActions int) int {
	buf := make([]rules.Action, 0, 512)
	n := 0
	for !g.IsTerminal() {
		buf = g.LegalActions(buf)
		if len(buf) == 0 {
			t.Fatalf("no legal action at prompt %s (level %d round %d)", g.Prompt(), g.Level(), g.Round())
		}
		a := buf[r.IntN(len(buf))]
		g.Apply(a)
		n++
		if check {
			if err := g.Check(); err != nil {
				t.Fatalf("after action %d %v (prompt now %s, level %d round %d): %v", n, a, g.Prompt(), g.Level(), g.Round(), err)
			}
		}
		if n > maxActions {
			t.Fatalf("campaign did not end after %d actions (level %d round %d prompt %s)", n, g.Level(), g.Round(), g.Prompt())
		}
	}
	return n
}

func TestRandomPlayInvariants(t *testing.T) {
	d := defaultData(t)
	campaigns := 2000
	if testing.Short() {
		campaigns = 200
	}
	for players := 2; players <= 4; players++ {
		var g rules.Game
		wins := 0
		for i := 0; i < campaigns; i++ {
			seed := rules.CampaignSeed(1, uint64(i))
			g.Reset(d, players, seed, uint64(i))
			if err := g.Check(); err != nil {
				t.Fatalf("%dp campaign %d after setup: %v", players, i, err)
			}
			r := rand.New(rand.NewPCG(seed, 99))
			playRandom(t, &g, r, true, 200000)
			if g.Won() {
				wins++
			}
		}
		t.Logf("%d players: %d campaigns, %d won by random play", players, campaigns, wins)
	}
}

type counter struct{ n [rules.NumEventTypes]int }

func (c *counter) Emit(e *rules.Event) { c.n[e.Type]++ }

// biased picks a random legal action, preferring progress (moves, activations, fights, boss
// attempts) to passing, so that the harness reaches the deeper rules too.
func biased(r *rand.Rand, buf []rules.Action) rules.Action {
	var w [1024]float64
	total := 0.0
	for i, a := range buf {
		x := 1.0
		switch a.Kind() {
		case rules.ActEndRound, rules.ActPass, rules.ActGiveUp, rules.ActTakeDamage:
			x = 0.02
		case rules.ActActivate, rules.ActBoss, rules.ActDefeat, rules.ActVulnerable:
			x = 50
		case rules.ActMultiples:
			x = 1 + 10*float64(a.X())
		case rules.ActMove:
			x = 5
		}
		w[i] = x
		total += x
	}
	p := r.Float64() * total
	for i := range buf {
		if p -= w[i]; p <= 0 {
			return buf[i]
		}
	}
	return buf[len(buf)-1]
}

// TestBiasedPlayInvariants plays campaigns with a random agent biased toward progress, checking
// the invariants after every action and that the harness reaches the rules it should.
func TestBiasedPlayInvariants(t *testing.T) {
	d := defaultData(t)
	campaigns := 700
	if testing.Short() {
		campaigns = 100
	}
	c := &counter{}
	buf := make([]rules.Action, 0, 1024)
	for players := 2; players <= 4; players++ {
		var g rules.Game
		g.SetSink(c)
		for i := 0; i < campaigns; i++ {
			seed := rules.CampaignSeed(11, uint64(i))
			g.Reset(d, players, seed, uint64(i))
			r := rand.New(rand.NewPCG(seed, 5))
			for n := 0; !g.IsTerminal(); n++ {
				buf = g.LegalActions(buf)
				if len(buf) == 0 {
					t.Fatalf("%dp campaign %d: no legal action at %s", players, i, g.Prompt())
				}
				a := biased(r, buf)
				g.Apply(a)
				if err := g.Check(); err != nil {
					t.Fatalf("%dp campaign %d action %d %v: %v", players, i, n, a, err)
				}
				if n > 200000 {
					t.Fatalf("%dp campaign %d does not end", players, i)
				}
			}
		}
	}
	for _, ev := range []rules.EventType{rules.EvExplore, rules.EvEngage, rules.EvDamageRoll, rules.EvKilled,
		rules.EvSpecialRoom, rules.EvCog, rules.EvRift, rules.EvWater, rules.EvReshuffle, rules.EvEquip, rules.EvUse} {
		if c.n[ev] == 0 {
			t.Errorf("the harness never reached %s", rules.EventNames[ev])
		}
	}
	for k, v := range c.n {
		t.Logf("%-18s %d", rules.EventNames[k], v)
	}
}

// TestOtherReadingsPlay plays random campaigns with every rules setting switched to its other
// reading (docs/rules-decisions.md), checking the invariants after every action.
func TestOtherReadingsPlay(t *testing.T) {
	l, err := configs.Load(configs.Default(), configs.DefaultLabel, []string{
		"rules.hero_order=sequential", "rules.move_carry_over=false", "rules.doors_close_at_round_end=false",
		"rules.cogveyor_wraps=false", "rules.big_cog_turns_rooms=false", "rules.cogs_move_entrance=false",
		"rules.cogs_move_special_rooms=false", "rules.reshuffle_empty_enemy_deck=false",
		"rules.reshuffle_empty_item_deck=false", "rules.heal_between_levels=false",
		"rules.boss_room_revealed_before_key=false", "rules.explore_special_spends_move=false",
		"rules.engaged_hero_resolves_first=false", "rules.boss_attempts_per_round=2",
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 300
	if testing.Short() {
		n = 50
	}
	buf := make([]rules.Action, 0, 1024)
	for players := 2; players <= 4; players++ {
		var g rules.Game
		for i := 0; i < n; i++ {
			seed := rules.CampaignSeed(13, uint64(i))
			g.Reset(l.Data, players, seed, uint64(i))
			r := rand.New(rand.NewPCG(seed, 3))
			for k := 0; !g.IsTerminal(); k++ {
				buf = g.LegalActions(buf)
				if len(buf) == 0 {
					t.Fatalf("%dp campaign %d: no legal action at %s", players, i, g.Prompt())
				}
				a := biased(r, buf)
				g.Apply(a)
				if err := g.Check(); err != nil {
					t.Fatalf("%dp campaign %d action %d %v: %v", players, i, k, a, err)
				}
				if k > 200000 {
					t.Fatalf("%dp campaign %d does not end", players, i)
				}
			}
		}
	}
}
