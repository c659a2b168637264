// Package configstest loads the frozen test data set (testdata/clockwork at the module root) for
// the tests of other packages. Only tests import it, so it is never part of the binary; it lives
// outside package configs because configs' own tests cannot import it (they load the set
// themselves, see configs/helpers_test.go).
package configstest

import (
	"path/filepath"
	"runtime"
	"testing"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// Dir is the frozen data set (testdata/clockwork at the module root), found from this source
// file, so that the tests of a package at any depth load it.
var Dir = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "clockwork")
}()

// Frozen loads the frozen data set with the --set overrides in sets and fails tb on any problem.
func Frozen(tb testing.TB, sets ...string) *rules.Data {
	tb.Helper()
	l, err := configs.LoadDir(Dir, sets)
	if err != nil {
		tb.Fatal(err)
	}
	return l.Data
}
