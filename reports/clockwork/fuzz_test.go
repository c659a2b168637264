package clockwork

import (
	"os"
	"testing"

	"github.com/clockworksim/clockwork/reports"
)

// FuzzParseGates parses arbitrary text as a gates file: the parser must never panic, every
// problem must name its place, and gates it accepts must be checkable against a results file.
func FuzzParseGates(f *testing.F) {
	if raw, err := os.ReadFile("../../docs/balance.yaml"); err == nil {
		f.Add(string(raw))
	}
	for _, s := range []string{
		"gates:\n  - metric: campaign_win_rate\n    players: 3\n    min: 0.35\n    max: 0.55\n",
		"gates:\n  - {metric: level_success, level: 1, players: 3, min: 0.6, interval: true}\n",
		"gates:\n  - {metric: temple_success, temple: forest, level: 1, min: 0.3, params: {x: \"1\"}}\n",
		"gates:\n  - {metric: mean_rounds, level: 2, max: 30, agent: planner}\n",
		"gates: []\n", "gates: {}\n", "gates:\n  - 1\n", "nope: 1\n", "", "[1, 2]\n", "gates:\n  - {metric: x, metric: y}\n",
		"gates:\n  - {metric: campaign_win_rate, min: .nan}\n", "gates:\n  - {metric: campaign_win_rate, min: 0.9, max: 0.1}\n",
		"gates:\n  - {metric: campaign_win_rate, players: 9, min: 0}\n", "gates:\n  - {metric: temple_success, level: 4, min: 0}\n",
		"gates:\n  - {metric: [a], min: 0, params: [1]}\n", "gates: &a [*a]\n", "gates:\n  - {metric: boss_reached_rate, min: 0, level: 0}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gates, err := reports.ParseGates("fuzz.yaml", []byte(text))
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
			if m := reports.MetricNamed(g.Game, g.Metric); m == nil || !m.Gate {
				t.Fatalf("accepted an unknown metric %q", g.Metric)
			}
			if g.Min == nil && g.Max == nil {
				t.Fatal("accepted a gate without a band")
			}
		}
		if results, err := reports.CheckGates(gateResults(), gates); err == nil && len(results) != len(gates) {
			t.Fatalf("%d results for %d gates", len(results), len(gates))
		}
	})
}
