package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
)

// exitInterrupted is the exit code after Ctrl-C: 128 + SIGINT, the shell's convention.
const exitInterrupted = 130

// session is one invocation of a simulating command (run, sweep, ganon): the context that the
// first Ctrl-C cancels (every sim.Run of the command shares it, so one Ctrl-C stops them all),
// and the progress display on stderr.
type session struct {
	c    *cli.Context
	ctx  context.Context
	prog *progress
	stop func()
	ck   *checkpointer // --checkpoint, --resume (nil: neither)
	// stopNote says what an interrupted command had done besides its groups (sensitivity: the
	// values finished); nil for nothing.
	stopNote func(res *sim.Results) string
}

// startSession starts watching for Ctrl-C and sets up the progress display for total campaigns
// (the whole command's, over every point).
func startSession(c *cli.Context, total int64) (*session, error) {
	prog, err := newProgress(c.String("progress"), c.App.ErrWriter, commandPath(c), total)
	if err == nil && hasFlag(c, "games") {
		prog.unit = "games" // a game whose seats compete plays games, not campaigns
	}
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	ctx, stop := notifyInterrupt(c.Context, c.App.ErrWriter, commandPath(c), prog.unit)
	return &session{c: c, ctx: ctx, prog: prog, stop: stop}, nil
}

// startCheckpointed is startSession for a command that may checkpoint and resume (ck): the
// progress counts only the campaigns left, and a checkpoint is said in a plain progress line.
func startCheckpointed(c *cli.Context, total int64, ck *checkpointer) (*session, error) {
	s, err := startSession(c, total-ck.done())
	if err != nil || ck == nil {
		return s, err
	}
	s.ck = ck
	if s.prog.mode == progressPlain {
		ck.note = s.say
	}
	return s, nil
}

// say writes "clockwork COMMAND: msg" on stderr.
func (s *session) say(msg string) {
	fmt.Fprintf(s.c.App.ErrWriter, "clockwork %s: %s\n", commandPath(s.c), msg)
}

// close stops watching for Ctrl-C: a later one has its default effect again.
func (s *session) close() { s.stop() }

// interrupted reports whether Ctrl-C (or a cancelled parent context) stopped the command.
func (s *session) interrupted() bool { return s.ctx.Err() != nil }

// simulate runs cfg under the session, its progress shown as label (a sweep point, a Ganon
// target; "" for a plain run).
func (s *session) simulate(label string, cfg sim.Config) (*sim.Results, error) {
	s.prog.stage(label)
	cfg.Progress = s.prog.update
	s.ck.apply(&cfg)
	res, err := sim.Run(s.ctx, cfg)
	s.prog.endStage()
	if err != nil {
		return nil, cli.Exit(err.Error(), exitBadInput)
	}
	return res, nil
}

// notifyInterrupt returns a context that the first SIGINT or SIGTERM cancels (the simulation
// then finishes the campaigns in progress and the command writes what is complete); a second
// one exits the process at once with exitInterrupted. stop ends the watch.
func notifyInterrupt(parent context.Context, w io.Writer, name, unit string) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
		case <-done:
			return
		}
		fmt.Fprintf(w, "\nclockwork %s: interrupted: finishing the %s in progress, then writing what is complete (Ctrl-C again to quit at once)\n", name, unit)
		cancel()
		select {
		case <-sigs:
			fmt.Fprintf(w, "clockwork %s: interrupted again: quitting at once\n", name)
			os.Exit(exitInterrupted)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}

// interruptedError is what an interrupted command returns once it has written its files: exit
// code 130 and a line saying what the results file holds.
func interruptedError(name, path string, res *sim.Results) error {
	return interruptedNote(name, path, res, "")
}

// interruptedNote is interruptedError with a note on what was done (the values of a
// sensitivity run) after the groups' counts.
func interruptedNote(name, path string, res *sim.Results, note string) error {
	if note != "" {
		note = "; " + note
	}
	if !res.Partial {
		return cli.Exit(fmt.Sprintf("clockwork %s: interrupted after the last %s%s: %s is complete", name, strings.TrimSuffix(episodesOf(res), "s"), note, path), exitInterrupted)
	}
	return cli.Exit(fmt.Sprintf("clockwork %s: interrupted: %s%s; %s is marked \"partial\": true", name, groupCounts(res), note, path), exitInterrupted)
}

// episodesOf names what the games of res are counted in (its game's descriptor: Clockwork's
// campaigns, the other games' games).
func episodesOf(res *sim.Results) string {
	if d, err := sim.DescriptorOf(res.Game); err == nil {
		return d.Episodes
	}
	return "games"
}

// commandPath is the command as typed after "clockwork" ("run", "duels sensitivity").
func commandPath(c *cli.Context) string {
	if p, ok := strings.CutPrefix(c.Command.HelpName, c.App.Name+" "); ok && p != "" {
		return p
	}
	return c.Command.Name
}

// groupCounts says how many groups are complete, partial (with their campaigns) and not
// started.
func groupCounts(res *sim.Results) string {
	want := sim.ShardEpisodes(res.EpisodesRequested, res.Shard)
	complete, empty := 0, 0
	var partial []string
	for _, g := range res.Groups {
		switch {
		case !g.Partial:
			complete++
		case g.Episodes == 0:
			empty++
		default:
			partial = append(partial, fmt.Sprintf("%s: %d of %d %s", groupName(g), g.Episodes, want, episodesOf(res)))
		}
	}
	msg := fmt.Sprintf("%d of %d groups complete", complete, len(res.Groups))
	if len(partial) > 0 {
		msg += fmt.Sprintf(", %d partial (%s)", len(partial), strings.Join(partial, "; "))
	}
	if empty > 0 {
		msg += fmt.Sprintf(", %d not started", empty)
	}
	return msg
}

// groupName names a group in messages: "3 players" or "3 players, k=v".
func groupName(g *sim.Group) string {
	if len(g.Params) == 0 {
		return fmt.Sprintf("%d players", g.Players)
	}
	return fmt.Sprintf("%d players, %s", g.Players, sim.ParamsText(g.Params))
}

// hasFlag reports whether the command defines the flag name.
func hasFlag(c *cli.Context, name string) bool {
	for _, f := range c.Command.Flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}
