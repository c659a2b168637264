// Package clockwork is Clockwork Realm's part of the reports (imported as cwreports): its
// metrics (level and temple success, rounds, Triforce Shards, Ganon, timeouts) with their
// selectors (level, temple, skill), its charts, its report sections, its rows of report.csv and
// the terminal summary of `clockwork ganon`. It registers them with package reports from init,
// so that every writer of reports serves Clockwork Realm's results files; a program that writes
// them imports it for that alone:
//
//	import _ "github.com/clockworksim/clockwork/reports/clockwork"
package clockwork

import (
	agents "github.com/clockworksim/clockwork/agents/clockwork"
	"github.com/clockworksim/clockwork/reports"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
	cwsim "github.com/clockworksim/clockwork/sim/clockwork"
)

// WinRateMetric is Clockwork's name of the generic win rate: the share of campaigns the team
// won.
const WinRateMetric = "campaign_win_rate"

func init() {
	reports.RegisterGame(reports.GameReport{
		Name:         cwsim.Name,
		Title:        "Clockwork Realm balance report",
		Episodes:     "campaigns",
		Label:        func(agent, strategies string) string { return agents.Spec{Name: agent, Strategies: strategies}.Label() },
		MinPlayers:   rules.MinPlayers,
		MaxPlayers:   rules.MaxPlayers,
		WinRate:      WinRateMetric,
		WinRateTitle: "Campaign win rate",
		NoSeats:      true,
		Metrics:      metrics,
		Selectors:    []reports.Selector{levelSel, templeSel, skillSel},
		ParamTitles:  map[string]string{"ganon.targets": "Ganon target"},
		Sections:     sections,
		Charts:       charts,
		CSVColumns:   []string{"level", "temple"},
		CSVRows:      csvRows,
		Summary:      GanonTable,
	})
}
