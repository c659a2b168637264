package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// This file is the one place that knows the generic counts of a Group: newGroup and EmptyLike
// make them, Add adds them up (a worker's tally, a shard in a merge, a checkpoint on resume),
// MarshalJSON and decodeGroup write and read them with the game's own counts.

// newGroup makes an empty group of a run of game: its identity and the game's empty counts.
func newGroup(game Game, players int, agent, strat string, params map[string]string) *Group {
	if params == nil {
		params = map[string]string{}
	}
	return &Group{Players: players, Agent: agent, Strategies: strat, Params: params,
		Stats: game.NewStats(players), episodes: episodesOf(game.Name())}
}

// episodesOf returns the name of a group's episode count in game's files.
func episodesOf(game string) string {
	if c, err := codecOf(game); err == nil && c.Episodes != "" {
		return c.Episodes
	}
	return "campaigns"
}

// EmptyLike returns a group with g's identity (players, agent, strategies, params, which it
// shares, and data fingerprint) and shape (the game's counts' shape) and no counts. It is not
// partial and has no Outcomes. Add accepts any group shaped like g.
func (g *Group) EmptyLike() *Group {
	c := &Group{Players: g.Players, Agent: g.Agent, Strategies: g.Strategies, Params: g.Params,
		ConfigFingerprint: g.ConfigFingerprint, episodes: g.episodes}
	if g.Stats != nil {
		c.Stats = g.Stats.EmptyLike()
	}
	return c
}

// Add adds the counts of o to g: campaigns, wins and the game's counts. It leaves g's
// identity, Partial and Outcomes alone. The groups must have the same shape (see EmptyLike);
// otherwise Add returns an error naming the field that differs, and g is left partly added to.
func (g *Group) Add(o *Group) error {
	g.Campaigns += o.Campaigns
	g.Wins += o.Wins
	if g.Stats == nil || o.Stats == nil {
		if g.Stats != o.Stats {
			return fmt.Errorf("the game's counts are missing from one of the groups")
		}
		return nil
	}
	return g.Stats.Add(o.Stats)
}

// groupHead is the generic fields of a group as the results file writes them, before the game's.
type groupHead struct {
	Players           int               `json:"players"`
	Agent             string            `json:"agent"`
	ConfigFingerprint string            `json:"config_fingerprint,omitempty"`
	Strategies        string            `json:"strategies"`
	Params            map[string]string `json:"params"`
}

// MarshalJSON writes the group's generic fields, then the game's (Stats), as one object.
func (g *Group) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	head, err := json.Marshal(groupHead{g.Players, g.Agent, g.ConfigFingerprint, g.Strategies, g.Params})
	if err != nil {
		return nil, err
	}
	b.Write(head[:len(head)-1])
	ep := g.episodes
	if ep == "" {
		ep = "campaigns"
	}
	fmt.Fprintf(&b, `,%q:%d`, ep, g.Campaigns)
	if g.Partial {
		b.WriteString(`,"partial":true`)
	}
	fmt.Fprintf(&b, `,"wins":%d`, g.Wins)
	if g.Stats != nil {
		own, err := json.Marshal(g.Stats)
		if err != nil {
			return nil, err
		}
		if len(own) > 2 {
			b.WriteByte(',')
			b.Write(own[1 : len(own)-1])
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// resultsData is Results without its methods, for decoding; resultsFile names Results where a
// local type shadows it.
type (
	resultsData Results
	resultsFile = Results
)

// UnmarshalJSON reads a results file: its generic fields, then every group's game counts (of the
// file's game: a file without one is DefaultGame's).
func (r *Results) UnmarshalJSON(raw []byte) error {
	type Results resultsData // the name decoding errors give (Go struct field Results.seed)
	var p Results
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	*r = resultsFile(p)
	c, err := codecOf(r.Game)
	if err != nil {
		return fmt.Errorf("game: %v", err)
	}
	var own struct {
		Groups []json.RawMessage `json:"groups"`
	}
	if err := json.Unmarshal(raw, &own); err != nil {
		return err
	}
	for i, g := range r.Groups {
		if g == nil || i >= len(own.Groups) {
			continue
		}
		if err := g.decodeOwn(own.Groups[i], c); err != nil {
			return err
		}
	}
	return nil
}

// decodeOwn reads the fields of group g that the generic decoding leaves: the game's counts, and
// the episodes count of a game that calls them "games".
func (g *Group) decodeOwn(raw json.RawMessage, c Codec) error {
	g.episodes = c.Episodes
	if c.Episodes == "games" {
		var n struct {
			Games int64 `json:"games"`
		}
		if err := json.Unmarshal(raw, &n); err != nil {
			return err
		}
		g.Campaigns = n.Games
	}
	g.Stats = c.NewStats()
	return json.Unmarshal(raw, g.Stats)
}
