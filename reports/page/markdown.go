package page

import (
	"fmt"
	"io"

	"github.com/clockworksim/clockwork/reports/chart"
)

// Doc is a report page: its opening (title, the answer in one sentence, a header line and the
// data's fingerprint), its sections and a closing note.
type Doc struct {
	// Title heads the page; Headline, when not empty, is the answer in one sentence, in bold
	// under it; Header describes the run (the tool, seed, data and games played).
	Title, Headline, Header string
	// Fingerprint is the data's fingerprint ("" for none: the HTML page leaves it out).
	Fingerprint string
	Sections    []Section
	// Note ends the page (what the statistics are).
	Note string
}

// Markdown writes d as GitHub-flavoured Markdown: the title, the headline in bold, the header
// and the data fingerprint, then for each section its text, its charts as image links
// ![title](name.png) (the PNG files beside the report) with their captions, and its tables; the
// note last. Every section's chart must be among charts.
func Markdown(w io.Writer, d Doc, charts []*chart.Chart) error {
	ew := NewErrWriter(w)
	byName := chartsByName(charts)
	fmt.Fprintf(ew, "# %s\n\n", EscapeMarkdown(d.Title))
	if d.Headline != "" {
		fmt.Fprintf(ew, "**%s**\n\n", EscapeMarkdown(d.Headline))
	}
	fmt.Fprintf(ew, "%s.\n\nData fingerprint: `%s`.\n", EscapeMarkdown(d.Header), d.Fingerprint)
	for _, sec := range d.Sections {
		fmt.Fprintf(ew, "\n## %s\n\n%s\n", sec.Title, EscapeMarkdown(sec.Text))
		for _, n := range sec.Charts {
			c := byName[n]
			fmt.Fprintf(ew, "\n![%s](%s.png)\n", EscapeMarkdown(c.Title), c.Name)
			if c.Caption != "" {
				fmt.Fprintf(ew, "\n*%s*\n", EscapeMarkdown(c.Caption))
			}
		}
		for _, t := range sec.Tables {
			fmt.Fprintf(ew, "\n**%s**\n\n", EscapeMarkdown(t.Title))
			t.WriteMarkdown(ew)
		}
	}
	fmt.Fprintf(ew, "\n---\n\n%s\n", EscapeMarkdown(d.Note))
	return ew.Err()
}

// chartsByName indexes charts by name.
func chartsByName(charts []*chart.Chart) map[string]*chart.Chart {
	m := make(map[string]*chart.Chart, len(charts))
	for _, c := range charts {
		m[c.Name] = c
	}
	return m
}
