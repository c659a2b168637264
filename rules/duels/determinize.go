package duels

import "github.com/clockworksim/clockwork/rules/chance"

// Determinize replaces everything seat viewer cannot know with a random sample consistent with
// what it can (a function of the viewer's information and seed alone: the hidden cards are put
// in card order before they are shuffled), for lookahead on a clone (never on the game being played): each opponent's hand
// (unless it was shown to the viewer) and draw pile are pooled, shuffled and dealt again in the
// same sizes; the viewer's own draw pile is shuffled; a face-down attack card the viewer has to
// answer is drawn again from the attacker's unseen cards among those the attack allows; the
// streams of chance are reseeded from seed. Hit points, the board, discards and cards in play
// are public and stay. It allocates nothing.
func (g *Game) Determinize(viewer int, seed uint64) {
	var r chance.Stream
	r.Seed(seed, 0)
	for s := 0; s < g.players; s++ {
		if s == viewer {
			own := g.draw[s].Cards[:g.draw[s].N]
			sortCards(own) // the sample depends on what the viewer knows (the pile's cards), not on their order
			chance.Shuffle(&r, own)
			continue
		}
		g.redeal(s, viewer, &r)
	}
	for i := range g.deckRNG {
		g.deckRNG[i].Seed(seed, i+1)
	}
	g.dice.Seed(seed, streamDice+1)
	g.fx.Seed(seed, streamEffect+1)
}

// redeal deals seat's unseen cards again: the hand (unless shown to viewer), the draw pile, and
// a face-down attack card of seat that viewer must answer.
func (g *Game) redeal(seat, viewer int, r *chance.Stream) {
	var pool pile
	shown := g.revealed[seat]&(1<<uint(viewer)) != 0
	if !shown {
		for i := 0; i < g.hand[seat].N; i++ {
			pool.push(g.hand[seat].Cards[i])
		}
	}
	for i := 0; i < g.draw[seat].N; i++ {
		pool.push(g.draw[seat].Cards[i])
	}
	facedown := g.phase == PhaseDefend && int(g.atk.Attacker)/MaxTeamChars == seat
	if facedown {
		pool.push(g.atk.Card)
	}
	sortCards(pool.Cards[:pool.N]) // the sample depends on what the viewer knows, not on the hidden order
	chance.Shuffle(r, pool.Cards[:pool.N])
	if facedown {
		g.atk.Card = pool.remove(g.attackCardIn(&pool))
		cd := &g.d.Cards[g.atk.Card]
		_, g.atk.Ranged = g.CanHit(cd.Melee, cd.Ranged, g.chars[g.atk.Attacker].At, g.chars[g.atk.Target].At)
	}
	if !shown {
		for i := 0; i < g.hand[seat].N; i++ {
			g.hand[seat].Cards[i] = pool.pop()
		}
	}
	g.draw[seat].N = copy(g.draw[seat].Cards[:], pool.Cards[:pool.N])
}

// attackCardIn returns the index in p of the first card the pending attack could have been
// made with, as the defender knows it: a card of the attacker's that reaches the target from
// his square, whatever the real card's kind (p holds the real one, so there is one).
func (g *Game) attackCardIn(p *pile) int {
	at, tg := int(g.atk.Attacker), int(g.atk.Target)
	for i := 0; i < p.N; i++ {
		cd := &g.d.Cards[p.Cards[i]]
		if !cd.CanAttack() || !g.mayPlay(at, p.Cards[i]) {
			continue
		}
		if ok, _ := g.CanHit(cd.Melee, cd.Ranged, g.chars[at].At, g.chars[tg].At); ok {
			return i
		}
	}
	return p.index(g.atk.Card)
}

// sortCards puts cards in CardID order (insertion sort: at most a deck, no allocation).
func sortCards(cards []CardID) {
	for i := 1; i < len(cards); i++ {
		for j := i; j > 0 && cards[j] < cards[j-1]; j-- {
			cards[j], cards[j-1] = cards[j-1], cards[j]
		}
	}
}
