package duels

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/page"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
	duelssim "github.com/clockworksim/clockwork/sim/duels"
)

// This file ranks the cards by what their side won in the games they were played in, against
// the games their team played without them, and weighs the Triforce and Clock cards the same
// way. Duels counts a card's games (and the Triforce and Clock seats) only in games whose teams
// all differ, where a play names its side.

// CardPower is one card's line of the card-power ranking.
type CardPower struct {
	// Setting names the agents and params of the groups pooled ("" for a single setting).
	Setting string
	// Card is the card's id, Team its team's ("" when it cannot be told: a card unknown to the
	// default data that was played by several teams' groups).
	Card, Team string
	// Plays and Damage are its plays and the hit points they took off, over every game.
	Plays, Damage int64
	// Played is its side's win rate in the games it was played in (games_won / games).
	Played stats.Rate
	// TeamRate is its team's win rate over the groups' games it could have been played in (wins
	// / games of the team's seats), Held the team's win rate in those games without the card (team wins - games_won
	// over team games - games).
	TeamRate, Held stats.Rate
	// Diff is Played - Held (a fraction; NaN when either is unknown) with Lo and Hi its 95%
	// interval (Newcombe's hybrid score interval from the two Wilson intervals).
	Diff, Lo, Hi float64
}

// DamagePerPlay is the mean damage of a play (NaN without plays).
func (c CardPower) DamagePerPlay() float64 {
	if c.Plays == 0 {
		return math.NaN()
	}
	return float64(c.Damage) / float64(c.Plays)
}

// PowerCards is the worth of one kind of card (Triforce or Clock): the seats that played one.
type PowerCards struct {
	// Setting names the agents and params of the groups pooled ("" for a single setting).
	Setting string
	// Players is the player count of the groups pooled.
	Players int
	// Kind is "triforce" or "clock".
	Kind string
	// Played is the win rate of the seats that played such a card in a game (won / games);
	// Seat is every seat's win rate in those groups (the games a seat won over the seats),
	// Held the win rate of the seats that played none.
	Played, Seat, Held stats.Rate
	// Diff is Played - Held with its 95% interval [Lo, Hi] (Newcombe).
	Diff, Lo, Hi float64
}

// CardPowers returns the card-power ranking of every setting of res: every card played in a
// game whose teams all differ, ranked by how surely it wins (sureness: the end of the 95%
// interval of Diff nearest 0, so that a card whose interval includes 0 ranks between the
// cards that surely win and those that surely lose), then by Diff, then by card id; cards
// whose Diff is unknown last. Nil when no such game was played.
func CardPowers(res *sim.Results) []CardPower {
	var out []CardPower
	for _, s := range settings(res) {
		out = append(out, s.cardPowers()...)
	}
	return out
}

// cardPowers is the card ranking of one setting.
func (s *setting) cardPowers() []CardPower {
	acc := map[string]*CardPower{}
	var ids []string
	for _, m := range s.Matchups {
		st := duelssim.Of(m.g)
		if st == nil || !m.distinct() {
			continue
		}
		for id, c := range st.Cards {
			if c == nil || c.Plays == 0 {
				continue
			}
			cp := acc[id]
			if cp == nil {
				cp = &CardPower{Setting: s.Label, Card: id}
				acc[id] = cp
				ids = append(ids, id)
			}
			cp.Plays, cp.Damage = cp.Plays+c.Plays, cp.Damage+c.Damage
			cp.Played.K, cp.Played.N = cp.Played.K+c.GamesWon, cp.Played.N+c.Games
		}
	}
	teams := s.cardTeams(ids)
	out := make([]CardPower, 0, len(ids))
	for _, id := range ids {
		cp := acc[id]
		cp.Team = teams[id]
		cp.Played = stats.NewRate(cp.Played.K, cp.Played.N)
		tw, tg := s.teamGamesWhere(cp.Team, id)
		cp.TeamRate = stats.NewRate(tw, tg)
		if cp.Team != "" {
			cp.Held = stats.NewRate(tw-cp.Played.K, tg-cp.Played.N)
		}
		cp.Diff, cp.Lo, cp.Hi = Newcombe(cp.Played, cp.Held)
		out = append(out, *cp)
	}
	sort.SliceStable(out, func(i, j int) bool {
		si, sj := sureness(out[i]), sureness(out[j])
		di, dj := out[i].Diff, out[j].Diff
		switch {
		case math.IsNaN(di) != math.IsNaN(dj):
			return !math.IsNaN(di)
		case si != sj:
			return si > sj
		case di != dj && !math.IsNaN(di):
			return di > dj
		}
		return out[i].Card < out[j].Card
	})
	return out
}

// sureness is the end of a card's interval nearest 0: Lo when the whole interval is above 0,
// Hi when it is below, 0 when it includes 0 (or is unknown). The ranking puts the cards that
// surely win first, the most surely first, and those that surely lose last.
func sureness(c CardPower) float64 {
	switch {
	case c.Lo > 0:
		return c.Lo
	case c.Hi < 0:
		return c.Hi
	}
	return 0
}

// teamGamesWhere adds up team t's wins and games (seats) over the setting's groups whose teams
// all differ and in which card id was played: the games the card's Played rate could come from.
func (s *setting) teamGamesWhere(t, id string) (wins, games int64) {
	if t == "" {
		return 0, 0
	}
	for _, m := range s.Matchups {
		st := duelssim.Of(m.g)
		if st == nil || !m.distinct() || st.Cards[id] == nil || st.Cards[id].Plays == 0 || st.Teams[t] == nil {
			continue
		}
		wins, games = wins+st.Teams[t].Wins, games+st.Teams[t].Games
	}
	return wins, games
}

// cardTeams tells the team of each card: the team the results record for it (the deck that
// holds it in the data the groups played); for a file written before cards recorded their team,
// the one team in play in every group where the card was played, if there is one.
func (s *setting) cardTeams(ids []string) map[string]string {
	out := map[string]string{}
	for _, id := range ids {
		var cands []string
		first := true
		for _, m := range s.Matchups {
			st := duelssim.Of(m.g)
			if st == nil || st.Cards[id] == nil {
				continue
			}
			if t := st.Cards[id].Team; t != "" {
				cands, first = []string{t}, false
				break
			}
			if st.Cards[id].Plays == 0 {
				continue
			}
			if first {
				cands, first = slices.Clone(m.inPlay), false
				continue
			}
			cands = slices.DeleteFunc(cands, func(t string) bool { return !slices.Contains(m.inPlay, t) })
		}
		if len(cands) == 1 {
			out[id] = cands[0]
		}
	}
	return out
}

// Powers returns the worth of the Triforce and Clock cards in every setting of res, per player
// count, over the groups whose teams all differ (nil without such groups).
func Powers(res *sim.Results) []PowerCards {
	var out []PowerCards
	for _, s := range settings(res) {
		out = append(out, s.powerCards()...)
	}
	return out
}

// powerCards returns the worth of the Triforce and the Clock cards in one setting, per player
// count (a seat's chance differs with the players): the seats that played one, over the groups
// whose teams all differ (nil without such groups).
func (s *setting) powerCards() []PowerCards {
	type counts struct{ tri, clock, seats duelssim.PowerGames }
	by := map[int]*counts{}
	var players []int
	for _, m := range s.Matchups {
		st := duelssim.Of(m.g)
		if st == nil || !m.distinct() {
			continue
		}
		c := by[m.g.Players]
		if c == nil {
			c = &counts{}
			by[m.g.Players] = c
			players = append(players, m.g.Players)
		}
		c.tri.Games, c.tri.Won = c.tri.Games+st.Triforce.Games, c.tri.Won+st.Triforce.Won
		c.clock.Games, c.clock.Won = c.clock.Games+st.Clock.Games, c.clock.Won+st.Clock.Won
		c.seats.Games += m.g.Episodes * int64(m.g.Players)
		c.seats.Won += m.g.Episodes - m.g.NoWinner
	}
	slices.Sort(players)
	var out []PowerCards
	for _, n := range players {
		c := by[n]
		for _, k := range []struct {
			kind string
			p    duelssim.PowerGames
		}{{"triforce", c.tri}, {"clock", c.clock}} {
			pc := PowerCards{Setting: s.Label, Players: n, Kind: k.kind, Played: stats.NewRate(k.p.Won, k.p.Games),
				Seat: stats.NewRate(c.seats.Won, c.seats.Games), Held: stats.NewRate(c.seats.Won-k.p.Won, c.seats.Games-k.p.Games)}
			pc.Diff, pc.Lo, pc.Hi = Newcombe(pc.Played, pc.Held)
			out = append(out, pc)
		}
	}
	return out
}

// Newcombe returns the difference a - b of two independent rates and its 95% interval by
// Newcombe's hybrid score method (1998, method 10), built from the two Wilson intervals; NaN
// when either rate has no trials.
func Newcombe(a, b stats.Rate) (diff, lo, hi float64) {
	if !a.Known() || !b.Known() {
		return math.NaN(), math.NaN(), math.NaN()
	}
	diff = a.P - b.P
	lo = diff - math.Hypot(a.P-a.Lo, b.Hi-b.P)
	hi = diff + math.Hypot(a.Hi-a.P, b.P-b.Lo)
	return diff, lo, hi
}

// cardTables is the card-power ranking as a table (every setting's, one after the other).
func cardTables(cps []CardPower) []page.Table {
	t := page.Table{Title: "Card power", Header: []string{"rank", "card", "team", "plays", "damage / play",
		"games played", "win rate played", "95% interval", "team's win rate", "not played", "played - not (points) [95%]"}}
	multi := cps[0].Setting != ""
	if multi {
		t.Header = append([]string{"setting"}, t.Header...)
	}
	t.Right = page.RightFrom(len(t.Header), len(t.Header)-8)
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
			format.Rate(c.Played), format.Interval(c.Played), format.Rate(c.TeamRate), format.Rate(c.Held),
			pointsText(c.Diff, c.Lo, c.Hi)}
		if multi {
			row = append([]string{c.Setting}, row...)
		}
		t.Rows = append(t.Rows, row)
	}
	return []page.Table{t}
}

// damageText is a mean damage with two decimals, "-" when unknown.
func damageText(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.2f", x)
}

// powerTable is the worth of the Triforce and Clock cards in every setting.
func powerTable(sets []*setting) page.Table {
	t := page.Table{Title: "Triforce and Clock cards", Header: []string{"cards", "players", "seats that played one", "won",
		"win rate", "95% interval", "every seat", "seats without one", "played - not (points) [95%]"}}
	multi := len(sets) > 1
	if multi {
		t.Header = append([]string{"setting"}, t.Header...)
	}
	t.Right = page.RightFrom(len(t.Header), len(t.Header)-8)
	for _, s := range sets {
		for _, pc := range s.powerCards() {
			row := []string{pc.Kind, strconv.Itoa(pc.Players), itoa(pc.Played.N), itoa(pc.Played.K), format.Rate(pc.Played),
				format.Interval(pc.Played), format.Rate(pc.Seat), format.Rate(pc.Held), pointsText(pc.Diff, pc.Lo, pc.Hi)}
			if multi {
				row = append([]string{s.Label}, row...)
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}
