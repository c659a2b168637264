package reports

import (
	"testing"
)

// FuzzParseGates parses arbitrary text as a gates file of any game: the parser must never
// panic, every problem must name its place, and gates it accepts must name a gate metric of
// their game and be checkable against a results file. (reports/clockwork fuzzes Clockwork's
// gates the same way.)
func FuzzParseGates(f *testing.F) {
	for _, s := range []string{
		"game: testseats\ngates:\n  - {metric: seat_win_rate, seat: 1, players: 2, min: 0.4, max: 0.6}\n",
		"game: testseats\ngates:\n  - {metric: no_winner_rate, max: 0.1, interval: overlap}\n  - {metric: mean_turns, min: 3}\n",
		"game: testregistered\ngates:\n  - {metric: round_win_rate, round: 2, agent: sharp, min: 0.3}\n",
		"game: testregistered\ngates:\n  - {metric: round_win_rate, min: 0}\n", "game: nothing\ngates:\n  - {metric: win_rate, min: 0}\n",
		"gates:\n  - {metric: win_rate, players: 3, min: 0.35, params: {x: \"1\"}}\n", "game: [1]\ngates: []\n",
		"gates: []\n", "gates: {}\n", "gates:\n  - 1\n", "nope: 1\n", "", "[1, 2]\n", "gates:\n  - {metric: x, metric: y}\n",
		"game: testseats\ngates:\n  - {metric: seat_win_rate, seat: 0, min: .nan}\n", "gates: &a [*a]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gates, err := ParseGates("fuzz.yaml", []byte(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if len(gates) == 0 {
			t.Fatal("no error and no gates")
		}
		for _, g := range gates {
			if m := MetricNamed(g.Game, g.Metric); m == nil || !m.Gate {
				t.Fatalf("accepted an unknown metric %q of %s", g.Metric, g.Game)
			}
			if g.Min == nil && g.Max == nil {
				t.Fatal("accepted a gate without a band")
			}
		}
		if results, err := CheckGates(seatsResults(t), gates); err == nil && len(results) != len(gates) {
			t.Fatalf("%d results for %d gates", len(results), len(gates))
		}
		if results, err := CheckGates(registeredResults(), gates); err == nil && len(results) != len(gates) {
			t.Fatalf("%d results for %d gates", len(results), len(gates))
		}
	})
}
