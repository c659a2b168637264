package reports

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/sim"
)

// CSVFile is the file of the CSV summary Write produces (and SensitivityCSVFile for a
// sensitivity file); the Markdown and HTML reports are page.MarkdownFile and page.HTMLFile, the
// charts <chart name>.png / .svg.
const CSVFile = "report.csv"

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
	var charts []*chart.Chart
	if want["png"] || want["svg"] || want["html"] {
		var err error
		if charts, err = Charts(res); err != nil {
			return nil, err
		}
	}
	out := &page.Files{Dir: dir}
	svgs := map[string][]byte{}
	for _, c := range charts {
		if want["png"] {
			b, err := c.Bytes("png")
			if err != nil {
				return out.Written, err
			}
			if err := out.Put(c.Name+".png", b); err != nil {
				return out.Written, err
			}
		}
		if want["svg"] || want["html"] {
			b, err := c.Bytes("svg")
			if err != nil {
				return out.Written, err
			}
			svgs[c.Name] = b
			if want["svg"] {
				if err := out.Put(c.Name+".svg", b); err != nil {
					return out.Written, err
				}
			}
		}
	}
	if want["csv"] {
		if err := out.Render(CSVFile, func(w io.Writer) error { return CSV(w, res) }); err != nil {
			return out.Written, err
		}
		if len(res.Sensitivity) > 0 {
			if err := out.Render(SensitivityCSVFile, func(w io.Writer) error { return SensitivityCSV(w, res) }); err != nil {
				return out.Written, err
			}
		}
	}
	if want["md"] {
		if err := out.Render(page.MarkdownFile, func(w io.Writer) error { return page.Markdown(w, reportDoc(res, charts), charts) }); err != nil {
			return out.Written, err
		}
	}
	if want["html"] {
		if err := out.Render(page.HTMLFile, func(w io.Writer) error { return page.HTML(w, reportDoc(res, charts), charts, svgs) }); err != nil {
			return out.Written, err
		}
	}
	return out.Written, nil
}
