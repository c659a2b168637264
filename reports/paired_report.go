package reports

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// This file is the report of a paired comparison (`clockwork compare`): a title, the answer in
// one sentence (PairedHeadline), the chart of the paired differences with their intervals
// (PairedDiffChart), the table and its note, as Markdown (linking the chart's PNG) and as one
// self-contained HTML page (the chart inline).

// ChartPairedDiff is the name of the chart of a paired comparison: paired-diff.png and .svg.
const ChartPairedDiff = "paired-diff"

// pairedDiff is the paired difference of a row, B's win rate minus A's, with its 95% interval
// (PairedDiff: NaN without campaigns).
func pairedDiff(r Paired) (diff, lo, hi float64) { return PairedDiff(r.Test.B, r.Test.C, r.Campaigns) }

// pairedLabel names a row in the headline and on the chart: its player count ("3 players"),
// then the params and agents when they change ("3 players, none → setup.x=4").
func pairedLabel(r Paired) string {
	parts := []string{PlayersName(r.Players)}
	if r.ParamsA != "" || r.ParamsB != "" {
		parts = append(parts, changeText(paramsOrNone(r.ParamsA), paramsOrNone(r.ParamsB)))
	}
	if r.AgentA != r.AgentB {
		parts = append(parts, changeText(r.AgentA, r.AgentB))
	}
	return strings.Join(parts, ", ")
}

// PairedHeadline is the answer of a paired comparison in one sentence: for each row the change
// B brings to the win rate with its 95% interval, both win rates and McNemar's p ("3 players:
// B moves the win rate by -16.6 pt [-18.5 to -14.7 pt] (34.9% → 18.4%, McNemar p <0.0001)").
// "" without rows.
func PairedHeadline(rows []Paired) string {
	var parts []string
	for _, r := range rows {
		d, lo, hi := pairedDiff(r)
		if math.IsNaN(d) {
			parts = append(parts, pairedLabel(r)+": no campaigns paired")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s: B moves the win rate by %s [%s] (%s → %s, McNemar p %s)",
			pairedLabel(r), FmtSigned(d), fmtSignedRange(lo, hi), FmtRate(r.A), FmtRate(r.B), FmtP(r.Test.P)))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + "."
}

// PairedDiffChart draws the paired differences of a comparison: for each row (player count,
// and params or agents when they change), B's win rate minus A's in percentage points with its
// 95% interval (Agresti-Min, as the headline), and a line at 0 (no change); a change common to
// every row is said once, under the x axis. Rows without campaigns are left out; none left is
// ErrNoData.
func PairedDiffChart(rows []Paired) (*Chart, error) {
	p := NewPlot("Paired difference in win rate, B - A, per player count (95% intervals)", "", "B - A (percentage points)")
	if change, same := commonChange(rows); same { // the change once, under the axis
		p.X.Label.Text = change
	}
	names, eb := pairedPoints(rows)
	lo, hi := 0.0, 0.0
	for i, xy := range eb.XYs {
		lo, hi = min(lo, xy.Y-eb.YErrors[i].Low), max(hi, xy.Y+eb.YErrors[i].High)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%w: no campaigns paired", ErrNoData)
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: float64(len(names)) - 0.5, Y: 0}})
	if err != nil {
		return nil, err
	}
	zero.Color, zero.Width, zero.Dashes = SeriesColor(1), vg.Points(1), []vg.Length{vg.Points(4), vg.Points(3)}
	points, err := plotter.NewScatter(eb.XYs)
	if err != nil {
		return nil, err
	}
	points.Color, points.Shape, points.Radius = SeriesColor(0), draw.CircleGlyph{}, vg.Points(3.5)
	bars, err := NewErrorBars(eb)
	if err != nil {
		return nil, err
	}
	bars.LineStyle.Color = SeriesColor(0)
	p.Add(zero, bars, points)
	NominalX(p, names)
	pad := max(1, 0.1*(hi-lo))
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	c := NewChart(ChartPairedDiff, p)
	c.Caption = "Each point is B's win rate minus A's on the same seeds, in percentage points, " +
		"with its Agresti-Min 95% interval; a point whose interval crosses the zero line is no proven change " +
		"(McNemar's test in the table says the same)."
	return c, nil
}

// pairedPoints are the chart's points: the rows with campaigns, named (by their player count
// alone when every row makes the same change), at x = 0, 1, ..., their differences and 95%
// intervals in percentage points.
func pairedPoints(rows []Paired) ([]string, ErrorBars) {
	label := pairedLabel
	if _, same := commonChange(rows); same {
		label = func(r Paired) string { return PlayersName(r.Players) }
	}
	var names []string
	var eb ErrorBars
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
func commonChange(rows []Paired) (string, bool) {
	var change string
	for i, r := range rows {
		c := strings.TrimPrefix(pairedLabel(r), PlayersName(r.Players))
		if i > 0 && c != change {
			return "", false
		}
		change = c
	}
	return strings.TrimPrefix(change, ", "), change != ""
}

// PairedReportFormats are the formats WritePairedReport writes: "md" (report.md, with the chart
// as paired-diff.png), "html" (report.html, the chart inline), "png" and "svg" (the chart).
func PairedReportFormats() []string { return []string{"png", "svg", "md", "html"} }

// WritePairedReport writes the report of a paired comparison of files nameA and nameB into dir
// (created if needed) in formats (PairedReportFormats; "md" writes the PNG it links too), each
// file through a temporary file and a rename, and returns the paths written, in order.
func WritePairedReport(rows []Paired, nameA, nameB, dir string, formats []string) ([]string, error) {
	want := map[string]bool{}
	for _, f := range formats {
		if !slices.Contains(PairedReportFormats(), f) {
			return nil, fmt.Errorf("unknown report format %q (expected %s)", f, strings.Join(PairedReportFormats(), ", "))
		}
		want[f] = true
	}
	want["png"] = want["png"] || want["md"]
	chart, err := PairedDiffChart(rows)
	if err != nil {
		return nil, err
	}
	out := &reportFiles{dir: dir}
	for _, f := range []string{"png", "svg"} {
		if want[f] {
			b, err := chart.bytes(f)
			if err != nil {
				return out.written, err
			}
			if err := out.put(ChartPairedDiff+"."+f, b); err != nil {
				return out.written, err
			}
		}
	}
	if want["md"] {
		if err := out.render(MarkdownFile, func(w io.Writer) error { return pairedMarkdownReport(w, rows, nameA, nameB, chart) }); err != nil {
			return out.written, err
		}
	}
	if want["html"] {
		if err := out.render(HTMLFile, func(w io.Writer) error { return PairedHTML(w, rows, nameA, nameB) }); err != nil {
			return out.written, err
		}
	}
	return out.written, nil
}

// pairedReportTitle is the title of a comparison's report.
const pairedReportTitle = "Paired comparison report"

// pairedMarkdownReport writes the Markdown report of a comparison: title, headline, what was
// compared, the chart (paired-diff.png beside it), the table and the note.
func pairedMarkdownReport(w io.Writer, rows []Paired, nameA, nameB string, chart *Chart) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "# %s\n\n", pairedReportTitle)
	if h := PairedHeadline(rows); h != "" {
		fmt.Fprintf(ew, "**%s**\n\n", mdEscape(h))
	}
	fmt.Fprintf(ew, "%s.\n\n![%s](%s.png)\n\n", mdEscape(pairedTitle(nameA, nameB)), mdEscape(chart.Title), chart.Name)
	if chart.Caption != "" {
		fmt.Fprintf(ew, "*%s*\n\n", mdEscape(chart.Caption))
	}
	writeMarkdownTable(ew, pairedTable(rows))
	fmt.Fprintf(ew, "\n%s\n", pairedNote)
	return ew.err
}

// PairedHTML writes a comparison as one self-contained HTML page: the title, the headline, the
// chart of the paired differences inline (SVG), the table and the note; it loads nothing.
func PairedHTML(w io.Writer, rows []Paired, nameA, nameB string) error {
	chart, err := PairedDiffChart(rows)
	if err != nil {
		return err
	}
	raw, err := chart.bytes("svg")
	if err != nil {
		return err
	}
	svg, err := inlineSVG(raw, chart.Title)
	if err != nil {
		return err
	}
	t := pairedTable(rows)
	ht := htmlTable{}
	cell := func(i int, s string) htmlCell { return htmlCell{Text: s, Right: i < len(t.Right) && t.Right[i]} }
	for i, h := range t.Header {
		ht.Header = append(ht.Header, cell(i, h))
	}
	for _, row := range t.Rows {
		var r []htmlCell
		for i, s := range row {
			r = append(r, cell(i, s))
		}
		ht.Rows = append(ht.Rows, r)
	}
	sec := htmlSection{Title: "Paired differences", Text: pairedTitle(nameA, nameB) + ".",
		Charts: []htmlChart{{Name: chart.Name, Title: chart.Title, Caption: chart.Caption, SVG: svg}}, Tables: []htmlTable{ht}}
	tmpl, err := template.New("paired").Parse(pageTemplate)
	if err != nil {
		return err
	}
	return tmpl.Execute(w, struct {
		Title, Headline, Header, Fingerprint, Note string
		Sections                                   []htmlSection
	}{pairedReportTitle, PairedHeadline(rows), "A = " + nameA + ", B = " + nameB, "", pairedNote, []htmlSection{sec}})
}
