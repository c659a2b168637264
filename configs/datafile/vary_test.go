package datafile

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A --vary reads absolute and relative ranges (a sign on a bound makes it relative) and a step,
// and refuses what is not KEY=LO..HI[:STEP] quoting the flag.
func TestParseVary(t *testing.T) {
	v, err := ParseVary("ganon.targets.*=12..30:3")
	require.NoError(t, err)
	assert.Equal(t, Vary{Key: "ganon.targets.*", Lo: 12, Hi: 30, Step: 3, Spec: "ganon.targets.*=12..30:3"}, v)
	v, err = ParseVary("teams.*.characters.*.hp=-2..+2")
	require.NoError(t, err)
	assert.True(t, v.Relative)
	assert.Equal(t, []int{-2, 2, 1}, []int{v.Lo, v.Hi, v.Step})
	for spec, want := range map[string]string{
		"hp":          "no KEY=",
		"=1..2":       "no KEY=",
		"hp=3":        "no LO..HI range",
		"hp=a..3":     `LO "a" is not a whole number`,
		"hp=1..":      `HI "" is not a whole number`,
		"hp=5..3":     "LO 5 is above HI 3",
		"hp=1..5:0":   `STEP "0" is not a whole number of 1 or more`,
		"hp=1..5:two": `STEP "two" is not a whole number of 1 or more`,
	} {
		_, err := ParseVary(spec)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), `--vary "`+spec+`": `+want, spec)
	}
}

// Domains gives each selected value its candidates (its current value always among them,
// relative steps counted from it), lets a later --vary win, skips kept values, and refuses a
// --vary or --keep that selects nothing.
func TestDomains(t *testing.T) {
	values := []NumericValue{{"ganon.targets.2.move", 12}, {"ganon.targets.3.move", 18}, {"setup.time_tokens", 1}, {"teams.a.hp", 9}}
	parse := func(specs ...string) []Vary {
		var out []Vary
		for _, s := range specs {
			v, err := ParseVary(s)
			require.NoError(t, err)
			out = append(out, v)
		}
		return out
	}
	ds, err := Domains(values, parse("ganon.targets=10..20:4", "teams.*.hp=-3..+3:2", "ganon.targets.3=17..19"), []string{"setup"}, "x data")
	require.NoError(t, err)
	assert.Equal(t, []Domain{
		{Path: "ganon.targets.2.move", Current: 12, Values: []int{10, 12, 14, 18}, Vary: "ganon.targets=10..20:4"},
		{Path: "ganon.targets.3.move", Current: 18, Values: []int{17, 18, 19}, Vary: "ganon.targets.3=17..19"},
		{Path: "teams.a.hp", Current: 9, Values: []int{7, 9, 11}, Vary: "teams.*.hp=-3..+3:2"},
	}, ds)
	ds, err = Domains(values, parse("ganon=10..20"), []string{"ganon.targets.2"}, "x data")
	require.NoError(t, err)
	require.Len(t, ds, 1, "the kept value is not varied")

	_, err = Domains(values, parse("teams.*.mp=1..3"), nil, "x data")
	assert.EqualError(t, err, `--vary "teams.*.mp=1..3": no whole number of the data matches teams.*.mp (see x data --format json)`)
	_, err = Domains(values, parse("teams=1..3"), []string{"setup.time"}, "x data")
	assert.EqualError(t, err, `--keep "setup.time": no whole number of the data matches it (see x data --format json)`)
}
