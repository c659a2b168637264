package duels

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// The fixture is a hand-made results file of Zelda Duels (no simulation, so its figures and
// golden images never move with the engine or the data): a matrix of link, ganon and zelda
// played by the aggressive agent with rotated seats, 100 games a match-up, on lost_woods (every
// pair and mirror) and leever_desert (the three pairs, no mirror), and a free-for-all of the
// three teams at 3 players on lost_woods.

var fixtureTeams = []string{"link", "ganon", "zelda"}

// spec is a group of the fixture: its map and teams, games, the first listed team's wins and
// the other's (2 players), the games nobody won.
type spec struct {
	mapID, teams  string
	games, a, b   int64
	cards         map[string]*duelssim.CardStat
	triforce      duelssim.PowerGames
	rules         duelssim.RuleStats
	seatWins      []int64
	firstOut      []int64 // per position (3 players)
	turnOrderWins []int64
}

// fixtureCardTeams are the teams the fixture's results record for its cards: the mystery card
// records none, as in a file written before cards recorded their team.
var fixtureCardTeams = map[string]string{"link_master_sword": "link", "ganon_trident": "ganon", "zelda_light_arrow": "zelda"}

// fixtureSpecs are the fixture's groups with their hand-chosen counts.
func fixtureSpecs() []spec {
	card := func(plays, damage, games, won int64) *duelssim.CardStat {
		return &duelssim.CardStat{Plays: plays, Damage: damage, Games: games, GamesWon: won}
	}
	return []spec{
		{mapID: "lost_woods", teams: "link,link", games: 100, a: 50, b: 50},
		{mapID: "lost_woods", teams: "link,ganon", games: 100, a: 70, b: 28,
			cards: map[string]*duelssim.CardStat{"link_master_sword": card(50, 200, 50, 45), "ganon_trident": card(30, 150, 30, 6),
				"mystery_card": card(10, 0, 10, 5)},
			triforce: duelssim.PowerGames{Games: 100, Won: 40}, rules: duelssim.RuleStats{HeartRolls: 450, HandLimitDiscards: 25}},
		{mapID: "lost_woods", teams: "link,zelda", games: 100, a: 55, b: 45,
			cards: map[string]*duelssim.CardStat{"zelda_light_arrow": card(20, 60, 20, 2)}},
		{mapID: "lost_woods", teams: "ganon,ganon", games: 100, a: 48, b: 52},
		{mapID: "lost_woods", teams: "ganon,zelda", games: 100, a: 60, b: 40},
		{mapID: "lost_woods", teams: "zelda,zelda", games: 100, a: 50, b: 50},
		{mapID: "leever_desert", teams: "link,ganon", games: 100, a: 40, b: 60,
			cards: map[string]*duelssim.CardStat{"link_master_sword": card(50, 200, 50, 30), "ganon_trident": card(40, 160, 40, 30)}},
		{mapID: "leever_desert", teams: "link,zelda", games: 100, a: 80, b: 20},
		{mapID: "leever_desert", teams: "ganon,zelda", games: 100, a: 50, b: 50},
		{mapID: "lost_woods", teams: "link,ganon,zelda", games: 60, seatWins: []int64{30, 20, 10},
			firstOut: []int64{10, 20, 30}, turnOrderWins: []int64{25, 20, 15}},
	}
}

// fixtureResults builds the fixture's results file, checked by the reader's validation.
func fixtureResults(t testing.TB) *sim.Results {
	t.Helper()
	res := &sim.Results{Schema: sim.Schema, Game: duelssim.Name, ToolVersion: "v0.0.0-test", ConfigFingerprint: "sha256:fixture",
		Seed: 1, Shard: sim.Shard{Index: 0, Count: 1}, TurnCap: 300}
	for _, sp := range fixtureSpecs() {
		res.Groups = append(res.Groups, fixtureGroup(sp))
	}
	if err := res.Validate(); err != nil {
		t.Fatalf("the fixture is not a valid results file: %v", err)
	}
	return res
}

// fixtureGroup builds one group of the fixture.
func fixtureGroup(sp spec) *sim.Group {
	teams := strings.Split(sp.teams, ",")
	players := len(teams)
	g := &sim.Group{Players: players, Agent: "aggressive", Params: map[string]string{"map": sp.mapID, "teams": sp.teams},
		Episodes: sp.games, Rotated: true, AgentWins: map[string]int64{}, TurnsHist: make([]int64, sim.MaxTurnsBin+1)}
	for range players {
		g.Seats = append(g.Seats, "aggressive")
	}
	st := &duelssim.Stats{Teams: map[string]*duelssim.TeamStat{}, Cards: map[string]*duelssim.CardStat{},
		Rules: sp.rules, Triforce: sp.triforce}
	for _, t := range append(slices.Clone(fixtureTeams), teams...) { // a bigger matrix's teams too
		st.Teams[t] = &duelssim.TeamStat{}
	}
	for id, c := range sp.cards {
		st.Cards[id] = c
	}
	for _, id := range []string{"link_master_sword", "ganon_trident", "zelda_light_arrow", "mystery_card"} {
		if st.Cards[id] == nil {
			st.Cards[id] = &duelssim.CardStat{}
		}
		st.Cards[id].Team = fixtureCardTeams[id]
	}
	wins := sp.seatWins
	if players == 2 {
		wins = []int64{sp.a, sp.b}
	}
	var won int64
	for k, w := range wins {
		ts := st.Teams[teams[k]]
		ts.Games += sp.games
		ts.Wins += w
		won += w
	}
	g.Wins, g.NoWinner = wins[0], sp.games-won
	// Rotated seats: each position played every seat about as often; the seat wins are the
	// positions' wins (what the report reads is the positions' and teams' counts).
	g.SeatWins = slices.Clone(wins)
	g.AgentWins["aggressive"] = won
	g.TurnsHist[40] = sp.games
	st.TurnOrderWins = sp.turnOrderWins
	if st.TurnOrderWins == nil {
		st.TurnOrderWins = []int64{won - won/3, won / 3}
	}
	if players == 2 {
		loser := 1
		if wins[1] > wins[0] {
			loser = 0
		}
		st.Teams[teams[loser]].FirstOut += sp.games // every game: one first out
	}
	for k, n := range sp.firstOut {
		st.Teams[teams[k]].FirstOut += n
	}
	g.Stats = st
	return g
}

// bigMatrix is a matrix the size of the default data's (ten teams on four maps, every pair and
// mirror: 220 groups), 20 games a match-up, the first listed team winning 12 of each pair and
// 10 of a mirror.
func bigMatrix(t testing.TB) *sim.Results {
	t.Helper()
	res := fixtureResults(t)
	res.Groups = nil
	var teams []string
	for i := range 10 {
		teams = append(teams, fmt.Sprintf("team_%d", i))
	}
	for _, m := range []string{"map_a", "map_b", "map_c", "map_d"} {
		for i, a := range teams {
			for _, b := range teams[i:] {
				sp := spec{mapID: m, teams: a + "," + b, games: 20, a: 12, b: 8}
				if a == b {
					sp.a, sp.b = 10, 10
				}
				res.Groups = append(res.Groups, fixtureGroup(sp))
			}
		}
	}
	if err := res.Validate(); err != nil {
		t.Fatalf("the big matrix is not a valid results file: %v", err)
	}
	return res
}

// csvRecords are the records of report.csv of res, its header first.
func csvRecords(t testing.TB, res *sim.Results) [][]string {
	t.Helper()
	var buf bytes.Buffer
	if err := reports.CSV(&buf, res); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}
