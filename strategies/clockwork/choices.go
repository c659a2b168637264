package clockwork

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// The choices of each strategy, as typed values (their names are in Choices, in this order).
type (
	// TempleChoice is how the team picks one of two offered temples.
	TempleChoice uint8
	// MultiplesChoice is how many boss multiples the team pays.
	MultiplesChoice uint8
	// ShardsChoice is when a Shard is burned for a reshuffle.
	ShardsChoice uint8
	// EquipChoice is what gained cards are equipped.
	EquipChoice uint8
	// EngageChoice is how an engaged hero prefers to end the engagement.
	EngageChoice uint8
	// RolloutsChoice is the expert agent's budget: rollouts per candidate action.
	RolloutsChoice uint8
	// SearchChoice is which kinds of decision the expert judges by rollouts.
	SearchChoice uint8
	// BossRoomChoice is when heroes in a Boss Room attempt the boss.
	BossRoomChoice uint8
	// StopChoice is when the expert stops a decision's rollouts before its budget.
	StopChoice uint8
)

// The stop choices. StopSequential drops a choice once the leader's paired lead over it (the
// same samples, common random numbers) passes twice the root of the sum of the squared paired
// differences (a sequential test), and stops once every choice left has played alike on
// StopAlikeAfter samples or one is left; StopExact drops a choice only when it can no longer
// reach the leader within the budget (the same choice as the full budget).
const (
	StopSequential StopChoice = iota
	StopExact
)

// StopAlikeAfter is how many samples on which every choice left scored the same end a
// sequential search (the decision looks like it does not matter).
const StopAlikeAfter = 4

// The Boss Room choices: attempt only to strike, or also when the boss's special attack (which
// comes before an attempt, and replaces the end-of-round roll) takes fewer hearts than that
// roll, forgoing the strike when the team would not strike.
const (
	BossRoomStrikeOnly BossRoomChoice = iota
	BossRoomAttemptWhenMilder
)

// The strategies' choices.
const (
	TempleEasiest TempleChoice = iota
	TempleRandom
)

// The multiples choices.
const (
	MultiplesMaxAffordable MultiplesChoice = iota
	MultiplesOne
	// MultiplesPatient pays the most multiples affordable, but waits a round (at most
	// PatientWaits rounds a level) while fewer than one a hero are affordable and time allows.
	MultiplesPatient
)

// PatientWaits is how many rounds a level the patient multiples choice waits for a better hand
// (2 and 3 were measured too, on the data before and after its rebuild: never better at every
// player count, and 3 worse at four heroes; docs/agents.md).
const PatientWaits = 1

// The Shard choices.
const (
	ShardsNever ShardsChoice = iota
	ShardsWhenItSaves
)

// The equip choices.
const (
	EquipTreasures EquipChoice = iota // equip Treasures, discard Items
	EquipAll                          // equip what fits
	EquipNone
)

// The search choices: which kinds of decision (rules.Prompt) the expert judges by rollouts.
// SearchLevel (the default) is the kinds where searching pays at every player count
// (docs/agents.md, "Where search pays"): the revealed card kept and the Cog turned; SearchThree
// the first expert's three kinds (the temple choice, Shard burns, boss multiples); SearchSix
// those three and the revealed card kept, the gained card placed and the Cog turned; each
// choice named after a prompt searches that kind alone (the others are the planner's), to
// measure what each is worth; SearchWide searches every kind the planner decides but payments
// (see SearchKinds).
const (
	SearchLevel SearchChoice = iota
	SearchThree
	SearchSix
	SearchTemple
	SearchShard
	SearchBoss
	SearchMain
	SearchPay
	SearchResolve
	SearchKeep
	SearchPlace
	SearchTreasureTo
	SearchDiscard
	SearchRift
	SearchCog
	SearchAbility
	SearchHazard
	SearchEngageOrder
	SearchEnemyTie
	SearchShardTo
	SearchWide
	numSearch
)

// searchKinds is, per search choice, the prompts it searches (bit p for rules.Prompt p).
var searchKinds = func() [numSearch]uint32 {
	bit := func(ps ...rules.Prompt) uint32 {
		var m uint32
		for _, p := range ps {
			m |= 1 << p
		}
		return m
	}
	var k [numSearch]uint32
	k[SearchThree] = bit(rules.PromptChooseTemple, rules.PromptShard, rules.PromptBoss)
	one := []rules.Prompt{rules.PromptChooseTemple, rules.PromptShard, rules.PromptBoss, rules.PromptMain,
		rules.PromptPay, rules.PromptResolve, rules.PromptKeep, rules.PromptPlace, rules.PromptTreasureTo,
		rules.PromptDiscard, rules.PromptRift, rules.PromptCog, rules.PromptAbility, rules.PromptHazard,
		rules.PromptEngageOrder, rules.PromptEnemyTie, rules.PromptShardTo}
	for i, p := range one {
		k[SearchTemple+SearchChoice(i)] = bit(p)
	}
	// every kind but the payments: a payment is one card of a plan the payer follows through,
	// so a rollout's judgement of one card is a judgement of a plan it did not choose
	k[SearchWide] = bit(one...) &^ bit(rules.PromptPay)
	k[SearchSix] = k[SearchThree] | bit(rules.PromptKeep, rules.PromptPlace, rules.PromptCog)
	// the kinds where searching pays at 3 and 4 heroes alike (docs/agents.md, "Where search
	// pays"): not the fights, the rifts or the Treasure draws, where a rollout's planner
	// misjudges (searching them alone loses), nor the placing, the Shards and the temple, which
	// gain at three heroes and lose at four
	k[SearchLevel] = bit(rules.PromptKeep, rules.PromptCog)
	return k
}()

// SearchKinds returns the prompts the set's search choice judges by rollouts, bit p for
// rules.Prompt p.
func (s Set) SearchKinds() uint32 { return searchKinds[s.Search] }

// Searches reports whether the set lets the expert judge decisions of prompt p by rollouts.
func (s Set) Searches(p rules.Prompt) bool { return searchKinds[s.Search]&(1<<p) != 0 }

// The engage choices.
const (
	EngageDefeatFirst EngageChoice = iota
	EngageEvadeFirst
)

// Set holds the choice made for each kind of decision; agents read it. Start from Defaults.
type Set struct {
	Temple    TempleChoice
	Multiples MultiplesChoice
	Shards    ShardsChoice
	Equip     EquipChoice
	Engage    EngageChoice
	Rollouts  RolloutsChoice
	Search    SearchChoice
	BossRoom  BossRoomChoice
	Stop      StopChoice
}

// RolloutCount returns the expert's rollouts per candidate action for the set.
func (s Set) RolloutCount() int {
	n, _ := strconv.Atoi(Choices["rollouts"][s.Rollouts])
	return n
}

// Defaults returns the strategies the planner uses unless told otherwise.
func Defaults() Set {
	return Set{Temple: TempleEasiest, Multiples: MultiplesPatient, Shards: ShardsWhenItSaves,
		Equip: EquipTreasures, Engage: EngageDefeatFirst, BossRoom: BossRoomAttemptWhenMilder}
}

// Choices lists every strategy name and its choices, in the order of their typed values, for
// --help, parsing and results files.
var Choices = map[string][]string{
	"temple":    {"easiest", "random"},
	"multiples": {"max-affordable", "one", "patient"},
	"shards":    {"never", "when-it-saves-the-level"},
	"equip":     {"treasures", "all", "none"},
	"engage":    {"defeat-first", "evade-first"},
	"rollouts":  {"1", "2", "4", "8", "16", "32", "64"},
	"search": {"level", "three", "six", "choose_temple", "shard", "boss", "main", "pay", "resolve", "keep", "place",
		"treasure_to", "discard", "rift", "cog", "ability", "hazard", "engage_order", "enemy_tie", "shard_to",
		"wide"},
	"boss-room": {"strike-only", "attempt-when-milder"},
	"stop":      {"sequential", "exact"},
}

// Parse applies "name=choice" to the set, or says what is wrong.
func (s *Set) Parse(kv string) error {
	name, choice, ok := strings.Cut(kv, "=")
	if !ok {
		return fmt.Errorf("--strategy %q: expected NAME=CHOICE", kv)
	}
	choices, known := Choices[name]
	if !known {
		names := make([]string, 0, len(Choices))
		for n := range Choices {
			names = append(names, n)
		}
		sort.Strings(names)
		return fmt.Errorf("--strategy %q: unknown strategy %q (expected one of: %s)", kv, name, strings.Join(names, ", "))
	}
	for i, c := range choices {
		if c == choice {
			s.set(name, uint8(i))
			return nil
		}
	}
	return fmt.Errorf("--strategy %q: %q is not a choice of %s (expected one of: %s)", kv, choice, name, strings.Join(choices, ", "))
}

func (s *Set) set(name string, i uint8) {
	switch name {
	case "temple":
		s.Temple = TempleChoice(i)
	case "multiples":
		s.Multiples = MultiplesChoice(i)
	case "shards":
		s.Shards = ShardsChoice(i)
	case "equip":
		s.Equip = EquipChoice(i)
	case "engage":
		s.Engage = EngageChoice(i)
	case "rollouts":
		s.Rollouts = RolloutsChoice(i)
	case "search":
		s.Search = SearchChoice(i)
	case "boss-room":
		s.BossRoom = BossRoomChoice(i)
	case "stop":
		s.Stop = StopChoice(i)
	}
}

// String lists the set as name=choice pairs in a fixed order; the expert's budget and search
// only when they are not the defaults (so the other agents' results name their strategies as
// before). The boss-room choice is always named: its default changed (see docs/agents.md).
func (s Set) String() string {
	str := fmt.Sprintf("engage=%s,equip=%s,multiples=%s,shards=%s,temple=%s", Choices["engage"][s.Engage],
		Choices["equip"][s.Equip], Choices["multiples"][s.Multiples], Choices["shards"][s.Shards], Choices["temple"][s.Temple])
	if s.Rollouts != 0 {
		str += ",rollouts=" + Choices["rollouts"][s.Rollouts]
	}
	if s.Search != 0 {
		str += ",search=" + Choices["search"][s.Search]
	}
	if s.Stop != 0 {
		str += ",stop=" + Choices["stop"][s.Stop]
	}
	return "boss-room=" + Choices["boss-room"][s.BossRoom] + "," + str
}

// Equips reports whether the set equips a gained card of class c.
func (s Set) Equips(c rules.CardClass) bool {
	return s.Equip == EquipAll || (s.Equip == EquipTreasures && c == rules.TreasureClass)
}

// Difficulty scores a temple for the "easiest" temple choice (lower is easier), from the data
// alone: the temple's `difficulty` when a designer gave one, else the mean total Defeat cost of
// its Enemy cards, plus its boss's cost at the given level, plus what its tiles add (each
// hazard space its X and 2 more, each water space 1, each advanced enemy icon 2 per extra card
// drawn), per temple tile, plus what its boss's special attack costs a hero (attackHarm; three heroes).
func Difficulty(d *rules.Data, t rules.TempleID, level int) float64 {
	return templeScore(d, t, level, nil, 3)
}

// TeamDifficulty is Difficulty for the team as it stands: an Enemy card that a Treasure the
// heroes hold (in hand, equipped or in a discard pile) defeats by vulnerability counts for
// nothing, so the same offer can suit one team and not another.
func TeamDifficulty(v rules.View, t rules.TempleID, level int) float64 {
	var held [256]bool
	for h := 0; h < v.Players(); h++ {
		hv := v.Hero(h)
		for _, cs := range [3][]rules.CardRef{hv.Hand, hv.Equip, hv.Discard} {
			for _, c := range cs {
				if v.CardType(c).Class == rules.TreasureClass {
					held[v.CardID(c)] = true
				}
			}
		}
	}
	return templeScore(v.Data(), t, level, &held, v.Players())
}

func templeScore(d *rules.Data, t rules.TempleID, level int, held *[256]bool, players int) float64 {
	tp := &d.Temples[t]
	if tp.Difficulty > 0 {
		return tp.Difficulty
	}
	cards, sum := 0, 0
	for _, e := range tp.Enemies {
		en := &d.Enemies[e]
		cards += en.Count
		if held == nil || !vulnerableTo(en, held) {
			sum += en.Count * en.Defeat.Total()
		}
	}
	score := 0.0
	if cards > 0 {
		score = float64(sum) / float64(cards)
	}
	if level >= 1 && level <= 3 {
		boss := &d.Bosses[tp.Boss]
		score += float64(boss.Cost[level].Total()) + attackHarm(d, boss.Attack, level, players)
	}
	return score + tileHardship(d, tp)
}

// attackHarm is what one boss special attack costs a hero in its room, in skill points: the
// hearts it takes (rules.Data.AttackHearts) as a share of a kill, which discards the level's
// skull value of cards (a hero holds the starting Heart Containers plus one per boss
// defeated), or the cards it discards; a Skill card is worth its mean amount. Exhausting
// equipped cards is valued as the payer values it. The special attack strikes before every
// attempt at the boss, so a boss that hurts makes its level harder than its cost says.
func attackHarm(d *rules.Data, at rules.BossAttack, level, players int) float64 {
	card := meanSkillAmount(d)
	if hearts, ok := d.AttackHearts(at, level, players); ok {
		containers := d.Setup.HeartContainers + level - 1
		return hearts * float64(d.Skull[level]) * card / float64(max(1, containers))
	}
	switch at.Effect {
	case rules.BossDiscardCards:
		return float64(at.Amount) * card
	case rules.BossExhaustEquipped:
		return lossExhaust
	}
	return 0
}

// meanSkillAmount is the mean skill amount of the Skill card types.
func meanSkillAmount(d *rules.Data) float64 {
	if len(d.SkillCards) == 0 {
		return 0
	}
	sum := 0
	for _, id := range d.SkillCards {
		sum += int(d.Cards[id].Amount)
	}
	return float64(sum) / float64(len(d.SkillCards))
}

func vulnerableTo(e *rules.Enemy, held *[256]bool) bool {
	for _, c := range e.Vulnerable {
		if held[c] {
			return true
		}
	}
	return false
}

// tileHardship is what a temple's own tiles add to its difficulty, per tile.
func tileHardship(d *rules.Data, tp *rules.Temple) float64 {
	if len(tp.Tiles) == 0 {
		return 0
	}
	h := 0
	for _, id := range tp.Tiles {
		for _, sp := range d.Tiles[id].Spaces {
			if sp.Hazard > 0 {
				h += int(sp.Hazard) + 2
			}
			if sp.Water {
				h++
			}
			for _, e := range sp.Enemies {
				h += 2 * int(e.Draw-1)
			}
		}
	}
	return float64(h) / float64(len(tp.Tiles))
}

// ChooseTemple picks one of the offered temples (the ActTemple actions in legal): "easiest"
// takes the lowest TeamDifficulty, a tie broken at random (never by the order of the offer);
// "random" any.
func ChooseTemple(s Set, v rules.View, legal []rules.Action, r *rand.Rand) rules.Action {
	if s.Temple == TempleRandom || len(legal) == 1 {
		return legal[r.IntN(len(legal))]
	}
	offered := v.Offered()
	best, bestScore, ties := legal[0], 1e18, 0
	for _, a := range legal {
		switch score := TeamDifficulty(v, offered[a.X()], v.Level()); {
		case score < bestScore-1e-9:
			best, bestScore, ties = a, score, 1
		case score <= bestScore+1e-9:
			ties++
			if r.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best
}

// ChooseMultiples picks how many boss multiples to pay: as many as the heroes in the Boss Room
// can cover ("max-affordable"), or one.
func ChooseMultiples(s Set, v rules.View, legal []rules.Action) rules.Action {
	room := v.BossRoomHeroes()
	best := legal[0] // 0: wait for the next round
	for _, a := range legal {
		k := a.X()
		if k == 0 || (s.Multiples == MultiplesOne && k > 1) {
			continue
		}
		if v.CanAfford(room, v.ToMove(), v.BossNeed(k)) && k > best.X() {
			best = a
		}
	}
	return best
}

// BurnShard decides whether to spend a Shard to reshuffle: "never", or only when the hero would
// otherwise have no card to hold, or could not go on with a forced discard (which loses the
// level at once), and the level can still be won: always in Ganon's Tower (losing it loses the
// campaign), in a temple only once the Big Key Room is activated ("when-it-saves-the-level").
func BurnShard(s Set, v rules.View, legal []rules.Action) rules.Action {
	h := v.ToMove()
	yes := s.Shards == ShardsWhenItSaves && (v.ShardFor() == rules.ForDiscard || len(v.Hero(h).Hand) == 0) &&
		(v.Level() == rules.Levels || v.KeyActivated())
	for _, a := range legal {
		if (a.X() == 1) == yes {
			return a
		}
	}
	return legal[0]
}

// KeepCard picks which revealed card to keep: the most valuable one (Treasures by their best
// ability, Items by their best ability).
func KeepCard(v rules.View, legal []rules.Action) rules.Action {
	best, bestV := legal[0], -1.0
	revealed := v.Revealed()
	for _, a := range legal {
		if a.Kind() != rules.ActKeep || a.X() >= len(revealed) {
			continue
		}
		t := v.CardType(revealed[a.X()])
		val := float64(itemValue(t))
		if t.Class == rules.TreasureClass {
			val = float64(max(t.Top.Amount, t.Bottom.Amount)) + 3
		}
		if val > bestV {
			best, bestV = a, val
		}
	}
	return best
}

// PlaceCard decides where a gained card goes: equipped (when the policy says so and there is a
// free slot under the Shards), kept on a Bottle, or into the discard pile.
func PlaceCard(s Set, v rules.View, legal []rules.Action) rules.Action {
	c := v.Placing()
	t := v.CardType(c)
	var discard, equip, bottle rules.Action
	for _, a := range legal {
		switch a.Kind() {
		case rules.ActToDiscard:
			discard = a
		case rules.ActToEquip:
			if a.Y() == 0 && equip == 0 { // only into a free slot
				equip = a
			}
		case rules.ActToBottle:
			bottle = a
		}
	}
	switch {
	case bottle != 0:
		return bottle
	case equip != 0 && s.Equips(t.Class):
		return equip
	}
	return discard
}

// TreasureTo picks who draws a Treasure and from which tier: Tier II when allowed, for the hero
// with the fewest equipped cards relative to his Shards.
func TreasureTo(v rules.View, legal []rules.Action) rules.Action {
	best := legal[0]
	bestScore := -1 << 30
	for _, a := range legal {
		h := v.Hero(a.Hero())
		score := a.X()*100 + (h.Shards - len(h.Equip))
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// Resolve picks how an engaged hero ends the engagement: a vulnerability shown, else defeat or
// evade as the policy orders them when affordable, else the damage roll.
func Resolve(s Set, v rules.View, legal []rules.Action, h int) rules.Action {
	var defeat, evade, vuln, damage rules.Action
	for _, a := range legal {
		if a.Hero() != h {
			continue
		}
		switch a.Kind() {
		case rules.ActVulnerable:
			vuln = a
		case rules.ActDefeat:
			defeat = a
		case rules.ActEvade:
			evade = a
		case rules.ActTakeDamage:
			damage = a
		}
	}
	switch {
	case vuln != 0:
		return vuln
	case s.Engage == EngageEvadeFirst && evade != 0:
		return evade
	case defeat != 0:
		return defeat
	case evade != 0 && !v.Hero(h).ForRoom:
		return evade // a few Move beat a damage roll that may kill (the skull discards)
	}
	return damage
}
