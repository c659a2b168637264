package reports

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// PairedFormats are the formats of a paired comparison: a terminal table, a Markdown table to
// paste into docs, CSV, JSON and a self-contained HTML page with the chart of the paired
// differences (PairedHTML).
func PairedFormats() []string { return []string{"table", "markdown", "csv", "json", "html"} }

// WritePaired writes a paired comparison of files nameA and nameB in format (one of
// PairedFormats).
func WritePaired(w io.Writer, format string, rows []Paired, nameA, nameB string) error {
	switch format {
	case "table":
		return PairedTable(w, rows, nameA, nameB)
	case "markdown":
		return PairedMarkdown(w, rows, nameA, nameB)
	case "csv":
		return PairedCSV(w, rows)
	case "json":
		return PairedJSON(w, rows, nameA, nameB)
	case "html":
		return PairedHTML(w, rows, nameA, nameB)
	}
	return fmt.Errorf("unknown format %q", format)
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
func pairedTable(rows []Paired) TextTable {
	params, agents := false, false
	for _, r := range rows {
		params = params || r.ParamsA != "" || r.ParamsB != ""
		agents = agents || r.AgentA != r.AgentB
	}
	t := TextTable{Header: []string{"players"}}
	if params {
		t.Header = append(t.Header, "params")
	}
	if agents {
		t.Header = append(t.Header, "agents")
	}
	first := len(t.Header)
	t.Header = append(t.Header, "campaigns", "A win rate [95%]", "B win rate [95%]", "B-A",
		"b", "c", "McNemar", "p", "test")
	t.Right = RightFrom(len(t.Header), first)
	t.Right[len(t.Header)-1] = false
	for _, r := range rows {
		row := []string{strconv.Itoa(r.Players)}
		if params {
			row = append(row, changeText(paramsOrNone(r.ParamsA), paramsOrNone(r.ParamsB)))
		}
		if agents {
			row = append(row, changeText(r.AgentA, r.AgentB))
		}
		row = append(row, strconv.FormatInt(r.Campaigns, 10), rateWithInterval(r.A), rateWithInterval(r.B),
			fmt.Sprintf("%+.1f pp", 100*r.Diff), strconv.FormatInt(r.Test.B, 10), strconv.FormatInt(r.Test.C, 10),
			fmt.Sprintf("%.2f", r.Test.Statistic), FmtP(r.Test.P), testName(r.Test))
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

// rateWithInterval is "57.3% [55.1-59.4]" ("-" without trials).
func rateWithInterval(r Rate) string {
	if !r.Known() {
		return "-"
	}
	return fmt.Sprintf("%s [%.1f-%.1f]", FmtRate(r), 100*r.Lo, 100*r.Hi)
}

// FmtP formats a p-value with four decimals, "<0.0001" below that.
func FmtP(p float64) string {
	if p < 0.0001 {
		return "<0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}

// testName is "exact" or "chi2 cc" in tables.
func testName(t McNemar) string {
	if t.Exact {
		return "exact"
	}
	return "chi2 cc"
}

// testID is "exact_binomial" or "chi_square_cc" in CSV and JSON.
func testID(t McNemar) string {
	if t.Exact {
		return "exact_binomial"
	}
	return "chi_square_cc"
}

// PairedTable writes a paired comparison as an aligned plain-text table with a title, the
// headline (PairedHeadline) and a note.
func PairedTable(w io.Writer, rows []Paired, nameA, nameB string) error {
	ew := &errWriter{w: w}
	fmt.Fprintln(ew, pairedTitle(nameA, nameB))
	if h := PairedHeadline(rows); h != "" {
		fmt.Fprintln(ew, h)
	}
	fmt.Fprintln(ew)
	writeTextTable(ew, pairedTable(rows))
	fmt.Fprintf(ew, "\n%s\n", pairedNote)
	return ew.err
}

// PairedMarkdown writes a paired comparison as GitHub-flavoured Markdown (a paragraph, the
// headline in bold, a table and a note) to paste into docs; WritePairedReport writes it with
// the chart.
func PairedMarkdown(w io.Writer, rows []Paired, nameA, nameB string) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "%s.\n\n", mdEscape(pairedTitle(nameA, nameB)))
	if h := PairedHeadline(rows); h != "" {
		fmt.Fprintf(ew, "**%s**\n\n", mdEscape(h))
	}
	writeMarkdownTable(ew, pairedTable(rows))
	fmt.Fprintf(ew, "\n%s\n", pairedNote) // plain text: nothing in it is Markdown
	return ew.err
}

// PairedCSVHeader is the header row of PairedCSV.
func PairedCSVHeader() []string {
	return []string{"players", "params_a", "params_b", "agent_a", "agent_b", "campaigns",
		"wins_a", "win_rate_a", "lo95_a", "hi95_a", "wins_b", "win_rate_b", "lo95_b", "hi95_b",
		"diff", "b", "c", "statistic", "p_value", "test"}
}

// PairedCSV writes a paired comparison as CSV under PairedCSVHeader, one row per pair of groups:
// rates, intervals and the difference as fractions in full precision; b and c the campaigns won
// by A only and by B only; test exact_binomial or chi_square_cc.
func PairedCSV(w io.Writer, rows []Paired) error {
	cw := csv.NewWriter(w)
	cw.Write(PairedCSVHeader())
	for _, r := range rows {
		cw.Write([]string{strconv.Itoa(r.Players), r.ParamsA, r.ParamsB, r.AgentA, r.AgentB,
			strconv.FormatInt(r.Campaigns, 10),
			strconv.FormatInt(r.A.K, 10), num(r.A.P), num(r.A.Lo), num(r.A.Hi),
			strconv.FormatInt(r.B.K, 10), num(r.B.P), num(r.B.Lo), num(r.B.Hi),
			num(r.Diff), strconv.FormatInt(r.Test.B, 10), strconv.FormatInt(r.Test.C, 10),
			num(r.Test.Statistic), num(r.Test.P), testID(r.Test)})
	}
	cw.Flush()
	return cw.Error()
}

// pairedJSON is one row of PairedJSON.
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

// PairedJSON writes a paired comparison as indented JSON: {"a": nameA, "b": nameB,
// "comparisons": [...]}, one object per row with the fields of PairedCSV (rates as fractions,
// the Wilson intervals as [lo, hi] in interval_a and interval_b; rates null without campaigns).
func PairedJSON(w io.Writer, rows []Paired, nameA, nameB string) error {
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
