package clue

import (
	"fmt"

	"github.com/clockworksim/clockwork/agents/registry"
	"github.com/clockworksim/clockwork/agents/seats"
	rules "github.com/clockworksim/clockwork/rules/clue"
)

// Agent plays one seat of CLUE. It sees only its seat's View: its hand, its kept Bosses, the
// public table and its own log of observations.
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
var known = registry.New[Factory]("clue agents", "clue agent")

// Register adds an agent under name with a one-line description; it fails for an empty or
// taken name.
func Register(name, doc string, f Factory) error {
	if f == nil {
		return fmt.Errorf("clue agents: an agent needs a name and a factory")
	}
	return known.Register(name, doc, f)
}

func init() {
	known.MustRegister("random", "random legal actions, random rumors and shows; accuses at random once in Hyrule Castle (the baseline)",
		func() Agent { return &Random{} })
	known.MustRegister("notebook", "crosses off only the cards it is shown; walks to the nearest open location; heads for the castle when one card of each kind is left; avoids a striking Ganondorf",
		func() Agent { return NewBookkeeper() })
	known.MustRegister("passes", "the notebook plus the passes: a player who cannot answer holds none of the three; a card no other player may hold is the envelope's; asks about the open cards fewest players may hold; chains no inference across players",
		func() Agent { return NewPasses() })
	known.MustRegister("deductive", "complete deduction from everything its seat sees; the rumors and rooms that tell most about the envelope; never accuses wrong",
		func() Agent { return NewDeductive() })
	known.MustRegister("expert", "the deductive agent with play-outs on worlds drawn from its Notebook: where to head, whether to draw, when to race a guess; bluffs with its own cards",
		func() Agent { return NewExpert() })
}

// Spec is one agent of a run as the simulator needs it: its name and a constructor for each
// worker's own agent.
type Spec = registry.Spec[Agent]

// NewSpec returns the spec of the registered agent name.
func NewSpec(name string) (Spec, error) { return registry.SpecOf(known, name) }

// ParseSpecs reads a comma-separated list of agent names (e.g. "deductive,notebook").
func ParseSpecs(list string) ([]Spec, error) {
	return registry.ParseList(list, NewSpec)
}

// New makes the agent called name.
func New(name string) (Agent, error) { return registry.NewAgent(NewSpec, name) }

// Names lists the registered agents, sorted.
func Names() []string { return known.Names() }

// Describe returns one line per agent: its name and what it does.
func Describe() []string { return known.Describe(9) }

// agentStream is the salt of an agent's own random stream (the game owns its streams).
const agentStream = 0xc1e

// Table seats agents at a game and plays it (agents/seats): the one play loop of whole games
// (tests, benchmarks, the simulator's adapter and rollouts). It allocates nothing per game.
type Table = seats.Table[*rules.Game, rules.Action, rules.View, Agent]

// NewTable returns a table with the given agents, seat 0 first.
func NewTable(agents ...Agent) *Table {
	return seats.NewTable("clue agents", resetSeat, rules.MaxActions, agents...)
}

// resetSeat prepares a seat's agent for g.
func resetSeat(a Agent, g *rules.Game, seat int, seed uint64) {
	a.Reset(g.Data(), g.Players(), seat, seed)
}
