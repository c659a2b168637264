// Package configstest loads the frozen test data set (testdata/frozen at the module root) for
// the tests of other packages. Only tests import it, so it is never part of the binary; it lives
// outside package configs because configs' own tests cannot import it (they load the set
// themselves, see configs/helpers_test.go).
package configstest

import (
	"testing"

	"github.com/clockworksim/clockwork/configs"
	"github.com/clockworksim/clockwork/rules"
)

// Dir is the frozen data set, relative to the directory of a package one level below the module
// root (rules, agents, strategies, sim), where go test runs that package's tests.
const Dir = "../testdata/frozen"

// Frozen loads the frozen data set with the --set overrides in sets and fails tb on any problem.
func Frozen(tb testing.TB, sets ...string) *rules.Data {
	tb.Helper()
	l, err := configs.LoadDir(Dir, sets)
	if err != nil {
		tb.Fatal(err)
	}
	return l.Data
}
