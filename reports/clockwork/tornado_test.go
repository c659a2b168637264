package clockwork

import (
	"bytes"
	"encoding/csv"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// longestValues are the n longest --set paths of the default data (the names a tornado chart
// must lay out), with their values.
func longestValues(t *testing.T, n int) []datafile.NumericValue {
	t.Helper()
	l, err := configs.LoadDir("", nil)
	if err != nil {
		t.Fatal(err)
	}
	vs := datafile.NumericValues(l.Doc)
	slices.SortStableFunc(vs, func(a, b datafile.NumericValue) int { return len(b.Path) - len(a.Path) })
	return vs[:min(n, len(vs))]
}

// testSensitivity is testResults with a sensitivity row per value, step and player count 3:
// value i moves the win rate by -(i+3) points down and +(i+2) up, on 400 campaigns.
func testSensitivity(values []datafile.NumericValue) *sim.Results {
	res := testResults()
	for i, v := range values {
		for _, d := range []int{-1, 1} {
			p := sim.PairedOutcomes{Episodes: 400, BaseOnly: 8, MovedOnly: 8}
			if d < 0 {
				p.BaseOnly += int64(4 * (i + 3))
			} else {
				p.MovedOnly += int64(4 * (i + 2))
			}
			res.Sensitivity = append(res.Sensitivity, sim.SensitivityRow{Players: 3, Param: v.Path, Base: v.Value,
				Value: v.Value + d, Paired: p})
		}
	}
	return res
}

// chartNamed renders the chart of res named name.
func chartNamed(t *testing.T, res *sim.Results, name string) image.Image {
	t.Helper()
	charts, err := reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range charts {
		if c.Name == name {
			img := c.Image()
			if testing.Verbose() {
				_ = os.WriteFile(filepath.Join(os.TempDir(), "clockwork-"+name+".png"), mustPNG(t, c), 0o644)
			}
			return img
		}
	}
	t.Fatalf("no chart %s", name)
	return nil
}

func mustPNG(t *testing.T, c *chart.Chart) []byte {
	t.Helper()
	b, err := chartBytes(c, "png")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// colourRuns are the runs of image rows holding a pixel of colour c (left of x), top to
// bottom, as [first, last] row pairs.
func colourRuns(img image.Image, c color.RGBA, maxX int) [][2]int {
	var runs [][2]int
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		hit := false
		for x := b.Min.X; x < min(maxX, b.Max.X) && !hit; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			hit = uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(bl>>8) == c.B
		}
		switch {
		case hit && len(runs) > 0 && runs[len(runs)-1][1] == y-1:
			runs[len(runs)-1][1] = y
		case hit:
			runs = append(runs, [2]int{y, y})
		}
	}
	return runs
}

// darkLeft reports whether rows y0..y1 hold a dark pixel (text) in the left third of the image.
func darkLeft(img image.Image, y0, y1 int) bool {
	b := img.Bounds()
	for y := y0; y <= y1; y++ {
		for x := b.Min.X; x < b.Min.X+b.Dx()/3; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 < 90 && g>>8 < 90 && bl>>8 < 90 {
				return true
			}
		}
	}
	return false
}

// The tornado chart draws a bar each way and a label for every row, even with the longest names
// of the default data (which once left no room for the bars).
func TestTornadoLongNames(t *testing.T) {
	for _, n := range []int{1, 4, 15} {
		values := longestValues(t, n)
		img := chartNamed(t, testSensitivity(values), reports.ChartTornado(3))
		b := img.Bounds()
		down := colourRuns(img, chart.SeriesColor(1), b.Max.X)
		up := colourRuns(img, chart.SeriesColor(0), b.Max.X)
		// One run per row (the legend's swatch adds one, which has no label on its left).
		if len(down) < n || len(up) < n {
			t.Fatalf("%d values: %d rows of down bars and %d of up bars drawn, want %d each", n, len(down), len(up), n)
		}
		labelled := 0
		for _, r := range down {
			if darkLeft(img, r[0]-8, r[1]+8) {
				labelled++
			}
		}
		if labelled != n {
			t.Errorf("%d values: %d bars with a label on their left", n, labelled)
		}
	}
}

// TornadoLabel wraps a long --set path at its dots and keeps every part of the name.
func TestTornadoLabel(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"skull.1 (4)", []string{"skull.1 (4)"}},
		{"special_rooms.treasure.activation.4.0.interact (4)", []string{"special_rooms.treasure.", "activation.4.0.interact (4)"}},
		{"setup.pre_level_items.per_missed_special_room (1)", []string{"setup.pre_level_items.", "per_missed_special_room (1)"}},
	}
	for _, tt := range tests {
		got := strings.Split(reports.TornadoLabel(tt.name), "\n")
		if !slices.Equal(got, tt.want) {
			t.Errorf("TornadoLabel(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// SensitivityCSV writes two rows per value (down, up) in rank order, with the paired change, its
// interval and McNemar's p as numbers a spreadsheet reads, and the reason of a value not played.
func TestSensitivityCSV(t *testing.T) {
	res := testSensitivity([]datafile.NumericValue{{Path: "setup.shards", Value: 1}, {Path: "skull.1", Value: 4}})
	res.Sensitivity = append(res.Sensitivity,
		sim.SensitivityRow{Players: 3, Param: "setup.time_tokens", Base: 0, Value: -1, Skipped: "must be at least 0"},
		sim.SensitivityRow{Players: 3, Param: "setup.time_tokens", Base: 0, Value: 1, Paired: sim.PairedOutcomes{Episodes: 400}})
	var buf bytes.Buffer
	if err := reports.SensitivityCSV(&buf, res); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], reports.SensitivityCSVHeader()) || len(rows) != 7 {
		t.Fatalf("header %q and %d rows, want the header and 6 rows", rows[0], len(rows))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	// skull.1 (the second value) moves more than setup.shards: it ranks first.
	for i, want := range [][]string{
		{"1", "skull.1", "4", "down", "3"}, {"1", "skull.1", "4", "up", "5"},
		{"2", "setup.shards", "1", "down", "0"}, {"2", "setup.shards", "1", "up", "2"},
		{"3", "setup.time_tokens", "0", "down", "-1"}, {"3", "setup.time_tokens", "0", "up", "1"},
	} {
		r := rows[i+1]
		got := []string{r[col["rank"]], r[col["value"]], r[col["in_data"]], r[col["direction"]], r[col["moved_to"]]}
		if !slices.Equal(got, want) {
			t.Errorf("row %d = %q, want %q", i+1, got, want)
		}
	}
	down := rows[1]
	change, _ := strconv.ParseFloat(down[col["win_rate_change"]], 64)
	lo, _ := strconv.ParseFloat(down[col["lo95"]], 64)
	hi, _ := strconv.ParseFloat(down[col["hi95"]], 64)
	p, err := strconv.ParseFloat(down[col["mcnemar_p"]], 64)
	if err != nil || change != -100*16.0/400 || !(lo < change && change < hi) || p <= 0 || p >= 0.05 {
		t.Errorf("skull.1 down: change %v [%v, %v], p %v (%v); want -4 points inside its interval, p < 0.05", change, lo, hi, p, err)
	}
	if down[col["unit"]] != "points" || down[col["metric_unit"]] != "points" {
		t.Errorf("the units of a row: %q, %q", down[col["unit"]], down[col["metric_unit"]])
	}
	if r := rows[5]; r[col["not_valid"]] != "must be at least 0" || r[col["win_rate_change"]] != "" {
		t.Errorf("the value not valid: %q", r)
	}
}

// The header of a sensitivity file counts every campaign played: the base run's and the moved
// runs', and the values moved.
func TestSensitivityHeaderCounts(t *testing.T) {
	res := testSensitivity([]datafile.NumericValue{{Path: "setup.shards", Value: 1}, {Path: "skull.1", Value: 4}})
	res.Sensitivity = append(res.Sensitivity,
		sim.SensitivityRow{Players: 3, Param: "setup.time_tokens", Base: 0, Value: -1, Skipped: "must be at least 0"},
		sim.SensitivityRow{Players: 3, Param: "setup.time_tokens", Base: 0, Value: 1, Paired: sim.PairedOutcomes{Episodes: 400}})
	var buf bytes.Buffer
	if err := reports.Table(&buf, res); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(buf.String(), "\n")
	// 3 groups of 512 base campaigns; 5 moved runs of 400 campaigns (one not valid).
	want := "3 groups, 1536 campaigns on the data as it is, then 3 values moved (5 runs, 2000 campaigns): 3536 campaigns played"
	if !strings.Contains(first, want) {
		t.Errorf("header %q lacks %q", first, want)
	}
}
