// Package meta owns the meta a matrix of head-to-head games implies: the Nash equilibrium of
// the symmetric two-player zero-sum game of choosing an entrant (a team, a deck, an agent)
// against an opponent who chooses from the same list, as competitive players would settle it.
//
// The game is a payoff matrix A, antisymmetric (A[i][j] = -A[j][i], so its value is 0): A[i][j]
// is what i gains against j, for a matrix of games P(i wins) - P(j wins) (Counts.Payoff). Such a
// game may have many equilibria; Solve returns the canonical one of "Nash averaging" (Balduzzi,
// Tuyls, Perolat and Graepel 2018, "Re-evaluating evaluation"): the equilibrium of maximum
// entropy, unique because the entropy is strictly concave and the equilibria form a polytope.
// Each entrant's Nash average is its expected payoff against that mix: 0 for the entrants it
// plays, below 0 for those it leaves out (how much they lose to the meta).
//
// Bootstrap measures how much of that the games show: a parametric bootstrap of the counts,
// deterministic for its seed, gives every weight and Nash average a percentile interval and
// every entrant the share of resamples in which the equilibrium plays it.
//
// It is a bottom layer of the reports, beside package stats: it imports the standard library
// and gonum (never gonum/plot), and nothing of this module; it knows no game.
package meta
