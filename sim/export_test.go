package sim

// Hooks for the tests of package sim_test (which play Pig through sim/pig, so they cannot be in
// package sim: that would be an import cycle).

// BlockSize is the number of campaign indexes per group between precision checks.
var BlockSize = &blockSize

// PairOutcomes counts the paired outcomes of the same campaigns (pairOutcomes).
var PairOutcomes = pairOutcomes

// Stages and Worse are the race's stages and its paired test, for the tests.
var (
	Stages = stages
	Worse  = worse
)
