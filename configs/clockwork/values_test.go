package clockwork

import (
	"strconv"
	"testing"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every whole number of the data is listed under a path that --set accepts and that gives the
// same value back.
func TestNumericValuesAreSetPaths(t *testing.T) {
	l, err := Load(Default(), DefaultLabel, nil)
	require.NoError(t, err)
	vals := datafile.NumericValues(l.Doc)
	require.Greater(t, len(vals), 100)
	byPath := map[string]int{}
	for _, v := range vals {
		byPath[v.Path] = v.Value
	}
	assert.Equal(t, 18, byPath["ganon.targets.3.move"])
	assert.Contains(t, byPath, "damage.1.0")
	for _, p := range []string{"ganon.targets.3.move", "damage.4.7", "setup.shards", "skull.2"} {
		v, ok := byPath[p]
		require.True(t, ok, p)
		moved, err := Load(Default(), DefaultLabel, []string{p + "=" + strconv.Itoa(v+1)})
		require.NoError(t, err, p)
		again := map[string]int{}
		for _, x := range datafile.NumericValues(moved.Doc) {
			again[x.Path] = x.Value
		}
		assert.Equal(t, v+1, again[p], p)
	}
}
