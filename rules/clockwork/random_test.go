package clockwork_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/rules/play/playtest"
)

// The rules tests play on the frozen test data (testdata/clockwork), never on the shipping
// configs/*.yaml, so a recalibration of the default data changes none of them.

// playChecked plays campaigns 0..n-1 of a run with runSeed at every player count on the games'
// random-play harness (rules/play/playtest), choosing with choose (its stream seeded with
// stream and the harness's game number), checking the invariants after setup and after every
// action; every campaign must end. done, when set, sees each finished campaign.
func playChecked(t *testing.T, d *rules.Data, n int, runSeed, stream uint64, sink rules.Sink, choose func(r *rand.Rand, legal []rules.Action) rules.Action, done func(g *rules.Game)) {
	t.Helper()
	var g rules.Game
	g.SetSink(sink)
	playtest.Random[rules.Action, *rules.Game]{
		Games: 3 * n,
		Seed:  stream,
		Reset: func(g *rules.Game, i int) {
			g.Reset(d, rules.MinPlayers+i/n, chance.EpisodeSeed(runSeed, uint64(i%n)), uint64(i%n))
		},
		Choose: func(_ *rules.Game, legal []rules.Action, r *rand.Rand) rules.Action { return choose(r, legal) },
		Where: func(g *rules.Game) string {
			return fmt.Sprintf("%dp, prompt %s, level %d round %d", g.Players(), g.Prompt(), g.Level(), g.Round())
		},
		Done: func(g *rules.Game, _ int) {
			if done != nil {
				done(g)
			}
		},
	}.Run(t, &g)
}

// uniform picks a uniformly random legal action.
func uniform(r *rand.Rand, legal []rules.Action) rules.Action { return legal[r.IntN(len(legal))] }

func TestRandomPlayInvariants(t *testing.T) {
	campaigns := 2000
	if testing.Short() {
		campaigns = 200
	}
	var wins [rules.MaxPlayers + 1]int
	playChecked(t, configstest.Frozen(t), campaigns, 1, 99, nil, uniform, func(g *rules.Game) {
		if g.Won() {
			wins[g.Players()]++
		}
	})
	for p := rules.MinPlayers; p <= rules.MaxPlayers; p++ {
		t.Logf("%d players: %d campaigns, %d won by random play", p, campaigns, wins[p])
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
	campaigns := 700
	if testing.Short() {
		campaigns = 100
	}
	c := &counter{}
	playChecked(t, configstest.Frozen(t), campaigns, 11, 5, c, biased, nil)
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
	d := configstest.Frozen(t,
		"rules.hero_order=sequential", "rules.move_carry_over=until_round_end", "rules.forced_discard_reshuffle=false", "rules.doors_close_at_round_end=false",
		"rules.cogveyor_wraps=false", "rules.big_cog_turns_rooms=false", "rules.cogs_move_entrance=false",
		"rules.cogs_move_special_rooms=false", "rules.map_swaps_face_down=false", "rules.helpers_show_vulnerability=false",
		"rules.special_room_enemy_reward=false", "rules.magic_acts_from_afar=false",
		"rules.rift_activation=needs_switch_or_enemy", "rules.boss_strike_cost=times_players",
		"rules.ties_chosen_by_players=false",
		"rules.reshuffle_empty_enemy_deck=false",
		"rules.reshuffle_empty_item_deck=false", "rules.heal_between_levels=false",
		"rules.boss_room_revealed_before_key=false", "rules.explore_special_spends_move=false",
		"rules.engaged_hero_resolves_first=false", "rules.boss_attempts_per_round=2",
	)
	n := 300
	if testing.Short() {
		n = 50
	}
	playChecked(t, d, n, 13, 3, nil, biased, nil)
}

// step names a decision of decisions' play: the player count, the campaign and the actions
// played in it so far.
type step struct{ players, campaign, k int }

// decisions plays campaigns 0..n-1 of a run with runSeed at every player count, unchecked, for
// tests that look at every decision. visit sees each decision's game and legal actions (with
// the campaign's stream, seeded with the campaign seed and stream) and returns the action to
// play; it sees the finished campaign too, with no legal actions (its answer is then unused).
func decisions(d *rules.Data, n int, runSeed, stream uint64, visit func(g *rules.Game, at step, legal []rules.Action, r *rand.Rand) rules.Action) {
	buf := make([]rules.Action, 0, 1024)
	for players := 2; players <= 4; players++ {
		var g rules.Game
		for i := 0; i < n; i++ {
			seed := chance.EpisodeSeed(runSeed, uint64(i))
			g.Reset(d, players, seed, uint64(i))
			r := rand.New(rand.NewPCG(seed, stream))
			k := 0
			for ; !g.IsTerminal() && k < 200000; k++ {
				buf = g.LegalActions(buf)
				g.Apply(visit(&g, step{players, i, k}, buf, r))
			}
			visit(&g, step{players, i, k}, nil, r)
		}
	}
}

// The token uses kept for a board (tokenActions) are always those listed afresh: random play
// biased toward progress (which activates the Compass and Map Rooms), at every decision, lists
// the same actions with and without the kept list.
func TestKeptTokenUsesFollowTheBoard(t *testing.T) {
	var fresh rules.Game
	withTokens := 0
	b := make([]rules.Action, 0, 1024)
	decisions(configstest.Frozen(t), 150, 5, 9, func(g *rules.Game, at step, legal []rules.Action, r *rand.Rand) rules.Action {
		if legal == nil {
			return 0
		}
		g.Clone(&fresh)
		fresh.TestForgetTokenUses()
		if b = fresh.LegalActions(b); !slices.Equal(legal, b) {
			t.Fatalf("%dp campaign %d action %d: the kept token uses differ from the board's", at.players, at.campaign, at.k)
		}
		if tokenBlocks(t, at, legal, g.View(0).TokenUses()) > 0 {
			withTokens++
		}
		return biased(r, legal)
	})
	if withTokens < 1000 {
		t.Errorf("only %d decisions offered token uses: the test checks too little", withTokens)
	}
	t.Logf("%d decisions offered token uses", withTokens)
}

// tokenBlocks checks what View.TokenUses promises: each hero's token uses are listed one after
// another, n of them, in the same order as every other hero's. It returns how many heroes'
// uses legal lists.
func tokenBlocks(t *testing.T, at step, legal []rules.Action, n int) int {
	t.Helper()
	isUse := func(a rules.Action) bool { return a.Kind() == rules.ActCompass || a.Kind() == rules.ActMapSwap }
	anyHero := rules.MakeAction(0, 7, 0, 0, 0) // the bits of an action's hero
	blocks, uses := 0, 0
	var first []rules.Action
	for i := 0; i < len(legal); i++ {
		if !isUse(legal[i]) {
			continue
		}
		uses++
		if i+n > len(legal) {
			t.Fatalf("%dp campaign %d action %d: %d token uses from %d, past the %d actions", at.players, at.campaign, at.k, n, i, len(legal))
		}
		block := legal[i : i+n]
		for j, a := range block {
			if !isUse(a) || a.Hero() != block[0].Hero() || (first != nil && a&^anyHero != first[j]&^anyHero) {
				t.Fatalf("%dp campaign %d action %d: the %d token uses from %d are not one hero's, one after another, as hero 0's: %v", at.players, at.campaign, at.k, n, i, block)
			}
		}
		if first == nil {
			first = block
		}
		blocks++
		i += n - 1
	}
	if uses != blocks {
		t.Fatalf("%dp campaign %d action %d: token uses listed, TokenUses says %d", at.players, at.campaign, at.k, n)
	}
	return blocks
}
