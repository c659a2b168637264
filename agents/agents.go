// Package agents holds the team controllers that play Clockwork Realm: an Agent chooses every
// decision of a campaign from what the heroes can see (rules.View). Agents are made by name from
// a registry; each simulator worker owns its own agent, and an agent allocates nothing per
// decision.
package agents

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/clockworksim/clockwork/rules"
	"github.com/clockworksim/clockwork/strategies"
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

type entry struct {
	make Factory
	doc  string
}

// registry maps agent names to their factories. It is filled before main runs (the built-in
// agents in init, others by their packages' init functions calling Register) and only read
// afterwards, so it needs no lock.
var registry = map[string]entry{}

// Register adds an agent to the registry under name, with a one-line description; any package
// can add its own (an agent that is not one of the project's should play on the engine's
// checked path: PlayOut with Limits.Checked, or sim.PlayChecked). It fails for an empty or
// taken name.
func Register(name, doc string, f Factory) error {
	if name == "" || f == nil {
		return fmt.Errorf("agents.Register: an agent needs a name and a factory")
	}
	if _, taken := registry[name]; taken {
		return fmt.Errorf("agents.Register: %q is already registered", name)
	}
	registry[name] = entry{make: f, doc: doc}
	return nil
}

func init() {
	for _, e := range []struct {
		name, doc string
		f         Factory
	}{
		{"random", "uniformly random legal actions (the baseline)", func(strategies.Set) Agent { return &Random{} }},
		{"planner", "plans paths to special rooms, the key and the boss; gathers before the Boss Room; spends cards with the least loss (the default)", func(s strategies.Set) Agent { return NewPlanner(s, false) }},
		{"rusher", "heads for the Key Room and the boss, ignores the optional special rooms", func(s strategies.Set) Agent { return NewPlanner(s, true) }},
		{"expert", "the planner with lookahead: judges the temple choice, Shard burns and boss multiples by rollouts on samples of what the heroes see (--strategy rollouts=N)", func(s strategies.Set) Agent { return NewExpert(s) }},
	} {
		if err := Register(e.name, e.doc, e.f); err != nil {
			panic(err)
		}
	}
}

// New makes the agent called name.
func New(name string, s strategies.Set) (Agent, error) {
	e, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("unknown agent %q (expected one of: %s)", name, strings.Join(Names(), ", "))
	}
	return e.make(s), nil
}

// Names lists the registered agents.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Describe returns one line per agent: its name and what it does.
func Describe() []string {
	var out []string
	for _, n := range Names() {
		out = append(out, fmt.Sprintf("%-8s %s", n, registry[n].doc))
	}
	return out
}

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
