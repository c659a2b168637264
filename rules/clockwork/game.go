package clockwork

import (
	"sync/atomic"

	"github.com/clockworksim/clockwork/rules/chance"
	"github.com/clockworksim/clockwork/rules/play"
)

// The engine follows the games' contract (rules/play).
var (
	_ play.State[Action, *Game] = (*Game)(nil)
	_ play.Observer[View]       = (*Game)(nil)
	_ play.Sampler              = (*Game)(nil)
)

// Hero is one hero's cards, health and place.
type Hero struct {
	Deck    Pile // draw from the top (the end)
	Discard Pile
	Hand    [MaxHand]CardRef
	HandN   int8
	Equip   [MaxEquip]CardRef
	EquipN  int8
	Bottle  CardRef // the Heart or Fairy kept on an equipped Bottle, or NoCard

	Hearts, Containers int8
	Pieces             int8 // Pieces of Heart
	Shards             int8 // Triforce Shards
	Time               int8 // Time tokens

	Pos       Pos
	CarryMove int8 // leftover Move that carries over until the end of the round (decision 9)
	Crossings int8 // barrier crossings granted by cross_barrier cards played this round
	Shield    int8 // hearts the next damage roll this round loses less (reduce_damage played)
	Passed    bool // done for this round
	Acted     bool // performed an action this round (play-quality figures)
	Gained    bool // gained a Shard in this level

	// The engagement in progress (the rulebook: defeat, evade or roll for damage).
	Engaged   bool
	Enemy     EnemyID
	Icon      int8  // the enemy icon of the hero's space that is engaged, or -1
	Remote    bool  // engaged through remote_engage: no damage roll when it ends
	EnemyAt   Pos   // where the engaged enemy's icon is (the hero's own space unless Remote)
	Credit    Cost  // skill already put toward the Defeat cost (the remote ability's amount)
	ForRoom   bool  // the enemy is a step of a special room's activation
	Queue     uint8 // enemy icons of the hero's space still to engage (bit per icon)
	Summoned  int8  // further enemies to engage (summon abilities)
	QueueRoom int8  // the room cell of Queue (r*MaxCols+c), so a moved room ends it
}

// HandSize returns the hand size for the hero's hearts.
func (g *Game) HandSize(h int) int {
	if g.heroes[h].Hearts >= g.heroes[h].Containers {
		return g.data.Setup.HandFull
	}
	return g.data.Setup.HandHurt
}

// LevelResult records how a level went.
type LevelResult struct {
	Temple       TempleID // NoTemple on Level 4
	Won          bool
	Reason       LossReason
	Rounds       int
	ShardsGained int  // Shards gained from the boss
	SpecialRooms int  // special rooms activated, the Boss Room included
	Kills        int  // heroes killed
	TimeSpent    int  // Time tokens spent on reshuffles
	ShardsBurned int  // Shards spent on reshuffles
	Multiples    int  // boss multiples paid
	BossReached  bool // a hero entered the Boss Room
	// LostBy is the hero who could not draw or discard, on a level lost that way (-1 otherwise).
	LostBy int
	// Quality is how the heroes played the level.
	Quality Quality
	// Shortfall is what Ganon's targets still asked of the cards, at the end of a lost Level 4,
	// after the Shards of all heroes (as if all were in the Boss Room).
	Shortfall Cost
	// GanonNeed is, at the end of a lost Level 4, what Ganon's targets still asked after the
	// last fight against him: the need left of the last payment begun against him (his targets
	// less the Shards of the heroes then in his Boss Room and the cards played into it before
	// it was given up or the level ended), or Shortfall when no payment against him was begun.
	// Zero on the other levels and on a won Level 4. It is only recorded: play never reads it.
	GanonNeed Cost
	// GanonFights counts the payments begun against Ganon on Level 4 that did not defeat him
	// (given up, or cut short by the level's end).
	GanonFights int
}

// Cause says what harmed a hero: what a kill came from, and what made a lost level's last
// draw or discard impossible.
type Cause uint8

// The causes (results file: kills_by, lost_to).
const (
	CauseNone        Cause = iota
	CauseEnemy             // an enemy's damage roll
	CauseHazard            // a hazard's damage roll
	CauseBossSpecial       // a boss's special attack
	CauseBossAttack        // a boss's normal attack at the end of a round
	CauseAbility           // an enemy's special ability (hearts lost, cards discarded)
	CauseRift              // a rift's 7 or 8
	CauseDraw              // the end of a round's draw (or a card's draw) from an empty deck
	CauseEquip             // other discards (the equip limit)
	NumCauses
)

// CauseNames are the causes' names in results files.
var CauseNames = [NumCauses]string{"", "enemy", "hazard", "boss_special", "boss_attack", "ability", "rift", "draw", "equip_limit"}

// Quality counts how the heroes played a level: what a designer reads to tell the game's
// difficulty from an agent's blunders.
type Quality struct {
	// BossWaits is the hero-rounds a hero ended in the Boss Room while a teammate was outside.
	BossWaits int
	// FailedActivations counts special-room activations that failed; Retries those of a room
	// that had already failed in the same round.
	FailedActivations, Retries int
	// IdleHeroRounds is the hero-rounds in which a hero performed no action (a move, an
	// engagement, a switch, pots, a chest, telepathy, an activation, a boss strike).
	IdleHeroRounds int
	// HeroRounds is the hero-rounds played (the denominator of IdleHeroRounds).
	HeroRounds int
	// KillsBy counts the heroes killed, by cause.
	KillsBy [NumCauses]int
	// LostTo is what ended a lost level: the cause of the last kill (for a kill's discards),
	// the rift, the ability or boss attack that forced the discard, or the draw.
	LostTo Cause
}

// LossReason says why a level was lost.
type LossReason uint8

// Loss reasons (docs: results file loss_reasons).
const (
	NotLost       LossReason = iota
	DeckExhausted            // a hero had to draw with no cards in hand or deck
	ForcedDiscard            // a hero had to discard cards he did not have
	Timeout                  // the level passed the simulator's round cap (see EndLevelTimeout)
	NumLossReasons
)

// LossReasonNames are the names of the loss reasons in results files and event logs.
var LossReasonNames = [NumLossReasons]string{"", "deck_exhausted", "forced_discard", "timeout"}

// EndLevelTimeout ends the current level as a loss with reason Timeout. The rules never need
// it (every level ends); a simulator uses it as a safety net against agents that stall.
func (g *Game) EndLevelTimeout() {
	if g.over {
		return
	}
	g.endLevel(false, Timeout)
	g.run()
}

// Game is the whole state of one campaign. It is reused from campaign to campaign with Reset and
// allocates nothing while playing.
type Game struct {
	data    *Data
	players int
	seed    uint64
	rng     rngs
	// violation names the first rule an unchecked Apply broke (see breach); Check reports it.
	violation string
	// forcedDice, set only by tests, overrides the next die rolls (nil in every real game).
	forcedDice *forcedDice
	sink       Sink
	ev         Event  // the event being emitted (see emit)
	idx        uint64 // campaign index, for events

	// Campaign.
	level     int // 1-4
	attempted [3]TempleID
	// attemptedOne is scratch space for levelTemples (no allocation).
	attemptedOne [3]TempleID
	offered      [2]TempleID
	nOffered     int
	temple       TempleID // the current level's temple (NoTemple on Level 4)
	over         bool
	won          bool
	results      [Levels + 1]LevelResult

	// Hero cards.
	nCards    int
	cardType  [MaxCards]CardID
	exhausted [MaxCards / 64]uint64
	itemDeck  Pile
	itemDisc  Pile
	tier      [3]Pile // Treasure decks by tier (index 0 unused)
	revealed  [MaxRevealed]CardRef
	nRevealed int
	heroes    [MaxPlayers]Hero

	// Level.
	grid Grid
	// boardStamp names the board as it is (see boardChanged, View.BoardStamp); 0: unnamed.
	// roomStamps names each room the same way (View.RoomStamp).
	boardStamp uint64
	roomStamps [MaxRows][MaxCols]uint64
	// tokenBoard names what the token uses depend on (see tokensChanged).
	tokenBoard uint64
	// tokenUses[h][:nTokenUses] is hero h's Compass and Map token uses on the board of
	// tokenStamp (tokenActions), a tokenBoard stamp, for the heroes in tokenHeroes.
	tokenStamp   uint64
	tokenHeroes  uint8
	tokenUses    [MaxPlayers][maxTokenUses]Action
	nTokenUses   int
	layout       *Layout
	enemyDeck    EnemyPile
	enemyDisc    EnemyPile
	enemyTotal   int                   // Enemy cards in this level
	enemyCount   [MaxEnemies + 1]uint8 // copies of each Enemy card in this level
	tileCount    [MaxTiles + 1]uint8   // tiles laid in this level's dungeon
	round        int
	keyActivated bool
	bossAttacked bool // the boss made its special attack this round
	bossAttempts int  // attempts this round
	levelOver    bool
	specialRooms int // special rooms activated this level (the Boss Room counts when its boss falls)
	// the round and room of the last failed activation (play-quality figures)
	failedRound int
	failedCell  int16

	// Decisions.
	prompt Prompt
	actor  int8 // the hero the prompt is about
	pay    payment
	jobs   [maxJobs]job
	nJobs  int
	act    activation
	gain   gainChoice   // kept, placed and Treasure choices
	reward rewardChoice // a defeated enemy's reward or feature
	step   stepState    // what the action under way carries to its next decision
	forced forcedDiscard
	draw   enemyDraw  // the Enemy cards just drawn for an engagement (a tie to choose from)
	award  shardAward // a boss's Shards being awarded (a tie to choose from)
	fewest [MaxPlayers]int
	// shardFor says what the Shard question (PromptShard) is for: a draw or a forced discard.
	shardFor ReshuffleFor
	order    int8 // sequential hero order: the hero whose turn it is
}

// Data returns the data the game plays with.
func (g *Game) Data() *Data { return g.data }

// Players returns the number of heroes.
func (g *Game) Players() int { return g.players }

// Level returns the current level, 1 to 4.
func (g *Game) Level() int { return g.level }

// Round returns the current round of the level, from 1.
func (g *Game) Round() int { return g.round }

// IsTerminal reports whether the campaign is over.
func (g *Game) IsTerminal() bool { return g.over }

// Winner returns play.TeamWon once the heroes have won the campaign (defeated Ganon), and
// play.NoWinner otherwise: a co-operative game has no winning seat.
func (g *Game) Winner() int {
	if g.won {
		return play.TeamWon
	}
	return play.NoWinner
}

// Won reports whether the heroes won the campaign (Winner() == play.TeamWon).
func (g *Game) Won() bool { return g.won }

// Result returns how level lvl (1-4) went; valid once the level is over.
func (g *Game) Result(lvl int) LevelResult { return g.results[lvl] }

// Hero returns hero h (read only: do not change it).
func (g *Game) Hero(h int) *Hero { return &g.heroes[h] }

// boardStamps hands out the board stamps: every change of any game's board takes a new one.
var boardStamps atomic.Uint64

// boardChanged records that the board changed: a room laid, turned, moved or reset, a door
// opened, an enemy defeated, a rift ignored, the water, a chest, the pots, a special room's
// activation or tokens. Every change of g.grid a view can show must call it, or roomChanged for
// each room it changed (a sample's redrawn face-down rooms keep the stamps: the views of the
// game and of its samples show the same). It gives every room the board's new stamp.
func (g *Game) boardChanged() {
	g.boardStamp = boardStamps.Add(1)
	for r := range g.roomStamps {
		for c := range g.roomStamps[r] {
			g.roomStamps[r][c] = g.boardStamp
		}
	}
}

// tokensChanged records that what the Compass and Map token uses depend on changed: which
// rooms are face up, which rooms lie where, or the tokens left (listTokenUses). A turn, an enemy
// defeated or a door opened leave it.
func (g *Game) tokensChanged() { g.tokenBoard = boardStamps.Add(1) }

// roomChanged is boardChanged when only the room at (r, c) changed: its stamp is the board's
// new one, the other rooms keep theirs (see View.RoomStamp).
func (g *Game) roomChanged(r, c int) {
	g.boardStamp = boardStamps.Add(1)
	g.roomStamps[r][c] = g.boardStamp
}

// Grid returns the dungeon (read only).
func (g *Game) Grid() *Grid { return &g.grid }

// CardType returns the Card type of a card.
func (g *Game) CardType(c CardRef) *Card { return &g.data.Cards[g.cardType[c]] }

// Exhausted reports whether card c is exhausted.
func (g *Game) Exhausted(c CardRef) bool { return g.exhausted[c>>6]&(1<<(c&63)) != 0 }

func (g *Game) setExhausted(c CardRef, on bool) {
	if on {
		g.exhausted[c>>6] |= 1 << (c & 63)
	} else {
		g.exhausted[c>>6] &^= 1 << (c & 63)
	}
}

// Temple returns the current level's temple (NoTemple on Level 4).
func (g *Game) Temple() TempleID { return g.temple }

// Offered returns the two medallions offered for the next dungeon (during ChooseTemple).
func (g *Game) Offered() []TempleID { return g.offered[:g.nOffered] }

// KeyActivated reports whether the Big Key Room has been activated this level.
func (g *Game) KeyActivated() bool { return g.keyActivated }

// Reset starts a new campaign for players heroes (2-4) with the given seed, reusing the Game's
// memory. The seed fixes every draw and roll (see chance.EpisodeSeed); idx is recorded in events.
func (g *Game) Reset(d *Data, players int, seed, idx uint64) {
	if players < MinPlayers || players > MaxPlayers {
		panic("rules: players out of range")
	}
	sink := g.sink
	*g = Game{} // the arrays are reused: this is one memory clear, no allocation
	g.sink = sink
	g.data, g.players, g.seed, g.idx = d, players, seed, idx
	g.rng.seed(seed)
	g.temple = NoTemple
	for i := range g.attempted {
		g.attempted[i] = NoTemple
	}
	g.setupCampaign()
	g.beginLevel(1)
	g.run()
}

// newCard makes a card instance of type t.
func (g *Game) newCard(t CardID) CardRef {
	c := CardRef(g.nCards)
	g.cardType[c] = t
	g.nCards++
	return c
}

func (g *Game) setupCampaign() {
	d := g.data
	per := d.Setup.SkillCardsPerType[g.players]
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		for _, t := range d.SkillCards {
			for k := 0; k < per; k++ {
				hero.Deck.push(g.newCard(t))
			}
		}
		chance.Shuffle(&g.rng[StreamHeroDeck], hero.Deck.Slice())
		hero.Containers = int8(d.Setup.HeartContainers)
		hero.Hearts = hero.Containers
		hero.Shards = int8(d.Setup.Shards)
		hero.Bottle = NoCard
		hero.Icon = -1
	}
	for _, t := range d.Items {
		for k := 0; k < d.Cards[t].Count; k++ {
			g.itemDeck.push(g.newCard(t))
		}
	}
	chance.Shuffle(&g.rng[StreamItems], g.itemDeck.Slice())
	for tier := 1; tier <= 2; tier++ {
		for _, t := range d.Treasures[tier] {
			for k := 0; k < d.Cards[t].Count; k++ {
				g.tier[tier].push(g.newCard(t))
			}
		}
		chance.Shuffle(&g.rng[StreamTreasure], g.tier[tier].Slice())
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvCampaignStart})
	}
}

// beginLevel starts level lvl: a temple choice on levels 1-3, Ganon's Tower on level 4.
func (g *Game) beginLevel(lvl int) {
	g.level = lvl
	if lvl == Levels {
		g.temple = NoTemple
		g.nOffered = 0
		g.setupLevel()
		return
	}
	// Remove attempted medallions, draw two of the rest at random.
	var pool [MaxTemples]TempleID
	n := 0
	for t := range g.data.Temples {
		if !g.wasAttempted(TempleID(t)) {
			pool[n] = TempleID(t)
			n++
		}
	}
	g.nOffered = min(2, n)
	for i := 0; i < g.nOffered; i++ {
		j := i + g.rng[StreamTemples].Intn(n-i)
		pool[i], pool[j] = pool[j], pool[i]
		g.offered[i] = pool[i]
	}
	g.setPrompt(PromptChooseTemple, -1)
}

func (g *Game) wasAttempted(t TempleID) bool {
	for _, a := range g.attempted {
		if a == t {
			return true
		}
	}
	return false
}

// chooseTemple starts the chosen offered temple's dungeon.
func (g *Game) chooseTemple(i int) {
	g.temple = g.offered[i]
	g.attempted[g.level-1] = g.temple
	g.setupLevel()
}

// setupLevel builds the dungeon and deals the level's cards (rulebook: Setting up a Level).
func (g *Game) setupLevel() {
	d := g.data
	lvl := g.level
	g.layout = &d.Layouts[lvl]
	g.round = 0
	g.keyActivated = false
	g.levelOver = false
	g.specialRooms = 0
	g.failedRound = -1
	g.results[lvl] = LevelResult{Temple: g.temple, LostBy: -1}
	g.buildDungeon()
	g.buildEnemyDeck()

	// Pre-level Items, shuffled into the Hero decks. Cards from the previous level (hand,
	// discard) are first gathered into the deck; equipped cards stay equipped. Every card is
	// upright again (an exhausted card may have been given away into a hand).
	g.exhausted = [len(g.exhausted)]uint64{}
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		hand, discard := hero.HandN, hero.Discard.N
		for hero.HandN > 0 {
			hero.HandN--
			hero.Deck.push(hero.Hand[hero.HandN])
		}
		for hero.Discard.N > 0 {
			hero.Deck.push(hero.Discard.pop())
		}
		if g.sink != nil && int(hand)+int(discard) != 0 {
			g.emit(&Event{Type: EvGather, Hero: int8(h), Hand: hand, Gathered: discard, Deck: hero.Deck.N})
		}
		n := d.Setup.PreLevelFirst
		if lvl > 1 {
			n = 0
			if !hero.Gained {
				n = d.Setup.PreLevelLater
			}
			if prev := g.results[lvl-1]; !prev.Won {
				n += d.Setup.PerMissedSpecialRoom * (5 - prev.SpecialRooms)
			}
		}
		g.preLevelItems(h, n)
		chance.Shuffle(&g.rng[StreamHeroDeck], hero.Deck.Slice())
		hero.Gained = false
		if before := hero.Time; before != int8(d.Setup.TimeTokens) {
			hero.Time = int8(d.Setup.TimeTokens)
			g.emitTime(h, hero.Time-before, SourceLevelStart)
		}
		if d.Settings.HealBetweenLevels && hero.Hearts != hero.Containers {
			before := hero.Hearts
			hero.Hearts = hero.Containers
			g.emitHeal(h, before, SourceLevelStart)
		}
		hero.Pos = Pos{R: int8(g.layout.EntranceRow), C: int8(g.layout.EntranceCol)}
		hero.Engaged, hero.Queue, hero.Summoned, hero.Icon = false, 0, 0, -1
	}
	g.emitLevelStart()
	// Jobs run last in, first out: the starting hands are drawn, then round 1 starts.
	g.pushJob(teamJob(jobStartRound))
	for h := g.players - 1; h >= 0; h-- {
		g.pushJob(drawJob(h, d.Setup.HandFull))
	}
}

// preLevelItems draws n Items for hero h into his deck, redrawing Hearts and Fairies (they go
// back into the Item deck afterwards).
func (g *Game) preLevelItems(h, n int) {
	var aside [MaxRevealed]CardRef
	na := 0
	for n > 0 {
		c, ok := g.drawItem()
		if !ok {
			break
		}
		if g.isRedrawn(c) && na < len(aside) {
			aside[na] = c
			na++
			continue
		}
		if g.isRedrawn(c) { // more redraws than the buffer: give up on this draw
			g.itemDisc.push(c)
			continue
		}
		used := g.CardType(c).WhenGained.Effect != NoEffect
		if g.sink != nil {
			to := PlaceDeck
			if used {
				to = PlaceUsed
			}
			g.emit(&Event{Type: EvGain, Hero: int8(h), Card: g.cardType[c], PreLevel: true, CardTo: to})
		}
		if used {
			g.whenGained(h, c, SourceItem) // a "when gained" Item (a Piece of Heart) takes effect as drawn
		} else {
			g.heroes[h].Deck.push(c)
		}
		n--
	}
	for i := 0; i < na; i++ {
		g.itemDeck.push(aside[i])
	}
	if na > 0 {
		chance.Shuffle(&g.rng[StreamItems], g.itemDeck.Slice())
	}
}

func (g *Game) isRedrawn(c CardRef) bool {
	t := g.cardType[c]
	for _, r := range g.data.Setup.PreLevelRedraw {
		if r == t {
			return true
		}
	}
	return false
}

// drawItem draws the top Item card, rebuilding an empty deck from the discards (decision 8).
func (g *Game) drawItem() (CardRef, bool) {
	if g.itemDeck.N == 0 {
		if !g.data.Settings.ReshuffleEmptyItemDeck || g.itemDisc.N == 0 {
			return NoCard, false
		}
		for g.itemDisc.N > 0 {
			g.itemDeck.push(g.itemDisc.pop())
		}
		chance.Shuffle(&g.rng[StreamItems], g.itemDeck.Slice())
	}
	return g.itemDeck.pop(), true
}

// buildDungeon lays out the zone piles (rulebook: Setting up the Dungeon).
func (g *Game) buildDungeon() {
	d := g.data
	l := g.layout
	g.grid.Rows, g.grid.Cols = int8(l.Rows), int8(l.Cols)
	g.boardChanged()
	g.tokensChanged()
	for r := range g.grid.Rooms {
		for c := range g.grid.Rooms[r] {
			g.grid.Rooms[r][c] = Room{}
		}
	}
	// Temple-specific tiles (Level 4: the three attempted temples together) and generic tiles.
	var temple, generic [MaxTiles]TileID
	nt := 0
	if g.temple != NoTemple {
		nt = copy(temple[:], d.Temples[g.temple].Tiles)
	} else {
		for _, t := range g.attempted {
			if t != NoTemple {
				nt += copy(temple[nt:], d.Temples[t].Tiles)
			}
		}
	}
	ng := copy(generic[:], d.Generic)
	chance.Shuffle(&g.rng[StreamDungeon], temple[:nt])
	chance.Shuffle(&g.rng[StreamDungeon], generic[:ng])
	ti, gi := 0, 0
	bossRoom := d.Ganon.BossRoom
	entrance := d.Ganon.Entrance
	if g.temple != NoTemple {
		bossRoom = d.Temples[g.temple].BossRoom
		entrance = d.Temples[g.temple].Entrance
	}
	for z, zone := range l.Zones {
		var pile [MaxRows * MaxCols]TileID
		n := 0
		for _, k := range zone.Special {
			if k == BossRoom {
				pile[n] = bossRoom
			} else {
				pile[n] = d.SpecialTiles[k]
			}
			n++
		}
		for k := 0; k < zone.Temple; k++ {
			pile[n] = temple[ti]
			ti++
			n++
		}
		for k := 0; k < zone.Generic; k++ {
			pile[n] = generic[gi]
			gi++
			n++
		}
		chance.Shuffle(&g.rng[StreamDungeon], pile[:n])
		i := 0
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				if int(l.Cells[r][c]) == z {
					g.grid.Rooms[r][c].Tile = pile[i]
					g.grid.Rooms[r][c].Pile = int8(z)
					i++
				}
			}
		}
	}
	e := &g.grid.Rooms[l.EntranceRow][l.EntranceCol]
	e.Tile, e.Pile = entrance, -1
	g.tileCount = [MaxTiles + 1]uint8{}
	for r := 0; r < l.Rows; r++ {
		for c := 0; c < l.Cols; c++ {
			g.tileCount[g.grid.Rooms[r][c].Tile]++
		}
	}
	e.FaceUp = true
	g.initRoom(l.EntranceRow, l.EntranceCol)
}

// initRoom sets the tokens of a room as it is turned face up.
func (g *Game) initRoom(r, c int) {
	g.roomChanged(r, c)
	room := &g.grid.Rooms[r][c]
	t := &g.data.Tiles[room.Tile]
	hasWater := false
	for i := range t.Spaces {
		hasWater = hasWater || t.Spaces[i].Water
	}
	if hasWater {
		// More high-water rooms than low: low; otherwise high.
		high, low := 0, 0
		for rr := 0; rr < int(g.grid.Rows); rr++ {
			for cc := 0; cc < int(g.grid.Cols); cc++ {
				switch g.grid.Rooms[rr][cc].Water {
				case HighWater:
					high++
				case LowWater:
					low++
				}
			}
		}
		if high > low {
			room.Water = LowWater
		} else {
			room.Water = HighWater
		}
	}
}

func (g *Game) buildEnemyDeck() {
	d := g.data
	g.enemyDeck.N, g.enemyDisc.N = 0, 0
	add := func(t TempleID) {
		for _, e := range d.Temples[t].Enemies {
			for k := 0; k < d.Enemies[e].Count && g.enemyDeck.N < MaxEnemyPile; k++ {
				g.enemyDeck.push(e)
			}
		}
	}
	if g.temple != NoTemple {
		add(g.temple)
	} else {
		for _, t := range g.attempted {
			if t != NoTemple {
				add(t)
			}
		}
	}
	g.enemyTotal = int(g.enemyDeck.N)
	g.enemyCount = [MaxEnemies + 1]uint8{}
	for i := 0; i < int(g.enemyDeck.N); i++ {
		g.enemyCount[g.enemyDeck.Cards[i]]++
	}
	chance.Shuffle(&g.rng[StreamEnemies], g.enemyDeck.Cards[:g.enemyDeck.N])
}

// drawEnemy draws the top Enemy card, rebuilding an empty deck from the discards (decision 8).
func (g *Game) drawEnemy() (EnemyID, bool) {
	if g.enemyDeck.N == 0 {
		if !g.data.Settings.ReshuffleEmptyEnemyDeck || g.enemyDisc.N == 0 {
			return 0, false
		}
		for g.enemyDisc.N > 0 {
			g.enemyDeck.push(g.enemyDisc.pop())
		}
		chance.Shuffle(&g.rng[StreamEnemies], g.enemyDeck.Cards[:g.enemyDeck.N])
	}
	return g.enemyDeck.pop(), true
}

// startRound begins a new round: per-round marks are cleared.
func (g *Game) startRound() {
	g.round++
	g.bossAttacked = false
	g.bossAttempts = 0
	for r := 0; r < int(g.grid.Rows); r++ {
		for c := 0; c < int(g.grid.Cols); c++ {
			room := &g.grid.Rooms[r][c]
			closing := g.data.Settings.DoorsCloseAtRoundEnd && room.OpenedDoors != 0
			if room.DefeatedMask == 0 && room.RiftIgnored == 0 && !closing {
				continue // nothing to clear: the room keeps its stamp
			}
			room.DefeatedMask, room.RiftIgnored = 0, 0
			if closing {
				room.OpenedDoors = 0
			}
			g.roomChanged(r, c)
		}
	}
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		hero.Passed, hero.Acted = false, false
		hero.CarryMove = 0
		hero.Crossings = 0
		hero.Shield = 0
	}
	g.order = 0
	if g.sink != nil {
		g.emit(&Event{Type: EvRoundStart})
	}
	g.setPrompt(PromptMain, -1)
}

// endLevelBy ends the current level as a loss because hero h could not draw or discard.
func (g *Game) endLevelBy(h int, reason LossReason) {
	if !g.levelOver {
		g.results[g.level].LostBy = h
	}
	g.endLevel(false, reason)
}

// endLevel ends the current level with the heroes' win or loss.
func (g *Game) endLevel(won bool, reason LossReason) {
	if g.levelOver {
		return
	}
	g.levelOver = true
	res := &g.results[g.level]
	res.Won, res.Reason, res.Rounds = won, reason, g.round
	res.SpecialRooms = g.specialRooms
	if g.level == Levels && !won {
		shards := 0
		for i := 0; i < g.players; i++ {
			shards += int(g.heroes[i].Shards)
		}
		res.Shortfall = g.data.Ganon.Targets[g.players]
		for s := range res.Shortfall {
			res.Shortfall[s] = max(0, res.Shortfall[s]-int16(shards*g.data.Settings.GanonShardValue))
		}
		if g.pay.active && g.pay.purpose == purBoss { // a fight cut short by the level's end
			g.recordGanonFight(g.pay.need)
		}
		if res.GanonFights == 0 {
			res.GanonNeed = res.Shortfall
		}
	}
	if g.sink != nil {
		g.emit(&Event{Type: EvLevelEnd, Won: won, Reason: reason, Hero: int8(res.LostBy)})
	}
	g.nJobs = 0                                           // nothing of the level is left to do
	if g.prompt == PromptPlace && g.gain.card != NoCard { // a gained card waiting: discard it
		g.place(MakeAction(ActToDiscard, int(g.gain.placer), 0, 0, 0))
	}
	g.pay = payment{}
	g.act = activation{}
	g.gain, g.reward, g.step = gainChoice{card: NoCard}, rewardChoice{}, stepState{}
	g.forced = forcedDiscard{}
	// Engaged enemies and revealed cards go back where they belong.
	for h := 0; h < g.players; h++ {
		hero := &g.heroes[h]
		if hero.Engaged {
			g.enemyDisc.push(hero.Enemy)
			hero.Engaged = false
		}
		hero.Queue, hero.Summoned, hero.Icon = 0, 0, -1
		if hero.Hearts == 0 { // killed as the level ended: he still gets back up
			hero.Hearts = min(hero.Containers, int8(g.data.Setup.KilledRegain))
			g.emitHeal(h, 0, SourceKilled)
		}
	}
	for i := 0; i < g.nRevealed; i++ {
		g.discardRevealed(g.revealed[i])
	}
	g.nRevealed = 0
	g.prompt = PromptNone
	if g.level == Levels {
		g.over = true
		g.won = won
		if g.sink != nil {
			g.emit(&Event{Type: EvCampaignEnd, Won: won})
		}
		return
	}
	// The next level starts once the procedure that ended this one has unwound: until then
	// levelOver makes every further job, prompt and payment of the old level a no-op.
	g.jobs[0] = teamJob(jobNextLevel)
	g.nJobs = 1
}

// discardRevealed puts a revealed, unchosen card back: Items to the Item discard pile,
// Treasures to the bottom of their deck.
func (g *Game) discardRevealed(c CardRef) {
	t := g.CardType(c)
	if t.Class == TreasureClass {
		g.tier[t.Tier].pushBottom(c)
		return
	}
	g.itemDisc.push(c)
}
