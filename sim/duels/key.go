package duels

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	rules "github.com/clockworksim/clockwork/rules/duels"
	"github.com/clockworksim/clockwork/sim"
)

// MatchupKey returns a key of everything a game of the match-up reads of the data, so that two
// match-ups with the same key (the same match-up on two versions of the data) play every deal
// alike and count it alike: the rule settings and the die (every field of the data but its
// teams, cards, maps and fingerprint, so that a field added later is covered too), the map
// played, the teams of the line-up with their characters, and the cards of their decks (with the
// cards those cards name), each with its index; and the sizes of the data's tables and the ids
// of every team, card and map (a group's counts name them all). The engine and the agents read
// nothing else: a game reaches the data through its seats' teams, its map, the cards those
// teams hold, the die and the settings. The data's Fingerprint, which changes with any value,
// is not part of the key.
func (g *Game) MatchupKey() string {
	d := g.Data
	h := sha256.New()
	enc := json.NewEncoder(h)
	rest := *d
	rest.Teams, rest.Cards, rest.Maps, rest.Fingerprint = nil, nil, nil, ""
	put := func(v any) {
		if err := enc.Encode(v); err != nil {
			panic("duels: MatchupKey: " + err.Error()) // plain data always encodes
		}
	}
	put(rest)
	put(dataIDs(d))
	put(g.Map)
	put(d.Maps[g.Map])
	put(g.Teams)
	for _, t := range uniqueTeams(g.Teams) {
		put(d.Teams[t])
		for _, c := range cardsOf(d, t) {
			put(c)
			put(d.Cards[c])
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// dataIDs lists the ids of every team, card and map of d, in order.
func dataIDs(d *rules.Data) [3][]string {
	var ids [3][]string
	for _, t := range d.Teams {
		ids[0] = append(ids[0], t.ID)
	}
	for _, c := range d.Cards {
		ids[1] = append(ids[1], c.ID)
	}
	for _, m := range d.Maps {
		ids[2] = append(ids[2], m.ID)
	}
	return ids
}

// uniqueTeams returns the teams of a line-up, each once, in order.
func uniqueTeams(teams []rules.TeamID) []rules.TeamID {
	var out []rules.TeamID
	for _, t := range teams {
		seen := false
		for _, u := range out {
			seen = seen || u == t
		}
		if !seen {
			out = append(out, t)
		}
	}
	return out
}

// cardsOf returns the cards team t may play or meet in its deck: its card types, its deck's
// cards, and every card a Triforce condition of one of them names (and so on), each once, in
// order of discovery.
func cardsOf(d *rules.Data, t rules.TeamID) []rules.CardID {
	var out []rules.CardID
	seen := map[rules.CardID]bool{}
	add := func(c rules.CardID) {
		if c != rules.NoCard && int(c) < len(d.Cards) && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range d.Teams[t].Cards {
		add(c)
	}
	for _, c := range d.Teams[t].Deck {
		add(c)
	}
	for i := 0; i < len(out); i++ {
		if tri := d.Cards[out[i]].Tri; tri != nil {
			add(tri.Card)
		}
	}
	return out
}

// PositionGame is a match-up whose episodes also record which position of the line-up won: an
// Outcome's part k+1 is set when the team of position k (0: the first listed) won the game.
// That is what pairs every team's games of a matrix, not only the first listed team's (a
// sensitivity over the matrix). It plays and counts every game exactly as its Game does.
type PositionGame struct{ *Game }

// NewWorker returns its Game's worker, recording the winning position.
func (g PositionGame) NewWorker(cfg *sim.Config) (sim.Worker, error) {
	w, err := g.Game.NewWorker(cfg)
	if err != nil {
		return nil, err
	}
	return positionWorker{w.(*worker)}, nil
}

// positionWorker is a worker whose Outcomes name the winning position.
type positionWorker struct{ *worker }

// Play plays as the worker does and sets the Outcome's part of the winning position.
func (w positionWorker) Play(gi, li, players int, deal uint64, rot int) sim.Episode {
	e := w.worker.Play(gi, li, players, deal, rot)
	if e.Winner >= 0 {
		k := (e.Winner - rot + players) % players // the position seated at the winning seat
		e.Outcome = sim.NewOutcome(e.Outcome.Won(), 1<<k, 0)
	}
	return e
}
