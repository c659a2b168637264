package clockwork

import (
	"strconv"

	"github.com/clockworksim/clockwork/sim"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// The fixtures are built by hand from integer formulas (no simulation, no randomness), so the
// golden images do not move when the default data or the engine change.

// binom returns the binomial coefficients C(k, 0..k).
func binom(k int) []int64 {
	c := make([]int64, k+1)
	c[0] = 1
	for i := 1; i <= k; i++ {
		c[i] = c[i-1] * int64(k-i+1) / int64(i)
	}
	return c
}

// bump returns a histogram of length size holding total counts shaped like C(k, i) and starting
// at bin from; the rounding remainder goes to the middle bin.
func bump(size, from, k int, total int64) []int64 {
	h := make([]int64, size)
	w := binom(k)
	var all, put int64
	for _, x := range w {
		all += x
	}
	for i, x := range w {
		h[min(from+i, size-1)] += total * x / all
		put += total * x / all
	}
	h[min(from+k/2, size-1)] += total - put
	return h
}

var testTemples = []string{"forest", "fire", "water", "spirit", "shadow", "light"}

// testGroup builds one group of n campaigns with the given player count, wins and params.
func testGroup(players int, n, wins int64, params map[string]string) *sim.Group {
	pi := players - 2
	losses := n - wins
	g := &sim.Group{Players: players, Agent: "planner",
		Strategies: "engage=defeat-first,temple=easiest", Params: params,
		Episodes: n, Wins: wins, Stats: &cwsim.Stats{Timeouts: int64(pi),
			LossReasons:     map[string]int64{"deck_exhausted": losses / 4, "forced_discard": losses - losses/4 - int64(pi)},
			FinalShardsHist: bump(41, pi, 6, n),
			Ganon: cwsim.GanonStats{Reached: n/2 + int64(10*pi), Defeated: wins, ShortfallHist: map[string][]int64{
				"move":     bump(61, 1+pi, 6, losses),
				"attack":   bump(61, 4, 4+2*pi, losses),
				"interact": bump(61, 0, 3, losses),
			}, ReachedShortfallHist: map[string][]int64{ // the teams that reached Ganon and lost
				"move":     bump(61, 0, 4+pi, max(0, n/2+int64(10*pi)-wins)),
				"attack":   bump(61, 1, 3, max(0, n/2+int64(10*pi)-wins)),
				"interact": bump(61, 0, 2, max(0, n/2+int64(10*pi)-wins)),
			}},
		},
	}
	if pi > 0 {
		cwOf(g).LossReasons["timeout"] = int64(pi)
	}
	for lvl := 1; lvl <= 4; lvl++ {
		succ, boss := n*int64(92-16*lvl+6*pi)/100, n*int64(100-15*lvl+6*pi)/100
		if lvl == 4 { // Level 4 is Ganon's Tower: its successes are the wins
			succ, boss = wins, cwOf(g).Ganon.Reached
		}
		cwOf(g).Levels = append(cwOf(g).Levels, &cwsim.LevelStats{Level: lvl, Attempts: n, Successes: succ,
			RoundsHist:       bump(61, 2+2*lvl+pi, 6+lvl, n),
			ShardsGainedHist: bump(players+1, 0, players, n),
			SpecialRoomsHist: bump(6, 0, 5, n),
			Kills:            n * int64(3+lvl), TimeTokensSpent: n * int64(2+lvl), BossReached: boss,
			LossReasons: map[string]int64{"deck_exhausted": (n - succ) / 3, "forced_discard": n - succ - (n-succ)/3}})
	}
	for lvl := 1; lvl <= 3; lvl++ {
		attempts := []int64{86, 85, 85, 86, 85, 85}
		if lvl == 1 {
			attempts = []int64{103, 103, 102, 102, 102, 0}
		}
		for ti, name := range testTemples {
			a := attempts[ti] * n / 512
			rate := int64(95 - 12*lvl - 7*ti + 5*pi)
			cwOf(g).Temples = append(cwOf(g).Temples, &cwsim.TempleStat{Temple: name, Level: lvl, Attempts: a,
				Successes: a * rate / 100, RoundsSum: a * int64(8+2*lvl), ShardsSum: a / 3})
		}
	}
	return g
}

// testResults is an ordinary run: 2, 3 and 4 players, 512 campaigns each.
func testResults() *sim.Results {
	res := &sim.Results{Schema: sim.Schema, ToolVersion: "v0.0.0-test",
		ConfigFingerprint: "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
		Seed:              7, Shard: sim.Shard{Index: 0, Count: 1}, TurnCap: 100}
	for i, p := range []int{2, 3, 4} {
		res.Groups = append(res.Groups, testGroup(p, 512, int64(12+18*i), map[string]string{}))
	}
	return res
}

// sweepParam is the parameter of testSweep.
const sweepParam = "ganon.targets.3.move"

// testSweep is a sweep of Ganon's Move target (14 to 20) at 2 and 3 players, 256 campaigns a
// point.
func testSweep() *sim.Results {
	res := testResults()
	res.Groups = nil
	for _, p := range []int{2, 3} {
		for _, x := range []int{14, 16, 18, 20} {
			wins := int64(120 - 5*x + 12*(p-2))
			res.Groups = append(res.Groups, testGroup(p, 256, wins, map[string]string{sweepParam: strconv.Itoa(x)}))
		}
	}
	return res
}

// testGanon is shaped like the ganon command's results: each group holds its target under a key
// with its own player count ("ganon.targets.2" at 2 players), and the targets differ by count.
func testGanon() *sim.Results {
	res := testResults()
	res.Groups = nil
	for _, p := range []int{2, 3} {
		for _, t := range []int{3 * p, 4 * p, 5 * p} {
			wins := int64(200 - 12*t + 20*(p-2))
			key := "ganon.targets." + strconv.Itoa(p)
			res.Groups = append(res.Groups, testGroup(p, 256, wins, map[string]string{key: strconv.Itoa(t)}))
		}
	}
	return res
}

// testGanonGrid is shaped like the default ganon command with --goal 0.5: 2 and 3 players,
// targets 6 to 30 in steps of 3 (18 groups, 400 campaigns each), win rates from 100% down to
// 0% with a few cells under 1%; the data's own target (base_params) is 18 at 3 players and 13
// (not tried) at 2 players.
func testGanonGrid() *sim.Results {
	res := testResults()
	res.Groups = nil
	const n = 400
	for _, p := range []int{2, 3} {
		c := 10 + 4*p // the target of a 50% win rate
		for t := 6; t <= 30; t += 3 {
			w := int64(n/2 + n*(c-t)/14)
			if w <= 0 {
				w = int64(max(0, 3+(c-t)/3))
			}
			w = min(w, n)
			g := testGroup(p, n, w, map[string]string{cwsim.GanonParam(p): strconv.Itoa(t)})
			cwOf(g).Ganon.Reached = w + (n-w)*3/5 // reached at least as often as won
			cwOf(g).Levels[3].BossReached = cwOf(g).Ganon.Reached
			res.Groups = append(res.Groups, g)
		}
		res.GameGoals = append(res.GameGoals, sim.Goal{Players: p, Goal: 0.5, Target: c/3*3 + 3*((c%3+1)/3), Low: 6, High: 30, Bracketed: true})
	}
	res.BaseParams = map[string]string{cwsim.GanonParam(2): "13", cwsim.GanonParam(3): "18"}
	return res
}

// testTinyTemples is the 3-player group of testResults where a few temples were played a few
// times only: the forest once at Level 2 (won), the water 3 times at Level 3 (2 won) and the
// shadow twice at Level 1 (both lost).
func testTinyTemples() *sim.Results {
	res := &sim.Results{Groups: testResults().Groups[1:2]}
	for _, t := range cwOf(res.Groups[0]).Temples {
		switch {
		case t.Temple == "forest" && t.Level == 2:
			t.Attempts, t.Successes = 1, 1
		case t.Temple == "water" && t.Level == 3:
			t.Attempts, t.Successes = 3, 2
		case t.Temple == "shadow" && t.Level == 1:
			t.Attempts, t.Successes = 2, 0
		}
	}
	return res
}

// testAgents is a run of two agents at 3 players.
func testAgents() *sim.Results {
	res := testResults()
	res.Groups = res.Groups[1:2]
	other := testGroup(3, 512, 61, map[string]string{})
	other.Agent = "rusher"
	res.Groups = append(res.Groups, other)
	return res
}
