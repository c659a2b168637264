// Package sim runs many episodes of a game (Clockwork Realm campaigns, CLUE or Duels games) in
// parallel through the game's adapter (Game, Worker, Stats) and gathers their outcomes into
// mergeable integer counts: the results file of ../shared/SCHEMAS.md (docs/results.md). On
// request it also keeps a two-byte Outcome per episode, for the outcomes file that paired
// comparisons read. It imports no game: each game's adapter (sim/clockwork, ...) registers
// itself (RegisterGame).
package sim

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Schema is the version of the results file format.
const Schema = "clockwork.results/v1"

// Results is a results file.
type Results struct {
	Schema string `json:"schema"`
	// Game names the game ("clue", "duels"); empty for Clockwork Realm (DefaultGame), whose
	// files keep the bytes they had before there were several games.
	Game              string `json:"game,omitempty"`
	ToolVersion       string `json:"tool_version"`
	ConfigFingerprint string `json:"config_fingerprint"`
	Seed              uint64 `json:"seed"`
	Shard             Shard  `json:"shard"`
	// Partial is true when the run was interrupted (Ctrl-C) before every group was complete;
	// the groups that are not complete have Group.Partial set.
	Partial bool `json:"partial"`
	// Stopped says why a run ended before playing every campaign: StoppedPrecision or
	// StoppedInterrupted; empty when it played them all.
	Stopped string `json:"stopped,omitempty"`
	// TurnCap is the cap on an episode's length the run played with (Config.TurnCap).
	TurnCap int `json:"round_cap"`
	// EpisodesRequested is --campaigns (--games): the episodes asked for per group, over all
	// shards (0 in files written before it was recorded: unknown).
	EpisodesRequested int64 `json:"campaigns_requested"`
	// Precision is --precision: the win-rate interval width that stops the run early (0: none).
	Precision float64 `json:"precision"`
	// GameGoals are the answers of the game's own goal search (Descriptor.GoalParam; Clockwork
	// Realm's `clockwork ganon --goal`), one per player count and agent; written "ganon_goals".
	GameGoals []Goal `json:"ganon_goals,omitempty"`
	// Goals are the answers of a game's goal search (`clockwork GAME goal --goal`): each names
	// the value searched (Param).
	Goals []Goal `json:"goals,omitempty"`
	// BaseParams are the values the data the run started from gives to the swept params (before
	// the sweep's own settings), e.g. "ganon.targets.3": "18" for the ganon command (the target
	// of the three skills, when they are equal). Reports mark these points on the sweep charts
	// and the Ganon heat map. Empty when unknown.
	BaseParams map[string]string `json:"base_params,omitempty"`
	Groups     []*Group          `json:"groups"`
	// Ladder holds the paired figures of a run with several agents (a skill ladder): for each
	// player count (and params), each agent against the next and the first against the last.
	Ladder []LadderPair `json:"ladder,omitempty"`
	// Sensitivity holds the rows of `clockwork sensitivity`: each data value moved a step down
	// and up, at each player count, paired with the groups (the data as it is).
	Sensitivity []SensitivityRow `json:"sensitivity,omitempty"`
	// SensitivityMetric is the metric `clockwork sensitivity --metric` reports besides the
	// campaign win rate ("" for none).
	SensitivityMetric string `json:"sensitivity_metric,omitempty"`
}

// Goal is the answer of a goal search at one player count for one agent: the whole value of the
// data (a `goal` search's --param; the game's own search's value, such as Clockwork Realm's
// Ganon target in `clockwork ganon`) whose win rate is the closest to Goal among the values
// played between the lowest and highest tried, Low and High (by bisection where the goal is
// bracketed, whichever way the rate moves with the value: GoalSearch). Its group is the one with
// Players and the params GoalParam(goal) = Target.
type Goal struct {
	Players int `json:"players"`
	// Param is the data value searched (its --set path); empty for the game's own search's
	// value (Descriptor.GoalParam).
	Param string `json:"param,omitempty"`
	// Agent and Strategies name the agent whose win rate the bisection followed (empty in
	// files written before several agents could play: the run's only agent).
	Agent      string  `json:"agent,omitempty"`
	Strategies string  `json:"strategies,omitempty"`
	Goal       float64 `json:"goal"`
	Target     int     `json:"target"`
	Low        int     `json:"low"`
	High       int     `json:"high"`
	// Bracketed is true when the win rates of the values tried lie on either side of Goal (at Low
	// and High, or, for a rate that is not monotone, at two neighbouring values tried); when it is
	// false no value tried reaches the goal (every rate is above it, or every rate below) and
	// Target is the value tried whose rate is the nearest to it.
	Bracketed bool `json:"bracketed"`
}

// GoalParam is the params key of goal's value: its Param, or for an answer of the game's own
// goal search (Results.GameGoals, which name none) the game's Descriptor.GoalParam.
func (r *Results) GoalParam(goal Goal) string {
	if goal.Param != "" {
		return goal.Param
	}
	if d, err := DescriptorOf(r.Game); err == nil && d.GoalParam != nil {
		return d.GoalParam(goal.Players)
	}
	return ""
}

// GoalGroup returns the group a goal names (nil when there is none).
func (r *Results) GoalGroup(goal Goal) *Group {
	param := r.GoalParam(goal)
	for _, g := range r.Groups {
		if g.Players == goal.Players && g.Params[param] == strconv.Itoa(goal.Target) &&
			(goal.Agent == "" || rungOf(g) == Rung{goal.Agent, goal.Strategies}) {
			return g
		}
	}
	return nil
}

// The reasons a run stops early (Results.Stopped).
const (
	// StoppedPrecision: every group's win-rate 95% interval became narrower than --precision.
	// The run is complete for its purpose (not partial).
	StoppedPrecision = "precision"
	// StoppedInterrupted: the run was interrupted (Ctrl-C); Partial is set.
	StoppedInterrupted = "interrupted"
)

// Shard says which campaign indexes a run played: those with index % Count == Index.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
	// Merged lists the shard indexes a merge of some (not all) shards covers.
	Merged []int `json:"merged,omitempty"`
}

// Group holds the counts of one (player count, line-up, strategies, parameters) combination:
// the generic counts every game has, then the game's own (Stats). In the results file the
// game's fields follow the generic ones (MarshalJSON).
type Group struct {
	Players int    `json:"players"`
	Agent   string `json:"agent"`
	// ConfigFingerprint is the group's own data fingerprint when it differs from the file's (the
	// points of a sweep).
	ConfigFingerprint string            `json:"config_fingerprint,omitempty"`
	Strategies        string            `json:"strategies"`
	Params            map[string]string `json:"params"`
	// Episodes is the number of episodes played (written "campaigns" for Clockwork Realm,
	// "games" for the other games: Descriptor.Episodes).
	Episodes int64 `json:"campaigns"`
	// Partial is true when the group holds fewer campaigns than its shard asked for because the
	// run was interrupted: it holds the campaigns 0, 1, ... of its shard up to Campaigns (a
	// prefix, so it still pairs campaign by campaign with other runs).
	Partial bool  `json:"partial,omitempty"`
	Wins    int64 `json:"wins"`
	// Seats names the agent of each seat (rotation 0) in a game whose seats compete
	// (Codec.SeatsCompete); Rotated says the deals were played once per rotation of the seats.
	Seats   []string `json:"-"`
	Rotated bool     `json:"-"`
	// SeatWins counts the wins of each seat, AgentWins those of each agent of the line-up (what
	// pairs agents fairly when the seats rotate), NoWinner the episodes nobody won, TurnsHist the
	// episodes by length in turns (index = turns, the last bin counting longer ones). They are
	// written for games whose seats compete (Codec.SeatsCompete).
	SeatWins  []int64          `json:"-"`
	AgentWins map[string]int64 `json:"-"`
	NoWinner  int64            `json:"-"`
	TurnsHist []int64          `json:"-"`
	// Stats are the game's own counts (sim/clockwork.Stats, ...).
	Stats Stats `json:"-"`
	// Outcomes, recorded when Config.Outcomes is set (never part of the results file), holds the
	// outcome of every campaign of the group in the run's shard: Outcomes[pos] is campaign
	// Shard.Index + pos*Shard.Count, the zero Outcome when it was not played.
	Outcomes []Outcome `json:"-"`
	// game is the group's game (Descriptor.Name; "" for DefaultGame).
	game string
}

// key identifies a group for merging.
func (g *Group) key() string {
	keys := make([]string, 0, len(g.Params))
	for k := range g.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%d|%s|%s", g.Players, g.Agent, g.Strategies)
	for _, k := range keys {
		fmt.Fprintf(&b, "|%s=%s", k, g.Params[k])
	}
	return b.String()
}

// WriteFile writes results as indented JSON to path through a temporary file and a rename, so a
// reader never sees half a file.
func (r *Results) WriteFile(path string) error {
	raw, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return WriteAtomic(path, append(raw, '\n'))
}

// WriteAtomic writes data to path via a temporary file in the same directory and a rename.
func WriteAtomic(path string, data []byte) error {
	return WriteAtomicTo(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomicTo is WriteAtomic for contents too large to hold in memory: write streams them
// into a buffered writer on the temporary file, which is renamed to path only when write and
// every flush succeed (otherwise it is removed and path is left as it was).
func WriteAtomicTo(path string, write func(w io.Writer) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	bw := bufio.NewWriterSize(f, 64<<10)
	werr := write(bw)
	if werr == nil {
		werr = bw.Flush()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp, 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		os.Remove(tmp)
	}
	return werr
}

// CheckWritable reports whether WriteAtomic will be able to write path, so that a command can
// refuse a bad output path before long work rather than after it: it makes path's directory,
// then creates and removes a temporary file there. It fails when path is a directory.
func CheckWritable(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check*")
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// ParamsText encodes params as "k1=v1;k2=v2" with the keys sorted ("" when empty): how a
// group's params are written in the outcomes file and in the reports' CSV.
func ParamsText(p map[string]string) string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + p[k]
	}
	return strings.Join(parts, ";")
}
