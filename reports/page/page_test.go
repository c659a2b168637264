package page

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/clockworksim/clockwork/reports/chart"
)

func testDoc() (Doc, []*chart.Chart, map[string][]byte, error) {
	p := plot.New()
	p.Title.Text = "A chart"
	c := chart.NewChart("a-chart", p)
	c.Caption = "How to read it."
	svg, err := c.Bytes("svg")
	d := Doc{Title: "Report", Headline: "The answer.", Header: "seed 1", Fingerprint: "sha256:0",
		Sections: []Section{{Title: "Part", Text: "Some_text", Charts: []string{"a-chart"},
			Tables: []Table{{Title: "T", Header: []string{"name", "n"}, Right: RightFrom(2, 1), Rows: [][]string{{"a|b", "3"}}}}}},
		Note: "Note."}
	return d, []*chart.Chart{c}, map[string][]byte{"a-chart": svg}, err
}

// The Markdown page: the opening, the section's text escaped, the chart linked with its caption,
// the table with its right-aligned column and escaped cells, the note.
func TestMarkdown(t *testing.T) {
	d, charts, _, err := testDoc()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Markdown(&b, d, charts); err != nil {
		t.Fatal(err)
	}
	want := "# Report\n\n**The answer.**\n\nseed 1.\n\nData fingerprint: `sha256:0`.\n\n## Part\n\nSome\\_text\n\n" +
		"![A chart](a-chart.png)\n\n*How to read it.*\n\n**T**\n\n| name | n |\n|---|---:|\n| a\\|b | 3 |\n\n---\n\nNote.\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// The HTML page inlines the chart's SVG once, right-aligns the number column and loads nothing.
func TestHTML(t *testing.T) {
	d, charts, svgs, err := testDoc()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := HTML(&b, d, charts, svgs); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range []string{`<svg class="chart" viewBox=`, `<figcaption>How to read it.</figcaption>`, `<td class="r">3</td>`,
		"<code>sha256:0</code>", `<p class="note">Note.</p>`} {
		if !strings.Contains(out, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	if n := strings.Count(out, "<svg"); n != 1 {
		t.Errorf("%d <svg elements, want 1", n)
	}
	if strings.Contains(out, "http") {
		t.Error("the page names a URL")
	}
}

// ErrWriter keeps the first error and writes nothing after it.
func TestErrWriter(t *testing.T) {
	ew := NewErrWriter(failing{})
	ew.Write([]byte("a"))
	ew.Write([]byte("b"))
	if ew.Err() != errFull {
		t.Errorf("Err() = %v, want full", ew.Err())
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errFull }

var errFull = errors.New("full")
