package clockwork

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFrozenDataHasEveryFile keeps the frozen test data set (testdata/clockwork) complete in shape:
// every data file of configs/ has a file of the same name there, and the set loads. It compares
// names, never values: the frozen set must not follow a recalibration of configs/.
func TestFrozenDataHasEveryFile(t *testing.T) {
	names, err := fs.Glob(Default(), "*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, n := range names {
		_, err := os.Stat(filepath.Join(frozenDir, n))
		assert.NoError(t, err, "%s lacks %s, which configs/ has: add it (see its README.md)", frozenDir, n)
	}
	mustLoadFrozen(t)
}
