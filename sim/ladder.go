package sim

import (
	"fmt"
	"maps"
	"strings"
)

// Rung names one agent of a skill ladder: an agent with its strategies, as its groups record
// them.
type Rung struct {
	Agent      string `json:"agent"`
	Strategies string `json:"strategies"`
}

// LadderPair compares two agents of a ladder over the same campaigns (the same player count,
// params and campaign indexes, so the same seeds): the neighbouring rungs, and the first
// against the last (the skill depth). Only the discordant campaigns, won by one agent and lost
// by the other, tell them apart (McNemar's test); the pairs of shards add up.
type LadderPair struct {
	Players int               `json:"players"`
	Params  map[string]string `json:"params"`
	A       Rung              `json:"a"`
	B       Rung              `json:"b"`
	// Episodes is the number of campaigns both agents played (the shorter prefix when a run
	// was interrupted).
	Episodes int64 `json:"campaigns"`
	// AOnly campaigns were won by A and lost by B; BOnly the other way round.
	AOnly int64 `json:"won_by_a_only"`
	BOnly int64 `json:"won_by_b_only"`
}

// rungOf returns the rung that played g.
func rungOf(g *Group) Rung { return Rung{Agent: g.Agent, Strategies: g.Strategies} }

// ladderPairs lists the agent index pairs a ladder of n agents compares: each with the next,
// and the first with the last when there are more than two.
func ladderPairs(n int) [][2]int {
	var out [][2]int
	for i := 0; i+1 < n; i++ {
		out = append(out, [2]int{i, i + 1})
	}
	if n > 2 {
		out = append(out, [2]int{0, n - 1})
	}
	return out
}

// ladderIfAny returns the ladder of a run with several agents, nil for one agent.
func (r *runner) ladderIfAny() []LadderPair {
	if len(r.cfg.Agents) < 2 {
		return nil
	}
	return r.ladder()
}

// ladder computes the paired figures of a run with several agents from the outcomes it
// recorded; groups are agent by agent, players within (emptyResults' order).
func (r *runner) ladder() []LadderPair {
	np := len(r.cfg.Players)
	var out []LadderPair
	for _, ij := range ladderPairs(len(r.cfg.Agents)) {
		for pi := range r.cfg.Players {
			ga, gb := ij[0]*np+pi, ij[1]*np+pi
			a, b := r.res.Groups[ga], r.res.Groups[gb]
			po := pairOutcomes(r.outs[ga], r.outs[gb], min(a.Episodes, b.Episodes))
			out = append(out, LadderPair{Players: a.Players, Params: maps.Clone(a.Params), A: rungOf(a), B: rungOf(b),
				Episodes: po.Episodes, AOnly: po.BaseOnly, BOnly: po.MovedOnly})
		}
	}
	return out
}

// ladderShape describes which pairs a ladder holds ("none" for none), for refusing to merge
// shards of different runs.
func ladderShape(l []LadderPair) string {
	if len(l) == 0 {
		return "none"
	}
	var parts []string
	for _, p := range l {
		parts = append(parts, fmt.Sprintf("%s-%s@%dp{%s}", rungLabel(p.A), rungLabel(p.B), p.Players, ParamsText(p.Params)))
	}
	return strings.Join(parts, " ")
}

// rungLabel is the rung's agent, with its strategies.
func rungLabel(r Rung) string { return r.Agent + "[" + r.Strategies + "]" }

// addLadder adds the counts of src's pairs into dst's, pair by pair (the shards of one run:
// sameRun has checked that their ladders hold the same pairs).
func addLadder(dst, src []LadderPair) {
	for i := range src {
		dst[i].Episodes += src[i].Episodes
		dst[i].AOnly += src[i].AOnly
		dst[i].BOnly += src[i].BOnly
	}
}

// cloneLadder copies a ladder (nil for none).
func cloneLadder(l []LadderPair) []LadderPair {
	if len(l) == 0 {
		return nil
	}
	out := make([]LadderPair, len(l))
	for i, p := range l {
		out[i] = p
		out[i].Params = maps.Clone(p.Params)
	}
	return out
}
