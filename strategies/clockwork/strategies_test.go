package clockwork

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// payerWith fills a Payer with cards, each a list of (skill, amount, loss) options.
func payerWith(cards ...[]payPlay) *Payer {
	p := &Payer{}
	for i, opts := range cards {
		p.cards[p.nCards] = payCard{first: p.nPlays, n: len(opts), hero: 0, slot: i}
		p.nCards++
		for _, o := range opts {
			o.a = rules.MakeAction(rules.ActPlay, 0, i, p.nPlays, 0)
			p.plays[p.nPlays] = o
			p.nPlays++
		}
	}
	return p
}

func chosen(p *Payer) map[int]rules.Skill {
	out := map[int]rules.Skill{}
	for i := 0; i < p.nCards; i++ {
		if k := p.best[i]; k >= 0 {
			out[i] = p.plays[k].skill
		}
	}
	return out
}

func skillCard(a, b rules.Skill) []payPlay {
	return []payPlay{{skill: a, amount: 2, loss: 2}, {skill: b, amount: 2, loss: 2},
		{skill: rules.Move, amount: 1, loss: 2}, {skill: rules.Attack, amount: 1, loss: 2}, {skill: rules.Interact, amount: 1, loss: 2}}
}

// The payer covers the cost with the least loss: it keeps the Treasure and uses Skill cards,
// choosing for each the skill that is needed.
func TestPayerLeastLoss(t *testing.T) {
	treasure := []payPlay{{skill: rules.Attack, amount: 5, loss: lossTreasure}}
	p := payerWith(skillCard(rules.Move, rules.Attack), treasure, skillCard(rules.Attack, rules.Interact))
	require.True(t, p.plan(rules.Cost{rules.Move: 2, rules.Attack: 2}))
	assert.Equal(t, map[int]rules.Skill{0: rules.Move, 2: rules.Attack}, chosen(p), "Power for Move, Courage for Attack")
	assert.EqualValues(t, 4, p.bestL)

	// Attack 5 with two Skill cards is impossible: the Treasure it is.
	require.True(t, p.plan(rules.Cost{rules.Attack: 5}))
	assert.Equal(t, map[int]rules.Skill{1: rules.Attack}, chosen(p))

	// An exhausted-style bottom (loss 0.25) beats a Skill card.
	bottom := []payPlay{{skill: rules.Interact, amount: 2, loss: lossExhaust}}
	p = payerWith(skillCard(rules.Attack, rules.Interact), bottom)
	require.True(t, p.plan(rules.Cost{rules.Interact: 2}))
	assert.Equal(t, map[int]rules.Skill{1: rules.Interact}, chosen(p))

	// No cover at all.
	p = payerWith(skillCard(rules.Attack, rules.Interact))
	assert.False(t, p.plan(rules.Cost{rules.Move: 3}))
}

func TestPayerPrefersLessOverpay(t *testing.T) {
	// Move 1: a 1-point discard of a Skill card and a Move 2 cost the same loss; overpay 0 wins.
	p := payerWith([]payPlay{{skill: rules.Move, amount: 2, loss: 2}, {skill: rules.Move, amount: 1, loss: 2}})
	require.True(t, p.plan(rules.Cost{rules.Move: 1}))
	assert.Equal(t, 0, p.bestO)
}

func TestParseAndString(t *testing.T) {
	s := Defaults()
	require.NoError(t, s.Parse("multiples=one"))
	require.NoError(t, s.Parse("temple=random"))
	assert.Equal(t, "boss-room=attempt-when-milder,engage=defeat-first,equip=treasures,multiples=one,shards=when-it-saves-the-level,temple=random", s.String())
	require.NoError(t, s.Parse("boss-room=strike-only"))
	assert.Equal(t, "boss-room=strike-only,engage=defeat-first,equip=treasures,multiples=one,shards=when-it-saves-the-level,temple=random", s.String())
	assert.ErrorContains(t, s.Parse("multiples"), "expected NAME=CHOICE")
	assert.ErrorContains(t, s.Parse("luck=high"), `unknown strategy "luck"`)
	assert.ErrorContains(t, s.Parse("equip=everything"), `"everything" is not a choice of equip`)
	for name, choices := range Choices {
		for _, c := range choices {
			assert.NoError(t, s.Parse(name+"="+c))
		}
	}
}

func TestDifficultyAndEasiestTemple(t *testing.T) {
	d := configstest.Frozen(t)
	for i := range d.Temples {
		assert.Greater(t, Difficulty(d, rules.TempleID(i), 1), 0.0)
		assert.Greater(t, Difficulty(d, rules.TempleID(i), 3), Difficulty(d, rules.TempleID(i), 1), "bosses cost more later")
	}
	r := rand.New(rand.NewPCG(1, 1))
	for seed := uint64(0); seed < 20; seed++ {
		var g rules.Game
		g.Reset(d, 3, seed, 0)
		v := g.View(0)
		legal := g.LegalActions(nil)
		a := ChooseTemple(Defaults(), v, legal, r)
		chosen := v.Offered()[a.X()]
		for _, o := range v.Offered() {
			assert.LessOrEqual(t, Difficulty(d, chosen, 1), Difficulty(d, o, 1))
		}
	}
}

func TestBurnShard(t *testing.T) {
	d := configstest.Frozen(t)
	var g rules.Game
	g.Reset(d, 2, 1, 0)
	legal := []rules.Action{rules.MakeAction(rules.ActShard, 0, 0, 0, 0), rules.MakeAction(rules.ActShard, 0, 1, 0, 0)}
	never := Defaults()
	require.NoError(t, never.Parse("shards=never"))
	assert.Equal(t, 0, BurnShard(never, g.View(0), legal).X())
}

func TestDesignerDifficulty(t *testing.T) {
	d := configstest.Frozen(t, "temples.light.difficulty=1")
	for i, tp := range d.Temples {
		if tp.ID == "light" {
			assert.Equal(t, 1.0, Difficulty(d, rules.TempleID(i), 2), "the designer's score wins")
		} else {
			assert.Greater(t, Difficulty(d, rules.TempleID(i), 2), 1.0)
		}
	}
}

// The temple choice follows the data: of two offers it takes the one with the lower team
// difficulty, whichever comes first, and a tie goes either way.
func TestChooseTempleIgnoresTheOrder(t *testing.T) {
	d := configstest.Frozen(t)
	firsts, seconds := 0, 0
	for seed := uint64(0); seed < 200; seed++ {
		var g rules.Game
		g.Reset(d, 3, chance.EpisodeSeed(5, seed), seed)
		v := g.View(0)
		legal := g.LegalActions(nil)
		require.Len(t, legal, 2)
		a := ChooseTemple(Defaults(), v, legal, rand.New(rand.NewPCG(seed, 1)))
		off := v.Offered()
		chosen, other := TeamDifficulty(v, off[a.X()], 1), TeamDifficulty(v, off[1-a.X()], 1)
		assert.LessOrEqual(t, chosen, other)
		if a.X() == 0 {
			firsts++
		} else {
			seconds++
		}
	}
	assert.Greater(t, firsts, 20, "the first offer is taken when it is easier")
	assert.Greater(t, seconds, 20, "the second offer is taken when it is easier")
}

// A boss's special attack adds to its temple's difficulty what it costs a hero: hearts as a
// share of a kill (the skull's cards over the Heart Containers held), cards discarded at a Skill
// card's amount each.
func TestDifficultyCountsTheSpecialAttack(t *testing.T) {
	mild := configstest.Frozen(t, "bosses.arrghus.special_attack={effect: lose_hearts, amount: 1}")
	harsh := configstest.Frozen(t, "bosses.arrghus.special_attack={effect: lose_hearts, amount: 3}")
	cards := configstest.Frozen(t, "bosses.arrghus.special_attack={effect: discard_cards, amount: 2}")
	forest := rules.TempleID(-1)
	for i, tp := range mild.Temples {
		if tp.ID == "forest" {
			forest = rules.TempleID(i)
		}
	}
	require.NotEqual(t, rules.TempleID(-1), forest)
	containers := float64(mild.Setup.HeartContainers + 1) // one boss defeated before Level 2
	perHeart := float64(mild.Skull[2]) * 2 / containers   // Skill cards give 2
	assert.InDelta(t, 2*perHeart, Difficulty(harsh, forest, 2)-Difficulty(mild, forest, 2), 1e-9)
	assert.InDelta(t, 2*2-perHeart, Difficulty(cards, forest, 2)-Difficulty(mild, forest, 2), 1e-9)
}
