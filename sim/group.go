package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// This file is the one place that knows the generic counts of a Group: newGroup and EmptyLike
// make them, Add adds them up (a worker's tally, a shard in a merge, a checkpoint on resume),
// MarshalJSON and decodeGroup write and read them with the game's own counts.

// MaxTurnsBin is the last bin of a group's turns histogram: longer episodes are counted there.
const MaxTurnsBin = 400

// newGroup makes an empty group of a run of game: its identity and the game's empty counts, and
// the seat counts of a game whose seats compete.
func newGroup(game Game, players int, l Lineup, rotate bool, params map[string]string) *Group {
	if params == nil {
		params = map[string]string{}
	}
	g := &Group{Players: players, Agent: l.Name, Strategies: l.Strategies, Params: params,
		Stats: game.NewStats(players), game: game.Name()}
	if c, _ := DescriptorOf(g.game); c.SeatsCompete {
		g.Rotated = rotate
		for k := range players {
			g.Seats = append(g.Seats, l.SeatAgent(k))
		}
		g.shapeSeats()
	}
	return g
}

// shapeSeats makes the seat counts of a group of a game whose seats compete: a win count per
// seat and per agent of its seats, a turns histogram.
func (g *Group) shapeSeats() {
	g.SeatWins = make([]int64, g.Players)
	g.AgentWins = map[string]int64{}
	for _, a := range g.Seats {
		g.AgentWins[a] = 0
	}
	g.TurnsHist = make([]int64, MaxTurnsBin+1)
}

// codec returns the codec of the group's game.
func (g *Group) codec() Descriptor {
	c, _ := DescriptorOf(g.game)
	return c
}

// EmptyLike returns a group with g's identity (players, agent, strategies, params, which it
// shares, and data fingerprint) and shape (the game's counts' shape) and no counts. It is not
// partial and has no Outcomes. Add accepts any group shaped like g.
func (g *Group) EmptyLike() *Group {
	c := &Group{Players: g.Players, Agent: g.Agent, Strategies: g.Strategies, Params: g.Params,
		ConfigFingerprint: g.ConfigFingerprint, game: g.game, Seats: g.Seats, Rotated: g.Rotated}
	if g.Stats != nil {
		c.Stats = g.Stats.EmptyLike()
	}
	if g.SeatWins != nil {
		c.shapeSeats()
	}
	return c
}

// Add adds the counts of o to g: campaigns, wins and the game's counts. It leaves g's
// identity, Partial and Outcomes alone. The groups must have the same shape (see EmptyLike);
// otherwise Add returns an error naming the field that differs, and g is left partly added to.
func (g *Group) Add(o *Group) error {
	g.Episodes += o.Episodes
	g.Wins += o.Wins
	if err := g.addSeats(o); err != nil {
		return err
	}
	if g.Stats == nil || o.Stats == nil {
		if g.Stats != o.Stats {
			return fmt.Errorf("the game's counts are missing from one of the groups")
		}
		return nil
	}
	return g.Stats.Add(o.Stats)
}

// addSeats adds o's seat counts to g's.
func (g *Group) addSeats(o *Group) error {
	if len(g.SeatWins) != len(o.SeatWins) {
		return fmt.Errorf("seat_wins: %d seats, but the group added has %d", len(g.SeatWins), len(o.SeatWins))
	}
	for i, n := range o.SeatWins {
		g.SeatWins[i] += n
	}
	for a, n := range o.AgentWins {
		if _, ok := g.AgentWins[a]; !ok {
			return fmt.Errorf("agent_wins.%s: not an agent of the group", a)
		}
		g.AgentWins[a] += n
	}
	g.NoWinner += o.NoWinner
	if g.TurnsHist == nil && o.TurnsHist == nil {
		return nil
	}
	return addHist("turns_hist", g.TurnsHist, o.TurnsHist)
}

// addHist adds histogram src into dst, which must have the same length (the error names the
// field).
func addHist(field string, dst, src []int64) error {
	if len(dst) != len(src) {
		return fmt.Errorf("%s: %d bins, but the group added has %d", field, len(dst), len(src))
	}
	for i, n := range src {
		dst[i] += n
	}
	return nil
}

// seatFields are the generic seat counts of a game whose seats compete, as the file writes them.
type seatFields struct {
	Seats     []string         `json:"seats"`
	Rotated   bool             `json:"rotated,omitempty"`
	SeatWins  []int64          `json:"seat_wins"`
	AgentWins map[string]int64 `json:"agent_wins"`
	NoWinner  int64            `json:"no_winner"`
	TurnsHist []int64          `json:"turns_hist"`
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
	c := g.codec()
	ep := c.Episodes
	if ep == "" {
		ep = "campaigns"
	}
	fmt.Fprintf(&b, `,%q:%d`, ep, g.Episodes)
	if g.Partial {
		b.WriteString(`,"partial":true`)
	}
	fmt.Fprintf(&b, `,"wins":%d`, g.Wins)
	if c.SeatsCompete {
		seats, err := json.Marshal(seatFields{g.Seats, g.Rotated, g.SeatWins, g.AgentWins, g.NoWinner, g.TurnsHist})
		if err != nil {
			return nil, err
		}
		b.WriteByte(',')
		b.Write(seats[1 : len(seats)-1])
	}
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
	c, err := DescriptorOf(r.Game)
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
func (g *Group) decodeOwn(raw json.RawMessage, c Descriptor) error {
	g.game = c.Name
	if c.SeatsCompete {
		var f seatFields
		if err := json.Unmarshal(raw, &f); err != nil {
			return err
		}
		g.Seats, g.Rotated, g.SeatWins, g.AgentWins, g.NoWinner, g.TurnsHist = f.Seats, f.Rotated, f.SeatWins, f.AgentWins, f.NoWinner, f.TurnsHist
	}
	if c.Episodes == "games" {
		var n struct {
			Games int64 `json:"games"`
		}
		if err := json.Unmarshal(raw, &n); err != nil {
			return err
		}
		g.Episodes = n.Games
	}
	g.Stats = c.NewStats()
	return json.Unmarshal(raw, g.Stats)
}
