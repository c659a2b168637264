package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
)

// A sweep records the data's own value of each swept key (its charts mark it) and keeps the
// player count of a key such as setup.skill_cards_per_type.3 in its chart files.
func TestSweepBaseParamsAndNames(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "sweep", "--param", "setup.skill_cards_per_type.3=3,5", "--players", "3", "--campaigns", "3",
		"--set", "setup.skill_cards_per_type.2=5", "--out", dir, "--report", filepath.Join(dir, "report"), "--formats", "png",
		"--progress", "never")
	require.Equal(t, 0, code, errOut)
	res, err := sim.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	require.Contains(t, res.BaseParams, "setup.skill_cards_per_type.3")
	assert.NotEmpty(t, res.BaseParams["setup.skill_cards_per_type.3"])
	assert.FileExists(t, filepath.Join(dir, "report", "sweep-setup.skill-cards-per-type.3-win-rate.png"))
}
