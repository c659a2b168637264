package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
)

// Formats are the formats of a paired comparison: a terminal table, a Markdown table to
// paste into docs, CSV, JSON and a self-contained HTML page with the chart of the paired
// differences (HTML).
func Formats() []string { return []string{"table", "markdown", "csv", "json", "html"} }

// Write writes a paired comparison of files nameA and nameB in the format kind (one of
// Formats).
func Write(w io.Writer, kind string, rows []Row, nameA, nameB string) error {
	switch kind {
	case "table":
		return Table(w, rows, nameA, nameB)
	case "markdown":
		return Markdown(w, rows, nameA, nameB)
	case "csv":
		return CSV(w, rows)
	case "json":
		return JSON(w, rows, nameA, nameB)
	case "html":
		return HTML(w, rows, nameA, nameB)
	}
	return fmt.Errorf("unknown format %q", kind)
}

// pairedNote explains the columns of the paired table.
const pairedNote = "b: campaigns won by A only; c: won by B only (the pairs that tell A and B apart). " +
	"Win rates with Wilson 95% intervals; B-A in percentage points. McNemar's p (two-sided): " +
	"exact binomial test when b+c is below 25, else chi-square (1 df) with continuity correction, " +
	"whose statistic max(0, |b-c|-1)²/(b+c) is shown in both cases."

// pairedTitle says what was compared.
func pairedTitle(nameA, nameB string) string {
	return fmt.Sprintf("Paired comparison on the same campaigns: A = %s, B = %s", nameA, nameB)
}

// pairedTable is the table of the terminal and Markdown writers.
func pairedTable(rows []Row) page.Table {
	params, agents := false, false
	for _, r := range rows {
		params = params || r.ParamsA != "" || r.ParamsB != ""
		agents = agents || r.AgentA != r.AgentB
	}
	t := page.Table{Header: []string{"players"}}
	if params {
		t.Header = append(t.Header, "params")
	}
	if agents {
		t.Header = append(t.Header, "agents")
	}
	first := len(t.Header)
	t.Header = append(t.Header, "campaigns", "A win rate [95%]", "B win rate [95%]", "B-A",
		"b", "c", "McNemar", "p", "test")
	t.Right = page.RightFrom(len(t.Header), first)
	t.Right[len(t.Header)-1] = false
	for _, r := range rows {
		row := []string{strconv.Itoa(r.Players)}
		if params {
			row = append(row, changeText(paramsOrNone(r.ParamsA), paramsOrNone(r.ParamsB)))
		}
		if agents {
			row = append(row, changeText(r.AgentA, r.AgentB))
		}
		row = append(row, strconv.FormatInt(r.Campaigns, 10), format.RateInterval(r.A), format.RateInterval(r.B),
			fmt.Sprintf("%+.1f pp", 100*r.Diff), strconv.FormatInt(r.Test.B, 10), strconv.FormatInt(r.Test.C, 10),
			fmt.Sprintf("%.2f", r.Test.Statistic), format.P(r.Test.P), testName(r.Test))
		t.Rows = append(t.Rows, row)
	}
	return t
}

// changeText is "a" when a and b are equal, else "a → b".
func changeText(a, b string) string {
	if a == b {
		return a
	}
	return a + " → " + b
}

func paramsOrNone(p string) string {
	if p == "" {
		return "none"
	}
	return p
}

// testName is "exact" or "chi2 cc" in tables.
func testName(t stats.McNemar) string {
	if t.Exact {
		return "exact"
	}
	return "chi2 cc"
}

// testID is "exact_binomial" or "chi_square_cc" in CSV and JSON.
func testID(t stats.McNemar) string {
	if t.Exact {
		return "exact_binomial"
	}
	return "chi_square_cc"
}

// Table writes a paired comparison as an aligned plain-text table with a title, the
// headline (Headline) and a note.
func Table(w io.Writer, rows []Row, nameA, nameB string) error {
	ew := page.NewErrWriter(w)
	fmt.Fprintln(ew, pairedTitle(nameA, nameB))
	if h := Headline(rows); h != "" {
		fmt.Fprintln(ew, h)
	}
	fmt.Fprintln(ew)
	pairedTable(rows).WriteText(ew)
	fmt.Fprintf(ew, "\n%s\n", pairedNote)
	return ew.Err()
}

// Markdown writes a paired comparison as GitHub-flavoured Markdown (a paragraph, the
// headline in bold, a table and a note) to paste into docs; WriteReport writes it with
// the chart.
func Markdown(w io.Writer, rows []Row, nameA, nameB string) error {
	ew := page.NewErrWriter(w)
	fmt.Fprintf(ew, "%s.\n\n", page.EscapeMarkdown(pairedTitle(nameA, nameB)))
	if h := Headline(rows); h != "" {
		fmt.Fprintf(ew, "**%s**\n\n", page.EscapeMarkdown(h))
	}
	pairedTable(rows).WriteMarkdown(ew)
	fmt.Fprintf(ew, "\n%s\n", pairedNote) // plain text: nothing in it is Markdown
	return ew.Err()
}

// CSVHeader is the header row of CSV.
func CSVHeader() []string {
	return []string{"players", "params_a", "params_b", "agent_a", "agent_b", "campaigns",
		"wins_a", "win_rate_a", "lo95_a", "hi95_a", "wins_b", "win_rate_b", "lo95_b", "hi95_b",
		"diff", "b", "c", "statistic", "p_value", "test"}
}

// CSV writes a paired comparison as CSV under CSVHeader, one row per pair of groups:
// rates, intervals and the difference as fractions in full precision; b and c the campaigns won
// by A only and by B only; test exact_binomial or chi_square_cc.
func CSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader())
	for _, r := range rows {
		cw.Write([]string{strconv.Itoa(r.Players), r.ParamsA, r.ParamsB, r.AgentA, r.AgentB,
			strconv.FormatInt(r.Campaigns, 10),
			strconv.FormatInt(r.A.K, 10), format.Num(r.A.P), format.Num(r.A.Lo), format.Num(r.A.Hi),
			strconv.FormatInt(r.B.K, 10), format.Num(r.B.P), format.Num(r.B.Lo), format.Num(r.B.Hi),
			format.Num(r.Diff), strconv.FormatInt(r.Test.B, 10), strconv.FormatInt(r.Test.C, 10),
			format.Num(r.Test.Statistic), format.Num(r.Test.P), testID(r.Test)})
	}
	cw.Flush()
	return cw.Error()
}

// pairedJSON is one row of JSON.
type pairedJSON struct {
	Players   int        `json:"players"`
	ParamsA   string     `json:"params_a"`
	ParamsB   string     `json:"params_b"`
	AgentA    string     `json:"agent_a"`
	AgentB    string     `json:"agent_b"`
	Campaigns int64      `json:"campaigns"`
	WinsA     int64      `json:"wins_a"`
	WinRateA  *float64   `json:"win_rate_a"`
	IntervalA [2]float64 `json:"interval_a"`
	WinsB     int64      `json:"wins_b"`
	WinRateB  *float64   `json:"win_rate_b"`
	IntervalB [2]float64 `json:"interval_b"`
	Diff      *float64   `json:"diff"`
	OnlyA     int64      `json:"b"`
	OnlyB     int64      `json:"c"`
	Statistic float64    `json:"statistic"`
	P         float64    `json:"p_value"`
	Test      string     `json:"test"`
}

// JSON writes a paired comparison as indented JSON: {"a": nameA, "b": nameB,
// "comparisons": [...]}, one object per row with the fields of CSV (rates as fractions,
// the Wilson intervals as [lo, hi] in interval_a and interval_b; rates null without campaigns).
func JSON(w io.Writer, rows []Row, nameA, nameB string) error {
	out := struct {
		A           string       `json:"a"`
		B           string       `json:"b"`
		Comparisons []pairedJSON `json:"comparisons"`
	}{A: nameA, B: nameB, Comparisons: []pairedJSON{}}
	ptr := func(x float64, ok bool) *float64 {
		if !ok {
			return nil
		}
		return &x
	}
	for _, r := range rows {
		known := r.Campaigns > 0
		out.Comparisons = append(out.Comparisons, pairedJSON{
			Players: r.Players, ParamsA: r.ParamsA, ParamsB: r.ParamsB, AgentA: r.AgentA, AgentB: r.AgentB,
			Campaigns: r.Campaigns, WinsA: r.A.K, WinRateA: ptr(r.A.P, known), IntervalA: [2]float64{r.A.Lo, r.A.Hi},
			WinsB: r.B.K, WinRateB: ptr(r.B.P, known), IntervalB: [2]float64{r.B.Lo, r.B.Hi},
			Diff: ptr(r.Diff, known), OnlyA: r.Test.B, OnlyB: r.Test.C, Statistic: r.Test.Statistic, P: r.Test.P,
			Test: testID(r.Test)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
