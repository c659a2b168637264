package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// The recipes of docs/ci.md, as written: the blocks are read from the page, every shard is run
// with its index put where the batch engine puts it, the artifacts are moved as the workflow
// moves them, and the merge and the check run on what the shards wrote. Only the counts are
// small (--campaigns scaled down) and the paths rooted in a fresh directory.

// ciBlocks returns the page's text and its fenced blocks, in order.
func ciBlocks(t *testing.T) (string, []string) {
	t.Helper()
	raw, err := os.ReadFile("../../docs/ci.md")
	require.NoError(t, err)
	return string(raw), fencedBlocks(string(raw))
}

// ciBlock returns the block that holds marker.
func ciBlock(t *testing.T, blocks []string, marker string) string {
	t.Helper()
	for _, b := range blocks {
		if strings.Contains(b, marker) {
			return b
		}
	}
	t.Fatalf("docs/ci.md has no block with %q", marker)
	return ""
}

var campaignsFlag = regexp.MustCompile(`--campaigns \d+`)

// runRecipe runs one clockwork command line of a recipe (`go run ./cmd/clockwork ...` or
// `clockwork ...`), with --campaigns set to campaigns and shell globs expanded; it returns the
// exit code.
func runRecipe(t *testing.T, line string, campaigns int) int {
	t.Helper()
	line = strings.TrimSpace(strings.ReplaceAll(line, "\\\n", " "))
	line = strings.TrimPrefix(strings.TrimPrefix(line, "go run ./cmd/clockwork "), "clockwork ")
	line = campaignsFlag.ReplaceAllString(line, "--campaigns "+strconv.Itoa(campaigns))
	var args []string
	for _, a := range strings.Fields(line) {
		if strings.Contains(a, "*") {
			m, err := filepath.Glob(a)
			require.NoError(t, err)
			require.NotEmpty(t, m, "%s matches no file (in %q)", a, line)
			args = append(args, m...)
			continue
		}
		args = append(args, a)
	}
	if args[0] == "run" {
		args = append(args, "--progress", "never")
	}
	code, _, errOut := runCLI(t, args...)
	require.NotEqual(t, 2, code, "clockwork %s: bad input:\n%s", strings.Join(args, " "), errOut)
	return code
}

// ciDir makes a fresh working directory holding docs/balance.yaml, as a checkout would.
func ciDir(t *testing.T) {
	t.Helper()
	gates, err := os.ReadFile("../../docs/balance.yaml")
	require.NoError(t, err)
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll("docs", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("docs", "balance.yaml"), gates, 0o644))
}

func TestCIRecipesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every recipe's shards")
	}
	page, blocks := ciBlocks(t)
	slurmMerge := regexp.MustCompile("then `(clockwork merge [^`]+)` once the array is done").FindStringSubmatch(page)
	require.NotNil(t, slurmMerge, "the merge after the Slurm array")
	t.Run("GitHub Actions", func(t *testing.T) { githubRecipe(t, ciBlock(t, blocks, ".github/workflows/balance.yml")) })
	t.Run("Kubernetes Indexed Job", func(t *testing.T) {
		kubernetesRecipe(t, ciBlock(t, blocks, "completionMode: Indexed"), ciBlock(t, blocks, "clockwork merge /results/"))
	})
	t.Run("Slurm job array", func(t *testing.T) { slurmRecipe(t, ciBlock(t, blocks, "#SBATCH --array"), slurmMerge[1]) })
}

// step is a step of a workflow job.
type step struct {
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
}

// githubRecipe plays the workflow: the balance job once per matrix shard (its artifact uploaded
// under its name), then the gates job (the artifacts downloaded under path, one folder each).
func githubRecipe(t *testing.T, block string) {
	var wf struct {
		Jobs map[string]struct {
			Needs    string `yaml:"needs"`
			Strategy struct {
				Matrix struct {
					Shard []int `yaml:"shard"`
				} `yaml:"matrix"`
			} `yaml:"strategy"`
			Steps []step `yaml:"steps"`
		} `yaml:"jobs"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(block), &wf))
	ciDir(t)
	balance, gates := wf.Jobs["balance"], wf.Jobs["gates"]
	require.Equal(t, "balance", gates.Needs)
	require.NotEmpty(t, balance.Strategy.Matrix.Shard)
	for _, shard := range balance.Strategy.Matrix.Shard {
		sub := strings.NewReplacer("${{ matrix.shard }}", strconv.Itoa(shard))
		for _, s := range balance.Steps {
			switch {
			case s.Run != "":
				require.Equal(t, 0, runRecipe(t, sub.Replace(s.Run), 240))
			case strings.HasPrefix(s.Uses, "actions/upload-artifact"):
				name, path := sub.Replace(s.With["name"]), sub.Replace(s.With["path"])
				raw, err := os.ReadFile(path)
				require.NoError(t, err, "the artifact %s", name)
				require.NoError(t, os.MkdirAll(filepath.Join("artifacts", name), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join("artifacts", name, filepath.Base(path)), raw, 0o644))
			}
		}
	}
	checked := false
	for _, s := range gates.Steps {
		switch {
		case strings.HasPrefix(s.Uses, "actions/download-artifact"):
			require.NoError(t, os.Rename("artifacts", s.With["path"]))
		case s.Run != "":
			code := runRecipe(t, s.Run, 240)
			if strings.Contains(s.Run, " check ") {
				checked = true
				require.Contains(t, []int{0, 1}, code, "the check gates the merged run")
			} else {
				require.Equal(t, 0, code)
			}
		}
	}
	require.True(t, checked, "the workflow ends with a check")
}

// kubernetesRecipe plays the Indexed Job's container once per completion index, then the merge.
func kubernetesRecipe(t *testing.T, job, merge string) {
	var spec struct {
		Spec struct {
			Completions int `yaml:"completions"`
			Template    struct {
				Spec struct {
					Containers []struct {
						Args []string `yaml:"args"`
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(job), &spec))
	ciDir(t)
	n := spec.Spec.Completions
	require.Greater(t, n, 1)
	args := spec.Spec.Template.Spec.Containers[0].Args
	require.Len(t, args, 1)
	root := strings.NewReplacer("/results/", "results/")
	for i := range n {
		line := strings.NewReplacer("${JOB_COMPLETION_INDEX}", strconv.Itoa(i)).Replace(args[0])
		require.Equal(t, 0, runRecipe(t, root.Replace(line), 2*n))
	}
	require.Equal(t, 0, runRecipe(t, root.Replace(merge), 0))
	require.FileExists(t, "results/results.json")
}

// slurmRecipe plays the array's script once per task id, then the merge the page gives after it.
func slurmRecipe(t *testing.T, script, merge string) {
	ciDir(t)
	m := regexp.MustCompile(`#SBATCH --array=0-(\d+)`).FindStringSubmatch(script)
	require.NotNil(t, m)
	last, _ := strconv.Atoi(m[1])
	var cmd []string
	for _, line := range strings.Split(script, "\n") {
		if !strings.HasPrefix(line, "#") && strings.TrimSpace(line) != "" {
			cmd = append(cmd, line)
		}
	}
	for i := 0; i <= last; i++ {
		line := strings.NewReplacer("${SLURM_ARRAY_TASK_ID}", strconv.Itoa(i)).Replace(strings.Join(cmd, "\n"))
		require.Equal(t, 0, runRecipe(t, line, 2*(last+1)))
	}
	require.Equal(t, 0, runRecipe(t, merge, 0))
	require.FileExists(t, "results.json")
}

// TestCIEveryTeamGate checks docs/ci.md's gate of every team of a matrix, as written, on a
// small matrix: one row per team, checked (exit 0 or 1, not bad input).
func TestCIEveryTeamGate(t *testing.T) {
	_, blocks := ciBlocks(t)
	dir := t.TempDir()
	gates := filepath.Join(dir, "meta.yaml")
	require.NoError(t, os.WriteFile(gates, []byte(ciBlock(t, blocks, `team: "*"`)), 0o644))
	out := filepath.Join(dir, "matrix")
	code, _, errOut := runCLI(t, "duels", "matrix", "--games", "4", "--teams", "link,ganon,zelda", "--maps", "lost_woods", "--out", out, "--progress", "never")
	require.Equal(t, 0, code, errOut)
	code, stdout, errOut := runCLI(t, "check", "--expect", gates, filepath.Join(out, "results.json"))
	require.Contains(t, []int{0, 1}, code, errOut)
	for _, team := range []string{"ganon", "link", "zelda"} {
		require.Contains(t, stdout, "team_matrix_win_rate "+team)
	}
}
