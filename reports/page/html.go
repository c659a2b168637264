package page

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"regexp"

	"github.com/clockworksim/clockwork/reports/chart"
)

// HTML writes d as one self-contained HTML page: the same title, headline, header, sections and
// tables as Markdown, with every chart embedded as inline SVG (svgs holds each chart's SVG file
// by name, as chart.Chart.Render writes it) and a small inline style sheet. The page loads
// nothing (no external files, fonts or scripts) and works offline. Every section's chart must be
// among charts.
func HTML(w io.Writer, d Doc, charts []*chart.Chart, svgs map[string][]byte) error {
	byName := chartsByName(charts)
	var secs []htmlSection
	for _, sec := range d.Sections {
		hs := htmlSection{Title: sec.Title, Text: sec.Text}
		for _, n := range sec.Charts {
			c := byName[n]
			svg, err := inlineSVG(svgs[n], c.Title)
			if err != nil {
				return fmt.Errorf("chart %s: %w", n, err)
			}
			hs.Charts = append(hs.Charts, htmlChart{Name: n, Title: c.Title, Caption: c.Caption, SVG: svg})
		}
		for _, t := range sec.Tables {
			ht := htmlTable{Title: t.Title}
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
			hs.Tables = append(hs.Tables, ht)
		}
		secs = append(secs, hs)
	}
	tmpl, err := template.New("report").Parse(pageTemplate)
	if err != nil {
		return err
	}
	return tmpl.Execute(w, struct {
		Title, Headline, Header, Fingerprint, Note string
		Sections                                   []htmlSection
	}{d.Title, d.Headline, d.Header, d.Fingerprint, d.Note, secs})
}

// htmlChart, htmlSection, htmlTable and htmlCell are what the page template sees.
type htmlChart struct {
	Name, Title, Caption string
	SVG                  template.HTML
}

type htmlSection struct {
	Title, Text string
	Charts      []htmlChart
	Tables      []htmlTable
}

type htmlTable struct {
	Title  string
	Header []htmlCell
	Rows   [][]htmlCell
}

type htmlCell struct {
	Text  string
	Right bool
}

var (
	svgOpenTag = regexp.MustCompile(`(?s)<svg\b[^>]*>`)
	svgViewBox = regexp.MustCompile(`viewBox="([^"]*)"`)
)

// inlineSVG turns an SVG file written by gonum/plot into an element for an HTML page: the XML
// prolog and comment go, and the opening tag is replaced by one that scales with the page
// (viewBox kept, no fixed size) and carries the title for screen readers. Namespace
// declarations are not needed inside HTML and are dropped, so the page holds no URL at all.
func inlineSVG(raw []byte, title string) (template.HTML, error) {
	loc := svgOpenTag.FindIndex(raw)
	if loc == nil {
		return "", fmt.Errorf("no <svg> element in the rendered chart")
	}
	vb := svgViewBox.FindSubmatch(raw[loc[0]:loc[1]])
	if vb == nil {
		return "", fmt.Errorf("the <svg> element has no viewBox")
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg class="chart" viewBox="%s" role="img" aria-label="%s"><title>%s</title>`,
		template.HTMLEscapeString(string(vb[1])), template.HTMLEscapeString(title), template.HTMLEscapeString(title))
	b.Write(bytes.TrimSpace(raw[loc[1]:]))
	return template.HTML(b.String()), nil
}

// pageTemplate is the HTML report: inline CSS, no scripts, no external references.
const pageTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; color: #222; background: #fff; margin: 0 auto; max-width: 1100px; padding: 1em 1.5em 3em; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
h3 { font-size: 1em; margin: 1.2em 0 0.4em; }
.meta, .note { color: #555; font-size: 0.9em; }
.headline { font-size: 1.1em; margin: 0.4em 0; }
code { font-size: 0.85em; word-break: break-all; }
figure { margin: 1em 0; }
figcaption { color: #555; font-size: 0.85em; text-align: center; }
svg.chart { display: block; width: 100%; max-width: 800px; height: auto; margin: 0 auto; }
svg.chart text { font-family: "Liberation Sans", Arial, Helvetica, sans-serif !important; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.45em; white-space: nowrap; }
th { background: #f3f5f8; text-align: left; white-space: normal; vertical-align: bottom; }
td.r, th.r { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #fafafa; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{if .Headline}}<p class="headline"><strong>{{.Headline}}</strong></p>
{{end}}<p class="meta">{{.Header}}{{if .Fingerprint}}<br>Data fingerprint: <code>{{.Fingerprint}}</code>{{end}}</p>
{{range .Sections}}<section>
<h2>{{.Title}}</h2>
<p>{{.Text}}</p>
{{range .Charts}}<figure id="{{.Name}}">
{{.SVG}}
<figcaption>{{if .Caption}}{{.Caption}}{{else}}{{.Title}}{{end}}</figcaption>
</figure>
{{end}}{{range .Tables}}<h3>{{.Title}}</h3>
<div class="scroll"><table>
<thead><tr>{{range .Header}}<th{{if .Right}} class="r"{{end}}>{{.Text}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr>{{range .}}<td{{if .Right}} class="r"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</tbody>
</table></div>
{{end}}</section>
{{end}}<hr>
<p class="note">{{.Note}}</p>
</body>
</html>
`
