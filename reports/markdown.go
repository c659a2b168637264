package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/clockworksim/clockwork/sim"
)

// Markdown writes the report of a results file as GitHub-flavoured Markdown: the title naming
// the command and the data (Title), the answer in one bold sentence (Headline), a header, then
// for each section its charts as image links ![title](name.png) (the PNG files Write puts
// next to it) and its tables.
func Markdown(w io.Writer, res *sim.Results) error {
	charts, err := Charts(res)
	if err != nil {
		return err
	}
	return writeMarkdown(w, res, charts)
}

func writeMarkdown(w io.Writer, res *sim.Results, charts []*Chart) error {
	ew := &errWriter{w: w}
	byName := chartsByName(charts)
	fmt.Fprintf(ew, "# %s\n\n", mdEscape(Title(res)))
	if h := Headline(res); h != "" {
		fmt.Fprintf(ew, "**%s**\n\n", mdEscape(h))
	}
	fmt.Fprintf(ew, "%s.\n\nData fingerprint: `%s`.\n", mdEscape(header(res)), res.ConfigFingerprint)
	for _, sec := range Sections(res, chartNames(charts)) {
		fmt.Fprintf(ew, "\n## %s\n\n%s\n", sec.Title, mdEscape(sec.Text))
		for _, n := range sec.Charts {
			c := byName[n]
			fmt.Fprintf(ew, "\n![%s](%s.png)\n", mdEscape(c.Title), c.Name)
			if c.Caption != "" {
				fmt.Fprintf(ew, "\n*%s*\n", mdEscape(c.Caption))
			}
		}
		for _, t := range sec.Tables {
			fmt.Fprintf(ew, "\n**%s**\n\n", mdEscape(t.Title))
			writeMarkdownTable(ew, t)
		}
	}
	fmt.Fprintf(ew, "\n---\n\n%s\n", mdEscape(statsNote))
	return ew.err
}

// statsNote explains the statistics at the end of the Markdown and HTML reports.
const statsNote = "Rates: Wilson 95% score intervals (z = 1.959964, the 97.5% normal quantile). " +
	"Means: ± one standard error (sample standard deviation / sqrt(n)); 95% intervals of means are mean ± 1.96 SE. " +
	"Quantiles: the smallest value with at least that share of the campaigns at or below it; " +
	"\"N+\" marks the last bin of a histogram, which also counts everything above it."

func writeMarkdownTable(w io.Writer, t TextTable) {
	cells := func(row []string) string {
		esc := make([]string, len(row))
		for i, c := range row {
			esc[i] = mdEscape(c)
		}
		return "| " + strings.Join(esc, " | ") + " |\n"
	}
	io.WriteString(w, cells(t.Header))
	seps := make([]string, len(t.Header))
	for i := range seps {
		seps[i] = "---"
		if i < len(t.Right) && t.Right[i] {
			seps[i] = "---:"
		}
	}
	io.WriteString(w, "|"+strings.Join(seps, "|")+"|\n")
	for _, row := range t.Rows {
		io.WriteString(w, cells(row))
	}
}

// mdEscape escapes the characters that would break a Markdown table cell or add formatting.
func mdEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;")
	return r.Replace(s)
}

// chartsByName indexes charts by name.
func chartsByName(charts []*Chart) map[string]*Chart {
	m := make(map[string]*Chart, len(charts))
	for _, c := range charts {
		m[c.Name] = c
	}
	return m
}

// chartNames lists the names of charts in order.
func chartNames(charts []*Chart) []string {
	names := make([]string, len(charts))
	for i, c := range charts {
		names[i] = c.Name
	}
	return names
}
