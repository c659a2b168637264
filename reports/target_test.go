package reports

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A --target is the gate a gates file would hold: metric, selectors and band; what is wrong is
// one error quoting the flag.
func TestParseTarget(t *testing.T) {
	g, err := ParseTarget("testseats", "win_rate[players=3]=0.40..0.45")
	require.NoError(t, err)
	assert.Equal(t, "win_rate", g.Metric)
	assert.Equal(t, 3, g.Players)
	require.NotNil(t, g.Min)
	require.NotNil(t, g.Max)
	assert.Equal(t, []float64{0.40, 0.45}, []float64{*g.Min, *g.Max})
	g, err = ParseTarget("testseats", "win_rate=..0.5")
	require.NoError(t, err)
	assert.Nil(t, g.Min)
	for spec, want := range map[string]string{
		"win_rate":                       "no METRIC=LO..HI",
		"win_rate=0.4":                   "no METRIC=LO..HI",
		"win_rate[players]=0.4..0.5":     `selector "players" is not KEY=VALUE`,
		"win_rate=low..0.5":              `min "low" is not a number`,
		"win_ratio=0.4..0.5":             `metric: unknown metric "win_ratio"`,
		"seat_win_rate[seat=x]=0.4..0.5": `seat: expected a whole number from 1 to 8, got "x"`,
		"win_rate[planet=3]=0.4..1":      `unknown key "planet"`,
	} {
		_, err := ParseTarget("testseats", spec)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), `--target "`+spec+`": `+want, spec)
	}
}
