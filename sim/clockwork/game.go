// Package clockwork is Clockwork Realm's adapter to the simulator (imported as cwsim): it plays
// whole campaigns for sim's workers (Game, Worker), counts them in fixed-size tallies that
// allocate nothing, and owns the game's counts in the results file (Stats), its campaign
// outcomes, its event log writers and its story.
package clockwork

import (
	"fmt"
	"strconv"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	"github.com/clockworksim/clockwork/sim"
)

// Name is Clockwork Realm's name in results files (where it is also the default: a file without
// a "game" field is Clockwork's, and Clockwork's files do not write it).
const Name = sim.DefaultGame

func init() {
	sim.RegisterGame(sim.Descriptor{Name: Name, Title: "Clockwork Realm", Episodes: "campaigns", PlayersNoun: "heroes",
		MinPlayers: rules.MinPlayers, MaxPlayers: rules.MaxPlayers, NewStats: func() sim.Stats { return &Stats{} },
		GoalParam: GanonParam, GoalCommand: "ganon", GoalTitle: "Ganon target",
		PartColumns: []string{"level1", "level2", "level3", "level4"}, ScoreColumn: "shards",
		Label: func(agent, strategies string) string { return agents.Spec{Name: agent, Strategies: strategies}.Label() }})
}

// maxActionsPerLevel is a second safety net against agents that never pass.
const maxActionsPerLevel = agents.DefaultMaxActions

// GanonParam is the params key of a Ganon target in the groups of `clockwork ganon`: the
// target for the three skills at that player count, ganon.targets.<players> (the game's own
// goal search: sim.Descriptor.GoalParam).
func GanonParam(players int) string { return "ganon.targets." + strconv.Itoa(players) }

// Game is Clockwork Realm on one data set, for sim.Config.Game.
type Game struct {
	Data *rules.Data
}

// New returns the game on data d.
func New(d *rules.Data) *Game { return &Game{Data: d} }

// Name returns "clockwork".
func (g *Game) Name() string { return Name }

// Fingerprint returns the data's fingerprint.
func (g *Game) Fingerprint() string { return g.Data.Fingerprint }

// CheckPlayers accepts 2 to 4 heroes.
func (g *Game) CheckPlayers(p int) error {
	return sim.CheckPlayers(p, rules.MinPlayers, rules.MaxPlayers)
}

// NewStats returns the empty counts of a group (the same shape at every player count).
func (g *Game) NewStats(int) sim.Stats { return newStats(g.Data) }

// NewWorker returns a worker with one Game arena, one agent per line-up of cfg and one tally per
// group.
func (g *Game) NewWorker(cfg *sim.Config) (sim.Worker, error) {
	w := &worker{data: g.Data, seed: cfg.Seed, roundCap: cfg.TurnCap,
		tallies: make([]tally, len(cfg.Players)*len(cfg.Agents)), buf: make([]rules.Action, 0, 1024)}
	for _, l := range cfg.Agents {
		a, ok := l.New().(agents.Agent)
		if !ok {
			return nil, fmt.Errorf("sim: agent %s is not a Clockwork Realm agent", l.Label)
		}
		w.agents = append(w.agents, a)
	}
	return w, nil
}

// Lineups returns the line-ups of Clockwork agent specs, for sim.Config.Agents.
func Lineups(specs []agents.Spec) []sim.Lineup {
	out := make([]sim.Lineup, len(specs))
	for i, s := range specs {
		out[i] = Lineup(s)
	}
	return out
}

// Lineup returns the line-up of one agent spec: the whole team plays that agent.
func Lineup(s agents.Spec) sim.Lineup {
	return sim.Lineup{Name: s.Name, Strategies: s.Strategies, Label: s.Label(), New: func() any { return s.New() }}
}

// worker owns one Game, one agent per line-up, one action buffer and one tally per group.
type worker struct {
	data     *rules.Data
	seed     uint64
	roundCap int
	game     rules.Game
	agents   []agents.Agent
	buf      []rules.Action
	tallies  []tally
}

// Play plays campaign idx of group gi (line-up ai) and counts it. The team is one agent: there
// are no seats to rotate, and no seat wins (sim.TeamGame).
func (w *worker) Play(gi, ai, players int, idx uint64, _ int) sim.Episode {
	w.buf = Play(&w.game, w.agents[ai], w.data, players, w.seed, idx, w.roundCap, w.buf)
	w.tallies[gi].add(&w.game)
	if s, ok := w.agents[ai].(agents.Searcher); ok {
		s.TakeDecisions(&w.tallies[gi].decisions)
	}
	return sim.Episode{Outcome: OutcomeOf(&w.game), Winner: sim.TeamGame}
}

// Fold adds the tally of group gi into into (the group's Stats) and clears it.
func (w *worker) Fold(gi int, into sim.Stats) error {
	t := &w.tallies[gi]
	if t.campaigns == 0 {
		return nil // nothing counted since the last fold
	}
	s, ok := into.(*Stats)
	if !ok {
		return fmt.Errorf("the group is not of Clockwork Realm")
	}
	if err := s.Add(t.stats(s, w.data)); err != nil {
		return err
	}
	*t = tally{}
	return nil
}

// Play plays campaign idx of a run with seed runSeed from start to end with agent, exactly as
// sim.Run does (replay uses it too): the campaign seed is chance.EpisodeSeed(runSeed, idx), the
// agent is reset with it, and a level past roundCap rounds ends as a timeout. buf is the action
// buffer to reuse; it is returned. Play trusts the agent to choose a legal action (the bulk
// loop's unchecked path); PlayChecked does not.
func Play(g *rules.Game, agent agents.Agent, d *rules.Data, players int, runSeed, idx uint64, roundCap int, buf []rules.Action) []rules.Action {
	buf, _ = play(g, agent, d, players, runSeed, idx, roundCap, buf, false)
	return buf
}

// PlayChecked is Play on the engine's checked path: an action the agent chooses that is not
// legal stops the campaign with an error naming it (rules.Game.ApplyChecked).
func PlayChecked(g *rules.Game, agent agents.Agent, d *rules.Data, players int, runSeed, idx uint64, roundCap int, buf []rules.Action) ([]rules.Action, error) {
	return play(g, agent, d, players, runSeed, idx, roundCap, buf, true)
}

func play(g *rules.Game, agent agents.Agent, d *rules.Data, players int, runSeed, idx uint64, roundCap int, buf []rules.Action, checked bool) ([]rules.Action, error) {
	seed := chance.EpisodeSeed(runSeed, idx)
	g.Reset(d, players, seed, idx)
	agent.Reset(seed)
	buf, err := agents.PlayOut(g, agent, agents.Limits{RoundCap: roundCap, MaxActions: maxActionsPerLevel, Checked: checked}, buf)
	if err != nil {
		return buf, fmt.Errorf("campaign %d, %w", idx, err)
	}
	return buf, nil
}

// OutcomeOf returns the Outcome of the finished campaign of g (it allocates nothing): the
// levels won as its parts, the team's Shards at the end as its score.
func OutcomeOf(g *rules.Game) sim.Outcome {
	var levels uint8
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		if g.Result(lvl).Won {
			levels |= 1 << (lvl - 1)
		}
	}
	shards := 0
	for h := 0; h < g.Players(); h++ {
		shards += int(g.Hero(h).Shards)
	}
	return sim.NewOutcome(g.Won(), levels, shards)
}
