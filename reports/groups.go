package reports

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/sim"
)

// Labeller names the groups of a results file by what tells them apart: the player count, and
// the agent, strategy choices and params only when they differ between groups.
type Labeller struct {
	agents     bool
	strategies []string // strategy names whose choice differs between groups
	params     []string // params keys whose value differs between groups
}

// NewLabeller returns the labeller of the groups of res.
func NewLabeller(res *sim.Results) Labeller {
	var l Labeller
	agents := map[string]bool{}
	for _, g := range res.Groups {
		agents[g.Agent] = true
	}
	l.agents = len(agents) > 1
	l.strategies = varyingKeys(res.Groups, func(g *sim.Group) map[string]string { return parseStrategies(g.Strategies) })
	l.params = SweepParams(res)
	return l
}

// Label is the long name of a group: "3 players" or "3 players, rusher, ganon.targets.3.move=16".
func (l Labeller) Label(g *sim.Group) string {
	return l.LabelExcept(g, "")
}

// LabelExcept is label without the params key skip (for the series of a sweep over skip).
func (l Labeller) LabelExcept(g *sim.Group, skip string) string {
	parts := []string{format.Players(g.Players)}
	if l.agents {
		parts = append(parts, g.Agent)
	}
	if len(l.strategies) > 0 {
		st := parseStrategies(g.Strategies)
		for _, k := range l.strategies {
			if v, ok := st[k]; ok { // an agent without the strategy (the planner's rollouts) omits it
				parts = append(parts, k+"="+v)
			}
		}
	}
	for _, k := range l.params {
		if k != skip {
			parts = append(parts, k+"="+paramValue(g, k))
		}
	}
	return strings.Join(parts, ", ")
}

// Short is the short name of a group for crowded axes: "3p" or "3p move=16".
func (l Labeller) Short(g *sim.Group) string {
	parts := []string{fmt.Sprintf("%dp", g.Players)}
	if l.agents {
		parts = append(parts, g.Agent)
	}
	if len(l.strategies) > 0 {
		st := parseStrategies(g.Strategies)
		for _, k := range l.strategies {
			if v, ok := st[k]; ok {
				parts = append(parts, v)
			}
		}
	}
	for _, k := range l.params {
		parts = append(parts, lastSegment(k)+"="+paramValue(g, k))
	}
	return strings.Join(parts, " ")
}

// paramValue is the value of params key k in g (see paramOf), or "-" when g does not set it.
func paramValue(g *sim.Group, k string) string {
	if v, ok := paramOf(g, k); ok {
		return v
	}
	return "-"
}

// paramOf returns the value of params key k in group g: g.Params[k] or, when k is a prefix
// completed by the player count, g.Params[k + "." + players] (the ganon command writes its
// target as "ganon.targets.3" in a 3-player group; paramOf(g, "ganon.targets") reads it).
func paramOf(g *sim.Group, k string) (string, bool) {
	if v, ok := g.Params[k]; ok {
		return v, true
	}
	v, ok := g.Params[k+"."+strconv.Itoa(g.Players)]
	return v, ok
}

// lastSegment is the part of a dotted key after its last dot.
func lastSegment(k string) string {
	if i := strings.LastIndexByte(k, '.'); i >= 0 && i < len(k)-1 {
		return k[i+1:]
	}
	return k
}

// parseStrategies splits "engage=defeat-first,equip=treasures" into a map.
func parseStrategies(s string) map[string]string {
	m := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		if k, v, ok := strings.Cut(part, "="); ok {
			m[k] = v
		}
	}
	return m
}

// varyingKeys returns, sorted, the keys whose value (or presence) differs between groups.
func varyingKeys(groups []*sim.Group, get func(*sim.Group) map[string]string) []string {
	if len(groups) < 2 {
		return nil
	}
	all := map[string]bool{}
	maps := make([]map[string]string, len(groups))
	for i, g := range groups {
		maps[i] = get(g)
		for k := range maps[i] {
			all[k] = true
		}
	}
	var keys []string
	for k := range all {
		v0, ok0 := maps[0][k]
		for _, m := range maps[1:] {
			if v, ok := m[k]; ok != ok0 || v != v0 {
				keys = append(keys, k)
				break
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// SweepParams returns, sorted, the params keys whose value differs between the groups of res:
// the swept parameters of a sweep (none for an ordinary run). Keys that name the player count
// of their group ("ganon.targets.2" in the 2-player groups, "ganon.targets.3" in the 3-player
// groups, and so on, as the ganon command writes them) are returned once, without the count
// ("ganon.targets"), when the groups have several player counts; SweepChart and GoalHeatmap
// accept that form. With one player count the key keeps its count
// ("setup.skill_cards_per_type.3"): it names what was swept.
func SweepParams(res *sim.Results) []string {
	var out []string
	for _, k := range varyingKeys(res.Groups, func(g *sim.Group) map[string]string { return g.Params }) {
		if prefix, ok := perPlayersKey(res, k); ok {
			k = prefix
		}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// perPlayersKey reports whether k is "prefix.N" with every group setting prefix.<its own player
// count> and no other prefix.<number>, the groups having several player counts, and returns the
// prefix.
func perPlayersKey(res *sim.Results, k string) (string, bool) {
	i := strings.LastIndexByte(k, '.')
	if i <= 0 || len(PlayerCounts(res)) < 2 {
		return "", false
	}
	if _, err := strconv.Atoi(k[i+1:]); err != nil {
		return "", false
	}
	prefix := k[:i]
	for _, g := range res.Groups {
		own := prefix + "." + strconv.Itoa(g.Players)
		if _, ok := g.Params[own]; !ok {
			return "", false
		}
		for key := range g.Params {
			rest, found := strings.CutPrefix(key, prefix+".")
			if _, err := strconv.Atoi(rest); found && err == nil && key != own {
				return "", false
			}
		}
	}
	return prefix, true
}

// PlayerCounts returns the distinct player counts of the groups, ascending.
func PlayerCounts(res *sim.Results) []int {
	var ps []int
	for _, g := range res.Groups {
		if !slices.Contains(ps, g.Players) {
			ps = append(ps, g.Players)
		}
	}
	slices.Sort(ps)
	return ps
}
