package clue

import (
	"fmt"

	agents "github.com/clockworksim/clockwork/agents/clue"
	rules "github.com/clockworksim/clockwork/rules/clue"
	"github.com/clockworksim/clockwork/sim"
)

// Stats is CLUE's own counts of one group, after the generic ones (games, wins, seat and agent
// wins, games nobody won, the turns histogram): why games ended, who was eliminated, and what
// each Boss and the personality cards were worth.
type Stats struct {
	// EndReasons counts games by how they ended: accused, ganondorf (a lost game by the card
	// text's reading), all_wrong, turn_cap.
	EndReasons map[string]int64 `json:"end_reasons"`
	// Eliminated counts players put out, by reason: ganondorf, wrong_accusation.
	Eliminated map[string]int64 `json:"eliminated"`
	// GanondorfGames counts the games in which Ganondorf put a player out.
	GanondorfGames int64 `json:"ganondorf_games"`
	// Bosses counts, per Boss id, the games in which its card was played, and those of them
	// won by the seat that played it.
	Bosses map[string]*PowerStat `json:"bosses"`
	// Personality counts the personality cards played, and those played by the game's winner.
	Personality PowerStat `json:"personality"`
	// TurnOrderWins counts the games won by the player who played first, second, ...: the
	// first-player advantage (the first player is the highest roller, whatever his seat).
	TurnOrderWins []int64 `json:"turn_order_wins"`
	// Knowledge is what the seats could know, when it was followed (Game.Knowledge); nil
	// otherwise.
	Knowledge *Knowledge `json:"knowledge,omitempty"`
}

// Knowledge counts when the envelope could first be known, from everything a seat saw (an exact
// notebook of its log, whatever agent played it): the walk to the castle and the dice take the
// difference between knowing and winning.
type Knowledge struct {
	// Games counts the games followed.
	Games int64 `json:"games"`
	// FirstHist counts the games by the turn at which some player could first know the
	// envelope (index = turn, the last bin counting later turns and games in which nobody could).
	FirstHist []int64 `json:"first_could_know_hist"`
	// WinnerHist counts the games won by a player who could know, by the turns from the moment
	// he could know to his winning accusation (index = turns).
	WinnerHist []int64 `json:"winner_knew_to_win_hist"`
	// WonUnknowing counts the games won by a player who could not know (a lucky accusation).
	WonUnknowing int64 `json:"won_without_knowing"`
}

// knowBins is the length of the knowledge histograms.
const knowBins = sim.MaxTurnsBin + 1

// PowerStat counts a power's uses and the uses by the seat that won the game.
type PowerStat struct {
	Used     int64 `json:"used"`
	ByWinner int64 `json:"by_winner"`
}

// Of returns the CLUE counts of a group of a CLUE results file (nil for another game).
func Of(g *sim.Group) *Stats {
	s, _ := g.Stats.(*Stats)
	return s
}

// newStats makes the empty counts of a group: every end reason, elimination reason and Boss of
// d at zero.
func newStats(d *rules.Data, players int) *Stats {
	s := &Stats{EndReasons: map[string]int64{}, Eliminated: map[string]int64{}, Bosses: map[string]*PowerStat{},
		TurnOrderWins: make([]int64, players)}
	for r := rules.EndReason(1); int(r) < len(rules.EndReasonNames); r++ {
		s.EndReasons[r.String()] = 0
	}
	for o := 1; o < len(rules.OutNames); o++ {
		s.Eliminated[rules.OutNames[o]] = 0
	}
	for b := range d.BossN {
		s.Bosses[d.Bosses[b].ID] = &PowerStat{}
	}
	return s
}

// EmptyLike returns counts with the same keys, all zero.
func (s *Stats) EmptyLike() sim.Stats {
	c := &Stats{EndReasons: map[string]int64{}, Eliminated: map[string]int64{}, Bosses: map[string]*PowerStat{},
		TurnOrderWins: make([]int64, len(s.TurnOrderWins))}
	for k := range s.EndReasons {
		c.EndReasons[k] = 0
	}
	for k := range s.Eliminated {
		c.Eliminated[k] = 0
	}
	for k := range s.Bosses {
		c.Bosses[k] = &PowerStat{}
	}
	return c
}

// Add adds the counts of o; the Bosses must be the same.
func (s *Stats) Add(other sim.Stats) error {
	o, ok := other.(*Stats)
	if !ok {
		return fmt.Errorf("the group added is not of CLUE")
	}
	if err := s.addKnowledge(o.Knowledge); err != nil {
		return err
	}
	for k, n := range o.EndReasons {
		s.EndReasons[k] += n
	}
	for k, n := range o.Eliminated {
		s.Eliminated[k] += n
	}
	s.GanondorfGames += o.GanondorfGames
	for k, p := range o.Bosses {
		q := s.Bosses[k]
		if q == nil {
			return fmt.Errorf("bosses.%s: not a Boss of the group", k)
		}
		q.Used += p.Used
		q.ByWinner += p.ByWinner
	}
	s.Personality.Used += o.Personality.Used
	s.Personality.ByWinner += o.Personality.ByWinner
	return addOrder(s.TurnOrderWins, o.TurnOrderWins)
}

// addKnowledge adds the knowledge counts k (nil: none).
func (s *Stats) addKnowledge(k *Knowledge) error {
	if k == nil {
		return nil
	}
	if s.Knowledge == nil {
		s.Knowledge = &Knowledge{FirstHist: make([]int64, len(k.FirstHist)), WinnerHist: make([]int64, len(k.WinnerHist))}
	}
	d := s.Knowledge
	if len(d.FirstHist) != len(k.FirstHist) || len(d.WinnerHist) != len(k.WinnerHist) {
		return fmt.Errorf("knowledge: histograms of %d and %d bins, but the group added has %d and %d",
			len(d.FirstHist), len(d.WinnerHist), len(k.FirstHist), len(k.WinnerHist))
	}
	d.Games += k.Games
	d.WonUnknowing += k.WonUnknowing
	for i, n := range k.FirstHist {
		d.FirstHist[i] += n
	}
	for i, n := range k.WinnerHist {
		d.WinnerHist[i] += n
	}
	return nil
}

// addOrder adds turn-order wins of the same table size.
func addOrder(dst, src []int64) error {
	if len(dst) != len(src) {
		return fmt.Errorf("turn_order_wins: %d places, but the group added has %d", len(dst), len(src))
	}
	for i, n := range src {
		dst[i] += n
	}
	return nil
}

// Validate checks the counts against the group's games: end reasons adding up to the games
// (accused ones to the games won by a seat), eliminations at most a table's worth, powers used
// by winners at most used.
func (s *Stats) Validate(c *sim.Checker, path string, g *sim.Group) {
	var ends int64
	for _, k := range sim.SortedKeys(s.EndReasons) {
		c.Count(path+".end_reasons."+k, s.EndReasons[k], g.Episodes, "games")
		ends += s.EndReasons[k]
	}
	c.Equal(path+".end_reasons", ends, g.Episodes, "games")
	c.Equal(path+".end_reasons.accused", s.EndReasons["accused"], g.Episodes-g.NoWinner, "the games a seat won")
	for _, k := range sim.SortedKeys(s.Eliminated) {
		c.Count(path+".eliminated."+k, s.Eliminated[k], g.Episodes*int64(g.Players), "games × players")
	}
	c.Count(path+".ganondorf_games", s.GanondorfGames, g.Episodes, "games")
	for _, k := range sim.SortedKeys(s.Bosses) {
		p := s.Bosses[k]
		if p == nil {
			c.Fail(path+".bosses."+k, "null, expected {used, by_winner}")
			continue
		}
		c.Count(path+".bosses."+k+".used", p.Used, g.Episodes, "games")
		c.Count(path+".bosses."+k+".by_winner", p.ByWinner, p.Used, "used")
	}
	if len(s.TurnOrderWins) != g.Players {
		c.Fail(path+".turn_order_wins", "%d places, but players is %d", len(s.TurnOrderWins), g.Players)
	} else {
		var won int64
		for _, n := range s.TurnOrderWins {
			won += n
		}
		c.Equal(path+".turn_order_wins", won, g.Episodes-g.NoWinner, "the games a seat won")
	}
	if k := s.Knowledge; k != nil {
		c.Equal(path+".knowledge.games", k.Games, g.Episodes, "games")
		c.Hist(path+".knowledge.first_could_know_hist", k.FirstHist, k.Games, "knowledge.games")
		var won int64
		for _, n := range k.WinnerHist {
			won += n
		}
		c.Count(path+".knowledge.won_without_knowing", k.WonUnknowing, -1, "")
		c.Equal(path+".knowledge.winner_knew_to_win_hist", won+k.WonUnknowing, g.Episodes-g.NoWinner, "the games a seat won (with won_without_knowing)")
	}
	c.Count(path+".personality.used", s.Personality.Used, g.Episodes*int64(g.Players), "games × players")
	c.Count(path+".personality.by_winner", s.Personality.ByWinner, s.Personality.Used, "used")
}

// tally is a worker's CLUE counts of one group since the last fold: fixed arrays only.
type tally struct {
	ends                    [len(rules.EndReasonNames)]int64
	out                     [len(rules.OutNames)]int64
	ganonGames              int64
	bossUsed, bossByWinner  [rules.MaxBosses]int64
	personal, personalByWin int64
	order                   [rules.MaxPlayers]int64
	know                    knowTally
}

// knowTally is the knowledge counts of a tally (fixed arrays).
type knowTally struct {
	games, wonUnknowing int64
	first, winner       [knowBins]int64
}

// addKnowledge counts what the seats of the finished game g could know (their observers).
func (t *tally) addKnowledge(g *rules.Game, obs *[rules.MaxPlayers]*agents.Observer) {
	k := &t.know
	k.games++
	first := -1
	for s := range g.Players() {
		if at := obs[s].SolvedAt(); at >= 0 && (first < 0 || at < first) {
			first = at
		}
	}
	if first < 0 {
		first = knowBins - 1
	}
	k.first[min(first, knowBins-1)]++
	w := g.Winner()
	if w < 0 {
		return
	}
	if at := obs[w].SolvedAt(); at >= 0 {
		k.winner[min(max(g.Turn()-at, 0), knowBins-1)]++
	} else {
		k.wonUnknowing++
	}
}

// add counts the finished game g.
func (t *tally) add(g *rules.Game) {
	tb := g.Table()
	t.ends[tb.End]++
	ganon := false
	for s := range tb.Players {
		t.out[tb.Out[s]]++
		ganon = ganon || tb.Out[s] == rules.OutGanondorf
		if tb.Personal[s] {
			t.personal++
			if s == tb.Winner {
				t.personalByWin++
			}
		}
	}
	if ganon {
		t.ganonGames++
	}
	if tb.Winner >= 0 {
		t.order[(tb.Winner-tb.First+tb.Players)%tb.Players]++
	}
	for b := range g.Data().BossN {
		if by := tb.UsedBy[b]; by >= 0 {
			t.bossUsed[b]++
			if int(by) == tb.Winner {
				t.bossByWinner[b]++
			}
		}
	}
}

// put adds the tally into s.
func (t *tally) put(s *Stats, d *rules.Data) {
	for r := 1; r < len(t.ends); r++ {
		s.EndReasons[rules.EndReasonNames[r]] += t.ends[r]
	}
	for o := 1; o < len(t.out); o++ {
		s.Eliminated[rules.OutNames[o]] += t.out[o]
	}
	s.GanondorfGames += t.ganonGames
	for b := range d.BossN {
		p := s.Bosses[d.Bosses[b].ID]
		p.Used += t.bossUsed[b]
		p.ByWinner += t.bossByWinner[b]
	}
	s.Personality.Used += t.personal
	s.Personality.ByWinner += t.personalByWin
	for i := range s.TurnOrderWins {
		s.TurnOrderWins[i] += t.order[i]
	}
	if t.know.games > 0 {
		k := &Knowledge{Games: t.know.games, WonUnknowing: t.know.wonUnknowing,
			FirstHist: append([]int64(nil), t.know.first[:]...), WinnerHist: append([]int64(nil), t.know.winner[:]...)}
		if err := s.addKnowledge(k); err != nil {
			panic("clue: " + err.Error()) // cannot happen: the histograms have knowBins bins
		}
	}
}
