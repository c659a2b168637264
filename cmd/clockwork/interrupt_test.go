package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/sim"
)

var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

// TestMain removes the binary the child-process tests build.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// clockworkBinary builds the command once per test run into a temporary directory.
func clockworkBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "clockwork-test-bin"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "clockwork")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = errors.New(string(out))
		}
	})
	require.NoError(t, binErr)
	return binPath
}

// child is a clockwork process started by a test, its stderr read line by line.
type child struct {
	cmd    *exec.Cmd
	lines  chan string
	stderr strings.Builder
	mu     sync.Mutex
}

// startChild starts clockwork with args and a fast plain progress line (so that a line on
// stderr says the simulation is under way).
func startChild(t *testing.T, args ...string) *child {
	t.Helper()
	ch := &child{cmd: exec.Command(clockworkBinary(t), args...), lines: make(chan string, 100)}
	ch.cmd.Env = append(os.Environ(), "CLOCKWORK_PROGRESS_EVERY=50ms")
	ch.cmd.Stdout = io.Discard
	pipe, err := ch.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, ch.cmd.Start())
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			ch.mu.Lock()
			ch.stderr.WriteString(sc.Text() + "\n")
			ch.mu.Unlock()
			ch.lines <- sc.Text()
		}
		close(ch.lines)
	}()
	t.Cleanup(func() { ch.cmd.Process.Kill() })
	return ch
}

// waitFor waits until a line of stderr contains s.
func (ch *child) waitFor(t *testing.T, s string) {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case line, ok := <-ch.lines:
			require.True(t, ok, "stderr ended before %q:\n%s", s, ch.errText())
			if strings.Contains(line, s) {
				return
			}
		case <-timeout:
			t.Fatalf("no %q on stderr after 60 s:\n%s", s, ch.errText())
		}
	}
}

// interrupt sends SIGINT n times, then waits for the exit: the exit code and the time taken.
func (ch *child) interrupt(t *testing.T, n int) (int, time.Duration) {
	t.Helper()
	start := time.Now()
	for i := 0; i < n; i++ {
		require.NoError(t, ch.cmd.Process.Signal(syscall.SIGINT))
		time.Sleep(5 * time.Millisecond)
	}
	for range ch.lines { // the whole of stderr
	}
	err := ch.cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), time.Since(start)
	}
	require.NoError(t, err)
	return 0, time.Since(start)
}

func (ch *child) errText() string {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.stderr.String()
}

type partialFile struct {
	Partial            bool   `json:"partial"`
	Stopped            string `json:"stopped"`
	CampaignsRequested int64  `json:"campaigns_requested"`
	Groups             []struct {
		Players   int               `json:"players"`
		Params    map[string]string `json:"params"`
		Campaigns int64             `json:"campaigns"`
		Partial   bool              `json:"partial"`
	} `json:"groups"`
}

// One SIGINT stops run, sweep and ganon (a real child process) within a second or two: the
// campaigns played are written, marked partial with each group's count, no further point is
// started, and the exit code is 130.
func TestInterruptStopsEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	cases := []struct {
		name   string
		args   []string
		groups int
	}{
		{"run", []string{"run", "--players", "2,3"}, 2},
		{"sweep", []string{"sweep", "--param", "setup.skill_cards_per_type.3=3..5", "--players", "3"}, 3},
		{"ganon", []string{"ganon", "--players", "3", "--targets", "10,20", "--goal", "0.5"}, 2},
		{"sensitivity", []string{"sensitivity", "--values", "setup.shards", "--players", "3"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			args := append(c.args, "--campaigns", "100000", "--workers", "1", "--out", out, "--progress", "plain",
				"--outcomes", filepath.Join(dir, "outcomes.csv"))
			ch := startChild(t, args...)
			ch.waitFor(t, "campaigns (")
			code, took := ch.interrupt(t, 1)
			t.Logf("%s stopped %v after SIGINT", c.name, took)
			stderr := ch.errText()
			assert.Equal(t, exitInterrupted, code, stderr)
			assert.Less(t, took, 3*time.Second, "stops within a second or so (2 busy cores)")
			assert.Contains(t, stderr, "clockwork "+c.name+`: interrupted: 0 of `)
			assert.NotContains(t, stderr, "point 2/", "the sweep does not go on to the next point")
			assert.NotContains(t, stderr, "target 20", "ganon does not go on to the next target")
			assert.NotContains(t, stderr, "value 1/", "sensitivity does not go on to the first moved value")
			if c.name == "sensitivity" {
				assert.Contains(t, stderr, "; 0 of 1 values moved both ways;", "says how many values were finished")
			}

			var res partialFile
			require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(out, "results.json"))), &res))
			assert.True(t, res.Partial)
			assert.Equal(t, "interrupted", res.Stopped)
			assert.EqualValues(t, 100000, res.CampaignsRequested)
			require.Len(t, res.Groups, c.groups, "every planned group is written, with its count")
			assert.Positive(t, res.Groups[0].Campaigns)
			for i, g := range res.Groups {
				assert.True(t, g.Partial, "group %d is not complete", i)
				assert.Less(t, g.Campaigns, int64(100000))
				if i > 0 {
					assert.Zero(t, g.Campaigns, "group %d was not started", i)
				}
			}
			outcomes := strings.Count(readFile(t, filepath.Join(dir, "outcomes.csv")), "\n") - 1
			assert.EqualValues(t, res.Groups[0].Campaigns, outcomes, "one outcome line per campaign played")
		})
	}
}

// A second SIGINT quits at once.
func TestSecondInterruptQuits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	// The campaigns in progress must outlast the first SIGINT's acknowledgement: expert
	// campaigns of 64 rollouts take about a second each (a planner campaign takes a few
	// milliseconds, and the run had often finished before a second SIGINT 5 ms later came).
	ch := startChild(t, "run", "--agent", "expert", "--strategy", "rollouts=64", "--players", "4", "--campaigns", "100000",
		"--workers", "2", "--out", dir, "--progress", "plain")
	ch.waitFor(t, "campaigns (")
	require.NoError(t, ch.cmd.Process.Signal(syscall.SIGINT))
	ch.waitFor(t, "interrupted: finishing the campaigns in progress")
	code, took := ch.interrupt(t, 1)
	assert.Equal(t, exitInterrupted, code)
	assert.Less(t, took, 3*time.Second)
	assert.Contains(t, ch.errText(), "clockwork run: interrupted again: quitting at once")
}

// A real child process interrupted by SIGINT while it checkpoints, then resumed, writes the
// same results and outcomes files as a straight run.
func TestInterruptThenResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	for _, c := range resumeCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			straight, part := filepath.Join(dir, "straight"), filepath.Join(dir, "part")
			code, errOut := outputsOf(t, context.Background(), straight, c.args...)
			require.Equal(t, 0, code, errOut)

			args := append(append([]string{}, c.args...), "--checkpoint", "20ms", "--out", part,
				"--outcomes", filepath.Join(part, "outcomes.csv"), "--progress", "plain")
			ch := startChild(t, args...)
			ch.waitFor(t, "checkpoint: wrote")
			code, _ = ch.interrupt(t, 1)
			require.Equal(t, exitInterrupted, code, ch.errText())
			ckpt := filepath.Join(part, checkpointFile)
			require.FileExists(t, ckpt)

			code, errOut = outputsOf(t, context.Background(), part, append(c.args, "--resume", ckpt)...)
			require.Equal(t, 0, code, errOut)
			assertSameFiles(t, straight, part)
		})
	}
}

func TestInterruptedNoteCountsTheGamesUnit(t *testing.T) {
	// The line an interrupted command ends with counts Clockwork's campaigns and the other
	// games' games.
	for game, unit := range map[string]string{"": "campaigns", "duels": "games", "clue": "games"} {
		res := &sim.Results{Game: game, Partial: true, EpisodesRequested: 10,
			Groups: []*sim.Group{{Players: 2, Agent: "a", Episodes: 10}, {Players: 3, Agent: "a", Episodes: 4, Partial: true}}}
		err := interruptedNote("run", "out/results.json", res, "")
		assert.Contains(t, err.Error(), "4 of 10 "+unit, game)
		res.Partial = false
		err = interruptedNote("run", "out/results.json", res, "")
		assert.Contains(t, err.Error(), "after the last "+strings.TrimSuffix(unit, "s")+":", game)
	}
}

// One SIGINT stops a tune (a real child process) within a second or so: it writes the best
// change so far, unverified, as patch.yaml, and the candidates played, and exits with 130.
func TestInterruptTuneWritesTheBestSoFar(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	gates := filepath.Join(dir, "gates.yaml")
	require.NoError(t, os.WriteFile(gates, []byte("gates:\n  - {metric: campaign_win_rate, players: 3, min: 0.9}\n"), 0o644))
	out := filepath.Join(dir, "out")
	ch := startChild(t, "tune", "--expect", gates, "--vary", "setup.shards=1..3", "--players", "3", "--campaigns", "100000",
		"--workers", "1", "--out", out, "--progress", "plain")
	ch.waitFor(t, "campaigns (")
	code, took := ch.interrupt(t, 1)
	stderr := ch.errText()
	assert.Equal(t, exitInterrupted, code, stderr)
	assert.Less(t, took, 3*time.Second, "stops within a second or so (2 busy cores)")
	assert.Contains(t, stderr, "clockwork tune: interrupted after 1 candidate: the best so far, unverified, is in "+filepath.Join(out, "patch.yaml"))
	p, err := datafile.ReadPatch(filepath.Join(out, "patch.yaml"))
	require.NoError(t, err)
	assert.Empty(t, p.Changes, "the data as it is: the only candidate played")
	assert.NotContains(t, readFile(t, filepath.Join(out, "patch.yaml")), "verified:")
	assert.FileExists(t, filepath.Join(out, "trajectory.json"))
}
