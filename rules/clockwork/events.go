package clockwork

import "strconv"

// EventSchema names the event log's schema; campaign_start carries it (docs/events.md).
const EventSchema = "clockwork.events/v2"

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
	// Since schema v2.
	EvAbility        // an enemy's ability or a boss's special attack takes effect on a hero
	EvDiscard        // cards go to a hero's discard pile from his hand, equipment or deck
	EvGather         // level setup: hand and discard pile go back into the deck
	EvHeal           // a hero regains hearts
	EvPieceOfHeart   // a hero gains Pieces of Heart
	EvHeartContainer // a hero gains a Heart Container (and regains all his hearts)
	EvBottle         // a Heart or Fairy is put on a Bottle, used from it, or thrown away with it
	EvRollOff        // the boss's roll-off: every hero in the Boss Room rolls
	EvReward         // after a defeat: the Items of the reward, or the enemy's feature
	NumEventTypes
)

// EventNames are the `ev` values of the event log, indexed by EventType.
var EventNames = [NumEventTypes]string{"", "campaign_start", "level_start", "round_start", "round_end",
	"draw", "reshuffle", "play", "equip", "move", "explore", "locked", "engage", "resolve",
	"damage_roll", "killed", "special_room", "activation_failed", "time_token", "enter_boss_room",
	"boss_attack", "boss_wait", "boss_defeated", "level_end", "campaign_end", "gain", "use", "give",
	"door_opened", "water", "cog", "rift", "token",
	"ability", "discard", "gather", "heal", "piece_of_heart", "heart_container", "bottle", "roll_off", "reward"}

// CardPlace is where a card comes from or goes to, in events (play, use, give, equip, gain,
// discard).
type CardPlace uint8

// The places of a card in events.
const (
	PlaceNone      CardPlace = iota
	PlaceHand                // the hero's hand
	PlaceEquipped            // his equipped cards
	PlaceDeck                // his Hero deck
	PlaceDiscard             // his discard pile
	PlaceUsed                // thrown away (an Item used for an ability, a "when gained" Item)
	PlaceExhausted           // a Treasure's bottom ability: the card stays equipped, exhausted
	PlaceGain                // equip: the card was just gained (see the gain event before it)
	NumCardPlaces
)

// CardPlaceNames are the names of the places in the event log.
var CardPlaceNames = [NumCardPlaces]string{"", "hand", "equipped", "deck", "discard", "used", "exhausted", "gain"}

// EventSource says what gave (or took) hearts, Time tokens or a Heart Container.
type EventSource uint8

// The sources of heal, time_token and heart_container events.
const (
	SourceNone         EventSource = iota
	SourceCard                     // a card's ability used (the use event before it)
	SourceItem                     // a "when gained" Item (the gain event before it)
	SourceBottle                   // the Heart or Fairy of a Bottle (the bottle event before it)
	SourceLevelStart               // level setup: Time tokens, hearts refilled (rules.heal_between_levels)
	SourceKilled                   // a killed hero gets back up
	SourceSpecialRoom              // a special room's activation
	SourceBoss                     // the boss defeated
	SourcePieceOfHeart             // Pieces of Heart made a Heart Container
	NumEventSources
)

// EventSourceNames are the names of the sources in the event log.
var EventSourceNames = [NumEventSources]string{"", "card", "item", "bottle", "level_start", "killed",
	"special_room", "boss", "piece_of_heart"}

// BottleOp is what happens to the card on a Bottle.
type BottleOp uint8

// The bottle event's operations.
const (
	BottleFilled     BottleOp = iota // a gained Heart or Fairy is put on the Bottle
	BottleUsed                       // it is used (then thrown away)
	BottleThrownAway                 // the Bottle was unequipped: it is thrown away with no effect
)

var bottleOpNames = [...]string{"filled", "used", "thrown_away"}

// RewardKind is what a defeated enemy gives (resolve.reward, reward.reward).
type RewardKind uint8

// The rewards of a defeat.
const (
	RewardNone     RewardKind = iota // nothing (not defeated, no reward, or a special room's enemy)
	RewardItems                      // its reward Items are drawn (keep one)
	RewardActivate                   // it activates the feature its icon names instead
	RewardChoice                     // resolve only: the player chooses next (a reward event follows)
)

var rewardNames = [...]string{"none", "items", "activate", "choice"}

// HeroSnapshot is a hero's cards and tokens at the start of a campaign or a level.
type HeroSnapshot struct {
	Deck, Discard                                            int16
	Hand, Hearts, Containers, Pieces, Shards, Time, Equipped int8
	Bottled                                                  bool   // a card is on his Bottle
	Bottle                                                   CardID // which (when Bottled)
}

// Event is one entry of the event log. Only the fields of its Type are meaningful. It is a
// plain value: emitting one allocates nothing, and the engine builds one only when a sink is
// attached.
type Event struct {
	Type     EventType
	Campaign uint64
	Level    int8
	Round    int16
	Hero     int8

	Via        int8         // reshuffle: 0 Time token, 1 Shard
	Why        ReshuffleFor // reshuffle: to draw, or to go on with a forced discard
	N          int16        // draw: cards drawn; reshuffle, discard: cards moved
	Target     int8         // draw: the hand size asked for
	Hand       int8         // draw: cards in hand after; gather: cards taken from the hand
	Deck       int16        // draw, gather: cards in the deck after
	Gathered   int16        // gather: cards taken from the discard pile
	Hearts     int8         // draw, damage_roll, heal, heart_container: hearts after
	Containers int8         // draw, heart_container: Heart Containers after
	Pieces     int8         // piece_of_heart: Pieces of Heart held after
	Card       CardID
	Skill      Skill
	Amount     int8 // play: the skill's amount; heal: hearts regained; piece_of_heart: Pieces gained
	For        payPurpose
	Equipped   int8
	Shards     int8
	From, To   Pos       // move
	CardFrom   CardPlace // play, use, give, equip, discard: where the card was
	CardTo     CardPlace // play, use, gain: where it went
	PreLevel   bool      // gain: drawn before the level, into the deck
	Cost       int8
	Tile       TileID
	At         Pos // explore, locked, door_opened, cog, token, special_room, activation_failed: the room (Space unused)
	Rot        int8
	Special    SpecialKind
	Enemy      EnemyID
	Drawn      [8]EnemyID
	NDrawn     int8
	Pos        Pos   // engage: the enemy's space
	Joined     uint8 // engage: the other heroes in the enemy's space (bit per hero)
	Outcome    Outcome
	Reward     RewardKind
	Dice       [2]int8 // the second is 0 for a single roll
	Mode       RollMode
	Hazard     bool
	Bonus      int8 // damage_roll: added to the die; ability (extra_damage): the bonus
	Reduced    int8
	Lost       int8
	FromHand   int8
	FromEquip  int8
	FromDeck   int8
	Delta      int8
	Total      int8
	Source     EventSource
	Normal     bool // boss_attack: the normal attack at the end of a round
	Multiples  int8
	ShardsTo   [MaxPlayers]int8 // boss_defeated: the hero of each Shard, in the order awarded
	NShardsTo  int8
	Ganon      bool
	Won        bool
	Reason     LossReason
	Rounds     int16
	Effect     Effect

	// ability, boss_attack, roll_off.
	Boss           bool // ability: a boss's special attack (else the engaged Enemy's ability)
	BossID         int8 // the level's boss (index into Data.Bosses), -1 for Ganon; filled in by the engine
	EnemyEffect    EnemyEffect
	BossEffect     BossEffect
	Paid           bool // ability (pay_or_shuffle_back): its cost was paid
	HeartsLost     int8
	CardsDiscarded int8 // ability: cards the ability makes him discard (the discard events follow)
	TimeLost       int8
	Summoned       int8
	CardsExhausted int8
	Rolls          [MaxPlayers]int8 // roll_off: each hero's roll (0: not in the Boss Room)
	Highest        bool             // roll_off: the highest roll loses (else the lowest)
	DiscardWhy     DiscardReason    // discard: why
	OneCard        bool             // discard: Card is the one card discarded
	BottleOp       BottleOp

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

// DiscardReasonName returns why a discard event's cards were discarded ("killed", "round_end"...).
func (e *Event) DiscardReasonName() string { return DiscardReasonNames[e.DiscardWhy] }

// BossName returns the id of the boss of an ability, boss_attack or roll_off event ("ganon" on
// Level 4).
func (e *Event) BossName(d *Data) string {
	if e.BossID < 0 {
		return "ganon"
	}
	return d.Bosses[e.BossID].ID
}

// Sink receives the events of a game. The Event is only valid during the call.
type Sink interface {
	Emit(e *Event)
}

// SetSink attaches a sink (nil detaches it). Without one, nothing is built: every emitting site
// checks for a sink first.
func (g *Game) SetSink(s Sink) { g.sink = s }

// emit fills the common fields of e and hands it to the sink through the Game's own event
// buffer, so that the event never escapes to the heap. Callers check g.sink != nil first, so
// that without a sink no event is even built.
func (g *Game) emit(ep *Event) {
	g.ev = *ep
	e := &g.ev
	e.Campaign = g.idx
	e.Level = int8(g.level)
	e.Round = int16(g.round)
	switch e.Type {
	case EvCampaignStart:
		e.Players, e.Seed = int8(g.players), g.seed
		g.snapshot(e)
	case EvLevelEnd:
		e.Rounds = int16(g.round)
	case EvCampaignEnd:
		for i := 0; i < g.players; i++ {
			e.HeroShards[i] = g.heroes[i].Shards
		}
		e.Players = int8(g.players)
	case EvAbility, EvBossAttack, EvRollOff:
		e.BossID = -1
		if g.level != Levels && g.temple != NoTemple {
			e.BossID = int8(g.data.Temples[g.temple].Boss)
		}
	}
	g.sink.Emit(e)
}

// snapshot records every hero's cards and tokens in e.
func (g *Game) snapshot(e *Event) {
	e.Players = int8(g.players)
	for i := 0; i < g.players; i++ {
		h := &g.heroes[i]
		s := HeroSnapshot{Deck: h.Deck.N, Discard: h.Discard.N, Hand: h.HandN, Hearts: h.Hearts,
			Containers: h.Containers, Pieces: h.Pieces, Shards: h.Shards, Time: h.Time, Equipped: h.EquipN}
		if h.Bottle != NoCard {
			s.Bottled, s.Bottle = true, g.cardType[h.Bottle]
		}
		e.Heroes[i] = s
	}
}

func (g *Game) emitLevelStart() {
	if g.sink == nil {
		return
	}
	e := Event{Type: EvLevelStart, TempleID: g.temple, NOffered: int8(g.nOffered), Offered: g.offered,
		Rows: g.grid.Rows, Cols: g.grid.Cols}
	if g.level == Levels {
		e.NOffered = 0
	}
	g.snapshot(&e)
	g.emit(&e)
}

func (g *Game) emitDraw(h, n, target int) {
	if g.sink == nil {
		return
	}
	hero := &g.heroes[h]
	g.emit(&Event{Type: EvDraw, Hero: int8(h), N: int16(n), Target: int8(target), Hearts: hero.Hearts,
		Containers: hero.Containers, Hand: hero.HandN, Deck: hero.Deck.N})
}

// emitDiscard records n cards of hero h going to his discard pile from place (card: the one
// card, when n is 1 and it is known).
func (g *Game) emitDiscard(h int, from CardPlace, n int, card CardRef, why DiscardReason) {
	if g.sink == nil || n <= 0 {
		return
	}
	e := Event{Type: EvDiscard, Hero: int8(h), CardFrom: from, N: int16(n), DiscardWhy: why}
	if card != NoCard {
		e.Card, e.OneCard = g.cardType[card], true
	}
	g.emit(&e)
}

// emitHeal records hero h regaining hearts from before to his hearts now.
func (g *Game) emitHeal(h int, before int8, src EventSource) {
	if g.sink == nil {
		return
	}
	hero := &g.heroes[h]
	g.emit(&Event{Type: EvHeal, Hero: int8(h), Amount: hero.Hearts - before, Hearts: hero.Hearts, Source: src})
}

// emitTime records hero h's Time tokens changing by delta.
func (g *Game) emitTime(h int, delta int8, src EventSource) {
	if g.sink == nil {
		return
	}
	g.emit(&Event{Type: EvTimeToken, Hero: int8(h), Delta: delta, Total: g.heroes[h].Time, Source: src})
}

// emitContainer records hero h gaining a Heart Container.
func (g *Game) emitContainer(h int, src EventSource) {
	if g.sink == nil {
		return
	}
	hero := &g.heroes[h]
	g.emit(&Event{Type: EvHeartContainer, Hero: int8(h), Containers: hero.Containers, Hearts: hero.Hearts, Source: src})
}

// emitBottle records what happens to card c on hero h's Bottle.
func (g *Game) emitBottle(h int, c CardRef, op BottleOp) {
	if g.sink == nil {
		return
	}
	g.emit(&Event{Type: EvBottle, Hero: int8(h), Card: g.cardType[c], BottleOp: op})
}

// enemyAbilityEvent returns the ability event of enemy e on hero h; the caller fills in what it
// changed.
func (g *Game) enemyAbilityEvent(h int, e EnemyID) Event {
	return Event{Type: EvAbility, Hero: int8(h), Enemy: e, EnemyEffect: g.data.Enemies[e].Ability.Effect}
}

// emitBossAbility records the boss's special attack taking effect on hero h.
func (g *Game) emitBossAbility(h int, hearts, discards, exhausted int) {
	if g.sink == nil {
		return
	}
	g.emit(&Event{Type: EvAbility, Hero: int8(h), Boss: true, BossEffect: g.bossAttack().Effect,
		HeartsLost: int8(hearts), CardsDiscarded: int8(discards), CardsExhausted: int8(exhausted)})
}

// AppendJSON appends the event as one JSON object (the event log's line, without the newline)
// using the ids of d. agent names the agent on campaign_start. No object repeats a key; a room
// is {"r","c"}, a space {"r","c","s"}.
func (e *Event) AppendJSON(buf []byte, d *Data, agent string) []byte {
	buf = append(buf, `{"ev":"`...)
	buf = append(buf, EventNames[e.Type]...)
	buf = append(buf, `","c":`...)
	buf = strconv.AppendUint(buf, e.Campaign, 10)
	if e.Type != EvCampaignStart && e.Type != EvCampaignEnd {
		buf = appendInt(buf, "lvl", int(e.Level))
	}
	switch e.Type {
	case EvCampaignStart, EvLevelStart, EvLevelEnd, EvCampaignEnd:
	default:
		buf = appendInt(buf, "rnd", int(e.Round))
	}
	hero := func() { buf = appendInt(buf, "hero", int(e.Hero)) }
	card := func() { buf = appendStr(buf, "card", d.Cards[e.Card].ID) }
	switch e.Type {
	case EvCampaignStart:
		buf = appendStr(buf, "schema", EventSchema)
		buf = appendInt(buf, "players", int(e.Players))
		buf = append(buf, `,"seed":`...)
		buf = strconv.AppendUint(buf, e.Seed, 10)
		buf = appendStr(buf, "agent", agent)
		buf = e.appendHeroes(buf, d)
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
		buf = e.appendHeroes(buf, d)
	case EvDraw:
		hero()
		buf = appendInt(buf, "n", int(e.N))
		buf = appendInt(buf, "target", int(e.Target))
		buf = appendInt(buf, "hearts", int(e.Hearts))
		buf = appendInt(buf, "containers", int(e.Containers))
		buf = appendInt(buf, "hand", int(e.Hand))
		buf = appendInt(buf, "deck", int(e.Deck))
	case EvReshuffle:
		hero()
		buf = appendStr(buf, "via", [2]string{"time_token", "shard"}[e.Via])
		buf = appendStr(buf, "for", [2]string{"draw", "discard"}[e.Why])
		buf = appendInt(buf, "n", int(e.N))
	case EvPlay:
		hero()
		card()
		buf = appendStr(buf, "skill", e.Skill.String())
		buf = appendInt(buf, "amount", int(e.Amount))
		buf = appendStr(buf, "for", purposeNames[e.For])
		buf = appendStr(buf, "from", CardPlaceNames[e.CardFrom])
		buf = appendStr(buf, "to", CardPlaceNames[e.CardTo])
	case EvEquip:
		hero()
		card()
		buf = appendInt(buf, "equipped", int(e.Equipped))
		buf = appendInt(buf, "shards", int(e.Shards))
		buf = appendStr(buf, "from", CardPlaceNames[e.CardFrom])
	case EvMove:
		hero()
		buf = appendPos(buf, "from", e.From)
		buf = appendPos(buf, "to", e.To)
		buf = appendInt(buf, "cost", int(e.Cost))
	case EvExplore:
		hero()
		buf = appendStr(buf, "tile", d.Tiles[e.Tile].ID)
		buf = appendRoom(buf, "at", e.At)
		buf = appendInt(buf, "rot", int(e.Rot))
		buf = appendStr(buf, "special", e.Special.String())
	case EvLocked, EvDoorOpened:
		hero()
		buf = appendRoom(buf, "at", e.At)
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
		buf = appendHeroSet(buf, "joined", e.Joined)
	case EvResolve:
		hero()
		buf = appendStr(buf, "enemy", d.Enemies[e.Enemy].ID)
		buf = appendStr(buf, "outcome", outcomeNames[e.Outcome])
		buf = appendStr(buf, "reward", rewardNames[e.Reward])
	case EvReward:
		hero()
		buf = appendStr(buf, "reward", rewardNames[e.Reward])
	case EvAbility:
		hero()
		if e.Boss {
			buf = appendStr(buf, "boss", e.BossName(d))
			buf = appendStr(buf, "effect", BossEffectNames[e.BossEffect])
		} else {
			buf = appendStr(buf, "enemy", d.Enemies[e.Enemy].ID)
			buf = appendStr(buf, "effect", EnemyEffectNames[e.EnemyEffect])
		}
		buf = appendBool(buf, "paid", e.Paid)
		buf = appendInt(buf, "hearts_lost", int(e.HeartsLost))
		buf = appendInt(buf, "cards_discarded", int(e.CardsDiscarded))
		buf = appendInt(buf, "time_tokens_lost", int(e.TimeLost))
		switch {
		case !e.Boss && e.EnemyEffect == EnemySummon:
			buf = appendInt(buf, "summoned", int(e.Summoned))
		case !e.Boss && e.EnemyEffect == EnemyExtraDamage:
			buf = appendInt(buf, "bonus", int(e.Bonus))
		case e.Boss && e.BossEffect == BossExhaustEquipped:
			buf = appendInt(buf, "cards_exhausted", int(e.CardsExhausted))
		}
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
		buf = appendInt(buf, "hearts", int(e.Hearts))
	case EvKilled:
		hero()
		buf = appendInt(buf, "from_hand", int(e.FromHand))
		buf = appendInt(buf, "from_equipped", int(e.FromEquip))
		buf = appendInt(buf, "from_deck", int(e.FromDeck))
	case EvDiscard:
		hero()
		buf = appendStr(buf, "from", CardPlaceNames[e.CardFrom])
		buf = appendInt(buf, "n", int(e.N))
		if e.OneCard {
			card()
		}
		buf = appendStr(buf, "reason", DiscardReasonNames[e.DiscardWhy])
	case EvGather:
		hero()
		buf = appendInt(buf, "hand", int(e.Hand))
		buf = appendInt(buf, "discard", int(e.Gathered))
		buf = appendInt(buf, "deck", int(e.Deck))
	case EvHeal:
		hero()
		buf = appendInt(buf, "amount", int(e.Amount))
		buf = appendInt(buf, "hearts", int(e.Hearts))
		buf = appendStr(buf, "source", EventSourceNames[e.Source])
	case EvPieceOfHeart:
		hero()
		buf = appendInt(buf, "amount", int(e.Amount))
		buf = appendInt(buf, "pieces", int(e.Pieces))
	case EvHeartContainer:
		hero()
		buf = appendInt(buf, "containers", int(e.Containers))
		buf = appendInt(buf, "hearts", int(e.Hearts))
		buf = appendStr(buf, "source", EventSourceNames[e.Source])
	case EvBottle:
		hero()
		card()
		buf = appendStr(buf, "op", bottleOpNames[e.BottleOp])
	case EvSpecialRoom, EvActivationFailed:
		hero()
		buf = appendStr(buf, "room", e.Special.String())
		buf = appendRoom(buf, "at", e.At)
	case EvTimeToken:
		hero()
		buf = appendInt(buf, "delta", int(e.Delta))
		buf = appendInt(buf, "total", int(e.Total))
		buf = appendStr(buf, "source", EventSourceNames[e.Source])
	case EvEnterBossRoom, EvWater:
		hero()
	case EvBossAttack:
		kind := "special"
		if e.Normal {
			kind = "normal"
		}
		buf = appendStr(buf, "kind", kind)
		buf = appendStr(buf, "boss", e.BossName(d))
		if !e.Normal {
			hero()
			buf = appendStr(buf, "effect", BossEffectNames[e.BossEffect])
		}
	case EvRollOff:
		buf = appendStr(buf, "boss", e.BossName(d))
		buf = appendBool(buf, "highest", e.Highest)
		buf = append(buf, `,"rolls":[`...)
		for i := 0; i < int(e.Players); i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(e.Rolls[i]), 10)
		}
		buf = append(buf, ']')
	case EvBossDefeated:
		buf = appendInt(buf, "multiples", int(e.Multiples))
		buf = append(buf, `,"shards_to":[`...)
		for i := 0; i < int(e.NShardsTo); i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(e.ShardsTo[i]), 10)
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
			hero()
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
		card()
		buf = appendBool(buf, "pre_level", e.PreLevel)
		buf = appendStr(buf, "to", CardPlaceNames[e.CardTo])
	case EvUse:
		hero()
		card()
		buf = appendStr(buf, "effect", e.Effect.String())
		buf = appendStr(buf, "from", CardPlaceNames[e.CardFrom])
		buf = appendStr(buf, "to", CardPlaceNames[e.CardTo])
	case EvGive:
		hero()
		buf = appendInt(buf, "to", int(e.ToHero))
		card()
		buf = appendStr(buf, "from", CardPlaceNames[e.CardFrom])
	case EvToken:
		hero()
		buf = appendStr(buf, "room", e.Special.String())
		buf = appendRoom(buf, "at", e.At)
	case EvCog:
		hero()
		buf = appendRoom(buf, "at", e.At)
		buf = appendInt(buf, "variant", int(e.Variant))
	case EvRift:
		hero()
		buf = appendInt(buf, "roll", int(e.Roll))
	}
	return append(buf, '}')
}

// appendHeroes appends the heroes' snapshots (campaign_start, level_start).
func (e *Event) appendHeroes(buf []byte, d *Data) []byte {
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
		buf = appendInt(buf, "discard", int(s.Discard))
		buf = appendInt(buf, "pieces", int(s.Pieces))
		bottle := ""
		if s.Bottled {
			bottle = d.Cards[s.Bottle].ID
		}
		buf = appendStr(buf, "bottle", bottle)
		buf = append(buf, '}')
	}
	return append(buf, ']')
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

// appendHeroSet appends a set of heroes (bit per hero) as a list of hero numbers.
func appendHeroSet(buf []byte, key string, set uint8) []byte {
	buf = append(buf, ',', '"')
	buf = append(buf, key...)
	buf = append(buf, `":[`...)
	first := true
	for h := 0; h < MaxPlayers; h++ {
		if set&(1<<h) == 0 {
			continue
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = strconv.AppendInt(buf, int64(h), 10)
	}
	return append(buf, ']')
}

// appendRoom appends a room position {"r","c"}.
func appendRoom(buf []byte, key string, p Pos) []byte { return append(appendCell(buf, key, p), '}') }

// appendPos appends a space position {"r","c","s"}.
func appendPos(buf []byte, key string, p Pos) []byte {
	buf = append(appendCell(buf, key, p), `,"s":`...)
	buf = strconv.AppendInt(buf, int64(p.Space), 10)
	return append(buf, '}')
}

// appendCell appends `,"key":{"r":R,"c":C` (the object left open).
func appendCell(buf []byte, key string, p Pos) []byte {
	buf = append(buf, ',', '"')
	buf = append(buf, key...)
	buf = append(buf, `":{"r":`...)
	buf = strconv.AppendInt(buf, int64(p.R), 10)
	buf = append(buf, `,"c":`...)
	return strconv.AppendInt(buf, int64(p.C), 10)
}
