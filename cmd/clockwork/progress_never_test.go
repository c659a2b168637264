package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --progress never prints no progress at all: no per-point, per-target or per-value lines
// either (--progress plain does print them).
func TestProgressNeverIsSilent(t *testing.T) {
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"sweep", "--param", "setup.shards=1,2"}, "point 1/2"},
		{[]string{"ganon", "--targets", "17,18"}, "target 17"},
		{[]string{"sensitivity", "--values", "setup.shards"}, "value 1/1"},
	} {
		for _, mode := range []string{"never", "plain"} {
			args := append(append([]string{}, c.args...), "--players", "3", "--campaigns", "2", "--out", t.TempDir(), "--progress", mode)
			code, _, errOut := runCLI(t, args...)
			require.Equal(t, 0, code, errOut)
			if mode == "never" {
				for _, l := range strings.Split(strings.TrimSpace(errOut), "\n") {
					assert.True(t, l == "" || strings.HasPrefix(l, "wrote "), "%s --progress never printed %q", c.args[0], l)
				}
			} else {
				assert.Contains(t, errOut, c.line, "%s --progress plain", c.args[0])
			}
		}
	}
}
