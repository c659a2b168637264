package sim

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

// CheckpointSchema is the version of the checkpoint file format (docs/results.md).
const CheckpointSchema = "clockwork.checkpoint/v1"

// Checkpoint is a checkpoint file: what a long run needs to finish later with the same result
// as an uninterrupted one. Results holds the counts so far (a partial results file); Done says,
// for each of its groups, which campaigns are done: positions 0 .. Campaigns-1 of the shard.
type Checkpoint struct {
	Schema  string           `json:"schema"`
	Run     CheckpointRun    `json:"run"`
	Done    []CheckpointDone `json:"done"`
	Results *Results         `json:"results"`
}

// CheckpointRun is what decides a run's results: a resume must ask for exactly the same.
type CheckpointRun struct {
	// Game is the game played ("" for Clockwork Realm, whose checkpoints keep their bytes).
	Game              string            `json:"game,omitempty"`
	Command           string            `json:"command"`
	ToolVersion       string            `json:"tool_version"`
	ConfigFingerprint string            `json:"config_fingerprint"`
	Seed              uint64            `json:"seed"`
	Shard             string            `json:"shard"`
	Players           []int             `json:"players"`
	Agent             string            `json:"agent"`
	Strategies        string            `json:"strategies"`
	Params            map[string]string `json:"params"` // --set
	Sweep             []string          `json:"sweep,omitempty"`
	Episodes          int64             `json:"campaigns"`
	TurnCap           int               `json:"round_cap"`
	Precision         float64           `json:"precision"`
	Outcomes          bool              `json:"outcomes"`
	// Rotate is --rotate (a game whose seats compete).
	Rotate bool `json:"rotate,omitempty"`
	// Every is the checkpoint interval (a Go duration); not compared by Diff.
	Every string `json:"every"`
}

// CheckpointDone is what is done of one group (Results.Groups[Group]).
type CheckpointDone struct {
	Group int `json:"group"`
	// Episodes are done: the positions 0 .. Episodes-1 of the shard, that is the campaign
	// indexes shard.index + pos*shard.count.
	Episodes int64 `json:"campaigns"`
	// NextEpisode is the index of the first episode not played.
	NextEpisode int64 `json:"next_campaign"`
	// Outcomes are the Outcomes of those campaigns (when the run records them), two bytes each,
	// little-endian, in base64.
	Outcomes string `json:"outcomes,omitempty"`
}

// NewCheckpoint makes the checkpoint of run after the results res (their groups' Outcomes are
// kept when run.Outcomes).
func NewCheckpoint(run CheckpointRun, res *Results) *Checkpoint {
	c := &Checkpoint{Schema: CheckpointSchema, Run: run, Results: res}
	count := int64(max(res.Shard.Count, 1))
	for gi, g := range res.Groups {
		d := CheckpointDone{Group: gi, Episodes: g.Episodes, NextEpisode: int64(res.Shard.Index) + g.Episodes*count}
		if run.Outcomes && g.Episodes > 0 && int64(len(g.Outcomes)) >= g.Episodes {
			raw := make([]byte, 2*g.Episodes)
			for i, o := range g.Outcomes[:g.Episodes] {
				binary.LittleEndian.PutUint16(raw[2*i:], uint16(o))
			}
			d.Outcomes = base64.StdEncoding.EncodeToString(raw)
		}
		c.Done = append(c.Done, d)
	}
	return c
}

// WriteFile writes the checkpoint as indented JSON through WriteAtomic.
func (c *Checkpoint) WriteFile(path string) error {
	raw, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	return WriteAtomic(path, append(raw, '\n'))
}

// ReadCheckpoint reads a checkpoint file: its schema, its results (every invariant, as
// ReadFile), and its done list, whose outcomes it puts back into the groups. A problem is
// "path: field: what is wrong".
func ReadCheckpoint(path string) (*Checkpoint, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseCheckpoint(raw, path)
}

// ParseCheckpoint reads the bytes of a checkpoint file named path in messages, as
// ReadCheckpoint does.
func ParseCheckpoint(raw []byte, path string) (*Checkpoint, error) {
	var c Checkpoint
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("%s: not a checkpoint file: %v", path, strings.TrimPrefix(err.Error(), "json: "))
	}
	if c.Schema != CheckpointSchema {
		return nil, fmt.Errorf("%s: schema: %q, expected %q", path, c.Schema, CheckpointSchema)
	}
	if c.Results == nil {
		return nil, fmt.Errorf("%s: results: missing", path)
	}
	if err := c.Results.Validate(); err != nil {
		return nil, fmt.Errorf("%s: results.%s", path, strings.ReplaceAll(err.Error(), "\n", "; results."))
	}
	if err := c.restoreOutcomes(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &c, nil
}

// restoreOutcomes checks the done list against the groups and decodes their outcomes.
func (c *Checkpoint) restoreOutcomes() error {
	if len(c.Done) != len(c.Results.Groups) {
		return fmt.Errorf("done: %d entries for %d groups", len(c.Done), len(c.Results.Groups))
	}
	for i, d := range c.Done {
		path := fmt.Sprintf("done[%d]", i)
		if d.Group != i || d.Episodes != c.Results.Groups[i].Episodes {
			return fmt.Errorf("%s: group %d with %d campaigns, but results.groups[%d] has %d", path, d.Group, d.Episodes, i, c.Results.Groups[i].Episodes)
		}
		if !c.Run.Outcomes || d.Episodes == 0 {
			continue
		}
		raw, err := base64.StdEncoding.DecodeString(d.Outcomes)
		if err != nil || int64(len(raw)) != 2*d.Episodes {
			return fmt.Errorf("%s.outcomes: expected %d outcomes in base64", path, d.Episodes)
		}
		outs := make([]Outcome, d.Episodes)
		for j := range outs {
			if outs[j] = Outcome(binary.LittleEndian.Uint16(raw[2*j:])); !outs[j].Played() {
				return fmt.Errorf("%s.outcomes: campaign %d was not played", path, j)
			}
		}
		c.Results.Groups[i].Outcomes = outs
	}
	return nil
}

// Diff returns the first field in which run b differs from a (a checkpoint's), as an error
// "run.FIELD: ..."; nil when they ask for the same results.
func (a CheckpointRun) Diff(b CheckpointRun) error {
	for _, f := range []struct {
		name string
		x, y any
	}{
		{"game", gameName(a.Game), gameName(b.Game)},
		{"command", a.Command, b.Command},
		{"tool_version", a.ToolVersion, b.ToolVersion},
		{"config_fingerprint", a.ConfigFingerprint, b.ConfigFingerprint},
		{"seed", a.Seed, b.Seed},
		{"shard", a.Shard, b.Shard},
		{"players", fmt.Sprint(a.Players), fmt.Sprint(b.Players)},
		{"agent", a.Agent, b.Agent},
		{"strategies", a.Strategies, b.Strategies},
		{"params", ParamsText(a.Params), ParamsText(b.Params)},
		{"sweep", strings.Join(a.Sweep, " "), strings.Join(b.Sweep, " ")},
		{"campaigns", a.Episodes, b.Episodes},
		{"round_cap", a.TurnCap, b.TurnCap},
		{"precision", a.Precision, b.Precision},
		{"outcomes", a.Outcomes, b.Outcomes},
		{"rotate", a.Rotate, b.Rotate},
	} {
		if f.x != f.y {
			return fmt.Errorf("run.%s: %v in the checkpoint, %v in this command", f.name, show(f.x), show(f.y))
		}
	}
	return nil
}

// show prints a value in a Diff message ("none" for an empty one).
func show(v any) string {
	if s := fmt.Sprint(v); s != "" && s != "[]" {
		return s
	}
	return "none"
}

// SameGroups reports the first group key of want (groups a run plans) that the checkpoint's
// results do not have, or the other way round.
func (c *Checkpoint) SameGroups(want []*Group) error {
	var have, plan []string
	for _, g := range c.Results.Groups {
		have = append(have, g.label()+", agent "+g.Agent)
	}
	for _, g := range want {
		plan = append(plan, g.label()+", agent "+g.Agent)
	}
	for _, p := range plan {
		if !slices.Contains(have, p) {
			return fmt.Errorf("results.groups: no group %s in the checkpoint", p)
		}
	}
	if len(have) != len(plan) {
		return fmt.Errorf("results.groups: %d groups in the checkpoint, %d in this command", len(have), len(plan))
	}
	return nil
}
