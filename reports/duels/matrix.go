package duels

import (
	"slices"

	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// Cell is one cell of the match-up matrix: the games the row team won against the column team.
type Cell struct {
	// Rate is the row team's wins over the games of the match-up (games nobody won count for
	// neither team), with its Wilson 95% interval; unknown (N = 0) when the pair never met.
	Rate stats.Rate
	// Mirror marks the team against itself: the rate is the first listed position's, a check on
	// the seats (with rotated seats, about 50%).
	Mirror bool
}

// Even reports whether the cell's 95% interval includes 50%: the games played cannot tell the
// match-up from an even one.
func (c Cell) Even() bool { return c.Rate.Known() && c.Rate.Lo <= 0.5 && c.Rate.Hi >= 0.5 }

// Matrix is the match-up matrix of one setting on one map, or on all maps pooled.
type Matrix struct {
	// Setting names the agents and params of its groups ("" when the results hold one
	// setting).
	Setting string
	// Map is the map's id; "" for all maps pooled (Overall).
	Map     string
	Overall bool
	// Teams are the rows and the columns, strongest first (the order of the tier list).
	Teams []string
	// Cells[r][c] is Teams[r] against Teams[c].
	Cells [][]Cell
}

// Title names the matrix: "Match-up matrix, lost_woods" or "..., all maps".
func (m *Matrix) Title() string {
	t := "Match-up matrix, " + m.MapName()
	if m.Setting != "" {
		t += " (" + m.Setting + ")"
	}
	return t
}

// MapName is the map's id, or "all maps" for the pooled matrix.
func (m *Matrix) MapName() string {
	if m.Overall {
		return "all maps"
	}
	if m.Map == "" {
		return "map not named"
	}
	return m.Map
}

// Cell returns team row's cell against team col (false when either is not in the matrix).
func (m *Matrix) Cell(row, col string) (Cell, bool) {
	r, c := slices.Index(m.Teams, row), slices.Index(m.Teams, col)
	if r < 0 || c < 0 {
		return Cell{}, false
	}
	return m.Cells[r][c], true
}

// Matrices returns the match-up matrices of res: for every setting whose two-player groups hold
// at least two different match-ups (a matrix run), all maps pooled first (when there are
// several), then each map in order of first appearance. A pair (a, b) gives the cell (a, b),
// the first listed team's wins, and its complement (b, a), the other team's; a mirror group
// gives the diagonal cell. Groups of the same pair on one map (both orders, or shards) add up.
// A single match-up has no matrix (nil).
func Matrices(res *sim.Results) []*Matrix {
	var out []*Matrix
	for _, s := range settings(res) {
		out = append(out, s.matrices()...)
	}
	return out
}

// matrices are the matrices of one setting (none without a matrix).
func (s *setting) matrices() []*Matrix {
	if !s.hasMatrix() {
		return nil
	}
	teams := s.matrixTeams()
	ids := s.mapIDs()
	var out []*Matrix
	if len(ids) > 1 {
		out = append(out, s.matrix(teams, "", true))
	}
	for _, id := range ids {
		out = append(out, s.matrix(teams, id, false))
	}
	return out
}

// matrixTeams are the rows and columns of the setting's matrices: the teams in tier-list order,
// then those met only in mirrors.
func (s *setting) matrixTeams() []string {
	teams := make([]string, 0)
	for _, t := range s.tiers() {
		teams = append(teams, t.Team)
	}
	for _, t := range s.teams() { // teams met only in mirrors: last
		if !slices.Contains(teams, t) {
			teams = append(teams, t)
		}
	}
	return teams
}

// matrix adds up the setting's two-player groups on map id (every map when overall) into a
// matrix of teams.
func (s *setting) matrix(teams []string, id string, overall bool) *Matrix {
	n := len(teams)
	k, games := make([][]int64, n), make([][]int64, n)
	for i := range n {
		k[i], games[i] = make([]int64, n), make([]int64, n)
	}
	for _, m := range s.duels() {
		if !overall && m.Map != id {
			continue
		}
		a, b, _ := m.duel()
		ia, ib := slices.Index(teams, a), slices.Index(teams, b)
		wa, na := m.winsOf(a)
		k[ia][ib], games[ia][ib] = k[ia][ib]+wa, games[ia][ib]+na
		if a != b {
			wb, nb := m.winsOf(b)
			k[ib][ia], games[ib][ia] = k[ib][ia]+wb, games[ib][ia]+nb
		}
	}
	mx := &Matrix{Setting: s.Label, Map: id, Overall: overall, Teams: teams, Cells: make([][]Cell, n)}
	for r := range n {
		mx.Cells[r] = make([]Cell, n)
		for c := range n {
			mx.Cells[r][c] = Cell{Rate: stats.NewRate(k[r][c], games[r][c]), Mirror: r == c}
		}
	}
	return mx
}
