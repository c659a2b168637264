package clockwork_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// visible is what the heroes see of a game, as comparable values.
type visible struct {
	prompt rules.Prompt
	actor  int
	level  int
	round  int
	heroes [rules.MaxPlayers]string
	rooms  []rules.RoomView
	legal  []rules.Action
	reveal []rules.CardRef
}

func seeOf(g *rules.Game) visible {
	v := g.View(0)
	s := visible{prompt: v.Prompt(), actor: v.ToMove(), level: v.Level(), round: v.Round(),
		legal: g.LegalActions(nil), reveal: slices.Clone(v.Revealed())}
	for h := 0; h < v.Players(); h++ {
		hv := v.Hero(h)
		s.heroes[h] = fmtHero(hv)
	}
	for r := 0; r < v.Rows(); r++ {
		for c := 0; c < v.Cols(); c++ {
			s.rooms = append(s.rooms, v.Room(r, c))
		}
	}
	return s
}

func fmtHero(hv rules.HeroView) string {
	return string(rune(hv.Deck)) + string(rune(hv.Hearts)) + string(rune(hv.Shards)) + string(rune(hv.Time)) +
		string(rune(hv.Containers)) + string(rune(hv.CarryMove)) + cards(hv.Hand) + "|" + cards(hv.Equip) + "|" + cards(hv.Discard)
}

func cards(cs []rules.CardRef) string {
	b := make([]rune, len(cs))
	for i, c := range cs {
		b[i] = rune(c) + 1
	}
	return string(b)
}

func sameView(t *testing.T, a, b visible, where string) {
	t.Helper()
	require.Equal(t, a.prompt, b.prompt, where)
	require.Equal(t, a.actor, b.actor, where)
	require.Equal(t, a.heroes, b.heroes, where)
	require.Equal(t, a.rooms, b.rooms, where+": the rooms the heroes see")
	require.Equal(t, a.reveal, b.reveal, where)
	require.Equal(t, a.legal, b.legal, where+": legal actions depend on what the heroes see only")
}

// Samples of a view agree with the real game on everything the heroes can see (the legal
// actions included, under every reading of the rules), differ in what they cannot, are valid
// games that play on to the end, and cost no allocation.
func TestSamplesHideNothingAndLeakNothing(t *testing.T) {
	settings := [][]string{nil, {
		"rules.cogs_move_special_rooms=false", "rules.map_swaps_face_down=false", "rules.helpers_show_vulnerability=false",
		"rules.special_room_enemy_reward=false", "rules.magic_acts_from_afar=false",
		"rules.rift_activation=needs_switch_or_enemy", "rules.boss_strike_cost=times_players",
		"rules.ties_chosen_by_players=false",
		"rules.cogs_move_entrance=false", "rules.boss_room_revealed_before_key=false",
		"rules.reshuffle_empty_enemy_deck=false", "rules.reshuffle_empty_item_deck=false", "rules.hero_order=sequential",
		"rules.engaged_hero_resolves_first=false", "rules.explore_special_spends_move=false",
	}}
	var s1, s2 rules.Game
	deckDiffers, roomDiffers := false, false
	for si, sets := range settings {
		d := configstest.Frozen(t, sets...)
		r := rand.New(rand.NewPCG(uint64(si), 9))
		var g rules.Game
		for i := uint64(0); i < 30; i++ {
			g.Reset(d, 2+int(i%3), chance.EpisodeSeed(11, i), i)
			for n := 0; !g.IsTerminal(); n++ {
				if n%5 == 0 {
					v := g.View(0)
					v.Sample(&s1, uint64(n)*2+1)
					v.Sample(&s2, uint64(n)*2+2)
					real := seeOf(&g)
					sameView(t, real, seeOf(&s1), "sample 1")
					sameView(t, real, seeOf(&s2), "sample 2")
					require.NoError(t, s1.Check(), "a sample is a valid game")
					deckDiffers = deckDiffers || !slices.Equal(s1.Hero(0).Deck.Slice(), s2.Hero(0).Deck.Slice())
					roomDiffers = roomDiffers || faceDownDiffer(&s1, &s2)
				}
				legal := g.LegalActions(nil)
				g.Apply(legal[r.IntN(len(legal))])
			}
		}
	}
	require.True(t, deckDiffers, "samples reshuffle the decks")
	require.True(t, roomDiffers, "samples redraw face-down rooms")
}

func faceDownDiffer(a, b *rules.Game) bool {
	for r := 0; r < int(a.Grid().Rows); r++ {
		for c := 0; c < int(a.Grid().Cols); c++ {
			ra, rb := a.Grid().Rooms[r][c], b.Grid().Rooms[r][c]
			if !ra.FaceUp && ra.Tile != rb.Tile {
				return true
			}
		}
	}
	return false
}

// A sample plays on to the end of the campaign within the rules.
func TestSamplesPlayOn(t *testing.T) {
	d := configstest.Frozen(t)
	r := rand.New(rand.NewPCG(5, 6))
	var g, s rules.Game
	for i := uint64(0); i < 20; i++ {
		g.Reset(d, 3, chance.EpisodeSeed(13, i), i)
		for n := 0; n < 150 && !g.IsTerminal(); n++ {
			legal := g.LegalActions(nil)
			g.Apply(legal[r.IntN(len(legal))])
		}
		g.View(0).Sample(&s, i)
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			require.NoError(t, s.ApplyChecked(legal[r.IntN(len(legal))]))
			require.NoError(t, s.Check())
		}
	}
}

// Sampling allocates nothing.
func TestSampleAllocatesNothing(t *testing.T) {
	var g, s rules.Game
	g.Reset(configstest.Frozen(t), 3, 1, 0)
	v := g.View(0)
	seed := uint64(0)
	if n := testing.AllocsPerRun(100, func() { seed++; v.Sample(&s, seed) }); n != 0 {
		t.Fatalf("%v allocations per sample", n)
	}
}

// A sample depends on the view and the seed alone: a sample of the real game and a sample of
// a sample of it (same view, other hidden state) are the same game.
func TestSampleIsAFunctionOfTheView(t *testing.T) {
	d := configstest.Frozen(t)
	r := rand.New(rand.NewPCG(7, 8))
	var g, other, a, b rules.Game
	for i := uint64(0); i < 20; i++ {
		g.Reset(d, 2+int(i%3), chance.EpisodeSeed(17, i), i)
		for n := 0; !g.IsTerminal(); n++ {
			if n%9 == 0 {
				g.View(0).Sample(&other, uint64(n)+1000)
				g.View(0).Sample(&a, uint64(n))
				other.View(0).Sample(&b, uint64(n))
				require.True(t, a == b, "campaign %d action %d: the sample read hidden state", i, n)
			}
			legal := g.LegalActions(nil)
			g.Apply(legal[r.IntN(len(legal))])
		}
	}
}
