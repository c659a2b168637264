package main

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// maxCachedCells bounds the match-ups a matrix tune keeps to reuse (a few hundred candidates of
// a ten-team matrix); past it the cache starts again.
const maxCachedCells = 20000

// tuneMatrix is the match-up matrix a tune plays for every candidate (`duels tune --matrix`):
// its plan, the match-up keys of its cells on the data as it is, and the cells played so far
// by their seed, games and match-up key.
type tuneMatrix struct {
	plan     *matrixPlan
	baseKeys []string
	cells    map[string]*sim.Results
}

// tuneBase loads the data as it is and reads the run every candidate plays: the flags' run, or
// with --matrix the match-up matrix of --teams and --maps (and its run but the match-ups).
func tuneBase(c *cli.Context, g simCommands) (*tuneMatrix, sim.Game, sim.Config, error) {
	matrix, err := wantsMatrix(c)
	if err != nil {
		return nil, nil, sim.Config{}, err
	}
	if !matrix {
		base, cfg, err := baseConfig(c, g)
		return nil, base, cfg, err
	}
	base, err := g.load(c, dataSets(c))
	if err != nil {
		return nil, nil, sim.Config{}, err
	}
	game := base.(*duelssim.Game)
	plan, err := planMatrix(c, g.(*seatGame), game)
	if err != nil {
		return nil, nil, sim.Config{}, err
	}
	_, keys, err := plan.runs(game.Data, nil, false)
	if err != nil {
		return nil, nil, sim.Config{}, cli.Exit(err.Error(), exitBadInput)
	}
	return &tuneMatrix{plan: plan, baseKeys: keys, cells: map[string]*sim.Results{}}, base, plan.cfg, nil
}

// play plays the matrix on game (the data with the edits, labelled with params) on seed for
// games a cell (their shard when shard.Count is above 1), as `duels matrix --set-file` would with those edits, and returns it with what the
// candidate costs: the games of the cells whose match-up the edits changed (the others are the
// data as it is's), every cell's for the data as it is (no params). A cell whose match-up reads the same data as a cell played before on the
// same seed is not played again: its games would be the same (common random numbers).
func (m *tuneMatrix) play(s *session, game sim.Game, params map[string]string, seed uint64, games int, shard sim.Shard, label string) (*sim.Results, int64, error) {
	cfgs, keys, err := m.plan.runs(game.(*duelssim.Game).Data, params, false)
	if err != nil {
		return nil, 0, err
	}
	if len(m.cells) > maxCachedCells {
		clear(m.cells)
	}
	var all *sim.Results
	var changed int64
	for i, cfg := range cfgs {
		cfg.Seed, cfg.Episodes = seed, games
		if shard.Count > 1 {
			cfg.Shard = shard
		}
		if len(params) == 0 || keys[i] != m.baseKeys[i] {
			changed += cfg.Total()
		}
		key := fmt.Sprintf("%d/%d/%d/%d/%s", seed, games, shard.Index, shard.Count, keys[i])
		res, ok := m.cells[key]
		if !ok {
			s.prog.addTotal(cfg.Total())
			if res, err = s.simulate(fmt.Sprintf("%s: %s", label, pointText(m.plan.cells[i])), cfg); err != nil {
				return nil, 0, err
			}
			if res.Partial {
				return res, changed, nil
			}
			m.cells[key] = res
		}
		all = appendCell(all, res, cfg)
	}
	all.ConfigFingerprint = game.Fingerprint()
	return all, changed, nil
}

// appendCell adds the group of a cell's results to all (a copy of its header first), labelled
// as the cell's run cfg labels it, as a matrix's results file holds it.
func appendCell(all, cell *sim.Results, cfg sim.Config) *sim.Results {
	if all == nil {
		head := *cell
		head.Groups, head.Ladder = nil, nil
		all = &head
	}
	for _, g := range cell.Groups {
		one := *g
		one.Params, one.ConfigFingerprint = maps.Clone(cfg.Params), cfg.Game.Fingerprint()
		all.Groups = append(all.Groups, &one)
	}
	return all
}

// editParams are the edits as the groups' params label them, as `--set-file patch.yaml` does.
func editParams(edits []sim.Edit) map[string]string {
	out := map[string]string{}
	for _, e := range edits {
		out[e.Path] = strconv.Itoa(e.To)
	}
	return out
}
