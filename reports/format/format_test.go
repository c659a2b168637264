package format

import (
	"math"
	"testing"

	"github.com/clockworksim/clockwork/reports/stats"
)

func TestFormats(t *testing.T) {
	r := stats.NewRate(41, 1000)
	for _, c := range []struct{ got, want string }{
		{Pct(0.0412), "4.1%"},
		{Pct(math.NaN()), "-"},
		{PctShort(0.625), "62.5%"},
		{PctShort(0.05), "5%"},
		{Rate(r), "4.1%"},
		{Rate(stats.NewRate(0, 0)), "-"},
		{Interval(r), "3.0-5.5%"},
		{RateInterval(r), "4.1% [3.0-5.5]"},
		{Mean(stats.Summarize([]int64{0, 2, 3, 5, 0}), 2), "2.30 ± 0.26"},
		{Mean(stats.Summarize([]int64{0, 0, 1}), 2), "2.00"},
		{Mean(stats.Summarize(nil), 2), "-"},
		{Quantile(3, stats.Summarize([]int64{0, 2, 3, 5}), 3), "3+"},
		{Quantile(2, stats.Summarize([]int64{0, 2, 3, 5}), 3), "2"},
		{Signed(0.042), "+4.2 pt"},
		{SignedRange(0.01, 0.075), "+1.0 to +7.5 pt"},
		{P(0.00002), "<0.0001"},
		{P(0.0386), "0.0386"},
		{Num(1.0 / 3), "0.333333"},
		{Num(math.Inf(1)), ""},
		{Players(1), "1 player"},
		{Players(3), "3 players"},
		{TitleCase("move"), "Move"},
		{Slug("ganon.targets 3/Move"), "ganon.targets-3-move"},
		{JoinAnd([]string{"a", "b", "c"}), "a, b and c"},
		{JoinOr([]string{"a", "b"}), "a or b"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
