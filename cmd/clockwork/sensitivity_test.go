package main

import (
	"encoding/csv"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/reports"
)

// sensitivity --format csv prints the ranked rows (not the base run's metrics), and the report's
// CSV files hold them in sensitivity.csv beside report.csv.
func TestSensitivityCSVOutput(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "sensitivity", "--values", "setup.shards", "--campaigns", "6", "--format", "csv",
		"--out", dir, "--report", filepath.Join(dir, "report"), "--formats", "csv", "--progress", "never")
	require.Equal(t, 0, code, errOut)
	for _, text := range []string{out, readFile(t, filepath.Join(dir, "report", reports.SensitivityCSVFile))} {
		rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 3, "the header, setup.shards down and up")
		assert.Equal(t, reports.SensitivityCSVHeader(), rows[0])
		assert.Equal(t, []string{"3", "1", "setup.shards"}, rows[1][:3])
		assert.Equal(t, []string{"down", "up"}, []string{rows[1][4], rows[2][4]})
	}
	assert.FileExists(t, filepath.Join(dir, "report", reports.CSVFile))
}
