package reports

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pct converts a fraction to percent (NaN stays NaN).
func Pct(x float64) float64 { return 100 * x }

// FmtPct formats a fraction as a percentage with one decimal ("-" for NaN): 0.0412 -> "4.1%".
func FmtPct(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// FmtRate is "4.1%" or "-" when the rate has no trials.
func FmtRate(r Rate) string {
	if !r.Known() {
		return "-"
	}
	return FmtPct(r.P)
}

// FmtInterval is the Wilson interval of r as "2.9-5.6%" ("-" when r has no trials).
func FmtInterval(r Rate) string {
	if !r.Known() {
		return "-"
	}
	return fmt.Sprintf("%.1f-%.1f%%", 100*r.Lo, 100*r.Hi)
}

// FmtMean is "8.43 ± 0.12" (mean ± standard error), "8.43" without a standard error, or "-".
func FmtMean(s HistStats, prec int) string {
	switch {
	case s.N == 0:
		return "-"
	case math.IsNaN(s.SE):
		return fmt.Sprintf("%.*f", prec, s.Mean)
	}
	return fmt.Sprintf("%.*f ± %.*f", prec, s.Mean, prec, s.SE)
}

// FmtNum formats a whole-number statistic (a quantile), "-" for NaN and "N+" when the value is
// the censored last bin of its histogram.
func FmtNum(x float64, s HistStats, lastBin int) string {
	if math.IsNaN(x) {
		return "-"
	}
	if s.Censored && int(x) >= lastBin {
		return fmt.Sprintf("%.0f+", x)
	}
	return fmt.Sprintf("%.0f", x)
}

// NanZero maps NaN to 0 (for legends).
func NanZero(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return x
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
