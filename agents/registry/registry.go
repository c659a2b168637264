// Package registry is the agent registry every game's agents package shares: names mapped to
// factories of the game's agents, each with a one-line description. It is filled before main
// runs (a package's own agents in init, others by their packages' init functions) and only read
// afterwards, so it needs no lock.
package registry

import (
	"fmt"
	"sort"
	"strings"
)

// Registry maps agent names to factories F of one game.
type Registry[F any] struct {
	owner   string // who registers, in Register's messages ("clue agents")
	what    string // what a name names, in New's messages ("clue agent")
	entries map[string]entry[F]
}

type entry[F any] struct {
	make F
	doc  string
}

// New returns an empty registry; owner names it in Register's errors ("clue agents: ..."),
// what names an agent in Get's ("unknown clue agent ...").
func New[F any](owner, what string) *Registry[F] {
	return &Registry[F]{owner: owner, what: what, entries: map[string]entry[F]{}}
}

// Register adds an agent under name with a one-line description; it fails for an empty or taken
// name.
func (r *Registry[F]) Register(name, doc string, f F) error {
	if name == "" {
		return fmt.Errorf("%s: an agent needs a name and a factory", r.owner)
	}
	if _, taken := r.entries[name]; taken {
		return fmt.Errorf("%s: %q is already registered", r.owner, name)
	}
	r.entries[name] = entry[F]{make: f, doc: doc}
	return nil
}

// Get returns the factory of the agent called name.
func (r *Registry[F]) Get(name string) (F, error) {
	e, ok := r.entries[name]
	if !ok {
		var zero F
		return zero, fmt.Errorf("unknown %s %q (expected one of: %s)", r.what, name, strings.Join(r.Names(), ", "))
	}
	return e.make, nil
}

// Names lists the registered agents, sorted.
func (r *Registry[F]) Names() []string {
	names := make([]string, 0, len(r.entries))
	for n := range r.entries {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Describe returns one line per agent, sorted: its name padded to width, then what it does.
func (r *Registry[F]) Describe(width int) []string {
	var out []string
	for _, n := range r.Names() {
		out = append(out, fmt.Sprintf("%-*s %s", width, n, r.entries[n].doc))
	}
	return out
}

// ParseList reads a comma-separated list of agents, each item trimmed and read by parse, in
// order; the first error stops it.
func ParseList[S any](list string, parse func(item string) (S, error)) ([]S, error) {
	var out []S
	for _, item := range strings.Split(list, ",") {
		s, err := parse(strings.TrimSpace(item))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// Spec is one agent of a run as the simulator needs it: its name (as the results record it)
// and a constructor for each worker's own agent of type A.
type Spec[A any] struct {
	// Name is the agent's registry name.
	Name string
	// New makes a fresh agent; each worker calls it once per seat.
	New func() A
}

// SpecOf returns the spec of the agent called name in r, a registry of factories of A.
func SpecOf[A any](r *Registry[func() A], name string) (Spec[A], error) {
	f, err := r.Get(name)
	if err != nil {
		return Spec[A]{}, err
	}
	return Spec[A]{Name: name, New: f}, nil
}

// MustRegister registers one of a package's built-in agents (from its init function); a name
// that is empty or taken is a programming error, and panics.
func (r *Registry[F]) MustRegister(name, doc string, f F) {
	if err := r.Register(name, doc, f); err != nil {
		panic(err)
	}
}

// NewAgent makes the agent called name with spec, a game's NewSpec (which may read options of
// the name, such as expert:rollouts=N).
func NewAgent[A any](spec func(name string) (Spec[A], error), name string) (A, error) {
	sp, err := spec(name)
	if err != nil {
		var zero A
		return zero, err
	}
	return sp.New(), nil
}
