package pig

import rules "github.com/clockworksim/clockwork/rules/pig"

// DefaultHoldAt is the turn total the hold agent banks at: 20, the textbook strategy (about
// where a roll's expected gain, 4 a roll with 5 chances in 6, equals its expected loss, the
// total with 1 chance in 6, on a six-sided die).
const DefaultHoldAt = 20

// Hold rolls until its turn total reaches At, or until holding wins the game, then holds.
type Hold struct {
	At     int // the turn total it holds at
	target int
}

// Name returns "hold".
func (a *Hold) Name() string { return "hold" }

// Reset notes the game's target.
func (a *Hold) Reset(d *rules.Data, _, _ int, _ uint64) { a.target = d.Target }

// Choose holds at At or when holding wins, and rolls otherwise (always on a turn's first roll).
func (a *Hold) Choose(v *rules.View, _ []rules.Action) rules.Action {
	if v.TurnRolls > 0 && (v.TurnTotal >= a.At || v.Scores[v.Seat]+v.TurnTotal >= a.target) {
		return rules.Hold
	}
	return rules.Roll
}
