package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/configs"
	"github.com/clockworksim/clockwork/sim"
)

// sweepParam is one swept --set path and its values.
type sweepParam struct {
	key    string
	values []string
}

// parseSweepParam reads `key=values`: a list (4,5,6), a range (2..8) or a stepped range
// (10..30:2). Values of a range are whole numbers.
func parseSweepParam(s string) (sweepParam, error) {
	key, vals, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" || vals == "" {
		return sweepParam{}, fmt.Errorf("--param %q: expected PATH=VALUES, e.g. setup.skill_cards_per_type.3=2..8", s)
	}
	p := sweepParam{key: key}
	if lo, rest, isRange := strings.Cut(vals, ".."); isRange {
		hi, stepText, hasStep := strings.Cut(rest, ":")
		step := 1
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		var err3 error
		if hasStep {
			step, err3 = strconv.Atoi(strings.TrimSpace(stepText))
		}
		if err1 != nil || err2 != nil || err3 != nil || step < 1 || b < a {
			return sweepParam{}, fmt.Errorf("--param %q: a range is A..B or A..B:STEP with whole numbers, A <= B, STEP >= 1", s)
		}
		if (b-a)/step+1 > 1000 {
			return sweepParam{}, fmt.Errorf("--param %q: more than 1000 values", s)
		}
		for v := a; v <= b; v += step {
			p.values = append(p.values, strconv.Itoa(v))
		}
		return p, nil
	}
	for _, v := range strings.Split(vals, ",") {
		if v = strings.TrimSpace(v); v == "" {
			return sweepParam{}, fmt.Errorf("--param %q: an empty value", s)
		}
		p.values = append(p.values, v)
	}
	return p, nil
}

// grid returns every combination of the params' values (the first param varies slowest).
func grid(params []sweepParam) []map[string]string {
	points := []map[string]string{{}}
	for _, p := range params {
		var next []map[string]string
		for _, pt := range points {
			for _, v := range p.values {
				m := make(map[string]string, len(pt)+1)
				for k, x := range pt {
					m[k] = x
				}
				m[p.key] = v
				next = append(next, m)
			}
		}
		points = next
	}
	return points
}

func sweepCommand() *cli.Command {
	flags := simFlags()
	flags = append(flags, &cli.StringSliceFlag{Name: "param", Usage: "a swept data value `PATH=VALUES`: a list 4,5,6, a range 2..8 or 10..30:2 (repeatable: a grid)"})
	flags = append(flags, reportFlags()...)
	return &cli.Command{
		Name:  "sweep",
		Usage: "run the simulation at every value of one or more data values (a grid)",
		Description: "Runs `clockwork run` once per point of the grid of --param values (each a --set path),\n" +
			"on top of --config and --set. Every point replays the same campaign seeds (common random\n" +
			"numbers), so differences between points are the data's, not chance's. Writes one\n" +
			"results.json with a group per point and player count (its params name the point).\n\n" +
			"Examples:\n" +
			"  clockwork sweep --param setup.skill_cards_per_type.3=2..8 --players 3\n" +
			"  clockwork sweep --param ganon.targets.3.move=12..24:2 --param ganon.targets.3.attack=12..24:2\n" +
			"  clockwork sweep --param enemies.keese.defeat.attack=1,2,3 --campaigns 2000",
		Flags: flags,
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("clockwork sweep: takes no arguments", exitBadInput)
			}
			var params []sweepParam
			for _, s := range c.StringSlice("param") {
				p, err := parseSweepParam(s)
				if err != nil {
					return cli.Exit("clockwork sweep: "+err.Error(), exitBadInput)
				}
				params = append(params, p)
			}
			if len(params) == 0 {
				return cli.Exit("clockwork sweep: give at least one --param PATH=VALUES", exitBadInput)
			}
			if _, err := parseFormats(c.String("formats")); err != nil {
				return cli.Exit("clockwork sweep: "+err.Error(), exitBadInput)
			}
			if err := checkOutputs(c); err != nil {
				return err
			}
			res, err := runSweep(c, grid(params))
			if err != nil {
				return err
			}
			out := filepath.Join(c.String("out"), "results.json")
			if err := res.WriteFile(out); err != nil {
				return cli.Exit("clockwork sweep: writing "+out+": "+err.Error(), exitFailure)
			}
			if err := printSummary(c.App.Writer, res, c.String("format")); err != nil {
				return cli.Exit("clockwork sweep: "+err.Error(), exitFailure)
			}
			fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", out)
			if err := writeOutcomes(c, res); err != nil {
				return err
			}
			return writeReport(c, res)
		},
	}
}

// runSweep runs every point, checking all points' data first so that a bad value fails before
// any simulation.
func runSweep(c *cli.Context, points []map[string]string) (*sim.Results, error) {
	format := c.String("format")
	if format != "table" && format != "json" && format != "csv" {
		return nil, cli.Exit(fmt.Sprintf("clockwork sweep: --format %q: expected table, json or csv", format), exitBadInput)
	}
	base, err := loadData(c)
	if err != nil {
		return nil, err
	}
	type prepared struct {
		cfg sim.Config
	}
	var preps []prepared
	for _, pt := range points {
		sets := append([]string{}, c.StringSlice("set")...)
		keys := sortedKeys(pt)
		for _, k := range keys {
			sets = append(sets, k+"="+pt[k])
		}
		l, err := configs.LoadDir(c.String("config"), sets)
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("clockwork sweep: point %s: %v", pointText(pt), err), exitBadInput)
		}
		cfg, err := simConfig(c, l.Data)
		if err != nil {
			return nil, cli.Exit("clockwork sweep: "+err.Error(), exitBadInput)
		}
		if cfg.Params == nil {
			cfg.Params = map[string]string{}
		}
		for k, v := range pt {
			cfg.Params[k] = v
		}
		preps = append(preps, prepared{cfg})
	}
	var all *sim.Results
	for i, p := range preps {
		fmt.Fprintf(c.App.ErrWriter, "point %d/%d: %s\n", i+1, len(preps), pointText(points[i]))
		res, err := runSim(c, p.cfg)
		if err != nil {
			return nil, err
		}
		if all == nil {
			all = res
			all.ConfigFingerprint = base.Data.Fingerprint
		} else {
			all.Groups = append(all.Groups, res.Groups...)
			all.Partial = all.Partial || res.Partial
		}
		for _, g := range res.Groups {
			g.ConfigFingerprint = p.cfg.Data.Fingerprint
		}
		if res.Partial && c.Context.Err() != nil {
			break
		}
	}
	return all, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func pointText(pt map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(pt) {
		parts = append(parts, k+"="+pt[k])
	}
	return strings.Join(parts, " ")
}
