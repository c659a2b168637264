package duels

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// This file reads the match-ups out of a results file: a group's map and teams (its params, or
// its counts for a hand-made file without them), the settings whose groups may be pooled (the
// same agents, strategies and other params), and the match-up matrix of a setting.

// Param keys of a Duels group: the map played and the teams of the line-up's positions.
const (
	ParamMap   = "map"
	ParamTeams = "teams"
)

// matchup is one group read as a match-up.
type matchup struct {
	g *sim.Group
	// Map is the map played ("" when the group does not say).
	Map string
	// Teams are the teams of the line-up's positions as listed (the last fills a larger table);
	// Teams[0]'s wins are the group's Wins.
	Teams []string
	// inPlay are the teams that played a seat of the group, sorted.
	inPlay []string
	// setting names what the group shares with the groups it pools with (agent, strategies,
	// params other than map and teams).
	setting string
}

// matchupOf reads group g as a match-up.
func matchupOf(g *sim.Group) matchup {
	m := matchup{g: g, Map: g.Params[ParamMap]}
	if t := strings.TrimSpace(g.Params[ParamTeams]); t != "" {
		for _, id := range strings.Split(t, ",") {
			m.Teams = append(m.Teams, strings.TrimSpace(id))
		}
	}
	if s := duelssim.Of(g); s != nil {
		for id, t := range s.Teams {
			if t != nil && t.Games > 0 {
				m.inPlay = append(m.inPlay, id)
			}
		}
		sort.Strings(m.inPlay)
	}
	if len(m.Teams) == 0 { // a file without the teams param: the team whose wins are the group's first
		m.Teams = slices.Clone(m.inPlay)
		if s := duelssim.Of(g); len(m.Teams) == 2 && s.Teams[m.Teams[1]].Wins == g.Wins {
			m.Teams[0], m.Teams[1] = m.Teams[1], m.Teams[0]
		}
	}
	if len(m.inPlay) == 0 {
		m.inPlay = slices.Compact(slices.Sorted(slices.Values(m.seatTeams())))
	}
	m.setting = settingOf(g)
	return m
}

// seatTeams are the teams of the group's seats, one per position (the last team of the list
// filling a larger table).
func (m matchup) seatTeams() []string {
	if len(m.Teams) == 0 {
		return nil
	}
	out := make([]string, m.g.Players)
	for k := range out {
		out[k] = m.Teams[min(k, len(m.Teams)-1)]
	}
	return out
}

// duel reports whether the group is a two-player match-up with known teams, and its teams a
// (the first listed, whose wins are the group's Wins) and b.
func (m matchup) duel() (a, b string, ok bool) {
	if m.g.Players != 2 || len(m.Teams) == 0 {
		return "", "", false
	}
	return m.Teams[0], m.Teams[min(1, len(m.Teams)-1)], true
}

// mirror reports whether the group is a two-player match-up of a team against itself.
func (m matchup) mirror() bool {
	a, b, ok := m.duel()
	return ok && a == b
}

// distinct reports whether every seat of the group played its own team (the games in which
// Duels counts cards and Triforce and Clock cards by side).
func (m matchup) distinct() bool {
	st := m.seatTeams()
	return len(st) > 0 && len(slices.Compact(slices.Sorted(slices.Values(st)))) == len(st)
}

// winsOf returns the wins of team t in a two-player match-up and its games: the first listed
// team's are the group's Wins, the other's the games it won (neither counts the games nobody
// won). A mirror's are the first position's.
func (m matchup) winsOf(t string) (k, n int64) {
	a, b, ok := m.duel()
	g := m.g
	switch {
	case !ok:
		return 0, 0
	case t == a:
		return g.Wins, g.Episodes
	case t == b:
		return g.Episodes - g.NoWinner - g.Wins, g.Episodes
	}
	return 0, 0
}

// settingOf names what a group shares with the groups it pools with: its agent, strategies and
// params other than the map and the teams.
func settingOf(g *sim.Group) string {
	rest := map[string]string{}
	for k, v := range g.Params {
		if k != ParamMap && k != ParamTeams {
			rest[k] = v
		}
	}
	return g.Agent + "\x00" + g.Strategies + "\x00" + sim.ParamsText(rest)
}

// setting is a set of groups that may be pooled: one agent line-up, strategies and params but
// the match-up.
type setting struct {
	// Label names the setting in titles ("" when the results hold one setting).
	Label    string
	Matchups []matchup
}

// settings splits the groups of res by setting, in order of first appearance.
func settings(res *sim.Results) []*setting {
	var out []*setting
	index := map[string]*setting{}
	for _, g := range res.Groups {
		m := matchupOf(g)
		s := index[m.setting]
		if s == nil {
			s = &setting{}
			index[m.setting] = s
			out = append(out, s)
		}
		s.Matchups = append(s.Matchups, m)
	}
	if len(out) > 1 {
		for _, s := range out {
			s.Label = settingLabel(res, s.Matchups[0].g)
		}
	}
	return out
}

// settingLabel names a setting: the agent as the report labels it, and the params other than
// the match-up's.
func settingLabel(res *sim.Results, g *sim.Group) string {
	parts := []string{reports.RungText(res.Game, g.Agent, g.Strategies)}
	for _, k := range slices.Sorted(maps.Keys(g.Params)) {
		if k != ParamMap && k != ParamTeams {
			parts = append(parts, k+"="+g.Params[k])
		}
	}
	return strings.Join(parts, ", ")
}

// duels returns the setting's two-player match-ups with known teams.
func (s *setting) duels() []matchup {
	var out []matchup
	for _, m := range s.Matchups {
		if _, _, ok := m.duel(); ok {
			out = append(out, m)
		}
	}
	return out
}

// mapIDs returns the maps of the setting's two-player match-ups, in order of first appearance
// ("" for groups that do not name theirs).
func (s *setting) mapIDs() []string {
	var out []string
	for _, m := range s.duels() {
		if !slices.Contains(out, m.Map) {
			out = append(out, m.Map)
		}
	}
	return out
}

// teams returns the teams of the setting's two-player match-ups, in order of first appearance.
func (s *setting) teams() []string {
	var out []string
	for _, m := range s.duels() {
		a, b, _ := m.duel()
		for _, t := range []string{a, b} {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// hasMatrix reports whether the setting's two-player groups form a matrix: at least two
// different match-ups (a pair of teams, a mirror counting as one), as `clockwork duels matrix`
// writes. A single match-up (`clockwork duels run`) has none.
func (s *setting) hasMatrix() bool {
	pairs := map[[2]string]bool{}
	for _, m := range s.duels() {
		a, b, _ := m.duel()
		if b < a {
			a, b = b, a
		}
		pairs[[2]string{a, b}] = true
	}
	return len(pairs) >= 2
}

// IsMatrix reports whether res is a match-up matrix (`clockwork duels matrix`, and the groups of
// `duels sweep --matrix` and `duels sensitivity --matrix`): every group's params name its map
// and teams, and in every setting the two-player groups form a matrix (hasMatrix) that holds
// every pair of its teams on every one of its maps (complete). Its report opens with the tier
// list, and its report.csv has a map column and the rates over the matrix.
func IsMatrix(res *sim.Results) bool {
	if len(res.Groups) == 0 {
		return false
	}
	for _, g := range res.Groups {
		if strings.TrimSpace(g.Params[ParamMap]) == "" || strings.TrimSpace(g.Params[ParamTeams]) == "" {
			return false
		}
	}
	for _, s := range settings(res) {
		if !s.hasMatrix() || !s.complete() {
			return false
		}
	}
	return true
}

// complete reports whether the setting's two-player groups hold every pair of its teams (two
// different teams, in either order) on every one of its maps.
func (s *setting) complete() bool {
	played := map[[3]string]bool{}
	for _, m := range s.duels() {
		a, b, _ := m.duel()
		if b < a {
			a, b = b, a
		}
		played[[3]string{m.Map, a, b}] = true
	}
	teams := s.teams()
	for _, id := range s.mapIDs() {
		for i, a := range teams {
			for _, b := range teams[i+1:] {
				if !played[[3]string{id, min(a, b), max(a, b)}] {
					return false
				}
			}
		}
	}
	return true
}
