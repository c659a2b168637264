package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resumeCases are the commands that checkpoint, with fast campaigns: enough of them (120, about
// a quarter of a second on one worker) that a run stopped at its first checkpoint (10 or 20 ms
// in) still has most of them to play. With a few dozen, a fast machine finished the run before
// the stop came, and the checkpoint was gone.
var resumeCases = []struct {
	name string
	args []string
}{
	{"run", []string{"run", "--players", "2,3", "--campaigns", "60", "--workers", "1", "--round-cap", "20"}},
	{"sweep", []string{"sweep", "--param", "setup.skill_cards_per_type.3=3,4", "--players", "3", "--campaigns", "60", "--workers", "1", "--round-cap", "20"}},
}

// outputsOf runs args with --out dir and --outcomes in dir: the exit code and stderr.
func outputsOf(t *testing.T, ctx context.Context, dir string, args ...string) (int, string) {
	t.Helper()
	code, _, errOut := runCLIContext(t, ctx, append(args, "--out", dir, "--outcomes", filepath.Join(dir, "outcomes.csv"), "--progress", "plain")...)
	return code, errOut
}

// assertSameFiles compares the results and outcomes files of two output directories.
func assertSameFiles(t *testing.T, want, got string) {
	t.Helper()
	for _, f := range []string{"results.json", "outcomes.csv"} {
		assert.Equal(t, readFile(t, filepath.Join(want, f)), readFile(t, filepath.Join(got, f)), f)
	}
}

// A run (and a sweep) cancelled once its first checkpoint is written, then resumed, writes the
// same results and outcomes files, byte for byte, as a straight run; the checkpoint is removed
// once the run is complete.
func TestResumeInProcess(t *testing.T) {
	for _, c := range resumeCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			straight, part := filepath.Join(dir, "straight"), filepath.Join(dir, "part")
			code, errOut := outputsOf(t, context.Background(), straight, c.args...)
			require.Equal(t, 0, code, errOut)

			ctx, cancel := context.WithCancel(context.Background())
			ckpt := filepath.Join(part, checkpointFile)
			go func() {
				for ; ; time.Sleep(5 * time.Millisecond) {
					if _, err := os.Stat(ckpt); err == nil {
						cancel()
						return
					}
				}
			}()
			code, errOut = outputsOf(t, ctx, part, append(c.args, "--checkpoint", "10ms")...)
			cancel()
			require.Equal(t, exitInterrupted, code, errOut)
			assert.Contains(t, errOut, "finish the run with the same flags and --resume "+ckpt)

			code, errOut = outputsOf(t, context.Background(), part, append(c.args, "--resume", ckpt)...)
			require.Equal(t, 0, code, errOut)
			assertSameFiles(t, straight, part)
			assert.NoFileExists(t, ckpt, "removed once the run is complete")
		})
	}
}

// A resume whose flags differ from the checkpoint's is refused with the field.
func TestResumeRefusesAnotherRun(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // interrupted before its first campaign: the checkpoint holds none
	args := resumeCases[0].args
	code, errOut := outputsOf(t, ctx, dir, append(args, "--checkpoint", "1h")...)
	require.Equal(t, exitInterrupted, code, errOut)
	ckpt := filepath.Join(dir, checkpointFile)
	for _, c := range []struct{ flags []string }{
		{[]string{"--seed", "2"}}, {[]string{"--campaigns", "8"}}, {[]string{"--agent", "rusher"}},
		{[]string{"--set", "setup.time_tokens=2"}}, {[]string{"--strategy", "multiples=one"}},
	} {
		code, _, errOut := runCLI(t, append(append(append([]string{}, args...), c.flags...), "--out", dir, "--resume", ckpt, "--outcomes", filepath.Join(dir, "o.csv"))...)
		assert.Equal(t, exitBadInput, code, errOut)
		assert.Contains(t, errOut, "clockwork run: --resume "+ckpt+": run.", c.flags)
	}
}
