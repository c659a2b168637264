package clockwork_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// The expected hearts of a damage roll average the level's damage row over the die, a brutal
// roll takes more and a weak one less; a boss's lose_hearts attack takes its amount, and a
// roll-off's amount falls on about one hero in n (all of them when all tie).
func TestExpectedHearts(t *testing.T) {
	d := configstest.Frozen(t, "bosses.morpha.special_attack={effect: lose_hearts, amount: 2}")
	var g rules.Game
	g.Reset(d, 3, 1, 0)
	v := g.View(0)
	row := d.Damage[v.Level()]
	mean := 0.0
	for _, h := range row {
		mean += float64(h) / float64(len(row))
	}
	normal := v.ExpectedRollHearts(rules.RollNormal, 0)
	assert.InDelta(t, mean, normal, 1e-12)
	assert.Greater(t, v.ExpectedRollHearts(rules.RollBrutal, 0), normal)
	assert.Less(t, v.ExpectedRollHearts(rules.RollWeak, 0), normal)
	assert.GreaterOrEqual(t, v.ExpectedRollHearts(rules.RollNormal, 1), normal)
	assert.InDelta(t, float64(row[rules.DieFaces-1]), v.ExpectedRollHearts(rules.RollNormal, rules.DieFaces), 1e-12, "a bonus past the die is the last box")
	assert.InDelta(t, 1.125, rules.RollOffLosers(2), 1e-12, "two dice tie one time in eight")
	assert.InDelta(t, 1, rules.RollOffLosers(1), 1e-12)
	assert.Greater(t, rules.RollOffLosers(4), rules.RollOffLosers(3))

	g.TestBeginLevel(2, "water", true, 0)
	h, ok := g.View(0).BossAttackHearts(3)
	assert.True(t, ok)
	assert.InDelta(t, 2, h, 1e-12, "Morpha's lose_hearts 2 (set above)")
}

// The data's expectations serve any level: a brutal roll on a row is the mean of the higher of
// two dice (the Level 3 row 1 1 2 2 2 3 3 3 gives 163/64), and attacks that take cards report
// false.
func TestDataExpectationsByLevel(t *testing.T) {
	d := configstest.Frozen(t) // its Level 3 row: 1 1 2 2 2 3 3 3
	assert.InDelta(t, 163.0/64, d.RollHearts(3, rules.RollBrutal, 0), 1e-12)
	assert.InDelta(t, 19.0/8, d.RollHearts(3, rules.RollNormal, 1), 1e-12, "a bonus of 1 shifts the row, the last box repeats")
	h, ok := d.AttackHearts(rules.BossAttack{Effect: rules.BossRollOff, Amount: 2}, 3, 2)
	assert.True(t, ok)
	assert.InDelta(t, 2*1.125/2, h, 1e-12)
	_, ok = d.AttackHearts(rules.BossAttack{Effect: rules.BossDiscardCards, Amount: 1}, 3, 2)
	assert.False(t, ok)
}
