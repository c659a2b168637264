package clue

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/clockworksim/clockwork/rules/clue"
)

// Sections lists the names accepted by Describe and DescribeJSON, in print order.
var Sections = []string{"rules", "cards", "board", "dice", "bosses", "personalities"}

func checkSection(name string) error {
	if name == "" {
		return nil
	}
	for _, s := range Sections {
		if s == name {
			return nil
		}
	}
	return fmt.Errorf("unknown section %q (expected one of: %s)", name, strings.Join(Sections, ", "))
}

// DescribeJSON writes the effective data (all of it, or one section) as indented JSON, with
// the fingerprint when it is all of it.
func DescribeJSON(w io.Writer, l *Loaded, section string) error {
	if err := checkSection(section); err != nil {
		return err
	}
	raw, err := json.Marshal(l.Doc)
	if err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		return err
	}
	var v any = all
	if section != "" {
		v = map[string]json.RawMessage{section: all[section]}
	} else {
		fp, _ := json.Marshal(l.Data.Fingerprint)
		all["fingerprint"] = fp
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Describe writes the effective data (all of it, or one section: rules, cards, board, dice,
// bosses, personalities) as readable text: the board drawn with its legend and the distances
// from the castle, the Bosses as a table.
func Describe(w io.Writer, l *Loaded, section string) error {
	if err := checkSection(section); err != nil {
		return err
	}
	p := &printer{w: w, doc: l.Doc, d: l.Data}
	draw := map[string]func(){"rules": p.rules, "cards": p.cards, "board": p.board, "dice": p.dice,
		"bosses": p.bosses, "personalities": p.personalities}
	for _, s := range Sections {
		if section == "" || s == section {
			draw[s]()
		}
	}
	return p.err
}

type printer struct {
	w   io.Writer
	doc *clue.Spec
	d   *clue.Data
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
	if p.err != nil {
		return
	}
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
	p.err = tw.Flush()
}

func (p *printer) rules() {
	p.heading("Rules (readings; docs/clue-rules.md)")
	raw, _ := json.Marshal(p.doc.Rules)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	rows := [][]string{{"key", "value"}}
	t := jsonKeys(p.doc.Rules)
	for _, k := range t {
		rows = append(rows, []string{"rules." + k, fmt.Sprint(m[k])})
	}
	p.table(rows)
}

// jsonKeys lists the JSON keys of the rules section in document order.
func jsonKeys(r clue.RulesSpec) []string {
	raw, _ := json.Marshal(r)
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	var keys []string
	_, _ = dec.Token()
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var v any
		_ = dec.Decode(&v)
	}
	return keys
}

func (p *printer) cards() {
	p.heading("Rumor cards")
	c := p.doc.Cards
	rows := [][]string{{"kind", "id", "name", "letter"}}
	for _, h := range c.Heroes {
		rows = append(rows, []string{"hero", h.ID, h.Name, ""})
	}
	for _, it := range c.Items {
		rows = append(rows, []string{"item", it.ID, it.Name, ""})
	}
	for _, l := range c.Locations {
		rows = append(rows, []string{"location", l.ID, l.Name, l.Letter})
	}
	rows = append(rows, []string{"(room)", c.Castle.ID, c.Castle.Name, c.Castle.Letter})
	p.table(rows)
}

func (p *printer) board() {
	b := &p.d.Board
	p.heading(fmt.Sprintf("Board (%d rows x %d columns)", b.Rows, b.Cols))
	p.printf("     ")
	for c := 0; c < b.Cols; c++ {
		p.printf("%d", c%10)
	}
	p.printf("\n")
	for r, row := range p.doc.Board.Rows {
		p.printf("  %2d %s\n", r, row)
	}
	p.printf("\n  # wall  . corridor  ? question mark  1-6 start squares  lower case: room  upper case: its door\n\n")
	var dist [clue.NumRooms]int
	b.StepsToRooms(clue.RoomPlace(clue.Castle), &dist)
	rows := [][]string{{"room", "letter", "door squares", "squares from the castle"}}
	letters := append(append([]clue.LocationSpec{}, p.doc.Cards.Locations...), p.doc.Cards.Castle)
	for r := 0; r < clue.NumRooms; r++ {
		rows = append(rows, []string{p.d.RoomNames[r], letters[r].Letter, strconv.Itoa(b.ExitN[r]), strconv.Itoa(dist[r])})
	}
	p.table(rows)
}

func (p *printer) dice() {
	p.heading("Dice")
	faces := make([]string, len(p.doc.Dice.Faces))
	for i, f := range p.doc.Dice.Faces {
		faces[i] = strconv.Itoa(f)
		if f == 0 {
			faces[i] = fmt.Sprintf("? (moves %d)", p.d.Rules.QuestionFaceSteps)
		}
	}
	p.printf("%d dice, faces: %s\n", clue.NumDice, strings.Join(faces, ", "))
}

func (p *printer) bosses() {
	p.heading(fmt.Sprintf("Boss Encounter deck (%d Bosses, %d Ganondorf cards)", p.d.BossN, p.d.Rules.GanondorfCards))
	rows := [][]string{{"id", "name", "effect", "amount", "immediate", "text"}}
	for _, b := range p.doc.Bosses {
		amount := ""
		if b.Amount != 0 {
			amount = strconv.Itoa(b.Amount)
		}
		imm := "no"
		if b.Immediate {
			imm = "yes"
		}
		rows = append(rows, []string{b.ID, b.Name, b.Effect, amount, imm, b.Text})
	}
	p.table(rows)
}

func (p *printer) personalities() {
	p.heading("Personality cards")
	rows := [][]string{{"id", "name", "hero", "power"}}
	for _, c := range p.doc.Personalities {
		rows = append(rows, []string{c.ID, c.Name, c.Hero, c.Power})
	}
	p.table(rows)
}
