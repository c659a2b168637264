// Package pig holds the agents that play Pig (package rules/pig): an Agent chooses every
// decision of one seat from its View, roll or hold. Agents are made by name from a registry
// (agents/registry); each simulator worker owns its own, and an agent allocates nothing per
// decision. Table is the one play loop of whole games (agents/seats).
//
// The ladder: random < hold (the textbook strategy: hold at a turn total of 20).
package pig

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clockworksim/clockwork/agents/registry"
	"github.com/clockworksim/clockwork/agents/seats"
	rules "github.com/clockworksim/clockwork/rules/pig"
)

// Agent plays one seat of Pig. It sees only its seat's View (which, in Pig, is everything).
type Agent interface {
	// Name is the agent's registry name.
	Name() string
	// Reset prepares the agent to play seat seat of a new game of players players on data d;
	// seed feeds its own random choices.
	Reset(d *rules.Data, players, seat int, seed uint64)
	// Choose returns one of legal (never empty) for the decision v shows; v.Seat is the agent's
	// seat. v and legal are valid only during the call.
	Choose(v *rules.View, legal []rules.Action) rules.Action
}

// Factory makes a fresh agent.
type Factory = func() Agent

// known maps agent names to their factories (agents/registry).
var known = registry.New[Factory]("pig agents", "pig agent")

// Register adds an agent under name with a one-line description; it fails for an empty or
// taken name.
func Register(name, doc string, f Factory) error {
	if f == nil {
		return fmt.Errorf("pig agents: an agent needs a name and a factory")
	}
	return known.Register(name, doc, f)
}

func init() {
	known.MustRegister("random", "rolls or holds at random (the baseline)", func() Agent { return &Random{} })
	known.MustRegister("hold", "holds at a turn total of 20, or as soon as holding wins (the textbook strategy)",
		func() Agent { return &Hold{At: DefaultHoldAt} })
}

// Spec is one agent of a run as the simulator needs it: its name and a constructor for each
// worker's own agent.
type Spec = registry.Spec[Agent]

// NewSpec returns the spec of the registered agent name; "hold:at=N" is the hold agent holding
// at a turn total of N (1 to rules.MaxTarget).
func NewSpec(name string) (Spec, error) {
	if base, opt, ok := strings.Cut(name, ":"); ok && base == "hold" {
		v, found := strings.CutPrefix(opt, "at=")
		n, err := strconv.Atoi(v)
		if !found || err != nil || n < 1 || n > rules.MaxTarget {
			return Spec{}, fmt.Errorf("pig agent %q: want hold:at=N with N from 1 to %d", name, rules.MaxTarget)
		}
		return Spec{Name: name, New: func() Agent { return &Hold{At: n} }}, nil
	}
	return registry.SpecOf(known, name)
}

// ParseSpecs reads a comma-separated list of agent names (e.g. "hold,random").
func ParseSpecs(list string) ([]Spec, error) {
	return registry.ParseList(list, NewSpec)
}

// New makes the agent called name.
func New(name string) (Agent, error) { return registry.NewAgent(NewSpec, name) }

// Names lists the registered agents, sorted.
func Names() []string { return known.Names() }

// Describe returns one line per agent: its name and what it does.
func Describe() []string { return known.Describe(6) }

// agentStream is the salt of an agent's own random stream (the game owns its streams).
const agentStream = 0x919

// Table seats agents at a game and plays it (agents/seats): the one play loop of whole games
// (tests and the simulator's adapter). It allocates nothing per game.
type Table = seats.Table[*rules.Game, rules.Action, rules.View, Agent]

// NewTable returns a table with the given agents, seat 0 first.
func NewTable(agents ...Agent) *Table {
	return seats.NewTable("pig agents", resetSeat, rules.MaxActions, agents...)
}

// resetSeat prepares a seat's agent for g.
func resetSeat(a Agent, g *rules.Game, seat int, seed uint64) {
	a.Reset(g.Data(), g.Players(), seat, seed)
}
