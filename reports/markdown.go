package reports

import (
	"io"

	"github.com/clockworksim/clockwork/reports/chart"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/sim"
)

// Markdown writes the report of a results file as GitHub-flavoured Markdown (page.Markdown): the
// title naming the command and the data (Title), the answer in one bold sentence (Headline), a
// header, then for each section its charts as image links ![title](name.png) (the PNG files
// Write puts next to it) and its tables.
func Markdown(w io.Writer, res *sim.Results) error {
	charts, err := Charts(res)
	if err != nil {
		return err
	}
	return page.Markdown(w, reportDoc(res, charts), charts)
}

// reportDoc is the page of the report of res whose charts are charts: the title (Title), the
// headline (Headline), the header, the data fingerprint, the sections with the charts placed
// (Sections) and the note on the statistics.
func reportDoc(res *sim.Results, charts []*chart.Chart) page.Doc {
	return page.Doc{Title: Title(res), Headline: Headline(res), Header: header(res), Fingerprint: res.ConfigFingerprint,
		Sections: Sections(res, chartNames(charts)), Note: statsNote}
}

// statsNote explains the statistics at the end of the Markdown and HTML reports.
const statsNote = "Rates: Wilson 95% score intervals (z = 1.959964, the 97.5% normal quantile). " +
	"Means: ± one standard error (sample standard deviation / sqrt(n)); 95% intervals of means are mean ± 1.96 SE. " +
	"Quantiles: the smallest value with at least that share of the campaigns at or below it; " +
	"\"N+\" marks the last bin of a histogram, which also counts everything above it."

// chartNames lists the names of charts in order.
func chartNames(charts []*chart.Chart) []string {
	names := make([]string, len(charts))
	for i, c := range charts {
		names[i] = c.Name
	}
	return names
}
