// Package clockwork (imported as agents) holds the team controllers that play Clockwork Realm: an Agent chooses every
// decision of a campaign from what the heroes can see (rules.View). Agents are made by name from
// a registry; each simulator worker owns its own agent, and an agent allocates nothing per
// decision.
package clockwork

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/clockworksim/clockwork/agents/registry"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// Agent controls the team of heroes.
type Agent interface {
	// Name is the agent's registry name.
	Name() string
	// Reset prepares the agent for a new campaign; seed feeds its own random choices.
	Reset(seed uint64)
	// Choose returns one of legal (never empty) for the decision v shows.
	Choose(v rules.View, legal []rules.Action) rules.Action
}

// Factory makes an agent using the given strategies.
type Factory func(s strategies.Set) Agent

// known maps agent names to their factories (agents/registry, the registry every game's agents
// share). It is filled before main runs (the built-in agents in init, others by their packages'
// init functions calling Register) and only read afterwards, so it needs no lock.
var known = registry.New[Factory]("agents.Register", "agent")

// Register adds an agent to the registry under name, with a one-line description; any package
// can add its own (an agent that is not one of the project's should play on the engine's
// checked path: PlayOut with Limits.Checked, or sim.PlayChecked). It fails for an empty or
// taken name.
func Register(name, doc string, f Factory) error {
	if f == nil {
		return fmt.Errorf("agents.Register: an agent needs a name and a factory")
	}
	return known.Register(name, doc, f)
}

func init() {
	known.MustRegister("random", "uniformly random legal actions (the baseline)", func(strategies.Set) Agent { return &Random{} })
	known.MustRegister("planner", "plans paths to special rooms, the key and the boss; gathers before the Boss Room; spends cards with the least loss (the default)", func(s strategies.Set) Agent { return NewPlanner(s, false) })
	known.MustRegister("rusher", "heads for the Key Room and the boss, ignores the optional special rooms", func(s strategies.Set) Agent { return NewPlanner(s, true) })
	known.MustRegister("expert", "the planner with lookahead: judges the revealed card kept and the Cog turn by rollouts on samples of what the heroes see (--strategy rollouts=N, search=KIND)", func(s strategies.Set) Agent { return NewExpert(s) })
	known.MustRegister("clairvoyant", ClairvoyantDoc, func(s strategies.Set) Agent { return NewClairvoyant(s) })
}

// Spec is one agent of a run as the simulator needs it: the name and strategies its results
// are recorded under, and a constructor for each worker's own agent. Specs let the simulator
// play any registered agent (or one a caller builds) without knowing its strategies.
type Spec struct {
	// Name is the agent's registry name.
	Name string
	// Strategies is the strategies in their canonical text (strategies.Set.String).
	Strategies string
	// New makes a fresh agent; each worker calls it once.
	New func() Agent
}

// PerfectInformation marks the label of an agent that reads hidden state (the clairvoyant):
// a bound on what play could reach, shown last on a ladder, never a team a designer fields.
const PerfectInformation = " (perfect information)"

// Label names the spec in messages and reports: its name, and its strategies when they are
// not the defaults (":" then the pairs that differ, e.g. "expert:rollouts=2"); the clairvoyant's
// ends with PerfectInformation.
func (s Spec) Label() string {
	if s.Name == "clairvoyant" {
		return s.label() + PerfectInformation
	}
	return s.label()
}

// label is the name and the strategies that differ from the defaults.
func (s Spec) label() string {
	def := strategies.Defaults().String()
	if s.Strategies == def || s.Strategies == "" {
		return s.Name
	}
	defs := strings.Split(def, ",")
	var diff []string
	for _, kv := range strings.Split(s.Strategies, ",") {
		if !slices.Contains(defs, kv) {
			diff = append(diff, kv)
		}
	}
	if len(diff) == 0 {
		return s.Name
	}
	return s.Name + ":" + strings.Join(diff, ":")
}

// NewSpec returns the spec of the registered agent name playing the strategies s.
func NewSpec(name string, s strategies.Set) (Spec, error) {
	if _, err := New(name, s); err != nil {
		return Spec{}, err
	}
	return Spec{Name: name, Strategies: s.String(), New: func() Agent { a, _ := New(name, s); return a }}, nil
}

// ParseSpecs reads a list of agents, "name[:strategy=choice...],...", each starting from the
// strategies base (e.g. "planner,expert:rollouts=2"). The same agent with the same strategies
// may not appear twice.
func ParseSpecs(list string, base strategies.Set) ([]Spec, error) {
	var specs []Spec
	for _, item := range strings.Split(list, ",") {
		parts := strings.Split(strings.TrimSpace(item), ":")
		set := base
		for _, kv := range parts[1:] {
			if err := set.Parse(kv); err != nil {
				return nil, fmt.Errorf("%q: %v", item, err)
			}
		}
		sp, err := NewSpec(parts[0], set)
		if err != nil {
			return nil, err
		}
		for _, o := range specs {
			if o.Name == sp.Name && o.Strategies == sp.Strategies {
				return nil, fmt.Errorf("%q: %s appears twice (each agent is one group per player count)", list, sp.Label())
			}
		}
		specs = append(specs, sp)
	}
	return specs, nil
}

// New makes the agent called name.
func New(name string, s strategies.Set) (Agent, error) {
	f, err := known.Get(name)
	if err != nil {
		return nil, err
	}
	return f(s), nil
}

// Names lists the registered agents, sorted.
func Names() []string { return known.Names() }

// Describe returns one line per agent: its name and what it does.
func Describe() []string { return known.Describe(8) }

// agentStream is the campaign-seed salt of the agents' own random stream (rules owns the game's).
const agentStream = 0xa6e7

// Random picks a uniformly random legal action.
type Random struct {
	pcg rand.PCG
	r   *rand.Rand
}

// Name returns "random".
func (a *Random) Name() string { return "random" }

// Reset seeds the agent's stream for a campaign.
func (a *Random) Reset(seed uint64) {
	a.pcg.Seed(seed, agentStream)
	if a.r == nil {
		a.r = rand.New(&a.pcg)
	}
}

// Choose returns a uniformly random legal action.
func (a *Random) Choose(_ rules.View, legal []rules.Action) rules.Action {
	return legal[a.r.IntN(len(legal))]
}
