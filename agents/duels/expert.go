package duels

import (
	"github.com/clockworksim/clockwork/rules/chance"
	rules "github.com/clockworksim/clockwork/rules/duels"
)

// Expert is the tactical agent with lookahead: at a decision where tactical's judgement leaves
// more than one good choice, it tries its best few (Width) by rollouts. Each rollout copies the
// game, replaces what the seat cannot see by a sample consistent with its View
// (rules.Game.Determinize: the opponents' hands and draw piles dealt again from their unseen
// cards, its own draw pile shuffled, the dice and random effects reseeded), plays the choice,
// then plays on with the tactical agent in every seat for Horizon turns (every player's turns
// counted) or to the end, and scores the outcome for its seat: 1 for a win, 0 for a loss, 1/2
// for a game with no winner, and between them, for a game not over, by the hit points left
// (an eliminated character counting 0, a character in play 30% of its printed hit points
// plus 70% of those it has). Every choice is tried on the same samples (common random numbers);
// tactical's best is played unless another beats it by more than twice the standard error of
// the paired differences.
//
// Its cost is Rollouts rollouts per searched decision; the default budget is DefaultRollouts.
type Expert struct {
	tac Tactical
	// Rollouts is the budget: the rollouts of one decision, shared by the choices tried.
	Rollouts int
	// Horizon is the turns (every player's turns counted) a rollout plays past the decision.
	Horizon int
	// Width is the most choices tried (tactical's best).
	Width int
	// Clear is the lead in tactical's judgement (hit points) over the second choice beyond
	// which the best is played without lookahead.
	Clear float64
	// Movement also tries the die's movement by rollouts (each character's move is one
	// decision); NewExpert sets it. Without it the expert costs about 2/3 as much and gains
	// less over tactical.
	Movement bool

	seat    int
	setup   rules.Setup
	d       *rules.Data
	r       chance.Stream // the seeds of its samples
	world   rules.Game
	roll    *Table
	rollers [rules.MaxPlayers]Tactical
	cand    [maxWidth]int
	judged  [maxWidth]float64
	sum, sq [maxWidth]float64 // per choice: the sum of its outcome's lead over choice 0, and of its square
}

// Defaults of the expert's lookahead.
const (
	DefaultRollouts = 24  // rollouts per searched decision
	DefaultHorizon  = 4   // turns a rollout plays past the decision
	DefaultWidth    = 3   // choices tried
	DefaultClear    = 2.5 // tactical's lead (hit points) that needs no lookahead
	maxWidth        = 8   // most choices tried
)

// NewExpert returns an expert agent with a budget of rollouts per decision (at least the number
// of choices tried, so that each is tried at least once).
func NewExpert(rollouts int) *Expert {
	e := &Expert{tac: Tactical{focus: -1}, Rollouts: rollouts, Horizon: DefaultHorizon,
		Width: DefaultWidth, Clear: DefaultClear, Movement: true}
	var seats [rules.MaxPlayers]Agent
	for i := range e.rollers {
		seats[i] = &e.rollers[i]
	}
	e.roll = NewTable(seats[:]...)
	return e
}

// Name returns "expert".
func (e *Expert) Name() string { return "expert" }

// Reset prepares the agent for seat seat of a new game; seed feeds the seeds of its samples.
func (e *Expert) Reset(d *rules.Data, setup rules.Setup, seat int, seed uint64) {
	e.tac.Reset(d, setup, seat, seed)
	e.d, e.setup, e.seat = d, setup, seat
	e.r.Seed(seed, agentStream+1)
}

// Choose returns tactical's choice: without the game there is nothing to look ahead on.
func (e *Expert) Choose(v *rules.View, legal []rules.Action) rules.Action {
	return e.tac.Choose(v, legal)
}

// ChooseIn returns the choice of the rollouts among tactical's best few for the die's movement
// (with Movement), the actions of a turn and the defences; tactical's choice for a card's move
// effect, when tactical's best leads clearly, or when only one action is legal.
func (e *Expert) ChooseIn(g *rules.Game, v *rules.View, legal []rules.Action) rules.Action {
	e.tac.look(v)
	n := e.candidates(legal)
	best := e.cand[0]
	if n > 1 && e.judged[0]-e.judged[1] < e.Clear && e.searches(v.Phase) {
		best = e.cand[e.search(g, legal, n)]
	}
	e.tac.remember(legal[best])
	return legal[best]
}

// searches reports whether decisions of phase p are tried by rollouts.
func (e *Expert) searches(p rules.Phase) bool {
	return p == rules.PhaseAction || p == rules.PhaseDefend || p == rules.PhaseMove && e.Movement
}

// candidates fills cand with the indexes of tactical's best choices, best first (judged holds
// their scores), and returns how many.
func (e *Expert) candidates(legal []rules.Action) int {
	w := min(max(e.Width, 1), maxWidth, len(legal))
	n := 0
	for i, m := range legal {
		j := e.tac.judge(m, legal)
		if n == w && j <= e.judged[n-1] {
			continue
		}
		if n < w {
			n++
		}
		k := n - 1
		for ; k > 0 && e.judged[k-1] < j; k-- {
			e.cand[k], e.judged[k] = e.cand[k-1], e.judged[k-1]
		}
		e.cand[k], e.judged[k] = i, j
	}
	return n
}

// search plays the rollouts of the n candidates and returns the index (into cand) of the
// chosen one: tactical's best (index 0) unless another beats it on the same samples by more
// than twice the standard error of the paired differences of their outcomes.
func (e *Expert) search(g *rules.Game, legal []rules.Action, n int) int {
	for i := 0; i < n; i++ {
		e.sum[i], e.sq[i] = 0, 0
	}
	rounds := max(e.Rollouts/n, 2)
	last := g.Turn() + e.Horizon
	for r := 0; r < rounds; r++ {
		seed := e.r.Uint64()
		base := 0.0
		for i := 0; i < n; i++ {
			o := e.rollout(g, legal[e.cand[i]], seed, last)
			if i == 0 {
				base = o
				continue
			}
			e.sum[i] += o - base
			e.sq[i] += (o - base) * (o - base)
		}
	}
	best, bestD := 0, 0.0
	k := float64(rounds)
	for i := 1; i < n; i++ {
		mean := e.sum[i] / k
		varD := max(e.sq[i]/k-mean*mean, 0) / (k - 1)
		if mean > bestD && mean*mean > 4*varD {
			best, bestD = i, mean
		}
	}
	return best
}

// rollout plays choice m on a sample of g (seed) and on with tactical agents until turn last,
// and returns its outcome for the agent's seat. The rollout agents start as bold as the
// expert's own judgement (the quiet turns of the board are public).
func (e *Expert) rollout(g *rules.Game, m rules.Action, seed uint64, last int) float64 {
	g.Clone(&e.world)
	e.world.Determinize(e.seat, seed)
	e.world.Apply(m)
	for p := 0; p < e.setup.Players; p++ {
		e.roll.Seats[p].Reset(e.d, e.setup, p, seed)
		if t, ok := e.roll.Seats[p].(*Tactical); ok {
			t.quiet, t.lastTurn, t.lastHP = e.tac.quiet, e.tac.lastTurn, e.tac.lastHP // the board's quiet turns are public
		}
	}
	_ = e.roll.PlayUntil(&e.world, last) // unchecked: the rollers choose from legal lists
	return e.outcome(&e.world)
}

// outcome scores a rollout's end for the agent's seat in [0, 1].
func (e *Expert) outcome(w *rules.Game) float64 {
	if w.IsTerminal() {
		switch w.Winner() {
		case e.seat:
			return 1
		case -1:
			return 0.5
		}
		return 0
	}
	mine, theirs := strength(w, e.seat), 0.0
	for p := 0; p < w.Players(); p++ {
		if p != e.seat {
			theirs = max(theirs, strength(w, p))
		}
	}
	return 0.5 + 0.5*(mine-theirs)
}

// strength is what is left of seat's team in [0, 1]: per character its printed hit points
// times 0.3 + 0.7 * the share it has (0 once eliminated), over the team's printed hit points.
func strength(w *rules.Game, seat int) float64 {
	have, all := 0.0, 0.0
	for c := seat * rules.MaxTeamChars; c < (seat+1)*rules.MaxTeamChars; c++ {
		if !w.CharExists(c) {
			continue
		}
		top := float64(w.Character(c).HP)
		all += top
		if w.Alive(c) {
			have += 0.3*top + 0.7*float64(w.HP(c))
		}
	}
	if all == 0 {
		return 0
	}
	return have / all
}
