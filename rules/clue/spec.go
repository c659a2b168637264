package clue

// The data document: the sections of configs/clue/*.yaml, key for key. The `yaml` tag is the
// key; the `cw` tag holds the checks the data-file kit makes while reading (configs/datafile:
// req, min=N, max=N, len=N, minlen=N, maxlen=N). NewData makes the semantic checks and builds
// the engine's immutable Data.

// Spec is the whole data document of CLUE.
type Spec struct {
	Rules         RulesSpec         `yaml:"rules" json:"rules" cw:"req"`
	Cards         CardsSpec         `yaml:"cards" json:"cards" cw:"req"`
	Board         BoardSpec         `yaml:"board" json:"board" cw:"req"`
	Dice          DiceSpec          `yaml:"dice" json:"dice" cw:"req"`
	Bosses        []BossSpec        `yaml:"bosses" json:"bosses" cw:"req,minlen=1"`
	Personalities []PersonalitySpec `yaml:"personalities" json:"personalities" cw:"req,len=6"`
}

// RulesSpec is the `rules` section: every reading of the rulebook as a named key
// (docs/clue-rules.md).
type RulesSpec struct {
	PlayersStart           string `yaml:"players_start" json:"players_start" cw:"req"`                         // castle | start_squares
	QuestionFaceSteps      int    `yaml:"question_face_steps" json:"question_face_steps" cw:"req,min=0,max=6"` // squares a "?" die face moves
	DrawPerQuestionFace    bool   `yaml:"draw_per_question_face" json:"draw_per_question_face" cw:"req"`
	MustLeaveLocation      bool   `yaml:"must_leave_location" json:"must_leave_location" cw:"req"`
	NoReenterSameTurn      bool   `yaml:"no_reenter_same_turn" json:"no_reenter_same_turn" cw:"req"`
	MustStopOnQuestionMark bool   `yaml:"must_stop_on_question_mark" json:"must_stop_on_question_mark" cw:"req"`
	MoversBlock            bool   `yaml:"movers_block" json:"movers_block" cw:"req"`
	AccuseAtTurnStart      bool   `yaml:"accuse_at_turn_start" json:"accuse_at_turn_start" cw:"req"`
	AccuseAtEndOfMove      bool   `yaml:"accuse_at_end_of_move" json:"accuse_at_end_of_move" cw:"req"`
	AccuseAfterRumor       bool   `yaml:"accuse_after_rumor" json:"accuse_after_rumor" cw:"req"`
	GanondorfCards         int    `yaml:"ganondorf_cards" json:"ganondorf_cards" cw:"req,min=1,max=16"`
	GanondorfEighth        string `yaml:"ganondorf_eighth" json:"ganondorf_eighth" cw:"req"` // eliminate_drawer | game_lost
	GanondorfOutAnswers    bool   `yaml:"ganondorf_out_answers" json:"ganondorf_out_answers" cw:"req"`
	EncountersMinPlayers   int    `yaml:"encounters_min_players" json:"encounters_min_players" cw:"req,min=2,max=7"`
	AsideCards             int    `yaml:"aside_cards" json:"aside_cards" cw:"req,min=0,max=8"`
	AsideLook              string `yaml:"aside_look" json:"aside_look" cw:"req"` // choose | random
	PersonalityMovesItem   bool   `yaml:"personality_moves_item" json:"personality_moves_item" cw:"req"`
	MovedPlayerMayDraw     bool   `yaml:"moved_player_may_draw" json:"moved_player_may_draw" cw:"req"`
	TurnCap                int    `yaml:"turn_cap" json:"turn_cap" cw:"req,min=1,max=2000"`
}

// NamedSpec is a card: its id (used in events and --set paths) and printed name.
type NamedSpec struct {
	ID   string `yaml:"id" json:"id" cw:"req"`
	Name string `yaml:"name" json:"name" cw:"req"`
}

// LocationSpec is a location card and its room: Letter (lower case) draws its squares on the
// board, the upper case letter its doors.
type LocationSpec struct {
	ID     string `yaml:"id" json:"id" cw:"req"`
	Name   string `yaml:"name" json:"name" cw:"req"`
	Letter string `yaml:"letter" json:"letter" cw:"req"`
}

// CardsSpec is the `cards` section: the 21 Rumor cards, and Hyrule Castle (a room, no card).
type CardsSpec struct {
	Heroes    []NamedSpec    `yaml:"heroes" json:"heroes" cw:"req,len=6"`
	Items     []NamedSpec    `yaml:"items" json:"items" cw:"req,len=6"`
	Locations []LocationSpec `yaml:"locations" json:"locations" cw:"req,len=9"`
	Castle    LocationSpec   `yaml:"castle" json:"castle" cw:"req"`
}

// BoardSpec is the `board` section: one string a row, one character a square (see the legend
// in configs/clue/board.yaml).
type BoardSpec struct {
	Rows []string `yaml:"rows" json:"rows" cw:"req,minlen=5,maxlen=32"`
}

// DiceSpec is the `dice` section: the faces of each die; 0 is the "?" face.
type DiceSpec struct {
	Faces []int `yaml:"faces" json:"faces" cw:"req,minlen=1,maxlen=12,min=0,max=12"`
}

// BossSpec is an entry of `bosses`: a Boss card of the Boss Encounter deck.
type BossSpec struct {
	ID        string `yaml:"id" json:"id" cw:"req"`
	Name      string `yaml:"name" json:"name" cw:"req"`
	Effect    string `yaml:"effect" json:"effect" cw:"req"`
	Immediate bool   `yaml:"immediate" json:"immediate"`
	Amount    int    `yaml:"amount" json:"amount,omitempty" cw:"min=0,max=12"`
	Text      string `yaml:"text" json:"text,omitempty"`
}

// PersonalitySpec is an entry of `personalities`: the card of one hero.
type PersonalitySpec struct {
	ID    string `yaml:"id" json:"id" cw:"req"`
	Name  string `yaml:"name" json:"name" cw:"req"`
	Hero  string `yaml:"hero" json:"hero" cw:"req"`
	Power string `yaml:"power" json:"power" cw:"req"`
}
