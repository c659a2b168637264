package sim_test

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/clockworksim/clockwork"

// The kits and cores every game builds on, which must import no game.
var cores = []string{"sim", "sim/simtest", "reports", "reports/stats", "reports/format", "reports/chart",
	"reports/page", "reports/compare", "reports/meta", "rules/play", "rules/play/playtest", "rules/chance",
	"agents/registry", "agents/seats", "configs/datafile"}

// games are the game folders' last elements: a package .../<role>/<game> belongs to that game.
var games = []string{"clockwork", "clue", "duels", "pig"}

// TestCoresImportNoGame walks the imports of every kit and core of this module and fails on
// any package of a game: imports point from the games down to the cores, never up. A core's own
// tests may import Pig, the worked example the generic core is tested with, and no other game.
func TestCoresImportNoGame(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal("the module root is not the parent of sim/")
	}
	for _, c := range cores {
		p := load(t, root, c)
		seen := map[string]bool{}
		for _, imp := range p.Imports {
			walk(t, root, imp, c, seen, "")
		}
		for _, imp := range append(p.TestImports, p.XTestImports...) {
			walk(t, root, imp, c+" (tests)", seen, "pig")
		}
	}
}

// load reads the package of this module at rel.
func load(t *testing.T, root, rel string) *build.Package {
	t.Helper()
	p, err := build.Default.ImportDir(filepath.Join(root, rel), 0)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return p
}

// gameOf returns the game a package of this module belongs to ("" for a kit or core).
func gameOf(rel string) string {
	parts := strings.Split(rel, "/")
	if len(parts) < 2 || parts[0] == "cmd" {
		return ""
	}
	for _, g := range games {
		if parts[1] == g {
			return g
		}
	}
	return ""
}

// walk follows the imports of pkg (reached by way of via) within the module, and fails on a
// game's package other than allowed (whose own imports are not followed).
func walk(t *testing.T, root, pkg, via string, seen map[string]bool, allowed string) {
	t.Helper()
	rel, ok := strings.CutPrefix(pkg, module+"/")
	if !ok || seen[rel] {
		return
	}
	seen[rel] = true
	via += " -> " + rel
	switch g := gameOf(rel); {
	case g == "":
	case g == allowed:
		return
	default:
		t.Errorf("%s: a core imports a game", via)
		return
	}
	for _, imp := range load(t, root, rel).Imports {
		walk(t, root, imp, via, seen, allowed)
	}
}
