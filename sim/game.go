package sim

import (
	"fmt"
	"sort"
	"strings"
)

// Game is what the simulator needs from a game: a game's adapter (sim/clockwork, ...) implements
// it for one data set. The simulator plays whole games (episodes: a Clockwork campaign, a CLUE
// or Duels game) through it and never looks inside one, so that the worker pool, seeds, shards,
// merge, checkpoint and resume, precision stops, sweeps, sensitivity, goal searches and ladders
// are written once for every game.
type Game interface {
	// Name is the game's name in results files ("clockwork", "clue", "duels").
	Name() string
	// Fingerprint is the fingerprint of the game's effective data.
	Fingerprint() string
	// CheckPlayers returns an error when the game is not for that many players.
	CheckPlayers(players int) error
	// NewStats returns the empty counts of a group of players: it fixes the group's shape.
	NewStats(players int) Stats
	// NewWorker returns one worker's own arena for a run of cfg (one per goroutine).
	NewWorker(cfg *Config) (Worker, error)
}

// Worker plays episodes for one goroutine. It owns its game state, its agents and one tally per
// group of the run; Play allocates nothing.
type Worker interface {
	// Play plays episode idx (over all shards) of group gi, whose line-up is cfg.Agents[lineup]
	// with players players, counts it in the worker's tally of gi and returns what sim counts of
	// it. The deal (its seed) is cfg.Seed's episode deal; with cfg.Rotate, rotation r of a deal
	// seats the line-up's agent k at seat (k+r) mod players (Seating).
	Play(gi, lineup, players int, deal uint64, rotation int) Episode
	// Fold adds the worker's counts of group gi since the last fold into into (a Stats of the
	// group's shape) and clears them.
	Fold(gi int, into Stats) error
}

// Episode is what the simulator counts of every played episode, whatever the game.
type Episode struct {
	// Outcome holds whether the line-up's judged agent (its first seat, wherever the rotation
	// put it; the team in a co-operative game) won, and the game's parts and score.
	Outcome Outcome
	// Winner is the seat that won, or NoWinner (nobody: a loss to the game, a turn cap), or
	// TeamGame in a co-operative game, which counts no seats.
	Winner int
	// Turns is the episode's length in the game's turns.
	Turns int
}

// The Winner of an episode that no seat won.
const (
	NoWinner = -1 // nobody won (Ganondorf triumphs, all accused wrong, a turn cap)
	TeamGame = -2 // a co-operative game: the team won or lost (Outcome), no seat counts
)

// MaxSeats is the most seats a game may have (CLUE: 6).
const MaxSeats = 8

// Seating returns the seat of the line-up's agent k in rotation r of a deal at players players
// (rotation 0 seats agent k at seat k).
func Seating(k, r, players int) int { return (k + r) % players }

// Stats is a game's own counts of one group: exact integers that add up in any order (worker
// tallies, shards in a merge, a checkpoint on resume) and survive a JSON round trip. Its JSON
// fields follow the group's generic fields in the results file.
type Stats interface {
	// Add adds the counts of o (of the same game and shape); the error names the JSON field that
	// differs, e.g. "levels[1].rounds_hist: 61 bins, but the group added has 40".
	Add(o Stats) error
	// EmptyLike returns counts of the same shape, all zero.
	EmptyLike() Stats
	// Validate checks the counts' invariants against the group's generic counts, reporting
	// each problem to c at the JSON path below path (e.g. groups[0]).
	Validate(c *Checker, path string, g *Group)
}

// Descriptor is a game's identity, stated once: its simulator adapter registers it from init
// (RegisterGame), and the simulator (reading and checking results files), the reports (titles,
// nouns, gates) and the command line (help, player ranges) read it from there (DescriptorOf).
type Descriptor struct {
	// Name is the game's name, its results files' "game" ("clockwork", "clue", "duels").
	Name string
	// Title is the game's name for people ("Clockwork Realm", "CLUE: The Legend of Zelda").
	Title string
	// MinPlayers and MaxPlayers bound a group's players.
	MinPlayers, MaxPlayers int
	// Episodes names the number played in a group ("campaigns", "games").
	Episodes string
	// PlayersNoun names the players in sentences ("heroes"; "" reads "players").
	PlayersNoun string
	// SeatsCompete says whether the game's seats compete (CLUE, Duels): its groups write the
	// generic seat counts (seats, seat_wins, agent_wins, no_winner, turns_hist). A co-operative
	// game's team wins or loses together.
	SeatsCompete bool
	// Label names an agent with its strategies in messages and files (the name, and the
	// strategies that differ from the game's defaults); nil: the agent's name.
	Label func(agent, strategies string) string
	// PartColumns name the parts of an episode's Outcome in the outcomes file, one 0/1 column
	// each (Clockwork Realm: level1 to level4), and ScoreColumn its score's column ("shards");
	// none: the file holds whether the episode was won alone.
	PartColumns []string
	ScoreColumn string
	// GoalParam is the params key of the value the game's own goal search moves at a player
	// count (Clockwork Realm's `clockwork ganon`: Ganon's target, ganon.targets.<players>); nil
	// for a game without one. That search's answers are Results.GameGoals, which name no param.
	GoalParam func(players int) string
	// GoalCommand names the game's own goal search ("ganon"), GoalTitle its value in progress
	// lines ("Ganon target").
	GoalCommand, GoalTitle string
	// NewStats returns zero counts to decode a group's game fields into.
	NewStats func() Stats
}

// Players is the noun of the game's players ("players" unless the game names them).
func (d Descriptor) Players() string {
	if d.PlayersNoun == "" {
		return "players"
	}
	return d.PlayersNoun
}

// AgentLabel names agent with strategies as the game does (the agent's name when it says
// nothing).
func (d Descriptor) AgentLabel(agent, strategies string) string {
	if d.Label == nil {
		return agent
	}
	return d.Label(agent, strategies)
}

var games = map[string]Descriptor{}

// RegisterGame registers a game's descriptor: its results files become readable and its name
// known to every command. Adapters call it from init; it panics on a second registration of a
// name or a descriptor without a name, a player range, an episode noun or NewStats.
func RegisterGame(d Descriptor) {
	if d.Name == "" || d.NewStats == nil || d.Episodes == "" || d.MinPlayers < 1 || d.MaxPlayers < d.MinPlayers || d.MaxPlayers > MaxSeats {
		panic("sim.RegisterGame: a game needs a name, 1 to MaxSeats players, an episode noun and NewStats")
	}
	if _, taken := games[d.Name]; taken {
		panic("sim.RegisterGame: " + d.Name + " is already registered")
	}
	games[d.Name] = d
}

// Games returns the registered games' descriptors, sorted by name.
func Games() []Descriptor {
	out := make([]Descriptor, 0, len(games))
	for _, n := range SortedKeys(games) {
		out = append(out, games[n])
	}
	return out
}

// DefaultGame is the game of a results file without a "game" field: every file written before
// there were several games is Clockwork Realm's.
const DefaultGame = "clockwork"

// FileGame is the "game" a file of game name writes: empty for DefaultGame, whose files keep
// the bytes they had before there were several games.
func FileGame(name string) string {
	if name == DefaultGame {
		return ""
	}
	return name
}

// DescriptorOf returns the descriptor of a file's game name ("" is DefaultGame).
func DescriptorOf(name string) (Descriptor, error) {
	if name == "" {
		name = DefaultGame
	}
	d, ok := games[name]
	if !ok {
		return Descriptor{}, fmt.Errorf("%q is not a game of this tool (expected one of: %s)", name, strings.Join(SortedKeys(games), ", "))
	}
	return d, nil
}

// labelOf returns the label of an agent with strategies in a file of game (the agent's name
// when the game does not say).
func labelOf(game, agent, strategies string) string {
	d, _ := DescriptorOf(game)
	return d.AgentLabel(agent, strategies)
}

// Lineup is one line-up of a run: the agent (and its strategies) its groups are recorded under,
// and a constructor of the game's agent for each worker.
type Lineup struct {
	// Name is the agent's registry name; Strategies its strategies in canonical text.
	Name, Strategies string
	// Label names the line-up in messages (the name, and the strategies that differ from the
	// defaults).
	Label string
	// New makes a fresh agent of the game (each worker calls it once): a team's agent, or in a
	// game of seats whatever the game's adapter needs to seat Seats.
	New func() any
	// Seats names the agent of each seat in a game of seats (rotation 0), e.g. deductive,
	// notebook, random; a table larger than the list seats the last agent again. Nil for a
	// co-operative game's single agent.
	Seats []string
}

// SeatLineup returns the line-up of an agent per listed position of a game whose seats compete
// (the last filling a larger table): each name made once by newAgent to check it, the line-up
// labelled by the names joined with commas. Its New makes maxSeats agents, one per position, as
// a []A.
func SeatLineup[A any](seats []string, newAgent func(name string) (A, error), maxSeats int) (Lineup, error) {
	if len(seats) == 0 {
		return Lineup{}, fmt.Errorf("no agent")
	}
	for _, s := range seats {
		if _, err := newAgent(s); err != nil {
			return Lineup{}, err
		}
	}
	seats = append([]string(nil), seats...)
	label := strings.Join(seats, ",")
	return Lineup{Name: label, Label: label, Seats: seats, New: func() any {
		out := make([]A, maxSeats)
		for k := range out {
			out[k], _ = newAgent(seats[min(k, len(seats)-1)])
		}
		return out
	}}, nil
}

// SeatAgents returns, for every line-up of cfg made by SeatLineup with agents of type A, its
// agents, one per position; game names the game in the error for a line-up of another game.
func SeatAgents[A any](cfg *Config, game string) ([][]A, error) {
	out := make([][]A, 0, len(cfg.Agents))
	for _, l := range cfg.Agents {
		s, ok := l.New().([]A)
		if !ok {
			return nil, fmt.Errorf("sim: line-up %s is not of %s agents", l.Label, game)
		}
		out = append(out, s)
	}
	return out, nil
}

// Seat seats a line-up's agents for rotation rot of a deal at players players: position k's
// agent at seat Seating(k, rot, players) of seats.
func Seat[A any](seats []A, lineup []A, rot, players int) {
	for k := range players {
		seats[Seating(k, rot, players)] = lineup[k]
	}
}

// SeatEpisode is what sim counts of a game whose seats compete, won by winner (a seat, or
// negative for nobody) in turns turns: the line-up's judged agent, position 0, sat at
// Seating(0, rot, players).
func SeatEpisode(winner, rot, players, turns int) Episode {
	if winner < 0 {
		winner = NoWinner
	}
	return Episode{Outcome: NewOutcome(winner == Seating(0, rot, players), 0, 0), Winner: winner, Turns: turns}
}

// CheckPlayers returns an error when players is outside lo..hi, the players a game is for (what
// every game's Game.CheckPlayers says).
func CheckPlayers(players, lo, hi int) error {
	if players < lo || players > hi {
		return fmt.Errorf("sim: %d players: the game is for %d to %d", players, lo, hi)
	}
	return nil
}

// SortedKeys returns the keys of m in order.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// SeatAgent returns the agent of listed position k of line-up l ("" for a team's agent).
func (l Lineup) SeatAgent(k int) string {
	if len(l.Seats) == 0 {
		return ""
	}
	return l.Seats[min(k, len(l.Seats)-1)]
}
