package main

import (
	"maps"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/sim"
)

// playersKeyed are the parts of Clockwork Realm's data that hold one value per player count
// (their keys are 2 to 4, the configs' keys=2-4 maps): a --set path under one of them, such as
// setup.skill_cards_per_type.3 or ganon.targets.3.move, changes the game of that player count
// only.
var playersKeyed = []string{"setup.skill_cards_per_type", "ganon.targets"}

// keyPlayers returns the player count whose game a --set path (or a pattern of --values)
// changes, or 0 when it may change every player count's.
func keyPlayers(path string) int {
	for _, prefix := range playersKeyed {
		rest, ok := strings.CutPrefix(path, prefix+".")
		if !ok {
			continue
		}
		first, _, _ := strings.Cut(rest, ".")
		if n, err := strconv.Atoi(first); err == nil {
			return n
		}
	}
	return 0
}

// affects reports whether a --set path can change the game of the given player count.
func affects(path string, players int) bool {
	n := keyPlayers(path)
	return n == 0 || n == players
}

// trimSetLabels removes from the params of every group (and ladder pair) of res the --set keys
// sets that cannot change its game (another player count's value): a group is labelled only
// with what was applied to it. Swept keys are left alone (every group of a sweep point keeps
// its point's label).
func trimSetLabels(res *sim.Results, sets []string) {
	var keys []string
	for _, s := range sets {
		k, _, _ := strings.Cut(s, "=")
		if k = strings.TrimSpace(k); keyPlayers(k) != 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return
	}
	trim := func(params map[string]string, players int) map[string]string {
		out := maps.Clone(params)
		for _, k := range keys {
			if !affects(k, players) {
				delete(out, k)
			}
		}
		return out
	}
	for _, g := range res.Groups {
		g.Params = trim(g.Params, g.Players)
	}
	for i := range res.Ladder {
		res.Ladder[i].Params = trim(res.Ladder[i].Params, res.Ladder[i].Players)
	}
}
