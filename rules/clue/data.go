package clue

import (
	"fmt"
	"strings"
)

// Effect is a Boss power: a word of the closed vocabulary of `bosses.<n>.effect`.
type Effect uint8

// The Boss powers (docs/clue-rules.md, "Boss powers").
const (
	EffNone              Effect = iota
	EffExtraTurn                // take another turn after this one
	EffMoveToAnyLocation        // instead of walking, enter any location (then ask there)
	EffMoveToCastle             // instead of walking, enter Hyrule Castle
	EffSeeCard                  // see one card, at random, of a chosen player's hand
	EffAskAgain                 // after a rumor, ask another in the same location
	EffMoveMover                // move another player's mover into any location
	EffReroll                   // roll the dice again before moving
	EffExtraSteps               // add Amount squares to the roll before moving
	NumEffects
)

// EffectNames are the vocabulary words, indexed by Effect.
var EffectNames = [NumEffects]string{"", "extra_turn", "move_to_any_location", "move_to_castle",
	"see_card", "ask_again", "move_mover", "reroll", "extra_steps"}

// String returns the effect's vocabulary word.
func (e Effect) String() string { return EffectNames[e] }

// anytime reports whether a Boss of this effect can be played at any of the owner's decision
// points, so that it may say "play this card immediately".
func (e Effect) anytime() bool {
	return e == EffExtraTurn || e == EffSeeCard || e == EffMoveMover
}

// Boss is a Boss card of the Boss Encounter deck.
type Boss struct {
	ID, Name  string
	Effect    Effect
	Immediate bool // "play this card immediately" on drawing it
	Amount    int  // extra_steps: squares added
}

// Rules holds the readings of the `rules` section (docs/clue-rules.md).
type Rules struct {
	StartInCastle          bool // players' movers start in Hyrule Castle (else at the start squares)
	QuestionFaceSteps      int  // squares a "?" face moves, 0-6
	DrawPerQuestionFace    bool // one draw per "?" rolled (else one per roll showing any)
	MustLeaveLocation      bool // a player in a room must leave it on his turn (unless moved there)
	NoReenterSameTurn      bool // he may not re-enter the room he left this turn
	MustStopOnQuestionMark bool // walking stops on a question-mark square
	MoversBlock            bool // a corridor square holds one mover; movers cannot be passed
	AccuseAtTurnStart      bool // a player in the castle may accuse at the start of his turn
	AccuseAtEndOfMove      bool // ... and after entering it
	AccuseAfterRumor       bool // ... even after a rumor that turn (else the turn ends with the rumor)
	GanondorfCards         int  // Ganondorf cards in the deck; the last one revealed strikes
	GanondorfLosesGame     bool // the last Ganondorf card ends the game for all (else eliminates the drawer)
	GanondorfOutAnswers    bool // a player out by Ganondorf, his hand face up, is still asked (else skipped)
	EncountersMinPlayers   int  // fewest players that use the Boss Encounter deck
	AsideCards             int  // 2 players: cards set aside before dealing
	AsideLookRandom        bool // the aside card looked at is random (else the asker's choice)
	PersonalityMovesItem   bool // a personality rumor moves the item too
	MovedPlayerMayDraw     bool // a player moved into a location may draw an encounter
	TurnCap                int  // turns (every player's) after which the game ends without a winner
}

// Data is the immutable data of CLUE, shared by all workers.
type Data struct {
	Heroes, Items [NumHeroes]string // card ids
	Locations     [NumLocations]string
	CastleID      string
	Names         [NumCards]string // printed names of the cards
	RoomNames     [NumRooms]string // printed names of the rooms (Castle last)
	Board         Board
	DieFaces      [MaxDieFaces]uint8 // face values; 0 is "?"
	DieN          int
	Bosses        [MaxBosses]Boss
	BossN         int
	Personalities [NumHeroes]string // personality card ids, by hero
	Rules         Rules
	Spec          *Spec  // the document it was built from (for printing)
	Fingerprint   string // of the effective data (set by the loader)
}

// CardID returns the data id of card c.
func (d *Data) CardID(c Card) string {
	switch c.Kind() {
	case KindHero:
		return d.Heroes[c.Index()]
	case KindItem:
		return d.Items[c.Index()]
	}
	return d.Locations[c.Index()]
}

// RoomID returns the data id of room r (Castle is Hyrule Castle).
func (d *Data) RoomID(r int) string {
	if r == Castle {
		return d.CastleID
	}
	return d.Locations[r]
}

// Problem is one thing wrong with a Spec: Path is its data path (e.g. "bosses.3.effect"),
// Msg says what is wrong.
type Problem struct {
	Path string
	Msg  string
}

// Problems is every problem of a Spec; it is an error when not empty.
type Problems []Problem

// Error lists the problems one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Path + ": " + p.Msg
	}
	return strings.Join(lines, "\n")
}

// entryPath is the data path of list entry i: by its id when it has one, as the data-file kit
// records it (e.g. "bosses.barinade"), else by its index.
func entryPath(list string, i int, id string) string {
	if id != "" {
		return list + "." + id
	}
	return fmt.Sprintf("%s.%d", list, i)
}

type builder struct {
	probs      Problems
	badLetters bool // a room's letter is missing, malformed or taken twice
}

func (b *builder) problemf(path, format string, args ...any) {
	b.probs = append(b.probs, Problem{Path: path, Msg: fmt.Sprintf(format, args...)})
}

// NewData checks s and builds the engine's Data from it. Every problem is returned at once.
func NewData(s *Spec) (*Data, Problems) {
	b := &builder{}
	d := &Data{Spec: s}
	b.cards(d, s)
	b.rules(d, &s.Rules)
	b.dice(d, &s.Dice)
	b.bosses(d, s.Bosses)
	b.personalities(d, s)
	var letters [NumRooms]byte
	for i, l := range s.Cards.Locations {
		if i < NumLocations && len(l.Letter) > 0 {
			letters[i] = l.Letter[0]
		}
	}
	if len(s.Cards.Castle.Letter) > 0 {
		letters[Castle] = s.Cards.Castle.Letter[0]
	}
	if b.badLetters { // the board is read with the rooms' letters: its problems would be the letters'
		return nil, b.probs
	}
	for _, p := range ParseBoard(&d.Board, s.Board.Rows, letters) {
		b.problemf(p.Path, "%s", p.Msg)
	}
	if len(b.probs) > 0 {
		return nil, b.probs
	}
	return d, nil
}

func (b *builder) cards(d *Data, s *Spec) {
	seen := map[string]string{}
	id := func(path, v string) {
		if prev, ok := seen[v]; ok {
			b.problemf(path, "id %q is already used by %s", v, prev)
		}
		seen[v] = path
	}
	if len(s.Cards.Heroes) != NumHeroes || len(s.Cards.Items) != NumItems || len(s.Cards.Locations) != NumLocations {
		b.problemf("cards", "expected 6 heroes, 6 items and 9 locations, got %d, %d and %d",
			len(s.Cards.Heroes), len(s.Cards.Items), len(s.Cards.Locations))
		return
	}
	for i, h := range s.Cards.Heroes {
		id(entryPath("cards.heroes", i, h.ID)+".id", h.ID)
		d.Heroes[i], d.Names[HeroCard(i)] = h.ID, h.Name
	}
	for i, it := range s.Cards.Items {
		id(entryPath("cards.items", i, it.ID)+".id", it.ID)
		d.Items[i], d.Names[ItemCard(i)] = it.ID, it.Name
	}
	letters := map[string]string{}
	letter := func(path, v string) {
		if len(v) != 1 || v[0] < 'a' || v[0] > 'z' {
			b.problemf(path, "a room's letter is one lower-case letter a-z, got %q", v)
			b.badLetters = true
			return
		}
		if prev, ok := letters[v]; ok {
			b.problemf(path, "letter %q is already used by %s", v, prev)
			b.badLetters = true
		}
		letters[v] = path
	}
	for i, l := range s.Cards.Locations {
		id(entryPath("cards.locations", i, l.ID)+".id", l.ID)
		letter(entryPath("cards.locations", i, l.ID)+".letter", l.Letter)
		d.Locations[i], d.Names[LocationCard(i)], d.RoomNames[i] = l.ID, l.Name, l.Name
	}
	id("cards.castle.id", s.Cards.Castle.ID)
	letter("cards.castle.letter", s.Cards.Castle.Letter)
	d.CastleID, d.RoomNames[Castle] = s.Cards.Castle.ID, s.Cards.Castle.Name
}

func (b *builder) rules(d *Data, r *RulesSpec) {
	switch r.PlayersStart {
	case "castle":
		d.Rules.StartInCastle = true
	case "start_squares":
	default:
		b.problemf("rules.players_start", "expected castle or start_squares, got %q", r.PlayersStart)
	}
	switch r.GanondorfEighth {
	case "eliminate_drawer":
	case "game_lost":
		d.Rules.GanondorfLosesGame = true
	default:
		b.problemf("rules.ganondorf_eighth", "expected eliminate_drawer or game_lost, got %q", r.GanondorfEighth)
	}
	switch r.AsideLook {
	case "choose":
	case "random":
		d.Rules.AsideLookRandom = true
	default:
		b.problemf("rules.aside_look", "expected choose or random, got %q", r.AsideLook)
	}
	if r.GanondorfCards < 1 || r.GanondorfCards > MaxGanondorf {
		b.problemf("rules.ganondorf_cards", "expected 1 to %d, got %d", MaxGanondorf, r.GanondorfCards)
	}
	if r.AsideCards < 0 || r.AsideCards > MaxAside {
		b.problemf("rules.aside_cards", "expected 0 to %d, got %d", MaxAside, r.AsideCards)
	}
	if r.TurnCap < 1 || r.TurnCap > MaxTurnCap {
		b.problemf("rules.turn_cap", "expected 1 to %d, got %d", MaxTurnCap, r.TurnCap)
	}
	if r.QuestionFaceSteps < 0 || r.QuestionFaceSteps > 6 {
		b.problemf("rules.question_face_steps", "expected 0 to 6, got %d", r.QuestionFaceSteps)
	}
	d.Rules.QuestionFaceSteps = r.QuestionFaceSteps
	d.Rules.DrawPerQuestionFace = r.DrawPerQuestionFace
	d.Rules.MustLeaveLocation = r.MustLeaveLocation
	d.Rules.NoReenterSameTurn = r.NoReenterSameTurn
	d.Rules.MustStopOnQuestionMark = r.MustStopOnQuestionMark
	d.Rules.MoversBlock = r.MoversBlock
	d.Rules.AccuseAtTurnStart = r.AccuseAtTurnStart
	d.Rules.AccuseAtEndOfMove = r.AccuseAtEndOfMove
	d.Rules.AccuseAfterRumor = r.AccuseAfterRumor
	d.Rules.GanondorfCards = r.GanondorfCards
	d.Rules.GanondorfOutAnswers = r.GanondorfOutAnswers
	d.Rules.EncountersMinPlayers = r.EncountersMinPlayers
	d.Rules.AsideCards = r.AsideCards
	d.Rules.PersonalityMovesItem = r.PersonalityMovesItem
	d.Rules.MovedPlayerMayDraw = r.MovedPlayerMayDraw
	d.Rules.TurnCap = r.TurnCap
	if !r.AccuseAtTurnStart && !r.AccuseAtEndOfMove {
		b.problemf("rules.accuse_at_end_of_move", "with accuse_at_turn_start false too, no one could ever accuse")
	}
}

func (b *builder) dice(d *Data, s *DiceSpec) {
	if len(s.Faces) < 1 || len(s.Faces) > MaxDieFaces {
		b.problemf("dice.faces", "expected 1 to %d faces, got %d", MaxDieFaces, len(s.Faces))
		return
	}
	for i, f := range s.Faces {
		if f < 0 || f > 12 {
			b.problemf(fmt.Sprintf("dice.faces.%d", i), "a face is 0 (\"?\") to 12, got %d", f)
		}
		d.DieFaces[i] = uint8(f)
	}
	d.DieN = len(s.Faces)
}

func (b *builder) bosses(d *Data, bs []BossSpec) {
	if len(bs) > MaxBosses {
		b.problemf("bosses", "at most %d Boss cards, got %d", MaxBosses, len(bs))
		return
	}
	seen := map[string]int{}
	for i, s := range bs {
		path := entryPath("bosses", i, s.ID)
		if j, ok := seen[s.ID]; ok {
			b.problemf(path+".id", "id %q is already used by Boss %d", s.ID, j+1)
		}
		seen[s.ID] = i
		e := EffNone
		for k := EffNone + 1; k < NumEffects; k++ {
			if EffectNames[k] == s.Effect {
				e = k
			}
		}
		if e == EffNone {
			b.problemf(path+".effect", "unknown effect word %q (expected one of: %s)", s.Effect,
				strings.Join(EffectNames[1:], ", "))
		}
		if e != EffNone && s.Immediate && !e.anytime() {
			b.problemf(path+".immediate", "a %s card cannot be played at any moment, so it cannot say \"play immediately\" (only extra_turn, see_card, move_mover can)", s.Effect)
		}
		if e == EffExtraSteps && s.Amount < 1 {
			b.problemf(path+".amount", "extra_steps needs an amount of 1 or more")
		}
		if e != EffExtraSteps && s.Amount != 0 {
			b.problemf(path+".amount", "only extra_steps takes an amount")
		}
		d.Bosses[i] = Boss{ID: s.ID, Name: s.Name, Effect: e, Immediate: s.Immediate, Amount: s.Amount}
	}
	d.BossN = len(bs)
}

func (b *builder) personalities(d *Data, s *Spec) {
	if len(s.Personalities) != NumHeroes {
		b.problemf("personalities", "expected one personality card per hero (6), got %d", len(s.Personalities))
		return
	}
	var got [NumHeroes]bool
	for i, p := range s.Personalities {
		path := entryPath("personalities", i, p.ID)
		if p.Power != "rumor_elsewhere" {
			b.problemf(path+".power", "unknown power %q (expected rumor_elsewhere)", p.Power)
		}
		h := -1
		for k, id := range d.Heroes {
			if id == p.Hero {
				h = k
			}
		}
		switch {
		case h < 0:
			b.problemf(path+".hero", "unknown hero %q", p.Hero)
		case got[h]:
			b.problemf(path+".hero", "hero %q already has a personality card", p.Hero)
		default:
			got[h] = true
			d.Personalities[h] = p.ID
		}
	}
}
