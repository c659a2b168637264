package clockwork_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/configs/clockwork/configstest"
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// play runs one campaign with agent a; with check, Check() after every action.
func play(t testing.TB, g *rules.Game, a agents.Agent, d *rules.Data, players int, i uint64, check bool) {
	seed := chance.EpisodeSeed(42, i)
	g.Reset(d, players, seed, i)
	a.Reset(seed)
	buf := make([]rules.Action, 0, 1024)
	var last [8]rules.Action
	for n := 0; !g.IsTerminal(); n++ {
		buf = g.LegalActions(buf)
		if len(buf) == 0 {
			t.Fatalf("%s %dp campaign %d: no legal action at %s", a.Name(), players, i, g.Prompt())
		}
		act := a.Choose(g.View(0), buf)
		last[n%8] = act
		if err := g.ApplyChecked(act); err != nil {
			t.Fatalf("%s %dp campaign %d action %d: %v", a.Name(), players, i, n, err)
		}
		if check {
			if err := g.Check(); err != nil {
				t.Fatalf("%s %dp campaign %d action %d: %v", a.Name(), players, i, n, err)
			}
		}
		if n > 100000 {
			t.Fatalf("%s %dp campaign %d: no end after %d actions (level %d round %d prompt %s): %v", a.Name(), players, i, n, g.Level(), g.Round(), g.Prompt(), last)
		}
	}
}

// TestAgentsPlayWithinTheRules plays seeded campaigns with every agent on the frozen test data,
// checking the invariants after every action.
func TestAgentsPlayWithinTheRules(t *testing.T) {
	d := configstest.Frozen(t)
	n := 150
	if testing.Short() {
		n = 30
	}
	for _, name := range agents.Names() {
		for players := 2; players <= 4; players++ {
			s, runs := strategies.Defaults(), n
			if name == "expert" || name == "clairvoyant" { // their rollouts make a campaign a hundred times dearer
				require.NoError(t, s.Parse("rollouts=1"))
				runs = max(3, n/15)
			}
			a, err := agents.New(name, s)
			if err != nil {
				t.Fatal(err)
			}
			var g rules.Game
			wins, levels := 0, 0
			for i := 0; i < runs; i++ {
				play(t, &g, a, d, players, uint64(i), true)
				if g.Won() {
					wins++
				}
				for l := 1; l <= 4; l++ {
					if g.Result(l).Won {
						levels++
					}
				}
			}
			t.Logf("%-8s %dp: %3d/%d campaigns won, %.2f levels won per campaign", name, players, wins, runs, float64(levels)/float64(runs))
		}
	}
}

// firstAction is an agent from outside the project: it always takes the first legal action.
type firstAction struct{}

func (firstAction) Name() string                                           { return "first" }
func (firstAction) Reset(uint64)                                           {}
func (firstAction) Choose(_ rules.View, legal []rules.Action) rules.Action { return legal[0] }

// registered is the registration of firstAction, once per test binary (as a package's init
// would do it), so that the test can run with -count above 1.
var registered = agents.Register("first-test", "takes the first legal action", func(strategies.Set) agents.Agent { return firstAction{} })

// Any package can register an agent; names are unique; the registry makes it by name, and the
// one play-out loop plays it on the checked path to the end of the campaign.
func TestRegisterAndPlayOut(t *testing.T) {
	require.NoError(t, registered)
	assert.Error(t, agents.Register("first-test", "again", func(strategies.Set) agents.Agent { return firstAction{} }), "a taken name")
	assert.Error(t, agents.Register("", "no name", func(strategies.Set) agents.Agent { return firstAction{} }))
	assert.Contains(t, agents.Names(), "first-test")
	a, err := agents.New("first-test", strategies.Defaults())
	require.NoError(t, err)
	var g rules.Game
	g.Reset(configstest.Frozen(t), 2, 1, 0)
	_, err = agents.PlayOut(&g, a, agents.Limits{RoundCap: 100, Checked: true}, nil)
	require.NoError(t, err)
	assert.True(t, g.IsTerminal())
}

// An illegal choice stops a checked play-out with an error naming the agent.
func TestPlayOutCheckedRefuses(t *testing.T) {
	var g rules.Game
	g.Reset(configstest.Frozen(t), 2, 1, 0)
	_, err := agents.PlayOut(&g, cheat{}, agents.Limits{RoundCap: 100, Checked: true}, nil)
	assert.ErrorContains(t, err, "cheat: rules:")
}

type cheat struct{}

func (cheat) Name() string { return "cheat" }
func (cheat) Reset(uint64) {}
func (cheat) Choose(rules.View, []rules.Action) rules.Action {
	return rules.MakeAction(rules.ActBoss, 0, 0, 0, 0)
}

// The expert never reads hidden state: at every decision it searches, of every kind (the
// widest search), it chooses the same on the real game as on a sample of the heroes' view (same
// view, other hidden state), from the same seed; and it searched decisions of many kinds.
func TestExpertSeesOnlyTheView(t *testing.T) {
	d := configstest.Frozen(t)
	s := strategies.Defaults()
	require.NoError(t, s.Parse("rollouts=2"))
	require.NoError(t, s.Parse("search=wide"))
	e := agents.NewExpert(s)
	p := agents.NewPlanner(strategies.Defaults(), false)
	var g, sample rules.Game
	var kinds [rules.NumPrompts]int
	const perKind = 3
	checked := 0
	for i := uint64(0); i < 8; i++ {
		seed := chance.EpisodeSeed(3, i)
		g.Reset(d, 3, seed, i)
		p.Reset(seed)
		for !g.IsTerminal() {
			legal := g.LegalActions(nil)
			if k := g.Prompt(); s.Searches(k) && len(legal) > 1 && len(legal) <= 8 && kinds[k] < perKind {
				g.View(0).Sample(&sample, i+99)
				e.Reset(seed)
				onReal := e.Choose(g.View(0), legal)
				e.Reset(seed)
				onSample := e.Choose(sample.View(0), sample.LegalActions(nil))
				require.Equal(t, onReal, onSample, "campaign %d, %s: the expert's choice depends on hidden state", i, k)
				kinds[k]++
				checked++
			}
			g.Apply(p.Choose(g.View(0), legal))
		}
	}
	seen := 0
	for k, n := range kinds {
		if n > 0 {
			seen++
			t.Logf("%-12s %d checked", rules.Prompt(k), n)
		}
	}
	require.GreaterOrEqual(t, seen, 6, "kinds of decision checked")
	require.Greater(t, checked, 20, "searched decisions checked")
}

// The clairvoyant reads the real game: its peek is the game behind the view (so a View is still
// one pointer to its game), and it chooses by the true state where the expert cannot.
func TestClairvoyantPeeks(t *testing.T) {
	var g rules.Game
	g.Reset(configstest.Frozen(t), 3, 1, 0)
	require.Same(t, &g, agents.Peek(g.View(0)))
	c := agents.NewClairvoyant(strategies.Defaults())
	assert.Equal(t, "clairvoyant", c.Name())
	a, err := agents.New("clairvoyant", strategies.Defaults())
	require.NoError(t, err)
	assert.Equal(t, "clairvoyant", a.Name())
	sp, err := agents.NewSpec("clairvoyant", strategies.Defaults())
	require.NoError(t, err)
	assert.Equal(t, "clairvoyant (perfect information)", sp.Label(), "the ladder labels the bound")
}

// A list of agents parses into specs with their own strategies; labels name only the
// strategies that differ from the defaults; a repeated agent and unknown names are refused.
func TestParseSpecs(t *testing.T) {
	specs, err := agents.ParseSpecs("random, planner,expert:rollouts=2,expert", strategies.Defaults())
	require.NoError(t, err)
	var labels []string
	for _, s := range specs {
		labels = append(labels, s.Label())
		require.Equal(t, s.Name, s.New().Name())
	}
	assert.Equal(t, []string{"random", "planner", "expert:rollouts=2", "expert"}, labels)
	assert.NotEqual(t, specs[2].Strategies, specs[3].Strategies)

	base := strategies.Defaults()
	require.NoError(t, base.Parse("multiples=one"))
	specs, err = agents.ParseSpecs("planner:temple=random", base)
	require.NoError(t, err)
	assert.Equal(t, "planner:multiples=one:temple=random", specs[0].Label())

	for list, want := range map[string]string{
		"planner,planner":          `"planner,planner": planner appears twice`,
		"expert:rollouts=1,expert": `expert appears twice`,
		"plannr":                   `unknown agent "plannr"`,
		"expert:rollouts=3":        `"3" is not a choice of rollouts`,
		"":                         `unknown agent ""`,
	} {
		_, err := agents.ParseSpecs(list, strategies.Defaults())
		assert.ErrorContains(t, err, want, list)
	}
}

// The sequential stop spends fewer rollouts a searched decision than the exact race; every
// search plays at least one rollout for each of its (at least two) choices.
func TestExpertStopsEarly(t *testing.T) {
	d := configstest.Frozen(t)
	perDecision := func(stop string) float64 {
		s := strategies.Defaults()
		require.NoError(t, s.Parse("rollouts=8"))
		require.NoError(t, s.Parse("stop="+stop))
		e := agents.NewExpert(s)
		var g rules.Game
		var n agents.Decisions
		for i := uint64(0); i < 2; i++ {
			play(t, &g, e, d, 3, i, false)
			e.TakeDecisions(&n)
		}
		var searched, rollouts int64
		for _, c := range n {
			searched += c.Searched
			rollouts += c.Rollouts
		}
		require.Greater(t, searched, int64(20), "decisions searched")
		require.GreaterOrEqual(t, rollouts, 2*searched, "at least one rollout for each of two choices")
		return float64(rollouts) / float64(searched)
	}
	exact, seq := perDecision("exact"), perDecision("sequential")
	t.Logf("rollouts a searched decision: exact %.1f, sequential %.1f", exact, seq)
	assert.Less(t, seq, exact, "the sequential stop spends less than the exact race")
}

// The clairvoyant reads the hidden state: on the same view, a real game and a sample of it
// (other deck orders, rooms and dice) lead it to different choices at some decisions (the
// expert's are always the same: TestExpertSeesOnlyTheView).
func TestClairvoyantReadsHiddenState(t *testing.T) {
	d := configstest.Frozen(t)
	s := strategies.Defaults()
	require.NoError(t, s.Parse("search=wide"))
	c := agents.NewClairvoyant(s)
	p := agents.NewPlanner(strategies.Defaults(), false)
	var g, sample rules.Game
	differ, checked := 0, 0
	for i := uint64(0); i < 4 && differ == 0; i++ {
		seed := chance.EpisodeSeed(5, i)
		g.Reset(d, 3, seed, i)
		p.Reset(seed)
		for !g.IsTerminal() && checked < 200 {
			legal := g.LegalActions(nil)
			if s.Searches(g.Prompt()) && len(legal) > 1 && len(legal) <= 8 {
				g.View(0).Sample(&sample, i+7)
				c.Reset(seed)
				onReal := c.Choose(g.View(0), legal)
				c.Reset(seed)
				if c.Choose(sample.View(0), sample.LegalActions(nil)) != onReal {
					differ++
				}
				checked++
			}
			g.Apply(p.Choose(g.View(0), legal))
		}
	}
	t.Logf("%d of %d decisions chosen otherwise on a sample", differ, checked)
	require.Positive(t, differ, "the clairvoyant chose alike on the real game and on samples: it does not see the hidden state")
}
