package clockwork

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	rules "github.com/clockworksim/clockwork/rules/clockwork"
)

// Sections lists the names accepted by Describe and DescribeJSON, in print order.
var Sections = []string{"setup", "rules", "skill_cards", "items", "treasures", "temples", "enemies",
	"bosses", "special_rooms", "tiles", "layouts", "damage"}

// knownSection reports whether name is a describable section ("" means all).
func knownSection(name string) bool {
	if name == "" {
		return true
	}
	for _, s := range Sections {
		if s == name {
			return true
		}
	}
	return false
}

// DescribeJSON writes the effective data (all of it, or one section) as indented JSON. The
// whole-data object has a key per section (plus ganon and skull) and the fingerprint.
func DescribeJSON(w io.Writer, l *Loaded, section string) error {
	if !knownSection(section) {
		return fmt.Errorf("unknown section %q (expected one of: %s)", section, strings.Join(Sections, ", "))
	}
	raw, err := json.Marshal(l.Doc)
	if err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		return err
	}
	fp, _ := json.Marshal(l.Data.Fingerprint)
	all["fingerprint"] = fp
	var v any = all
	switch section {
	case "":
	case "bosses":
		v = map[string]json.RawMessage{"bosses": all["bosses"], "ganon": all["ganon"]}
	case "damage":
		v = map[string]json.RawMessage{"damage": all["damage"], "skull": all["skull"]}
	default:
		v = map[string]json.RawMessage{section: all[section]}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Describe writes the effective data (all of it, or one section) as readable text tables.
func Describe(w io.Writer, l *Loaded, section string) error {
	if !knownSection(section) {
		return fmt.Errorf("unknown section %q (expected one of: %s)", section, strings.Join(Sections, ", "))
	}
	p := &printer{w: w, doc: l.Doc, d: l.Data}
	draw := map[string]func(){
		"setup": p.setup, "rules": p.rules, "skill_cards": p.skillCards, "items": p.items,
		"treasures": p.treasures, "temples": p.temples, "enemies": p.enemies, "bosses": p.bosses,
		"special_rooms": p.specialRooms, "tiles": p.tiles, "layouts": p.layouts, "damage": p.damage,
	}
	for _, s := range Sections {
		if section == "" || s == section {
			draw[s]()
		}
	}
	return p.err
}

type printer struct {
	w   io.Writer
	doc *Document
	d   *rules.Data
	err error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) heading(title string) {
	p.printf("\n%s\n%s\n", title, strings.Repeat("=", len(title)))
}

// table prints rows (the first is the header) aligned in columns.
func (p *printer) table(rows [][]string) {
	tw := tabwriter.NewWriter(p.w, 0, 0, 2, ' ', 0)
	for i, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
		if i == 0 {
			dashes := make([]string, len(r))
			for j, h := range r {
				dashes[j] = strings.Repeat("-", len(h))
			}
			fmt.Fprintln(tw, strings.Join(dashes, "\t"))
		}
	}
	if err := tw.Flush(); err != nil && p.err == nil {
		p.err = err
	}
}

func (p *printer) setup() {
	s := p.doc.Setup
	p.heading("Setup")
	p.table([][]string{{"setting", "value"},
		{"Skill cards per type (2/3/4 players)", fmt.Sprintf("%d / %d / %d", s.SkillCardsPerType[2], s.SkillCardsPerType[3], s.SkillCardsPerType[4])},
		{"Heart Containers per hero", strconv.Itoa(s.HeartContainers)},
		{"Triforce Shards per hero", strconv.Itoa(s.Shards)},
		{"hand size (full hearts / hurt)", fmt.Sprintf("%d / %d", s.HandSize.Full, s.HandSize.Hurt)},
		{"Time tokens per hero per level", strconv.Itoa(s.TimeTokens)},
		{"pre-level Items (Level 1 / later)", fmt.Sprintf("%d / %d", s.PreLevelItems.FirstLevel, s.PreLevelItems.LaterLevels)},
		{"extra Items per missed special room", strconv.Itoa(s.PreLevelItems.PerMissedSpecialRoom)},
		{"redrawn pre-level Items", strings.Join(s.PreLevelItems.Redraw, ", ")},
		{"hearts regained when killed", strconv.Itoa(s.KilledRegain)},
		{"Pieces of Heart per Heart Container", strconv.Itoa(s.PiecesPerContainer)},
	})
}

func (p *printer) rules() {
	r := p.doc.Rules
	p.heading("Rules settings")
	rows := [][]string{{"setting", "value"}}
	raw, _ := json.Marshal(r)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, _ := json.Marshal(m[k])
		rows = append(rows, []string{k, string(v)})
	}
	p.table(rows)
}

func (p *printer) skillCards() {
	p.heading("Skill cards")
	rows := [][]string{{"id", "name", "box", "gives"}}
	for _, c := range p.doc.SkillCards {
		rows = append(rows, []string{c.ID, c.Name, strconv.Itoa(c.Count),
			fmt.Sprintf("%s %d or %s %d", title(skillAt(c.Skills, 0)), c.Amount, title(skillAt(c.Skills, 1)), c.Amount)})
	}
	p.table(rows)
}

func skillAt(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "?"
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// abilityText renders an ability in a few words.
func abilityText(a *Ability) string {
	if a == nil {
		return ""
	}
	var parts []string
	switch a.Effect {
	case "skill":
		parts = append(parts, fmt.Sprintf("%s %d", title(a.Skill), a.Amount))
	default:
		parts = append(parts, a.Effect)
		if a.Skill != "" {
			parts = append(parts, title(a.Skill))
		}
		if a.Amount != 0 {
			parts = append(parts, strconv.Itoa(a.Amount))
		}
		if a.Range != 0 {
			parts = append(parts, fmt.Sprintf("range %d", a.Range))
		}
		if a.Target == "any" {
			parts = append(parts, "any hero")
		}
	}
	if a.Exhaust {
		parts = append(parts, "(exhaust)")
	}
	return strings.Join(parts, " ")
}

func (p *printer) items() {
	p.heading(fmt.Sprintf("Items (%d cards)", deckSize(p.d, p.d.Items)))
	rows := [][]string{{"id", "name", "count", "when gained", "top", "bottom"}}
	for _, it := range p.doc.Items {
		rows = append(rows, []string{it.ID, it.Name, strconv.Itoa(it.Count), abilityText(it.WhenGained), abilityText(it.Top), abilityText(it.Bottom)})
	}
	p.table(rows)
}

func deckSize(d *rules.Data, ids []rules.CardID) int {
	n := 0
	for _, id := range ids {
		n += d.Cards[id].Count
	}
	return n
}

func (p *printer) treasures() {
	p.heading(fmt.Sprintf("Treasures (Tier 1: %d cards, Tier 2: %d cards)", deckSize(p.d, p.d.Treasures[1]), deckSize(p.d, p.d.Treasures[2])))
	rows := [][]string{{"tier", "id", "name", "count", "top (discard)", "bottom (equipped)"}}
	for _, t := range p.doc.Treasures {
		top, bottom := t.Top, t.Bottom
		rows = append(rows, []string{strconv.Itoa(t.Tier), t.ID, t.Name, strconv.Itoa(t.Count), abilityText(&top), abilityText(&bottom)})
	}
	p.table(rows)
}

func (p *printer) temples() {
	p.heading("Temples")
	rows := [][]string{{"id", "name", "boss", "entrance", "boss room", "temple tiles", "Enemy cards"}}
	for _, t := range p.d.Temples {
		cards := 0
		for _, e := range t.Enemies {
			cards += p.d.Enemies[e].Count
		}
		rows = append(rows, []string{t.ID, t.Name, p.d.Bosses[t.Boss].Name, p.d.Tiles[t.Entrance].ID,
			p.d.Tiles[t.BossRoom].ID, strconv.Itoa(len(t.Tiles)), strconv.Itoa(cards)})
	}
	p.table(rows)
}

// costText renders a cost as "Attack 4 + Move 6".
func costText(c rules.Cost) string {
	var parts []string
	for _, k := range []rules.Skill{rules.Attack, rules.Move, rules.Interact} {
		if c[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", title(k.String()), c[k]))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " + ")
}

func (p *printer) enemies() {
	for _, t := range p.d.Temples {
		p.heading("Enemies of the " + t.Name)
		rows := [][]string{{"id", "name", "count", "defeat", "total", "evade", "reward", "roll", "ability", "vulnerable to"}}
		for _, id := range t.Enemies {
			e := p.d.Enemies[id]
			de := p.doc.Enemies[id]
			ab := ""
			if de.Ability != nil {
				ab = de.Ability.Effect
				if de.Ability.Skill != "" {
					ab += " " + title(de.Ability.Skill)
				}
				ab += " " + strconv.Itoa(de.Ability.Amount)
			}
			rows = append(rows, []string{e.ID, e.Name, strconv.Itoa(e.Count), costText(e.Defeat), strconv.Itoa(e.Defeat.Total()),
				strconv.Itoa(int(e.Evade)), strconv.Itoa(int(e.Reward)), e.Roll.String(), ab, strings.Join(de.Vulnerable, ", ")})
		}
		p.table(rows)
	}
}

func attackText(a BossAttack) string {
	parts := []string{a.Effect}
	if a.Mode != "" {
		parts = append(parts, a.Mode)
	}
	if a.Bonus != 0 {
		parts = append(parts, fmt.Sprintf("+%d", a.Bonus))
	}
	if a.Amount != 0 {
		parts = append(parts, strconv.Itoa(a.Amount))
	}
	if a.Target != "" {
		parts = append(parts, a.Target)
	}
	return strings.Join(parts, " ")
}

func (p *printer) bosses() {
	p.heading("Bosses (cost of one multiple, by level)")
	rows := [][]string{{"id", "name", "temple", "Level 1", "Level 2", "Level 3", "special attack"}}
	for i, b := range p.d.Bosses {
		rows = append(rows, []string{b.ID, b.Name, p.doc.Bosses[i].Temple, costText(b.Cost[1]), costText(b.Cost[2]),
			costText(b.Cost[3]), attackText(p.doc.Bosses[i].SpecialAttack)})
	}
	p.table(rows)
	g := p.d.Ganon
	p.heading(g.Name + " (totals; each Shard of the acting heroes counts 1 of each skill)")
	rows = [][]string{{"players", "targets"}}
	for pl := rules.MinPlayers; pl <= rules.MaxPlayers; pl++ {
		rows = append(rows, []string{strconv.Itoa(pl), costText(g.Targets[pl])})
	}
	rows = append(rows, []string{"special attack", attackText(p.doc.Ganon.SpecialAttack)})
	p.table(rows)
}

func stepsText(steps []rules.Step) string {
	var parts []string
	for _, s := range steps {
		switch {
		case s.Enemy == 1:
			parts = append(parts, "enemy")
		case s.Enemy > 1:
			parts = append(parts, fmt.Sprintf("advanced enemy (%d)", s.Enemy))
		default:
			parts = append(parts, costText(s.Cost))
		}
	}
	return strings.Join(parts, ", then ")
}

func (p *printer) specialRooms() {
	p.heading("Special rooms (activation by level)")
	rows := [][]string{{"room", "Level 1", "Level 2", "Level 3", "Level 4", "gives"}}
	for k := rules.Compass; k < rules.BossRoom; k++ {
		r := p.d.SpecialRooms[k]
		gives := fmt.Sprintf("%d Time token each", r.TimeTokens)
		switch k {
		case rules.Compass:
			gives += fmt.Sprintf("; %d Hero tokens: rotate rooms", r.HeroTokens)
		case rules.Map:
			gives += fmt.Sprintf("; %d Hero tokens: swap rooms", r.HeroTokens)
		case rules.TreasureRoom:
			gives += fmt.Sprintf("; 1 Treasure per X (max %d), Tier 2 from the %d/%d/%d/%d-th", r.MaxTreasures,
				r.Tier2From[1], r.Tier2From[2], r.Tier2From[3], r.Tier2From[4])
		case rules.KeyRoom:
			gives += "; opens the Boss Room"
		}
		rows = append(rows, []string{r.Name, stepsText(r.Activation[1]), stepsText(r.Activation[2]),
			stepsText(r.Activation[3]), stepsText(r.Activation[4]), gives})
	}
	p.table(rows)
}

func (p *printer) damage() {
	p.heading("Roll for damage (hearts lost by die result)")
	rows := [][]string{{"level", "1", "2", "3", "4", "5", "6", "7", "8", "skull"}}
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		r := []string{"L" + strconv.Itoa(lvl)}
		for _, v := range p.d.Damage[lvl] {
			r = append(r, strconv.Itoa(int(v)))
		}
		rows = append(rows, append(r, strconv.Itoa(int(p.d.Skull[lvl]))))
	}
	p.table(rows)
}

func (p *printer) layouts() {
	for lvl := 1; lvl <= rules.Levels; lvl++ {
		l := p.d.Layouts[lvl]
		name := fmt.Sprintf("Level %d layout (%d rows x %d columns)", lvl, l.Rows, l.Cols)
		if lvl == rules.Levels {
			name += ": Ganon's Tower"
		}
		p.heading(name)
		for r := 0; r < l.Rows; r++ {
			var sb strings.Builder
			sb.WriteString("  ")
			for c := 0; c < l.Cols; c++ {
				if z := l.Cells[r][c]; z < 0 {
					sb.WriteString("[E]")
				} else {
					sb.WriteString(" " + string(l.Zones[z].Letter) + " ")
				}
			}
			p.printf("%s\n", sb.String())
		}
		p.printf("\n")
		rows := [][]string{{"zone", "cells", "special rooms", "generic", "temple"}}
		for z, zone := range l.Zones {
			cells := 0
			for r := 0; r < l.Rows; r++ {
				for c := 0; c < l.Cols; c++ {
					if int(l.Cells[r][c]) == z {
						cells++
					}
				}
			}
			var sp []string
			for _, k := range zone.Special {
				sp = append(sp, k.String())
			}
			rows = append(rows, []string{zoneName(zone.Letter), strconv.Itoa(cells), strings.Join(sp, ", "),
				strconv.Itoa(zone.Generic), strconv.Itoa(zone.Temple)})
		}
		p.table(rows)
	}
}

func zoneName(letter byte) string {
	switch letter {
	case 'Y':
		return "Y (yellow)"
	case 'O':
		return "O (orange)"
	case 'R':
		return "R (red)"
	}
	return string(letter)
}

func (p *printer) tiles() {
	p.heading(fmt.Sprintf("Tiles (%d)", len(p.d.Tiles)))
	p.printf("Doors: o open, # closed, 2-9 open with that Move cost; the entrance-arrow edge is between\n")
	p.printf("two *. In rooms of several spaces each door shows the number of its space just inside.\n")
	for _, t := range p.d.Tiles {
		owner := t.Kind.String()
		if t.Temple >= 0 {
			owner += ", " + p.d.Temples[t.Temple].ID
		}
		if t.Kind == rules.SpecialTile {
			owner += ", " + t.Special.String() + " room"
		}
		p.printf("\n%s  %s (%s)\n", t.ID, t.Name, owner)
		for i, line := range DrawTile(&t) {
			p.printf("  %s  %s\n", line, tileNote(&t, i))
		}
	}
}

// DrawTile draws a tile as printed (rotation 0) in 5 lines of 13 characters: doors as o
// (open), # (closed) or their Move cost, the entrance-arrow edge between two *, and in rooms of
// several spaces the number of the space that owns each door just inside it.
func DrawTile(t *rules.Tile) [5]string {
	g := [5][]byte{
		[]byte("+-----------+"),
		[]byte("|           |"),
		[]byte("|           |"),
		[]byte("|           |"),
		[]byte("+-----------+"),
	}
	type cell struct{ r, c int }
	// For each edge: the door, the owning space's number, and the two arrow marks.
	at := [rules.NumEdges][4]cell{
		rules.North: {{0, 6}, {1, 6}, {0, 5}, {0, 7}},
		rules.East:  {{2, 12}, {2, 10}, {1, 12}, {3, 12}},
		rules.South: {{4, 6}, {3, 6}, {4, 5}, {4, 7}},
		rules.West:  {{2, 0}, {2, 2}, {1, 0}, {3, 0}},
	}
	for e := rules.North; e < rules.NumEdges; e++ {
		d, c := t.Doors[e], at[e]
		switch d.Kind {
		case rules.OpenDoor:
			g[c[0].r][c[0].c] = 'o'
			if d.Cost > 1 {
				g[c[0].r][c[0].c] = '0' + byte(d.Cost)
			}
		case rules.ClosedDoor:
			g[c[0].r][c[0].c] = '#'
		}
		if d.Kind != rules.NoDoor && len(t.Spaces) > 1 {
			g[c[1].r][c[1].c] = '0' + byte(t.DoorSpace[e])
		}
		if e == t.Arrow {
			g[c[2].r][c[2].c] = '*'
			g[c[3].r][c[3].c] = '*'
		}
	}
	var out [5]string
	for i := range g {
		out[i] = string(g[i])
	}
	return out
}

// tileNote returns the i-th line of notes printed beside a tile drawing.
func tileNote(t *rules.Tile, i int) string {
	var notes []string
	for si, s := range t.Spaces {
		var f []string
		for _, e := range s.Enemies {
			txt := "enemy"
			if e.Draw > 1 {
				txt = fmt.Sprintf("advanced enemy (%d)", e.Draw)
			}
			if e.Target != rules.NoTarget {
				txt += " -> " + targetNames[e.Target]
			}
			f = append(f, txt)
		}
		for _, w := range s.Switches {
			f = append(f, fmt.Sprintf("switch Interact %d -> %s", w.Interact, targetNames[w.Target]))
		}
		if s.Pots > 0 {
			f = append(f, fmt.Sprintf("%d pot%s", s.Pots, map[bool]string{true: "s"}[s.Pots > 1]))
		}
		if s.Hazard > 0 {
			f = append(f, fmt.Sprintf("hazard +%d", s.Hazard))
		}
		for _, x := range []struct {
			on   bool
			name string
		}{{s.Rift, "rift"}, {s.Chest, "chest"}, {s.Telepathy, "telepathy"}, {s.Water, "water"}} {
			if x.on {
				f = append(f, x.name)
			}
		}
		if s.Cog != rules.NoCog {
			f = append(f, []string{"", "Multi-Cog", "Big Cog", "Cogveyor"}[s.Cog])
		}
		if len(f) > 0 {
			notes = append(notes, fmt.Sprintf("space %d: %s", si, strings.Join(f, ", ")))
		}
	}
	var links []string
	for a := 0; a < len(t.Spaces); a++ {
		for b := a + 1; b < len(t.Spaces); b++ {
			switch {
			case t.Tunnels&rules.PairBit(a, b) != 0:
				links = append(links, fmt.Sprintf("%d|%d barrier with tunnel", a, b))
			case t.Barriers&rules.PairBit(a, b) != 0:
				links = append(links, fmt.Sprintf("%d|%d barrier", a, b))
			}
		}
	}
	if len(links) > 0 {
		notes = append(notes, strings.Join(links, "; "))
	}
	if i < len(notes) {
		return notes[i]
	}
	if i == 4 && len(notes) > 5 {
		return "..."
	}
	return ""
}
