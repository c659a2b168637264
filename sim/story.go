package sim

import (
	"fmt"
	"io"
	"strings"

	"github.com/clockworksim/clockwork/rules"
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
}

func (s *StorySink) printf(format string, args ...any) {
	if s.Err == nil {
		_, s.Err = fmt.Fprintf(s.W, format, args...)
	}
}

// outcomeVerbs tell how an engagement ended, indexed by rules.Outcome.
var outcomeVerbs = [...]string{rules.OutDefeated: "defeats", rules.OutVulnerable: "shows a vulnerability to",
	rules.OutEvaded: "evades", rules.OutDamage: "takes damage from"}

func pos(p rules.Pos) string { return fmt.Sprintf("(%d,%d)", p.R, p.C) }

// Emit tells one event.
func (s *StorySink) Emit(e *rules.Event) {
	d := s.Data
	hero := fmt.Sprintf("Hero %d", e.Hero+1)
	switch e.Type {
	case rules.EvCampaignStart:
		s.printf("Campaign %d: %d heroes, agent %s, campaign seed %d\n", e.Campaign, e.Players, s.Agent, e.Seed)
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
		s.printf("\n== Level %d: %s%s, a %dx%d dungeon\n", e.Level, name, offered, e.Rows, e.Cols)
		for i := 0; i < int(e.Players); i++ {
			h := e.Heroes[i]
			s.printf("   Hero %d: %d cards, %d/%d hearts, %d Shards, %d Time tokens, %d equipped\n", i+1, h.Deck, h.Hearts, h.Containers, h.Shards, h.Time, h.Equipped)
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
		s.printf("   %s reshuffles his discard pile, spending %s\n", hero, via)
	case rules.EvPlay:
		s.printf("     %s plays %s for %s %d (%s)\n", hero, d.Cards[e.Card].Name, e.Skill, e.Amount, purposeName(e))
	case rules.EvEquip:
		s.printf("   %s equips %s (%d equipped, %d Shards)\n", hero, d.Cards[e.Card].Name, e.Equipped, e.Shards)
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
	case rules.EvActivationFailed:
		s.printf("   %s fails to activate the %s room\n", hero, e.Special)
	case rules.EvEnterBossRoom:
		s.printf("   %s enters the Boss Room\n", hero)
	case rules.EvBossAttack:
		if e.Normal {
			s.printf("   The boss attacks the heroes in its room\n")
		} else {
			s.printf("   The boss makes its special attack\n")
		}
	case rules.EvBossWait:
		s.printf("   The heroes wait for a better hand\n")
	case rules.EvBossDefeated:
		if e.Ganon {
			s.printf("   GANON IS DEFEATED!\n")
		} else {
			s.printf("   The boss is defeated with %d multiples\n", e.Multiples)
		}
	case rules.EvLevelEnd:
		if e.Won {
			s.printf("== Level %d won in %d rounds\n", e.Level, e.Rounds)
		} else {
			s.printf("== Level %d lost in round %d: %s\n", e.Level, e.Rounds, rules.LossReasonNames[e.Reason])
		}
	case rules.EvCampaignEnd:
		result := "lost"
		if e.Won {
			result = "WON"
		}
		s.printf("\nCampaign %s. Shards: %v\n", result, e.HeroShards[:e.Players])
	case rules.EvGain:
		s.printf("   %s gains %s\n", hero, d.Cards[e.Card].Name)
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
