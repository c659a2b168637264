package playtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/rules/play"
)

// count is a tiny engine for the harness's own tests: two seats add 1 or 2 in turn to a total;
// whoever reaches goal wins. bug breaks it in the ways the harness must catch.
type count struct {
	total, goal, seat, winner int
	bug                       string // "check": the invariant breaks at 5; "endless": goal never reached; "refuse": ApplyChecked refuses 2
}

var _ play.State[int, *count] = (*count)(nil)

func (c *count) ToMove() int { return c.seat }
func (c *count) LegalActions(buf []int) []int {
	buf = buf[:0]
	if c.IsTerminal() {
		return buf
	}
	return append(buf, 1, 2)
}
func (c *count) Apply(a int) {
	if c.bug == "endless" {
		return
	}
	c.total += a
	if c.total >= c.goal {
		c.winner = c.seat
	}
	c.seat = 1 - c.seat
}
func (c *count) ApplyChecked(a int) error {
	if a != 1 && (a != 2 || c.bug == "refuse") {
		return fmt.Errorf("add %d is not legal", a)
	}
	c.Apply(a)
	return nil
}
func (c *count) IsTerminal() bool { return c.winner != play.NoWinner }
func (c *count) Winner() int      { return c.winner }
func (c *count) Check() error {
	if c.bug == "check" && c.total == 5 {
		return errors.New("the total is 5")
	}
	return nil
}
func (c *count) Clone(dst *count) { *dst = *c }

// fatal records a harness failure instead of failing the test.
type fatal struct {
	testing.TB
	msg string
}

func (f *fatal) Helper() {}
func (f *fatal) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(f)
}

// run runs the harness on an engine with bug and returns its failure message ("" if none).
func run(t *testing.T, bug string) (msg string, actions int) {
	f := &fatal{TB: t}
	defer func() {
		if r := recover(); r != nil && r != any(f) {
			panic(r)
		}
		msg = f.msg
	}()
	var c count
	h := Random[int, *count]{
		Games:      50,
		Seed:       3,
		Reset:      func(c *count, i int) { *c = count{goal: 10 + i%5, winner: play.NoWinner, bug: bug} },
		Where:      func(c *count) string { return fmt.Sprintf("total %d", c.total) },
		MaxActions: 100,
	}
	return "", h.Run(f, &c)
}

func TestRandomCatchesBrokenEngines(t *testing.T) {
	msg, actions := run(t, "")
	if msg != "" || actions < 50*5 {
		t.Fatalf("a sound engine: %q after %d actions", msg, actions)
	}
	for bug, want := range map[string]string{
		"check":   "the total is 5",
		"endless": "does not end after 100 actions",
		"refuse":  "a listed action refused: add 2 is not legal",
	} {
		if msg, _ := run(t, bug); !strings.Contains(msg, want) || !strings.Contains(msg, "total ") {
			t.Errorf("%s: the harness said %q, want %q with the position", bug, msg, want)
		}
	}
}

func TestDiffLinesNamesTheFirstDifference(t *testing.T) {
	if d := diffLines([]byte("a\nb\n"), []byte("a\nb\n")); d != "" {
		t.Fatalf("equal files differ: %s", d)
	}
	if d := diffLines([]byte("a\nx\nc"), []byte("a\nb\nc")); !strings.Contains(d, "line 2") || !strings.Contains(d, "got x") {
		t.Fatalf("got %q", d)
	}
	if d := diffLines([]byte("a\nb"), []byte("a\nb\nc")); d != "2 lines, want 3" {
		t.Fatalf("got %q", d)
	}
}

func TestGoldenPathIsTheOneLayout(t *testing.T) {
	p := GoldenPath(t, "clue", "playthrough-3p.jsonl")
	if !strings.HasSuffix(p, filepath.Join("testdata", "clue", "golden", "playthrough-3p.jsonl")) {
		t.Fatalf("path %s", p)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("the committed golden playthrough: %v", err)
	}
}
