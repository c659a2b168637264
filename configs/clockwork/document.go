package clockwork

// The document types mirror the YAML files key for key (docs/data.md). The `yaml` tag is the key;
// the `cw` tag holds the checks the decoder makes while reading:
//
//	req          the key must be present
//	min=N,max=N  range of a whole number (or of each element of a list of numbers)
//	len=N        exact length of a list; minlen=N, maxlen=N bounds
//	keys=A-B     the keys of a numeric map must lie in [A, B]; allkeys: every one must be present
//
// The JSON encoding of Document (same names) is what `clockwork data --format json` prints and
// what the fingerprint hashes.

// Document is the whole effective data set, as read from the YAML files.
type Document struct {
	Setup        Setup          `yaml:"setup" json:"setup" cw:"req"`
	Rules        Rules          `yaml:"rules" json:"rules" cw:"req"`
	SkillCards   []SkillCard    `yaml:"skill_cards" json:"skill_cards" cw:"req,minlen=1"`
	Items        []Item         `yaml:"items" json:"items" cw:"req,minlen=1"`
	Treasures    []Treasure     `yaml:"treasures" json:"treasures" cw:"req,minlen=1"`
	Temples      []Temple       `yaml:"temples" json:"temples" cw:"req,minlen=3"`
	Enemies      []Enemy        `yaml:"enemies" json:"enemies" cw:"req,minlen=1"`
	Bosses       []Boss         `yaml:"bosses" json:"bosses" cw:"req,minlen=1"`
	Ganon        Ganon          `yaml:"ganon" json:"ganon" cw:"req"`
	SpecialRooms []SpecialRoom  `yaml:"special_rooms" json:"special_rooms" cw:"req,len=4"`
	Tiles        []Tile         `yaml:"tiles" json:"tiles" cw:"req,minlen=1"`
	Layouts      map[int]Layout `yaml:"layouts" json:"layouts" cw:"req,keys=1-4,allkeys"`
	Damage       map[int][]int  `yaml:"damage" json:"damage" cw:"req,keys=1-4,allkeys,len=8,min=0,max=20"`
	Skull        map[int]int    `yaml:"skull" json:"skull" cw:"req,keys=1-4,allkeys,min=0,max=40"`
}

// listSections are the sections that may be split across files (their lists are joined).
var listSections = map[string]bool{"skill_cards": true, "items": true, "treasures": true,
	"temples": true, "enemies": true, "bosses": true, "special_rooms": true, "tiles": true}

// Setup is the `setup` section.
type Setup struct {
	SkillCardsPerType  map[int]int   `yaml:"skill_cards_per_type" json:"skill_cards_per_type" cw:"req,keys=2-4,allkeys,min=1,max=30"`
	HeartContainers    int           `yaml:"heart_containers" json:"heart_containers" cw:"req,min=1,max=20"`
	Shards             int           `yaml:"shards" json:"shards" cw:"req,min=0,max=10"`
	HandSize           HandSize      `yaml:"hand_size" json:"hand_size" cw:"req"`
	TimeTokens         int           `yaml:"time_tokens" json:"time_tokens" cw:"req,min=0,max=20"`
	PreLevelItems      PreLevelItems `yaml:"pre_level_items" json:"pre_level_items" cw:"req"`
	KilledRegain       int           `yaml:"killed_regain" json:"killed_regain" cw:"req,min=1,max=20"`
	PiecesPerContainer int           `yaml:"pieces_per_container" json:"pieces_per_container" cw:"req,min=1,max=10"`
}

// HandSize is `setup.hand_size`.
type HandSize struct {
	Full int `yaml:"full" json:"full" cw:"req,min=1,max=12"`
	Hurt int `yaml:"hurt" json:"hurt" cw:"req,min=1,max=12"`
}

// PreLevelItems is `setup.pre_level_items`.
type PreLevelItems struct {
	FirstLevel           int      `yaml:"first_level" json:"first_level" cw:"req,min=0,max=10"`
	LaterLevels          int      `yaml:"later_levels" json:"later_levels" cw:"req,min=0,max=10"`
	PerMissedSpecialRoom int      `yaml:"per_missed_special_room" json:"per_missed_special_room" cw:"req,min=0,max=5"`
	Redraw               []string `yaml:"redraw" json:"redraw"`
}

// Rules is the `rules` section.
type Rules struct {
	Chest                     Chest  `yaml:"chest" json:"chest" cw:"req"`
	TreasureDraw              int    `yaml:"treasure_draw" json:"treasure_draw" cw:"req,min=1,max=5"`
	Water                     Water  `yaml:"water" json:"water" cw:"req"`
	RiftDiscards              []int  `yaml:"rift_discards" json:"rift_discards" cw:"req,len=2,min=0,max=10"`
	GanonShardValue           int    `yaml:"ganon_shard_value" json:"ganon_shard_value" cw:"req,min=0,max=10"`
	HazardRollCap             int    `yaml:"hazard_roll_cap" json:"hazard_roll_cap" cw:"req,min=1,max=20"`
	BossAttemptsPerRound      int    `yaml:"boss_attempts_per_round" json:"boss_attempts_per_round" cw:"req,min=1,max=10"`
	CogsMoveEntrance          bool   `yaml:"cogs_move_entrance" json:"cogs_move_entrance" cw:"req"`
	CogsMoveSpecialRooms      bool   `yaml:"cogs_move_special_rooms" json:"cogs_move_special_rooms" cw:"req"`
	MapSwapsFaceDown          bool   `yaml:"map_swaps_face_down" json:"map_swaps_face_down" cw:"req"`
	ReshuffleEmptyEnemyDeck   bool   `yaml:"reshuffle_empty_enemy_deck" json:"reshuffle_empty_enemy_deck" cw:"req"`
	ReshuffleEmptyItemDeck    bool   `yaml:"reshuffle_empty_item_deck" json:"reshuffle_empty_item_deck" cw:"req"`
	MoveCarryOver             string `yaml:"move_carry_over" json:"move_carry_over" cw:"req"`
	ForcedDiscardReshuffle    bool   `yaml:"forced_discard_reshuffle" json:"forced_discard_reshuffle" cw:"req"`
	DoorsCloseAtRoundEnd      bool   `yaml:"doors_close_at_round_end" json:"doors_close_at_round_end" cw:"req"`
	EngagedHeroResolvesFirst  bool   `yaml:"engaged_hero_resolves_first" json:"engaged_hero_resolves_first" cw:"req"`
	ExploreSpecialSpendsMove  bool   `yaml:"explore_special_spends_move" json:"explore_special_spends_move" cw:"req"`
	BossRoomRevealedBeforeKey bool   `yaml:"boss_room_revealed_before_key" json:"boss_room_revealed_before_key" cw:"req"`
	CogveyorWraps             bool   `yaml:"cogveyor_wraps" json:"cogveyor_wraps" cw:"req"`
	BigCogTurnsRooms          bool   `yaml:"big_cog_turns_rooms" json:"big_cog_turns_rooms" cw:"req"`
	HeroOrder                 string `yaml:"hero_order" json:"hero_order" cw:"req"`
	HealBetweenLevels         bool   `yaml:"heal_between_levels" json:"heal_between_levels" cw:"req"`
	HelpersShowVulnerability  bool   `yaml:"helpers_show_vulnerability" json:"helpers_show_vulnerability" cw:"req"`
	SpecialRoomEnemyReward    bool   `yaml:"special_room_enemy_reward" json:"special_room_enemy_reward" cw:"req"`
	MagicActsFromAfar         bool   `yaml:"magic_acts_from_afar" json:"magic_acts_from_afar" cw:"req"`
	RiftActivation            string `yaml:"rift_activation" json:"rift_activation" cw:"req"`
	BossStrikeCost            string `yaml:"boss_strike_cost" json:"boss_strike_cost" cw:"req"`
	TiesChosenByPlayers       bool   `yaml:"ties_chosen_by_players" json:"ties_chosen_by_players" cw:"req"`
}

// Chest is `rules.chest`.
type Chest struct {
	Interact int `yaml:"interact" json:"interact" cw:"req,min=0,max=20"`
	Items    int `yaml:"items" json:"items" cw:"req,min=0,max=10"`
}

// Water is `rules.water`.
type Water struct {
	HighToDry int `yaml:"high_to_dry" json:"high_to_dry" cw:"req,min=0,max=20"`
	HighToLow int `yaml:"high_to_low" json:"high_to_low" cw:"req,min=0,max=20"`
}

// SkillCard is an entry of `skill_cards`.
type SkillCard struct {
	ID     string   `yaml:"id" json:"id" cw:"req"`
	Name   string   `yaml:"name" json:"name" cw:"req"`
	Count  int      `yaml:"count" json:"count" cw:"req,min=0,max=100"`
	Skills []string `yaml:"skills" json:"skills" cw:"req,len=2"`
	Amount int      `yaml:"amount" json:"amount" cw:"req,min=1,max=10"`
}

// Ability is a card ability (docs/data.md, "Hero cards").
type Ability struct {
	Effect  string `yaml:"effect" json:"effect" cw:"req"`
	Skill   string `yaml:"skill" json:"skill,omitempty"`
	Amount  int    `yaml:"amount" json:"amount,omitempty" cw:"min=0,max=20"`
	Range   int    `yaml:"range" json:"range,omitempty" cw:"min=0,max=6"`
	Target  string `yaml:"target" json:"target,omitempty"`
	Exhaust bool   `yaml:"exhaust" json:"exhaust,omitempty"`
}

// Item is an entry of `items`.
type Item struct {
	ID         string   `yaml:"id" json:"id" cw:"req"`
	Name       string   `yaml:"name" json:"name" cw:"req"`
	Count      int      `yaml:"count" json:"count" cw:"req,min=0,max=100"`
	WhenGained *Ability `yaml:"when_gained" json:"when_gained,omitempty"`
	Top        *Ability `yaml:"top" json:"top,omitempty"`
	Bottom     *Ability `yaml:"bottom" json:"bottom,omitempty"`
}

// Treasure is an entry of `treasures`.
type Treasure struct {
	ID     string  `yaml:"id" json:"id" cw:"req"`
	Name   string  `yaml:"name" json:"name" cw:"req"`
	Tier   int     `yaml:"tier" json:"tier" cw:"req,min=1,max=2"`
	Count  int     `yaml:"count" json:"count" cw:"req,min=0,max=20"`
	Top    Ability `yaml:"top" json:"top" cw:"req"`
	Bottom Ability `yaml:"bottom" json:"bottom" cw:"req"`
}

// Temple is an entry of `temples`.
type Temple struct {
	ID        string `yaml:"id" json:"id" cw:"req"`
	Name      string `yaml:"name" json:"name" cw:"req"`
	Medallion string `yaml:"medallion" json:"medallion" cw:"req"`
	// Difficulty, when given (> 0), is the score the "easiest" temple choice compares.
	Difficulty int    `yaml:"difficulty" json:"difficulty,omitempty" cw:"min=0,max=1000"`
	Boss       string `yaml:"boss" json:"boss" cw:"req"`
	Entrance   string `yaml:"entrance" json:"entrance" cw:"req"`
	BossRoom   string `yaml:"boss_room" json:"boss_room" cw:"req"`
}

// Cost is a mapping from skill to amount.
type Cost struct {
	Move     int `yaml:"move" json:"move,omitempty" cw:"min=0,max=99"`
	Attack   int `yaml:"attack" json:"attack,omitempty" cw:"min=0,max=99"`
	Interact int `yaml:"interact" json:"interact,omitempty" cw:"min=0,max=99"`
}

// EnemyAbility is an enemy's special ability.
type EnemyAbility struct {
	Effect string `yaml:"effect" json:"effect" cw:"req"`
	Skill  string `yaml:"skill" json:"skill,omitempty"`
	Amount int    `yaml:"amount" json:"amount,omitempty" cw:"min=0,max=20"`
}

// Enemy is an entry of `enemies`.
type Enemy struct {
	ID         string        `yaml:"id" json:"id" cw:"req"`
	Name       string        `yaml:"name" json:"name" cw:"req"`
	Temple     string        `yaml:"temple" json:"temple" cw:"req"`
	Count      int           `yaml:"count" json:"count" cw:"req,min=0,max=50"`
	Defeat     Cost          `yaml:"defeat" json:"defeat" cw:"req"`
	Evade      int           `yaml:"evade" json:"evade" cw:"req,min=0,max=20"`
	Reward     int           `yaml:"reward" json:"reward" cw:"req,min=0,max=10"`
	Roll       string        `yaml:"roll" json:"roll" cw:"req"`
	Vulnerable []string      `yaml:"vulnerable" json:"vulnerable" cw:"req,len=4"`
	Ability    *EnemyAbility `yaml:"ability" json:"ability,omitempty"`
}

// BossAttack is a boss's special attack.
type BossAttack struct {
	Effect string `yaml:"effect" json:"effect" cw:"req"`
	Mode   string `yaml:"mode" json:"mode,omitempty"`
	Bonus  int    `yaml:"bonus" json:"bonus,omitempty" cw:"min=0,max=8"`
	Amount int    `yaml:"amount" json:"amount,omitempty" cw:"min=0,max=20"`
	Target string `yaml:"target" json:"target,omitempty"`
}

// Boss is an entry of `bosses`.
type Boss struct {
	ID            string       `yaml:"id" json:"id" cw:"req"`
	Name          string       `yaml:"name" json:"name" cw:"req"`
	Temple        string       `yaml:"temple" json:"temple" cw:"req"`
	Cost          map[int]Cost `yaml:"cost" json:"cost" cw:"req,keys=1-3,allkeys"`
	SpecialAttack BossAttack   `yaml:"special_attack" json:"special_attack" cw:"req"`
}

// Ganon is the `ganon` section.
type Ganon struct {
	Name          string       `yaml:"name" json:"name" cw:"req"`
	Entrance      string       `yaml:"entrance" json:"entrance" cw:"req"`
	BossRoom      string       `yaml:"boss_room" json:"boss_room" cw:"req"`
	Targets       map[int]Cost `yaml:"targets" json:"targets" cw:"req,keys=2-4,allkeys"`
	SpecialAttack BossAttack   `yaml:"special_attack" json:"special_attack" cw:"req"`
}

// Step is one step of a special room's activation.
type Step struct {
	Enemy    int `yaml:"enemy" json:"enemy,omitempty" cw:"min=0,max=5"`
	Move     int `yaml:"move" json:"move,omitempty" cw:"min=0,max=99"`
	Attack   int `yaml:"attack" json:"attack,omitempty" cw:"min=0,max=99"`
	Interact int `yaml:"interact" json:"interact,omitempty" cw:"min=0,max=99"`
}

// SpecialRoom is an entry of `special_rooms`.
type SpecialRoom struct {
	ID           string         `yaml:"id" json:"id" cw:"req"`
	Name         string         `yaml:"name" json:"name" cw:"req"`
	TimeTokens   int            `yaml:"time_tokens" json:"time_tokens" cw:"req,min=0,max=5"`
	HeroTokens   int            `yaml:"hero_tokens" json:"hero_tokens,omitempty" cw:"min=0,max=16"`
	MaxTreasures int            `yaml:"max_treasures" json:"max_treasures,omitempty" cw:"min=0,max=8"`
	Tier2From    map[int]int    `yaml:"tier2_from" json:"tier2_from,omitempty" cw:"keys=1-4,min=1,max=9"`
	Activation   map[int][]Step `yaml:"activation" json:"activation" cw:"req,keys=1-4,allkeys,minlen=1,maxlen=4"`
}

// EnemyIcon is an enemy icon in a space.
type EnemyIcon struct {
	Draw   int    `yaml:"draw" json:"draw" cw:"req,min=1,max=5"`
	Target string `yaml:"target" json:"target,omitempty"`
}

// Switch is a switch in a space.
type Switch struct {
	Interact int    `yaml:"interact" json:"interact" cw:"req,min=1,max=20"`
	Target   string `yaml:"target" json:"target" cw:"req"`
}

// Space is one space of a tile.
type Space struct {
	Doors     map[string]string `yaml:"doors" json:"doors,omitempty"`
	Enemies   []EnemyIcon       `yaml:"enemies" json:"enemies,omitempty" cw:"maxlen=4"`
	Switches  []Switch          `yaml:"switches" json:"switches,omitempty" cw:"maxlen=4"`
	Pots      int               `yaml:"pots" json:"pots,omitempty" cw:"min=0,max=4"`
	Hazard    int               `yaml:"hazard" json:"hazard,omitempty" cw:"min=0,max=8"`
	Rift      bool              `yaml:"rift" json:"rift,omitempty"`
	Chest     bool              `yaml:"chest" json:"chest,omitempty"`
	Telepathy bool              `yaml:"telepathy" json:"telepathy,omitempty"`
	Water     bool              `yaml:"water" json:"water,omitempty"`
	Cog       string            `yaml:"cog" json:"cog,omitempty"`
}

// Tile is an entry of `tiles`.
type Tile struct {
	ID       string   `yaml:"id" json:"id" cw:"req"`
	Name     string   `yaml:"name" json:"name" cw:"req"`
	Kind     string   `yaml:"kind" json:"kind" cw:"req"`
	Temple   string   `yaml:"temple" json:"temple,omitempty"`
	Special  string   `yaml:"special" json:"special,omitempty"`
	Arrow    string   `yaml:"arrow" json:"arrow" cw:"req"`
	Spaces   []Space  `yaml:"spaces" json:"spaces" cw:"req,minlen=1,maxlen=4"`
	Barriers [][2]int `yaml:"barriers" json:"barriers,omitempty" cw:"min=0,max=3"`
	Tunnels  [][2]int `yaml:"tunnels" json:"tunnels,omitempty" cw:"min=0,max=3"`
}

// Zone is a zone's pile in a layout.
type Zone struct {
	Special []string `yaml:"special" json:"special"`
	Generic int      `yaml:"generic" json:"generic" cw:"min=0,max=49"`
	Temple  int      `yaml:"temple" json:"temple" cw:"min=0,max=49"`
}

// Layout is an entry of `layouts`.
type Layout struct {
	Rows  int             `yaml:"rows" json:"rows" cw:"req,min=1,max=7"`
	Cols  int             `yaml:"cols" json:"cols" cw:"req,min=1,max=7"`
	Grid  []string        `yaml:"grid" json:"grid" cw:"req,minlen=1,maxlen=7"`
	Zones map[string]Zone `yaml:"zones" json:"zones" cw:"req"`
}
