package format

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clockworksim/clockwork/reports/stats"
)

// Pct formats a fraction as a percentage with one decimal ("-" for NaN): 0.0412 -> "4.1%".
func Pct(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// PctShort formats a fraction as a percentage without needless decimals: "0%", "5%", "62.5%".
func PctShort(x float64) string {
	return strconv.FormatFloat(math.Round(1000*x)/10, 'f', -1, 64) + "%"
}

// Rate is "4.1%" or "-" when the rate has no trials.
func Rate(r stats.Rate) string {
	if !r.Known() {
		return "-"
	}
	return Pct(r.P)
}

// Interval is the Wilson interval of r as "2.9-5.6%" ("-" when r has no trials).
func Interval(r stats.Rate) string {
	if !r.Known() {
		return "-"
	}
	return fmt.Sprintf("%.1f-%.1f%%", 100*r.Lo, 100*r.Hi)
}

// RateInterval is a rate with its interval, "57.3% [55.1-59.4]" ("-" without trials).
func RateInterval(r stats.Rate) string {
	if !r.Known() {
		return "-"
	}
	return fmt.Sprintf("%s [%.1f-%.1f]", Rate(r), 100*r.Lo, 100*r.Hi)
}

// Mean is "8.43 ± 0.12" (mean ± standard error), "8.43" without a standard error, or "-".
func Mean(s stats.HistStats, prec int) string {
	switch {
	case s.N == 0:
		return "-"
	case math.IsNaN(s.SE):
		return fmt.Sprintf("%.*f", prec, s.Mean)
	}
	return fmt.Sprintf("%.*f ± %.*f", prec, s.Mean, prec, s.SE)
}

// Quantile formats a whole-number statistic of a histogram (a quantile), "-" for NaN and "N+"
// when the value is the censored last bin of its histogram.
func Quantile(x float64, s stats.HistStats, lastBin int) string {
	if math.IsNaN(x) {
		return "-"
	}
	if s.Censored && int(x) >= lastBin {
		return fmt.Sprintf("%.0f+", x)
	}
	return fmt.Sprintf("%.0f", x)
}

// Signed formats a difference of rates in percentage points with its sign: "+4.2 pt".
func Signed(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%+.1f pt", 100*x)
}

// SignedRange formats an interval of differences in percentage points: "+1.0 to +7.5 pt".
func SignedRange(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return "-"
	}
	return fmt.Sprintf("%+.1f to %+.1f pt", 100*lo, 100*hi)
}

// P formats a p-value with four decimals, "<0.0001" below that.
func P(p float64) string {
	if p < 0.0001 {
		return "<0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}

// Num formats a number of a CSV file: rounded to 6 decimals (far below any interval's width: a
// spreadsheet reads it as it is), "" for NaN or an infinity.
func Num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(math.Round(x*1e6)/1e6, 'f', -1, 64)
}

// Players is "1 player" or "N players".
func Players(n int) string {
	if n == 1 {
		return "1 player"
	}
	return fmt.Sprintf("%d players", n)
}

// TitleCase upper-cases the first letter: "move" -> "Move".
func TitleCase(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Slug makes a file-name-safe, lower-case form of s: letters, digits, '.' and '-'.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimRight(b.String(), "-")
}

// JoinAnd joins words as "a, b and c".
func JoinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// JoinOr joins words as "a, b or c".
func JoinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
