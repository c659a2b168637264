package page

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Table is a table every writer renders (terminal, Markdown, HTML).
type Table struct {
	Title  string
	Header []string
	// Right right-aligns a column (numbers); it may be shorter than Header.
	Right []bool
	Rows  [][]string
}

// RightFrom right-aligns the columns from index from on (Table.Right of n columns).
func RightFrom(n, from int) []bool {
	r := make([]bool, n)
	for i := from; i < n; i++ {
		r[i] = true
	}
	return r
}

// WriteText writes the header and rows of t as aligned plain text (text/tabwriter).
func (t Table) WriteText(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(t.Header, "\t"))
	for _, row := range t.Rows {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
}

// WriteMarkdown writes the header and rows of t as a GitHub-flavoured Markdown table, every cell
// escaped (EscapeMarkdown) and the Right columns right-aligned.
func (t Table) WriteMarkdown(w io.Writer) {
	cells := func(row []string) string {
		esc := make([]string, len(row))
		for i, c := range row {
			esc[i] = EscapeMarkdown(c)
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

// EscapeMarkdown escapes the characters that would break a Markdown table cell or add
// formatting.
func EscapeMarkdown(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;")
	return r.Replace(s)
}

// Section is a part of a report: a heading, a short explanation, charts (by name) and tables.
type Section struct {
	Title, Text string
	// Charts are the names of the section's charts, in order (chart.Chart.Name).
	Charts []string
	Tables []Table
	// Lead marks a section that answers the command's question (a sweep's charts): the report
	// puts lead sections first, before the skill ladder and the sensitivity ranking
	// (reports.Sections). The writers do not read it.
	Lead bool
}

// ChartPicker holds the names of the charts a report has still to place in a section.
type ChartPicker map[string]bool

// NewChartPicker returns a picker holding names.
func NewChartPicker(names []string) ChartPicker {
	p := ChartPicker{}
	for _, n := range names {
		p[n] = true
	}
	return p
}

// Pick returns those of names the picker still holds, in order, and takes them out.
func (p ChartPicker) Pick(names ...string) []string {
	var out []string
	for _, n := range names {
		if p[n] {
			out = append(out, n)
			delete(p, n)
		}
	}
	return out
}
