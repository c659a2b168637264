package duels

// The document types mirror the YAML files key for key (docs/duels-rules.md). The `yaml` tag is
// the key; the `cw` tag holds the checks the data-file kit makes while reading (req, min, max,
// len, minlen, maxlen, keys, allkeys). The JSON encoding (same names) is what the fingerprint
// hashes and what `clockwork duels data --format json` prints.

// Document is the whole effective data set of Zelda Duels.
type Document struct {
	Rules Rules     `yaml:"rules" json:"rules" cw:"req"`
	Die   Die       `yaml:"die" json:"die" cw:"req"`
	Teams []TeamDoc `yaml:"teams" json:"teams" cw:"req,minlen=2"`
	Maps  []MapDoc  `yaml:"maps" json:"maps" cw:"req,minlen=1"`
}

// listSections may be split over files (one file per team, one per map).
var listSections = map[string]bool{"teams": true, "maps": true}

// Rules is the `rules` section: every reading of the rulebook, named (docs/duels-rules.md).
type Rules struct {
	DeckSize                int    `yaml:"deck_size" json:"deck_size" cw:"req,min=5,max=40"`
	OpeningHand             int    `yaml:"opening_hand" json:"opening_hand" cw:"req,min=0,max=12"`
	HandLimit               int    `yaml:"hand_limit" json:"hand_limit" cw:"req,min=1,max=12"`
	ActionsPerTurn          int    `yaml:"actions_per_turn" json:"actions_per_turn" cw:"req,min=1,max=6"`
	FirstTurnActions        int    `yaml:"first_turn_actions" json:"first_turn_actions" cw:"req,min=0,max=6"`
	HeartHeal               int    `yaml:"heart_heal" json:"heart_heal" cw:"req,min=0,max=20"`
	HealAction              int    `yaml:"heal_action" json:"heal_action" cw:"req,min=0,max=20"`
	DiagonalSteps           bool   `yaml:"diagonal_steps" json:"diagonal_steps" cw:"req"`
	TurnCap                 int    `yaml:"turn_cap" json:"turn_cap" cw:"req,min=1,max=100000"`
	SimultaneousElimination string `yaml:"simultaneous_elimination" json:"simultaneous_elimination" cw:"req"`
	EliminatedCards         string `yaml:"eliminated_cards" json:"eliminated_cards" cw:"req"`
	DeadDefenderEffects     bool   `yaml:"dead_defender_effects" json:"dead_defender_effects" cw:"req"`
	WinTiming               string `yaml:"win_timing" json:"win_timing"` // optional: immediate when absent
}

// Die is the `die` section: its faces, each "N" (a green number), "N_all" (a red all) or
// "heart" (a Container Heart).
type Die struct {
	Faces []string `yaml:"faces" json:"faces" cw:"req,minlen=2,maxlen=12"`
}

// TeamDoc is an entry of `teams`.
type TeamDoc struct {
	ID         string    `yaml:"id" json:"id" cw:"req"`
	Name       string    `yaml:"name" json:"name" cw:"req"`
	Role       string    `yaml:"role" json:"role" cw:"req"`
	Characters []CharDoc `yaml:"characters" json:"characters" cw:"req,minlen=1,maxlen=3"`
	Cards      []CardDoc `yaml:"cards" json:"cards" cw:"req,minlen=1"`
}

// CharDoc is a character of a team; copies 2 makes twin minors (goron_1, goron_2).
type CharDoc struct {
	ID           string   `yaml:"id" json:"id" cw:"req"`
	Name         string   `yaml:"name" json:"name" cw:"req"`
	HP           int      `yaml:"hp" json:"hp" cw:"req,min=1,max=40"`
	Major        bool     `yaml:"major" json:"major,omitempty"`
	Copies       int      `yaml:"copies" json:"copies,omitempty" cw:"min=0,max=3"`
	MovesThrough []string `yaml:"moves_through" json:"moves_through,omitempty"`
}

// CardDoc is a card type of a team's deck.
type CardDoc struct {
	ID        string       `yaml:"id" json:"id" cw:"req"`
	Name      string       `yaml:"name" json:"name" cw:"req"`
	Character string       `yaml:"character" json:"character" cw:"req"`
	Kind      string       `yaml:"kind" json:"kind" cw:"req"`
	Attack    *int         `yaml:"attack" json:"attack,omitempty" cw:"min=0,max=20"`
	Defence   *int         `yaml:"defence" json:"defence,omitempty" cw:"min=0,max=20"`
	Icons     []string     `yaml:"icons" json:"icons,omitempty"`
	Count     int          `yaml:"count" json:"count" cw:"req,min=0,max=20"`
	Clock     int          `yaml:"clock" json:"clock,omitempty" cw:"min=0,max=20"`
	Target    string       `yaml:"target" json:"target,omitempty"`
	OnAttack  []EffectDoc  `yaml:"on_attack" json:"on_attack,omitempty" cw:"maxlen=6"`
	OnDefend  []EffectDoc  `yaml:"on_defend" json:"on_defend,omitempty" cw:"maxlen=6"`
	Effects   []EffectDoc  `yaml:"effects" json:"effects,omitempty" cw:"maxlen=6"`
	Triforce  *TriforceDoc `yaml:"triforce" json:"triforce,omitempty"`
}

// EffectDoc is one effect: a vocabulary word and its amount.
type EffectDoc struct {
	Effect string `yaml:"effect" json:"effect" cw:"req"`
	Amount int    `yaml:"amount" json:"amount,omitempty" cw:"min=0,max=20"`
}

// TriforceDoc is a card's Triforce ability.
type TriforceDoc struct {
	Condition string      `yaml:"condition" json:"condition" cw:"req"`
	Card      string      `yaml:"card" json:"card,omitempty"`
	Amount    int         `yaml:"amount" json:"amount,omitempty" cw:"min=0,max=40"`
	Effects   []EffectDoc `yaml:"effects" json:"effects" cw:"req,minlen=1,maxlen=6"`
}

// MapDoc is an entry of `maps`.
type MapDoc struct {
	ID                string        `yaml:"id" json:"id" cw:"req"`
	Name              string        `yaml:"name" json:"name" cw:"req"`
	TriforceUnlimited bool          `yaml:"triforce_unlimited" json:"triforce_unlimited,omitempty"`
	FairyHeal         int           `yaml:"fairy_heal" json:"fairy_heal,omitempty" cw:"min=0,max=20"`
	Symmetric         bool          `yaml:"symmetric" json:"symmetric,omitempty"` // mirrored left to right (build_maps.go checks)
	Obstacles         []ObstacleDoc `yaml:"obstacles" json:"obstacles" cw:"req,minlen=1"`
	Grid              string        `yaml:"grid" json:"grid" cw:"req"`
	// Starts[p] lists, per seat of a p-player game, the start squares [row, column] of the
	// team's characters in slot order (major first).
	Starts map[int][][][]int `yaml:"starts" json:"starts" cw:"req,keys=2-4,allkeys"`
}

// ObstacleDoc is a kind of obstacle of a map, drawn in its grid with Symbol.
type ObstacleDoc struct {
	ID         string `yaml:"id" json:"id" cw:"req"`
	Symbol     string `yaml:"symbol" json:"symbol" cw:"req"`
	BlocksMove bool   `yaml:"blocks_move" json:"blocks_move" cw:"req"`
	BlocksShot bool   `yaml:"blocks_shot" json:"blocks_shot" cw:"req"`
	PassDamage int    `yaml:"pass_damage" json:"pass_damage,omitempty" cw:"min=0,max=20"`
}
