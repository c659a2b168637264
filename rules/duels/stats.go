package duels

// Stats holds a game's counts for designers' tallies. Reset clears them; Game.Stats returns them.
type Stats struct {
	CardsPlayed       [MaxCards]uint16    // plays of each card id (attack, defence or special)
	CardDamage        [MaxCards]uint32    // hit points taken off by each card id (combat and effects)
	Eliminated        [MaxCharacters]int8 // character indexes in the order they were eliminated
	NumEliminated     int                 // entries of Eliminated
	HeartRolls        [MaxPlayers]uint16  // Container Heart rolls of each seat
	HandLimitDiscards [MaxPlayers]uint16  // discards to draw at the hand limit, per seat
	HealActions       [MaxPlayers]uint16  // heal actions taken, per seat
	TriforcePlayed    [MaxPlayers]uint16  // Triforce cards played, per seat
	TriforceTriggered [MaxPlayers]uint16  // Triforce abilities triggered, per seat
	ClockPlayed       [MaxPlayers]uint16  // Clock cards played, per seat
	Reshuffles        [MaxPlayers]uint16  // discard piles reshuffled into the draw pile, per seat
}

// EliminationOrder returns the characters eliminated so far, in order (a view into the stats).
func (s *Stats) EliminationOrder() []int8 { return s.Eliminated[:s.NumEliminated] }

// Played returns the number of plays of card id.
func (s *Stats) Played(id CardID) int { return int(s.CardsPlayed[id]) }

// Damage returns the hit points taken off by card id.
func (s *Stats) Damage(id CardID) int { return int(s.CardDamage[id]) }
