package rules

import "strconv"

// EventType is the kind of an event of the event log (docs/events.md).
type EventType uint8

// The event types. The names in the log are EventNames.
const (
	EvNone EventType = iota
	EvCampaignStart
	EvLevelStart
	EvRoundStart
	EvRoundEnd
	EvDraw
	EvReshuffle
	EvPlay
	EvEquip
	EvMove
	EvExplore
	EvLocked
	EvEngage
	EvResolve
	EvDamageRoll
	EvKilled
	EvSpecialRoom
	EvActivationFailed
	EvTimeToken
	EvEnterBossRoom
	EvBossAttack
	EvBossWait
	EvBossDefeated
	EvLevelEnd
	EvCampaignEnd
	EvGain
	EvUse
	EvGive
	EvDoorOpened
	EvWater
	EvCog
	EvRift
	EvToken
	NumEventTypes
)

// EventNames are the `ev` values of the event log, indexed by EventType.
var EventNames = [NumEventTypes]string{"", "campaign_start", "level_start", "round_start", "round_end",
	"draw", "reshuffle", "play", "equip", "move", "explore", "locked", "engage", "resolve",
	"damage_roll", "killed", "special_room", "activation_failed", "time_token", "enter_boss_room",
	"boss_attack", "boss_wait", "boss_defeated", "level_end", "campaign_end", "gain", "use", "give",
	"door_opened", "water", "cog", "rift", "token"}

// HeroSnapshot is a hero's cards and tokens at the start of a level.
type HeroSnapshot struct {
	Deck, Hand, Hearts, Containers, Shards, Time, Equipped int8
}

// Event is one entry of the event log. Only the fields of its Type are meaningful. It is a
// plain value: emitting one allocates nothing.
type Event struct {
	Type     EventType
	Campaign uint64
	Level    int8
	Round    int16
	Hero     int8

	Via        int8         // reshuffle: 0 Time token, 1 Shard
	Why        ReshuffleFor // reshuffle: to draw, or to go on with a forced discard
	N, Target  int8         // draw: cards drawn, hand size asked for
	Hearts     int8
	Containers int8
	Card       CardID
	Skill      Skill
	Amount     int8
	For        payPurpose
	Equipped   int8
	Shards     int8
	From, To   Pos
	Cost       int8
	Tile       TileID
	R, C, Rot  int8
	Special    SpecialKind
	Enemy      EnemyID
	Drawn      [8]EnemyID
	NDrawn     int8
	Pos        Pos
	Outcome    Outcome
	Dice       [2]int8 // the second is 0 for a single roll
	Mode       RollMode
	Hazard     bool
	Bonus      int8
	Reduced    int8
	Lost       int8
	FromHand   int8
	FromEquip  int8
	FromDeck   int8
	Delta      int8
	Total      int8
	Normal     bool // boss_attack: the normal attack at the end of a round
	Multiples  int8
	ShardsTo   [MaxPlayers]int8 // boss_defeated: Shards gained by each hero
	Ganon      bool
	Won        bool
	Reason     LossReason
	Rounds     int16
	Effect     Effect
	ToHero     int8
	Variant    int8
	Roll       int8
	Players    int8
	Seed       uint64
	TempleID   TempleID
	Offered    [2]TempleID
	NOffered   int8
	Rows, Cols int8
	Heroes     [MaxPlayers]HeroSnapshot
	HeroShards [MaxPlayers]int8
}

// PurposeName returns what a play event paid for ("door", "defeat"...).
func (e *Event) PurposeName() string { return purposeNames[e.For] }

// Sink receives the events of a game. The Event is only valid during the call.
type Sink interface {
	Emit(e *Event)
}

// SetSink attaches a sink (nil detaches it). Without one, emitting costs a nil check.
func (g *Game) SetSink(s Sink) { g.sink = s }

func (g *Game) emit(e Event) {
	if g.sink != nil {
		g.emitTo(&e)
	}
}

// emitTo fills the common fields and hands the event to the sink through the Game's own event
// buffer, so that the event never escapes to the heap.
func (g *Game) emitTo(ep *Event) {
	g.ev = *ep
	e := &g.ev
	e.Campaign = g.idx
	e.Level = int8(g.level)
	e.Round = int16(g.round)
	switch e.Type {
	case EvCampaignStart:
		e.Players, e.Seed = int8(g.players), g.seed
	case EvLevelEnd:
		e.Rounds = int16(g.round)
	case EvCampaignEnd:
		for i := 0; i < g.players; i++ {
			e.HeroShards[i] = g.heroes[i].Shards
		}
		e.Players = int8(g.players)
	}
	g.sink.Emit(e)
}

func (g *Game) emitLevelStart() {
	if g.sink == nil {
		return
	}
	e := Event{Type: EvLevelStart, TempleID: g.temple, NOffered: int8(g.nOffered), Offered: g.offered,
		Rows: g.grid.Rows, Cols: g.grid.Cols, Players: int8(g.players)}
	if g.level == Levels {
		e.NOffered = 0
	}
	for i := 0; i < g.players; i++ {
		h := &g.heroes[i]
		e.Heroes[i] = HeroSnapshot{Deck: int8(min(h.Deck.N, 127)), Hand: h.HandN, Hearts: h.Hearts,
			Containers: h.Containers, Shards: h.Shards, Time: h.Time, Equipped: h.EquipN}
	}
	g.emit(e)
}

func (g *Game) emitDraw(h, n, target int) {
	if g.sink == nil {
		return
	}
	hero := &g.heroes[h]
	g.emit(Event{Type: EvDraw, Hero: int8(h), N: int8(n), Target: int8(target), Hearts: hero.Hearts, Containers: hero.Containers})
}

// AppendJSON appends the event as one JSON object (the event log's line, without the newline)
// using the ids of d. agent names the agent on campaign_start.
func (e *Event) AppendJSON(buf []byte, d *Data, agent string) []byte {
	buf = append(buf, `{"ev":"`...)
	buf = append(buf, EventNames[e.Type]...)
	buf = append(buf, `","c":`...)
	buf = strconv.AppendUint(buf, e.Campaign, 10)
	if e.Type != EvCampaignStart && e.Type != EvCampaignEnd {
		buf = appendInt(buf, "lvl", int(e.Level))
	}
	switch e.Type {
	case EvRoundStart, EvRoundEnd, EvDraw, EvReshuffle, EvPlay, EvEquip, EvMove, EvExplore, EvLocked, EvEngage,
		EvResolve, EvDamageRoll, EvKilled, EvSpecialRoom, EvActivationFailed, EvTimeToken, EvEnterBossRoom,
		EvBossAttack, EvBossWait, EvBossDefeated, EvGain, EvUse, EvGive, EvDoorOpened, EvWater, EvCog, EvRift, EvToken:
		buf = appendInt(buf, "rnd", int(e.Round))
	}
	hero := func() { buf = appendInt(buf, "hero", int(e.Hero)) }
	switch e.Type {
	case EvCampaignStart:
		buf = appendInt(buf, "players", int(e.Players))
		buf = append(buf, `,"seed":`...)
		buf = strconv.AppendUint(buf, e.Seed, 10)
		buf = appendStr(buf, "agent", agent)
	case EvLevelStart:
		name := "ganon"
		if e.TempleID != NoTemple {
			name = d.Temples[e.TempleID].ID
		}
		buf = appendStr(buf, "temple", name)
		buf = append(buf, `,"offered":[`...)
		for i := 0; i < int(e.NOffered); i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendQuote(buf, d.Temples[e.Offered[i]].ID)
		}
		buf = append(buf, ']')
		buf = appendInt(buf, "rows", int(e.Rows))
		buf = appendInt(buf, "cols", int(e.Cols))
		buf = append(buf, `,"heroes":[`...)
		for i := 0; i < int(e.Players); i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			s := e.Heroes[i]
			buf = append(buf, `{"deck":`...)
			buf = strconv.AppendInt(buf, int64(s.Deck), 10)
			buf = appendInt(buf, "hand", int(s.Hand))
			buf = appendInt(buf, "hearts", int(s.Hearts))
			buf = appendInt(buf, "containers", int(s.Containers))
			buf = appendInt(buf, "shards", int(s.Shards))
			buf = appendInt(buf, "time_tokens", int(s.Time))
			buf = appendInt(buf, "equipped", int(s.Equipped))
			buf = append(buf, '}')
		}
		buf = append(buf, ']')
	case EvDraw:
		hero()
		buf = appendInt(buf, "n", int(e.N))
		buf = appendInt(buf, "target", int(e.Target))
		buf = appendInt(buf, "hearts", int(e.Hearts))
		buf = appendInt(buf, "containers", int(e.Containers))
	case EvReshuffle:
		hero()
		buf = appendStr(buf, "via", [2]string{"time_token", "shard"}[e.Via])
		buf = appendStr(buf, "for", [2]string{"draw", "discard"}[e.Why])
	case EvPlay:
		hero()
		buf = appendStr(buf, "card", d.Cards[e.Card].ID)
		buf = appendStr(buf, "skill", e.Skill.String())
		buf = appendInt(buf, "amount", int(e.Amount))
		buf = appendStr(buf, "for", purposeNames[e.For])
	case EvEquip:
		hero()
		buf = appendStr(buf, "card", d.Cards[e.Card].ID)
		buf = appendInt(buf, "equipped", int(e.Equipped))
		buf = appendInt(buf, "shards", int(e.Shards))
	case EvMove:
		hero()
		buf = appendPos(buf, "from", e.From)
		buf = appendPos(buf, "to", e.To)
		buf = appendInt(buf, "cost", int(e.Cost))
	case EvExplore:
		hero()
		buf = appendStr(buf, "tile", d.Tiles[e.Tile].ID)
		buf = appendInt(buf, "r", int(e.R))
		buf = appendInt(buf, "c", int(e.C))
		buf = appendInt(buf, "rot", int(e.Rot))
		buf = appendStr(buf, "special", e.Special.String())
	case EvLocked:
		hero()
		buf = appendInt(buf, "r", int(e.R))
		buf = appendInt(buf, "c", int(e.C))
	case EvEngage:
		hero()
		buf = appendStr(buf, "enemy", d.Enemies[e.Enemy].ID)
		buf = append(buf, `,"drawn":[`...)
		for i := 0; i < int(e.NDrawn); i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendQuote(buf, d.Enemies[e.Drawn[i]].ID)
		}
		buf = append(buf, ']')
		buf = appendPos(buf, "room", e.Pos)
	case EvResolve:
		hero()
		buf = appendStr(buf, "enemy", d.Enemies[e.Enemy].ID)
		buf = appendStr(buf, "outcome", outcomeNames[e.Outcome])
	case EvDamageRoll:
		hero()
		buf = append(buf, `,"dice":[`...)
		buf = strconv.AppendInt(buf, int64(e.Dice[0]), 10)
		if e.Dice[1] != 0 {
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, int64(e.Dice[1]), 10)
		}
		buf = append(buf, ']')
		mode := e.Mode.String()
		if e.Hazard {
			mode = "hazard"
		}
		buf = appendStr(buf, "mode", mode)
		buf = appendInt(buf, "bonus", int(e.Bonus))
		buf = appendInt(buf, "reduced", int(e.Reduced))
		buf = appendInt(buf, "lost", int(e.Lost))
	case EvKilled:
		hero()
		buf = appendInt(buf, "from_hand", int(e.FromHand))
		buf = appendInt(buf, "from_equipped", int(e.FromEquip))
		buf = appendInt(buf, "from_deck", int(e.FromDeck))
	case EvSpecialRoom, EvActivationFailed:
		hero()
		buf = appendStr(buf, "room", e.Special.String())
	case EvTimeToken:
		hero()
		buf = appendInt(buf, "delta", int(e.Delta))
		buf = appendInt(buf, "total", int(e.Total))
	case EvEnterBossRoom:
		hero()
	case EvBossAttack:
		kind := "special"
		if e.Normal {
			kind = "normal"
		}
		buf = appendStr(buf, "kind", kind)
	case EvBossDefeated:
		buf = appendInt(buf, "multiples", int(e.Multiples))
		buf = append(buf, `,"shards_to":[`...)
		first := true
		for i, n := range e.ShardsTo {
			for k := 0; k < int(n); k++ {
				if !first {
					buf = append(buf, ',')
				}
				first = false
				buf = strconv.AppendInt(buf, int64(i), 10)
			}
		}
		buf = append(buf, ']')
		buf = appendBool(buf, "ganon", e.Ganon)
	case EvLevelEnd:
		result := "lost"
		if e.Won {
			result = "won"
		}
		buf = appendStr(buf, "result", result)
		buf = appendStr(buf, "reason", LossReasonNames[e.Reason])
		buf = appendInt(buf, "rounds", int(e.Rounds))
		if !e.Won && e.Hero >= 0 {
			buf = appendInt(buf, "hero", int(e.Hero))
		}
	case EvCampaignEnd:
		buf = appendBool(buf, "won", e.Won)
		buf = append(buf, `,"shards":[`...)
		for i := 0; i < int(e.Players); i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(e.HeroShards[i]), 10)
		}
		buf = append(buf, ']')
	case EvGain:
		hero()
		buf = appendStr(buf, "card", d.Cards[e.Card].ID)
	case EvUse:
		hero()
		buf = appendStr(buf, "card", d.Cards[e.Card].ID)
		buf = appendStr(buf, "effect", e.Effect.String())
	case EvGive:
		hero()
		buf = appendInt(buf, "to", int(e.ToHero))
		buf = appendStr(buf, "card", d.Cards[e.Card].ID)
	case EvDoorOpened, EvToken:
		hero()
		buf = appendInt(buf, "r", int(e.R))
		buf = appendInt(buf, "c", int(e.C))
		if e.Type == EvToken {
			buf = appendStr(buf, "room", e.Special.String())
		}
	case EvWater:
		hero()
	case EvCog:
		hero()
		buf = appendInt(buf, "r", int(e.R))
		buf = appendInt(buf, "c", int(e.C))
		buf = appendInt(buf, "variant", int(e.Variant))
	case EvRift:
		hero()
		buf = appendInt(buf, "roll", int(e.Roll))
	}
	return append(buf, '}')
}

func appendInt(buf []byte, key string, v int) []byte {
	buf = append(buf, ',', '"')
	buf = append(buf, key...)
	buf = append(buf, '"', ':')
	return strconv.AppendInt(buf, int64(v), 10)
}

func appendStr(buf []byte, key, v string) []byte {
	buf = append(buf, ',', '"')
	buf = append(buf, key...)
	buf = append(buf, '"', ':')
	return strconv.AppendQuote(buf, v)
}

func appendBool(buf []byte, key string, v bool) []byte {
	buf = append(buf, ',', '"')
	buf = append(buf, key...)
	buf = append(buf, '"', ':')
	return strconv.AppendBool(buf, v)
}

func appendPos(buf []byte, key string, p Pos) []byte {
	buf = append(buf, ',', '"')
	buf = append(buf, key...)
	buf = append(buf, `":{"r":`...)
	buf = strconv.AppendInt(buf, int64(p.R), 10)
	buf = append(buf, `,"c":`...)
	buf = strconv.AppendInt(buf, int64(p.C), 10)
	buf = append(buf, `,"s":`...)
	buf = strconv.AppendInt(buf, int64(p.Space), 10)
	return append(buf, '}')
}
