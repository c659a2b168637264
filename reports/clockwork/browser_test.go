package clockwork

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/sim"
)

// chromiumPath is where the browser check looks for the browser (Debian's chromium package).
const chromiumPath = "/usr/bin/chromium"

// chromium runs headless Chromium on a page with extra arguments and returns its standard
// output; each run gets its own throw-away profile and is stopped after 60 s.
func chromium(t *testing.T, page string, args ...string) []byte {
	t.Helper()
	profile, err := os.MkdirTemp("", "clockwork-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	// Chromium's helper processes may still be closing files: remove the profile on a best-effort basis.
	t.Cleanup(func() { os.RemoveAll(profile) })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + profile}, args...)
	cmd := exec.CommandContext(ctx, chromiumPath, append(all, "file://"+page)...)
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	return stdout.Bytes()
}

// TestHTMLInBrowser opens the HTML report in headless Chromium: a screenshot must show
// something (not a blank page), and the page as the browser parsed it (--dump-dom) must hold
// one <svg> element per chart. Without Chromium the test is skipped, unless the environment
// variable CI is set: then it fails, so that CI cannot skip the check silently.
func TestHTMLInBrowser(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is missing (%v): install it (apt-get install -y chromium) to check the HTML report in a browser", chromiumPath, err)
		}
		t.Skipf("%s not found: skipping the browser check of the HTML report (install chromium to run it; with CI set, this test fails instead)", chromiumPath)
	}
	// The three browser runs are independent: run them in parallel to keep the test short.
	writePage := func(t *testing.T, res *sim.Results) (page string, charts []*chart.Chart) {
		t.Helper()
		paths, err := reports.Write(res, t.TempDir(), []string{"html"})
		if err != nil {
			t.Fatal(err)
		}
		if page, err = filepath.Abs(paths[0]); err != nil {
			t.Fatal(err)
		}
		if charts, err = reports.Charts(res); err != nil {
			t.Fatal(err)
		}
		return page, charts
	}
	for name, res := range map[string]*sim.Results{"run": testResults(), "sweep": testSweep()} {
		t.Run("dom-"+name, func(t *testing.T) {
			t.Parallel()
			page, charts := writePage(t, res)
			dom := string(chromium(t, page, "--dump-dom"))
			if got := strings.Count(dom, "<svg"); got != len(charts) {
				t.Errorf("the browser's DOM has %d <svg> elements, want one per chart (%d)", got, len(charts))
			}
			if !strings.Contains(dom, "<table>") || !strings.Contains(dom, "Clockwork Realm balance report") {
				t.Error("the browser's DOM lacks the tables or the title")
			}
		})
	}
	t.Run("screenshot", func(t *testing.T) {
		t.Parallel()
		page, _ := writePage(t, testResults())
		shot := filepath.Join(t.TempDir(), "screenshot.png")
		chromium(t, page, "--screenshot="+shot, "--window-size=1280,2400")
		f, err := os.Open(shot)
		if err != nil {
			t.Fatalf("no screenshot: %v", err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if b.Dx() != 1280 || b.Dy() != 2400 {
			t.Errorf("screenshot is %v, want 1280x2400", b.Size())
		}
		dark, colour := 0, 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				if r < 0xc000 || g < 0xc000 || bl < 0xc000 {
					dark++
				}
				if max(r, g, bl)-min(r, g, bl) > 0x4000 {
					colour++ // chart bars and lines: the text alone is grey
				}
			}
		}
		total := b.Dx() * b.Dy()
		if dark < total/100 {
			t.Errorf("the screenshot is nearly blank: %d of %d pixels are not white", dark, total)
		}
		if colour < total/200 {
			t.Errorf("the screenshot shows almost no colour (%d pixels): the charts did not render", colour)
		}
	})
}
