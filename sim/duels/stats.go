package duels

import (
	"fmt"

	rules "github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/sim"
)

// Stats is Zelda Duels' own counts of one group, after the generic ones (games, wins, seat and
// agent wins, games nobody won, the turns histogram): the first-player roll, each team's games,
// wins and first eliminations, each card's plays, damage and the games its side played it in
// and won, and the counts of the rules designers ask about.
type Stats struct {
	// TurnOrderWins counts the games won by the player who played first (the winner of the
	// first-player roll), second, ...: the first-player advantage.
	TurnOrderWins []int64 `json:"turn_order_wins"`
	// Teams counts, per team id, the seats it played (games), won, and how often its character
	// was the first of the game to be eliminated.
	Teams map[string]*TeamStat `json:"teams"`
	// Cards counts, per card id, its plays and the hit points it took off; and, in games whose
	// teams all differ (so that a play names its side), the games its side played it in and won.
	Cards map[string]*CardStat `json:"cards"`
	// Rules counts, over all seats: Container Heart rolls, discards to draw at the hand limit,
	// heal actions, Triforce cards played and abilities triggered, Clock cards played, discard
	// piles reshuffled.
	Rules RuleStats `json:"rules"`
	// Triforce and Clock count the seats that played at least one such card in a game, and how
	// many of them won it (in games whose teams all differ).
	Triforce PowerGames `json:"triforce"`
	Clock    PowerGames `json:"clock"`
}

// TeamStat counts one team's seats.
type TeamStat struct {
	// Name is the team's name as printed in the data the group played ("Link and Navi"; absent
	// in files written before it was recorded).
	Name     string `json:"name,omitempty"`
	Games    int64  `json:"games"`
	Wins     int64  `json:"wins"`
	FirstOut int64  `json:"first_out"`
}

// CardStat counts one card.
type CardStat struct {
	// Team is the id of the team whose deck holds the card in the data the group played (absent
	// in files written before it was recorded).
	Team     string `json:"team,omitempty"`
	Plays    int64  `json:"plays"`
	Damage   int64  `json:"damage"`
	Games    int64  `json:"games"`
	GamesWon int64  `json:"games_won"`
}

// RuleStats counts what the rules designers ask about did, over all seats.
type RuleStats struct {
	HeartRolls        int64 `json:"heart_rolls"`
	HandLimitDiscards int64 `json:"hand_limit_discards"`
	HealActions       int64 `json:"heal_actions"`
	TriforcePlayed    int64 `json:"triforce_played"`
	TriforceTriggered int64 `json:"triforce_triggered"`
	ClockPlayed       int64 `json:"clock_played"`
	Reshuffles        int64 `json:"reshuffles"`
}

// PowerGames counts the seats that played a kind of card in a game, and those that won it.
type PowerGames struct {
	Games int64 `json:"games"`
	Won   int64 `json:"won"`
}

// Of returns the Duels counts of a group of a Duels results file (nil for another game).
func Of(g *sim.Group) *Stats {
	s, _ := g.Stats.(*Stats)
	return s
}

// newStats makes the empty counts of a group: every team and card of d at zero.
func newStats(d *rules.Data, players int) *Stats {
	s := &Stats{Teams: map[string]*TeamStat{}, Cards: map[string]*CardStat{}, TurnOrderWins: make([]int64, players)}
	for _, t := range d.Teams {
		s.Teams[t.ID] = &TeamStat{Name: t.Name}
	}
	for _, c := range d.Cards {
		s.Cards[c.ID] = &CardStat{Team: d.Teams[c.Team].ID}
	}
	return s
}

// EmptyLike returns counts with the same teams and cards, all zero.
func (s *Stats) EmptyLike() sim.Stats {
	c := &Stats{Teams: map[string]*TeamStat{}, Cards: map[string]*CardStat{}, TurnOrderWins: make([]int64, len(s.TurnOrderWins))}
	for k, t := range s.Teams {
		c.Teams[k] = &TeamStat{Name: t.Name}
	}
	for k, cs := range s.Cards {
		c.Cards[k] = &CardStat{Team: cs.Team}
	}
	return c
}

// Add adds the counts of o; the teams and cards must be the same.
func (s *Stats) Add(other sim.Stats) error {
	o, ok := other.(*Stats)
	if !ok {
		return fmt.Errorf("the group added is not of Zelda Duels")
	}
	if len(o.TurnOrderWins) > 0 { // (a file without them is refused by Validate)
		if len(s.TurnOrderWins) != len(o.TurnOrderWins) {
			return fmt.Errorf("turn_order_wins: %d places, but the group added has %d", len(s.TurnOrderWins), len(o.TurnOrderWins))
		}
		for i, n := range o.TurnOrderWins {
			s.TurnOrderWins[i] += n
		}
	}
	for k, t := range o.Teams {
		d := s.Teams[k]
		if d == nil || t == nil {
			return fmt.Errorf("teams.%s: not a team of the group", k)
		}
		if d.Name == "" {
			d.Name = t.Name
		} else if t.Name != "" && t.Name != d.Name {
			return fmt.Errorf("teams.%s.name: %q, but the group added has %q", k, d.Name, t.Name)
		}
		d.Games, d.Wins, d.FirstOut = d.Games+t.Games, d.Wins+t.Wins, d.FirstOut+t.FirstOut
	}
	for k, c := range o.Cards {
		d := s.Cards[k]
		if d == nil || c == nil {
			return fmt.Errorf("cards.%s: not a card of the group", k)
		}
		if d.Team == "" {
			d.Team = c.Team
		} else if c.Team != "" && c.Team != d.Team {
			return fmt.Errorf("cards.%s.team: %s, but the group added has %s", k, d.Team, c.Team)
		}
		d.Plays, d.Damage, d.Games, d.GamesWon = d.Plays+c.Plays, d.Damage+c.Damage, d.Games+c.Games, d.GamesWon+c.GamesWon
	}
	r, q := &s.Rules, &o.Rules
	r.HeartRolls += q.HeartRolls
	r.HandLimitDiscards += q.HandLimitDiscards
	r.HealActions += q.HealActions
	r.TriforcePlayed += q.TriforcePlayed
	r.TriforceTriggered += q.TriforceTriggered
	r.ClockPlayed += q.ClockPlayed
	r.Reshuffles += q.Reshuffles
	s.Triforce.Games, s.Triforce.Won = s.Triforce.Games+o.Triforce.Games, s.Triforce.Won+o.Triforce.Won
	s.Clock.Games, s.Clock.Won = s.Clock.Games+o.Clock.Games, s.Clock.Won+o.Clock.Won
	return nil
}

// Validate checks the counts against the group's games.
func (s *Stats) Validate(c *sim.Checker, path string, g *sim.Group) {
	if len(s.TurnOrderWins) != g.Players {
		c.Fail(path+".turn_order_wins", "%d places, but players is %d", len(s.TurnOrderWins), g.Players)
	} else {
		var won int64
		for _, n := range s.TurnOrderWins {
			won += n
		}
		c.Equal(path+".turn_order_wins", won, g.Episodes-g.NoWinner, "the games a seat won")
	}
	var seats, wins, firstOut int64
	for _, k := range sim.SortedKeys(s.Teams) {
		t := s.Teams[k]
		if t == nil {
			c.Fail(path+".teams."+k, "null, expected {games, wins, first_out}")
			continue
		}
		c.Count(path+".teams."+k+".wins", t.Wins, t.Games, "games")
		c.Count(path+".teams."+k+".first_out", t.FirstOut, t.Games, "games")
		seats, wins, firstOut = seats+t.Games, wins+t.Wins, firstOut+t.FirstOut
	}
	c.Equal(path+".teams", seats, g.Episodes*int64(g.Players), "games × players (every seat plays a team)")
	c.Equal(path+".teams", wins, g.Episodes-g.NoWinner, "the games a seat won (team wins)")
	c.Count(path+".teams", firstOut, g.Episodes, "games (first eliminations)")
	for _, k := range sim.SortedKeys(s.Cards) {
		cs := s.Cards[k]
		if cs == nil {
			c.Fail(path+".cards."+k, "null, expected {plays, damage, games, games_won}")
			continue
		}
		if cs.Team != "" && s.Teams[cs.Team] == nil {
			c.Fail(path+".cards."+k+".team", "%q is not a team of the group", cs.Team)
		}
		c.Count(path+".cards."+k+".plays", cs.Plays, -1, "")
		c.Count(path+".cards."+k+".damage", cs.Damage, -1, "")
		c.Count(path+".cards."+k+".games", cs.Games, min(cs.Plays, g.Episodes), "its plays or the games")
		c.Count(path+".cards."+k+".games_won", cs.GamesWon, cs.Games, "games")
	}
	for name, p := range map[string]PowerGames{"triforce": s.Triforce, "clock": s.Clock} {
		c.Count(path+"."+name+".games", p.Games, g.Episodes*int64(g.Players), "games × players")
		c.Count(path+"."+name+".won", p.Won, p.Games, "games")
	}
}

// tally is a worker's Duels counts of one group since the last fold: fixed arrays only.
type tally struct {
	order                                [rules.MaxPlayers]int64
	teamGames, teamWins, teamFirstOut    [rules.MaxTeams]int64
	cardPlays, cardDamage                [rules.MaxCards]int64
	cardGames, cardGamesWon              [rules.MaxCards]int64
	rules                                RuleStats
	triGames, triWon, clockGames, clockW int64
}

// add counts the finished game g.
func (t *tally) add(g *rules.Game) {
	st := g.Stats()
	winner := g.Winner()
	if winner >= 0 {
		t.order[(winner-g.First()+g.Players())%g.Players()]++
	}
	distinct := true
	for s := range g.Players() {
		team := g.Team(s)
		t.teamGames[team]++
		if s == winner {
			t.teamWins[team]++
		}
		for o := range s {
			distinct = distinct && g.Team(o) != team
		}
		t.countRules(st, s)
	}
	if order := st.EliminationOrder(); len(order) > 0 {
		t.teamFirstOut[g.Team(int(order[0])/rules.MaxTeamChars)]++
	}
	t.countCards(g, st, winner, distinct)
	if distinct {
		for s := range g.Players() {
			t.countPower(&t.triGames, &t.triWon, st.TriforcePlayed[s] > 0, s == winner)
			t.countPower(&t.clockGames, &t.clockW, st.ClockPlayed[s] > 0, s == winner)
		}
	}
}

// countRules adds seat s's rule counts.
func (t *tally) countRules(st *rules.Stats, s int) {
	r := &t.rules
	r.HeartRolls += int64(st.HeartRolls[s])
	r.HandLimitDiscards += int64(st.HandLimitDiscards[s])
	r.HealActions += int64(st.HealActions[s])
	r.TriforcePlayed += int64(st.TriforcePlayed[s])
	r.TriforceTriggered += int64(st.TriforceTriggered[s])
	r.ClockPlayed += int64(st.ClockPlayed[s])
	r.Reshuffles += int64(st.Reshuffles[s])
}

// countCards adds the plays and damage of every card, and, when every seat has its own team, the
// game to the cards played and to those of the winner's side.
func (t *tally) countCards(g *rules.Game, st *rules.Stats, winner int, distinct bool) {
	d := g.Data()
	for id := range d.Cards {
		n := st.Played(rules.CardID(id))
		if n == 0 {
			continue
		}
		t.cardPlays[id] += int64(n)
		t.cardDamage[id] += int64(st.Damage(rules.CardID(id)))
		if !distinct {
			continue
		}
		t.cardGames[id]++
		if winner >= 0 && g.Team(winner) == d.Cards[id].Team {
			t.cardGamesWon[id]++
		}
	}
}

// countPower counts a seat that played a kind of card (played) and whether it won.
func (t *tally) countPower(games, won *int64, played, winner bool) {
	if !played {
		return
	}
	*games++
	if winner {
		*won++
	}
}

// put adds the tally into s.
func (t *tally) put(s *Stats, d *rules.Data) {
	for i := range s.TurnOrderWins {
		s.TurnOrderWins[i] += t.order[i]
	}
	for i, team := range d.Teams {
		ts := s.Teams[team.ID]
		ts.Games += t.teamGames[i]
		ts.Wins += t.teamWins[i]
		ts.FirstOut += t.teamFirstOut[i]
	}
	for i, c := range d.Cards {
		cs := s.Cards[c.ID]
		cs.Plays += t.cardPlays[i]
		cs.Damage += t.cardDamage[i]
		cs.Games += t.cardGames[i]
		cs.GamesWon += t.cardGamesWon[i]
	}
	if err := s.Add(&Stats{Rules: t.rules, Triforce: PowerGames{t.triGames, t.triWon}, Clock: PowerGames{t.clockGames, t.clockW}}); err != nil {
		panic("duels: " + err.Error()) // cannot happen: no teams or cards to add
	}
}
