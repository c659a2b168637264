package clockwork

// Clone copies the whole game into dst (reusing dst's memory: no allocation), without the
// event sink. Lookahead agents play copies forward; a copy knows the hidden state (deck order,
// face-down rooms), so an agent that must not cheat reads only through View.
func (g *Game) Clone(dst *Game) {
	*dst = *g
	dst.sink = nil
}

// View is what the team of heroes can see: everything on the table and in their hands, but not
// the order of any deck nor the tiles of face-down rooms. Agents decide from a View.
type View struct{ g *Game }

// View returns the heroes' view of the game: in a co-operative game every hero (seat) sees the
// same.
func (g *Game) View(seat int) View { return View{g} }

// TrueGame returns the game behind the view, hidden state and all (deck orders, face-down rooms,
// the dice to come). It is for bounds that cheat by design, such as the clairvoyant agent (the
// ceiling of the skill ladder), never for a playing agent: their no-peeking tests resample what
// the heroes cannot see and require the same choices.
func (v View) TrueGame() *Game { return v.g }

// Data returns the game data (public: it is the box).
func (v View) Data() *Data { return v.g.data }

// Players returns the number of heroes.
func (v View) Players() int { return v.g.players }

// Level returns the current level (1-4) and Round the current round.
func (v View) Level() int { return v.g.level }

// Round returns the current round of the level.
func (v View) Round() int { return v.g.round }

// Prompt returns the decision awaited, and Actor the hero it is about (-1: the team).
func (v View) Prompt() Prompt { return v.g.prompt }

// ToMove returns the hero the current decision is about, or -1 when it is the team's.
func (v View) ToMove() int { return int(v.g.actor) }

// LegalActions appends the legal actions to buf (see Game.LegalActions).
func (v View) LegalActions(buf []Action) []Action { return v.g.LegalActions(buf) }

// Temple returns the current temple (NoTemple on Level 4) and Offered the medallions offered.
func (v View) Temple() TempleID { return v.g.temple }

// Offered returns the medallions offered at a temple choice.
func (v View) Offered() []TempleID { return v.g.Offered() }

// Attempted returns the temples attempted so far (NoTemple for levels not yet played).
func (v View) Attempted() [3]TempleID { return v.g.attempted }

// BoardStamp names the board as it is: the rooms and their turns, doors opened, enemies
// defeated, rifts ignored, water, chests, pots, activations and tokens. It changes whenever the
// board does, so two views with the same stamp (not 0, which names nothing) show the same
// rooms: the same game, or a copy of it, with the board unchanged since.
func (v View) BoardStamp() uint64 { return v.g.boardStamp }

// RoomStamp names the room at (r, c) as BoardStamp names the board: two views with the same
// stamp (not 0) for a cell show the same room there.
func (v View) RoomStamp(r, c int) uint64 { return v.g.roomStamps[r][c] }

// TokenUses returns how many Compass and Map token uses LegalActions lists for each hero at a
// main decision (any hero may spend the tokens): each hero's are listed one after another, in
// the same order, so that an agent can pass over them at once.
func (v View) TokenUses() int { return len(v.g.keptTokenUses(0)) }

// KeyActivated reports whether the Big Key Room is activated.
func (v View) KeyActivated() bool { return v.g.keyActivated }

// BossAttemptsLeft returns the boss attempts still allowed this round.
func (v View) BossAttemptsLeft() int {
	return v.g.data.Settings.BossAttemptsPerRound - v.g.bossAttempts
}

// Rows and Cols return the size of the dungeon.
func (v View) Rows() int { return int(v.g.grid.Rows) }

// Cols returns the number of columns of the dungeon.
func (v View) Cols() int { return int(v.g.grid.Cols) }

// RoomView is what can be seen of a room: nothing but its back when it is face down.
type RoomView struct {
	FaceUp bool
	Tile   *Tile // nil when face down
	Room   Room  // tokens and orientation (meaningful when face up)
}

// Room returns what can be seen of the room at (r, c).
func (v View) Room(r, c int) RoomView {
	room := v.g.grid.Rooms[r][c]
	if !room.FaceUp {
		return RoomView{}
	}
	return RoomView{FaceUp: true, Tile: &v.g.data.Tiles[room.Tile], Room: room}
}

// HeroView is what can be seen of a hero: his hand and equipment (the team plays together),
// the size of his deck, his discard pile (face up), hearts and tokens.
type HeroView struct {
	Hand       []CardRef
	Equip      []CardRef
	Discard    []CardRef
	Deck       int
	Hearts     int
	Containers int
	Pieces     int
	Shards     int
	Time       int
	Pos        Pos
	CarryMove  int
	Crossings  int // barrier crossings granted this round
	Passed     bool
	Engaged    bool
	Enemy      EnemyID // the engaged enemy (its card is face up)
	ForRoom    bool
	Bottle     CardRef
}

// Hero returns what can be seen of hero h. Its slices alias the game: read them before the
// next Apply.
func (v View) Hero(h int) HeroView {
	x := &v.g.heroes[h]
	return HeroView{Hand: x.Hand[:x.HandN], Equip: x.Equip[:x.EquipN], Discard: x.Discard.Slice(),
		Deck: int(x.Deck.N), Hearts: int(x.Hearts), Containers: int(x.Containers), Pieces: int(x.Pieces),
		Shards: int(x.Shards), Time: int(x.Time), Pos: x.Pos, CarryMove: int(x.CarryMove), Crossings: int(x.Crossings), Passed: x.Passed,
		Engaged: x.Engaged, Enemy: x.Enemy, ForRoom: x.ForRoom, Bottle: x.Bottle}
}

// CardID returns the type id of a visible card (an index into Data.Cards).
func (v View) CardID(c CardRef) CardID { return v.g.cardType[c] }

// CardType returns the type of a visible card.
func (v View) CardType(c CardRef) *Card { return v.g.CardType(c) }

// Exhausted reports whether a card is exhausted.
func (v View) Exhausted(c CardRef) bool { return v.g.Exhausted(c) }

// HandSize returns hero h's hand size.
func (v View) HandSize(h int) int { return v.g.HandSize(h) }

// Revealed returns the cards shown for a choice (PromptKeep).
func (v View) Revealed() []CardRef { return v.g.revealed[:v.g.nRevealed] }

// KillLoses reports whether hero h, killed now, could not make the skull discards: his hand,
// equipment and deck (and his discard pile, when a Time token or a Shard could rebuild the
// deck under rules.forced_discard_reshuffle) hold fewer cards than the level's skull value.
func (v View) KillLoses(h int) bool {
	g := v.g
	hero := &g.heroes[h]
	have := int(hero.HandN) + int(hero.EquipN) + int(hero.Deck.N)
	if g.data.Settings.ForcedDiscardReshuffle && (hero.Time > 0 || hero.Shards > 0) {
		have += int(hero.Discard.N)
	}
	return have < int(g.data.Skull[g.level])
}

// ShardFor says what the Shard question (PromptShard) is for: a draw, or a forced discard
// that loses the level when declined.
func (v View) ShardFor() ReshuffleFor { return v.g.shardFor }

// Placing returns the gained card waiting to be placed (PromptPlace).
func (v View) Placing() CardRef { return v.g.gain.card }

// PayNeed returns what the payment in progress still needs, its performer and whether it is a
// movement (PromptPay).
func (v View) PayNeed() (Cost, int) { return v.g.pay.need, int(v.g.pay.hero) }

// PayPlayed returns how many cards the payment in progress has had played toward it.
func (v View) PayPlayed() int { return int(v.g.pay.played) }

// PayInteractOnly returns the heroes who joined the payment in progress with Interact from
// afar: they may go on with Interact only (bit per hero).
func (v View) PayInteractOnly() uint8 { return v.g.pay.interactOnly }

// PayContributors returns the set of heroes who may play toward the payment (bit per hero).
func (v View) PayContributors() uint8 { return v.g.pay.contributors }

// BossNeed returns the cost of k multiples of the current boss (Ganon: the totals less the
// Shards of the heroes in the Boss Room).
func (v View) BossNeed(k int) Cost { return v.g.bossNeed(k) }

// DoorMove returns the Move for hero h to leave through the door on board side d, or false.
func (v View) DoorMove(h int, d Edge) (int, bool) { return v.g.doorMove(h, d) }

// EnemyDeck returns the number of Enemy cards left to draw.
func (v View) EnemyDeck() int { return int(v.g.enemyDeck.N) }

// Hazard returns the X of the hazard being entered (PromptHazard).
func (v View) Hazard() int { return int(v.g.step.hazard) }

// Result returns how level lvl went (once over).
func (v View) Result(lvl int) LevelResult { return v.g.results[lvl] }

// SpecialRooms returns the special rooms activated so far this level.
func (v View) SpecialRooms() int { return v.g.specialRooms }

// CardAt returns hero h's card in an action slot (a hand index, or MaxHand + equipped index).
func (v View) CardAt(h, slot int) CardRef {
	c, _ := v.g.cardAt(h, slot)
	return c
}

// Play returns what an ActPlay action gives toward the payment: the skill and amount.
func (v View) Play(a Action) (Skill, int) {
	c, equipped := v.g.cardAt(a.Hero(), a.X())
	s, amt, _, _ := v.g.contribution(c, a.Y(), equipped)
	return s, amt
}

// PayPurpose returns the name of what the payment in progress is for ("door", "defeat"...).
func (v View) PayPurpose() string { return purposeNames[v.g.pay.purpose] }

// Tokens returns the Hero tokens left on the Compass or Map Room (0 if none).
func (v View) Tokens(k SpecialKind) int {
	r, c, ok := v.g.findSpecial(k)
	if !ok {
		return 0
	}
	return int(v.g.grid.Rooms[r][c].Tokens)
}

// BossRoomHeroes returns the set of heroes in the Boss Room (bit per hero).
func (v View) BossRoomHeroes() uint8 { return v.g.bossRoomHeroes() }

// EngagedNeed returns what hero h still needs to defeat his engaged enemy.
func (v View) EngagedNeed(h int) Cost { return v.g.defeatNeed(h) }

// CanAfford reports whether the heroes in set could cover need with their cards (an upper bound:
// the sum of each card's best contribution).
func (v View) CanAfford(set uint8, h int, need Cost) bool { return v.g.canAfford(set, h, need, false) }

// CanPay reports exactly whether the heroes in set can cover need with the cards they hold now
// (each card paying one skill in one mode). A movement's cost should first be reduced by the
// mover's carried-over Move (CanPayMove does).
func (v View) CanPay(set uint8, h int, need Cost) bool { return v.g.canPay(set, h, need, false) }

// CanPayMove is CanPay for a movement of hero h: his carried-over Move counts first.
func (v View) CanPayMove(set uint8, h int, need Cost) bool { return v.g.canPay(set, h, need, true) }

// BossNeedFor returns the cost of k multiples of the current boss if the heroes in set were in
// the Boss Room (Ganon: the totals less their Shards).
func (v View) BossNeedFor(k int, set uint8) Cost { return v.g.bossNeedFor(k, set) }

// Sharing returns the heroes in hero h's space (bit per hero).
func (v View) Sharing(h int) uint8 { return v.g.sharing(h) }

// SameRoom returns the heroes in hero h's room (bit per hero).
func (v View) SameRoom(h int) uint8 { return v.g.sameRoom(h) }

// CogPlan is what a Cog variant would do: the cells it turns or moves, in the order the rooms
// move (each to the next, the last to the first), and how.
type CogPlan struct {
	Kind  CogKind
	CW    bool // the Cog's room (Multi-Cog, Cogveyor) or the block (Big Cog) turns clockwise
	Cells [MaxRows + MaxCols][2]int
	N     int
	Shift bool // Cogveyor: the line moves
	Turn  bool // Big Cog: the moved rooms turn too
}

// PlanCog returns what variant v of the Cog in the room at (r, c) would do, if it is legal.
func (v View) PlanCog(r, c, variant int) (CogPlan, bool) {
	if !v.g.cogVariantLegal(int8(r), int8(c), variant) {
		return CogPlan{}, false
	}
	p, _ := v.g.planCog(r, c, variant)
	return CogPlan{Kind: p.kind, CW: p.cw, Cells: p.cells, N: p.n, Shift: p.shift, Turn: v.g.data.Settings.BigCogTurnsRooms}, true
}

// CogRoom returns the room of the Cog being activated (PromptCog).
func (v View) CogRoom() (int, int) { return int(v.g.step.cogR), int(v.g.step.cogC) }

// EnemyDraw returns the Enemy cards drawn for the engagement being chosen (PromptEnemyTie:
// ActEngageCard's X indexes them; those tied for the highest Defeat total are offered).
func (v View) EnemyDraw() []EnemyID { return v.g.draw.drawn[:v.g.draw.n] }
