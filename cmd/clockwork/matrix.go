package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	rules "github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// matrixCommand is `clockwork duels matrix`: every match-up of two teams (mirrors included) on
// every map, each deal played from both seats, in one results file.
func matrixCommand(g *seatGame) *cli.Command {
	flags := seatSimFlags(g, "out/matrix", 1000)
	defaults(flags, map[string]any{"players": "2"})
	flags = slices.DeleteFunc(flags, func(f cli.Flag) bool { return f.Names()[0] == "teams" || f.Names()[0] == "map" })
	flags = append(flags,
		&cli.StringFlag{Name: "teams", Value: "all", Usage: "the teams of the matrix, `LIST` or all"},
		&cli.StringFlag{Name: "maps", Value: "all", Usage: "the maps of the matrix, `LIST` or all"},
	)
	flags = append(append(append(flags, checkpointFlags()...), reportFlags()...), verboseFlag())
	return &cli.Command{
		Name:  "matrix",
		Usage: "the match-up matrix: every team against every team on every map, both seats on every deal",
		Description: "Plays --games games of every pair of --teams (mirror match-ups included) on every one of\n" +
			"--maps, two players, with the seats rotated (every deal played once from each seat, so the\n" +
			"first-player roll cancels out), and writes one results.json with a group per match-up and\n" +
			"map (params teams=A,B and map=M). A team's win rate against another is the first listed\n" +
			"team's wins of its group. Ctrl-C and --checkpoint work as for sweep.\n\n" +
			"Examples:\n" +
			"  clockwork duels matrix --agent tactical --games 1000\n" +
			"  clockwork duels matrix --teams link,zelda,ganon --maps lost_woods --games 400",
		Flags:  flags,
		Action: func(c *cli.Context) error { return matrixAction(c, g) },
	}
}

// matrixAction checks the flags and the data, makes the run of every match-up and map, and plays
// them as the points of a grid.
func matrixAction(c *cli.Context, g *seatGame) error {
	if c.NArg() > 0 {
		return cli.Exit("takes no arguments", exitBadInput)
	}
	format, err := summaryFormat(c)
	if err != nil {
		return err
	}
	l, err := loadGameData(c, g)
	if err != nil {
		return err
	}
	base := l.simGame().(*duelssim.Game)
	plan, err := planMatrix(c, g, base)
	if err != nil {
		return err
	}
	cfgs, _, err := plan.runs(base.Data, nil, false)
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	return runGrid(c, format, cfgs, plan.cells, base.Fingerprint(), plan.identity())
}

// matrixPlan is the match-up matrix of a command's flags: its teams and maps, its cells (every
// pair of teams, mirrors included, on every map, as a group's params map and teams) and the run
// of a cell but its game.
type matrixPlan struct {
	teams, maps []string
	cells       []map[string]string
	cfg         sim.Config
}

// planMatrix reads the matrix's flags on the data of base: --players (two, the default),
// --teams (two or more; all when not given) and --maps (all when not given), and the run
// flags (--agent, --games, ...; the seats always rotated).
func planMatrix(c *cli.Context, g *seatGame, base *duelssim.Game) (*matrixPlan, error) {
	if c.IsSet("players") && c.String("players") != "2" {
		return nil, cli.Exit(fmt.Sprintf("--players %q: the matrix is of two-player games", c.String("players")), exitBadInput)
	}
	list := "all"
	if c.IsSet("teams") {
		list = c.String("teams")
	}
	teams, err := pick("--teams", list, duelssim.TeamIDs(base.Data))
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	if len(teams) < 2 {
		return nil, cli.Exit(fmt.Sprintf("--teams %q: the matrix needs 2 teams or more (a team's win rate is over its games against the others)", list), exitBadInput)
	}
	maps, err := pick("--maps", c.String("maps"), duelssim.MapIDs(base.Data))
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	p := &matrixPlan{teams: teams, maps: maps}
	for _, m := range maps {
		for i, a := range teams {
			for _, b := range teams[i:] {
				p.cells = append(p.cells, map[string]string{"map": m, "teams": a + "," + b})
			}
		}
	}
	plain := *g
	plain.seatRules = unconfigured{g.seatRules} // the match-ups are the matrix's, not --teams and --map
	if p.cfg, err = seatConfig(c, &plain, base); err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	p.cfg.Players, p.cfg.Rotate = []int{2}, true // whatever the command's default --players
	return p, nil
}

// runs returns the run of every cell on data d, each with the params map and teams, the --set
// values and extra (a sweep point's), and its game's key (duelssim.Game.MatchupKey). With
// positions, a cell's game records which position won each game (duelssim.PositionGame).
func (p *matrixPlan) runs(d *rules.Data, extra map[string]string, positions bool) ([]sim.Config, []string, error) {
	var cfgs []sim.Config
	var keys []string
	for _, pt := range p.cells {
		game, err := duelssim.New(d, strings.Split(pt["teams"], ","), pt["map"])
		if err != nil {
			return nil, nil, err
		}
		run := p.cfg
		run.Game, run.TurnCap = game, d.Rules.TurnCap
		if positions {
			run.Game = duelssim.PositionGame{Game: game}
		}
		run.Params = map[string]string{"map": pt["map"], "teams": pt["teams"]}
		for k, v := range p.cfg.Params {
			run.Params[k] = v
		}
		for k, v := range extra {
			run.Params[k] = v
		}
		cfgs = append(cfgs, run)
		keys = append(keys, game.MatchupKey())
	}
	return cfgs, keys, nil
}

// identity is the matrix as a checkpoint records it: its teams and maps.
func (p *matrixPlan) identity() []string {
	return []string{"teams=" + strings.Join(p.teams, ","), "maps=" + strings.Join(p.maps, ",")}
}

// gridTeams are the teams of the matrix as a grid sensitivity pairs them: each with the cells it
// plays against another team, and its position there.
func (p *matrixPlan) gridTeams() []sim.GridTeam {
	var out []sim.GridTeam
	for _, t := range p.teams {
		gt := sim.GridTeam{Name: t}
		for i, pt := range p.cells {
			a, b, _ := strings.Cut(pt["teams"], ",")
			switch {
			case a == b:
			case a == t:
				gt.Parts = append(gt.Parts, sim.GridPart{Cell: i, Position: 0})
			case b == t:
				gt.Parts = append(gt.Parts, sim.GridPart{Cell: i, Position: 1})
			}
		}
		out = append(out, gt)
	}
	return out
}

// pick reads a list flag of ids, or "all" of them.
func pick(flag, list string, all []string) ([]string, error) {
	if strings.TrimSpace(list) == "all" {
		return all, nil
	}
	var out []string
	for _, id := range splitList(list) {
		if !slices.Contains(all, id) {
			return nil, fmt.Errorf("%s %q: %q is not one of: %s", flag, list, id, strings.Join(all, ", "))
		}
		if slices.Contains(out, id) {
			return nil, fmt.Errorf("%s %q: %s appears twice", flag, list, id)
		}
		out = append(out, id)
	}
	return out, nil
}

// unconfigured is a game's rules without their own flags' configuration.
type unconfigured struct{ seatRules }

func (unconfigured) configure(*cli.Context, *sim.Config) error { return nil }
