package duels

import (
	"sort"

	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// TierMargin is the distance from 50% (a fraction) past which a team whose whole 95% interval
// lies beyond it is in the top tier S (above 55%) or the bottom tier D (below 45%).
const TierMargin = 0.05

// Tiers, strongest first. The rule (TierOf) reads the team's Wilson 95% interval [lo, hi] of
// its win rate over all its two-player match-ups, mirrors excluded:
//
//	S  lo >= 50% + TierMargin   surely strong: even the low end of the interval is above 55%
//	A  lo >  50%                surely above even
//	B  lo <= 50% <= hi          not to be told from an even team with the games played
//	C  hi <  50%                surely below even
//	D  hi <= 50% - TierMargin   surely weak: even the high end is below 45%
//
// More games narrow the intervals and move teams out of B; the tiers never claim more than the
// games show.
const (
	TierS = "S"
	TierA = "A"
	TierB = "B"
	TierC = "C"
	TierD = "D"
)

// TierOf returns the tier of a win rate (see TierS); "-" without games.
func TierOf(r stats.Rate) string {
	switch {
	case !r.Known():
		return "-"
	case r.Lo >= 0.5+TierMargin:
		return TierS
	case r.Lo > 0.5:
		return TierA
	case r.Hi <= 0.5-TierMargin:
		return TierD
	case r.Hi < 0.5:
		return TierC
	}
	return TierB
}

// Tier is one team's line of the tier list.
type Tier struct {
	// Setting names the agents and params of the groups pooled ("" for a single setting).
	Setting string
	// Rank is the place in the list, 1 for the highest win rate.
	Rank int
	Team string
	// Rate is the team's wins over its games in all its two-player match-ups but mirrors
	// (games nobody won are lost), with its Wilson 95% interval.
	Rate stats.Rate
	// Tier is TierOf(Rate).
	Tier string
}

// Tiers returns the tier list of every setting of res, each ranked by win rate (highest first,
// then by team id): every team of a two-player match-up other than a mirror, its games and wins
// added up over the groups (and maps). Nil without two-player match-ups.
func Tiers(res *sim.Results) []Tier {
	var out []Tier
	for _, s := range settings(res) {
		out = append(out, s.tiers()...)
	}
	return out
}

// tiers is the tier list of one setting.
func (s *setting) tiers() []Tier {
	k, n := map[string]int64{}, map[string]int64{}
	var teams []string
	for _, m := range s.duels() {
		if m.mirror() {
			continue
		}
		a, b, _ := m.duel()
		for _, t := range []string{a, b} {
			w, g := teamWins(m, t)
			if _, seen := n[t]; !seen {
				teams = append(teams, t)
			}
			k[t], n[t] = k[t]+w, n[t]+g
		}
	}
	out := make([]Tier, 0, len(teams))
	for _, t := range teams {
		r := stats.NewRate(k[t], n[t])
		out = append(out, Tier{Setting: s.Label, Team: t, Rate: r, Tier: TierOf(r)})
	}
	sort.SliceStable(out, func(i, j int) bool {
		pi, pj := rank(out[i].Rate), rank(out[j].Rate)
		if pi != pj {
			return pi > pj
		}
		return out[i].Team < out[j].Team
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// rank is a rate's sort key: its value, -1 when unknown (last).
func rank(r stats.Rate) float64 {
	if !r.Known() {
		return -1
	}
	return r.P
}

// teamWins returns team t's wins and games (seats) in match-up m: the Duels counts of its
// teams, or, for a group without them, the wins the match-up gives it.
func teamWins(m matchup, t string) (wins, games int64) {
	if s := duelssim.Of(m.g); s != nil {
		if ts := s.Teams[t]; ts != nil && ts.Games > 0 {
			return ts.Wins, ts.Games
		}
	}
	return m.winsOf(t)
}
