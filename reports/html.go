package reports

import (
	"io"

	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/sim"
)

// HTML writes the report of a results file as one self-contained HTML page (page.HTML): the same
// title, headline, sections and tables as the Markdown report, with every chart embedded as
// inline SVG and a small inline style sheet. The page loads nothing (no external files, fonts or
// scripts) and works offline.
func HTML(w io.Writer, res *sim.Results) error {
	charts, err := Charts(res)
	if err != nil {
		return err
	}
	svgs := make(map[string][]byte, len(charts))
	for _, c := range charts {
		if svgs[c.Name], err = c.Bytes("svg"); err != nil {
			return err
		}
	}
	return page.HTML(w, reportDoc(res, charts), charts, svgs)
}
