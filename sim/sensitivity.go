package sim

import (
	"fmt"
	"hash/fnv"
	"strconv"
)

// SensitivityRow is one data value moved one step, at one player count, against the run on the
// data as it is: the same campaigns (common random numbers), paired campaign by campaign.
type SensitivityRow struct {
	Players int    `json:"players"`
	Param   string `json:"param"` // the --set path
	Base    int    `json:"base"`  // its value in the data
	Value   int    `json:"value"` // the value tried
	// Skipped says why the value could not be tried (the moved data is not valid); the counts
	// are then zero.
	Skipped string `json:"skipped,omitempty"`
	// Team names the team whose win rate the row pairs, in a sensitivity over Zelda Duels'
	// match-up matrix (GridSensitivity): its games against the other teams, pooled over the maps
	// (mirrors left out). Empty for a row of the file's group at Players.
	Team   string         `json:"team,omitempty"`
	Paired PairedOutcomes `json:"paired"`
}

// PairedOutcomes counts two versions of the same campaigns, the base (the data as it is) and the moved
// one: the campaigns (and each level) won by one only, and the sums of the differences of the
// Shards held at the end (moved minus base) and of their squares, which give the paired mean
// difference and its standard error.
type PairedOutcomes struct {
	Episodes   int64               `json:"campaigns"`
	BaseOnly   int64               `json:"won_by_base_only"`
	MovedOnly  int64               `json:"won_by_moved_only"`
	PartBase   [OutcomeParts]int64 `json:"level_won_by_base_only"`
	PartMoved  [OutcomeParts]int64 `json:"level_won_by_moved_only"`
	ScoreDiff  int64               `json:"shards_diff_sum"`
	ScoreDiff2 int64               `json:"shards_diff_squares_sum"`
	// BaseWins are the campaigns (games) of the pairs that the base won: on a team's row only
	// (SensitivityRow.Team), whose base win rate no group holds.
	BaseWins int64 `json:"base_wins,omitempty"`
}

// pairOutcomes counts the paired outcomes of the same campaigns (positions of one shard) played
// by base and moved, over the prefix both played (also a ladder's pairs: base the lower rung).
func pairOutcomes(base, moved []Outcome, n int64) PairedOutcomes {
	p := PairedOutcomes{Episodes: n}
	for i := range n {
		b, m := base[i], moved[i]
		switch {
		case b.Won() && !m.Won():
			p.BaseOnly++
		case m.Won() && !b.Won():
			p.MovedOnly++
		}
		for lvl := 1; lvl <= OutcomeParts; lvl++ {
			bw, mw := b.PartWon(lvl), m.PartWon(lvl)
			switch {
			case bw && !mw:
				p.PartBase[lvl-1]++
			case mw && !bw:
				p.PartMoved[lvl-1]++
			}
		}
		d := int64(m.Score() - b.Score())
		p.ScoreDiff += d
		p.ScoreDiff2 += d * d
	}
	return p
}

// Sensitivity is the work of `clockwork sensitivity`: the base run on the data as it is, then
// for every value each step down and up, the same campaigns on the moved data, paired with the
// base. The caller supplies how a moved value's run is configured (its data) and played.
type Sensitivity struct {
	// Base is the run on the data as it is (its outcomes are recorded).
	Base Config
	// Values are the data values to move and their values in the data.
	Values []MovedValue
	// Step is how far each value moves, down and up.
	Step int
	// Config returns the run with param set to value, or an error when that data is not valid
	// (the row is then skipped, with the error's text).
	Config func(param string, value int) (Config, error)
	// Simulate plays one run; label names it for progress lines.
	Simulate func(label string, cfg Config) (*Results, error)
	// Interrupted reports an interruption: no further value is tried.
	Interrupted func() bool
}

// MovedValue is a data value that Sensitivity moves.
type MovedValue struct {
	Param string
	Base  int
}

// Run plays the base run and every moved value (until interrupted) and returns the base groups
// with the rows: by value in the order given, down then up, by player count. An interrupted run
// is partial and holds the rows done so far.
func (s *Sensitivity) Run() (*Results, error) {
	base := s.Base
	base.Outcomes = true
	res, err := s.Simulate("the data as it is", base)
	if err != nil {
		return nil, err
	}
	return moveAll(res, s.Values, s.Step, s.Interrupted, func(v MovedValue, value int, label string) ([]SensitivityRow, error) {
		return s.move(res, v, value, label)
	})
}

// moveAll moves each value a step down and up in turn, until interrupted (res is then partial),
// and appends the rows move returns for each to res's.
func moveAll(res *Results, values []MovedValue, step int, interrupted func() bool,
	move func(v MovedValue, value int, label string) ([]SensitivityRow, error)) (*Results, error) {
	for i, v := range values {
		for _, d := range []int{-step, step} {
			if interrupted() {
				res.Partial, res.Stopped = true, StoppedInterrupted
				return res, nil
			}
			label := fmt.Sprintf("value %d/%d: %s=%d", i+1, len(values), v.Param, v.Base+d)
			rows, err := move(v, v.Base+d, label)
			if err != nil {
				return nil, err
			}
			res.Sensitivity = append(res.Sensitivity, rows...)
		}
	}
	return res, nil
}

// move plays param at value and pairs it with the base groups of res: one row per player count.
func (s *Sensitivity) move(res *Results, v MovedValue, value int, label string) ([]SensitivityRow, error) {
	rows := make([]SensitivityRow, len(res.Groups))
	for gi, g := range res.Groups {
		rows[gi] = SensitivityRow{Players: g.Players, Param: v.Param, Base: v.Base, Value: value}
	}
	cfg, err := s.Config(v.Param, value)
	if err != nil {
		for gi := range rows {
			rows[gi].Skipped = err.Error()
		}
		return rows, nil
	}
	cfg.Outcomes = true
	moved, err := s.Simulate(label, cfg)
	if err != nil {
		return nil, err
	}
	if len(moved.Groups) != len(res.Groups) {
		return nil, fmt.Errorf("sim: sensitivity: %s=%d played %d groups, the base %d", v.Param, value, len(moved.Groups), len(res.Groups))
	}
	for gi, g := range res.Groups {
		m := moved.Groups[gi]
		rows[gi].Paired = pairOutcomes(g.Outcomes, m.Outcomes, min(g.Episodes, m.Episodes))
		if m.Partial {
			res.Partial, res.Stopped = true, StoppedInterrupted
		}
	}
	return rows, nil
}

// sensitivityShape describes a file's rows ("none" for none), for refusing to merge shards of
// different runs.
func sensitivityShape(rows []SensitivityRow) string {
	if len(rows) == 0 {
		return "none"
	}
	h := fnv.New64a()
	for _, r := range rows {
		fmt.Fprintf(h, "%d|%s|%d|%s;", r.Players, r.Param, r.Value, r.Skipped)
		if r.Team != "" {
			fmt.Fprintf(h, "team %s;", r.Team)
		}
	}
	return fmt.Sprintf("%d rows (values %016x)", len(rows), h.Sum64())
}

// addSensitivity adds the rows of the files of one run's shards (sameRun checked their shape).
func addSensitivity(files []*Results) []SensitivityRow {
	var out []SensitivityRow
	for fi, f := range files {
		if fi == 0 {
			out = append(out, f.Sensitivity...)
			continue
		}
		for i, r := range f.Sensitivity {
			out[i].Paired.add(&r.Paired)
		}
	}
	return out
}

// add adds o's counts to p.
func (p *PairedOutcomes) add(o *PairedOutcomes) {
	p.Episodes += o.Episodes
	p.BaseOnly += o.BaseOnly
	p.MovedOnly += o.MovedOnly
	for l := range p.PartBase {
		p.PartBase[l] += o.PartBase[l]
		p.PartMoved[l] += o.PartMoved[l]
	}
	p.ScoreDiff += o.ScoreDiff
	p.ScoreDiff2 += o.ScoreDiff2
	p.BaseWins += o.BaseWins
}

// sensitivity checks the rows of a sensitivity file: each at a player count of the file,
// counts not negative and within the campaigns of the base group (a team's row: within the
// games of the groups at its player count, its discordant games within its base wins and
// losses).
func (v *validator) sensitivity(r *Results) {
	for i, row := range r.Sensitivity {
		rp := fmt.Sprintf("sensitivity[%d]", i)
		var base *Group
		var games int64
		for _, g := range r.Groups {
			if g.Players == row.Players {
				base, games = g, games+g.Episodes
			}
		}
		if base == nil {
			v.fail(rp+".players", "no group at %d players", row.Players)
			continue
		}
		if row.Param == "" {
			v.fail(rp+".param", "missing")
		}
		p := row.Paired
		if row.Team != "" {
			v.teamRow(rp, p, games)
		} else {
			v.count(rp+".paired.campaigns", p.Episodes, base.Episodes, "the base group's campaigns")
			v.count(rp+".paired.won_by_base_only", p.BaseOnly, min(base.Wins, p.Episodes), "the base's wins or the campaigns")
			v.count(rp+".paired.won_by_moved_only", p.MovedOnly, p.Episodes-p.BaseOnly, "the campaigns the base did not win alone")
			v.count(rp+".paired.base_wins", p.BaseWins, 0, "nothing (only a team's row counts them)")
		}
		for l := range p.PartBase {
			lp := rp + ".paired.level_won_by_base_only[" + strconv.Itoa(l) + "]"
			v.count(lp, p.PartBase[l]+p.PartMoved[l], p.Episodes, "the campaigns (with level_won_by_moved_only)")
			v.count(lp, p.PartBase[l], -1, "")
			v.count(rp+".paired.level_won_by_moved_only["+strconv.Itoa(l)+"]", p.PartMoved[l], -1, "")
		}
		v.count(rp+".paired.shards_diff_squares_sum", p.ScoreDiff2, -1, "")
		if p.ScoreDiff*p.ScoreDiff > p.ScoreDiff2*max(p.Episodes, 1) {
			v.fail(rp+".paired.shards_diff_sum", "%d does not fit the sum of squares %d over %d campaigns", p.ScoreDiff, p.ScoreDiff2, p.Episodes)
		}
	}
}

// teamRow checks the counts of a team's row: its games within the games of the groups at its
// player count, its base wins within its games, the games won by the base only within its
// base wins and those won by the moved data only within its base's other games.
func (v *validator) teamRow(rp string, p PairedOutcomes, games int64) {
	v.count(rp+".paired.campaigns", p.Episodes, games, "the games of the groups at its player count")
	v.count(rp+".paired.base_wins", p.BaseWins, p.Episodes, "the campaigns")
	v.count(rp+".paired.won_by_base_only", p.BaseOnly, p.BaseWins, "the base's wins")
	v.count(rp+".paired.won_by_moved_only", p.MovedOnly, p.Episodes-p.BaseWins, "the games the base did not win")
}
