package duels

import rules "github.com/clockworksim/clockwork/rules/duels"

// What an agent reads from its seat's View at one decision: who stands where, which lines of
// fire are open, the values its cards have now, and for every opponent the cards it has not
// seen (its hand and draw pile pooled: the deck minus the public discards and Clock cards), from
// which it estimates the defence an attack will meet and the attack a defence must answer.
// Nothing here looks at the game itself: an agent that reads only a sight cannot peek.

// maxK is the highest defence value the expected-damage tables tell apart (a higher printed
// value, or a sunburst "infinite", counts as maxK: it blocks every attack the tables price).
const maxK = 12

// style is what a character's cards make of it, from its team's deck (public data).
type style struct {
	ranged   bool    // most of its attack cards have the bow icon: it keeps distance
	meanAtk  float64 // mean printed attack value of its attack cards (0: none)
	meleeAtk float64 // mean attack of its cards with the sword icon (0: none)
	shotAtk  float64 // mean attack of its cards with the bow icon (0: none)
}

// sight is one decision's reading of a View. It lives inside an agent and is refilled by read;
// it allocates nothing.
type sight struct {
	v     *rules.View
	d     *rules.Data
	m     *rules.Map
	mapID rules.MapID
	seat  int
	hazed bool                   // the map has obstacles a character crosses by taking damage (leevers)
	occ   [rules.MaxSquares]int8 // character index + 1 standing on a square, 0: none
	// unseen[s][id] counts the copies of card id that seat s may hold in hand or draw pile.
	unseen  [rules.MaxPlayers][rules.MaxCards]int8
	poolN   [rules.MaxPlayers]int
	known   [rules.MaxPlayers]bool // the seat's hand is known (own hand, or shown)
	styles  [rules.MaxCharacters]style
	defLess [rules.MaxCharacters][maxK + 1]float64 // P(the best defence of c is below k), k = 1..maxK
}

// prepare computes the styles of every character of a line-up (once per game).
func (s *sight) prepare(d *rules.Data, setup rules.Setup, seat int) {
	s.d, s.m, s.mapID, s.seat = d, &d.Maps[setup.Map], setup.Map, seat
	s.hazed = false
	for _, o := range s.m.Obstacles {
		s.hazed = s.hazed || o.BlocksMove && o.PassDamage > 0
	}
	s.styles = [rules.MaxCharacters]style{}
	for p := 0; p < setup.Players; p++ {
		t := &d.Teams[setup.Teams[p]]
		for slot := range t.Chars {
			s.styles[p*rules.MaxTeamChars+slot] = styleOf(d, t, slot)
		}
	}
}

// styleOf reads the attack cards of team slot slot.
func styleOf(d *rules.Data, t *rules.Team, slot int) style {
	var st style
	var n, nm, nr, ranged int
	var sum, sm, sr float64
	for _, id := range t.Deck {
		cd := &d.Cards[id]
		if !cd.CanAttack() || cd.Chars&(1<<uint(slot)) == 0 {
			continue
		}
		a := float64(cd.Attack)
		n, sum = n+1, sum+a
		if cd.Melee {
			nm, sm = nm+1, sm+a
		}
		if cd.Ranged {
			nr, sr, ranged = nr+1, sr+a, ranged+1
		}
	}
	if n > 0 {
		st.meanAtk, st.ranged = sum/float64(n), 2*ranged > n
	}
	if nm > 0 {
		st.meleeAtk = sm / float64(nm)
	}
	if nr > 0 {
		st.shotAtk = sr / float64(nr)
	}
	return st
}

// read fills the sight from v.
func (s *sight) read(v *rules.View) {
	s.v = v
	s.occ = [rules.MaxSquares]int8{}
	for c := range v.Chars {
		if ch := &v.Chars[c]; ch.Alive {
			s.occ[ch.At] = int8(c + 1)
		}
	}
	for p := 0; p < v.Players; p++ {
		s.readPool(p)
	}
	for t := 0; t < v.Players*rules.MaxTeamChars; t++ {
		if v.Chars[t].Alive && t/rules.MaxTeamChars != s.seat {
			s.fillDefence(t)
		}
	}
}

// readPool counts the cards seat p may hold unseen: its deck minus its discards and Clock cards
// in play (the viewer's own seat and a shown hand: the hand itself).
func (s *sight) readPool(p int) {
	v, u := s.v, &s.unseen[p]
	t := &s.d.Teams[v.Teams[p]]
	for _, id := range t.Cards {
		u[id] = 0
	}
	s.known[p] = v.ShownN[p] >= 0
	if s.known[p] {
		s.poolN[p] = v.ShownN[p]
		for i := 0; i < v.ShownN[p]; i++ {
			u[v.Shown[p][i]]++
		}
		return
	}
	for _, id := range t.Deck {
		u[id]++
	}
	n := len(t.Deck)
	for i := 0; i < v.DiscardN[p]; i++ {
		u[v.Discards[p][i]]--
		n--
	}
	for i := 0; i < v.ClocksN[p]; i++ {
		u[v.Clocks[p][i].Card]--
		n--
	}
	s.poolN[p] = n
}

// fillDefence fills defLess[t]: the chance that the best defence card t's player holds for t is
// below k, for a hand of HandSizes cards drawn from its unseen pool (exact for a known hand).
func (s *sight) fillDefence(t int) {
	p := t / rules.MaxTeamChars
	var atLeast [maxK + 2]int // cards of the pool with a defence of at least k for t
	for _, id := range s.d.Teams[s.v.Teams[p]].Cards {
		n := int(s.unseen[p][id])
		cd := &s.d.Cards[id]
		if n <= 0 || !cd.CanDefend() || !s.mayPlay(t, id) {
			continue
		}
		dv := min(s.value(t, id, false, 1), maxK)
		for k := 1; k <= dv; k++ {
			atLeast[k] += n
		}
	}
	h, u := s.v.HandSizes[p], s.poolN[p]
	if s.known[p] {
		h = u // the pool is the hand
	}
	for k := 1; k <= maxK; k++ {
		s.defLess[t][k] = noneOf(u, atLeast[k], h)
	}
}

// noneOf is the chance that a hand of h cards drawn from u holds none of the n marked ones.
func noneOf(u, n, h int) float64 {
	if n <= 0 {
		return 1
	}
	if h > u {
		h = u
	}
	p := 1.0
	for i := 0; i < h; i++ {
		if u-n-i <= 0 {
			return 0
		}
		p *= float64(u-n-i) / float64(u-i)
	}
	return p
}

// expDamage is the expected damage of an attack of value a on t, its player defending with
// its best card for t (every attack is priced as if the defender always answers).
func (s *sight) expDamage(a, t int) float64 {
	e := 0.0
	for k := 1; k <= min(a, maxK); k++ {
		e += s.defLess[t][k]
	}
	if a > maxK {
		e += float64(a-maxK) * s.defLess[t][maxK]
	}
	return e
}

// value is the attack (attacking) or defence value card id has when played by character c: the
// printed value or its sunburst, doubled and raised by c's Clock cards in play. handOut is the
// number of cards of the viewer's count of c's player's hand that have left it when the engine
// reads the value (the card played, when it is still counted in the hand).
func (s *sight) value(c int, id rules.CardID, attacking bool, handOut int) int {
	cd := &s.d.Cards[id]
	v, list := int(cd.Defence), cd.OnDefend
	if attacking {
		v, list = int(cd.Attack), cd.OnAttack
	}
	p := c / rules.MaxTeamChars
	for _, e := range list {
		switch e.Word {
		case rules.WValueInfinite:
			return rules.Infinite
		case rules.WValueHand:
			v = s.v.HandSizes[p] - handOut
		case rules.WValueDamageTaken:
			v = int(s.v.Chars[c].MaxHP - s.v.Chars[c].HP)
		}
	}
	for i := 0; i < s.v.ClocksN[p]; i++ {
		cc := &s.v.Clocks[p][i]
		if int(cc.Char) != c {
			continue
		}
		for _, e := range s.d.Cards[cc.Card].Effects {
			switch {
			case e.Word == rules.WDoubleValues:
				v *= 2
			case e.Word == rules.WAttackBonus && attacking, e.Word == rules.WDefenceBonus && !attacking:
				v += int(e.Amount)
			}
		}
	}
	return min(max(v, 0), rules.Infinite)
}

// clearShot reports whether a ranged attack from a reaches b on the current occupancy.
func (s *sight) clearShot(a, b rules.Square) bool {
	dr, dc, ok := rules.InLine(a, b)
	if !ok {
		return false
	}
	r, c := a.Row()+dr, a.Col()+dc
	for rules.Sq(r, c) != b {
		q := rules.Sq(r, c)
		if s.occ[q] != 0 {
			return false
		}
		if k := s.m.Cell[q]; k >= 0 && s.m.Obstacles[k].BlocksShot {
			return false
		}
		r, c = r+dr, c+dc
	}
	return true
}

// canHit reports whether a card with the given icons reaches b from a (the engine's rule).
func (s *sight) canHit(melee, ranged bool, a, b rules.Square) bool {
	return (melee && rules.Adjacent(a, b)) || (ranged && s.clearShot(a, b))
}

// stepsToAdjacent is the number of steps (ignoring obstacles) character movement needs to go
// from a to a square next to b.
func (s *sight) stepsToAdjacent(a, b rules.Square) int {
	dr, dc := abs(a.Row()-b.Row()), abs(a.Col()-b.Col())
	if s.d.Rules.DiagonalSteps {
		return max(max(dr, dc)-1, 0)
	}
	return max(dr-1, 0) + max(dc-1, 0)
}

// steps is the number of steps (ignoring obstacles) from a to b.
func (s *sight) steps(a, b rules.Square) int {
	dr, dc := abs(a.Row()-b.Row()), abs(a.Col()-b.Col())
	if s.d.Rules.DiagonalSteps {
		return max(dr, dc)
	}
	return dr + dc
}

// relocate moves character c to square to in the occupancy (a hypothetical move; undo by
// moving it back).
func (s *sight) relocate(c int, from, to rules.Square) {
	s.occ[from] = 0
	s.occ[to] = int8(c + 1)
}

// mayPlay reports whether character c may play card id, as the engine rules: the card names
// it, or under the eliminated_cards reading partner_plays it names an eliminated partner.
func (s *sight) mayPlay(c int, id rules.CardID) bool {
	cd := &s.d.Cards[id]
	slot := c % rules.MaxTeamChars
	if cd.Chars&(1<<uint(slot)) != 0 {
		return true
	}
	if s.d.Rules.EliminatedCards != rules.ElimPartnerPlays {
		return false
	}
	base := c - slot
	for p := 0; p < rules.MaxTeamChars; p++ {
		if cd.Chars&(1<<uint(p)) != 0 && s.v.Chars[base+p].Exists && !s.v.Chars[base+p].Alive {
			return true
		}
	}
	return false
}

// opponentAt returns the k-th character of the other seats counted in the turn order from the
// viewer: the seat after the viewer's first, each seat's characters in slot order. Looping k over
// 0..(Players-1)*MaxTeamChars-1 visits every other seat's character once, and a choice between
// equals that keeps the first met then goes to the same seat relative to the viewer whatever
// the viewer's seat number: no seat is everyone's first target for being seat 1. (With two
// players it is the order of the character numbers.)
func (s *sight) opponentAt(k int) int {
	seat := (s.seat + 1 + k/rules.MaxTeamChars) % s.v.Players
	return seat*rules.MaxTeamChars + k%rules.MaxTeamChars
}

// others is the number of characters opponentAt counts.
func (s *sight) others() int { return (s.v.Players - 1) * rules.MaxTeamChars }

// opponent reports whether character t is an opponent of the viewer in play.
func (s *sight) opponent(t int) bool {
	return s.v.Chars[t].Alive && t/rules.MaxTeamChars != s.seat
}

// mine reports whether character c is the viewer's and in play.
func (s *sight) mine(c int) bool {
	return s.v.Chars[c].Alive && c/rules.MaxTeamChars == s.seat
}

// incoming prices the pending attack on the viewer's character, defended with a card of value
// dv: the expected damage, and the chance that it deals at least hp. The attack card is one of
// the attacker's unseen cards that the attack allows (its character, and an icon that reaches
// the target from the attacker's square: next to it a sword or a bow card, from afar a bow
// card), each copy equally likely.
func (s *sight) incoming(dv, hp int) (exp, lethal float64) {
	v := s.v
	a := int(v.Attacker)
	p := a / rules.MaxTeamChars
	from, to := v.Chars[a].At, v.Chars[v.Target].At
	n, sum, kills := 0, 0, 0
	for _, id := range s.d.Teams[v.Teams[p]].Cards {
		k := int(s.unseen[p][id])
		cd := &s.d.Cards[id]
		if k <= 0 || !cd.CanAttack() || !s.mayPlay(a, id) || !s.canHit(cd.Melee, cd.Ranged, from, to) {
			continue
		}
		dmg := max(s.value(a, id, true, 0)-dv, 0)
		n, sum = n+k, sum+k*dmg
		if dmg >= hp {
			kills += k
		}
	}
	if n == 0 {
		return 0, 0
	}
	return float64(sum) / float64(n), float64(kills) / float64(n)
}

// effectValue is the worth, in hit points, of card effects list played by self against other
// (-1: none): damage dealt counts in full, damage taken against, draws and heals at their use,
// cards taken from the other's hand at discardWorth each (as many as it holds).
func (s *sight) effectValue(list []rules.Effect, self, other int) float64 {
	v := s.v
	val := 0.0
	for _, e := range list {
		n := float64(e.Amount)
		switch e.Word {
		case rules.WDamage:
			if other >= 0 && s.opponent(other) {
				val += min(n, float64(v.Chars[other].HP))
			}
		case rules.WDamageSelf:
			val -= n
		case rules.WDamageAdjacent:
			val += n * float64(s.adjacentOpponents(v.Chars[self].At))
		case rules.WDamageOpponents:
			val += n * float64(s.countOpponents())
		case rules.WHeal:
			val += min(n, float64(v.Chars[self].MaxHP-v.Chars[self].HP))
		case rules.WHealOther:
			if other >= 0 && s.mine(other) {
				val += min(n, float64(v.Chars[other].MaxHP-v.Chars[other].HP))
			}
		case rules.WHealTeam:
			for c := s.seat * rules.MaxTeamChars; c < (s.seat+1)*rules.MaxTeamChars; c++ {
				if v.Chars[c].Alive {
					val += min(n, float64(v.Chars[c].MaxHP-v.Chars[c].HP))
				}
			}
		case rules.WDraw, rules.WRecover:
			val += 0.8 * min(n, float64(s.d.Rules.HandLimit-v.HandN))
		case rules.WDiscardRandom:
			if other >= 0 {
				val += discardWorth * min(n, float64(v.HandSizes[other/rules.MaxTeamChars]))
			}
		case rules.WRevealHand:
			if other >= 0 && !s.known[other/rules.MaxTeamChars] {
				val += 0.2
			}
		case rules.WMoveSelf, rules.WMoveTarget, rules.WPush, rules.WSwap:
			val += 0.2
		}
	}
	return val
}

// discardWorth is the worth of a card an effect takes from an opponent's hand: what a card
// drawn is worth to its player (drawWorth, less as the hand fills).
const discardWorth = 0.8

// adjacentOpponents counts the opponents in the 8 squares around a.
func (s *sight) adjacentOpponents(a rules.Square) int {
	n := 0
	for t := 0; t < s.v.Players*rules.MaxTeamChars; t++ {
		if s.opponent(t) && rules.Adjacent(a, s.v.Chars[t].At) {
			n++
		}
	}
	return n
}

// countOpponents counts the opponent characters in play.
func (s *sight) countOpponents() int {
	n := 0
	for t := 0; t < s.v.Players*rules.MaxTeamChars; t++ {
		if s.opponent(t) {
			n++
		}
	}
	return n
}

// fallback returns the first legal action of kind k, or legal[0].
func fallback(legal []rules.Action, k rules.ActionKind) rules.Action {
	for _, a := range legal {
		if a.Kind == k {
			return a
		}
	}
	return legal[0]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// walkDamage fills dmg with the least damage of a walk of character c of at most steps steps
// to every square (the engine walks the least-damage way: leevers cost their pass damage;
// allies are passed, opponents and other obstacles block); unreached squares get noWalk.
func (s *sight) walkDamage(c, steps int, dmg *[rules.MaxSquares]int8) {
	var cur, next [rules.MaxSquares]int8
	for i := range cur {
		cur[i], dmg[i] = noWalk, noWalk
	}
	from := s.v.Chars[c].At
	cur[from], dmg[from] = 0, 0
	for k := 1; k <= min(steps, rules.MaxSteps); k++ {
		for i := range next {
			next[i] = noWalk
		}
		for q := range cur {
			if cur[q] == noWalk {
				continue
			}
			s.stepFrom(c, rules.Square(q), cur[q], &next)
		}
		for q := range next {
			if next[q] < dmg[q] && s.mayStop(c, rules.Square(q)) {
				dmg[q] = next[q]
			}
		}
		cur = next
	}
}

// noWalk marks a square no walk reaches.
const noWalk = int8(127)

// stepFrom relaxes the steps of character c from square q (reached with damage d so far).
func (s *sight) stepFrom(c int, q rules.Square, d int8, next *[rules.MaxSquares]int8) {
	for _, dd := range stepDirs(s.d.Rules.DiagonalSteps) {
		r, col := q.Row()+dd[0], q.Col()+dd[1]
		if !s.m.In(r, col) {
			continue
		}
		n := rules.Sq(r, col)
		if o := s.occ[n]; o != 0 && int(o-1)/rules.MaxTeamChars != c/rules.MaxTeamChars {
			continue // an opponent blocks
		}
		cost, ok := s.enterCost(c, n)
		if ok && d+cost < next[n] {
			next[n] = d + cost
		}
	}
}

// enterCost is the damage character c takes stepping onto square n, and whether it may.
func (s *sight) enterCost(c int, n rules.Square) (int8, bool) {
	k := s.m.Cell[n]
	if k < 0 {
		return 0, true
	}
	ob := &s.m.Obstacles[k]
	if !ob.BlocksMove || s.through(c, int(k)) {
		return 0, true
	}
	return ob.PassDamage, ob.PassDamage > 0
}

// mayStop reports whether character c may end a walk on square q (free of others, not an
// obstacle it only crosses).
func (s *sight) mayStop(c int, q rules.Square) bool {
	if o := s.occ[q]; o != 0 && int(o-1) != c {
		return false
	}
	k := s.m.Cell[q]
	return k < 0 || !s.m.Obstacles[k].BlocksMove || s.through(c, int(k))
}

// through reports whether character c may move through and stand on obstacle kind k.
func (s *sight) through(c, k int) bool {
	ch := &s.d.Teams[s.v.Teams[c/rules.MaxTeamChars]].Chars[c%rules.MaxTeamChars]
	return ch.Through[s.mapID]&(1<<uint(k)) != 0
}

var (
	orthoSteps = [...][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}
	allSteps   = [...][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}
)

// stepDirs returns the directions of one step of movement.
func stepDirs(diagonal bool) [][2]int {
	if diagonal {
		return allSteps[:]
	}
	return orthoSteps[:]
}
