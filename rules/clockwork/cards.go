package clockwork

// CardRef names one physical Hero card of a campaign (an instance of a Card type).
type CardRef uint16

// NoCard is the CardRef of an empty slot.
const NoCard CardRef = 0xFFFF

// Capacities of the card piles.
const (
	MaxCards     = 1024 // Hero card instances in a campaign
	MaxPile      = 256  // cards in one pile (a hero's deck or discard, the Item deck...)
	MaxHand      = 32   // cards in a hand
	MaxEquip     = 24   // equipped cards
	MaxRevealed  = 16   // cards drawn and shown before a choice
	MaxEnemyPile = 255  // Enemy cards in one level's deck
)

// Pile is an ordered pile of cards; the top is the end.
type Pile struct {
	N     int16
	Cards [MaxPile]CardRef
}

// Len returns the number of cards in the pile.
func (p *Pile) Len() int { return int(p.N) }

// Slice returns the cards, bottom first. It aliases the pile.
func (p *Pile) Slice() []CardRef { return p.Cards[:p.N] }

func (p *Pile) push(c CardRef) {
	p.Cards[p.N] = c
	p.N++
}

// pushBottom puts c under the pile.
func (p *Pile) pushBottom(c CardRef) {
	copy(p.Cards[1:p.N+1], p.Cards[:p.N])
	p.Cards[0] = c
	p.N++
}

func (p *Pile) pop() CardRef {
	p.N--
	return p.Cards[p.N]
}

// removeAt removes the card at index i, keeping the order of the others.
func (p *Pile) removeAt(i int) CardRef {
	c := p.Cards[i]
	copy(p.Cards[i:p.N-1], p.Cards[i+1:p.N])
	p.N--
	return c
}

// index returns the position of card c in the pile, or -1.
func (p *Pile) index(c CardRef) int {
	for i := 0; i < int(p.N); i++ {
		if p.Cards[i] == c {
			return i
		}
	}
	return -1
}

// EnemyPile is an ordered pile of Enemy cards; the top is the end.
type EnemyPile struct {
	N     int16
	Cards [MaxEnemyPile]EnemyID
}

// Len returns the number of cards in the pile.
func (p *EnemyPile) Len() int { return int(p.N) }

func (p *EnemyPile) push(e EnemyID) {
	p.Cards[p.N] = e
	p.N++
}

func (p *EnemyPile) pop() EnemyID {
	p.N--
	return p.Cards[p.N]
}
