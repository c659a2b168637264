package duels_test

import (
	"fmt"

	agents "github.com/clockworksim/clockwork/agents/duels"
	cfg "github.com/clockworksim/clockwork/configs/duels"
	rules "github.com/clockworksim/clockwork/rules/duels"
)

// Seat two agents at a table and play one seeded game of Zelda Duels to its end.
func ExampleTable_Play() {
	l, err := cfg.LoadDir("../../testdata/duels", nil)
	if err != nil {
		panic(err)
	}
	d := l.Data
	link, _ := d.TeamByID("link")
	ganon, _ := d.TeamByID("ganon")
	woods, _ := d.MapByID("lost_woods")
	tactical, _ := agents.New("tactical")
	aggressive, _ := agents.New("aggressive")

	var g rules.Game
	g.Reset(d, rules.Setup{Players: 2, Teams: [rules.MaxPlayers]rules.TeamID{link, ganon}, Map: woods}, 2026, 0)
	table := agents.NewTable(tactical, aggressive)
	table.Checked = true
	if err := table.Play(&g, 7); err != nil {
		panic(err)
	}
	if w := g.Winner(); w >= 0 {
		fmt.Printf("winner: seat %d (%s) after %d turns\n", w, table.Seats[w].Name(), g.Turn())
	} else {
		fmt.Printf("no winner after %d turns\n", g.Turn())
	}
	// Output: winner: seat 1 (aggressive) after 66 turns
}
