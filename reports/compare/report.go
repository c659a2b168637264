package compare

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
)

// This file is the report of a paired comparison (`clockwork compare`): a title, the answer in
// one sentence (Headline), the chart of the paired differences with their intervals
// (DiffChart), the table and its note, as Markdown (linking the chart's PNG) and as one
// self-contained HTML page (the chart inline).

// ChartDiff is the name of the chart of a paired comparison: paired-diff.png and .svg.
const ChartDiff = "paired-diff"

// pairedDiff is the paired difference of a row, B's win rate minus A's, with its 95% interval
// (stats.PairedDiff: NaN without campaigns).
func pairedDiff(r Row) (diff, lo, hi float64) {
	return stats.PairedDiff(r.Test.B, r.Test.C, r.Campaigns)
}

// pairedLabel names a row in the headline and on the chart: its player count ("3 players"),
// then the params and agents when they change ("3 players, none → setup.x=4").
func pairedLabel(r Row) string {
	parts := []string{format.Players(r.Players)}
	if r.ParamsA != "" || r.ParamsB != "" {
		parts = append(parts, changeText(paramsOrNone(r.ParamsA), paramsOrNone(r.ParamsB)))
	}
	if r.AgentA != r.AgentB {
		parts = append(parts, changeText(r.AgentA, r.AgentB))
	}
	return strings.Join(parts, ", ")
}

// Headline is the answer of a paired comparison in one sentence: for each row the change
// B brings to the win rate with its 95% interval, both win rates and McNemar's p ("3 players:
// B moves the win rate by -16.6 pt [-18.5 to -14.7 pt] (34.9% → 18.4%, McNemar p <0.0001)").
// "" without rows.
func Headline(rows []Row) string {
	var parts []string
	for _, r := range rows {
		d, lo, hi := pairedDiff(r)
		if math.IsNaN(d) {
			parts = append(parts, pairedLabel(r)+": no campaigns paired")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s: B moves the win rate by %s [%s] (%s → %s, McNemar p %s)",
			pairedLabel(r), format.Signed(d), format.SignedRange(lo, hi), format.Rate(r.A), format.Rate(r.B), format.P(r.Test.P)))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + "."
}

// DiffChart draws the paired differences of a comparison: for each row (player count,
// and params or agents when they change), B's win rate minus A's in percentage points with its
// 95% interval (Agresti-Min, as the headline), and a line at 0 (no change); a change common to
// every row is said once, under the x axis. Rows without campaigns are left out; none left is
// chart.ErrNoData.
func DiffChart(rows []Row) (*chart.Chart, error) {
	p := chart.NewPlot("Paired difference in win rate, B - A, per player count (95% intervals)", "", "B - A (percentage points)")
	if change, same := commonChange(rows); same { // the change once, under the axis
		p.X.Label.Text = change
	}
	names, eb := pairedPoints(rows)
	lo, hi := 0.0, 0.0
	for i, xy := range eb.XYs {
		lo, hi = min(lo, xy.Y-eb.YErrors[i].Low), max(hi, xy.Y+eb.YErrors[i].High)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%w: no campaigns paired", chart.ErrNoData)
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: float64(len(names)) - 0.5, Y: 0}})
	if err != nil {
		return nil, err
	}
	zero.Color, zero.Width, zero.Dashes = chart.SeriesColor(1), vg.Points(1), []vg.Length{vg.Points(4), vg.Points(3)}
	points, err := plotter.NewScatter(eb.XYs)
	if err != nil {
		return nil, err
	}
	points.Color, points.Shape, points.Radius = chart.SeriesColor(0), draw.CircleGlyph{}, vg.Points(3.5)
	bars, err := chart.NewErrorBars(eb)
	if err != nil {
		return nil, err
	}
	bars.LineStyle.Color = chart.SeriesColor(0)
	p.Add(zero, bars, points)
	chart.NominalX(p, names)
	pad := max(1, 0.1*(hi-lo))
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	c := chart.NewChart(ChartDiff, p)
	c.Caption = "Each point is B's win rate minus A's on the same seeds, in percentage points, " +
		"with its Agresti-Min 95% interval; a point whose interval crosses the zero line is no proven change " +
		"(McNemar's test in the table says the same)."
	return c, nil
}

// pairedPoints are the chart's points: the rows with campaigns, named (by their player count
// alone when every row makes the same change), at x = 0, 1, ..., their differences and 95%
// intervals in percentage points.
func pairedPoints(rows []Row) ([]string, chart.ErrorBars) {
	label := pairedLabel
	if _, same := commonChange(rows); same {
		label = func(r Row) string { return format.Players(r.Players) }
	}
	var names []string
	var eb chart.ErrorBars
	for _, r := range rows {
		d, l, h := pairedDiff(r)
		if math.IsNaN(d) {
			continue
		}
		eb.Add(float64(len(names)), 100*d, 100*l, 100*h)
		names = append(names, label(r))
	}
	return names, eb
}

// commonChange returns what every row changes (params and agents, "none → k=v"), when it is the
// same for all rows and there is something to say.
func commonChange(rows []Row) (string, bool) {
	var change string
	for i, r := range rows {
		c := strings.TrimPrefix(pairedLabel(r), format.Players(r.Players))
		if i > 0 && c != change {
			return "", false
		}
		change = c
	}
	return strings.TrimPrefix(change, ", "), change != ""
}

// ReportFormats are the formats WriteReport writes: "md" (report.md, with the chart
// as paired-diff.png), "html" (report.html, the chart inline), "png" and "svg" (the chart).
func ReportFormats() []string { return []string{"png", "svg", "md", "html"} }

// WriteReport writes the report of a paired comparison of files nameA and nameB into dir
// (created if needed) in formats (ReportFormats; "md" writes the PNG it links too), each
// file through a temporary file and a rename, and returns the paths written, in order.
func WriteReport(rows []Row, nameA, nameB, dir string, formats []string) ([]string, error) {
	want := map[string]bool{}
	for _, f := range formats {
		if !slices.Contains(ReportFormats(), f) {
			return nil, fmt.Errorf("unknown report format %q (expected %s)", f, strings.Join(ReportFormats(), ", "))
		}
		want[f] = true
	}
	want["png"] = want["png"] || want["md"]
	c, err := DiffChart(rows)
	if err != nil {
		return nil, err
	}
	out := &page.Files{Dir: dir}
	for _, f := range []string{"png", "svg"} {
		if want[f] {
			b, err := c.Bytes(f)
			if err != nil {
				return out.Written, err
			}
			if err := out.Put(ChartDiff+"."+f, b); err != nil {
				return out.Written, err
			}
		}
	}
	if want["md"] {
		if err := out.Render(page.MarkdownFile, func(w io.Writer) error { return pairedMarkdownReport(w, rows, nameA, nameB, c) }); err != nil {
			return out.Written, err
		}
	}
	if want["html"] {
		if err := out.Render(page.HTMLFile, func(w io.Writer) error { return HTML(w, rows, nameA, nameB) }); err != nil {
			return out.Written, err
		}
	}
	return out.Written, nil
}

// pairedReportTitle is the title of a comparison's report.
const pairedReportTitle = "Paired comparison report"

// pairedMarkdownReport writes the Markdown report of a comparison: title, headline, what was
// compared, the chart (paired-diff.png beside it), the table and the note.
func pairedMarkdownReport(w io.Writer, rows []Row, nameA, nameB string, c *chart.Chart) error {
	ew := page.NewErrWriter(w)
	fmt.Fprintf(ew, "# %s\n\n", pairedReportTitle)
	if h := Headline(rows); h != "" {
		fmt.Fprintf(ew, "**%s**\n\n", page.EscapeMarkdown(h))
	}
	fmt.Fprintf(ew, "%s.\n\n![%s](%s.png)\n\n", page.EscapeMarkdown(pairedTitle(nameA, nameB)), page.EscapeMarkdown(c.Title), c.Name)
	if c.Caption != "" {
		fmt.Fprintf(ew, "*%s*\n\n", page.EscapeMarkdown(c.Caption))
	}
	pairedTable(rows).WriteMarkdown(ew)
	fmt.Fprintf(ew, "\n%s\n", pairedNote)
	return ew.Err()
}

// HTML writes a comparison as one self-contained HTML page: the title, the headline, the
// chart of the paired differences inline (SVG), the table and the note; it loads nothing.
func HTML(w io.Writer, rows []Row, nameA, nameB string) error {
	c, err := DiffChart(rows)
	if err != nil {
		return err
	}
	raw, err := c.Bytes("svg")
	if err != nil {
		return err
	}
	d := page.Doc{Title: pairedReportTitle, Headline: Headline(rows), Header: "A = " + nameA + ", B = " + nameB, Note: pairedNote,
		Sections: []page.Section{{Title: "Paired differences", Text: pairedTitle(nameA, nameB) + ".",
			Charts: []string{c.Name}, Tables: []page.Table{pairedTable(rows)}}}}
	return page.HTML(w, d, []*chart.Chart{c}, map[string][]byte{c.Name: raw})
}
