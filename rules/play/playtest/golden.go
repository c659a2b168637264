package playtest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var regen = flag.Bool("regen", false, "rewrite the golden playthroughs under testdata/<game>/golden from the current code")

// GoldenPath is where the golden playthrough name of game is kept: testdata/<game>/golden/<name>
// at the module's root (the one layout of every game).
func GoldenPath(t testing.TB, game, name string) string {
	t.Helper()
	return filepath.Join(moduleRoot(t), "testdata", game, "golden", name)
}

// Golden compares got with the golden playthrough name of game, line by line, and fails t at
// the first line that differs (or on a different length), saying how to accept an intended
// change. With -regen it rewrites the file instead.
func Golden(t testing.TB, game, name string, got []byte) {
	t.Helper()
	path := GoldenPath(t, game, name)
	hint := fmt.Sprintf("after an intended change of behaviour: go test ./rules/%s -run Golden -regen, then review the diff of testdata/%s/golden", game, game)
	if *regen {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s)", err, hint)
	}
	if msg := diffLines(got, want); msg != "" {
		t.Fatalf("%s: %s\n(%s)", path, msg, hint)
	}
}

// diffLines describes the first difference of got from want, or returns "" when they are equal.
func diffLines(got, want []byte) string {
	if bytes.Equal(got, want) {
		return ""
	}
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(gl) && i < len(wl); i++ {
		if !bytes.Equal(gl[i], wl[i]) {
			return fmt.Sprintf("differs at line %d:\n got %s\nwant %s", i+1, gl[i], wl[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(gl), len(wl))
}

// moduleRoot finds the directory of go.mod above the test's working directory.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("playtest: no go.mod above the working directory")
		}
		dir = up
	}
}
