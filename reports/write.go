package reports

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/clockworksim/clockwork/sim"
)

// File names of the reports Write produces; charts are written as <chart name>.png / .svg.
const (
	MarkdownFile = "report.md"   // Markdown
	HTMLFile     = "report.html" // HTML
	CSVFile      = "report.csv"  // CSV (and SensitivityCSVFile for a sensitivity file)
)

// Formats returns the formats Write knows, in the order it writes them: "png" and "svg" (one
// file per chart), "csv", "md" and "html".
func Formats() []string { return []string{"png", "svg", "csv", "md", "html"} }

// Write writes the report of res into dir (created if needed) in the chosen formats out of
// "md" (report.md), "html" (report.html), "csv" (report.csv, and sensitivity.csv for a
// sensitivity file: SensitivityCSV), "png" and "svg" (one file per
// chart, named after the chart (Charts): for Clockwork Realm win-rate.png, level-success.png,
// temple-success.png, rounds.png, final-shards.png, ganon-shortfall.png, and the sweep charts of
// a sweep; for a game with seats seat-win-rate.png). The
// Markdown report links the PNG charts, so "md" writes them too; the HTML report embeds its
// charts as SVG and needs no other file.
//
// Every file is written to a temporary file in dir and renamed into place, so an interrupted
// run never leaves a half-written file and loses nothing already written. Write returns the
// paths it wrote, in order (also when it fails part way). An unknown format is an error naming
// it, reported before anything is written.
func Write(res *sim.Results, dir string, formats []string) ([]string, error) {
	want := map[string]bool{}
	for _, f := range formats {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(Formats(), f) {
			return nil, fmt.Errorf("unknown report format %q (expected %s)", f, strings.Join(Formats(), ", "))
		}
		want[f] = true
	}
	if len(want) == 0 {
		return nil, fmt.Errorf("no report format given (expected some of %s)", strings.Join(Formats(), ", "))
	}
	if res == nil || len(res.Groups) == 0 {
		return nil, ErrNoGroups
	}
	if want["md"] {
		want["png"] = true
	}
	var charts []*Chart
	if want["png"] || want["svg"] || want["html"] {
		var err error
		if charts, err = Charts(res); err != nil {
			return nil, err
		}
	}
	out := &reportFiles{dir: dir}
	svgs := map[string][]byte{}
	for _, c := range charts {
		if want["png"] {
			b, err := c.bytes("png")
			if err != nil {
				return out.written, err
			}
			if err := out.put(c.Name+".png", b); err != nil {
				return out.written, err
			}
		}
		if want["svg"] || want["html"] {
			b, err := c.bytes("svg")
			if err != nil {
				return out.written, err
			}
			svgs[c.Name] = b
			if want["svg"] {
				if err := out.put(c.Name+".svg", b); err != nil {
					return out.written, err
				}
			}
		}
	}
	if want["csv"] {
		if err := out.render(CSVFile, func(w io.Writer) error { return CSV(w, res) }); err != nil {
			return out.written, err
		}
		if len(res.Sensitivity) > 0 {
			if err := out.render(SensitivityCSVFile, func(w io.Writer) error { return SensitivityCSV(w, res) }); err != nil {
				return out.written, err
			}
		}
	}
	if want["md"] {
		if err := out.render(MarkdownFile, func(w io.Writer) error { return writeMarkdown(w, res, charts) }); err != nil {
			return out.written, err
		}
	}
	if want["html"] {
		if err := out.render(HTMLFile, func(w io.Writer) error { return writeHTML(w, res, charts, svgs) }); err != nil {
			return out.written, err
		}
	}
	return out.written, nil
}

// reportFiles writes the files of a report into dir, each through a temporary file and a
// rename (sim.WriteAtomic), and keeps the paths written, in order.
type reportFiles struct {
	dir     string
	written []string
	buf     bytes.Buffer
}

// put writes data as file name.
func (r *reportFiles) put(name string, data []byte) error {
	path := filepath.Join(r.dir, name)
	if err := sim.WriteAtomic(path, data); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	r.written = append(r.written, path)
	return nil
}

// render writes what write writes as file name.
func (r *reportFiles) render(name string, write func(w io.Writer) error) error {
	r.buf.Reset()
	if err := write(&r.buf); err != nil {
		return err
	}
	return r.put(name, r.buf.Bytes())
}
