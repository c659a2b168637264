package duels

import (
	"fmt"
	"strconv"
	"strings"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// problems receives semantic problems at data paths (the data-file kit's Decoder).
type problems interface {
	Problemf(path, format string, args ...any)
}

// builder turns a Document into the engine's Data, reporting every semantic problem.
type builder struct {
	doc  *Document
	p    problems
	data *rules.Data
}

// build returns the engine's data for doc; problems go to p (the result is then incomplete).
func build(doc *Document, p problems) *rules.Data {
	b := &builder{doc: doc, p: p, data: &rules.Data{}}
	b.rules()
	b.die()
	b.teams()
	b.maps()
	b.through()
	return b.data
}

func (b *builder) rules() {
	r := b.doc.Rules
	s := rules.Settings{DeckSize: r.DeckSize, OpeningHand: r.OpeningHand, HandLimit: r.HandLimit,
		Actions: r.ActionsPerTurn, FirstTurnActions: r.FirstTurnActions, HeartHeal: int8(r.HeartHeal),
		HealAction: int8(r.HealAction), DiagonalSteps: r.DiagonalSteps, TurnCap: r.TurnCap,
		DeadDefenderEffects: r.DeadDefenderEffects}
	switch r.SimultaneousElimination {
	case "no_winner":
		s.Simultaneous = rules.SimulNoWinner
	case "turn_player":
		s.Simultaneous = rules.SimulTurnPlayer
	default:
		b.p.Problemf("rules.simultaneous_elimination", "unknown reading %q (no_winner or turn_player)", r.SimultaneousElimination)
	}
	switch r.WinTiming {
	case "", "immediate":
		b.doc.Rules.WinTiming = "immediate" // the effective data names the default
		s.WinTiming = rules.WinImmediate
	case "end_of_play":
		s.WinTiming = rules.WinEndOfPlay
	default:
		b.p.Problemf("rules.win_timing", "unknown reading %q (immediate or end_of_play)", r.WinTiming)
	}
	switch r.EliminatedCards {
	case "heal_only":
		s.EliminatedCards = rules.ElimHealOnly
	case "partner_plays":
		s.EliminatedCards = rules.ElimPartnerPlays
	default:
		b.p.Problemf("rules.eliminated_cards", "unknown reading %q (heal_only or partner_plays)", r.EliminatedCards)
	}
	if r.OpeningHand > r.HandLimit {
		b.p.Problemf("rules.opening_hand", "opening hand %d is over the hand limit %d", r.OpeningHand, r.HandLimit)
	}
	b.data.Rules = s
}

// die reads the faces: "N", "N_all" or "heart".
func (b *builder) die() {
	for i, f := range b.doc.Die.Faces {
		path := fmt.Sprintf("die.faces.%d", i)
		face := rules.Face{Name: f}
		switch {
		case f == "heart":
			face.Heart = true
		default:
			num, all := strings.CutSuffix(f, "_all")
			n, err := strconv.Atoi(num)
			if err != nil || n < 1 || n > rules.MaxSteps {
				b.p.Problemf(path, "die face %q is not N, N_all (N from 1 to %d) or heart", f, rules.MaxSteps)
				continue
			}
			face.Steps, face.All = int8(n), all
		}
		b.data.Faces = append(b.data.Faces, face)
	}
}

// teams reads every team, its characters and its cards.
func (b *builder) teams() {
	if len(b.doc.Teams) > rules.MaxTeams {
		b.p.Problemf("teams", "%d teams, at most %d", len(b.doc.Teams), rules.MaxTeams)
		return
	}
	for ti := range b.doc.Teams {
		b.team(ti, &b.doc.Teams[ti])
	}
	for ti := range b.doc.Teams {
		for ci := range b.doc.Teams[ti].Cards {
			b.triforceCard(ti, ci)
		}
	}
}

func (b *builder) team(ti int, td *TeamDoc) {
	path := "teams." + td.ID
	t := rules.Team{ID: td.ID, Name: td.Name, Role: td.Role}
	slots := map[string]uint8{}
	for _, cd := range td.Characters {
		n := max(cd.Copies, 1)
		for k := 1; k <= n; k++ {
			ch := rules.Character{ID: cd.ID, Kind: cd.ID, Name: cd.Name, HP: int8(cd.HP), Major: cd.Major,
				MovesThrough: cd.MovesThrough}
			if n > 1 {
				ch.ID = fmt.Sprintf("%s_%d", cd.ID, k)
			}
			slots[cd.ID] |= 1 << uint(len(t.Chars))
			t.Chars = append(t.Chars, ch)
		}
	}
	if len(t.Chars) < 2 || len(t.Chars) > rules.MaxTeamChars {
		b.p.Problemf(path+".characters", "a team has 2 to %d characters, this one %d", rules.MaxTeamChars, len(t.Chars))
		return
	}
	if !td.Characters[0].Major {
		b.p.Problemf(path+".characters."+td.Characters[0].ID, "the first character must be the team's major (major: true)")
	}
	deck := 0
	for ci := range td.Cards {
		cd := &td.Cards[ci]
		id := b.card(TeamIDOf(ti), path+".cards."+cd.ID, cd, slots)
		t.Cards = append(t.Cards, id)
		for k := 0; k < cd.Count; k++ {
			t.Deck = append(t.Deck, id)
		}
		deck += cd.Count
	}
	clocks := 0
	for ci := range td.Cards {
		if td.Cards[ci].Clock > 0 {
			clocks += td.Cards[ci].Count
		}
	}
	if clocks > rules.MaxInPlay {
		b.p.Problemf(path+".cards", "%d Clock cards, at most %d (all could be in play at once)", clocks, rules.MaxInPlay)
	}
	if deck != b.doc.Rules.DeckSize {
		b.p.Problemf(path+".cards", "the deck has %d cards, rules.deck_size is %d", deck, b.doc.Rules.DeckSize)
	}
	if deck > rules.MaxDeck {
		return
	}
	b.data.Teams = append(b.data.Teams, t)
}

// TeamIDOf converts a team's index in the data to its id.
func TeamIDOf(i int) rules.TeamID { return rules.TeamID(i) }

// card reads one card type and returns its id.
func (b *builder) card(team rules.TeamID, path string, cd *CardDoc, slots map[string]uint8) rules.CardID {
	if len(b.data.Cards) >= rules.MaxCards {
		b.p.Problemf(path, "more than %d card types", rules.MaxCards)
	}
	if _, dup := b.data.CardByID(cd.ID); dup {
		b.p.Problemf(path+".id", "card id %q is used by another team too", cd.ID)
	}
	c := rules.Card{ID: cd.ID, Name: cd.Name, Team: team, Count: int8(cd.Count), Clock: int8(cd.Clock),
		Attack: -1, Defence: -1}
	if cd.Character == "any" {
		for _, m := range slots {
			c.Chars |= m
		}
	} else if m, ok := slots[cd.Character]; ok {
		c.Chars = m
	} else {
		b.p.Problemf(path+".character", "unknown character %q of this team", cd.Character)
	}
	kind, ok := rules.ParseCardKind(cd.Kind)
	if !ok {
		b.p.Problemf(path+".kind", "unknown card kind %q (basic, power or special)", cd.Kind)
	}
	c.Kind = kind
	if cd.Attack != nil {
		c.Attack = int8(*cd.Attack)
	}
	if cd.Defence != nil {
		c.Defence = int8(*cd.Defence)
	}
	for i, ic := range cd.Icons {
		switch ic {
		case "melee":
			c.Melee = true
		case "ranged":
			c.Ranged = true
		default:
			b.p.Problemf(fmt.Sprintf("%s.icons.%d", path, i), "unknown icon %q (melee or ranged)", ic)
		}
	}
	c.OnAttack = b.effects(path+".on_attack", cd.OnAttack, &c)
	c.OnDefend = b.effects(path+".on_defend", cd.OnDefend, &c)
	c.Effects = b.effects(path+".effects", cd.Effects, &c)
	b.cardShape(path, cd, &c)
	b.data.Cards = append(b.data.Cards, c)
	return rules.CardID(len(b.data.Cards) - 1)
}

// cardShape checks that a card's values, icons, target and effects fit its kind.
func (b *builder) cardShape(path string, cd *CardDoc, c *rules.Card) {
	if c.Kind == rules.Special {
		if cd.Attack != nil || cd.Defence != nil || len(cd.Icons) > 0 || len(cd.OnAttack)+len(cd.OnDefend) > 0 {
			b.p.Problemf(path, "a special card has no attack, defence, icons, on_attack or on_defend (use effects)")
		}
		t, ok := rules.ParseTargetRule(cd.Target)
		if cd.Target == "" {
			t, ok = rules.TargetNone, true
		}
		if !ok {
			b.p.Problemf(path+".target", "unknown target %q (none, any, adjacent, ranged or ally)", cd.Target)
		}
		c.Target = t
		for i, e := range c.Effects {
			if e.Word.NeedsOther() && t == rules.TargetNone {
				b.p.Problemf(fmt.Sprintf("%s.effects.%d", path, i), "effect %s needs a target, and the card's target is none", e.Word)
			}
		}
		return
	}
	if len(cd.Effects) > 0 || cd.Target != "" || cd.Clock > 0 {
		b.p.Problemf(path, "a combat card has no effects, target or clock (use on_attack and on_defend)")
	}
	if cd.Attack == nil && cd.Defence == nil {
		b.p.Problemf(path, "a combat card needs an attack or a defence value")
	}
	if cd.Attack != nil && len(cd.Icons) == 0 {
		b.p.Problemf(path+".icons", "an attack card needs the melee or ranged icon")
	}
	if cd.Attack == nil && len(cd.OnAttack) > 0 || cd.Defence == nil && len(cd.OnDefend) > 0 {
		b.p.Problemf(path, "effects for a use the card has no value for")
	}
	if c.Kind == rules.Basic && len(cd.OnAttack)+len(cd.OnDefend) > 0 {
		b.p.Problemf(path, "a basic card has no effects (make it a power card)")
	}
}

// effects reads an effect list; flags (extra_action, no_defend) mark the card instead.
func (b *builder) effects(path string, list []EffectDoc, c *rules.Card) []rules.Effect {
	var out []rules.Effect
	for i, ed := range list {
		ep := fmt.Sprintf("%s.%d", path, i)
		w, ok := rules.ParseWord(ed.Effect)
		if !ok {
			b.p.Problemf(ep+".effect", "unknown effect word %q (one of %s)", ed.Effect, strings.Join(rules.WordNames(), ", "))
			continue
		}
		switch {
		case w.TakesAmount() && ed.Amount < 1:
			b.p.Problemf(ep+".amount", "effect %s needs an amount of at least 1", w)
		case !w.TakesAmount() && ed.Amount != 0:
			b.p.Problemf(ep+".amount", "effect %s takes no amount", w)
		case w.Durational() && c.Clock == 0:
			b.p.Problemf(ep+".effect", "effect %s lasts while a Clock card is in play: give the card a clock", w)
		case w == rules.WNoDefend && !strings.HasSuffix(path, "on_attack"):
			b.p.Problemf(ep+".effect", "no_defend belongs to on_attack")
		case w.IsValue() && strings.HasSuffix(path, ".effects"):
			b.p.Problemf(ep+".effect", "a sunburst value word belongs to on_attack or on_defend")
		}
		if (w == rules.WMoveSelf || w == rules.WMoveTarget || w == rules.WPush) && ed.Amount > rules.MaxSteps {
			b.p.Problemf(ep+".amount", "at most %d squares", rules.MaxSteps)
		}
		switch w {
		case rules.WExtraAction:
			c.Free = true
		case rules.WNoDefend:
			c.NoDefend = true
		default:
			out = append(out, rules.Effect{Word: w, Amount: int8(ed.Amount)})
		}
	}
	return out
}

// triforceCard reads card ci of team ti's Triforce ability (after every card exists).
func (b *builder) triforceCard(ti, ci int) {
	td := &b.doc.Teams[ti]
	cd := &td.Cards[ci]
	if cd.Triforce == nil {
		return
	}
	id, ok := b.data.CardByID(cd.ID)
	if !ok {
		return
	}
	path := "teams." + td.ID + ".cards." + cd.ID + ".triforce"
	c := &b.data.Cards[id]
	cond, ok := rules.ParseCondition(cd.Triforce.Condition)
	if !ok {
		b.p.Problemf(path+".condition", "unknown condition %q (none, after_card, hp_at_most or partner_eliminated)", cd.Triforce.Condition)
	}
	tri := &rules.Triforce{Cond: cond, Amount: int8(cd.Triforce.Amount), Card: rules.NoCard}
	if cond == rules.CondAfterCard {
		other, ok := b.data.CardByID(cd.Triforce.Card)
		if !ok || b.data.Cards[other].Team != c.Team {
			b.p.Problemf(path+".card", "after_card needs a card of the same team, not %q", cd.Triforce.Card)
		}
		tri.Card = other
	}
	if cond == rules.CondHPAtMost && cd.Triforce.Amount < 1 {
		b.p.Problemf(path+".amount", "hp_at_most needs an amount of at least 1")
	}
	tri.Effects = b.effects(path+".effects", cd.Triforce.Effects, c)
	c.Tri = tri
}

// through sets every character's obstacle kinds per map from its moves_through names; a name no
// map knows is a problem.
func (b *builder) through() {
	for ti := range b.data.Teams {
		t := &b.data.Teams[ti]
		for ci := range t.Chars {
			ch := &t.Chars[ci]
			for _, name := range ch.MovesThrough {
				known := false
				for mi := range b.data.Maps {
					for k, ob := range b.data.Maps[mi].Obstacles {
						if ob.ID == name {
							ch.Through[mi] |= 1 << uint(k)
							known = true
						}
					}
				}
				if !known {
					b.p.Problemf("teams."+t.ID+".characters."+ch.Kind+".moves_through", "no map has an obstacle kind %q", name)
				}
			}
		}
	}
}
