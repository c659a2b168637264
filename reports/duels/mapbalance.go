package duels

import (
	"math"

	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// MapBalance is one team's win rate on each map: which maps favour it.
type MapBalance struct {
	// Setting names the agents and params of the groups pooled ("" for a single setting).
	Setting, Team string
	// Maps are the map ids, Rates[i] the team's wins over its games on Maps[i] (its two-player
	// match-ups there pooled, mirrors left out; unknown when it did not play there).
	Maps  []string
	Rates []stats.Rate
	// Spread is the best map's rate minus the worst's (a fraction; NaN with fewer than two
	// known maps); Differ says the best map's 95% interval lies wholly above the worst's.
	Spread float64
	Differ bool
}

// MapBalances returns the map balance of every team of every setting of res whose two-player
// match-ups were played on two maps or more, in tier-list order (nil otherwise).
func MapBalances(res *sim.Results) []MapBalance {
	var out []MapBalance
	for _, s := range settings(res) {
		if ids := s.mapIDs(); len(ids) > 1 {
			out = append(out, s.mapBalance(ids)...)
		}
	}
	return out
}

// mapBalance is the map balance of one setting's teams on maps ids.
func (s *setting) mapBalance(ids []string) []MapBalance {
	var out []MapBalance
	for _, tr := range s.tiers() {
		mb := MapBalance{Setting: s.Label, Team: tr.Team, Maps: ids, Spread: math.NaN()}
		best, worst, known := -1, -1, 0
		for i, id := range ids {
			var k, n int64
			for _, m := range s.duels() {
				if m.Map != id || m.mirror() {
					continue
				}
				if a, b, _ := m.duel(); a == tr.Team || b == tr.Team {
					w, g := teamWins(m, tr.Team)
					k, n = k+w, n+g
				}
			}
			r := stats.NewRate(k, n)
			mb.Rates = append(mb.Rates, r)
			if !r.Known() {
				continue
			}
			known++
			if best < 0 || r.P > mb.Rates[best].P {
				best = i
			}
			if worst < 0 || r.P < mb.Rates[worst].P {
				worst = i
			}
		}
		if known >= 2 {
			mb.Spread = mb.Rates[best].P - mb.Rates[worst].P
			mb.Differ = mb.Rates[best].Lo > mb.Rates[worst].Hi
		}
		out = append(out, mb)
	}
	return out
}
