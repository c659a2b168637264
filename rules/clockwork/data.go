// Package clockwork (imported as rules) owns the game of The Legend of Zelda: Clockwork Realm: the immutable component
// data (this file and its neighbours) and, built on it, the game state and its rules.
//
// Data is built once (by package configs, from YAML) and shared read-only by every worker. All
// cross references are small integer ids into Data's tables, so the hot loop never touches a map
// or a string.
package clockwork

// Limits of the fixed-size game state. Data that exceeds them is rejected by the loader.
const (
	MinPlayers   = 2   // fewest heroes in a campaign
	MaxPlayers   = 4   // most heroes in a campaign
	Levels       = 4   // levels in a campaign; level 4 is Ganon's Tower
	MaxRows      = 7   // most rows of a dungeon layout
	MaxCols      = 7   // most columns of a dungeon layout
	MaxSpaces    = 4   // most spaces in one room
	DieFaces     = 8   // faces of the die
	MaxCardTypes = 255 // most distinct Hero card types (Skill, Item and Treasure together)
	MaxEnemies   = 255 // most distinct Enemy card types
	MaxTiles     = 255 // most distinct tiles
	MaxTemples   = 16  // most temples
	MaxSteps     = 4   // most steps in one special-room activation
	MaxIcons     = 4   // most enemy icons (and, separately, switches) in one space
)

// Skill is one of the three skills that power actions and pay for effects.
type Skill uint8

// The three skills, in the order used by Cost.
const (
	Move Skill = iota
	Attack
	Interact
	NumSkills
	AnySkill Skill = 255 // an ability whose skill the player picks when playing it
)

// String returns the skill's name as written in the data files.
func (s Skill) String() string {
	switch s {
	case Move:
		return "move"
	case Attack:
		return "attack"
	case Interact:
		return "interact"
	case AnySkill:
		return "any"
	}
	return "?"
}

// Cost is an amount of each skill, indexed by Skill.
type Cost [NumSkills]int16

// Total returns the sum of the three amounts.
func (c Cost) Total() int { return int(c[Move]) + int(c[Attack]) + int(c[Interact]) }

// Edge is a side of a room tile: North, East, South or West, as printed (rotation 0).
type Edge uint8

// The four edges, clockwise from North.
const (
	North Edge = iota
	East
	South
	West
	NumEdges
)

// String returns the edge's letter as written in the data files.
func (e Edge) String() string { return string("NESW?"[min(int(e), 4)]) }

// Opposite returns the edge facing e across a room boundary.
func (e Edge) Opposite() Edge { return (e + 2) & 3 }

// RollMode says how the die is rolled for damage.
type RollMode uint8

// Roll modes: Brutal keeps the higher of two rolls, Weak the lower.
const (
	RollNormal RollMode = iota
	RollBrutal
	RollWeak
)

// String returns the mode's name as written in the data files.
func (m RollMode) String() string { return [...]string{"normal", "brutal", "weak"}[m] }

// CardClass says which kind of Hero card a card type is.
type CardClass uint8

// The three kinds of Hero cards.
const (
	SkillCardClass CardClass = iota
	ItemClass
	TreasureClass
)

// Effect is one entry of the closed vocabulary of card abilities that the engine implements.
type Effect uint8

// The card ability vocabulary (docs/data.md describes each).
const (
	NoEffect Effect = iota
	EffectSkill
	EffectRemoteEngage
	EffectRemoteInteract
	EffectHeal
	EffectHealFull
	EffectPieceOfHeart
	EffectOpenDoor
	EffectRefillHand
	EffectExtraDraw
	EffectCrossBarrier
	EffectReduceDamage
	EffectRotateRoom
	EffectGainItem
	EffectTimeToken
	EffectBottle
	NumEffects
)

// EffectNames are the data-file names of the card effects, indexed by Effect.
var EffectNames = [NumEffects]string{"", "skill", "remote_engage", "remote_interact", "heal",
	"heal_full", "piece_of_heart", "open_door", "refill_hand", "extra_draw", "cross_barrier",
	"reduce_damage", "rotate_room", "gain_item", "time_token", "bottle"}

// String returns the effect's data-file name.
func (e Effect) String() string { return EffectNames[e] }

// Ability is one ability of an Item or Treasure card.
type Ability struct {
	Effect  Effect
	Skill   Skill // for skill and remote_engage (AnySkill allowed for skill)
	Amount  int8  // amount of skill, hearts, cards or tokens
	Range   int8  // rooms away, for remote and rotate effects
	AnyHero bool  // the target may be any hero (else the player's own hero)
	Exhaust bool  // bottom abilities: used by exhausting the card (else always on)
}

// Card is a Hero card type: a Skill card type, an Item or a Treasure.
type Card struct {
	ID     string
	Name   string
	Class  CardClass
	Count  int   // copies in the box (Items: in the Item deck; Treasures: in their tier's deck)
	Tier   uint8 // Treasures: 1 or 2
	Skills [2]Skill
	Amount int8 // Skill cards: the strength of either skill
	// WhenGained is the effect of an Item that is used as soon as it is gained.
	WhenGained Ability
	Top        Ability
	Bottom     Ability
}

// TempleID indexes Data.Temples. NoTemple marks tiles and data that belong to none.
type TempleID int8

// NoTemple is the TempleID of generic tiles, special rooms and Ganon's tiles.
const NoTemple TempleID = -1

// Temple is one of the dungeons a level can be played in.
type Temple struct {
	ID        string
	Name      string
	Medallion string
	// Difficulty is a designer's difficulty score for temple choice (0: derive it from the
	// temple's enemies and boss; see strategies.Difficulty).
	Difficulty float64
	Boss       uint8  // index into Data.Bosses
	Entrance   TileID // its entrance tile
	BossRoom   TileID // its Boss Room tile
	Enemies    []EnemyID
	Tiles      []TileID // temple-specific tiles
}

// EnemyID indexes Data.Enemies.
type EnemyID uint8

// EnemyEffect is one entry of the closed vocabulary of enemy special abilities.
type EnemyEffect uint8

// The enemy special ability vocabulary (docs/data.md describes each).
const (
	NoEnemyEffect EnemyEffect = iota
	EnemyPayOrShuffleBack
	EnemySummon
	EnemyExtraDamage
	EnemyDiscardCards
	EnemyDiscardEquipped
	EnemyLoseHearts
	EnemyLoseTimeToken
	NumEnemyEffects
)

// EnemyEffectNames are the data-file names of enemy abilities, indexed by EnemyEffect.
var EnemyEffectNames = [NumEnemyEffects]string{"", "pay_or_shuffle_back", "summon",
	"extra_damage", "discard_cards", "discard_equipped", "lose_hearts", "lose_time_token"}

// EnemyAbility is an enemy's special ability, applied whenever it is engaged.
type EnemyAbility struct {
	Effect EnemyEffect
	Skill  Skill
	Amount int8
}

// Enemy is an Enemy card type.
type Enemy struct {
	ID         string
	Name       string
	Temple     TempleID
	Count      int  // copies in the temple's Enemy deck
	Defeat     Cost // skill needed to defeat it
	Evade      int8 // Move needed to evade it
	Reward     int8 // Items drawn (keep one) when defeated
	Roll       RollMode
	Vulnerable [4]CardID // two Tier I then two Tier II Treasures
	Ability    EnemyAbility
}

// BossEffect is one entry of the closed vocabulary of boss special attacks.
type BossEffect uint8

// The boss special attack vocabulary (docs/data.md describes each).
const (
	NoBossEffect BossEffect = iota
	BossRollDamage
	BossLoseHearts
	BossDiscardCards
	BossExhaustEquipped
	BossRollOff
	NumBossEffects
)

// BossEffectNames are the data-file names of boss special attacks, indexed by BossEffect.
var BossEffectNames = [NumBossEffects]string{"", "roll_damage", "lose_hearts", "discard_cards",
	"exhaust_equipped", "roll_off"}

// BossAttack is a boss's special attack, made before each attempt to defeat it.
type BossAttack struct {
	Effect  BossEffect
	Mode    RollMode // roll_damage
	Bonus   int8     // roll_damage: added to the die
	Amount  int8     // hearts or cards
	Highest bool     // roll_off: the highest roll loses (else the lowest)
}

// Boss is a temple's boss.
type Boss struct {
	ID     string
	Name   string
	Temple TempleID
	// Cost is the cost of one multiple, indexed by level (1-3; index 0 unused).
	Cost   [Levels]Cost
	Attack BossAttack
}

// Ganon is the boss of Ganon's Tower (level 4).
type Ganon struct {
	Name     string
	Entrance TileID
	BossRoom TileID
	// Targets are the totals needed to defeat Ganon, indexed by player count (2-4).
	Targets [MaxPlayers + 1]Cost
	Attack  BossAttack
}

// SpecialKind is the kind of a special room.
type SpecialKind uint8

// The special rooms. The first four are generic tiles; Boss Rooms are per temple.
const (
	NotSpecial SpecialKind = iota
	Compass
	Map
	TreasureRoom
	KeyRoom
	BossRoom
	NumSpecialKinds
)

// SpecialNames are the data-file names of special rooms, indexed by SpecialKind.
var SpecialNames = [NumSpecialKinds]string{"", "compass", "map", "treasure", "key", "boss"}

// String returns the special room's data-file name ("" for an ordinary room).
func (k SpecialKind) String() string { return SpecialNames[k] }

// Step is one step of a special room's activation: an enemy to defeat (Enemy > 0, drawn as an
// advanced enemy of that number) or a switch cost.
type Step struct {
	Enemy int8
	Cost  Cost
}

// SpecialRoom holds the activation costs and rewards of one of the four generic special rooms.
type SpecialRoom struct {
	Kind       SpecialKind
	ID         string
	Name       string
	TimeTokens int8 // Time tokens each hero gains when it is activated
	HeroTokens int8 // Compass and Map: Hero tokens taken (one per hero as Time token, the rest stay)
	// Activation holds the steps per level (1-4; index 0 unused).
	Activation [Levels + 1][]Step
	// MaxTreasures and Tier2From (per level, 1-based) are for the Treasure Room.
	MaxTreasures int8
	Tier2From    [Levels + 1]int8
}

// TileID indexes Data.Tiles.
type TileID uint8

// TileKind says what a tile is.
type TileKind uint8

// The kinds of dungeon tiles.
const (
	GenericTile TileKind = iota
	TempleTile
	SpecialTile
	BossTile
	EntranceTile
	NumTileKinds
)

// TileKindNames are the data-file names of tile kinds, indexed by TileKind.
var TileKindNames = [NumTileKinds]string{"generic", "temple", "special", "boss", "entrance"}

// String returns the kind's data-file name.
func (k TileKind) String() string { return TileKindNames[k] }

// DoorKind is the state of a door as printed.
type DoorKind uint8

// No door, an open door (with a Move cost), or a closed door.
const (
	NoDoor DoorKind = iota
	OpenDoor
	ClosedDoor
)

// Door is a door on a room's edge.
type Door struct {
	Kind DoorKind
	Cost int8 // Move to go through (1 unless printed)
}

// Target names the activatable feature a switch or enemy icon activates (decision 10).
type Target uint8

// Targets: a door on one of the four edges, the room's Cog, or its water.
const (
	NoTarget Target = iota
	TargetDoorN
	TargetDoorE
	TargetDoorS
	TargetDoorW
	TargetCog
	TargetWater
)

// DoorTarget returns the Target of the door on edge e.
func DoorTarget(e Edge) Target { return TargetDoorN + Target(e) }

// CogKind is the kind of Cog in a space.
type CogKind uint8

// The three Cogs.
const (
	NoCog CogKind = iota
	MultiCog
	BigCog
	Cogveyor
)

// EnemyIcon is an enemy printed in a space.
type EnemyIcon struct {
	Draw   int8 // Enemy cards drawn (advanced number; 1 for an ordinary enemy)
	Target Target
}

// Switch is a switch printed in a space.
type Switch struct {
	Interact int8
	Target   Target
}

// Space is one space of a room, with the features printed in it.
type Space struct {
	Enemies   []EnemyIcon
	Switches  []Switch
	Pots      int8
	Hazard    int8 // X added to the damage roll; 0 = no hazard
	Rift      bool
	Chest     bool
	Telepathy bool
	Water     bool
	Cog       CogKind
}

// Tile is a dungeon tile as printed (rotation 0).
type Tile struct {
	ID      string
	Name    string
	Kind    TileKind
	Temple  TempleID
	Special SpecialKind
	Arrow   Edge // the entrance-arrow edge (entrance tiles: North)
	Spaces  []Space
	// Doors are the doors on each edge, and DoorSpace the space owning each (-1 if none).
	Doors     [NumEdges]Door
	DoorSpace [NumEdges]int8
	// Barriers and Tunnels are bit sets of space pairs: bit i*MaxSpaces+j (and j*MaxSpaces+i).
	Barriers uint16
	Tunnels  uint16
	CogSpace int8 // the space with the Cog, or -1
}

// PairBit returns the bit of the pair of spaces (i, j) in Tile.Barriers and Tile.Tunnels.
func PairBit(i, j int) uint16 { return 1<<(i*MaxSpaces+j) | 1<<(j*MaxSpaces+i) }

// Zone is one coloured zone of a layout and the pile of tiles that fills it.
type Zone struct {
	Letter  byte
	Special []SpecialKind
	Generic int
	Temple  int
}

// Layout is the shape of one level's dungeon.
type Layout struct {
	Level       int
	Rows, Cols  int
	EntranceRow int
	EntranceCol int
	Zones       []Zone
	Cells       [MaxRows][MaxCols]int8 // zone index of each cell; -1 for the entrance
}

// Setup holds the campaign setup numbers.
type Setup struct {
	// SkillCardsPerType is indexed by player count (2-4).
	SkillCardsPerType    [MaxPlayers + 1]int
	HeartContainers      int
	Shards               int
	HandFull, HandHurt   int
	TimeTokens           int
	PreLevelFirst        int
	PreLevelLater        int
	PerMissedSpecialRoom int
	PreLevelRedraw       []CardID
	KilledRegain         int
	PiecesPerContainer   int
}

// HeroOrder says how heroes take turns inside a round (decision 16).
type HeroOrder uint8

// Free: any order, one action at a time. Sequential: each hero finishes before the next.
const (
	FreeOrder HeroOrder = iota
	SequentialOrder
)

// CarryOver says how long a hero's leftover Move carries over (decision 9).
type CarryOver uint8

// The carry-over readings (rules.move_carry_over).
const (
	// CarryOff: no Move carries over.
	CarryOff CarryOver = iota
	// CarryUntilOtherActs: the mover's own leftover Move survives his own other actions and
	// is lost as soon as another hero performs an action (printed: "they (but not other
	// heroes) perform another action").
	CarryUntilOtherActs
	// CarryUntilRoundEnd: leftover Move lasts until the end of the round (the first reading).
	CarryUntilRoundEnd
)

// CarryOverNames are the values of rules.move_carry_over, indexed by CarryOver.
var CarryOverNames = [...]string{"off", "until_other_hero_acts", "until_round_end"}

// Settings holds the reference sheet's numbers and the settings of our rule decisions.
type Settings struct {
	ChestInteract        int
	ChestItems           int
	TreasureDraw         int
	WaterHighToDry       int
	WaterHighToLow       int
	RiftDiscards         [2]int
	GanonShardValue      int
	HazardRollCap        int
	BossAttemptsPerRound int
	CogsMoveEntrance     bool
	CogsMoveSpecialRooms bool
	// MapSwapsFaceDown: a Map token may swap face-down rooms too (printed: "any 2 rooms");
	// false is the first reading (face-up rooms only, reading 27).
	MapSwapsFaceDown          bool
	ReshuffleEmptyEnemyDeck   bool
	ReshuffleEmptyItemDeck    bool
	MoveCarryOver             CarryOver
	ForcedDiscardReshuffle    bool
	DoorsCloseAtRoundEnd      bool
	EngagedHeroResolvesFirst  bool
	ExploreSpecialSpendsMove  bool
	BossRoomRevealedBeforeKey bool
	CogveyorWraps             bool
	BigCogTurnsRooms          bool
	HeroOrder                 HeroOrder
	HealBetweenLevels         bool
	// HelpersShowVulnerability: a hero who may assist an engagement may show the vulnerability
	// (printed); false is the first reading (the engaged hero's own cards only).
	HelpersShowVulnerability bool
	// SpecialRoomEnemyReward: a special room's enemy, once defeated, offers its Item reward
	// instead of the activation (printed); false is the first reading (reading 21: it
	// activates the room at once).
	SpecialRoomEnemyReward bool
	// MagicActsFromAfar: a remote_interact ability (Magic) lets a hero perform an action that
	// needs Interact (a switch, a chest) on a feature up to its range away (printed); false is
	// the first reading (reading 32: it only helps another hero's Interact cost).
	MagicActsFromAfar bool
	// RiftActivation says when a hero entering a rift may activate it for no effect instead of
	// rolling (rules.rift_activation).
	RiftActivation RiftActivation
	// BossStrikeCost says what one multiple of a boss's cost is (rules.boss_strike_cost).
	BossStrikeCost BossStrikeCost
	// TiesChosenByPlayers: an advanced enemy's tie for the highest Defeat total, and a boss
	// Shard's tie for the fewest Shards, are chosen by the players (printed, decisions 19 and
	// 20); false is the first reading (the card drawn first, the lowest-numbered hero).
	TiesChosenByPlayers bool
}

// RiftActivation says when a rift may be activated for no effect (decision 46).
type RiftActivation uint8

// The rift readings (rules.rift_activation).
const (
	// RiftFree: a hero entering a rift may always activate it for no effect (the rift's own
	// text: "the hero must either activate the rift immediately (for no effect) or roll").
	RiftFree RiftActivation = iota
	// RiftNeedsSwitchOrEnemy: activating is "always done by using a nearby switch ... or by
	// defeating a nearby enemy" (Activating); a rift whose space shows neither must be rolled.
	RiftNeedsSwitchOrEnemy
)

// RiftActivationNames are the values of rules.rift_activation, indexed by RiftActivation.
var RiftActivationNames = [...]string{"free", "needs_switch_or_enemy"}

// BossStrikeCost says what one multiple of a boss's cost is (decision 4).
type BossStrikeCost uint8

// The boss cost readings (rules.boss_strike_cost).
const (
	// StrikePerMultiple: each multiple costs the Boss Room's skills once (the rulebook's main
	// text and its Arrghus example).
	StrikePerMultiple BossStrikeCost = iota
	// StrikeTimesPlayers: each strike costs them times the number of players (the reference
	// sheet: "Spend X times the number of players to strike the boss").
	StrikeTimesPlayers
)

// BossStrikeCostNames are the values of rules.boss_strike_cost, indexed by BossStrikeCost.
var BossStrikeCostNames = [...]string{"per_multiple", "times_players"}

// CardID indexes Data.Cards.
type CardID uint8

// Data is the complete, validated, immutable component data of a game. Build it with package
// configs; never change it after.
type Data struct {
	// Fingerprint is "sha256:" and the hash of the canonical encoding of the effective data.
	Fingerprint string
	Setup       Setup
	Settings    Settings
	// Cards holds the Skill card types, then the Items, then the Treasures.
	Cards        []Card
	SkillCards   []CardID
	Items        []CardID
	Treasures    [3][]CardID // by tier (1, 2; index 0 unused)
	Temples      []Temple
	Enemies      []Enemy
	Bosses       []Boss
	Ganon        Ganon
	SpecialRooms [NumSpecialKinds]SpecialRoom // Compass, Map, TreasureRoom, KeyRoom
	Tiles        []Tile
	Generic      []TileID                // generic tiles
	SpecialTiles [NumSpecialKinds]TileID // the generic special-room tiles
	// Layouts are indexed by level (1-4; index 0 unused).
	Layouts [Levels + 1]Layout
	// Damage is hearts lost per die result (index 0-7 for results 1-8), by level.
	Damage [Levels + 1][DieFaces]int8
	// Skull is the cards a killed hero discards, by level.
	Skull [Levels + 1]int8

	// Derived tables, filled by Finalize.
	play  [][numPlayModes]playInfo // per card type: what each play mode gives
	best  [][2][NumSkills]int8     // per card type, in hand (0) or equipped (1): the most per skill
	modes [][NumSkills]uint16      // per card type and skill: the play modes that give it (bit m)
	// remote is per card type: its top or bottom is a remote ability (Interact or an
	// engagement from afar), the only cards remoteHelpers looks into.
	remote []bool
	// acts is per card type: it is not a Skill card, and its top or bottom is used as an action
	// of its own, engages from afar or acts on a feature from afar (the only cards cardActions
	// looks into).
	acts []bool
	// doors is per tile and space: the printed edges (bit e) of the space's doors.
	doors [][MaxSpaces]uint8
}

// playInfo is what a card gives when played in one mode toward a cost.
type playInfo struct {
	skill   Skill
	amount  int8
	remote  bool
	rng     int8
	ability Effect // the ability used (NoEffect for Skill cards and 1-point discards)
}

// Finalize computes the tables the engine derives from the data. The loader calls it once,
// before the Data is shared; it must be called again after any change.
func (d *Data) Finalize() {
	d.play = make([][numPlayModes]playInfo, len(d.Cards))
	d.best = make([][2][NumSkills]int8, len(d.Cards))
	d.modes = make([][NumSkills]uint16, len(d.Cards))
	d.remote = make([]bool, len(d.Cards))
	d.acts = make([]bool, len(d.Cards))
	d.doors = make([][MaxSpaces]uint8, len(d.Tiles))
	for i := range d.Tiles {
		t := &d.Tiles[i]
		for e := North; e < NumEdges; e++ {
			if t.Doors[e].Kind != NoDoor && t.DoorSpace[e] >= 0 {
				d.doors[i][t.DoorSpace[e]] |= 1 << e
			}
		}
	}
	for i := range d.Cards {
		t := &d.Cards[i]
		for _, ab := range [2]Ability{t.Top, t.Bottom} {
			d.remote[i] = d.remote[i] || ab.Effect == EffectRemoteInteract || ab.Effect == EffectRemoteEngage
			d.acts[i] = d.acts[i] || (t.Class != SkillCardClass && (usedOutsidePayment(ab.Effect) || ab.Effect == EffectRemoteEngage || ab.Effect == EffectRemoteInteract))
		}
		for m := 0; m < numPlayModes; m++ {
			var pi playInfo
			switch {
			case m == ModeSkillA || m == ModeSkillB:
				if t.Class == SkillCardClass {
					pi = playInfo{skill: t.Skills[m-ModeSkillA], amount: t.Amount}
				}
			case m < ModeTop:
				pi = playInfo{skill: Skill(m - ModeDiscard), amount: 1}
			case m < ModeBottom:
				if t.Class != SkillCardClass {
					pi = abilityPlay(t.Top, Skill(m-ModeTop))
				}
			default:
				if t.Class == ItemClass || (t.Class == TreasureClass && t.Bottom.Exhaust) {
					pi = abilityPlay(t.Bottom, Skill(m-ModeBottom))
				}
			}
			d.play[i][m] = pi
			if pi.amount > 0 {
				d.modes[i][pi.skill] |= 1 << m
				for eq := 0; eq < 2; eq++ {
					if m >= ModeBottom && t.Class == TreasureClass && eq == 0 {
						continue // a Treasure's bottom works only while equipped
					}
					d.best[i][eq][pi.skill] = max(d.best[i][eq][pi.skill], pi.amount)
				}
			}
		}
	}
}

func abilityPlay(a Ability, s Skill) playInfo {
	switch a.Effect {
	case EffectSkill:
		if a.Skill == s || a.Skill == AnySkill {
			return playInfo{skill: s, amount: a.Amount, ability: a.Effect}
		}
	case EffectRemoteEngage:
		if a.Skill == s {
			return playInfo{skill: s, amount: a.Amount, remote: true, rng: a.Range, ability: a.Effect}
		}
	case EffectRemoteInteract:
		if s == Interact {
			return playInfo{skill: s, amount: a.Amount, remote: true, rng: a.Range, ability: a.Effect}
		}
	}
	return playInfo{}
}
