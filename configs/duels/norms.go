package duels

import (
	"fmt"
	"io"
	"slices"
	"strings"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// The family's norms: the ranges the published Star Wars: Epic Duels decks keep to (the shared
// notes' "family" section), which the reconstructed teams are held to (docs/duels-rules.md,
// "Principles of the reconstruction"). They describe the shipping data; the loader does not
// enforce them, so that a designer may try any value.

// Span is an inclusive range of whole numbers.
type Span struct{ Lo, Hi int }

// Has reports whether v lies in the span.
func (s Span) Has(v int) bool { return s.Lo <= v && v <= s.Hi }

func (s Span) String() string { return fmt.Sprintf("%d-%d", s.Lo, s.Hi) }

// The norms of a deck.
var (
	NormMajorHP         = Span{13, 20} // a major's hit points
	NormNamedMinorHP    = Span{7, 15}  // a named minor's (one copy)
	NormPairedMinorHP   = Span{3, 5}   // each of paired minors (copies: 2)
	NormMajorAttack     = Span{28, 38} // the major's ten basic cards' attack, summed
	NormMajorDefence    = Span{18, 31} // and their defence
	NormMinorAttack     = Span{16, 25} // the minors' nine basic cards' attack, summed
	NormMinorDefence    = Span{13, 20} // and their defence
	NormBasicsAttack    = Span{44, 61} // the nineteen basic cards' attack
	NormBasicAttack     = Span{1, 5}   // one basic card's attack
	NormBasicDefence    = Span{0, 5}   // one basic card's defence
	NormTalentAttack    = Span{6, 8}   // a talent card's printed attack
	NormTalentDefence   = Span{10, 15} // a talent card's printed defence
	NormDirectDamage    = Span{2, 6}   // one damage effect of a talent card, a target
	NormMajorBasics     = 10           // basic cards of the major
	NormMinorBasics     = 9            // basic cards of the minors
	NormTalentsPerTitle = []int{3, 3, 2, 2, 1, 1}
)

// The templates of the major's ten basics: aggressive 38 attack / 18 defence to defensive 28 /
// 31, on the line between them; a deck may lie up to TemplateSlack attack points off it.
var (
	TemplateAggressive = [2]int{38, 18}
	TemplateDefensive  = [2]int{28, 31}
)

// TemplateSlack is how far, in attack points, the major's ten basics may lie from the template
// line at their defence.
const TemplateSlack = 1

// offTemplate returns how far (attack points, times the defence span 13) attack a and defence d
// lie from the template line.
func offTemplate(a, d int) int {
	da := TemplateAggressive[0] - TemplateDefensive[0] // 10 attack lost
	dd := TemplateDefensive[1] - TemplateAggressive[1] // for 13 defence gained
	return dd*(a-TemplateAggressive[0]) + da*(d-TemplateAggressive[1])
}

// Profile is a team's numbers against the norms: a row of the norms table.
type Profile struct {
	Team          string `json:"team"`
	Name          string `json:"name"`
	Role          string `json:"role"`
	MajorHP       int    `json:"major_hp"`
	MinorHP       []int  `json:"minor_hp"`       // each minor character (twins: each copy)
	Paired        bool   `json:"paired"`         // the minors are copies of one character
	MajorBasics   int    `json:"major_basics"`   // the major's basic cards
	MinorBasics   int    `json:"minor_basics"`   // the minors'
	MajorAttack   int    `json:"major_attack"`   // the major's basic cards' attack, summed over the deck
	MajorDefence  int    `json:"major_defence"`  // and their defence
	MinorAttack   int    `json:"minor_attack"`   // the minors' basic cards' attack
	MinorDefence  int    `json:"minor_defence"`  // and their defence
	Titles        []int  `json:"titles"`         // copies of each talent card title, most first
	TalentAttack  int    `json:"talent_attack"`  // the best printed attack of a talent card (sunburst aside)
	TalentDefence int    `json:"talent_defence"` // the best printed defence of a talent card
	DirectDamage  int    `json:"direct_damage"`  // damage the deck's effects deal a target, summed over the deck
	BestDirect    int    `json:"best_direct"`    // the most one damage effect deals a target
	Discards      int    `json:"discards"`       // cards the deck's effects discard from a hand
	outliers      []string
}

// HP is the team's hit points, every character counted.
func (p *Profile) HP() int {
	n := p.MajorHP
	for _, h := range p.MinorHP {
		n += h
	}
	return n
}

// Counts are the counts on which a team is compared with the others (CountNames): hit points,
// the nineteen basics' attack and defence, the best talent attack and defence, direct damage.
func (p *Profile) Counts() []int {
	return []int{p.HP(), p.MajorAttack + p.MinorAttack, p.MajorDefence + p.MinorDefence,
		p.TalentAttack, p.TalentDefence, p.DirectDamage}
}

// CountNames name the counts of Profile.Counts.
var CountNames = []string{"hit points", "basic attack", "basic defence", "best talent attack",
	"best talent defence", "direct damage"}

// Profiles returns every team's profile, in the data's order.
func Profiles(d *rules.Data) []Profile {
	ps := make([]Profile, len(d.Teams))
	for i := range d.Teams {
		ps[i] = profile(d, &d.Teams[i])
	}
	return ps
}

// profile adds up team t's characters and cards.
func profile(d *rules.Data, t *rules.Team) Profile {
	p := Profile{Team: t.ID, Name: t.Name, Role: t.Role, MajorHP: int(t.Chars[0].HP)}
	for _, c := range t.Chars[1:] {
		p.MinorHP = append(p.MinorHP, int(c.HP))
		p.Paired = p.Paired || c.Kind == t.Chars[1].Kind && c.ID != t.Chars[1].ID
	}
	for _, id := range t.Cards {
		c := &d.Cards[id]
		if c.Kind == rules.Basic {
			p.addBasic(c)
		} else {
			p.addTalent(c)
		}
	}
	slices.Sort(p.Titles)
	slices.Reverse(p.Titles)
	return p
}

// addBasic counts a basic card type.
func (p *Profile) addBasic(c *rules.Card) {
	n, a, df := int(c.Count), max(0, int(c.Attack)), max(0, int(c.Defence))
	if c.Chars&1 != 0 {
		p.MajorBasics += n
		p.MajorAttack += n * a
		p.MajorDefence += n * df
	} else {
		p.MinorBasics += n
		p.MinorAttack += n * a
		p.MinorDefence += n * df
	}
	if c.Attack >= 0 && !NormBasicAttack.Has(a) {
		p.outlier(c, "attack %d, a basic card's is %s", a, NormBasicAttack)
	}
	if c.Defence >= 0 && !NormBasicDefence.Has(df) {
		p.outlier(c, "defence %d, a basic card's is %s", df, NormBasicDefence)
	}
}

// addTalent counts a power or special card type.
func (p *Profile) addTalent(c *rules.Card) {
	p.Titles = append(p.Titles, int(c.Count))
	if c.CanAttack() && !sunburst(c.OnAttack) {
		p.TalentAttack = max(p.TalentAttack, int(c.Attack))
		if !NormTalentAttack.Has(int(c.Attack)) {
			p.outlier(c, "attack %d, a talent card's is %s", c.Attack, NormTalentAttack)
		}
	}
	if c.CanDefend() && !sunburst(c.OnDefend) {
		p.TalentDefence = max(p.TalentDefence, int(c.Defence))
		if !NormTalentDefence.Has(int(c.Defence)) {
			p.outlier(c, "defence %d, a talent card's is %s", c.Defence, NormTalentDefence)
		}
	}
	for _, list := range [][]rules.Effect{c.OnAttack, c.OnDefend, c.Effects} {
		p.addEffects(c, list, int(c.Count))
	}
	if c.Tri != nil {
		p.addEffects(c, c.Tri.Effects, 1) // once a game
	}
}

// addEffects counts the damage and discards of an effect list played n times.
func (p *Profile) addEffects(c *rules.Card, list []rules.Effect, n int) {
	for _, e := range list {
		switch e.Word {
		case rules.WDamage, rules.WDamageAdjacent, rules.WDamageOpponents:
			p.DirectDamage += n * int(e.Amount)
			p.BestDirect = max(p.BestDirect, int(e.Amount))
			if !NormDirectDamage.Has(int(e.Amount)) {
				p.outlier(c, "%s %d, direct damage is %s a target", e.Word, e.Amount, NormDirectDamage)
			}
		case rules.WDiscardRandom:
			p.Discards += n * int(e.Amount)
		}
	}
}

// sunburst reports whether an effect list sets the card's value (a sunburst replaces the
// printed one).
func sunburst(list []rules.Effect) bool {
	return slices.ContainsFunc(list, func(e rules.Effect) bool { return e.Word.IsValue() })
}

func (p *Profile) outlier(c *rules.Card, format string, args ...any) {
	p.outliers = append(p.outliers, c.ID+": "+fmt.Sprintf(format, args...))
}

// Departures lists every way the team leaves the norms, one line each (none: it keeps them).
func (p *Profile) Departures() []string {
	out := append([]string(nil), p.outliers...)
	check := func(what string, v int, s Span) {
		if !s.Has(v) {
			out = append(out, fmt.Sprintf("%s %d, the norm is %s", what, v, s))
		}
	}
	check("major's hit points", p.MajorHP, NormMajorHP)
	minor := NormNamedMinorHP
	if p.Paired {
		minor = NormPairedMinorHP
	}
	for _, h := range p.MinorHP {
		check("a minor's hit points", h, minor)
	}
	check("major's basic cards", p.MajorBasics, Span{NormMajorBasics, NormMajorBasics})
	check("minors' basic cards", p.MinorBasics, Span{NormMinorBasics, NormMinorBasics})
	check("major's basics' attack", p.MajorAttack, NormMajorAttack)
	check("major's basics' defence", p.MajorDefence, NormMajorDefence)
	if off := offTemplate(p.MajorAttack, p.MajorDefence); abs(off) > TemplateSlack*13 {
		out = append(out, fmt.Sprintf("major's basics %d/%d lie %.1f attack points off the template line (at most %d)",
			p.MajorAttack, p.MajorDefence, float64(off)/13, TemplateSlack))
	}
	check("minors' basics' attack", p.MinorAttack, NormMinorAttack)
	check("minors' basics' defence", p.MinorDefence, NormMinorDefence)
	check("nineteen basics' attack", p.MajorAttack+p.MinorAttack, NormBasicsAttack)
	if !slices.Equal(p.Titles, NormTalentsPerTitle) {
		out = append(out, fmt.Sprintf("talent cards %v per title, the norm is %v", p.Titles, NormTalentsPerTitle))
	}
	return out
}

func abs(v int) int { return max(v, -v) }

// Uncompensated lists the teams that are the weakest on every count, or the strongest on every
// count (ties included), one line each: the family never prints such a team.
func Uncompensated(ps []Profile) []string {
	var out []string
	for i := range ps {
		weakest, strongest := true, true
		mine := ps[i].Counts()
		for j := range ps {
			for k, v := range ps[j].Counts() {
				weakest = weakest && mine[k] <= v
				strongest = strongest && mine[k] >= v
			}
		}
		if weakest {
			out = append(out, ps[i].Team+" is the weakest team on every count")
		}
		if strongest {
			out = append(out, ps[i].Team+" is the strongest team on every count")
		}
	}
	return out
}

// WriteNorms writes the norms table: a row per team, then the norms.
func WriteNorms(w io.Writer, d *rules.Data) {
	fmt.Fprintln(w, "| team | major hp | minors hp | hp in all | major's ten basics, attack / defence | minors' nine | all nineteen | best talent attack | best talent defence | direct damage (one effect's most) | discards |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, p := range Profiles(d) {
		fmt.Fprintf(w, "| %s | %d | %s | %d | %d / %d | %d / %d | %d / %d | %d | %d | %d (%d) | %d |\n",
			p.Team, p.MajorHP, minorsText(&p), p.HP(), p.MajorAttack, p.MajorDefence, p.MinorAttack, p.MinorDefence,
			p.MajorAttack+p.MinorAttack, p.MajorDefence+p.MinorDefence, p.TalentAttack, p.TalentDefence,
			p.DirectDamage, p.BestDirect, p.Discards)
	}
	fmt.Fprintf(w, "| the norms | %s | %s named, %s each paired | - | %s / %s, on the template line | %s / %s | %s attack | %s | %s | %s a target | - |\n",
		NormMajorHP, NormNamedMinorHP, NormPairedMinorHP, NormMajorAttack, NormMajorDefence,
		NormMinorAttack, NormMinorDefence, NormBasicsAttack, NormTalentAttack, NormTalentDefence, NormDirectDamage)
}

// minorsText writes the minors' hit points: "7", or "2 x 5" for paired minors.
func minorsText(p *Profile) string {
	if p.Paired {
		return fmt.Sprintf("%d x %d", len(p.MinorHP), p.MinorHP[0])
	}
	parts := make([]string, len(p.MinorHP))
	for i, h := range p.MinorHP {
		parts[i] = fmt.Sprint(h)
	}
	return strings.Join(parts, " + ")
}
