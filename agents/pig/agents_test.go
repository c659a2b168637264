package pig

import (
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/pig"
)

func TestRegistry(t *testing.T) {
	if got := strings.Join(Names(), ","); got != "hold,random" {
		t.Fatalf("Names() = %s", got)
	}
	if d := Describe(); len(d) != 2 || !strings.HasPrefix(d[0], "hold   holds at a turn total of 20") {
		t.Fatalf("Describe() = %q", d)
	}
	for _, c := range []struct {
		spec string
		at   int // 0: an error; -1: the random agent
	}{
		{"random", -1}, {"hold", 20}, {"hold:at=25", 25}, {"hold:at=0", 0}, {"hold:at=x", 0},
		{"hold:upto=3", 0}, {"random:at=3", 0}, {"Hold", 0}, {"", 0},
	} {
		sp, err := NewSpec(c.spec)
		if (err == nil) != (c.at != 0) {
			t.Errorf("NewSpec(%q): error %v", c.spec, err)
			continue
		}
		if err != nil {
			continue
		}
		switch a := sp.New().(type) {
		case *Hold:
			if a.At != c.at || sp.Name != c.spec {
				t.Errorf("NewSpec(%q) made a hold agent at %d named %q", c.spec, a.At, sp.Name)
			}
		case *Random:
			if c.at != -1 {
				t.Errorf("NewSpec(%q) made the random agent", c.spec)
			}
		}
	}
	if _, err := ParseSpecs("hold, random,hold:at=10"); err != nil {
		t.Error(err)
	}
	if _, err := New("smart"); err == nil || !strings.Contains(err.Error(), `unknown pig agent "smart" (expected one of: hold, random)`) {
		t.Errorf("an unknown agent: %v", err)
	}
	if err := Register("random", "again", func() Agent { return &Random{} }); err == nil {
		t.Error("registering a taken name succeeded")
	}
}

// Every agent plays whole games at every table size on the checked path: every choice legal,
// every game over, won by a seat at the default turn cap.
func TestAgentsPlayLegally(t *testing.T) {
	d := rules.Default()
	var g rules.Game
	for _, name := range Names() {
		for players := rules.MinPlayers; players <= rules.MaxPlayers; players++ {
			agents := make([]Agent, players)
			for s := range agents {
				agents[s], _ = New(name)
			}
			tab := NewTable(agents...)
			tab.Checked = true
			for i := range uint64(200) {
				seed := chance.EpisodeSeed(1, i)
				g.Reset(d, players, seed, i)
				if err := tab.Play(&g, seed); err != nil {
					t.Fatalf("%s at %d players, game %d: %v", name, players, i, err)
				}
				if g.Winner() < 0 {
					t.Fatalf("%s at %d players, game %d: no winner at turn %d", name, players, i, g.Turn())
				}
			}
		}
	}
}

// The hold agent beats the random one clearly at two players: on the same deals, each from both
// seats (paired), it wins most games.
func TestHoldBeatsRandom(t *testing.T) {
	const deals = 2000
	d := rules.Default()
	var g rules.Game
	hold, random := &Hold{At: DefaultHoldAt}, &Random{}
	won := 0
	for i := range uint64(deals) {
		seed := chance.EpisodeSeed(2, i)
		for _, tab := range []*Table{NewTable(hold, random), NewTable(random, hold)} {
			g.Reset(d, 2, seed, i)
			if err := tab.Play(&g, seed); err != nil {
				t.Fatal(err)
			}
			if tab.Seats[g.Winner()] == Agent(hold) {
				won++
			}
		}
	}
	t.Logf("hold won %d of %d games against random", won, 2*deals)
	if won < 2*deals*3/4 {
		t.Fatalf("hold won %d of %d games against random, want 75%% or more", won, 2*deals)
	}
}

// A game played by agents allocates nothing.
func TestTableAllocatesNothing(t *testing.T) {
	d := rules.Default()
	var g rules.Game
	tab := NewTable(&Hold{At: DefaultHoldAt}, &Random{}, &Random{})
	i := uint64(0)
	if n := testing.AllocsPerRun(50, func() {
		g.Reset(d, 3, i, i)
		_ = tab.Play(&g, i)
		i++
	}); n != 0 {
		t.Fatalf("%v allocations a game", n)
	}
}
