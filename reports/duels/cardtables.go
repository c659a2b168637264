package duels

import (
	"fmt"
	"math"
	"strconv"

	"github.com/clockworksim/clockwork/reports"
)

// cardTables is the card-power ranking as a table (every setting's, one after the other).
func cardTables(cps []CardPower) []reports.TextTable {
	t := reports.TextTable{Title: "Card power", Header: []string{"rank", "card", "team", "plays", "damage / play",
		"games played", "win rate played", "95% interval", "team's win rate", "not played", "played - not (points) [95%]"}}
	multi := cps[0].Setting != ""
	if multi {
		t.Header = append([]string{"setting"}, t.Header...)
	}
	t.Right = reports.RightFrom(len(t.Header), len(t.Header)-8)
	rank, setting := 0, ""
	for _, c := range cps {
		if c.Setting != setting {
			rank, setting = 0, c.Setting
		}
		rank++
		team := c.Team
		if team == "" {
			team = "?"
		}
		row := []string{strconv.Itoa(rank), c.Card, team, itoa(c.Plays), damageText(c.DamagePerPlay()), itoa(c.Played.N),
			reports.FmtRate(c.Played), reports.FmtInterval(c.Played), reports.FmtRate(c.TeamRate), reports.FmtRate(c.Held),
			pointsText(c.Diff, c.Lo, c.Hi)}
		if multi {
			row = append([]string{c.Setting}, row...)
		}
		t.Rows = append(t.Rows, row)
	}
	return []reports.TextTable{t}
}

// damageText is a mean damage with two decimals, "-" when unknown.
func damageText(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.2f", x)
}

// powerTable is the worth of the Triforce and Clock cards in every setting.
func powerTable(sets []*setting) reports.TextTable {
	t := reports.TextTable{Title: "Triforce and Clock cards", Header: []string{"cards", "players", "seats that played one", "won",
		"win rate", "95% interval", "every seat", "seats without one", "played - not (points) [95%]"}}
	multi := len(sets) > 1
	if multi {
		t.Header = append([]string{"setting"}, t.Header...)
	}
	t.Right = reports.RightFrom(len(t.Header), len(t.Header)-8)
	for _, s := range sets {
		for _, pc := range s.powerCards() {
			row := []string{pc.Kind, strconv.Itoa(pc.Players), itoa(pc.Played.N), itoa(pc.Played.K), reports.FmtRate(pc.Played),
				reports.FmtInterval(pc.Played), reports.FmtRate(pc.Seat), reports.FmtRate(pc.Held), pointsText(pc.Diff, pc.Lo, pc.Hi)}
			if multi {
				row = append([]string{s.Label}, row...)
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}
