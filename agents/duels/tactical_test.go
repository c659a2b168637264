package duels

import (
	"testing"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// scene is a position built for one decision of the tactical agent in seat 0 of a two-player
// game: a real game's View with characters, hit points and hand set by the test.
type scene struct {
	t     *testing.T
	d     *rules.Data
	v     rules.View
	agent *Tactical
}

// newScene starts team a (seat 0) against team b on map m and takes seat 0's View in the
// action phase of its turn with two actions left and an empty hand.
func newScene(t *testing.T, a, b, m string) *scene {
	t.Helper()
	d := frozen(t)
	s := rules.Setup{Players: 2}
	var ok bool
	if s.Map, ok = d.MapByID(m); !ok {
		t.Fatalf("no map %s", m)
	}
	for i, id := range []string{a, b} {
		if s.Teams[i], ok = d.TeamByID(id); !ok {
			t.Fatalf("no team %s", id)
		}
	}
	var g rules.Game
	g.Reset(d, s, 1, 0)
	sc := &scene{t: t, d: d, v: g.View(0), agent: NewTactical()}
	sc.agent.Reset(d, s, 0, 1)
	sc.v.InTurn, sc.v.ToMove, sc.v.Phase, sc.v.ActionsLeft, sc.v.Turn = 0, 0, rules.PhaseAction, 2, 5
	sc.hand()
	return sc
}

// put places character c on row r, column col.
func (sc *scene) put(c, r, col int) { sc.v.Chars[c].At = rules.Sq(r, col) }

// hp sets character c's hit points.
func (sc *scene) hp(c, hp int) { sc.v.Chars[c].HP = int8(hp) }

// eliminate takes character c off the board.
func (sc *scene) eliminate(c int) {
	sc.v.Chars[c].Alive, sc.v.Chars[c].HP, sc.v.Chars[c].At = false, 0, rules.NoSquare
}

// hand sets seat 0's hand to the cards with the given ids.
func (sc *scene) hand(ids ...string) {
	sc.v.HandN = len(ids)
	for i, id := range ids {
		sc.v.Hand[i] = sc.card(id)
	}
	sc.v.HandSizes[0], sc.v.ShownN[0] = len(ids), len(ids)
	copy(sc.v.Shown[0][:], sc.v.Hand[:len(ids)])
}

// card returns the id of card id.
func (sc *scene) card(id string) rules.CardID {
	sc.t.Helper()
	c, ok := sc.d.CardByID(id)
	if !ok {
		sc.t.Fatalf("no card %s", id)
	}
	return c
}

// choose asks the agent for its decision among legal.
func (sc *scene) choose(legal ...rules.Action) rules.Action {
	return sc.agent.Choose(&sc.v, legal)
}

func act(k rules.ActionKind) rules.Action {
	return rules.Action{Kind: k, Char: -1, Target: -1, Dest: rules.NoSquare, Card: rules.NoCard}
}

func attackAct(c, t int, card rules.CardID) rules.Action {
	a := act(rules.ActAttack)
	a.Char, a.Target, a.Card = int8(c), int8(t), card
	return a
}

func moveAct(c, r, col int) rules.Action {
	a := act(rules.ActMove)
	a.Char, a.Dest = int8(c), rules.Sq(r, col)
	return a
}

func cardAct(k rules.ActionKind, c int, card rules.CardID) rules.Action {
	a := act(k)
	a.Char, a.Card = int8(c), card
	return a
}

func defendAct(card rules.CardID) rules.Action {
	a := act(rules.ActDefend)
	a.Card = card
	return a
}

// Characters of the scenes: seat 0 slots 0-2, seat 1 slots 3-5.
const (
	major0, minor0, twin0 = 0, 1, 2
	major1, minor1, twin1 = 3, 4, 5
)

// TestTacticalDecisions checks the tactical agent's judgement on positions built for one rule
// of its play each.
func TestTacticalDecisions(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T)
	}{
		{"focuses the character it can eliminate", func(t *testing.T) {
			sc := newScene(t, "zelda", "darunia", "triforce_chamber")
			sc.put(major0, 3, 0)
			sc.put(minor0, 6, 0)
			sc.put(major1, 0, 3)
			sc.put(minor1, 3, 6)
			sc.put(twin1, 6, 9)
			sc.hp(minor1, 1)
			sc.hand("zelda_31r")
			c := sc.card("zelda_31r")
			got := sc.choose(attackAct(major0, major1, c), attackAct(major0, minor1, c), act(rules.ActDraw), act(rules.ActEndTurn))
			if got != attackAct(major0, minor1, c) {
				t.Errorf("chose %v, want the attack on the Goron with 1 hit point", got)
			}
		}},
		{"plays a Clock card before the attack it boosts", func(t *testing.T) {
			sc := newScene(t, "zelda", "darunia", "triforce_chamber")
			sc.put(major0, 3, 0)
			sc.put(minor0, 6, 0)
			sc.put(major1, 3, 6)
			sc.put(minor1, 0, 9)
			sc.put(twin1, 6, 9)
			sc.hand("zelda_hidden_identity", "zelda_31r", "zelda_nayru_love") // the attack leaves her guard whole
			clock, shot := cardAct(rules.ActSpecial, major0, sc.card("zelda_hidden_identity")), attackAct(major0, major1, sc.card("zelda_31r"))
			if got := sc.choose(shot, clock, act(rules.ActDraw), act(rules.ActEndTurn)); got != clock {
				t.Errorf("with two actions: chose %v, want Hidden Identity first", got)
			}
			sc.v.ActionsLeft = 1
			if got := sc.choose(shot, clock, act(rules.ActDraw), act(rules.ActEndTurn)); got != shot {
				t.Errorf("with one action: chose %v, want the attack", got)
			}
		}},
		{"hits and runs: a free move after its actions when it pays", func(t *testing.T) {
			sc := newScene(t, "dark_link", "darunia", "triforce_chamber")
			sc.put(major0, 3, 3)
			sc.put(minor0, 6, 0)
			sc.put(major1, 3, 4)
			sc.put(minor1, 2, 4)
			sc.put(twin1, 0, 8)
			sc.hand("dark_link_shadow_step")
			sc.v.ActionsLeft = 0
			step, end := cardAct(rules.ActSpecial, major0, sc.card("dark_link_shadow_step")), act(rules.ActEndTurn)
			sc.hp(major0, 3)
			if got := sc.choose(step, end); got != step {
				t.Errorf("Dark Link at 3 hit points beside Darunia and a Goron, actions spent: chose %v, want Shadow Step", got)
			}
			sc.v.Phase, sc.v.MoveChar, sc.v.MoveSteps = rules.PhaseEffect, major0, 5
			if got := sc.choose(moveAct(major0, 3, 3), moveAct(major0, 3, 2), moveAct(major0, 6, 1)); got != moveAct(major0, 6, 1) {
				t.Errorf("the step's destination: chose %v, want out of the Gorons' reach", got)
			}
			sc.v.Phase = rules.PhaseAction
			sc.hp(major0, 17)
			sc.put(major1, 3, 9)
			sc.put(minor1, 0, 9)
			if got := sc.choose(step, end); got != end {
				t.Errorf("Dark Link unhurt and out of reach, actions spent: chose %v, want to keep the card", got)
			}
		}},
		{"takes cards from a hand that holds them", func(t *testing.T) {
			sc := newScene(t, "skull_kid", "darunia", "triforce_chamber")
			sc.put(major0, 3, 0)
			sc.put(minor0, 6, 0)
			sc.put(twin0, 0, 0)
			sc.put(major1, 3, 9)
			sc.put(minor1, 0, 9)
			sc.put(twin1, 6, 9)
			sc.hand("skull_kid_saria_song")
			song := cardAct(rules.ActSpecial, major0, sc.card("skull_kid_saria_song"))
			song.Target = major1
			sc.v.HandSizes[1] = 6
			if got := sc.choose(song, act(rules.ActDraw), act(rules.ActEndTurn)); got != song {
				t.Errorf("Darunia's player holds 6 cards: chose %v, want Saria's Song", got)
			}
			sc.v.HandSizes[1] = 0
			if got := sc.choose(song, act(rules.ActDraw), act(rules.ActEndTurn)); got != act(rules.ActDraw) {
				t.Errorf("Darunia's player holds no card: chose %v, want to draw", got)
			}
		}},
		{"keeps its last defence card from a weak attack", func(t *testing.T) {
			sc := newScene(t, "zelda", "darunia", "triforce_chamber")
			sc.put(major0, 3, 0)
			sc.put(minor0, 6, 0)
			sc.put(major1, 0, 9)
			sc.put(minor1, 3, 9) // in Zelda's line of fire
			sc.put(twin1, 6, 9)
			sc.v.ActionsLeft = 1
			sc.v.HandSizes[1] = 0 // the Goron cannot block: the attack deals its 1 point
			sc.hand("zelda_12b")
			shot := attackAct(major0, minor1, sc.card("zelda_12b"))
			if got := sc.choose(shot, act(rules.ActDraw), act(rules.ActEndTurn)); got != act(rules.ActDraw) {
				t.Errorf("Zelda's one defence card (1/2): chose %v, want to draw and keep it", got)
			}
			sc.hand("zelda_12b", "zelda_12b")
			if got := sc.choose(shot, act(rules.ActDraw), act(rules.ActEndTurn)); got != shot {
				t.Errorf("Zelda holds a second 1/2: chose %v, want the attack", got)
			}
		}},
		{"defends against a real threat only", func(t *testing.T) {
			sc := newScene(t, "zelda", "darunia", "triforce_chamber")
			sc.put(major0, 3, 3)
			sc.put(minor0, 6, 0)
			sc.put(major1, 3, 4)
			sc.put(minor1, 2, 3)
			sc.put(twin1, 6, 9)
			sc.v.Phase, sc.v.ToMove, sc.v.InTurn = rules.PhaseDefend, 0, 1
			sc.v.Target = major0
			sc.hand("zelda_12b", "zelda_31r")
			shield, none := defendAct(sc.card("zelda_12b")), defendAct(rules.NoCard)
			sc.v.Attacker = minor1 // a Goron: attacks 0 to 2 once its one bow card (Bomb Flower, 4) is seen discarded
			sc.v.Discards[1][sc.v.DiscardN[1]] = sc.card("goron_bomb_flower")
			sc.v.DiscardN[1]++
			if got := sc.choose(shield, none); got != none {
				t.Errorf("a Goron attacks a healthy Zelda: chose %v, want no defence", got)
			}
			sc.v.Attacker = major1 // Darunia: attacks up to 5
			sc.hp(major0, 3)
			if got := sc.choose(shield, none); got != shield {
				t.Errorf("Darunia attacks Zelda at 3 hit points: chose %v, want the defence", got)
			}
		}},
		{"heals with the heal action when it pays", func(t *testing.T) {
			sc := newScene(t, "zelda", "darunia", "triforce_chamber")
			sc.put(major0, 3, 0)
			sc.eliminate(minor0)
			sc.put(major1, 0, 9)
			sc.put(minor1, 3, 9)
			sc.put(twin1, 6, 9)
			sc.hp(major0, 6)
			sc.hand("impa_31m", "zelda_12b")
			heal := cardAct(rules.ActHeal, major0, sc.card("impa_31m"))
			if got := sc.choose(act(rules.ActDraw), heal, act(rules.ActEndTurn)); got != heal {
				t.Errorf("Zelda at 6 of 16 with Impa's card: chose %v, want the heal", got)
			}
		}},
		{"discards a card nobody can play at the hand limit", func(t *testing.T) {
			sc := newScene(t, "zelda", "darunia", "triforce_chamber")
			sc.put(major0, 3, 0)
			sc.eliminate(minor0)
			sc.put(major1, 0, 9)
			sc.put(minor1, 3, 9)
			sc.put(twin1, 6, 9)
			ids := []string{"zelda_31r", "zelda_31r", "zelda_21r", "zelda_21r", "zelda_12b", "zelda_12b", "impa_12m", "zelda_20b", "zelda_hidden_identity", "zelda_lullaby"}
			sc.hand(ids...)
			var legal []rules.Action
			for _, id := range ids {
				legal = append(legal, cardAct(rules.ActDiscard, -1, sc.card(id)))
			}
			legal = append(legal, act(rules.ActEndTurn))
			if got := sc.choose(legal...); got.Kind != rules.ActDiscard || got.Card != sc.card("impa_12m") {
				t.Errorf("a full hand holding Impa's card (Impa eliminated): chose %v, want to discard it", got)
			}
		}},
		{"a ranged character keeps its distance", func(t *testing.T) {
			sc := newScene(t, "zelda", "darunia", "triforce_chamber")
			sc.v.Phase = rules.PhaseMove
			sc.put(major0, 3, 0)
			sc.put(minor0, 6, 0)
			sc.put(major1, 3, 8)
			sc.put(minor1, 0, 9)
			sc.put(twin1, 6, 9)
			sc.hand("zelda_31r", "zelda_21r")
			near := moveAct(major0, 3, 7)
			if got := sc.choose(moveAct(major0, 3, 1), near, act(rules.ActEndMove)); got == near {
				t.Errorf("Zelda (ranged) walked next to Darunia")
			}
		}},
		{"a melee character closes in", func(t *testing.T) {
			sc := newScene(t, "darunia", "zelda", "triforce_chamber")
			sc.v.Phase = rules.PhaseMove
			sc.put(major0, 3, 3)
			sc.put(minor0, 6, 0)
			sc.put(twin0, 0, 0)
			sc.put(major1, 3, 8)
			sc.put(minor1, 0, 9)
			sc.hand("darunia_41m", "darunia_31m")
			near := moveAct(major0, 3, 7)
			if got := sc.choose(moveAct(major0, 3, 4), near, act(rules.ActEndMove)); got != near {
				t.Errorf("Darunia chose %v, want to walk next to Zelda", got)
			}
		}},
	} {
		t.Run(tc.name, tc.run)
	}
}

// TestTriforceValue checks that a Triforce ability counts when its condition holds, waits
// while it does not, and counts no more once used (unless the map allows it again).
func TestTriforceValue(t *testing.T) {
	sc := newScene(t, "link", "darunia", "lost_woods")
	sc.put(major0, 3, 3)
	sc.put(major1, 3, 4)
	sword := sc.card("link_master_sword")
	a := sc.agent
	value := func(hp int) float64 {
		sc.hp(major0, hp)
		a.s.read(&sc.v)
		return a.triforceValue(sword, major0, major1)
	}
	if got := value(5); got != 4 {
		t.Errorf("Link at 5 of 18: the Master Sword's Triforce is worth %v, want its heal of 4", got)
	}
	if got := value(15); got != -waitWorth {
		t.Errorf("Link at 15 of 18: the Master Sword's Triforce is worth %v, want -%v (wait)", got, waitWorth)
	}
	sc.hp(major0, 5)
	sc.hand("link_master_sword")
	sc.choose(attackAct(major0, major1, sword))
	if got := value(5); got != 0 {
		t.Errorf("after the Master Sword triggered: worth %v, want 0", got)
	}
}

// TestWalkDamage checks the agents' reading of the engine's walks: a leever is crossed for its
// damage and never stopped on, an opponent blocks, an ally is passed but not stopped on.
func TestWalkDamage(t *testing.T) {
	sc := newScene(t, "darunia", "zelda", "leever_desert")
	sc.v.Phase = rules.PhaseMove
	sc.put(major0, 4, 0)
	sc.put(minor0, 5, 0)
	sc.put(twin0, 0, 9)
	sc.put(major1, 3, 0)
	sc.put(minor1, 0, 5)
	s := &sc.agent.s
	s.read(&sc.v)
	var dmg [rules.MaxSquares]int8
	s.walkDamage(major0, 2, &dmg)
	for _, tc := range []struct {
		r, c int
		want int8
	}{
		{4, 2, 2},      // across the leever at 4,1
		{3, 1, 2},      // Zelda blocks 3,0: the way is across the leever
		{4, 1, noWalk}, // a leever: crossed, never stopped on
		{2, 0, noWalk}, // behind Zelda, and 2,1 is a leever
		{5, 0, noWalk}, // the Goron stands there
		{6, 0, 0},      // past the Goron
		{5, 1, 0},
		{4, 0, 0}, // staying
	} {
		if got := dmg[rules.Sq(tc.r, tc.c)]; got != tc.want {
			t.Errorf("walk to %d,%d: damage %d, want %d", tc.r, tc.c, got, tc.want)
		}
	}
}

// With three identical teams, each seat's two opponents equally near and equally hurt, the
// agents pick as their first target the seat after their own in the turn order: the same choice
// from every seat, so no seat is everyone's target for its number alone.
func TestFirstTargetAmongEqualsIsTheNextSeat(t *testing.T) {
	d := frozen(t)
	link, _ := d.TeamByID("link")
	m, _ := d.MapByID("triforce_chamber")
	setup := rules.Setup{Players: 3, Map: m, Teams: [rules.MaxPlayers]rules.TeamID{link, link, link}}
	var g rules.Game
	g.Reset(d, setup, 1, 0)
	for seat := range 3 {
		v := g.View(seat)
		spots := [3][2]int{{3, 1}, {0, 1}, {6, 1}} // the viewer, then two squares 3 steps from it
		for k := range 3 {
			s := (seat + k) % 3
			for slot := 1; slot < rules.MaxTeamChars; slot++ {
				v.Chars[s*rules.MaxTeamChars+slot].Alive = false
			}
			v.Chars[s*rules.MaxTeamChars].At = rules.Sq(spots[k][0], spots[k][1])
		}
		next := (seat + 1) % 3 * rules.MaxTeamChars
		tac := NewTactical()
		tac.Reset(d, setup, seat, 1)
		tac.look(&v)
		agg := NewAggressive()
		agg.Reset(d, setup, seat, 1)
		agg.s.read(&v)
		weakest := agg.weakest(v.Chars[seat*rules.MaxTeamChars].At)
		if tac.focus != next || weakest != next {
			t.Errorf("seat %d: tactical focuses character %d, aggressive %d; want %d, the next seat's major", seat, tac.focus, weakest, next)
		}
	}
}
