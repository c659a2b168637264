package duels

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/stats"
)

var regen = flag.Bool("regen", false, "rewrite the golden images in testdata/ from the current code")

// The charts of the fixture, in report order: the tier list (the answer of a matrix), the
// meta, the matrices (all maps first), the first player, the map balance, the card power, then the seat
// chart (pooled over the matrix).
func TestChartsOrder(t *testing.T) {
	charts, err := reports.Charts(fixtureResults(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"tier-list", "meta", "matrix-all-maps", "matrix-lost-woods", "matrix-leever-desert", "first-player", "map-balance", "card-power", "seat-win-rate"}
	var got []string
	for _, c := range charts {
		got = append(got, c.Name)
		if c.Title == "" || c.Width <= 0 || c.Height <= 0 {
			t.Errorf("%s: title %q, size %v x %v", c.Name, c.Title, c.Width, c.Height)
		}
		if c.Caption == "" || c.Caption == c.Title {
			t.Errorf("%s: caption %q does not add to the title", c.Name, c.Caption)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("charts %v, want %v", got, want)
	}
	// A single match-up: the win rate instead of the matrices, no map balance.
	res := fixtureResults(t)
	res.Groups = res.Groups[1:2]
	charts, err = reports.Charts(res)
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, c := range charts {
		got = append(got, c.Name)
	}
	if want := "win-rate first-player tier-list card-power seat-win-rate"; strings.Join(got, " ") != want {
		t.Errorf("one match-up's charts %v, want %s", got, want)
	}
}

// The heat map labels every cell with its rate and n, "-" for a pair never played, and hatches
// exactly the cells whose interval includes 50%.
func TestMatrixHeatCells(t *testing.T) {
	ms := Matrices(fixtureResults(t))
	h := &heat{rows: ms[2].Teams, cols: ms[2].Teams}
	for r := range ms[2].Teams {
		var row []stats.Rate
		for c := range ms[2].Teams {
			row = append(row, ms[2].Cells[r][c].Rate)
		}
		h.rates = append(h.rates, row)
	}
	l, err := h.labels()
	if err != nil {
		t.Fatal(err)
	}
	// leever_desert, rows link, ganon, zelda from the top (y 2, 1, 0).
	want := map[string]string{"0,2": "-", "1,2": "40.0%\nn=100", "2,2": "80.0%\nn=100", "0,1": "60.0%\nn=100", "2,0": "-"}
	for i, xy := range l.XYs {
		if w, ok := want[fmt.Sprintf("%g,%g", xy.X, xy.Y)]; ok && l.Labels[i] != w {
			t.Errorf("cell at %g,%g labelled %q, want %q", xy.X, xy.Y, l.Labels[i], w)
		}
	}
	if len(l.Labels) != 9 {
		t.Errorf("%d labels, want 9", len(l.Labels))
	}
	hatched := 0
	for _, row := range h.rates {
		for _, r := range row {
			if even(r) {
				hatched++
			}
		}
	}
	if hatched != 2 { // ganon-zelda 50/100 both ways
		t.Errorf("%d even cells on leever_desert, want 2", hatched)
	}
}

// fillCell draws hatching lines only in a hatched cell.
func TestFillCellHatches(t *testing.T) {
	count := func(hatched bool) int {
		c := vgimg.NewWith(vgimg.UseWH(2*vg.Inch, 2*vg.Inch), vgimg.UseDPI(72))
		dc := vgdraw.New(c)
		fillCell(&dc, 0, 0, 2*vg.Inch, 2*vg.Inch, color.White, hatched)
		img, n := c.Image(), 0
		b := img.Bounds()
		for y := b.Min.Y + 3; y < b.Max.Y-3; y++ {
			for x := b.Min.X + 3; x < b.Max.X-3; x++ {
				if r, _, _, _ := img.At(x, y).RGBA(); r < 0xe000 {
					n++
				}
			}
		}
		return n
	}
	if plain := count(false); plain != 0 {
		t.Errorf("a plain cell has %d dark pixels", plain)
	}
	if lines := count(true); lines < 500 {
		t.Errorf("a hatched cell has %d dark pixels: no hatching", lines)
	}
}

// The diverging colour scale: white at 50%, blue above, vermillion below, grey unknown.
func TestRateColor(t *testing.T) {
	rgba := func(c color.Color) color.RGBA { return color.RGBAModel.Convert(c).(color.RGBA) }
	if c := rgba(rateColor(0.5)); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("50%%: %v, want white", c)
	}
	if c := rgba(rateColor(1)); c != aboveColor {
		t.Errorf("100%%: %v, want %v", c, aboveColor)
	}
	if c := rgba(rateColor(0)); c != belowColor {
		t.Errorf("0%%: %v, want %v", c, belowColor)
	}
	if c := rgba(rateColor(0.75)); c.B <= c.R {
		t.Errorf("75%%: %v is not blue", c)
	}
}

// TestGoldenCharts renders every chart of the fixture to PNG and compares the decoded pixels with
// testdata/<name>.png, allowing no difference. Run `go test ./reports/duels -run Golden -regen`
// on linux/amd64 (goldenBuild) to rewrite them after an intended change, and look at them
// before committing. On another build a difference skips the test (see reports/clockwork).
func TestGoldenCharts(t *testing.T) {
	charts, err := reports.Charts(fixtureResults(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range charts {
		if c.Name == reports.ChartSeatWinRate {
			continue // the generic chart, pinned in package reports
		}
		t.Run(c.Name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := c.Render(&buf, "png"); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", c.Name+".png")
			if *regen {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if buf.Len() > 64<<10 {
				t.Errorf("%s is %d bytes: keep golden images under 64 KiB", path, buf.Len())
			}
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./reports/duels -run Golden -regen to create it)", err)
			}
			want, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			if msg := pixelDiff(got, want); msg != "" {
				if build, ok := goldenPlatform(); !ok {
					t.Skipf("%s: %s; the golden images are made with %s and this build is %s (fused multiply-adds move "+
						"anti-aliased pixels): compare on %[3]s", path, msg, goldenBuild, build)
				}
				out := filepath.Join(os.TempDir(), "duels-golden-"+c.Name+".png")
				_ = os.WriteFile(out, buf.Bytes(), 0o644)
				t.Errorf("%s: %s; the new image is %s (rerun with -regen if the change is intended)", path, msg, out)
			}
		})
	}
}

// goldenBuild is the build the golden images are made with.
const goldenBuild = "GOARCH=amd64 GOAMD64=v1"

// goldenPlatform describes this test binary's build and reports whether it is goldenBuild.
func goldenPlatform() (string, bool) {
	arch, level := runtime.GOARCH, ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GOAMD64" {
				level = s.Value
			}
		}
	}
	build := "GOARCH=" + arch
	if arch == "amd64" {
		if level == "" {
			level = "v1"
		}
		build += " GOAMD64=" + level
	}
	return build, build == goldenBuild
}

// pixelDiff compares two images pixel by pixel ("" when they are identical).
func pixelDiff(got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	a, b := toRGBA(got), toRGBA(want)
	n, first := 0, image.Point{}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels differ, the first at %v", n, first)
}

func toRGBA(m image.Image) *image.RGBA {
	if r, ok := m.(*image.RGBA); ok {
		return r
	}
	r := image.NewRGBA(m.Bounds())
	draw.Draw(r, r.Rect, m, m.Bounds().Min, draw.Src)
	return r
}
