package clockwork

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/clockworksim/clockwork/configs/datafile"
	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// builder checks the meaning of a decoded Document (references, vocabularies, counts that
// cannot be played) and converts it into rules.Data. It keeps going after a problem so that all
// problems are reported together; a Data with problems is never returned to the caller.
type builder struct {
	doc   *Document
	d     *datafile.Decoder
	data  *rules.Data
	notes []string

	skillIDs, itemIDs, treasureIDs map[string]rules.CardID
	templeIDs                      map[string]rules.TempleID
	bossIDs                        map[string]int
	tileIDs                        map[string]rules.TileID
}

// Box counts printed in the rulebook's "Contents": a data set may differ (notes, not errors).
const (
	boxSkillCards    = 36
	boxItems         = 45
	boxTreasures     = 15 // per tier
	boxEnemies       = 12 // per temple
	boxTemples       = 6
	boxGenericTiles  = 21
	boxTempleTiles   = 10 // per temple
	maxCardsPerLevel = 60
)

var idPattern = regexp.MustCompile(`^[a-z0-9_]+$`)

func build(doc *Document, d *datafile.Decoder) (*rules.Data, []string) {
	b := &builder{doc: doc, d: d, data: &rules.Data{},
		skillIDs: map[string]rules.CardID{}, itemIDs: map[string]rules.CardID{},
		treasureIDs: map[string]rules.CardID{}, templeIDs: map[string]rules.TempleID{},
		bossIDs: map[string]int{}, tileIDs: map[string]rules.TileID{}}
	b.cards()
	b.setup()
	b.settings()
	b.templeIndex()
	b.tiles()
	b.enemies()
	b.bosses()
	b.temples()
	b.ganon()
	b.specialRooms()
	b.layouts()
	b.damage()
	b.playability()
	return b.data, b.notes
}

func (b *builder) problem(path, format string, args ...any) { b.d.Problemf(path, format, args...) }

func (b *builder) note(format string, args ...any) {
	b.notes = append(b.notes, fmt.Sprintf(format, args...))
}

// checkID checks a list entry's id and registers it; it returns false for a bad id.
func (b *builder) checkID(section, id string) bool {
	if id == "" {
		return false // reported as a missing key
	}
	if !idPattern.MatchString(id) {
		b.problem(section+"."+id+".id", "%s: id %q may hold only a-z, 0-9 and _", section, id)
		return false
	}
	return true
}

func skillOf(s string) (rules.Skill, bool) {
	for k := rules.Move; k < rules.NumSkills; k++ {
		if k.String() == s {
			return k, true
		}
	}
	return 0, false
}

func costOf(c Cost) rules.Cost {
	return rules.Cost{rules.Move: int16(c.Move), rules.Attack: int16(c.Attack), rules.Interact: int16(c.Interact)}
}

// indexOf returns the index of s in names (empty names never match).
func indexOf(names []string, s string) (int, bool) {
	for i, n := range names {
		if n != "" && n == s {
			return i, true
		}
	}
	return 0, false
}

var rollNames = []string{"normal", "brutal", "weak"}

func (b *builder) setup() {
	s, out := b.doc.Setup, &b.data.Setup
	for p := rules.MinPlayers; p <= rules.MaxPlayers; p++ {
		out.SkillCardsPerType[p] = s.SkillCardsPerType[p]
	}
	out.HeartContainers = s.HeartContainers
	out.Shards = s.Shards
	out.HandFull, out.HandHurt = s.HandSize.Full, s.HandSize.Hurt
	if s.HandSize.Hurt > s.HandSize.Full {
		b.problem("setup.hand_size.hurt", "setup.hand_size.hurt: %d is larger than the full hand size %d", s.HandSize.Hurt, s.HandSize.Full)
	}
	out.TimeTokens = s.TimeTokens
	out.PreLevelFirst = s.PreLevelItems.FirstLevel
	out.PreLevelLater = s.PreLevelItems.LaterLevels
	out.PerMissedSpecialRoom = s.PreLevelItems.PerMissedSpecialRoom
	for i, id := range s.PreLevelItems.Redraw {
		c, ok := b.itemIDs[id]
		if !ok {
			b.problem(fmt.Sprintf("setup.pre_level_items.redraw.%d", i), "setup.pre_level_items.redraw: %q is not an item id", id)
			continue
		}
		out.PreLevelRedraw = append(out.PreLevelRedraw, c)
	}
	out.KilledRegain = s.KilledRegain
	out.PiecesPerContainer = s.PiecesPerContainer
}

func (b *builder) settings() {
	r, out := b.doc.Rules, &b.data.Settings
	out.ChestInteract, out.ChestItems = r.Chest.Interact, r.Chest.Items
	out.TreasureDraw = r.TreasureDraw
	out.WaterHighToDry, out.WaterHighToLow = r.Water.HighToDry, r.Water.HighToLow
	if len(r.RiftDiscards) == 2 {
		out.RiftDiscards = [2]int{r.RiftDiscards[0], r.RiftDiscards[1]}
	}
	out.GanonShardValue = r.GanonShardValue
	out.HazardRollCap = r.HazardRollCap
	out.BossAttemptsPerRound = r.BossAttemptsPerRound
	out.CogsMoveEntrance = r.CogsMoveEntrance
	out.CogsMoveSpecialRooms = r.CogsMoveSpecialRooms
	out.MapSwapsFaceDown = r.MapSwapsFaceDown
	out.ReshuffleEmptyEnemyDeck = r.ReshuffleEmptyEnemyDeck
	out.ReshuffleEmptyItemDeck = r.ReshuffleEmptyItemDeck
	out.ForcedDiscardReshuffle = r.ForcedDiscardReshuffle
	b.carryOver(r.MoveCarryOver)
	out.DoorsCloseAtRoundEnd = r.DoorsCloseAtRoundEnd
	out.EngagedHeroResolvesFirst = r.EngagedHeroResolvesFirst
	out.ExploreSpecialSpendsMove = r.ExploreSpecialSpendsMove
	out.BossRoomRevealedBeforeKey = r.BossRoomRevealedBeforeKey
	out.CogveyorWraps = r.CogveyorWraps
	out.BigCogTurnsRooms = r.BigCogTurnsRooms
	out.HealBetweenLevels = r.HealBetweenLevels
	out.HelpersShowVulnerability = r.HelpersShowVulnerability
	out.SpecialRoomEnemyReward = r.SpecialRoomEnemyReward
	out.MagicActsFromAfar = r.MagicActsFromAfar
	out.RiftActivation = rules.RiftActivation(b.choice("rules.rift_activation", r.RiftActivation, rules.RiftActivationNames[:]))
	out.TiesChosenByPlayers = r.TiesChosenByPlayers
	out.BossStrikeCost = rules.BossStrikeCost(b.choice("rules.boss_strike_cost", r.BossStrikeCost, rules.BossStrikeCostNames[:]))
	switch r.HeroOrder {
	case "free":
		out.HeroOrder = rules.FreeOrder
	case "sequential":
		out.HeroOrder = rules.SequentialOrder
	case "":
	default:
		b.problem("rules.hero_order", "rules.hero_order: %q is not free or sequential", r.HeroOrder)
	}
}

// choice returns the index of v among names, reporting a problem at path if it is none of them
// (0 for an empty value: the field's req check reports it).
func (b *builder) choice(path, v string, names []string) int {
	for i, name := range names {
		if v == name {
			return i
		}
	}
	if v != "" {
		b.problem(path, "%s: %q is not %s", path, v, strings.Join(names, ", "))
	}
	return 0
}

// carryOver reads rules.move_carry_over (decision 9).
func (b *builder) carryOver(v string) {
	for i, name := range rules.CarryOverNames {
		if v == name {
			b.data.Settings.MoveCarryOver = rules.CarryOver(i)
			return
		}
	}
	if v == "" {
		return
	}
	hint := ""
	if v == "true" {
		hint = " (true was the first reading, now until_round_end)"
	}
	b.problem("rules.move_carry_over", "rules.move_carry_over: %q is not %s%s", v, strings.Join(rules.CarryOverNames[:], ", "), hint)
}

func (b *builder) cards() {
	add := func(c rules.Card) rules.CardID {
		if len(b.data.Cards) == rules.MaxCardTypes {
			return 0
		}
		b.data.Cards = append(b.data.Cards, c)
		return rules.CardID(len(b.data.Cards) - 1)
	}
	if n := len(b.doc.SkillCards) + len(b.doc.Items) + len(b.doc.Treasures); n > rules.MaxCardTypes {
		b.problem("items", "too many Hero card types: %d (at most %d Skill, Item and Treasure types together)", n, rules.MaxCardTypes)
	}
	for _, s := range b.doc.SkillCards {
		path := "skill_cards." + s.ID
		if !b.checkID("skill_cards", s.ID) {
			continue
		}
		c := rules.Card{ID: s.ID, Name: s.Name, Class: rules.SkillCardClass, Count: s.Count, Amount: int8(s.Amount)}
		for i, sk := range s.Skills {
			k, ok := skillOf(sk)
			if !ok {
				b.problem(fmt.Sprintf("%s.skills.%d", path, i), "%s.skills: %q is not a skill (move, attack, interact)", path, sk)
				continue
			}
			c.Skills[i] = k
		}
		if len(s.Skills) == 2 && s.Skills[0] == s.Skills[1] {
			b.problem(path+".skills", "%s.skills: the two skills must differ", path)
		}
		b.skillIDs[s.ID] = add(c)
		b.data.SkillCards = append(b.data.SkillCards, b.skillIDs[s.ID])
	}
	for _, it := range b.doc.Items {
		path := "items." + it.ID
		if !b.checkID("items", it.ID) {
			continue
		}
		c := rules.Card{ID: it.ID, Name: it.Name, Class: rules.ItemClass, Count: it.Count}
		switch {
		case it.WhenGained != nil:
			if it.Top != nil || it.Bottom != nil {
				b.problem(path, "%s: a \"when gained\" Item has no top or bottom ability", path)
			}
			c.WhenGained = b.ability(path+".when_gained", *it.WhenGained, slotWhenGained)
		case it.Top == nil && it.Bottom == nil:
			b.problem(path, "%s: an Item needs when_gained, or a top and/or bottom ability", path)
		}
		if it.Top != nil {
			c.Top = b.ability(path+".top", *it.Top, slotItem)
		}
		if it.Bottom != nil {
			c.Bottom = b.ability(path+".bottom", *it.Bottom, slotItem)
		}
		b.itemIDs[it.ID] = add(c)
		b.data.Items = append(b.data.Items, b.itemIDs[it.ID])
	}
	for _, t := range b.doc.Treasures {
		path := "treasures." + t.ID
		if !b.checkID("treasures", t.ID) {
			continue
		}
		c := rules.Card{ID: t.ID, Name: t.Name, Class: rules.TreasureClass, Count: t.Count, Tier: uint8(t.Tier)}
		c.Top = b.ability(path+".top", t.Top, slotTreasureTop)
		c.Bottom = b.ability(path+".bottom", t.Bottom, slotTreasureBottom)
		b.treasureIDs[t.ID] = add(c)
		if t.Tier == 1 || t.Tier == 2 {
			b.data.Treasures[t.Tier] = append(b.data.Treasures[t.Tier], b.treasureIDs[t.ID])
		}
	}
}

// abilitySlot says where an ability is printed, which limits what it may be.
type abilitySlot uint8

const (
	slotWhenGained abilitySlot = iota
	slotItem
	slotTreasureTop
	slotTreasureBottom
)

// effectUses lists, per card effect, which ability keys it uses: s(kill), a(mount), r(ange),
// t(arget); a capital letter means the value is required.
var effectUses = map[rules.Effect]string{
	rules.EffectSkill:          "SA",
	rules.EffectRemoteEngage:   "SAR",
	rules.EffectRemoteInteract: "AR",
	rules.EffectHeal:           "At",
	rules.EffectHealFull:       "t",
	rules.EffectPieceOfHeart:   "A",
	rules.EffectOpenDoor:       "",
	rules.EffectRefillHand:     "",
	rules.EffectExtraDraw:      "A",
	rules.EffectCrossBarrier:   "",
	rules.EffectReduceDamage:   "A",
	rules.EffectRotateRoom:     "R",
	rules.EffectGainItem:       "At",
	rules.EffectTimeToken:      "A",
	rules.EffectBottle:         "",
}

func uses(effect rules.Effect, key byte) (used, required bool) {
	for _, c := range []byte(effectUses[effect]) {
		if c == key {
			return true, false
		}
		if c == key-'a'+'A' {
			return true, true
		}
	}
	return false, false
}

func (b *builder) ability(path string, a Ability, slot abilitySlot) rules.Ability {
	i, ok := indexOf(rules.EffectNames[:], a.Effect)
	eff := rules.Effect(i)
	if !ok {
		if a.Effect != "" {
			b.problem(path+".effect", "%s.effect: %q is not a card effect (expected one of: %s)", path, a.Effect, joinNames(rules.EffectNames[:]))
		}
		return rules.Ability{}
	}
	out := rules.Ability{Effect: eff, Amount: int8(a.Amount), Range: int8(a.Range), Exhaust: a.Exhaust}
	check := func(key byte, name string, given bool) {
		used, req := uses(eff, key)
		switch {
		case given && !used:
			b.problem(path+"."+name, "%s.%s: effect %s takes no %s", path, name, a.Effect, name)
		case !given && req:
			b.problem(path, "%s: effect %s needs %s", path, a.Effect, name)
		}
	}
	check('s', "skill", a.Skill != "")
	check('a', "amount", a.Amount != 0)
	check('r', "range", a.Range != 0)
	check('t', "target", a.Target != "")
	if a.Skill != "" {
		if k, ok := skillOf(a.Skill); ok {
			out.Skill = k
		} else if a.Skill == "any" && eff == rules.EffectSkill {
			out.Skill = rules.AnySkill
		} else {
			b.problem(path+".skill", "%s.skill: %q is not a skill (move, attack, interact%s)", path, a.Skill,
				map[bool]string{true: ", any", false: ""}[eff == rules.EffectSkill])
		}
	}
	switch a.Target {
	case "", "self":
	case "any":
		out.AnyHero = true
	default:
		b.problem(path+".target", "%s.target: %q is not self or any", path, a.Target)
	}
	switch slot {
	case slotWhenGained:
		if eff != rules.EffectHeal && eff != rules.EffectHealFull && eff != rules.EffectPieceOfHeart && eff != rules.EffectTimeToken {
			b.problem(path+".effect", "%s.effect: a \"when gained\" effect is heal, heal_full, piece_of_heart or time_token", path)
		}
	case slotTreasureBottom:
		if !a.Exhaust && eff != rules.EffectBottle && eff != rules.EffectReduceDamage && eff != rules.EffectCrossBarrier {
			b.problem(path+".exhaust", "%s: only bottle, reduce_damage and cross_barrier work without exhausting (add exhaust: true)", path)
		}
		if a.Exhaust && eff == rules.EffectBottle {
			b.problem(path+".exhaust", "%s: bottle works without exhausting", path)
		}
	}
	if slot != slotTreasureBottom {
		if a.Exhaust {
			b.problem(path+".exhaust", "%s.exhaust: only a Treasure's bottom ability is exhausted", path)
		}
		if eff == rules.EffectBottle {
			b.problem(path+".effect", "%s.effect: bottle is a Treasure's bottom ability", path)
		}
	}
	return out
}

func joinNames(names []string) string {
	s := ""
	for _, n := range names {
		if n == "" {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += n
	}
	return s
}

func (b *builder) templeIndex() {
	if len(b.doc.Temples) > rules.MaxTemples {
		b.problem("temples", "temples: at most %d temples, got %d", rules.MaxTemples, len(b.doc.Temples))
	}
	for _, t := range b.doc.Temples {
		if b.checkID("temples", t.ID) && len(b.data.Temples) < rules.MaxTemples {
			if _, dup := b.templeIDs[t.ID]; dup {
				continue // reported by the decoder
			}
			b.templeIDs[t.ID] = rules.TempleID(len(b.data.Temples))
			b.data.Temples = append(b.data.Temples, rules.Temple{ID: t.ID, Name: t.Name, Medallion: t.Medallion, Difficulty: float64(t.Difficulty)})
		}
	}
}

// temple resolves a temple reference at path; ok is false (and a problem recorded) when it does
// not resolve. An empty reference is left to the missing-key check.
func (b *builder) temple(path, id string) (rules.TempleID, bool) {
	if id == "" {
		return rules.NoTemple, false
	}
	t, ok := b.templeIDs[id]
	if !ok {
		b.problem(path, "%s: %q is not a temple id", path, id)
		return rules.NoTemple, false
	}
	return t, true
}

func (b *builder) enemies() {
	if len(b.doc.Enemies) > rules.MaxEnemies {
		b.problem("enemies", "enemies: at most %d enemy types, got %d", rules.MaxEnemies, len(b.doc.Enemies))
		return
	}
	for _, e := range b.doc.Enemies {
		path := "enemies." + e.ID
		if !b.checkID("enemies", e.ID) {
			continue
		}
		out := rules.Enemy{ID: e.ID, Name: e.Name, Count: e.Count, Defeat: costOf(e.Defeat),
			Evade: int8(e.Evade), Reward: int8(e.Reward)}
		out.Temple, _ = b.temple(path+".temple", e.Temple)
		if out.Defeat.Total() == 0 {
			b.problem(path+".defeat", "%s.defeat: the Defeat cost needs at least one skill above 0", path)
		}
		if m, ok := indexOf(rollNames, e.Roll); ok {
			out.Roll = rules.RollMode(m)
		} else if e.Roll != "" {
			b.problem(path+".roll", "%s.roll: %q is not normal, brutal or weak", path, e.Roll)
		}
		seen := map[string]bool{}
		for i, v := range e.Vulnerable {
			vp := fmt.Sprintf("%s.vulnerable.%d", path, i)
			c, ok := b.treasureIDs[v]
			switch {
			case !ok:
				b.problem(vp, "%s.vulnerable: %q is not a treasure id", path, v)
			case seen[v]:
				b.problem(vp, "%s.vulnerable: %q is listed twice", path, v)
			case b.data.Cards[c].Tier != uint8(1+i/2):
				b.problem(vp, "%s.vulnerable: %q is Tier %d; the first two must be Tier 1 and the last two Tier 2", path, v, b.data.Cards[c].Tier)
			}
			seen[v] = true
			if ok && i < 4 {
				out.Vulnerable[i] = c
			}
		}
		if e.Ability != nil {
			out.Ability = b.enemyAbility(path+".ability", *e.Ability)
		}
		b.data.Enemies = append(b.data.Enemies, out)
		if out.Temple >= 0 {
			t := &b.data.Temples[out.Temple]
			t.Enemies = append(t.Enemies, rules.EnemyID(len(b.data.Enemies)-1))
		}
	}
}

func (b *builder) enemyAbility(path string, a EnemyAbility) rules.EnemyAbility {
	i, ok := indexOf(rules.EnemyEffectNames[:], a.Effect)
	eff := rules.EnemyEffect(i)
	if !ok {
		if a.Effect != "" {
			b.problem(path+".effect", "%s.effect: %q is not an enemy ability (expected one of: %s)", path, a.Effect, joinNames(rules.EnemyEffectNames[:]))
		}
		return rules.EnemyAbility{}
	}
	out := rules.EnemyAbility{Effect: eff, Amount: int8(a.Amount)}
	if a.Amount == 0 {
		b.problem(path, "%s: ability %s needs amount", path, a.Effect)
	}
	switch {
	case eff == rules.EnemyPayOrShuffleBack:
		k, ok := skillOf(a.Skill)
		if !ok {
			b.problem(path+".skill", "%s.skill: %q is not a skill (move, attack, interact)", path, a.Skill)
		}
		out.Skill = k
	case a.Skill != "":
		b.problem(path+".skill", "%s.skill: ability %s takes no skill", path, a.Effect)
	}
	return out
}

var bossTargets = []string{"lowest", "highest"}

func (b *builder) bossAttack(path string, a BossAttack) rules.BossAttack {
	i, ok := indexOf(rules.BossEffectNames[:], a.Effect)
	eff := rules.BossEffect(i)
	if !ok {
		if a.Effect != "" {
			b.problem(path+".effect", "%s.effect: %q is not a boss attack (expected one of: %s)", path, a.Effect, joinNames(rules.BossEffectNames[:]))
		}
		return rules.BossAttack{}
	}
	out := rules.BossAttack{Effect: eff, Bonus: int8(a.Bonus), Amount: int8(a.Amount)}
	allowed := map[rules.BossEffect]string{rules.BossRollDamage: "mb", rules.BossLoseHearts: "A",
		rules.BossDiscardCards: "A", rules.BossExhaustEquipped: "", rules.BossRollOff: "At"}[eff]
	has := func(c byte) bool {
		for _, x := range []byte(allowed) {
			if x == c || x == c-'a'+'A' {
				return true
			}
		}
		return false
	}
	for _, k := range []struct {
		c     byte
		name  string
		given bool
	}{{'m', "mode", a.Mode != ""}, {'b', "bonus", a.Bonus != 0}, {'a', "amount", a.Amount != 0}, {'t', "target", a.Target != ""}} {
		if k.given && !has(k.c) {
			b.problem(path+"."+k.name, "%s.%s: attack %s takes no %s", path, k.name, a.Effect, k.name)
		}
	}
	if has('A') && a.Amount == 0 {
		b.problem(path, "%s: attack %s needs amount", path, a.Effect)
	}
	if a.Mode != "" {
		if m, ok := indexOf(rollNames, a.Mode); ok {
			out.Mode = rules.RollMode(m)
		} else {
			b.problem(path+".mode", "%s.mode: %q is not normal, brutal or weak", path, a.Mode)
		}
	}
	if a.Target != "" {
		if _, ok := indexOf(bossTargets, a.Target); !ok {
			b.problem(path+".target", "%s.target: %q is not lowest or highest", path, a.Target)
		}
		out.Highest = a.Target == "highest"
	}
	return out
}

func (b *builder) bosses() {
	for _, bo := range b.doc.Bosses {
		path := "bosses." + bo.ID
		if !b.checkID("bosses", bo.ID) {
			continue
		}
		out := rules.Boss{ID: bo.ID, Name: bo.Name}
		out.Temple, _ = b.temple(path+".temple", bo.Temple)
		for lvl, c := range bo.Cost {
			if lvl < 1 || lvl > 3 {
				continue
			}
			out.Cost[lvl] = costOf(c)
			if out.Cost[lvl].Total() == 0 {
				b.problem(fmt.Sprintf("%s.cost.%d", path, lvl), "%s.cost.%d: the cost needs at least one skill above 0", path, lvl)
			}
		}
		out.Attack = b.bossAttack(path+".special_attack", bo.SpecialAttack)
		b.bossIDs[bo.ID] = len(b.data.Bosses)
		b.data.Bosses = append(b.data.Bosses, out)
	}
}

// tileRef resolves a tile reference that must be of kind `kind` and belong to temple t.
func (b *builder) tileRef(path, id string, kind rules.TileKind, t rules.TempleID) rules.TileID {
	if id == "" {
		return 0
	}
	tid, ok := b.tileIDs[id]
	if !ok {
		b.problem(path, "%s: %q is not a tile id", path, id)
		return 0
	}
	tile := b.data.Tiles[tid]
	if tile.Kind != kind || tile.Temple != t {
		owner := "no temple"
		if t >= 0 {
			owner = "temple " + b.data.Temples[t].ID
		}
		b.problem(path, "%s: tile %q must be a %s tile of %s", path, id, kind, owner)
	}
	return tid
}

func (b *builder) temples() {
	bossOf := map[int]string{}
	done := map[string]bool{}
	for _, t := range b.doc.Temples {
		tid, ok := b.templeIDs[t.ID]
		if !ok || done[t.ID] {
			continue // a bad or repeated id, already reported
		}
		done[t.ID] = true
		path := "temples." + t.ID
		out := &b.data.Temples[tid]
		if bi, ok := b.bossIDs[t.Boss]; ok {
			out.Boss = uint8(bi)
			if b.data.Bosses[bi].Temple != tid {
				owner := "no temple"
				if bt := b.data.Bosses[bi].Temple; bt >= 0 {
					owner = "temple " + b.data.Temples[bt].ID
				}
				b.problem(path+".boss", "%s.boss: boss %q belongs to %s", path, t.Boss, owner)
			}
			if other, dup := bossOf[bi]; dup {
				b.problem(path+".boss", "%s.boss: boss %q is already the boss of %q", path, t.Boss, other)
			}
			bossOf[bi] = t.ID
		} else if t.Boss != "" {
			b.problem(path+".boss", "%s.boss: %q is not a boss id", path, t.Boss)
		}
		out.Entrance = b.tileRef(path+".entrance", t.Entrance, rules.EntranceTile, tid)
		out.BossRoom = b.tileRef(path+".boss_room", t.BossRoom, rules.BossTile, tid)
	}
}

func (b *builder) ganon() {
	g, out := b.doc.Ganon, &b.data.Ganon
	out.Name = g.Name
	out.Entrance = b.tileRef("ganon.entrance", g.Entrance, rules.EntranceTile, rules.NoTemple)
	out.BossRoom = b.tileRef("ganon.boss_room", g.BossRoom, rules.BossTile, rules.NoTemple)
	for p, c := range g.Targets {
		if p < rules.MinPlayers || p > rules.MaxPlayers {
			continue
		}
		out.Targets[p] = costOf(c)
		if out.Targets[p].Total() == 0 {
			b.problem(fmt.Sprintf("ganon.targets.%d", p), "ganon.targets.%d: the targets need at least one skill above 0", p)
		}
	}
	out.Attack = b.bossAttack("ganon.special_attack", g.SpecialAttack)
}

func (b *builder) damage() {
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		row := b.doc.Damage[lvl]
		for i := 0; i < len(row) && i < rules.DieFaces; i++ {
			b.data.Damage[lvl][i] = int8(row[i])
		}
		b.data.Skull[lvl] = int8(b.doc.Skull[lvl])
	}
}
