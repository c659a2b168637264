package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs"
	"github.com/clockworksim/clockwork/rules"
)

// Rules made exact against the rulebook's text (docs/rules-decisions.md, "Rules fidelity").

// dataWith loads the test data with --set overrides.
func dataWith(t *testing.T, sets ...string) *rules.Data {
	t.Helper()
	l, err := configs.Load(configs.Default(), configs.DefaultLabel, sets)
	require.NoError(t, err)
	return l.Data
}

// killWithEmptyDeck kills hero 0 on Level 3 (skull 6) with no card in hand, none equipped and
// his whole deck on the discard pile, and answers every discard prompt.
func killWithEmptyDeck(t *testing.T, g *rules.Game, shard bool) {
	t.Helper()
	g.TestClearHand(0)
	g.TestEmptyDeck(0)
	g.TestLoseHearts(0, int(g.Hero(0).Hearts))
	for g.Prompt() == rules.PromptDiscard || g.Prompt() == rules.PromptShard {
		if g.Prompt() == rules.PromptShard {
			x := 0
			if shard {
				x = 1
			}
			act(t, g, rules.ActShard, 0, x)
			continue
		}
		g.Apply(g.LegalActions(nil)[0])
		require.NoError(t, g.Check())
	}
}

// "However, players have the opportunity to reshuffle ... before this happens": a killed hero
// whose deck is empty spends a Time token, rebuilds his deck and goes on discarding.
func TestForcedDiscardReshufflesWithTimeToken(t *testing.T) {
	g := rules.StartAt(defaultData(t), 2, 4, "spirit", 3)
	g.TestSetTime(0, 1)
	cards := g.Hero(0).Deck.Len() + g.Hero(0).Discard.Len() + int(g.Hero(0).HandN)
	killWithEmptyDeck(t, g, false)
	require.False(t, g.TestLevelOver(), "the level goes on")
	hero := g.Hero(0)
	assert.EqualValues(t, 0, hero.Time, "the Time token is spent")
	assert.Equal(t, cards-6, hero.Deck.Len(), "six cards discarded from the new deck")
	assert.Equal(t, 6, hero.Discard.Len())
	assert.EqualValues(t, 3, hero.Hearts, "he gets up again")
	assert.Equal(t, 1, g.Result(3).TimeSpent)
}

// Without a Time token the hero may spend a Shard instead (the shards strategy decides).
func TestForcedDiscardReshufflesWithShard(t *testing.T) {
	g := rules.StartAt(defaultData(t), 2, 4, "spirit", 3)
	g.TestSetTime(0, 0)
	g.TestSetShards(0, 2)
	killWithEmptyDeck(t, g, true)
	require.False(t, g.TestLevelOver())
	assert.EqualValues(t, 1, g.Hero(0).Shards, "a Shard is spent")
	assert.Equal(t, 1, g.Result(3).ShardsBurned)
}

// Declining the Shard, or having none, loses the level: the hero named is the one who could
// not discard.
func TestForcedDiscardWithoutReshuffleLosesTheLevel(t *testing.T) {
	for _, c := range []struct {
		name   string
		shards int
		sets   []string
	}{
		{"Shard declined", 1, nil},
		{"no Shard", 0, nil},
		{"other reading", 1, []string{"rules.forced_discard_reshuffle=false"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := defaultData(t)
			if c.sets != nil {
				d = dataWith(t, c.sets...)
			}
			g := rules.StartAt(d, 2, 4, "spirit", 3)
			g.TestSetTime(0, 1)
			if c.sets == nil {
				g.TestSetTime(0, 0)
			}
			g.TestSetShards(0, c.shards)
			killWithEmptyDeck(t, g, false)
			res := g.Result(3)
			assert.False(t, res.Won)
			assert.Equal(t, rules.ForcedDiscard, res.Reason)
			assert.Equal(t, 0, res.LostBy)
		})
	}
}

// A rift's 8 (discard 3 from the top of the deck) with an empty deck reshuffles too.
func TestRiftDiscardReshuffles(t *testing.T) {
	g := rules.StartAt(defaultData(t), 2, 1, "forest", 1)
	g.TestSetTime(0, 1)
	g.TestEmptyDeck(0)
	n := g.Hero(0).Discard.Len()
	g.TestRift(0, 8)
	require.False(t, g.TestLevelOver())
	assert.Equal(t, n-3, g.Hero(0).Deck.Len())
	assert.EqualValues(t, 0, g.Hero(0).Time)
}

// carryGame puts both heroes at the entrance with a plain corridor to the North (face down)
// and gives hero 0 a Power card (Move 2) and hero 1 a Wisdom card (Move 2) and a Courage card.
func carryGame(t *testing.T, d *rules.Data) (*rules.Game, rules.CardRef, rules.CardRef) {
	g := rules.StartAt(d, 2, 1, "forest", 1)
	er, ec := entrance(g)
	g.TestPlace(er-1, ec, "generic_01", 0, false)
	g.TestClearHand(0)
	g.TestClearHand(1)
	g.TestPutHero(1, er, ec, 0)
	power := g.TestTake(0, "power", false)
	wisdom := g.TestTake(1, "wisdom", false)
	g.TestTake(1, "courage", false)
	return g, power, wisdom
}

// "they (but not other heroes) perform another action": an assistant's overpay is not the
// mover's Move.
func TestCarryOverIsTheMoversOwn(t *testing.T) {
	g, _, wisdom := carryGame(t, defaultData(t))
	act(t, g, rules.ActMove, 0, int(rules.North))
	play(t, g, 1, handSlotOf(t, g, 1, wisdom), rules.ModeSkillA) // Move 2 for a Move 1 door
	require.Equal(t, rules.PromptMain, g.Prompt())
	assert.EqualValues(t, 0, g.Hero(0).CarryMove, "the assistant's leftover is lost")
}

// The mover's leftover Move is lost as soon as another hero performs an action, and survives
// what is not an action (another hero equipping a card).
func TestCarryOverLostWhenAnotherHeroActs(t *testing.T) {
	for _, c := range []struct {
		setting string
		left    int8
	}{{"until_other_hero_acts", 0}, {"until_round_end", 1}} {
		t.Run(c.setting, func(t *testing.T) {
			g, power, _ := carryGame(t, dataWith(t, "rules.move_carry_over="+c.setting))
			act(t, g, rules.ActMove, 0, int(rules.North))
			play(t, g, 0, handSlotOf(t, g, 0, power), rules.ModeSkillA)
			require.EqualValues(t, 1, g.Hero(0).CarryMove)
			// Hero 1 follows through the entrance's North door: an action of another hero.
			act(t, g, rules.ActMove, 1, int(rules.North))
			if g.Prompt() == rules.PromptPay {
				play(t, g, 1, 0, rules.ModeSkillA)
			}
			assert.Equal(t, c.left, g.Hero(0).CarryMove)
		})
	}
}

// A level that ends while a gained card waits to be placed (the simulator's round cap) puts
// the card in the hero's discard pile: no card is lost.
func TestLevelEndDuringPlacementKeepsTheCard(t *testing.T) {
	g := rules.StartAt(defaultData(t), 2, 1, "forest", 1)
	c := g.TestGainItem(0)
	require.Equal(t, rules.PromptPlace, g.Prompt())
	require.NoError(t, g.Check())
	g.EndLevelTimeout()
	require.NoError(t, g.Check(), "every card is still somewhere")
	found := false
	for _, d := range append(g.Hero(0).Deck.Slice(), g.Hero(0).Discard.Slice()...) {
		found = found || d == c
	}
	assert.True(t, found, "the gained card is in hero 0's cards")
}
