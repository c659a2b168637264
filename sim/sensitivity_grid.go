package sim

import (
	"errors"
	"fmt"
)

// GridSensitivity is the work of a sensitivity over a grid of runs on one data set (Zelda Duels'
// match-up matrix: a run per match-up and map, `clockwork duels sensitivity --matrix`): the base
// grid on the data as it is, then for every value each step down and up the whole grid again on
// the moved data, on the same seeds (common random numbers), paired cell by cell and episode by
// episode (the same index, so the same deal and rotation) with the base. Its rows are judged per
// team: a team's episodes are those of the cells it plays in, as the line-up position it holds
// there, and an episode counts as its win when the Outcome's part of that position is set
// (duels.PositionGame records them).
//
// A cell whose game key is unchanged by a move plays every episode as the base did, so it is
// not played again: its base group stands for it.
type GridSensitivity struct {
	// Base are the runs of the grid's cells on the data as it is, each of one group (one player
	// count and one line-up).
	Base []Config
	// Keys are the keys of the cells' games (Keys[i] of Base[i]): a moved cell with the same key
	// as its base cell plays alike. "" never matches.
	Keys []string
	// Teams are the teams whose win rates the rows pair, each with the cells it plays in.
	Teams []GridTeam
	// Values are the data values to move; Step how far each moves, down and up.
	Values []MovedValue
	Step   int
	// Config returns the grid's runs with param set to value (in the cells' order) and their
	// games' keys, or an error when that data is not valid (its rows are then skipped, with the
	// error's text).
	Config func(param string, value int) ([]Config, []string, error)
	// Simulate plays one cell's run; label names the grid it belongs to (the base or a move).
	Simulate func(label string, cfg Config) (*Results, error)
	// Interrupted reports an interruption: no further value is tried.
	Interrupted func() bool
	// Planned, when set, is told once, before anything is played, how many fewer episodes
	// will be played than the whole grid (1 + 2 × values) times: the cells whose key no move
	// changes and the moves that are not valid data (Config is called once more per move for
	// it).
	Planned func(delta int64)
	// Replay plays every cell of every move, even one whose key is unchanged (to pin that the
	// two give the same file).
	Replay bool
	// Played and Reused count, after Run, the cells of the moves played and those whose base
	// group stood for them.
	Played, Reused int
}

// gridBaseLabel is the label of the base grid's runs (GridSensitivity.Simulate).
const gridBaseLabel = "the data as it is"

// GridTeam is a team of a GridSensitivity: its name and the cells it plays in.
type GridTeam struct {
	Name  string
	Parts []GridPart
}

// GridPart is one cell a team plays in, and its line-up position there (0 for the first
// listed); the position's wins are the team's.
type GridPart struct{ Cell, Position int }

// Run plays the base grid and every moved value (until interrupted) and returns the base
// groups (every cell's, in order) with the rows: by value in the order given, down then up, one
// per team in the order of Teams. An interrupted run is partial and holds the rows done so far
// (those of the move under way paired over the episodes it played).
func (s *GridSensitivity) Run() (*Results, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if err := s.plan(); err != nil {
		return nil, err
	}
	var res *Results
	for _, cfg := range s.Base {
		cfg.Outcomes = true
		r, err := s.Simulate(gridBaseLabel, cfg)
		if err != nil {
			return nil, err
		}
		for _, g := range r.Groups {
			g.ConfigFingerprint = cfg.Game.Fingerprint()
		}
		res = AppendResults(res, r)
	}
	return moveAll(res, s.Values, s.Step, s.Interrupted, func(v MovedValue, value int, label string) ([]SensitivityRow, error) {
		return s.move(res, v, value, label)
	})
}

// check refuses a grid whose cells, keys and teams do not fit together.
func (s *GridSensitivity) check() error {
	if len(s.Base) == 0 {
		return errors.New("sim: grid sensitivity: no cell")
	}
	if len(s.Keys) != len(s.Base) {
		return fmt.Errorf("sim: grid sensitivity: %d keys for %d cells", len(s.Keys), len(s.Base))
	}
	for i, cfg := range s.Base {
		if len(cfg.Players)*len(cfg.Agents) != 1 {
			return fmt.Errorf("sim: grid sensitivity: cell %d plays %d groups, not one", i, len(cfg.Players)*len(cfg.Agents))
		}
	}
	for _, t := range s.Teams {
		for _, p := range t.Parts {
			if p.Cell < 0 || p.Cell >= len(s.Base) || p.Position < 0 || p.Position >= OutcomeParts {
				return fmt.Errorf("sim: grid sensitivity: team %s: cell %d, position %d", t.Name, p.Cell, p.Position)
			}
		}
	}
	return nil
}

// plan tells Planned the episodes the moves will not play: the cells a move leaves as they are
// and every cell of a move that is not valid data.
func (s *GridSensitivity) plan() error {
	if s.Planned == nil {
		return nil
	}
	var grid, skip int64
	for _, cfg := range s.Base {
		grid += cfg.Total()
	}
	for _, v := range s.Values {
		for _, d := range []int{-s.Step, s.Step} {
			cfgs, keys, err := s.Config(v.Param, v.Base+d)
			if err != nil {
				skip += grid
				continue
			}
			if err := s.sameShape(v, v.Base+d, cfgs, keys); err != nil {
				return err
			}
			for i, cfg := range cfgs {
				if s.reuses(i, keys[i]) {
					skip += cfg.Total()
				}
			}
		}
	}
	s.Planned(-skip)
	return nil
}

// reuses reports whether cell i of a move, whose game's key is key, stands as its base cell.
func (s *GridSensitivity) reuses(i int, key string) bool {
	return !s.Replay && key != "" && key == s.Keys[i]
}

// sameShape refuses a moved grid that does not have the base's cells.
func (s *GridSensitivity) sameShape(v MovedValue, value int, cfgs []Config, keys []string) error {
	if len(cfgs) != len(s.Base) || len(keys) != len(s.Base) {
		return fmt.Errorf("sim: grid sensitivity: %s=%d has %d cells and %d keys, the base %d", v.Param, value, len(cfgs), len(keys), len(s.Base))
	}
	return nil
}

// move plays the grid with param at value (the cells whose key did not move stand as their base
// groups) and pairs it with the base groups of res: one row per team.
func (s *GridSensitivity) move(res *Results, v MovedValue, value int, label string) ([]SensitivityRow, error) {
	players := res.Groups[0].Players
	rows := make([]SensitivityRow, len(s.Teams))
	for ti, t := range s.Teams {
		rows[ti] = SensitivityRow{Players: players, Param: v.Param, Base: v.Base, Value: value, Team: t.Name}
	}
	cfgs, keys, err := s.Config(v.Param, value)
	if err != nil {
		for ti := range rows {
			rows[ti].Skipped = err.Error()
		}
		return rows, nil
	}
	if err := s.sameShape(v, value, cfgs, keys); err != nil {
		return nil, err
	}
	moved, err := s.playMoved(cfgs, keys, res.Groups, label)
	if err != nil {
		return nil, err
	}
	for _, g := range moved {
		if g.Partial {
			res.Partial, res.Stopped = true, StoppedInterrupted
		}
	}
	for ti, t := range s.Teams {
		rows[ti].Paired = pairTeam(t, res.Groups, moved)
	}
	return rows, nil
}

// playMoved plays the moved grid cfgs and returns its groups, cell by cell: the base group of a
// cell whose key is that of its base cell, else the group played.
func (s *GridSensitivity) playMoved(cfgs []Config, keys []string, base []*Group, label string) ([]*Group, error) {
	out := make([]*Group, len(cfgs))
	for i, cfg := range cfgs {
		if s.reuses(i, keys[i]) {
			out[i] = base[i]
			s.Reused++
			continue
		}
		s.Played++
		cfg.Outcomes = true
		r, err := s.Simulate(label, cfg)
		if err != nil {
			return nil, err
		}
		if len(r.Groups) != 1 {
			return nil, fmt.Errorf("sim: grid sensitivity: cell %d played %d groups", i, len(r.Groups))
		}
		out[i] = r.Groups[0]
	}
	return out, nil
}

// pairTeam pairs team t's episodes in the base and moved groups: in each cell it plays, the
// episodes both played (a prefix), those its position won in the base only and in the moved
// grid only (pairOutcomes' part counts), and those it won in the base.
func pairTeam(t GridTeam, base, moved []*Group) PairedOutcomes {
	var p PairedOutcomes
	for _, part := range t.Parts {
		b, m := base[part.Cell], moved[part.Cell]
		n := min(b.Episodes, m.Episodes)
		c := pairOutcomes(b.Outcomes, m.Outcomes, n)
		p.Episodes += n
		p.BaseOnly += c.PartBase[part.Position]
		p.MovedOnly += c.PartMoved[part.Position]
		for _, o := range b.Outcomes[:n] {
			if o.PartWon(part.Position + 1) {
				p.BaseWins++
			}
		}
	}
	return p
}

// AppendResults adds the groups (and ladder pairs) of res to all (nil: res itself), the points
// of a grid played one run at a time: partial when either is, stopped for the strongest reason
// (an interruption over a precision stop).
func AppendResults(all, res *Results) *Results {
	if all == nil {
		return res
	}
	all.Groups = append(all.Groups, res.Groups...)
	all.Ladder = append(all.Ladder, res.Ladder...)
	all.Partial = all.Partial || res.Partial
	if all.Stopped != StoppedInterrupted && res.Stopped != "" {
		all.Stopped = res.Stopped
	}
	return all
}
