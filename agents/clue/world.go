package clue

import (
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// DealOf writes world w as the engine's assignment of the hidden cards (for
// rules.Game.Determinize): the envelope's card of each kind, each seat's hand in card order,
// the aside pile. It reports false when w does not fit the table's hand sizes and aside pile.
func DealOf(w *World, t *rules.Table, dst *rules.Deal) bool {
	var n [rules.MaxPlayers]int
	env, aside := 0, 0
	for c := rules.Card(0); c < rules.NumCards; c++ {
		switch o := w[c]; {
		case o == Envelope:
			dst.Envelope[c.Kind()] = c
			env++
		case o == Aside:
			if aside == len(dst.Aside) {
				return false
			}
			dst.Aside[aside] = c
			aside++
		case o >= 0 && int(o) < t.Players:
			if n[o] == len(dst.Hands[o]) {
				return false
			}
			dst.Hands[o][n[o]] = c
			n[o]++
		}
	}
	if env != NumKinds || aside != t.AsideN {
		return false
	}
	for s := 0; s < t.Players; s++ {
		if n[s] != t.HandN[s] {
			return false
		}
	}
	return true
}
