package duels

// Word is an effect of the closed vocabulary cards are written in (docs/duels-rules.md). In an
// effect list, "self" is the character playing the card (the attacker for an attack card, the
// defender for a defence card, the chosen player of a special card) and "other" is the character
// it is played against (the target, or for a defence the attacker).
type Word uint8

// The effect words.
const (
	WNone             Word = iota
	WDamage                // other takes Amount damage
	WDamageSelf            // self takes Amount damage
	WDamageAdjacent        // every opponent in the 8 squares around self takes Amount damage
	WDamageOpponents       // every opponent character in play takes Amount damage
	WHeal                  // self heals Amount
	WHealTeam              // every character of self's team in play heals Amount
	WDraw                  // the card's player draws Amount cards (up to the hand limit)
	WDiscardRandom         // other's player discards Amount cards at random
	WRecover               // the card's player takes the Amount most recent cards of his discard pile to his hand
	WMoveSelf              // the card's player moves self up to Amount squares
	WMoveTarget            // the card's player moves other up to Amount squares
	WPush                  // other is pushed Amount squares straight away from self
	WSwap                  // self and other exchange squares
	WExtraAction           // playing the card does not count as an action
	WNoDefend              // the attack cannot be defended
	WDoubleValues          // Clock: self's attack and defence values are doubled while in play
	WAttackBonus           // Clock: self's attack values are raised by Amount while in play
	WDefenceBonus          // Clock: self's defence values are raised by Amount while in play
	WRevealHand            // other's player shows his hand to the card's player
	WValueInfinite         // sunburst: the value is infinite
	WValueHand             // sunburst: the value is the number of cards in the player's hand
	WValueDamageTaken      // sunburst: the value is the hit points self has lost
	WHealOther             // other heals Amount (a special card aimed at an ally)
	NumWords
)

var wordNames = [NumWords]string{"", "damage", "damage_self", "damage_all_adjacent",
	"damage_all_opponents", "heal", "heal_team", "draw", "discard_random", "recover", "move_self",
	"move_target", "push", "swap", "extra_action", "no_defend", "double_values", "attack_bonus",
	"defence_bonus", "reveal_hand", "value_infinite", "value_hand", "value_damage_taken", "heal_other"}

// String returns the word as written in the data files and the event log.
func (w Word) String() string {
	if w < NumWords {
		return wordNames[w]
	}
	return "?"
}

// ParseWord returns the word named s.
func ParseWord(s string) (Word, bool) {
	for i := 1; i < int(NumWords); i++ {
		if wordNames[i] == s {
			return Word(i), true
		}
	}
	return WNone, false
}

// WordNames returns every word of the vocabulary, in order.
func WordNames() []string { return append([]string(nil), wordNames[1:]...) }

// NeedsOther reports whether the word acts on the other character (a target).
func (w Word) NeedsOther() bool {
	switch w {
	case WDamage, WDiscardRandom, WMoveTarget, WPush, WSwap, WRevealHand, WHealOther:
		return true
	}
	return false
}

// Durational reports whether the word lasts while its Clock card is in play.
func (w Word) Durational() bool { return w == WDoubleValues || w == WAttackBonus || w == WDefenceBonus }

// IsValue reports whether the word sets a sunburst value.
func (w Word) IsValue() bool { return w == WValueInfinite || w == WValueHand || w == WValueDamageTaken }

// IsFlag reports whether the word is a property of the play rather than an effect after it.
func (w Word) IsFlag() bool { return w == WExtraAction || w == WNoDefend }

// TakesAmount reports whether the word needs an amount of at least 1.
func (w Word) TakesAmount() bool {
	switch w {
	case WDamage, WDamageSelf, WDamageAdjacent, WDamageOpponents, WHeal, WHealTeam, WHealOther, WDraw,
		WDiscardRandom, WRecover, WMoveSelf, WMoveTarget, WPush, WAttackBonus, WDefenceBonus:
		return true
	}
	return false
}
