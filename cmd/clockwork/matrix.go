package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

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
	flags = append(append(flags, checkpointFlags()...), reportFlags()...)
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
	if c.String("players") != "2" {
		return cli.Exit(fmt.Sprintf("--players %q: the matrix is of two-player games", c.String("players")), exitBadInput)
	}
	l, err := loadGameData(c, g)
	if err != nil {
		return err
	}
	base := l.simGame().(*duelssim.Game)
	teams, err := pick("--teams", c.String("teams"), duelssim.TeamIDs(base.Data))
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	maps, err := pick("--maps", c.String("maps"), duelssim.MapIDs(base.Data))
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	var points []map[string]string
	for _, m := range maps {
		for i, a := range teams {
			for _, b := range teams[i:] {
				points = append(points, map[string]string{"map": m, "teams": a + "," + b})
			}
		}
	}
	plain := *g
	plain.configure = nil // the match-ups are the matrix's, not --teams and --map
	cfg, err := seatConfig(c, &plain, base)
	if err != nil {
		return cli.Exit(err.Error(), exitBadInput)
	}
	cfg.Rotate = true
	cfg.RoundCap = base.Data.Rules.TurnCap
	var cfgs []sim.Config
	for _, pt := range points {
		game, err := duelssim.New(base.Data, strings.Split(pt["teams"], ","), pt["map"])
		if err != nil {
			return cli.Exit(err.Error(), exitBadInput)
		}
		run := cfg
		run.Game = game
		run.Params = map[string]string{"map": pt["map"], "teams": pt["teams"]}
		for k, v := range cfg.Params {
			run.Params[k] = v
		}
		cfgs = append(cfgs, run)
	}
	return runGrid(c, format, cfgs, points, base.Fingerprint(), []string{"teams=" + strings.Join(teams, ","), "maps=" + strings.Join(maps, ",")})
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
