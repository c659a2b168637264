package sim_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/sim"
	"github.com/clockworksim/clockwork/sim/simtest"
)

// Adding a group to an empty one shaped like it gives the group back, byte for byte.
func TestGroupAddToEmptyLike(t *testing.T) {
	cfg := testConfig(t)
	res, err := sim.Run(context.Background(), cfg)
	require.NoError(t, err)
	for _, g := range res.Groups {
		sum := g.EmptyLike()
		require.NoError(t, sum.Add(g))
		assert.Equal(t, simtest.JSON(t, &sim.Results{Groups: []*sim.Group{g}}), simtest.JSON(t, &sim.Results{Groups: []*sim.Group{sum}}))
	}
}
