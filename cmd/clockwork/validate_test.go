package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validate lists every value that differs from the embedded data, whatever the order of the
// --set flags and whether the box counts notice it; the default data differs in nothing.
func TestValidateListsEveryDifference(t *testing.T) {
	for _, order := range [][]string{
		{"--set", "setup.skill_cards_per_type.3=5", "--set", "ganon.targets.3.move=20", "--set", "rules.move_carry_over=off"},
		{"--set", "rules.move_carry_over=off", "--set", "ganon.targets.3.move=20", "--set", "setup.skill_cards_per_type.3=5"},
	} {
		code, out, errOut := runCLI(t, append([]string{"validate"}, order...)...)
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, "3 values differ from the embedded default data")
		assert.Contains(t, out, "\n  ganon.targets.3.move: 20 (default ")
		assert.Contains(t, out, "\n  setup.skill_cards_per_type.3: 5 (default ")
		assert.Contains(t, out, "\n  rules.move_carry_over: off (--set)")
	}
	code, out, errOut := runCLI(t, "validate")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "differ from the embedded default data")
}
