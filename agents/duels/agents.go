// Package duels holds the agents that play Zelda Duels (package rules/duels): an Agent chooses
// every decision of one seat from what that seat can see (rules.View: its own hand, the board,
// hit points, public discards and Clock cards, hand and pile sizes). Agents are made by name
// from a registry; each simulator worker owns its own, and an agent allocates nothing per
// decision. Table is the one play loop of whole games (tests, benchmarks, the simulator).
//
// The ladder: random < aggressive < tactical < expert (docs/duels-agents.md).
package duels

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/agents/registry"
	"github.com/clockworksim/clockwork/agents/seats"
	rules "github.com/clockworksim/clockwork/rules/duels"
)

// Agent plays one seat of Zelda Duels. It sees only its seat's View.
type Agent interface {
	// Name is the agent's registry name.
	Name() string
	// Reset prepares the agent to play seat seat of a new game on data d with line-up setup;
	// seed feeds its own random choices.
	Reset(d *rules.Data, setup rules.Setup, seat int, seed uint64)
	// Choose returns one of legal (never empty) for the decision v shows; v.Seat is the agent's
	// seat and v.ToMove == v.Seat. v and legal are valid only during the call.
	Choose(v *rules.View, legal []rules.Action) rules.Action
}

// Searcher is an agent that looks ahead on copies of the game: the Table hands it the game with
// the decision. It reads the game only through Clone and Determinize for its own seat (what the
// seat cannot see is then a sample of what it could be); TestAgentsCannotPeek checks that its
// decision is the same on the real game and on a sample.
type Searcher interface {
	Agent
	// ChooseIn is Choose with the game g at the decision (g must not be changed).
	ChooseIn(g *rules.Game, v *rules.View, legal []rules.Action) rules.Action
}

// Factory makes a fresh agent.
type Factory = func() Agent

// known maps agent names to their factories (agents/registry).
var known = registry.New[Factory]("duels agents", "duels agent")

// Register adds an agent under name with a one-line description; it fails for an empty or
// taken name.
func Register(name, doc string, f Factory) error {
	if f == nil {
		return fmt.Errorf("duels agents: an agent needs a name and a factory")
	}
	return known.Register(name, doc, f)
}

func init() {
	known.MustRegister("random", "uniformly random legal actions (the baseline)",
		func() Agent { return &Random{} })
	known.MustRegister("aggressive", "closes in on the weakest opponent in reach and attacks with its strongest card; defends with its best defence; draws when it has no attack",
		func() Agent { return NewAggressive() })
	known.MustRegister("tactical", "positions for line of sight and cover, focuses the opponent it can eliminate soonest, values cards by expected damage, keeps defence for real threats, times Clock and Triforce cards, heals when it pays",
		func() Agent { return NewTactical() })
	known.MustRegister("expert", "tactical with lookahead: tries tactical's best few choices by rollouts (tactical in every seat) on samples of what its seat cannot see; 24 rollouts per decision",
		func() Agent { return NewExpert(DefaultRollouts) })
}

// Spec is one agent of a run as the simulator needs it: its name and a constructor for each
// worker's own agent.
type Spec = registry.Spec[Agent]

// NewSpec returns the spec of the registered agent name; "expert:rollouts=N" is the expert
// with a budget of N rollouts per decision (1 to 100000).
func NewSpec(name string) (Spec, error) {
	if base, opt, ok := strings.Cut(name, ":"); ok && base == "expert" {
		v, found := strings.CutPrefix(opt, "rollouts=")
		n, err := strconv.Atoi(v)
		if !found || err != nil || n < 1 || n > 100000 {
			return Spec{}, fmt.Errorf("duels agent %q: want expert:rollouts=N with N from 1 to 100000", name)
		}
		return Spec{Name: name, New: func() Agent { return NewExpert(n) }}, nil
	}
	return registry.SpecOf(known, name)
}

// ParseSpecs reads a comma-separated list of agent names (e.g. "tactical,expert:rollouts=48").
func ParseSpecs(list string) ([]Spec, error) {
	return registry.ParseList(list, NewSpec)
}

// New makes the agent called name.
func New(name string) (Agent, error) { return registry.NewAgent(NewSpec, name) }

// Names lists the registered agents, sorted.
func Names() []string { return known.Names() }

// Describe returns one line per agent: its name and what it does.
func Describe() []string { return known.Describe(10) }

// agentStream is the salt of an agent's own random stream (the game owns its streams).
const agentStream = 0xd0e1

// Table seats agents at a game and plays it (agents/seats): the one play loop of whole games
// (tests, benchmarks, the simulator's adapter and the expert's rollouts). It allocates nothing
// per game.
type Table = seats.Table[*rules.Game, rules.Action, rules.View, Agent]

// NewTable returns a table with the given agents, seat 0 first; the expert looks ahead
// (Searcher).
func NewTable(agents ...Agent) *Table {
	t := seats.NewTable("duels agents", resetSeat, rules.MaxActions, agents...)
	t.Searchers = true
	return t
}

// resetSeat prepares a seat's agent for g.
func resetSeat(a Agent, g *rules.Game, seat int, seed uint64) {
	a.Reset(g.Data(), g.Setup(), seat, seed)
}
