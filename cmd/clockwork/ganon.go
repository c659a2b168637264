package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/configs"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
)

// ganonParam is the params key of a Ganon target point: the target for every skill at P players.
func ganonParam(players int) string { return fmt.Sprintf("ganon.targets.%d", players) }

// ganonSets returns the --set values that make Ganon's three targets t at p players.
func ganonSets(p, t int) []string {
	var out []string
	for _, s := range []string{"move", "attack", "interact"} {
		out = append(out, fmt.Sprintf("ganon.targets.%d.%s=%d", p, s, t))
	}
	return out
}

func ganonCommand() *cli.Command {
	flags := simFlags()
	flags = append(flags,
		&cli.StringFlag{Name: "targets", Value: defaultGanonTargets, Usage: "Ganon targets to try (the same for the three skills): `VALUES` as a list or A..B or A..B:STEP"},
		&cli.Float64Flag{Name: "goal", Usage: "also find, by bisection, the target that gives this campaign win `RATE` (e.g. 0.5)"},
	)
	flags = append(flags, reportFlags()...)
	for _, f := range flags {
		if sf, ok := f.(*cli.IntFlag); ok && sf.Name == "campaigns" {
			sf.Value = 2000
		}
	}
	return &cli.Command{
		Name:  "ganon",
		Usage: "is Ganon beatable? win rates against Ganon's targets, per player count",
		Description: "For each player count, runs the campaigns at each Ganon target (Move, Attack and Interact\n" +
			"all set to it), replaying the same campaigns at every target (common random numbers). It\n" +
			"prints the campaign win rate and the rate of beating Ganon once his Boss Room is reached,\n" +
			"with 95% intervals; with --goal, the target that gives that win rate (bisection over whole\n" +
			"targets); and the Shards the heroes bring to the Tower and what Ganon still asked of their\n" +
			"cards when he won. Writes results.json (a group per player count and target).\n\n" +
			"Examples:\n" +
			"  clockwork ganon --players 3\n" +
			"  clockwork ganon --players 2,3,4 --goal 0.5 --campaigns 5000\n" +
			"  clockwork ganon --players 3 --targets 12..24:2",
		Flags: flags,
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("clockwork ganon: takes no arguments", exitBadInput)
			}
			if _, err := parseFormats(c.String("formats")); err != nil {
				return cli.Exit("clockwork ganon: "+err.Error(), exitBadInput)
			}
			goal := c.Float64("goal")
			if goal < 0 || goal >= 1 {
				return cli.Exit(fmt.Sprintf("clockwork ganon: --goal %g: must be between 0 and 1", goal), exitBadInput)
			}
			base, err := loadData(c)
			if err != nil {
				return err
			}
			baseCfg, err := simConfig(c, base.Data)
			if err != nil {
				return cli.Exit("clockwork ganon: "+err.Error(), exitBadInput)
			}
			if err := checkOutputs(c); err != nil {
				return err
			}
			var all *sim.Results
			w := c.App.Writer
			for _, p := range baseCfg.Players {
				targets, err := ganonTargets(c.String("targets"), p)
				if err != nil {
					return cli.Exit("clockwork ganon: "+err.Error(), exitBadInput)
				}
				rates := map[int]*sim.Group{}
				run := func(t int) (*sim.Group, error) {
					if g, ok := rates[t]; ok {
						return g, nil
					}
					l, err := configs.LoadDir(c.String("config"), append(append([]string{}, c.StringSlice("set")...), ganonSets(p, t)...))
					if err != nil {
						return nil, cli.Exit(fmt.Sprintf("clockwork ganon: target %d: %v", t, err), exitBadInput)
					}
					cfg := baseCfg
					cfg.Data = l.Data
					cfg.Players = []int{p}
					cfg.Params = map[string]string{ganonParam(p): strconv.Itoa(t)}
					for _, s := range c.StringSlice("set") {
						k, v, _ := strings.Cut(s, "=")
						cfg.Params[k] = v
					}
					fmt.Fprintf(c.App.ErrWriter, "%d players, Ganon target %d\n", p, t)
					res, err := runSim(c, cfg)
					if err != nil {
						return nil, err
					}
					g := res.Groups[0]
					g.ConfigFingerprint = l.Data.Fingerprint
					rates[t] = g
					if all == nil {
						all = res
						all.ConfigFingerprint = base.Data.Fingerprint
						all.Groups = nil
					}
					all.Groups = append(all.Groups, g)
					all.Partial = all.Partial || res.Partial
					return g, nil
				}
				for _, t := range targets {
					if _, err := run(t); err != nil {
						return err
					}
				}
				if goal > 0 {
					t, g, err := bisectGanon(run, targets[0], targets[len(targets)-1], goal)
					if err != nil {
						return err
					}
					rate := reports.NewRate(g.Wins, g.Campaigns)
					fmt.Fprintf(w, "%d players: Ganon target %d gives a %.1f%% campaign win rate (95%% %.1f-%.1f%%), the closest to %.1f%%\n",
						p, t, 100*rate.P, 100*rate.Lo, 100*rate.Hi, 100*goal)
				}
			}
			if all == nil {
				return cli.Exit("clockwork ganon: nothing was run", exitBadInput)
			}
			sort.SliceStable(all.Groups, func(i, j int) bool {
				a, b := all.Groups[i], all.Groups[j]
				if a.Players != b.Players {
					return a.Players < b.Players
				}
				ta, _ := strconv.Atoi(a.Params[ganonParam(a.Players)])
				tb, _ := strconv.Atoi(b.Params[ganonParam(b.Players)])
				return ta < tb
			})
			printGanon(w, all)
			out := filepath.Join(c.String("out"), "results.json")
			if err := all.WriteFile(out); err != nil {
				return cli.Exit("clockwork ganon: writing "+out+": "+err.Error(), exitFailure)
			}
			fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", out)
			if err := writeOutcomes(c, all); err != nil {
				return err
			}
			return writeReport(c, all)
		},
	}
}

// defaultGanonTargets are the targets tried when --targets is not given: the same for every
// player count, so that the heatmap is a full grid.
const defaultGanonTargets = "6..30:3"

// ganonTargets parses --targets (empty: defaultGanonTargets).
func ganonTargets(s string, p int) ([]int, error) {
	if s == "" {
		s = defaultGanonTargets
	}
	sp, err := parseSweepParam("targets=" + s)
	if err != nil {
		return nil, fmt.Errorf("--targets %q: a list or a range of whole numbers", s)
	}
	var out []int
	for _, v := range sp.values {
		t, err := strconv.Atoi(v)
		if err != nil || t < 0 || t > 99 {
			return nil, fmt.Errorf("--targets %q: targets are whole numbers from 0 to 99", s)
		}
		out = append(out, t)
	}
	return out, nil
}

// bisectGanon finds, among whole targets in [lo, hi], the one whose campaign win rate is closest
// to goal, assuming the win rate falls as the target rises (common random numbers make the
// comparison between targets precise).
func bisectGanon(run func(int) (*sim.Group, error), lo, hi int, goal float64) (int, *sim.Group, error) {
	rate := func(t int) (float64, *sim.Group, error) {
		g, err := run(t)
		if err != nil {
			return 0, nil, err
		}
		return float64(g.Wins) / float64(max(g.Campaigns, 1)), g, nil
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		r, _, err := rate(mid)
		if err != nil {
			return 0, nil, err
		}
		if r >= goal {
			lo = mid
		} else {
			hi = mid
		}
	}
	rl, gl, err := rate(lo)
	if err != nil {
		return 0, nil, err
	}
	rh, gh, err := rate(hi)
	if err != nil {
		return 0, nil, err
	}
	if abs(rl-goal) <= abs(rh-goal) {
		return lo, gl, nil
	}
	return hi, gh, nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// printGanon prints the win rates by player count and target, then the Shards brought to the
// Tower and the shortfall.
func printGanon(w io.Writer, r *sim.Results) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "players\ttarget\tcampaigns\twin rate\t95% interval\tGanon reached\tbeaten once reached\t95% interval")
	for _, g := range r.Groups {
		win, beat := reports.NewRate(g.Wins, g.Campaigns), reports.NewRate(g.Ganon.Defeated, g.Ganon.Reached)
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s-%s\t%s\t%s\t%s-%s\n", g.Players, g.Params[ganonParam(g.Players)], g.Campaigns,
			pct(g.Wins, g.Campaigns), pctf(win.Lo), pctf(win.Hi), pct(g.Ganon.Reached, g.Campaigns), pct(g.Ganon.Defeated, g.Ganon.Reached), pctf(beat.Lo), pctf(beat.Hi))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nShards the team brings to Ganon's Tower (the end of the campaign), and what Ganon still")
	fmt.Fprintln(w, "asked of the cards when he won (mean per skill, after the Shards)")
	fmt.Fprintln(tw, "players\ttarget\tmean Shards\tmedian\tshortfall move\tattack\tinteract")
	for _, g := range r.Groups {
		shards, median := histSummary(g.FinalShardsHist)
		move, _ := histSummary(g.Ganon.ShortfallHist["move"])
		attack, _ := histSummary(g.Ganon.ShortfallHist["attack"])
		interact, _ := histSummary(g.Ganon.ShortfallHist["interact"])
		fmt.Fprintf(tw, "%d\t%s\t%.2f\t%d\t%.1f\t%.1f\t%.1f\n", g.Players, g.Params[ganonParam(g.Players)], shards, median, move, attack, interact)
	}
	tw.Flush()
}

// histSummary returns the mean and median of a histogram (reports.Summarize), 0 and 0 when it
// is empty.
func histSummary(h []int64) (mean float64, median int) {
	st := reports.Summarize(h)
	if st.N == 0 {
		return 0, 0
	}
	return st.Mean, int(st.Median)
}
