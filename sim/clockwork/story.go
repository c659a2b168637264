package clockwork

import (
	"fmt"
	"io"
	"strings"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// JSONSink writes the event log as JSON Lines (docs/events.md).
type JSONSink struct {
	W     io.Writer
	Data  *rules.Data
	Agent string
	buf   []byte
	Err   error
}

// Emit writes one event.
func (s *JSONSink) Emit(e *rules.Event) {
	if s.Err != nil {
		return
	}
	s.buf = e.AppendJSON(s.buf[:0], s.Data, s.Agent)
	s.buf = append(s.buf, '\n')
	_, s.Err = s.W.Write(s.buf)
}

// StorySink tells a campaign as text a designer can read: rooms explored, fights, payments,
// damage, special rooms, the boss.
type StorySink struct {
	W     io.Writer
	Data  *rules.Data
	Agent string
	Err   error
	// Board, when set, draws the dungeon at the start of every round (see DrawBoard).
	Board func() rules.View

	// Between levels (after campaign_start or level_end, before level_start) the lines wait in
	// held, to be told under the next level's title: they are its setup.
	between bool
	held    []string
}

func (s *StorySink) printf(format string, args ...any) {
	if s.between {
		s.held = append(s.held, fmt.Sprintf(format, args...))
		return
	}
	if s.Err == nil {
		_, s.Err = fmt.Fprintf(s.W, format, args...)
	}
}

// flush tells the lines held between levels.
func (s *StorySink) flush() {
	s.between = false
	for _, l := range s.held {
		s.printf("%s", l)
	}
	s.held = s.held[:0]
}

// outcomeVerbs tell how an engagement ended, indexed by rules.Outcome.
var outcomeVerbs = [...]string{rules.OutDefeated: "defeats", rules.OutVulnerable: "shows a vulnerability to",
	rules.OutEvaded: "evades", rules.OutDamage: "takes damage from"}

func pos(p rules.Pos) string { return fmt.Sprintf("(%d,%d)", p.R, p.C) }

// plural returns "1 card" or "n cards".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// sourceText tells where hearts, Time tokens or a Heart Container came from (empty when the
// event before it says so already).
var sourceText = [...]string{rules.SourceLevelStart: " (new level)", rules.SourceKilled: " (getting back up)",
	rules.SourceSpecialRoom: " (special room)", rules.SourceBoss: " (the boss is defeated)",
	rules.SourcePieceOfHeart: " (Pieces of Heart)", rules.SourceCard: "", rules.SourceItem: "", rules.SourceBottle: ""}

// discardText tells why cards were discarded.
var discardText = [...]string{rules.ReasonKilled: "killed", rules.ReasonAbility: "enemy ability",
	rules.ReasonBoss: "boss attack", rules.ReasonRift: "rift", rules.ReasonEquipLimit: "equip limit",
	rules.ReasonReplace: "replaced", rules.ReasonRoundEnd: "end of round"}

// bossName names the boss of an ability, boss_attack or roll_off event.
func bossName(d *rules.Data, e *rules.Event) string {
	if e.BossID < 0 {
		return d.Ganon.Name
	}
	return d.Bosses[e.BossID].Name
}

// abilityOf names whose ability an ability event is: "the Poe Sister's ability", "Volvagia's attack".
func abilityOf(d *rules.Data, e *rules.Event) string {
	if e.Boss {
		return bossName(d, e) + "'s attack"
	}
	return "the " + d.Enemies[e.Enemy].Name + "'s ability"
}

// Emit tells one event.
func (s *StorySink) Emit(e *rules.Event) {
	d := s.Data
	hero := fmt.Sprintf("Hero %d", e.Hero+1)
	switch e.Type {
	case rules.EvCampaignStart:
		s.between = false
		s.held = s.held[:0]
		s.printf("Campaign %d: %d heroes, agent %s, campaign seed %d\n", e.Campaign, e.Players, s.Agent, e.Seed)
		s.between = true
	case rules.EvLevelStart:
		name := "Ganon's Tower"
		if e.TempleID != rules.NoTemple {
			name = "the " + d.Temples[e.TempleID].Name
		}
		offered := ""
		if e.NOffered > 0 {
			var names []string
			for i := 0; i < int(e.NOffered); i++ {
				names = append(names, d.Temples[e.Offered[i]].Name)
			}
			offered = " (offered: " + strings.Join(names, ", ") + ")"
		}
		s.between = false
		s.printf("\n== Level %d: %s%s, a %dx%d dungeon\n", e.Level, name, offered, e.Rows, e.Cols)
		s.flush()
		for i := 0; i < int(e.Players); i++ {
			h := e.Heroes[i]
			pieces := ""
			if h.Pieces > 0 {
				pieces = fmt.Sprintf(", %d Pieces of Heart", h.Pieces)
			}
			s.printf("   Hero %d: %d cards, %d/%d hearts%s, %d Shards, %d Time tokens, %d equipped\n", i+1, h.Deck, h.Hearts, h.Containers, pieces, h.Shards, h.Time, h.Equipped)
		}
	case rules.EvRoundStart:
		s.printf("-- Round %d\n", e.Round)
		if s.Board != nil && s.Err == nil {
			DrawBoard(s.W, s.Board())
		}
	case rules.EvReshuffle:
		via := "a Time token"
		if e.Via == 1 {
			via = "a Triforce Shard"
		}
		s.printf("   %s reshuffles his discard pile (%s), spending %s\n", hero, plural(int(e.N), "card", "cards"), via)
	case rules.EvPlay:
		s.printf("     %s plays %s for %s %d (%s)\n", hero, d.Cards[e.Card].Name, e.Skill, e.Amount, purposeName(e))
	case rules.EvEquip:
		if e.CardFrom == rules.PlaceHand {
			s.printf("   %s equips %s from his hand (%d equipped, %d Shards)\n", hero, d.Cards[e.Card].Name, e.Equipped, e.Shards)
		} else {
			s.printf("     (%d equipped, %d Shards)\n", e.Equipped, e.Shards)
		}
	case rules.EvMove:
		s.printf("   %s moves to %s space %d (Move %d)\n", hero, pos(e.To), e.To.Space, e.Cost)
	case rules.EvExplore:
		t := d.Tiles[e.Tile]
		what := ""
		if e.Special != rules.NotSpecial {
			what = " — a special room: " + e.Special.String()
		}
		s.printf("   %s explores %s: %s%s\n", hero, pos(e.At), t.Name, what)
	case rules.EvLocked:
		s.printf("   %s finds a locked room at %s\n", hero, pos(e.At))
	case rules.EvEngage:
		var drawn []string
		for i := 0; i < int(e.NDrawn); i++ {
			drawn = append(drawn, d.Enemies[e.Drawn[i]].Name)
		}
		extra := ""
		if e.NDrawn > 1 {
			extra = " (drew " + strings.Join(drawn, ", ") + ")"
		}
		en := d.Enemies[e.Enemy]
		s.printf("   %s engages a %s%s: defeat %d, evade %d\n", hero, en.Name, extra, en.Defeat.Total(), en.Evade)
	case rules.EvResolve:
		s.printf("   %s %s the %s\n", hero, outcomeVerbs[e.Outcome], d.Enemies[e.Enemy].Name)
	case rules.EvDamageRoll:
		dice := fmt.Sprint(e.Dice[0])
		if e.Dice[1] != 0 {
			dice += "," + fmt.Sprint(e.Dice[1])
		}
		s.printf("   %s rolls for damage (%s, %s, +%d): loses %d hearts (%d prevented)\n", hero, e.Mode, dice, e.Bonus, e.Lost, e.Reduced)
	case rules.EvKilled:
		s.printf("   %s is killed: discards %d from hand, %d equipped, %d from the deck\n", hero, e.FromHand, e.FromEquip, e.FromDeck)
	case rules.EvSpecialRoom:
		s.printf("   %s activates the %s room: every hero gains a Time token\n", hero, e.Special)
	case rules.EvTimeToken:
		switch e.Source {
		case rules.SourceSpecialRoom, rules.SourceLevelStart: // told by special_room, level_start
		default:
			s.printf("   %s gains %s: %d held\n", hero, plural(int(e.Delta), "Time token", "Time tokens"), e.Total)
		}
	case rules.EvActivationFailed:
		s.printf("   %s fails to activate the %s room\n", hero, e.Special)
	case rules.EvEnterBossRoom:
		s.printf("   %s enters the Boss Room\n", hero)
	case rules.EvBossAttack:
		if e.Normal {
			s.printf("   The boss attacks the heroes in its room\n")
		} else {
			s.printf("   %s attempts %s; first its special attack (%s)\n", hero, bossName(d, e), rules.BossEffectNames[e.BossEffect])
		}
	case rules.EvBossWait:
		s.printf("   The heroes wait for a better hand\n")
	case rules.EvBossDefeated:
		if e.Ganon {
			s.printf("   GANON IS DEFEATED!\n")
		} else {
			var to []string
			for i := 0; i < int(e.NShardsTo); i++ {
				to = append(to, fmt.Sprintf("Hero %d", e.ShardsTo[i]+1))
			}
			s.printf("   The boss is defeated with %s: a Shard each to %s; every hero gains a Heart Container\n", plural(int(e.Multiples), "multiple", "multiples"), strings.Join(to, ", "))
		}
	case rules.EvLevelEnd:
		if e.Won {
			s.printf("== Level %d won in %d rounds\n", e.Level, e.Rounds)
		} else {
			by := ""
			if e.Hero >= 0 && (e.Reason == rules.DeckExhausted || e.Reason == rules.ForcedDiscard) {
				by = fmt.Sprintf(" (Hero %d)", e.Hero+1)
			}
			s.printf("== Level %d lost in round %d: %s%s\n", e.Level, e.Rounds, rules.LossReasonNames[e.Reason], by)
		}
		s.between = true
	case rules.EvCampaignEnd:
		s.flush()
		result := "lost"
		if e.Won {
			result = "WON"
		}
		s.printf("\nCampaign %s. Shards: %v\n", result, e.HeroShards[:e.Players])
	case rules.EvGain:
		name := d.Cards[e.Card].Name
		switch {
		case e.PreLevel && e.CardTo == rules.PlaceDeck:
			s.printf("   %s shuffles %s into his deck (a pre-level Item)\n", hero, name)
		case e.PreLevel:
			s.printf("   %s draws %s before the level, used at once\n", hero, name)
		case e.CardTo == rules.PlaceUsed:
			s.printf("   %s gains %s, used at once\n", hero, name)
		case e.CardTo == rules.PlaceEquipped:
			s.printf("   %s gains %s and equips it\n", hero, name)
		default:
			s.printf("   %s gains %s (to his discard pile)\n", hero, name)
		}
	case rules.EvUse:
		s.printf("   %s uses %s (%s)\n", hero, d.Cards[e.Card].Name, e.Effect)
	case rules.EvGive:
		s.printf("   %s gives %s to Hero %d\n", hero, d.Cards[e.Card].Name, e.ToHero+1)
	case rules.EvDoorOpened:
		s.printf("   %s opens a door at %s\n", hero, pos(e.At))
	case rules.EvWater:
		s.printf("   %s switches the water\n", hero)
	case rules.EvCog:
		s.printf("   %s turns the Cog at %s\n", hero, pos(e.At))
	case rules.EvRift:
		if e.Roll == 0 {
			s.printf("   %s activates a rift for no effect\n", hero)
		} else {
			s.printf("   %s rolls %d on a rift\n", hero, e.Roll)
		}
	case rules.EvToken:
		s.printf("   %s spends a %s token on %s\n", hero, e.Special, pos(e.At))
	case rules.EvAbility:
		s.storyAbility(e, hero)
	case rules.EvDiscard:
		if e.DiscardWhy == rules.ReasonRoundEnd {
			return // every hand is discarded at the end of a round: no news
		}
		what := plural(int(e.N), "card", "cards")
		if e.OneCard {
			what = d.Cards[e.Card].Name
		}
		from := map[rules.CardPlace]string{rules.PlaceHand: "hand", rules.PlaceEquipped: "equipped cards", rules.PlaceDeck: "deck"}[e.CardFrom]
		s.printf("     %s discards %s from his %s (%s)\n", hero, what, from, discardText[e.DiscardWhy])
	case rules.EvGather:
		// level setup: hand and discard pile go back into the deck (level_start shows the counts)
	case rules.EvHeal:
		if e.Amount > 0 {
			s.printf("   %s regains %s%s: %d hearts\n", hero, plural(int(e.Amount), "heart", "hearts"), sourceText[e.Source], e.Hearts)
		}
	case rules.EvPieceOfHeart:
		s.printf("   %s gains %s (%d held)\n", hero, plural(int(e.Amount), "Piece of Heart", "Pieces of Heart"), e.Pieces)
	case rules.EvHeartContainer:
		if e.Source != rules.SourceBoss { // the boss's containers are told with its defeat
			s.printf("   %s gains a Heart Container%s: %d/%d hearts\n", hero, sourceText[e.Source], e.Hearts, e.Containers)
		}
	case rules.EvBottle:
		switch e.BottleOp {
		case rules.BottleFilled:
			s.printf("   %s keeps the %s on his Bottle\n", hero, d.Cards[e.Card].Name)
		case rules.BottleUsed:
			s.printf("   %s uses the %s from his Bottle\n", hero, d.Cards[e.Card].Name)
		default:
			s.printf("   %s throws away the %s on his Bottle\n", hero, d.Cards[e.Card].Name)
		}
	case rules.EvRollOff:
		var rolls []string
		for i := 0; i < int(e.Players); i++ {
			if e.Rolls[i] > 0 {
				rolls = append(rolls, fmt.Sprintf("Hero %d rolls %d", i+1, e.Rolls[i]))
			}
		}
		which := "lowest"
		if e.Highest {
			which = "highest"
		}
		s.printf("   Roll-off, the %s roll loses: %s\n", which, strings.Join(rolls, ", "))
	case rules.EvReward:
		if e.Reward == rules.RewardActivate {
			s.printf("   %s activates the enemy's feature instead of its reward\n", hero)
		} else {
			s.printf("   %s takes the enemy's reward Items\n", hero)
		}
	}
}

// storyAbility tells what an enemy's ability or a boss's attack did to a hero.
func (s *StorySink) storyAbility(e *rules.Event, hero string) {
	of := abilityOf(s.Data, e)
	switch {
	case e.HeartsLost > 0:
		s.printf("   %s loses %s to %s\n", hero, plural(int(e.HeartsLost), "heart", "hearts"), of)
	case e.TimeLost > 0:
		s.printf("   %s loses %s to %s\n", hero, plural(int(e.TimeLost), "Time token", "Time tokens"), of)
	case e.CardsDiscarded > 0:
		s.printf("   %s must discard %s to %s\n", hero, plural(int(e.CardsDiscarded), "card", "cards"), of)
	case e.CardsExhausted > 0:
		s.printf("   %s has %s exhausted by %s\n", hero, plural(int(e.CardsExhausted), "equipped card", "equipped cards"), of)
	case e.Boss && e.BossEffect == rules.BossExhaustEquipped: // nothing equipped: nothing to tell
	case e.Summoned > 0:
		s.printf("   %s: %s summons %s more\n", hero, of, plural(int(e.Summoned), "enemy", "enemies"))
	case e.Bonus > 0:
		s.printf("   %s: %s adds %d to the damage roll\n", hero, of, e.Bonus)
	case !e.Boss && e.EnemyEffect == rules.EnemyPayOrShuffleBack:
		if e.Paid {
			s.printf("   %s pays the cost of %s\n", hero, of)
		} else {
			s.printf("   %s does not pay for %s: the enemy goes back into the Enemy deck\n", hero, of)
		}
	case e.Boss && e.BossEffect == rules.BossRollOff:
		s.printf("   %s wins the roll-off against %s\n", hero, of)
	default:
		s.printf("   %s shrugs off %s\n", hero, of)
	}
}

func purposeName(e *rules.Event) string { return e.PurposeName() }

// DrawBoard draws the dungeon as the heroes see it: each room a box of 11x5 characters with its
// doors on the board's sides (o open, # closed, O opened, a digit for a Move cost), its tile id,
// its number of spaces and the heroes in it; face-down rooms are dotted.
func DrawBoard(w io.Writer, v rules.View) {
	for r := 0; r < v.Rows(); r++ {
		var lines [5]strings.Builder
		for c := 0; c < v.Cols(); c++ {
			rv := v.Room(r, c)
			if !rv.FaceUp {
				for i, l := range [5]string{"...........", ".         .", ".    ?    .", ".         .", "..........."} {
					lines[i].WriteString(l)
				}
				continue
			}
			t := rv.Tile
			var door [rules.NumEdges]byte
			for e := rules.North; e < rules.NumEdges; e++ {
				d := t.Doors[e]
				ch := byte(0)
				switch d.Kind {
				case rules.OpenDoor:
					ch = 'o'
					if d.Cost > 1 {
						ch = '0' + byte(d.Cost)
					}
				case rules.ClosedDoor:
					ch = '#'
					if rv.Room.OpenedDoors&(1<<e) != 0 {
						ch = 'O'
					}
				}
				door[rules.WorldEdge(e, rv.Room.Rot)] = ch
			}
			or := func(ch, def byte) byte {
				if ch == 0 {
					return def
				}
				return ch
			}
			name := t.ID
			if len(name) > 9 {
				name = name[:9]
			}
			heroes := ""
			for h := 0; h < v.Players(); h++ {
				if p := v.Hero(h).Pos; int(p.R) == r && int(p.C) == c {
					heroes += fmt.Sprintf("%d", h+1)
				}
			}
			mark := ' '
			if rv.Room.Activated {
				mark = '*'
			}
			lines[0].WriteString(fmt.Sprintf("+----%c----+", or(door[rules.North], '-')))
			lines[1].WriteString(fmt.Sprintf("|%-9s|", name))
			lines[2].WriteString(fmt.Sprintf("%c %ds %c%-4s%c", or(door[rules.West], '|'), len(t.Spaces), mark, heroes, or(door[rules.East], '|')))
			lines[3].WriteString(fmt.Sprintf("|%9s|", ""))
			lines[4].WriteString(fmt.Sprintf("+----%c----+", or(door[rules.South], '-')))
		}
		for i := range lines {
			fmt.Fprintln(w, lines[i].String())
		}
	}
}
