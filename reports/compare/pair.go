package compare

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// ErrAgentsDiffer is wrapped by Pair's error when two paired groups were played by different
// agents and that was not allowed.
var ErrAgentsDiffer = errors.New("the agents differ")

// Row compares the campaign win rates of two versions, A and B, over the same campaigns (the
// same player count and campaign indexes, so the same seeds): one row of a paired comparison.
type Row struct {
	Players int
	// ParamsA and ParamsB are the params of the two groups ("k=v;k=v", "" for none); they are
	// equal when the files were paired by params.
	ParamsA, ParamsB string
	AgentA, AgentB   string
	// Campaigns is the number of pairs.
	Campaigns int64
	// A and B are the campaign win rates of the two versions with their Wilson 95% intervals.
	A, B stats.Rate
	// Diff is B's win rate minus A's, as a fraction in [-1,1].
	Diff float64
	// Test is McNemar's test: Test.B campaigns were won by A only, Test.C by B only.
	Test stats.McNemar
}

// Options changes what Pair accepts.
type Options struct {
	// AllowAgents pairs groups played by different agents (refused otherwise).
	AllowAgents bool
}

// Pair pairs the campaigns of two outcomes files (nameA and nameB name them in errors) and
// compares each pair of groups. Campaigns are paired by player count and campaign index. At a
// player count where both files have the same param sets, groups are paired by params too;
// where one file has a single group, it is paired with each group of the other (a baseline
// against the points of a sweep); two ladders (several agents) with the same agents and params
// pair agent by agent; anything else is refused. The two files must hold the same
// player counts and, in every pair of groups, the same campaign indexes; the agents must agree
// unless opts.AllowAgents. Errors are one line: "file: field: what is wrong". Rows come by
// player count, then params.
func Pair(a, b *sim.OutcomeFile, nameA, nameB string, opts Options) ([]Row, error) {
	if a.Game != b.Game {
		return nil, fmt.Errorf("%s is of %s, but %s of %s: outcomes of different games do not pair", nameB, gameName(b.Game), nameA, gameName(a.Game))
	}
	byPlayers := func(f *sim.OutcomeFile) map[int][]*sim.OutcomeGroup {
		m := map[int][]*sim.OutcomeGroup{}
		for _, g := range f.Groups {
			m[g.Players] = append(m[g.Players], g)
		}
		return m
	}
	pa, pb := byPlayers(a), byPlayers(b)
	var players []int
	for _, m := range []map[int][]*sim.OutcomeGroup{pa, pb} {
		for p := range m {
			if !slices.Contains(players, p) {
				players = append(players, p)
			}
		}
	}
	if len(players) == 0 {
		return nil, fmt.Errorf("%s: campaign: no campaigns", nameA)
	}
	sort.Ints(players)
	var rows []Row
	for _, p := range players {
		ga, gb := pa[p], pb[p]
		switch {
		case ga == nil:
			return nil, fmt.Errorf("%s: players: has campaigns at %d players, %s has none", nameB, p, nameA)
		case gb == nil:
			return nil, fmt.Errorf("%s: players: no campaigns at %d players, %s has %d", nameB, p, nameA, len(ga[0].Episodes))
		}
		var pairs [][2]*sim.OutcomeGroup
		switch {
		case slices.EqualFunc(ga, gb, func(x, y *sim.OutcomeGroup) bool { return x.Params == y.Params && x.Agent == y.Agent }),
			slices.EqualFunc(ga, gb, func(x, y *sim.OutcomeGroup) bool { return x.Params == y.Params }):
			for i := range ga {
				pairs = append(pairs, [2]*sim.OutcomeGroup{ga[i], gb[i]})
			}
		case len(ga) == 1:
			for _, g := range gb {
				pairs = append(pairs, [2]*sim.OutcomeGroup{ga[0], g})
			}
		case len(gb) == 1:
			for _, g := range ga {
				pairs = append(pairs, [2]*sim.OutcomeGroup{g, gb[0]})
			}
		default:
			return nil, fmt.Errorf("%s: params: at %d players its %d param sets (%s) are not %s's %d (%s), and neither file has a single one to pair with each",
				nameB, p, len(gb), paramSets(gb), nameA, len(ga), paramSets(ga))
		}
		for _, pr := range pairs {
			row, err := pairGroups(pr[0], pr[1], nameA, nameB, opts)
			if err != nil {
				return nil, err
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// pairGroups compares two groups over the same campaign indexes.
func pairGroups(x, y *sim.OutcomeGroup, nameA, nameB string, opts Options) (Row, error) {
	if x.Agent != y.Agent && !opts.AllowAgents {
		return Row{}, fmt.Errorf("%s: agent: %q at %s, %s has %q: %w", nameB, y.Agent, y.Label(), nameA, x.Agent, ErrAgentsDiffer)
	}
	if !slices.Equal(x.Episodes, y.Episodes) {
		return Row{}, fmt.Errorf("%s: campaign: at %s the campaign indexes are not %s's (%s): %s has %s, %s has %s",
			nameB, y.Label(), nameA, firstUnpaired(x.Episodes, y.Episodes, nameA, nameB),
			nameA, indexSpan(x.Episodes), nameB, indexSpan(y.Episodes))
	}
	var winsA, winsB, onlyA, onlyB int64
	for i, oa := range x.Outcomes {
		wa, wb := oa.Won(), y.Outcomes[i].Won()
		switch {
		case wa && wb:
			winsA++
			winsB++
		case wa:
			winsA++
			onlyA++
		case wb:
			winsB++
			onlyB++
		}
	}
	n := int64(len(x.Episodes))
	r := Row{Players: x.Players, ParamsA: x.Params, ParamsB: y.Params, AgentA: x.Agent, AgentB: y.Agent,
		Campaigns: n, A: stats.NewRate(winsA, n), B: stats.NewRate(winsB, n), Test: stats.McNemarTest(onlyA, onlyB)}
	r.Diff = r.B.P - r.A.P
	return r, nil
}

// firstUnpaired names the first campaign index found in one sorted list and not the other.
func firstUnpaired(a, b []uint64, nameA, nameB string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i < len(a) && (i >= len(b) || a[i] < b[i]) {
		return fmt.Sprintf("campaign %d is only in %s", a[i], nameA)
	}
	return fmt.Sprintf("campaign %d is only in %s", b[i], nameB)
}

// indexSpan describes a sorted list of campaign indexes: "2000 campaigns, 0 to 1999".
func indexSpan(c []uint64) string {
	if len(c) == 0 {
		return "no campaigns"
	}
	return fmt.Sprintf("%d campaigns, %d to %d", len(c), c[0], c[len(c)-1])
}

// paramSets lists the params of groups for messages ("none" for empty params).
func paramSets(gs []*sim.OutcomeGroup) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = g.Params
		if g.Params == "" {
			parts[i] = "none"
		}
	}
	return strings.Join(parts, ", ")
}

// gameName names a game in messages: name, or sim.DefaultGame for "" (Clockwork Realm's files
// name no game).
func gameName(name string) string {
	if name == "" {
		return sim.DefaultGame
	}
	return name
}
