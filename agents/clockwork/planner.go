package clockwork

import (
	"math"
	"math/rand/v2"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
	strategies "github.com/clockworksim/clockwork/strategies/clockwork"
)

// Planner plays the team as a designer would expect a sensible group to: it resolves fights at
// once (a vulnerability, else defeat, else evade or take the hit), activates special rooms it
// stands in, attacks the boss when the heroes present can pay, and otherwise moves each hero
// along the cheapest known path (doors and tunnels over face-up rooms, Dijkstra on Move) toward
// the most valuable goal: the Boss Room once the key is taken, the Key Room, the other special
// rooms (for their Time tokens and rewards), and the exploration frontier. A stuck hero uses a
// switch or a Cog. Payments use the least-loss payer; single choices the strategies.
//
// The rusher variant skips the optional special rooms: only the Key Room and the boss.
type Planner struct {
	s      strategies.Set
	rusher bool
	pay    strategies.Payer
	pcg    rand.PCG
	r      *rand.Rand
	nav    nav
	// the level and round in which no Compass or Map token use helped (see bestToken)
	noTokenLevel, noTokenRound int
	// noGain is what the last judging of the token uses that found none helpful saw
	noGain tokenJudging
	// the level and the rounds waited in it for a better hand at the boss (multiples=patient)
	waitLevel, waits int
	// forgo: the boss was attempted only for its milder special attack (boss-room)
	forgo bool
	// gather: the team is not ready for the Boss Room (see bossReady), decided once a decision
	gather bool
	// tried marks, per room cell, the level and round of the last activation started there:
	// a failed activation is not tried again in the same round.
	tried [rules.MaxRows * rules.MaxCols]int32
	// moves and fulls hold each hero's last best-step and full searches (see moveHero).
	moves [rules.MaxPlayers]moveMemo
	fulls [rules.MaxPlayers]fullMemo
	// acts holds the actions main looks through (see others).
	acts []rules.Action
}

// moveInputs is what a hero's path search depends on besides the board: where he stands, his
// tools and caution, the team's gathering and the key.
type moveInputs struct {
	pos             rules.Pos
	tools           tools
	cautious, fatal bool
	gather, key     bool
}

// moveMemo is a hero's best-step search (see moveHero) and what it depended on: its inputs,
// the best goal value on the board, and the rooms of the cells its nodes lay in and their
// neighbours (deps). While none of these changes, the search would find the same again.
type moveMemo struct {
	valid       bool
	in          moveInputs
	maxVal      int
	deps        uint64
	stay, score int
	hasFirst    bool // step (the best) and score are set
	step        rules.Action
}

// fullMemo is a hero's full search (every step's score), kept as moveMemo is.
type fullMemo struct {
	valid     bool
	in        moveInputs
	deps      uint64
	stay      int
	nstep     int
	steps     [maxSteps]rules.Action
	stepScore [maxSteps]int
}

// tokenJudging is what bestToken's judgement depends on: the board (its stamp names the rooms,
// the key and the tokens, and so the token uses each hero may list), where the heroes stand,
// the team's gathering, and whether hero 0's copies of the token uses are listed.
type tokenJudging struct {
	board  uint64
	pos    [rules.MaxPlayers]rules.Pos
	gather bool
	listed bool
}

// judging returns what bestToken would judge at v with legal now.
func (p *Planner) judging(v rules.View, legal []rules.Action) tokenJudging {
	j := tokenJudging{board: v.BoardStamp(), gather: p.gather}
	for h := 0; h < v.Players(); h++ {
		j.pos[h] = v.Hero(h).Pos
	}
	for _, a := range legal {
		if heroZeroTokenUse(a) {
			j.listed = true
			break
		}
	}
	return j
}

// NewPlanner makes a planner (rusher: the Key-and-boss-only variant).
func NewPlanner(s strategies.Set, rusher bool) *Planner {
	p := &Planner{s: s, rusher: rusher, acts: make([]rules.Action, 0, 256)}
	p.r = rand.New(&p.pcg)
	return p
}

// Name returns "planner" or "rusher".
func (p *Planner) Name() string {
	if p.rusher {
		return "rusher"
	}
	return "planner"
}

// Reset seeds the planner's stream (it breaks ties and picks Cog turns) for a campaign.
func (p *Planner) Reset(seed uint64) {
	p.pcg.Seed(seed, agentStream+1)
	p.noTokenLevel, p.noTokenRound = 0, 0
	p.noGain = tokenJudging{}
	p.waitLevel, p.waits, p.forgo = 0, 0, false
	p.tried = [rules.MaxRows * rules.MaxCols]int32{}
	p.moves = [rules.MaxPlayers]moveMemo{}
	p.fulls = [rules.MaxPlayers]fullMemo{}
	p.pay.Forget()
}

// loadNav copies the visible board into the path finder, with the team's gathering decision.
func (p *Planner) loadNav(v rules.View) {
	p.nav.load(v)
	p.nav.gather = p.gather
}

// stamp names the current round of the current level.
func stamp(v rules.View) int32 { return int32(v.Level()<<12 | v.Round()) }

// Choose decides one decision.
func (p *Planner) Choose(v rules.View, legal []rules.Action) rules.Action {
	switch v.Prompt() {
	case rules.PromptChooseTemple:
		return strategies.ChooseTemple(p.s, v, legal, p.r)
	case rules.PromptPay:
		return p.pay.Choose(v, legal)
	case rules.PromptResolve:
		return strategies.Resolve(p.s, v, legal, v.ToMove())
	case rules.PromptKeep:
		for _, a := range legal { // an enemy's feature: take it when it opens a door or turns a Cog
			if a.Kind() == rules.ActActivateFeature {
				return a
			}
		}
		return strategies.KeepCard(v, legal)
	case rules.PromptPlace:
		return strategies.PlaceCard(p.s, v, legal)
	case rules.PromptTreasureTo:
		return strategies.TreasureTo(v, legal)
	case rules.PromptDiscard:
		return p.cheapestDiscard(v, legal)
	case rules.PromptRift:
		return find(legal, rules.ActRiftIgnore)
	case rules.PromptShard:
		return strategies.BurnShard(p.s, v, legal)
	case rules.PromptBoss:
		if p.forgo { // attempted only for the milder special attack
			p.forgo = false
			return legal[0]
		}
		a := strategies.ChooseMultiples(p.s, v, legal)
		if p.s.Multiples == strategies.MultiplesPatient && p.waitForMore(v, a) {
			return legal[0]
		}
		return a
	case rules.PromptCog:
		return p.bestCog(v, legal)
	case rules.PromptAbility:
		return find(legal, rules.ActDeclineAbility)
	case rules.PromptEngageOrder:
		return legal[0] // the enemies of a space in printed order
	case rules.PromptEnemyTie:
		return mildestTied(v, legal)
	case rules.PromptShardTo:
		return shardTo(v, legal)
	case rules.PromptHazard:
		if v.Hero(v.ToMove()).Hearts <= 2 {
			return legal[len(legal)-1] // prevent as much as the cards allow
		}
		return legal[0]
	}
	return p.main(v, legal)
}

// find returns the first action of kind k in legal (legal[0] if none).
func find(legal []rules.Action, k rules.ActionKind) rules.Action {
	for _, a := range legal {
		if a.Kind() == k {
			return a
		}
	}
	return legal[0]
}

func (p *Planner) cheapestDiscard(v rules.View, legal []rules.Action) rules.Action {
	best, bestL := legal[0], float32(1e9)
	for _, a := range legal {
		c := v.CardAt(a.Hero(), a.X())
		l := strategies.CardLoss(v, c, 0)
		if a.X() >= rules.MaxHand {
			l += 1 // equipped cards are worth keeping
		}
		if l < bestL {
			best, bestL = a, l
		}
	}
	return best
}

// main chooses among the heroes' actions of a round.
func (p *Planner) main(v rules.View, legal []rules.Action) rules.Action {
	// Most of legal is often Compass and Map token uses (each hero's copy of each): all but
	// bestToken look through the other actions only, in the same order (others).
	acts := p.others(v, legal)
	// 1. Fights: an engaged hero resolves at once.
	for _, a := range acts {
		if a.Kind() == rules.ActTakeDamage {
			return strategies.Resolve(p.s, v, legal, a.Hero())
		}
	}
	// 2. The boss, when the heroes in the Boss Room can pay.
	if a, ok := p.bossAction(v, acts); ok {
		return a
	}
	// 3. Special rooms the heroes stand in (one try a round: a failed one waits for new cards).
	for _, a := range acts {
		if a.Kind() == rules.ActActivate && (!p.rusher || p.inKeyRoom(v, a.Hero())) && p.activationAffordable(v, a) {
			cell := p.heroCell(v, a.Hero())
			if p.tried[cell] == stamp(v) {
				continue
			}
			p.tried[cell] = stamp(v)
			return p.bestActivation(acts, a)
		}
	}
	// 4. Cards worth using now: equip Treasures, heal the hurt, Time tokens.
	if a, ok := p.cardAction(v, acts); ok {
		return a
	}
	// 5. Movement toward the goals; stuck heroes try a switch, a chest, a Compass or Map token.
	// The team gathers at the Boss Room's doors until it can enter and pay in one go.
	p.gather = !p.bossReady(v)
	p.loadNav(v)
	for h := 0; h < v.Players(); h++ {
		if a, ok := p.moveHero(v, acts, h); ok {
			return a
		}
	}
	for _, a := range acts {
		if (a.Kind() == rules.ActSwitch && p.usefulSwitch(v, a)) || a.Kind() == rules.ActChest {
			return a
		}
	}
	for _, a := range acts { // the same from afar, with Magic (rules.magic_acts_from_afar)
		if a.Kind() == rules.ActRemoteInteract && p.usefulRemote(v, a) {
			return a
		}
	}
	if a, ok := p.bestToken(v, legal); ok {
		return a
	}
	for _, a := range acts {
		if a.Kind() == rules.ActEndRound {
			return a
		}
	}
	return legal[0]
}

// others returns the actions of legal that are not Compass or Map token uses, in order (in a
// buffer of the planner's, reused). Each hero's token uses are listed one after another
// (View.TokenUses): they are passed over at once.
func (p *Planner) others(v rules.View, legal []rules.Action) []rules.Action {
	p.acts = p.acts[:0]
	skip := max(v.TokenUses(), 1) - 1
	for i := 0; i < len(legal); i++ {
		if k := legal[i].Kind(); k == rules.ActCompass || k == rules.ActMapSwap {
			i += skip // the first of a hero's token uses: the others follow it
			continue
		}
		p.acts = append(p.acts, legal[i])
	}
	return p.acts
}

// activationAffordable estimates whether the heroes in the room can see the whole activation
// through: its switch costs, plus Attack 4 for each enemy step (about an enemy's Defeat cost).
func (p *Planner) activationAffordable(v rules.View, a rules.Action) bool {
	h := a.Hero()
	pos := v.Hero(h).Pos
	rv := v.Room(int(pos.R), int(pos.C))
	if rv.Tile == nil || rv.Tile.Special == rules.TreasureRoom {
		return true // the Treasure Room's offers are already affordable
	}
	var need rules.Cost
	for _, st := range v.Data().SpecialRooms[rv.Tile.Special].Activation[v.Level()] {
		for s := range need {
			need[s] += st.Cost[s]
		}
		if st.Enemy > 0 {
			need[rules.Attack] += 4
		}
	}
	return v.CanAfford(v.SameRoom(h), h, need)
}

// usefulSwitch reports whether a switch is worth its Interact for a hero who has nowhere to go:
// it opens a door that is still closed, turns a Cog (which may open a way), or lowers the water
// the hero stands in.
func (p *Planner) usefulSwitch(v rules.View, a rules.Action) bool {
	h := v.Hero(a.Hero())
	rv := v.Room(int(h.Pos.R), int(h.Pos.C))
	sw := rv.Tile.Spaces[h.Pos.Space].Switches[a.X()]
	switch {
	case sw.Target >= rules.TargetDoorN && sw.Target <= rules.TargetDoorW:
		return rv.Room.OpenedDoors&(1<<(sw.Target-rules.TargetDoorN)) == 0
	case sw.Target == rules.TargetCog:
		return true
	case sw.Target == rules.TargetWater:
		return rv.Room.Water == rules.HighWater && rv.Tile.Spaces[h.Pos.Space].Water
	}
	return false
}

// usefulRemote reports whether ActRemoteInteract a is worth its card: an unopened chest, or a
// switch usefulSwitch would use if the hero stood in its space. The path finder does not plan
// with them (it plans switches of the hero's own space only).
func (p *Planner) usefulRemote(v rules.View, a rules.Action) bool {
	f := a.Y() & 7
	if f == rules.MaxIcons {
		return true // the chest
	}
	r, c, s := a.Z()/rules.MaxCols, a.Z()%rules.MaxCols, a.Y()>>3&3
	rv := v.Room(r, c)
	sw := rv.Tile.Spaces[s].Switches[f]
	switch {
	case sw.Target >= rules.TargetDoorN && sw.Target <= rules.TargetDoorW:
		return rv.Room.OpenedDoors&(1<<(sw.Target-rules.TargetDoorN)) == 0
	case sw.Target == rules.TargetCog:
		return true
	case sw.Target == rules.TargetWater:
		return rv.Room.Water == rules.HighWater
	}
	return false
}

func (p *Planner) inKeyRoom(v rules.View, h int) bool {
	pos := v.Hero(h).Pos
	rv := v.Room(int(pos.R), int(pos.C))
	return rv.Tile != nil && rv.Tile.Special == rules.KeyRoom
}

// bestActivation picks, for the Treasure Room, the most Treasures offered (they are affordable).
func (p *Planner) bestActivation(legal []rules.Action, first rules.Action) rules.Action {
	best := first
	for _, a := range legal {
		if a.Kind() == rules.ActActivate && a.Hero() == first.Hero() && a.X() > best.X() {
			best = a
		}
	}
	return best
}

// bossAction attempts the boss when worthwhile: the heroes present can pay at least one
// multiple, and either every hero is in the room or they can already pay for each of them.
func (p *Planner) bossAction(v rules.View, legal []rules.Action) (rules.Action, bool) {
	for _, a := range legal {
		if a.Kind() != rules.ActBoss {
			continue
		}
		room := v.BossRoomHeroes()
		present := 0
		for h := 0; h < v.Players(); h++ {
			if room&(1<<h) != 0 {
				present++
			}
		}
		if !v.CanPay(room, a.Hero(), v.BossNeed(1)) {
			return p.attemptToForgo(v, a, present)
		}
		if present == v.Players() || v.CanPay(room, a.Hero(), v.BossNeed(present)) || p.lowOnCards(v, allHeroes(v)) {
			return a, true
		}
		return p.attemptToForgo(v, a, present)
	}
	return 0, false
}

// attemptToForgo attempts the boss without meaning to strike (boss-room=attempt-when-milder)
// when its special attack takes fewer hearts from the heroes present than the end-of-round
// roll it replaces; the strike is then forgone (PromptBoss).
func (p *Planner) attemptToForgo(v rules.View, a rules.Action, present int) (rules.Action, bool) {
	if p.s.BossRoom != strategies.BossRoomAttemptWhenMilder || present == 0 {
		return 0, false
	}
	special, ok := v.BossAttackHearts(present)
	if !ok || special >= v.ExpectedRollHearts(rules.RollNormal, 0) {
		return 0, false
	}
	p.forgo = true
	return a, true
}

// tokenCandidates returns the cells (a cellBit mask) where a token use is worth judging: a
// room next to a hero's room (or his own) or to a special room still to reach (elsewhere a turn
// or swap rarely opens a way, and judging every room each round is costly).
func (p *Planner) tokenCandidates(v rules.View) uint64 {
	var m uint64
	for h := 0; h < v.Players(); h++ {
		pos := v.Hero(h).Pos
		m |= p.nav.around(int(pos.R), int(pos.C))
	}
	for r := 0; r < v.Rows(); r++ {
		for c := 0; c < v.Cols(); c++ {
			if rv := v.Room(r, c); rv.Tile != nil && ((rv.Tile.Kind == rules.SpecialTile && !rv.Room.Activated) || (rv.Tile.Kind == rules.BossTile && v.KeyActivated())) {
				m |= p.nav.around(r, c) &^ cellBit(r, c) // the rooms next to it
			}
		}
	}
	return m
}

// lowOnCards reports whether a hero of set is about to run out of time.
// waitForMore reports whether the team should forgo striking the boss this round for a better
// hand: fewer multiples than heroes are affordable, the heroes have time, and it has not waited
// PatientWaits rounds this level already.
func (p *Planner) waitForMore(v rules.View, a rules.Action) bool {
	if v.Level() == rules.Levels || a.X() == 0 || int(a.X()) >= v.Players() || p.lowOnCards(v, allHeroes(v)) {
		return false
	}
	if p.waitLevel != v.Level() {
		p.waitLevel, p.waits = v.Level(), 0
	}
	if p.waits >= strategies.PatientWaits {
		return false
	}
	p.waits++
	return true
}

func (p *Planner) lowOnCards(v rules.View, set uint8) bool {
	for h := 0; h < v.Players(); h++ {
		if set&(1<<h) != 0 {
			hv := v.Hero(h)
			if hv.Deck < v.HandSize(h) && hv.Time == 0 {
				return true
			}
		}
	}
	return false
}

// cardAction: equip what the policy equips, heal a hurt hero, take Time tokens.
func (p *Planner) cardAction(v rules.View, legal []rules.Action) (rules.Action, bool) {
	for _, a := range legal {
		switch a.Kind() {
		case rules.ActEquip:
			if a.Y() != 0 {
				continue
			}
			t := v.CardType(v.CardAt(a.Hero(), a.X()))
			if p.s.Equips(t.Class) {
				return a, true
			}
		case rules.ActUse:
			t := v.CardType(v.CardAt(a.Hero(), a.X()))
			ab := t.Top
			if a.Y()&1 != 0 {
				ab = t.Bottom
			}
			switch ab.Effect {
			case rules.EffectTimeToken:
				return a, true
			case rules.EffectHeal, rules.EffectHealFull:
				if target := v.Hero(a.Z()); target.Hearts <= target.Containers-2 || target.Hearts == 1 {
					return a, true
				}
			}
		case rules.ActBottle:
			if h := v.Hero(a.Hero()); h.Hearts <= h.Containers-2 {
				return a, true
			}
		}
	}
	return 0, false
}

// moveHero returns hero h's next step toward the best goal he can make progress to now: the
// first steps are tried from the best goal score down, and the first that is legal (affordable)
// is taken. False when staying is best or no step is possible.
func (p *Planner) moveHero(v rules.View, legal []rules.Action, h int) (rules.Action, bool) {
	hv := v.Hero(h)
	if hv.Passed || hv.Engaged {
		return 0, false
	}
	n := &p.nav
	n.cautious = len(hv.Hand) <= 2 && hv.Hearts <= 2
	n.fatal = v.KillLoses(h) && hv.Hearts <= v.Data().MaxDamage(v.Level())
	in := moveInputs{pos: hv.Pos, tools: heroTools(v, h), cautious: n.cautious, fatal: n.fatal, gather: n.gather, key: n.key}
	// Most often the best step is legal, or staying is best: a search for the best step only
	// tells (or the last one, when nothing it depended on changed). Otherwise the steps are
	// tried from the best score down, which needs them all (the full search, or the last one).
	m := &p.moves[h]
	if !m.valid || m.in != in || m.maxVal != n.maxVal || n.changed[2*h]&m.deps != 0 {
		if !hasStep(legal, h) {
			// No step of his is legal: no search could find one to take. His last searches
			// stay recorded with what they depended on (they are still valid where they were).
			n.cautious, n.fatal = false, false
			return 0, false
		}
		stay, first := n.bestStep(hv.Pos, p.rusher, h, in.tools)
		*m = moveMemo{valid: true, in: in, maxVal: n.maxVal, deps: spread(n.taken), stay: stay}
		if first >= 0 {
			m.hasFirst, m.step, m.score = true, n.steps[first], n.stepScore[first]
		}
		n.changed[2*h] = 0
	}
	n.cautious, n.fatal = false, false
	if !m.hasFirst || m.score <= m.stay {
		return 0, false
	}
	for _, a := range legal {
		if a == m.step {
			return a, true
		}
	}
	f := &p.fulls[h]
	if !f.valid || f.in != in || n.changed[2*h+1]&f.deps != 0 {
		n.cautious, n.fatal = in.cautious, in.fatal
		stay := n.searchWith(hv.Pos, p.rusher, h, in.tools)
		n.cautious, n.fatal = false, false
		*f = fullMemo{valid: true, in: in, deps: spread(n.taken), stay: stay, nstep: n.nstep, steps: n.steps, stepScore: n.stepScore}
		n.changed[2*h+1] = 0
	}
	var tried [maxSteps]bool
	for {
		best := -1
		for i := 0; i < f.nstep; i++ {
			if !tried[i] && f.stepScore[i] > -navInf && (best < 0 || f.stepScore[i] > f.stepScore[best]) {
				best = i
			}
		}
		if best < 0 || f.stepScore[best] <= f.stay {
			return 0, false
		}
		tried[best] = true
		step := f.steps[best]
		for _, a := range legal {
			if a == step {
				return a, true
			}
		}
	}
}

// hasStep reports whether legal holds an action of hero h of a kind a step of his path can be
// (see nav.edgeStep): a move, a tunnel, a barrier, a switch or a card use.
func hasStep(legal []rules.Action, h int) bool {
	for _, a := range legal {
		if a.Hero() != h {
			continue
		}
		switch a.Kind() {
		case rules.ActMove, rules.ActTunnel, rules.ActBarrier, rules.ActSwitch, rules.ActUse:
			return true
		}
	}
	return false
}

// bestCog picks the turn of the activated Cog that gives the team the best goal score.
func (p *Planner) bestCog(v rules.View, legal []rules.Action) rules.Action {
	r, c := v.CogRoom()
	best, bestScore := legal[0], -navInf-1
	p.loadNav(v)
	rooms := p.nav.rooms // each turn judged is undone from this copy, not by loading the board again
	dirty := p.nav.dirty
	for _, a := range legal {
		plan, ok := v.PlanCog(r, c, a.X())
		if !ok {
			continue
		}
		p.nav.applyCog(r, c, &plan)
		if score := p.nav.teamScoreAbove(v, p.rusher, bestScore, ^uint64(0), false); score > bestScore {
			best, bestScore = a, score
		}
		p.nav.undo(&rooms, cogCells(r, c, &plan))
	}
	p.nav.dirty = dirty // every turn judged is undone: the rooms are as loaded
	return best
}

// cogCells returns the cells (a cellBit mask) a Cog plan for the Cog room at (r, c) moves.
func cogCells(r, c int, plan *rules.CogPlan) uint64 {
	m := cellBit(r, c)
	for i := 0; i < plan.N; i++ {
		m |= cellBit(plan.Cells[i][0], plan.Cells[i][1])
	}
	return m
}

// bestToken considers every Compass and Map token use (the heroes are stuck: this is rare) and
// spends one when it improves the team's best goal score.
func (p *Planner) bestToken(v rules.View, legal []rules.Action) (rules.Action, bool) {
	// Judging every token use is costly: when it found nothing useful, not again this round.
	if p.noTokenLevel == v.Level() && p.noTokenRound == v.Round() {
		return 0, false
	}
	if v.TokenUses() == 0 { // no token to spend, or no room it could move: nothing to judge
		return p.fruitless(v, p.noGain)
	}
	// The same board, heroes and listing as when judging last found nothing: it would again.
	judged := p.judging(v, legal)
	if judged.board != 0 && judged == p.noGain {
		return p.fruitless(v, judged)
	}
	p.loadNav(v)
	base := p.nav.teamScore(v, p.rusher)
	if base >= p.nav.maxVal {
		// No score on any board a token makes exceeds the best goal value (a turn or a swap
		// moves the rooms, it adds no goal): nothing can beat base, as judging would find.
		return p.fruitless(v, judged)
	}
	p.nav.cellValues(p.rusher)
	var best rules.Action
	bestScore := base + 1 // a token must gain something
	p.nav.goalScores(p.rusher, bestScore)
	changed := p.nav.changed // each use is undone: the board is then as the heroes' searches saw it
	candidates := p.tokenCandidates(v)
	for _, a := range legal {
		if !heroZeroTokenUse(a) {
			continue // any hero may spend them: look at hero 0's copies only
		}
		r, c := a.X()/rules.MaxCols, a.X()%rules.MaxCols
		if candidates&cellBit(r, c) == 0 {
			continue
		}
		moved, nr, nc := cellBit(r, c), r, c
		if a.Kind() == rules.ActMapSwap {
			nr, nc = rules.Neighbor(r, c, rules.Edge(a.Y()))
			moved |= cellBit(nr, nc)
		}
		if p.nav.exitBound(moved) <= bestScore {
			continue // no way through the rooms it moves leads above bestScore (as they are, or moved)
		}
		score := p.judgeToken(v, a, moved, nr, nc, bestScore)
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	p.nav.changed = changed
	if best == 0 {
		return p.fruitless(v, judged)
	}
	return best, true
}

// fruitless records that judging the token uses found none worth a token this round, having
// seen j (see judging), and returns no use.
func (p *Planner) fruitless(v rules.View, j tokenJudging) (rules.Action, bool) {
	p.noTokenLevel, p.noTokenRound, p.noGain = v.Level(), v.Round(), j
	return 0, false
}

// heroZeroTokenUse reports whether a is hero 0's copy of a Compass or Map token use: any hero
// may spend the tokens, and each hero's copies are the same uses (View.TokenUses).
func heroZeroTokenUse(a rules.Action) bool {
	k := a.Kind()
	return (k == rules.ActCompass || k == rules.ActMapSwap) && a.Hero() == 0
}

// judgeToken makes token use a on the board as loaded (its rooms moved: the cell of a.X() and,
// for a Map token, (nr, nc)), returns the team's score there as teamScoreAbove gives it against
// floor, and undoes it: the doorsteps stay those of the board as it is. Heroes whose search
// never came near the rooms it changes keep their score (no more than the floor) and are not
// searched again. The ways out listed for the rooms it touches are kept and put back with them.
func (p *Planner) judgeToken(v rules.View, a rules.Action, moved uint64, nr, nc, floor int) int {
	n := &p.nav
	r, c := a.X()/rules.MaxCols, a.X()%rules.MaxCols
	n.keep(spread(moved))
	if a.Kind() == rules.ActCompass {
		cw := a.Y() == 1
		n.rotate(r, c, cw)
		score := n.teamScoreAbove(v, p.rusher, floor, moved, false)
		n.rotate(r, c, !cw)
		n.restore()
		return score
	}
	n.swap(r, c, nr, nc)
	revalued := n.revalue(r, c, nr, nc, p.rusher)
	score := n.teamScoreAbove(v, p.rusher, floor, moved, false)
	n.swap(r, c, nr, nc)
	n.restore()
	if revalued {
		n.revalue(r, c, nr, nc, p.rusher)
	}
	return score
}

func (p *Planner) heroCell(v rules.View, h int) int {
	pos := v.Hero(h).Pos
	return int(pos.R)*rules.MaxCols + int(pos.C)
}

func allHeroes(v rules.View) uint8 { return uint8(1)<<v.Players() - 1 }

// bossReady reports whether the team may walk into the Boss Room now: a hero is already in it
// (the others join him), time runs short, or every hero stands inside or at a door into it
// and together they can pay the entry Move and one multiple of the boss (Ganon: his targets
// less all their Shards) with the cards they hold.
func (p *Planner) bossReady(v rules.View) bool {
	all := allHeroes(v)
	inside := v.BossRoomHeroes()
	if !v.KeyActivated() || inside != 0 || p.lowOnCards(v, all) {
		return true
	}
	need := v.BossNeedFor(1, all)
	for h := 0; h < v.Players(); h++ {
		cost, ok := p.entryMove(v, h)
		if !ok {
			return false
		}
		need[rules.Move] += int16(cost)
	}
	return v.CanPay(all, 0, need)
}

// entryMove returns the Move hero h needs to step into the Boss Room from where he stands.
func (p *Planner) entryMove(v rules.View, h int) (int, bool) {
	pos := v.Hero(h).Pos
	for d := rules.North; d < rules.NumEdges; d++ {
		nr, nc := rules.Neighbor(int(pos.R), int(pos.C), d)
		if nr < 0 || nc < 0 || nr >= v.Rows() || nc >= v.Cols() {
			continue
		}
		if rv := v.Room(nr, nc); rv.Tile == nil || rv.Tile.Kind != rules.BossTile {
			continue
		}
		if cost, ok := v.DoorMove(h, d); ok {
			return max(0, cost-v.Hero(h).CarryMove), true
		}
	}
	return 0, false
}

// mildestTied picks, of an advanced enemy's cards tied for the highest Defeat total
// (rules.ties_chosen_by_players), one with no special ability, then the most Items of reward,
// then the cheapest to evade.
func mildestTied(v rules.View, legal []rules.Action) rules.Action {
	drawn := v.EnemyDraw()
	best, bestScore := legal[0], math.MinInt
	for _, a := range legal {
		e := &v.Data().Enemies[drawn[a.X()]]
		score := int(e.Reward)*10 - int(e.Evade)
		if e.Ability.Effect != rules.NoEnemyEffect {
			score -= 1000
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// shardTo picks, of the heroes tied for the fewest Shards (rules.ties_chosen_by_players), one
// whose equipment is at his Shard limit (a Shard lets him equip one more card), else the first.
func shardTo(v rules.View, legal []rules.Action) rules.Action {
	for _, a := range legal {
		if h := v.Hero(a.Hero()); len(h.Equip) >= h.Shards {
			return a
		}
	}
	return legal[0]
}
