// Package duels owns the game of Zelda Duels (seeds/zelda-duels-rules.txt), a re-theme of Star
// Wars: Epic Duels: the immutable data (teams, cards, maps, the die, the rule settings) and, built
// on it, a fast game engine with fixed-size state, legal action lists, invariant checks and an
// event log (schema duels.events/v1).
//
// Data is built once (by package configs/duels, from YAML) and shared read-only by every worker.
// Every cross reference is a small integer id into Data's tables, so play touches no map, string
// or fmt, and allocates nothing.
package duels

import "fmt"

// Limits of the fixed-size game state. Data that exceeds them is rejected by Prepare.
const (
	MinPlayers    = 2                              // fewest players (teams) in a game
	MaxPlayers    = 4                              // most players (teams) in a game
	MaxTeamChars  = 3                              // most characters in one team (a major and two minors)
	MaxCharacters = MaxPlayers * MaxTeamChars      // most characters in a game
	MaxRows       = 12                             // most rows of a map
	MaxCols       = 16                             // most columns of a map
	MaxSquares    = MaxRows * MaxCols              // most squares of a map
	MaxDeck       = 40                             // most cards in one team's deck
	MaxHand       = 12                             // most cards in a hand (the hand limit is at most this)
	MaxCards      = 255                            // most distinct card ids over all teams
	MaxTeams      = 32                             // most teams in a data set
	MaxMaps       = 16                             // most maps in a data set
	MaxFaces      = 12                             // most faces of the die
	MaxSteps      = 9                              // most squares one move may walk (a die face or an effect)
	MaxEffects    = 6                              // most effects in one effect list of a card
	MaxInPlay     = 8                              // most Clock cards one player has in play at once
	MaxActions    = MaxTeamChars*MaxSquares + 1024 // a safe size for a LegalActions buffer
	Infinite      = 99                             // the value of a sunburst "infinite" attack or defence
)

// CardID indexes Data.Cards. NoCard is "no card".
type CardID uint16

// NoCard is the CardID of no card (a defender who plays none, an empty slot).
const NoCard CardID = 0xFFFF

// TeamID indexes Data.Teams.
type TeamID uint8

// MapID indexes Data.Maps.
type MapID uint8

// CardKind is the type of a card as printed: basic combat, power combat or special.
type CardKind uint8

// The card kinds.
const (
	Basic CardKind = iota
	Power
	Special
)

var cardKindNames = [...]string{"basic", "power", "special"}

// String returns the kind as written in the data files.
func (k CardKind) String() string {
	if int(k) < len(cardKindNames) {
		return cardKindNames[k]
	}
	return "?"
}

// ParseCardKind returns the kind named s (as written in the data files).
func ParseCardKind(s string) (CardKind, bool) {
	for i, n := range cardKindNames {
		if n == s {
			return CardKind(i), true
		}
	}
	return 0, false
}

// TargetRule says whom a special card may be aimed at.
type TargetRule uint8

// The target rules of special cards.
const (
	TargetNone     TargetRule = iota // no target: the effects act on the playing character or team
	TargetAny                        // any opponent character in play
	TargetAdjacent                   // an opponent character in one of the 8 squares around the player
	TargetRanged                     // an opponent character a ranged attack could reach
	TargetAlly                       // a character of the player's own team in play (himself included)
)

var targetNames = [...]string{"none", "any", "adjacent", "ranged", "ally"}

// String returns the rule as written in the data files.
func (t TargetRule) String() string {
	if int(t) < len(targetNames) {
		return targetNames[t]
	}
	return "?"
}

// ParseTargetRule returns the target rule named s.
func ParseTargetRule(s string) (TargetRule, bool) {
	for i, n := range targetNames {
		if n == s {
			return TargetRule(i), true
		}
	}
	return 0, false
}

// Condition is when a Triforce ability triggers (the first play of the card that meets it).
type Condition uint8

// The Triforce conditions.
const (
	CondNone              Condition = iota // the first time the card is played
	CondAfterCard                          // once the player has played the card Triforce.Card earlier in the game
	CondHPAtMost                           // when the playing character has at most Triforce.Amount hit points
	CondPartnerEliminated                  // when a partner of the playing character has been eliminated
)

var conditionNames = [...]string{"none", "after_card", "hp_at_most", "partner_eliminated"}

// String returns the condition as written in the data files.
func (c Condition) String() string {
	if int(c) < len(conditionNames) {
		return conditionNames[c]
	}
	return "?"
}

// ParseCondition returns the condition named s.
func ParseCondition(s string) (Condition, bool) {
	for i, n := range conditionNames {
		if n == s {
			return Condition(i), true
		}
	}
	return 0, false
}

// Effect is one effect of a card: a vocabulary word and its amount (squares, points or cards).
type Effect struct {
	Word   Word // what happens
	Amount int8 // how much, in the word's unit (0 where the word takes none)
}

// Triforce is a card's Triforce ability: its condition and the effects it adds.
type Triforce struct {
	Cond    Condition
	Card    CardID // CondAfterCard: the card that must have been played before
	Amount  int8   // CondHPAtMost: the hit points
	Effects []Effect
}

// Card is one card type of a team's deck.
type Card struct {
	ID       string   // id in the data files
	Name     string   // name as printed
	Team     TeamID   // the team whose deck holds it
	Chars    uint8    // bit i set: team character slot i may play it
	Kind     CardKind // basic, power or special
	Attack   int8     // attack value (red); -1: not an attack card
	Defence  int8     // defence value (blue); -1: not a defence card
	Melee    bool     // sword icon
	Ranged   bool     // bow icon
	Count    int8     // copies in the deck
	Clock    int8     // Clock icon: turn starts of the owner it stays in play (0: none)
	Free     bool     // playing it does not count as an action (effect word extra_action)
	NoDefend bool     // an attack with it cannot be defended (effect word no_defend)
	Target   TargetRule
	OnAttack []Effect // effects after the comparison when played as an attack
	OnDefend []Effect // effects after the comparison when played as a defence
	Effects  []Effect // a special card's effects, in printed order
	Tri      *Triforce
}

// CanAttack reports whether the card can be played as an attack.
func (c *Card) CanAttack() bool { return c.Kind != Special && c.Attack >= 0 }

// CanDefend reports whether the card can be played as a defence.
func (c *Card) CanDefend() bool { return c.Kind != Special && c.Defence >= 0 }

// Character is one character of a team (a twin minor is one entry per copy).
type Character struct {
	ID           string          // id in the game, unique (twin minors: goron_1, goron_2)
	Kind         string          // the name cards use for it (goron for both twins)
	Name         string          // name as printed
	HP           int8            // starting and maximum hit points
	Major        bool            // the team's major character
	MovesThrough []string        // obstacle kinds it may move through and stand on (ids, e.g. "creek")
	Through      [MaxMaps]uint16 // per map, bit k set: it may move through and stand on the map's obstacle kind k
}

// Team is one team: its characters (slot 0 is the major) and its deck.
type Team struct {
	ID    string
	Name  string
	Role  string // the team's character in play: ranged, melee, healer, mover, swarm
	Chars []Character
	Cards []CardID // the card types of its deck
	Deck  []CardID // the deck as a list of cards, one entry per copy, in data order
}

// Obstacle is a kind of obstacle of a map.
type Obstacle struct {
	ID         string
	Symbol     byte // its letter in the map grid
	BlocksMove bool // no character may move through or stand on it (except by MovesThrough or PassDamage)
	BlocksShot bool // ranged attacks cannot pass it
	PassDamage int8 // > 0: a character may move through it (not stop on it) by taking this damage
}

// Square is a square of a map, r*MaxCols + c. NoSquare is none.
type Square uint8

// NoSquare is the Square of no square (an eliminated character).
const NoSquare Square = 0xFF

// Sq returns the square at row r, column c.
func Sq(r, c int) Square { return Square(r*MaxCols + c) }

// Row returns the square's row.
func (s Square) Row() int { return int(s) / MaxCols }

// Col returns the square's column.
func (s Square) Col() int { return int(s) % MaxCols }

// String returns "r,c".
func (s Square) String() string {
	if s == NoSquare {
		return "-"
	}
	return fmt.Sprintf("%d,%d", s.Row(), s.Col())
}

// Map is one board.
type Map struct {
	ID                string
	Name              string
	Rows, Cols        int
	Obstacles         []Obstacle
	Cell              [MaxSquares]int8 // obstacle kind index at a square, -1 open
	Fairy             [MaxSquares]bool // a fairy square
	FairyHeal         int8             // a Container Heart heals a character on a fairy square this much instead (0: no fairies)
	TriforceUnlimited bool             // Triforce abilities may be used any number of times
	// Starts[p][seat][slot] is the start square of team character slot at seat in a p-player game.
	Starts [MaxPlayers + 1][MaxPlayers][MaxTeamChars]Square
}

// In reports whether row r, column c lies on the map.
func (m *Map) In(r, c int) bool { return r >= 0 && r < m.Rows && c >= 0 && c < m.Cols }

// Face is one face of the die.
type Face struct {
	Name  string // as in the event log: "3", "3_all", "heart"
	Steps int8   // squares of movement
	All   bool   // every character may move (a red "all" result)
	Heart bool   // a Container Heart
}

// Rank orders faces for the first-player roll: a Container Heart beats everything, an "all"
// beats the same number.
func (f Face) Rank() int {
	if f.Heart {
		return 1000
	}
	r := int(f.Steps) * 2
	if f.All {
		r++
	}
	return r
}

// SimultaneousEnd is the reading of a game whose last characters of every team fall at once.
type SimultaneousEnd uint8

// The readings of simultaneous eliminations.
const (
	SimulNoWinner   SimultaneousEnd = iota // nobody wins
	SimulTurnPlayer                        // the player whose turn it is wins
)

// WinTiming is the reading of when a play that eliminates characters ends the game.
type WinTiming uint8

// The readings of the moment a game is won.
const (
	// WinImmediate: the seed's order (the combat's damage, then each effect in turn). The game
	// ends the moment at most one player has characters in play; the rest of the play is not
	// resolved. An attacker whose card eliminates the last opponent before his own character
	// falls (a counter effect, a card that hurts its own player) has won.
	WinImmediate WinTiming = iota
	// WinEndOfPlay: the end is judged once the whole play has resolved; a side whose last
	// character falls later in the same play makes it a simultaneous elimination.
	WinEndOfPlay
)

// EliminatedCards is the reading of the cards of an eliminated character.
type EliminatedCards uint8

// The readings of an eliminated character's cards.
const (
	ElimHealOnly     EliminatedCards = iota // they serve only the heal action
	ElimPartnerPlays                        // a living partner may also play them as his own
)

// Settings holds the rule readings (the data's `rules` section, docs/duels-rules.md).
type Settings struct {
	DeckSize            int  // cards in every deck (31)
	OpeningHand         int  // cards drawn before play (4)
	HandLimit           int  // most cards in a hand (10)
	Actions             int  // actions per turn (2)
	FirstTurnActions    int  // actions of the first player's first turn (2; the house rule: 1)
	HeartHeal           int8 // a Container Heart heals each own character this much (seed 2, VASSAL 1)
	HealAction          int8 // the heal action heals this much (1)
	DiagonalSteps       bool // movement may step diagonally
	TurnCap             int  // the game ends with no winner after this many turns (all players' turns counted)
	Simultaneous        SimultaneousEnd
	WinTiming           WinTiming
	EliminatedCards     EliminatedCards
	DeadDefenderEffects bool // a defender eliminated by the attack still resolves his card's effects
}

// Data is the immutable data of the game: teams, cards, maps, the die and the settings.
// It is shared read-only by every game.
type Data struct {
	Teams       []Team
	Cards       []Card
	Maps        []Map
	Faces       []Face
	Rules       Settings
	Fingerprint string // "sha256:..." of the effective data document
}

// TeamByID returns the team with id s.
func (d *Data) TeamByID(s string) (TeamID, bool) {
	for i := range d.Teams {
		if d.Teams[i].ID == s {
			return TeamID(i), true
		}
	}
	return 0, false
}

// MapByID returns the map with id s.
func (d *Data) MapByID(s string) (MapID, bool) {
	for i := range d.Maps {
		if d.Maps[i].ID == s {
			return MapID(i), true
		}
	}
	return 0, false
}

// CardByID returns the card with id s.
func (d *Data) CardByID(s string) (CardID, bool) {
	for i := range d.Cards {
		if d.Cards[i].ID == s {
			return CardID(i), true
		}
	}
	return NoCard, false
}

// Validate checks that d fits the engine's fixed-size state (the loader checks much more, with
// file positions; this guards data built in code).
func (d *Data) Validate() error {
	r := &d.Rules
	switch {
	case len(d.Teams) < 1 || len(d.Teams) > MaxTeams:
		return fmt.Errorf("duels: %d teams, want 1 to %d", len(d.Teams), MaxTeams)
	case len(d.Maps) < 1 || len(d.Maps) > MaxMaps:
		return fmt.Errorf("duels: %d maps, want 1 to %d", len(d.Maps), MaxMaps)
	case len(d.Faces) < 1 || len(d.Faces) > MaxFaces:
		return fmt.Errorf("duels: %d die faces, want 1 to %d", len(d.Faces), MaxFaces)
	case len(d.Cards) > MaxCards:
		return fmt.Errorf("duels: %d card types, at most %d", len(d.Cards), MaxCards)
	case r.HandLimit < 1 || r.HandLimit > MaxHand || r.OpeningHand > r.HandLimit:
		return fmt.Errorf("duels: hand limit %d (at most %d), opening hand %d", r.HandLimit, MaxHand, r.OpeningHand)
	case r.TurnCap < 1 || r.Actions < 1:
		return fmt.Errorf("duels: turn cap %d, actions %d: want at least 1", r.TurnCap, r.Actions)
	}
	for _, f := range d.Faces {
		if !f.Heart && (f.Steps < 1 || f.Steps > MaxSteps) {
			return fmt.Errorf("duels: die face %q moves %d squares, want 1 to %d", f.Name, f.Steps, MaxSteps)
		}
	}
	for i := range d.Teams {
		if err := d.validTeam(&d.Teams[i]); err != nil {
			return err
		}
	}
	for i := range d.Maps {
		m := &d.Maps[i]
		if m.Rows < 2 || m.Rows > MaxRows || m.Cols < 2 || m.Cols > MaxCols || len(m.Obstacles) > 16 {
			return fmt.Errorf("duels: map %s is %dx%d with %d obstacle kinds", m.ID, m.Rows, m.Cols, len(m.Obstacles))
		}
		for p := MinPlayers; p <= MaxPlayers; p++ {
			for seat := 0; seat < p; seat++ {
				for _, s := range m.Starts[p][seat] {
					if !m.In(s.Row(), s.Col()) || m.Cell[s] >= 0 {
						return fmt.Errorf("duels: map %s: start square %s of seat %d at %d players is off the board or on an obstacle", m.ID, s, seat, p)
					}
				}
			}
		}
	}
	return nil
}

// validTeam checks one team's characters and deck.
func (d *Data) validTeam(t *Team) error {
	if len(t.Chars) < 2 || len(t.Chars) > MaxTeamChars {
		return fmt.Errorf("duels: team %s has %d characters, want 2 to %d", t.ID, len(t.Chars), MaxTeamChars)
	}
	if len(t.Deck) > MaxDeck || len(t.Deck) < d.Rules.OpeningHand {
		return fmt.Errorf("duels: team %s has %d cards, want %d to %d", t.ID, len(t.Deck), d.Rules.OpeningHand, MaxDeck)
	}
	clocks := 0
	for _, c := range t.Deck {
		if int(c) >= len(d.Cards) || d.Cards[c].Team != TeamID(teamIndex(d, t)) {
			return fmt.Errorf("duels: team %s's deck holds card %d, not one of its own", t.ID, c)
		}
		if d.Cards[c].Clock > 0 {
			clocks++
		}
	}
	if clocks > MaxInPlay {
		return fmt.Errorf("duels: team %s has %d Clock cards, at most %d", t.ID, clocks, MaxInPlay)
	}
	for _, ch := range t.Chars {
		if ch.HP < 1 {
			return fmt.Errorf("duels: character %s has %d hit points", ch.ID, ch.HP)
		}
	}
	return nil
}

// teamIndex returns the index of t in d.Teams.
func teamIndex(d *Data, t *Team) int {
	for i := range d.Teams {
		if &d.Teams[i] == t {
			return i
		}
	}
	return -1
}
