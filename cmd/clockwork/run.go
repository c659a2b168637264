package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/agents"
	"github.com/clockworksim/clockwork/rules"
	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/strategies"
)

// defaultCampaigns is the default number of campaigns per player count: about a minute of work
// for two cores with the planner.
const defaultCampaigns = 10000

func simFlags() []cli.Flag {
	return append(dataFlags(),
		&cli.StringFlag{Name: "players", Value: "2,3,4", Usage: "player counts to simulate, `LIST` of 2-4"},
		&cli.IntFlag{Name: "campaigns", Value: defaultCampaigns, Usage: "campaigns per player count (over all shards)"},
		&cli.StringFlag{Name: "agent", Value: "planner", Usage: "the agent that plays: " + strings.Join(agents.Names(), ", ")},
		&cli.StringSliceFlag{Name: "strategy", Usage: "a strategy choice `NAME=CHOICE` (repeatable), e.g. multiples=one"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "run seed: campaign i always plays the same game for the same seed"},
		&cli.IntFlag{Name: "workers", Usage: "parallel workers (default: the number of CPUs)"},
		&cli.Float64Flag{Name: "precision", Usage: "stop once every win-rate 95% interval is narrower than `W` (e.g. 0.02)"},
		&cli.StringFlag{Name: "shard", Value: "0/1", Usage: "run only shard `I/N` of the campaigns (merge the shards with `clockwork merge`)", EnvVars: []string{"CLOCKWORK_SHARD"}},
		&cli.IntFlag{Name: "round-cap", Value: sim.DefaultRoundCap, Usage: "a level past this many rounds ends as a loss with reason timeout"},
		&cli.StringFlag{Name: "out", Value: "out", Usage: "directory for results.json"},
		&cli.StringFlag{Name: "format", Value: "table", Usage: "summary on stdout: table, json or csv"},
		&cli.StringFlag{Name: "progress", Value: "auto", Usage: "progress bar on stderr: auto (when it is a terminal), always or never"},
	)
}

// simConfig builds a sim.Config from the flags (data already loaded).
func simConfig(c *cli.Context, d *rules.Data) (sim.Config, error) {
	cfg := sim.Config{Data: d, Agent: c.String("agent"), Campaigns: c.Int("campaigns"), Seed: c.Uint64("seed"),
		Workers: c.Int("workers"), Precision: c.Float64("precision"), RoundCap: c.Int("round-cap"),
		ToolVersion: version, Strategies: strategies.Defaults()}
	for _, p := range strings.Split(c.String("players"), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < rules.MinPlayers || n > rules.MaxPlayers {
			return cfg, fmt.Errorf("--players %q: each count must be 2, 3 or 4", c.String("players"))
		}
		cfg.Players = append(cfg.Players, n)
	}
	if _, err := agents.New(cfg.Agent, cfg.Strategies); err != nil {
		return cfg, fmt.Errorf("--agent: %v", err)
	}
	for _, s := range c.StringSlice("strategy") {
		if err := cfg.Strategies.Parse(s); err != nil {
			return cfg, err
		}
	}
	if cfg.Campaigns < 1 {
		return cfg, fmt.Errorf("--campaigns %d: must be at least 1", cfg.Campaigns)
	}
	if cfg.Workers < 0 {
		return cfg, fmt.Errorf("--workers %d: must be at least 1", cfg.Workers)
	}
	if cfg.Precision < 0 || cfg.Precision >= 1 {
		return cfg, fmt.Errorf("--precision %g: must be between 0 and 1", cfg.Precision)
	}
	if cfg.RoundCap < 1 {
		return cfg, fmt.Errorf("--round-cap %d: must be at least 1", cfg.RoundCap)
	}
	shard, err := parseShard(c.String("shard"))
	if err != nil {
		return cfg, err
	}
	cfg.Shard = shard
	sets := c.StringSlice("set")
	if len(sets) > 0 {
		cfg.Params = map[string]string{}
		for _, s := range sets {
			k, v, _ := strings.Cut(s, "=")
			cfg.Params[k] = v
		}
	}
	return cfg, nil
}

func parseShard(s string) (sim.Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return sim.Shard{}, fmt.Errorf("--shard %q: expected I/N with 0 <= I < N, e.g. 2/8", s)
	}
	return sim.Shard{Index: i, Count: n}, nil
}

func runCommand() *cli.Command {
	return &cli.Command{
		Name:  "run",
		Usage: "simulate campaigns and summarise win rates, level and temple success, rounds and Shards",
		Description: "Plays --campaigns campaigns for each player count with the agent, on the embedded data\n" +
			"(or --config DIR, --set ...). Campaign i always plays the same game for the same --seed,\n" +
			"whatever --workers or --shard, so results are reproducible and shards merge exactly.\n" +
			"Prints a summary and writes results.json into --out. Ctrl-C stops cleanly and writes what\n" +
			"was played, marked partial.\n\n" +
			"Examples:\n" +
			"  clockwork run\n" +
			"  clockwork run --players 3 --campaigns 20000 --precision 0.01\n" +
			"  clockwork run --set setup.skill_cards_per_type.3=5 --out out/five-cards\n" +
			"  clockwork run --shard 0/4 --out out/shard0   # then: clockwork merge out/shard*/results.json -o out/results.json",
		Flags: simFlags(),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("clockwork run: takes no arguments", exitBadInput)
			}
			format := c.String("format")
			if format != "table" && format != "json" && format != "csv" {
				return cli.Exit(fmt.Sprintf("clockwork run: --format %q: expected table, json or csv", format), exitBadInput)
			}
			l, err := loadData(c)
			if err != nil {
				return err
			}
			cfg, err := simConfig(c, l.Data)
			if err != nil {
				return cli.Exit("clockwork run: "+err.Error(), exitBadInput)
			}
			res, err := runSim(c, cfg)
			if err != nil {
				return err
			}
			out := filepath.Join(c.String("out"), "results.json")
			if err := res.WriteFile(out); err != nil {
				return cli.Exit("clockwork run: writing "+out+": "+err.Error(), exitFailure)
			}
			if err := printSummary(c.App.Writer, res, format); err != nil {
				return cli.Exit("clockwork run: "+err.Error(), exitFailure)
			}
			fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", out)
			return nil
		},
	}
}

// runSim runs the simulation with a progress bar and clean interruption.
func runSim(c *cli.Context, cfg sim.Config) (*sim.Results, error) {
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	var bar *progressBar
	switch c.String("progress") {
	case "always":
		bar = newProgressBar(c.App.ErrWriter)
	case "auto":
		if isTerminal(c.App.ErrWriter) {
			bar = newProgressBar(c.App.ErrWriter)
		}
	case "never":
	default:
		return nil, cli.Exit(fmt.Sprintf("--progress %q: expected auto, always or never", c.String("progress")), exitBadInput)
	}
	if bar != nil {
		cfg.Progress = bar.update
	}
	res, err := sim.Run(ctx, cfg)
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return nil, cli.Exit("clockwork: "+err.Error(), exitBadInput)
	}
	if res.Partial && ctx.Err() != nil {
		fmt.Fprintln(c.App.ErrWriter, "interrupted: writing the campaigns played so far (partial)")
	}
	return res, nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws "[=====>    ] 45% 1234/3000 campaigns, 850/s, ETA 2s" on one line.
type progressBar struct {
	w     io.Writer
	start time.Time
	mu    sync.Mutex
	last  time.Time
}

func newProgressBar(w io.Writer) *progressBar {
	return &progressBar{w: w, start: time.Now()}
}

func (p *progressBar) update(done, total int64) {
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if now.Sub(p.last) < 100*time.Millisecond && done < total {
		return
	}
	p.last = now
	frac := float64(done) / float64(max(total, 1))
	const width = 30
	filled := int(frac * width)
	rate := float64(done) / max(now.Sub(p.start).Seconds(), 1e-9)
	eta := time.Duration(float64(total-done)/max(rate, 1e-9)) * time.Second
	fmt.Fprintf(p.w, "\r[%s%s] %3.0f%% %d/%d campaigns, %.0f/s, ETA %s   ",
		strings.Repeat("=", filled), strings.Repeat(" ", width-filled), 100*frac, done, total, rate, eta.Round(time.Second))
}

func (p *progressBar) finish() { fmt.Fprintln(p.w) }

// printSummary writes the terminal summary (or JSON, or CSV) of a results file.
func printSummary(w io.Writer, r *sim.Results, format string) error {
	switch format {
	case "json":
		return writeJSON(w, r)
	case "csv":
		return writeCSV(w, r)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	partial := ""
	if r.Partial {
		partial = " (partial)"
	}
	fmt.Fprintf(w, "clockwork %s, seed %d, data %s%s\n\n", r.ToolVersion, r.Seed, short(r.ConfigFingerprint), partial)
	fmt.Fprintln(tw, "players\tagent\tcampaigns\twin rate\t95% interval\tmean Shards\tGanon reached\tGanon beaten once reached")
	for _, g := range r.Groups {
		lo, hi := sim.Wilson(g.Wins, g.Campaigns)
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s-%s\t%.2f\t%s\t%s\n", g.Players, g.Agent, g.Campaigns, pct(g.Wins, g.Campaigns),
			pctf(lo), pctf(hi), meanHist(g.FinalShardsHist), pct(g.Ganon.Reached, g.Campaigns), pct(g.Ganon.Defeated, g.Ganon.Reached))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nLevel success (95% interval) and mean rounds")
	fmt.Fprintln(tw, "players\tlevel\tsuccess\t95% interval\tmean rounds\tkills/level\tboss reached")
	for _, g := range r.Groups {
		for _, l := range g.Levels {
			lo, hi := sim.Wilson(l.Successes, l.Attempts)
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s-%s\t%.1f\t%.2f\t%s\n", g.Players, l.Level, pct(l.Successes, l.Attempts), pctf(lo), pctf(hi),
				meanHist(l.RoundsHist), float64(l.Kills)/float64(max(l.Attempts, 1)), pct(l.BossReached, l.Attempts))
		}
	}
	tw.Flush()
	fmt.Fprintln(w, "\nSuccess by temple and level (attempts)")
	header := "players\ttemple"
	for lvl := 1; lvl <= 3; lvl++ {
		header += fmt.Sprintf("\tL%d", lvl)
	}
	fmt.Fprintln(tw, header)
	for _, g := range r.Groups {
		byTemple := map[string][4]*sim.TempleStat{}
		var names []string
		for _, t := range g.Temples {
			row, seen := byTemple[t.Temple]
			if !seen {
				names = append(names, t.Temple)
			}
			row[t.Level] = t
			byTemple[t.Temple] = row
		}
		for _, n := range names {
			line := fmt.Sprintf("%d\t%s", g.Players, n)
			for lvl := 1; lvl <= 3; lvl++ {
				t := byTemple[n][lvl]
				line += fmt.Sprintf("\t%s (%d)", pct(t.Successes, t.Attempts), t.Attempts)
			}
			fmt.Fprintln(tw, line)
		}
	}
	tw.Flush()
	fmt.Fprintln(w, "\nWhy campaigns were lost")
	fmt.Fprintln(tw, "players\treason\tcampaigns\tshare of losses")
	for _, g := range r.Groups {
		reasons := make([]string, 0, len(g.LossReasons))
		for k := range g.LossReasons {
			reasons = append(reasons, k)
		}
		sort.Slice(reasons, func(i, j int) bool { return g.LossReasons[reasons[i]] > g.LossReasons[reasons[j]] })
		losses := g.Campaigns - g.Wins
		for _, k := range reasons {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%s\n", g.Players, k, g.LossReasons[k], pct(g.LossReasons[k], losses))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w)
	return err
}

func short(fp string) string {
	if len(fp) > 19 {
		return fp[:19]
	}
	return fp
}

func pct(k, n int64) string {
	if n == 0 {
		return "-"
	}
	return pctf(float64(k) / float64(n))
}

func pctf(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func meanHist(h []int64) float64 {
	var n, s int64
	for i, c := range h {
		n += c
		s += int64(i) * c
	}
	if n == 0 {
		return 0
	}
	return float64(s) / float64(n)
}

func writeJSON(w io.Writer, r *sim.Results) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// writeCSV writes the summary metrics in long ("tidy") form: one row per metric and group.
func writeCSV(w io.Writer, r *sim.Results) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"metric", "players", "agent", "level", "temple", "value", "lo95", "hi95", "n"})
	row := func(metric string, g *sim.Group, level int, temple string, k, n int64) {
		lvl := ""
		if level > 0 {
			lvl = strconv.Itoa(level)
		}
		lo, hi := sim.Wilson(k, n)
		val := 0.0
		if n > 0 {
			val = float64(k) / float64(n)
		}
		cw.Write([]string{metric, strconv.Itoa(g.Players), g.Agent, lvl, temple, strconv.FormatFloat(val, 'f', 6, 64),
			strconv.FormatFloat(lo, 'f', 6, 64), strconv.FormatFloat(hi, 'f', 6, 64), strconv.FormatInt(n, 10)})
	}
	for _, g := range r.Groups {
		row("campaign_win_rate", g, 0, "", g.Wins, g.Campaigns)
		row("ganon_defeat_rate", g, 4, "", g.Ganon.Defeated, g.Ganon.Reached)
		row("timeout_rate", g, 0, "", g.Timeouts, g.Campaigns)
		for _, l := range g.Levels {
			row("level_success", g, l.Level, "", l.Successes, l.Attempts)
		}
		for _, t := range g.Temples {
			row("temple_success", g, t.Level, t.Temple, t.Successes, t.Attempts)
		}
		for _, l := range g.Levels {
			cw.Write([]string{"mean_rounds", strconv.Itoa(g.Players), g.Agent, strconv.Itoa(l.Level), "",
				strconv.FormatFloat(meanHist(l.RoundsHist), 'f', 6, 64), "", "", strconv.FormatInt(l.Attempts, 10)})
		}
		cw.Write([]string{"mean_final_shards", strconv.Itoa(g.Players), g.Agent, "", "",
			strconv.FormatFloat(meanHist(g.FinalShardsHist), 'f', 6, 64), "", "", strconv.FormatInt(g.Campaigns, 10)})
	}
	cw.Flush()
	return cw.Error()
}
