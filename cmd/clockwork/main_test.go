package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs the command line and returns the exit code, stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"clockwork"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

var fingerprintRE = regexp.MustCompile(`fingerprint (sha256:[0-9a-f]{64})`)

func fingerprintOf(t *testing.T, out string) string {
	t.Helper()
	m := fingerprintRE.FindStringSubmatch(out)
	require.NotNil(t, m, "no fingerprint in %q", out)
	return m[1]
}

func TestValidateDefault(t *testing.T) {
	code, out, errOut := runCLI(t, "validate")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "embedded default data is valid")
	assert.Contains(t, out, "3 Skill card types, 16 Item types, 15+15 Treasures, 6 temples")
	assert.NotContains(t, out, "notes")
	fingerprintOf(t, out)
}

func TestInitRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mydata")
	code, out, errOut := runCLI(t, "init", dir)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "data files into "+dir)

	_, def, _ := runCLI(t, "validate")
	code, mine, errOut := runCLI(t, "validate", "--config", dir)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, fingerprintOf(t, def), fingerprintOf(t, mine), "init then validate --config keeps the fingerprint")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), "."), "no temporary file left: %s", e.Name())
	}

	// A second init refuses to overwrite; --force does.
	code, _, errOut = runCLI(t, "init", dir)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "already exists (use --force to overwrite)")
	code, _, errOut = runCLI(t, "init", "--force", dir)
	assert.Equal(t, 0, code, errOut)

	// --set changes the fingerprint.
	_, changed, _ := runCLI(t, "validate", "--config", dir, "--set", "ganon.targets.3.move=20")
	assert.NotEqual(t, fingerprintOf(t, def), fingerprintOf(t, changed))
}

func replaceIn(t *testing.T, path, old, new string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(raw), old)
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(raw), old, new, 1)), 0o644))
}

// TestValidateReportsAllProblems is the acceptance case through the CLI.
func TestValidateReportsAllProblems(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "init", "--force", dir)
	require.Equal(t, 0, code, errOut)
	replaceIn(t, filepath.Join(dir, "rules.yaml"), "  treasure_draw: 2", "  treasure_draws: 2")
	replaceIn(t, filepath.Join(dir, "setup.yaml"), "  time_tokens: 1", "  time_tokens: one")
	replaceIn(t, filepath.Join(dir, "bosses.yaml"), "temple: forest", "temple: forests")
	replaceIn(t, filepath.Join(dir, "temples.yaml"), "boss: volvagia", "boss: volvagio")
	replaceIn(t, filepath.Join(dir, "layouts.yaml"), "generic: 11", "generic: 10")

	code, out, errOut := runCLI(t, "validate", "--config", dir)
	assert.Equal(t, 2, code)
	assert.Empty(t, out, "nothing on stdout when the data is bad")
	for _, want := range []string{
		filepath.Join(dir, "rules.yaml") + `:\d+:3: rules: unknown key "treasure_draws"`,
		filepath.Join(dir, "setup.yaml") + `:\d+:16: setup.time_tokens: expected a whole number, got "one"`,
		filepath.Join(dir, "bosses.yaml") + `:\d+:13: bosses.arrghus.temple: "forests" is not a temple id`,
		filepath.Join(dir, "temples.yaml") + `:\d+:11: temples.fire.boss: "volvagio" is not a boss id`,
		filepath.Join(dir, "layouts.yaml") + `:\d+:\d+: layouts.2.zones.R: the pile holds 20 tiles`,
	} {
		assert.Regexp(t, regexp.MustCompile("(?m)^"+want), errOut)
	}
	assert.Regexp(t, `\d+ problems in the data\n$`, errOut)
}

func TestDataJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "data", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var d map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &d))
	for _, k := range []string{"setup", "skill_cards", "items", "treasures", "enemies", "bosses", "special_rooms", "tiles", "layouts", "damage", "ganon", "fingerprint"} {
		assert.Contains(t, d, k)
	}
	type entry struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		Count  *int   `json:"count"`
		Tier   int    `json:"tier"`
		Temple string `json:"temple"`
		Kind   string `json:"kind"`
	}
	sum := func(key string, check func(entry)) int {
		var es []entry
		require.NoError(t, json.Unmarshal(d[key], &es), key)
		n := 0
		for _, e := range es {
			require.NotEmpty(t, e.ID, key)
			require.NotEmpty(t, e.Name, key)
			if check != nil {
				check(e)
			}
			if e.Count != nil {
				n += *e.Count
			}
		}
		return n
	}
	card := func(e entry) { require.NotNil(t, e.Count, "%s has a count", e.ID) }
	assert.Equal(t, 36, sum("skill_cards", card))
	assert.Equal(t, 45, sum("items", card))
	tiers := map[int]int{}
	assert.Equal(t, 30, sum("treasures", func(e entry) { card(e); tiers[e.Tier]++ }))
	assert.Equal(t, map[int]int{1: 15, 2: 15}, tiers)
	perTemple := map[string]int{}
	sum("enemies", func(e entry) { card(e); require.NotEmpty(t, e.Temple); perTemple[e.Temple] += *e.Count })
	assert.Equal(t, map[string]int{"forest": 12, "fire": 12, "water": 12, "shadow": 12, "spirit": 12, "light": 12}, perTemple)
	kinds := map[string]int{}
	sum("tiles", func(e entry) {
		kinds[e.Kind]++
		if e.Kind == "temple" {
			require.NotEmpty(t, e.Temple, e.ID)
		}
	})
	assert.Equal(t, map[string]int{"generic": 21, "temple": 60, "special": 4, "boss": 7, "entrance": 7}, kinds)
	var layouts map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(d["layouts"], &layouts))
	assert.Len(t, layouts, 4)

	// One section, with a --set: only that value differs from the defaults.
	code, out, _ = runCLI(t, "data", "damage", "--format", "json")
	require.Equal(t, 0, code)
	var def map[string]map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &def))
	assert.Equal(t, []any{1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0}, def["damage"]["1"], "printed")
	assert.Equal(t, []any{1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 3.0, 3.0}, def["damage"]["2"], "printed")
	code, out, _ = runCLI(t, "data", "damage", "--format", "json", "--set", "damage.4=5,5,5,5,5,5,5,5")
	require.Equal(t, 0, code)
	var set map[string]map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &set))
	def["damage"]["4"] = []any{5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0}
	assert.Equal(t, def, set)
}

func TestDataTables(t *testing.T) {
	cases := map[string][]string{
		"enemies":       {"Enemies of the Shadow Temple", "keese", "Attack 2 + Move 1", "pay_or_shuffle_back Attack 2"},
		"bosses":        {"arrghus", "Attack 4 + Move 6", "Attack 18 + Move 18 + Interact 18"},
		"damage":        {"L1     1  1  1  1  2  2  2  2  4"},
		"layouts":       {"Level 1 layout (5 rows x 5 columns)", " R  Y [E] Y  R", "Ganon's Tower"},
		"tiles":         {"forest_03  Mossy Crossing (temple, forest)", "+-----------+", "#"},
		"special_rooms": {"advanced enemy (2), then Interact 3"},
		"setup":         {"6 / 4 / 3"},
	}
	for section, wants := range cases {
		code, out, errOut := runCLI(t, "data", section)
		require.Equal(t, 0, code, errOut)
		for _, w := range wants {
			assert.Contains(t, out, w, section)
		}
	}
	code, out, _ := runCLI(t, "data")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Skill cards")
	assert.Contains(t, out, "Tiles (99)")
}

func TestBadInvocations(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--nope"}, "clockwork validate: --nope is not a flag of this command (see clockwork validate --help)"},
		{[]string{"--nope"}, "clockwork: --nope is not a flag of this command"},
		{[]string{"frobnicate"}, `clockwork: unknown command "frobnicate"`},
		{[]string{"data", "tiles", "--format"}, "clockwork data: flag needs an argument: --format"},
		{[]string{"validate", "extra"}, "takes no arguments"},
		{[]string{"data", "--format", "xml"}, `--format "xml": expected table or json`},
		{[]string{"data", "monsters"}, `unknown section "monsters"`},
		{[]string{"init"}, "expected one argument"},
		{[]string{"validate", "--config", "/nonexistent/dir"}, "--config /nonexistent/dir: no such file or directory"},
		{[]string{"validate", "--set", "setup.shards=x"}, `--set setup.shards=x: setup.shards: expected a whole number, got "x"`},
		{[]string{"data", "--set", "nope"}, "--set nope: expected PATH=VALUE"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
		assert.NotContains(t, errOut, "panic")
	}
}

func TestHelpAndVersion(t *testing.T) {
	code, out, _ := runCLI(t, "--version")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, version)
	for _, cmd := range []string{"run", "sweep", "ganon", "tune", "replay", "merge", "check", "report", "validate", "init", "data"} {
		code, out, _ := runCLI(t, cmd, "--help")
		assert.Equal(t, 0, code, cmd)
		assert.Contains(t, out, "Examples:", cmd)
	}
}
