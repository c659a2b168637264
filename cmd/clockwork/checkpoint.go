package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/clockworksim/clockwork/sim"
)

// checkpointFile is the name of the checkpoint file in --out.
const checkpointFile = "checkpoint.json"

// checkpointFlags are --checkpoint and --resume, for run and sweep.
func checkpointFlags() []cli.Flag {
	return []cli.Flag{
		&cli.DurationFlag{Name: "checkpoint", Usage: "write checkpoint.json into --out every `DURATION` (e.g. 30s) and at Ctrl-C, to finish the run later with --resume"},
		&cli.StringFlag{Name: "resume", Usage: "finish the run of the checkpoint `FILE` (give the flags of that run again): the files are those of an uninterrupted run"},
	}
}

// checkpointer writes the checkpoints of a command and holds the one it resumes.
type checkpointer struct {
	path  string
	every time.Duration
	run   sim.CheckpointRun
	prev  *sim.Checkpoint // --resume, else nil
	sweep bool            // group fingerprints are the points'; the file's is run.ConfigFingerprint

	before *sim.Results // the sweep points already run
	after  []sim.Config // the sweep points not yet started
	cur    *sim.Config  // the point under way
	note   func(string) // says a checkpoint was written (plain progress only)
}

// newCheckpointer reads --checkpoint and --resume (nil when neither is given) for a command that
// runs cfgs in order with the identity run; a checkpoint that is not of the same run is refused
// naming its field.
func newCheckpointer(c *cli.Context, cfgs []sim.Config, run sim.CheckpointRun) (*checkpointer, error) {
	every, resume := c.Duration("checkpoint"), c.String("resume")
	if every < 0 {
		return nil, cli.Exit(fmt.Sprintf("--checkpoint %s: must be positive", every), exitBadInput)
	}
	if every == 0 && resume == "" {
		return nil, nil
	}
	k := &checkpointer{path: filepath.Join(c.String("out"), checkpointFile), every: every, run: run, sweep: len(run.Sweep) > 0}
	if resume != "" {
		prev, err := sim.ReadCheckpoint(resume)
		if err != nil {
			return nil, cli.Exit("--resume: "+err.Error(), exitBadInput)
		}
		if err := prev.Run.Diff(run); err != nil {
			return nil, cli.Exit(fmt.Sprintf("--resume %s: %v (resume with the flags of the checkpointed run)", resume, err), exitBadInput)
		}
		var planned []*sim.Group
		for _, cfg := range cfgs {
			empty, err := sim.NewResults(cfg, false)
			if err != nil {
				return nil, cli.Exit(err.Error(), exitBadInput)
			}
			planned = append(planned, empty.Groups...)
		}
		if err := prev.SameGroups(planned); err != nil {
			return nil, cli.Exit(fmt.Sprintf("--resume %s: %v", resume, err), exitBadInput)
		}
		k.prev = prev
		if k.every == 0 {
			k.every, _ = time.ParseDuration(prev.Run.Every)
		}
	}
	k.run.Every = k.every.String()
	return k, nil
}

// done is how many campaigns the resumed checkpoint holds.
func (k *checkpointer) done() int64 {
	if k == nil || k.prev == nil {
		return 0
	}
	var n int64
	for _, g := range k.prev.Results.Groups {
		n += g.Episodes
	}
	return n
}

// apply makes cfg resume from the checkpoint and write checkpoints.
func (k *checkpointer) apply(cfg *sim.Config) {
	if k == nil {
		return
	}
	if k.prev != nil {
		cfg.Resume = k.prev.Results.Groups
	}
	k.cur = cfg
	if k.every > 0 {
		cfg.Checkpoint, cfg.CheckpointEvery = k.save, k.every
	}
}

// save writes the checkpoint of the command with snap, the results so far of the point under
// way (sim.Config.Checkpoint).
func (k *checkpointer) save(snap *sim.Results) {
	all := *snap
	all.Groups = nil
	if k.before != nil {
		all.Groups = append(all.Groups, k.before.Groups...)
	}
	for _, g := range snap.Groups {
		if k.sweep {
			g.ConfigFingerprint = k.cur.Game.Fingerprint()
		}
		all.Groups = append(all.Groups, g)
	}
	for _, cfg := range k.after {
		empty, err := sim.NewResults(cfg, true)
		if err != nil {
			continue
		}
		for _, g := range empty.Groups {
			g.ConfigFingerprint = cfg.Game.Fingerprint()
		}
		all.Groups = append(all.Groups, empty.Groups...)
	}
	all.ConfigFingerprint = k.run.ConfigFingerprint
	all.Partial, all.Stopped = true, sim.StoppedInterrupted
	k.write(&all)
}

// write writes the checkpoint of res; a failure is said on stderr and the run goes on.
func (k *checkpointer) write(res *sim.Results) {
	var n int64
	for _, g := range res.Groups {
		n += g.Episodes
	}
	if err := sim.NewCheckpoint(k.run, res).WriteFile(k.path); err != nil {
		k.say(fmt.Sprintf("checkpoint: cannot write %s: %v (the run goes on)", k.path, err))
		return
	}
	k.say(fmt.Sprintf("checkpoint: wrote %s (%d %s done)", k.path, n, episodesOf(res)))
}

func (k *checkpointer) say(msg string) {
	if k.note != nil {
		k.note(msg)
	}
}

// finish writes the last checkpoint of an interrupted command, or removes the checkpoint file of
// one that is complete.
func (k *checkpointer) finish(res *sim.Results, w func(string)) {
	if k == nil {
		return
	}
	if res.Partial {
		k.note = w
		k.write(res)
		w(fmt.Sprintf("finish the run with the same flags and --resume %s", k.path))
		return
	}
	if err := os.Remove(k.path); err == nil {
		w(fmt.Sprintf("removed %s (the run is complete)", k.path))
	}
}

// setsOf reads --set values into params (nil for none).
func setsOf(sets []string) map[string]string {
	if len(sets) == 0 {
		return nil
	}
	m := map[string]string{}
	for _, s := range sets {
		k, v, _ := strings.Cut(s, "=")
		m[k] = v
	}
	return m
}

// agentLabels names a run's agents, comma separated.
func agentLabels(specs []sim.Lineup) string {
	var l []string
	for _, a := range specs {
		l = append(l, a.Label)
	}
	return strings.Join(l, ",")
}

// agentStrategies lists a run's agents' strategies, "|" between agents.
func agentStrategies(specs []sim.Lineup) string {
	var l []string
	for _, a := range specs {
		l = append(l, a.Strategies)
	}
	return strings.Join(l, "|")
}

// runIdentity is what decides the results of a command running cfg (and the sweep params).
func runIdentity(c *cli.Context, cfg sim.Config, fingerprint string, sweep []string) sim.CheckpointRun {
	return sim.CheckpointRun{Game: sim.FileGame(cfg.Game.Name()), Rotate: cfg.Rotate, Command: c.Command.Name, ToolVersion: version, ConfigFingerprint: fingerprint, Seed: cfg.Seed,
		Shard: fmt.Sprintf("%d/%d", cfg.Shard.Index, cfg.Shard.Count), Players: cfg.Players, Agent: agentLabels(cfg.Agents),
		Strategies: agentStrategies(cfg.Agents), Params: setsOf(dataSets(c)), Sweep: sweep,
		Episodes: int64(cfg.Episodes), TurnCap: cfg.TurnCap, Precision: cfg.Precision, Outcomes: cfg.Outcomes}
}
