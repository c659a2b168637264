package clockwork

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/stretchr/testify/require"
)

// frozenDir is the frozen test data set (testdata/clockwork/README.md). Tests that pin values, or
// edit the files' text, load it instead of the embedded default data, which is recalibrated.
const frozenDir = "../../testdata/clockwork"

// frozenFiles returns a writable in-memory copy of the frozen data files.
func frozenFiles(t testing.TB) fstest.MapFS {
	t.Helper()
	frozen := os.DirFS(frozenDir)
	names, err := fs.Glob(frozen, "*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, names, "no data files in %s", frozenDir)
	m := fstest.MapFS{}
	for _, n := range names {
		raw, err := fs.ReadFile(frozen, n)
		require.NoError(t, err)
		m[n] = &fstest.MapFile{Data: raw}
	}
	return m
}

// edit replaces the first occurrence of old in file with new, failing if old is not there.
func edit(t testing.TB, m fstest.MapFS, file, old, new string) {
	t.Helper()
	f, ok := m[file]
	require.True(t, ok, "no file %s", file)
	s := string(f.Data)
	require.Contains(t, s, old, "%s does not contain %q", file, old)
	m[file] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
}

// mustLoad loads the embedded default data with sets and fails on any problem. Only tests of
// what the rulebook prints, or of the embedded data as such, use it.
func mustLoad(t testing.TB, sets ...string) *Loaded {
	t.Helper()
	l, err := Load(Default(), DefaultLabel, sets)
	require.NoError(t, err)
	return l
}

// mustLoadFrozen loads the frozen data set with sets and fails on any problem.
func mustLoadFrozen(t testing.TB, sets ...string) *Loaded {
	t.Helper()
	l, err := LoadDir(frozenDir, sets)
	require.NoError(t, err)
	return l
}

// problems loads fsys with sets and returns the problem lines (failing if it loads).
func problems(t testing.TB, fsys fs.FS, sets ...string) []string {
	t.Helper()
	_, err := Load(fsys, "data", sets)
	require.Error(t, err)
	var ps datafile.Problems
	require.True(t, errors.As(err, &ps), "want Problems, got %T: %v", err, err)
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return lines
}

// lineOf returns the 1-based line of the first occurrence of s in file.
func lineOf(t testing.TB, m fstest.MapFS, file, s string) int {
	t.Helper()
	i := strings.Index(string(m[file].Data), s)
	require.GreaterOrEqual(t, i, 0, "%s does not contain %q", file, s)
	return strings.Count(string(m[file].Data[:i]), "\n") + 1
}
