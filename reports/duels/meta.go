package duels

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/meta"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// MetaResamples is the number of resamples B of the meta's bootstrap: enough for the 2.5th and
// 97.5th percentiles to be read from 25 resamples each, few enough for a report of the default
// matrix to take a fraction of a second more.
const MetaResamples = 1000

// MetaTeam is one team's line of the meta: the Nash equilibrium of the team choice that the
// match-up matrix of a setting implies, all maps pooled (Metas).
type MetaTeam struct {
	// Setting names the agents and params of the groups pooled ("" for a single setting).
	Setting string
	// Rank is the team's Nash-averaging rank: by Payoff, highest first, tied teams sharing a
	// rank, so every team the equilibrium plays is 1.
	Rank int
	Team string
	// TierRank is the team's rank in the tier list (its win rate over a uniform field).
	TierRank int
	// Weight is the team's share of the equilibrium mix, in [0, 1]; WeightLo and WeightHi its
	// bootstrap 95% percentile interval.
	Weight, WeightLo, WeightHi float64
	// Support counts the resamples whose equilibrium plays the team (K) of the MetaResamples
	// (N), with the Wilson interval of that share (the bootstrap's own precision).
	Support stats.Rate
	// Payoff is the team's Nash average: its expected P(win) - P(loss) against the equilibrium
	// mix, in [-1, 1]; 0 for the teams the mix plays, below 0 for those it leaves out (how much
	// they lose to the meta). PayoffLo and PayoffHi are its bootstrap 95% percentile interval.
	Payoff, PayoffLo, PayoffHi float64
}

// Metas returns the meta of every setting of a match-up matrix (IsMatrix; nil for another
// file): the maximum-entropy Nash equilibrium of the symmetric zero-sum game in which each
// player picks a team, the payoff of team i against team j being the share of their games i won
// minus the share j won (all maps pooled, mirrors not read, a game nobody won counting for
// neither: meta.Counts.Payoff), with its parametric bootstrap (meta.Bootstrap, MetaResamples
// resamples, the results' seed, the setting's index as the stream). Each setting's teams are
// ranked by Nash average, then by weight (within meta.Tol: equal), then in tier-list order.
func Metas(res *sim.Results) ([]MetaTeam, error) {
	if !IsMatrix(res) {
		return nil, nil
	}
	var out []MetaTeam
	for i, s := range settings(res) {
		ts, err := s.meta(res.Seed, uint64(i))
		if err != nil {
			return nil, fmt.Errorf("the meta of %q: %w", s.Label, err)
		}
		out = append(out, ts...)
	}
	return out, nil
}

// meta is the meta of one setting, its bootstrap drawn from (seed, stream).
func (s *setting) meta(seed, stream uint64) ([]MetaTeam, error) {
	mx := s.matrix(s.matrixTeams(), "", true)
	c := meta.Counts{Wins: make([][]int64, len(mx.Teams)), Games: make([][]int64, len(mx.Teams))}
	for r := range mx.Teams {
		for col := range mx.Teams {
			c.Wins[r] = append(c.Wins[r], mx.Cells[r][col].Rate.K)
			c.Games[r] = append(c.Games[r], mx.Cells[r][col].Rate.N)
		}
	}
	m, err := bootstrapOnce(c, seed, stream)
	if err != nil {
		return nil, err
	}
	out := make([]MetaTeam, len(mx.Teams))
	for i, t := range mx.Teams {
		out[i] = MetaTeam{Setting: s.Label, Rank: m.Rank[i], Team: t, TierRank: i + 1,
			Weight: m.Weights[i], WeightLo: m.WeightLo[i], WeightHi: m.WeightHi[i],
			Support: stats.NewRate(int64(m.InSupport[i]), int64(m.Resamples)),
			Payoff:  m.Payoffs[i], PayoffLo: m.PayoffLo[i], PayoffHi: m.PayoffHi[i]}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Rank != out[j].Rank {
			return out[i].Rank < out[j].Rank
		}
		return out[i].Weight > out[j].Weight+meta.Tol // weights equal but for rounding: the tier list's order
	})
	return out, nil
}

// The bootstraps already made in this process, by their counts, seed and stream: every writer
// of a report (charts, Markdown, HTML, CSV, the terminal) asks for the same meta, which is
// drawn once. The key is the whole input, so an entry is never stale; the cache is emptied
// when it holds metaCacheSize entries.
var (
	metaCacheMu sync.Mutex
	metaCache   = map[string]meta.Meta{}
)

// metaCacheSize bounds the bootstraps kept.
const metaCacheSize = 64

// bootstrapOnce is meta.Bootstrap of c with MetaResamples resamples, from the cache when this
// process has drawn it already.
func bootstrapOnce(c meta.Counts, seed, stream uint64) (meta.Meta, error) {
	var key strings.Builder
	fmt.Fprint(&key, seed, " ", stream, " ", MetaResamples, " ", c.Wins, " ", c.Games)
	metaCacheMu.Lock()
	m, ok := metaCache[key.String()]
	metaCacheMu.Unlock()
	if ok {
		return m, nil
	}
	m, err := meta.Bootstrap(c, MetaResamples, seed, stream)
	if err != nil {
		return meta.Meta{}, err
	}
	metaCacheMu.Lock()
	if len(metaCache) >= metaCacheSize {
		clear(metaCache)
	}
	metaCache[key.String()] = m
	metaCacheMu.Unlock()
	return m, nil
}

// metaSettings splits metas by setting, in order.
func metaSettings(metas []MetaTeam) [][]MetaTeam {
	var out [][]MetaTeam
	for i, m := range metas {
		if i == 0 || m.Setting != metas[i-1].Setting {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], m)
	}
	return out
}

// metaText says what the meta is and how to read it.
const metaText = "What competitive players would settle on: the Nash equilibrium of choosing a team against an " +
	"opponent who chooses too, the payoff of a team against another the share of their games it won minus the " +
	"share the other won (all maps pooled; games nobody won count for neither). It is the mix of teams no team " +
	"beats on average; when several mixes are, the one of maximum entropy (Nash averaging), which shares the " +
	"weight among teams that play alike. Weight: the team's share of the mix, with its 95% interval from " +
	"a parametric bootstrap (every match-up's games drawn again from its own counts, resamples as in the table); " +
	"in support: the share of resamples whose equilibrium plays the team. Payoff vs the meta (the Nash " +
	"average): the team's expected share of games won minus lost against the mix, in points, 0 for the teams " +
	"the meta plays and below 0 for the others (how much they lose to it), with its interval; the rank is by it, " +
	"the tier list's rank (against a uniform field) beside it."

// metaSection is the section of the meta of every setting (Metas), placing the charts of pick.
func metaSection(res *sim.Results, pick func(...string) []string) (page.Section, bool) {
	metas, err := Metas(res)
	switch {
	case err != nil:
		return page.Section{Title: "Meta", Text: "The meta could not be computed: " + err.Error() + "."}, true
	case len(metas) == 0:
		return page.Section{}, false
	}
	var names []string
	for _, ms := range metaSettings(metas) {
		names = append(names, metaChartName(ms[0].Setting))
	}
	return page.Section{Title: "Meta", Text: metaText, Charts: pick(names...), Tables: []page.Table{metaTable(metas)}}, true
}

// metaTable is the meta of every setting: a row per team, in the meta's order.
func metaTable(metas []MetaTeam) page.Table {
	t := page.Table{Title: fmt.Sprintf("Meta: Nash equilibrium of the team choice (%d resamples)", MetaResamples),
		Header: []string{"rank", "team", "tier-list rank", "weight", "95% interval", "in support", "payoff vs meta", "95% interval"}}
	multi := metas[0].Setting != ""
	if multi {
		t.Header = append([]string{"setting"}, t.Header...)
	}
	t.Right = page.RightFrom(len(t.Header), len(t.Header)-6)
	for _, m := range metas {
		row := []string{strconv.Itoa(m.Rank), m.Team, strconv.Itoa(m.TierRank), format.Pct(m.Weight),
			fmt.Sprintf("%.1f-%.1f%%", 100*m.WeightLo, 100*m.WeightHi), format.Rate(m.Support),
			format.Signed(m.Payoff), format.SignedRange(m.PayoffLo, m.PayoffHi)}
		if multi {
			row = append([]string{m.Setting}, row...)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
