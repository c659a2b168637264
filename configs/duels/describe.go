package duels

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	rules "github.com/clockworksim/clockwork/rules/duels"
)

// Sections are the sections `clockwork duels data` prints, in order. A team id or a map id
// prints that team's deck or that map alone; norms is the norms table (WriteNorms).
var Sections = []string{"rules", "die", "teams", "maps", "norms"}

// describes reports whether name is a section, a team id or a map id ("" means all).
func describes(l *Loaded, name string) bool {
	if name == "" {
		return true
	}
	for _, s := range Sections {
		if s == name {
			return true
		}
	}
	_, team := l.Data.TeamByID(name)
	_, m := l.Data.MapByID(name)
	return team || m
}

func unknown(l *Loaded, section string) error {
	var ids []string
	for _, t := range l.Data.Teams {
		ids = append(ids, t.ID)
	}
	for _, m := range l.Data.Maps {
		ids = append(ids, m.ID)
	}
	return fmt.Errorf("unknown section %q (expected one of: %s; or a team or map id: %s)", section,
		strings.Join(Sections, ", "), strings.Join(ids, ", "))
}

// DescribeJSON writes the effective data (or one section, team or map) as JSON, with the data
// files' key names, and the fingerprint.
func DescribeJSON(w io.Writer, l *Loaded, section string) error {
	if !describes(l, section) {
		return unknown(l, section)
	}
	var v any = struct {
		*Document
		Fingerprint string `json:"fingerprint"`
	}{l.Doc, l.Data.Fingerprint}
	switch section {
	case "":
	case "rules":
		v = l.Doc.Rules
	case "die":
		v = l.Doc.Die
	case "teams":
		v = l.Doc.Teams
	case "maps":
		v = l.Doc.Maps
	case "norms":
		v = Profiles(l.Data)
	default:
		for i := range l.Doc.Teams {
			if l.Doc.Teams[i].ID == section {
				v = l.Doc.Teams[i]
			}
		}
		for i := range l.Doc.Maps {
			if l.Doc.Maps[i].ID == section {
				v = l.Doc.Maps[i]
			}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Describe writes the effective data (or one section, team or map) as readable tables: the
// rules readings, the die, each team's characters and deck with its totals, each map drawn.
func Describe(w io.Writer, l *Loaded, section string) error {
	if !describes(l, section) {
		return unknown(l, section)
	}
	d := l.Data
	all := section == ""
	if all || section == "rules" {
		describeRules(w, l.Doc)
	}
	if all || section == "die" {
		var faces []string
		for _, f := range d.Faces {
			faces = append(faces, f.Name)
		}
		fmt.Fprintf(w, "Die: %s\n\n", strings.Join(faces, ", "))
	}
	for i := range d.Teams {
		if all || section == "teams" || section == d.Teams[i].ID {
			describeTeam(w, d, &d.Teams[i])
		}
	}
	for i := range d.Maps {
		if all || section == "maps" || section == d.Maps[i].ID {
			describeMap(w, &d.Maps[i])
		}
	}
	if all || section == "norms" {
		fmt.Fprintln(w, "Norms: each team against the family's ranges")
		WriteNorms(w, d)
		fmt.Fprintln(w)
	}
	if all {
		fmt.Fprintf(w, "Fingerprint: %s\n", d.Fingerprint)
	}
	return nil
}

func describeRules(w io.Writer, doc *Document) {
	r := doc.Rules
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "Rules\t")
	rows := [][2]string{
		{"deck_size", fmt.Sprint(r.DeckSize)}, {"opening_hand", fmt.Sprint(r.OpeningHand)},
		{"hand_limit", fmt.Sprint(r.HandLimit)}, {"actions_per_turn", fmt.Sprint(r.ActionsPerTurn)},
		{"first_turn_actions", fmt.Sprint(r.FirstTurnActions)}, {"heart_heal", fmt.Sprint(r.HeartHeal)},
		{"heal_action", fmt.Sprint(r.HealAction)}, {"diagonal_steps", fmt.Sprint(r.DiagonalSteps)},
		{"turn_cap", fmt.Sprint(r.TurnCap)}, {"simultaneous_elimination", r.SimultaneousElimination},
		{"eliminated_cards", r.EliminatedCards}, {"dead_defender_effects", fmt.Sprint(r.DeadDefenderEffects)},
		{"win_timing", r.WinTiming},
	}
	for _, row := range rows {
		fmt.Fprintf(tw, "  %s\t%s\n", row[0], row[1])
	}
	tw.Flush()
	fmt.Fprintln(w)
}

// describeTeam prints a team's characters and deck, and the totals of its basic cards.
func describeTeam(w io.Writer, d *rules.Data, t *rules.Team) {
	fmt.Fprintf(w, "Team %s: %s (%s)\n", t.ID, t.Name, t.Role)
	for _, c := range t.Chars {
		role := "minor"
		if c.Major {
			role = "major"
		}
		extra := ""
		if len(c.MovesThrough) > 0 {
			extra = ", moves through " + strings.Join(c.MovesThrough, ", ")
		}
		fmt.Fprintf(w, "  %-14s %s, %d hp%s\n", c.ID, role, c.HP, extra)
	}
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "  card\tkind\tfor\tatk\tdef\ticons\tn\teffects")
	atk, def, basics := 0, 0, 0
	for _, id := range t.Cards {
		c := &d.Cards[id]
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", c.ID, c.Kind, charsOf(t, c.Chars),
			value(c.Attack), value(c.Defence), icons(c), c.Count, effectsText(d, c))
		if c.Kind == rules.Basic {
			basics += int(c.Count)
			atk += max(0, int(c.Attack)) * int(c.Count)
			def += max(0, int(c.Defence)) * int(c.Count)
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "  %d cards; %d basic cards total attack %d, defence %d\n\n", len(t.Deck), basics, atk, def)
}

func value(v int8) string {
	if v < 0 {
		return "-"
	}
	return fmt.Sprint(v)
}

func icons(c *rules.Card) string {
	switch {
	case c.Melee && c.Ranged:
		return "melee+ranged"
	case c.Melee:
		return "melee"
	case c.Ranged:
		return "ranged"
	}
	return ""
}

// charsOf names the characters of mask (twin minors once).
func charsOf(t *rules.Team, mask uint8) string {
	var names []string
	for i, c := range t.Chars {
		if mask&(1<<uint(i)) != 0 && (len(names) == 0 || names[len(names)-1] != c.Kind) {
			names = append(names, c.Kind)
		}
	}
	return strings.Join(names, "+")
}

// effectsText lists a card's effects as words.
func effectsText(d *rules.Data, c *rules.Card) string {
	var parts []string
	list := func(label string, es []rules.Effect) {
		if len(es) == 0 {
			return
		}
		var ws []string
		for _, e := range es {
			if e.Amount > 0 {
				ws = append(ws, fmt.Sprintf("%s %d", e.Word, e.Amount))
			} else {
				ws = append(ws, e.Word.String())
			}
		}
		parts = append(parts, label+strings.Join(ws, ", "))
	}
	if c.Free {
		parts = append(parts, "extra_action")
	}
	if c.NoDefend {
		parts = append(parts, "no_defend")
	}
	if c.Kind == rules.Special && c.Target != rules.TargetNone {
		parts = append(parts, "target "+c.Target.String())
	}
	if c.Clock > 0 {
		parts = append(parts, fmt.Sprintf("clock %d", c.Clock))
	}
	list("attack: ", c.OnAttack)
	list("defence: ", c.OnDefend)
	list("", c.Effects)
	if c.Tri != nil {
		cond := c.Tri.Cond.String()
		switch c.Tri.Cond {
		case rules.CondAfterCard:
			cond += " " + d.Cards[c.Tri.Card].ID
		case rules.CondHPAtMost:
			cond += fmt.Sprintf(" %d", c.Tri.Amount)
		}
		list("triforce ("+cond+"): ", c.Tri.Effects)
	}
	return strings.Join(parts, "; ")
}

// describeMap draws a map: obstacles by symbol, fairy squares 'f', start squares of two
// players as 1 and 2.
func describeMap(w io.Writer, m *rules.Map) {
	fmt.Fprintf(w, "Map %s: %s, %d x %d", m.ID, m.Name, m.Rows, m.Cols)
	if m.TriforceUnlimited {
		fmt.Fprint(w, ", Triforce abilities unlimited")
	}
	if m.FairyHeal > 0 {
		fmt.Fprintf(w, ", a heart heals %d on a fairy square", m.FairyHeal)
	}
	fmt.Fprintln(w)
	start := map[rules.Square]byte{}
	for seat := 0; seat < 2; seat++ {
		for _, s := range m.Starts[2][seat] {
			start[s] = '1' + byte(seat)
		}
	}
	for r := 0; r < m.Rows; r++ {
		fmt.Fprint(w, "   ")
		for c := 0; c < m.Cols; c++ {
			s := rules.Sq(r, c)
			ch := byte('.')
			switch {
			case m.Cell[s] >= 0:
				ch = m.Obstacles[m.Cell[s]].Symbol
			case start[s] != 0:
				ch = start[s]
			case m.Fairy[s]:
				ch = 'f'
			}
			fmt.Fprintf(w, " %c", ch)
		}
		fmt.Fprintln(w)
	}
	for _, o := range m.Obstacles {
		fmt.Fprintf(w, "    %c %s: blocks movement %v, blocks shots %v", o.Symbol, o.ID, o.BlocksMove, o.BlocksShot)
		if o.PassDamage > 0 {
			fmt.Fprintf(w, ", crossed at %d damage", o.PassDamage)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}
