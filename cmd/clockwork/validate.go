package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
	"github.com/clockworksim/clockwork/configs/datafile"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:  "validate",
		Usage: "check the game data and print its fingerprint",
		Description: "Reads the embedded data (or --config DIR), applies every --set, and checks it all:\n" +
			"keys, types, ranges, ids, vocabularies, tile geometry and whether the counts can be\n" +
			"played. Every problem is printed as file:line:column: message, and the exit code is 2.\n" +
			"Differences from the physical box are legal and printed as notes.\n\n" +
			"Examples:\n" +
			"  clockwork validate\n" +
			"  clockwork validate --config mydata\n" +
			"  clockwork validate --set setup.skill_cards_per_type.3=5 --set ganon.targets.3.move=20",
		Flags: dataFlags(),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit("clockwork validate: takes no arguments (use --config DIR)", exitBadInput)
			}
			l, err := loadData(c)
			if err != nil {
				return err
			}
			w := c.App.Writer
			src := "embedded default data"
			if dir := c.String("config"); dir != "" {
				src = dir
			}
			fmt.Fprintf(w, "%s is valid\n", src)
			d := l.Data
			fmt.Fprintf(w, "fingerprint %s\n", d.Fingerprint)
			fmt.Fprintf(w, "%d Skill card types, %d Item types, %d+%d Treasures, %d temples, %d enemy types, %d tiles\n",
				len(d.SkillCards), len(d.Items), len(d.Treasures[1]), len(d.Treasures[2]), len(d.Temples), len(d.Enemies), len(d.Tiles))
			if len(l.Notes) > 0 {
				fmt.Fprintf(w, "notes (legal differences from the box):\n%s\n", indent(l.Notes))
			}
			changed, err := changedValues(l, dataSets(c))
			if err != nil {
				return cli.Exit(err.Error(), exitFailure)
			}
			if len(changed) > 0 {
				fmt.Fprintf(w, "%d value%s differ%s from the embedded default data (--config and --set):\n%s\n",
					len(changed), plural(len(changed)), verbS(len(changed)), indent(changed))
			}
			return nil
		},
	}
}

// changedValues lists every whole number of the loaded data that differs from the embedded
// default data, by --set path: "ganon.targets.3.move: 20 (default 18)", "skull.5: 3 (not in
// the default data)", "skull.5: not in this data (default 3)", and every --set of sets that
// is not a whole number ("rules.x: y (--set)"), sorted by path.
func changedValues(l *configs.Loaded, sets []string) ([]string, error) {
	def, err := configs.LoadDir("", nil)
	if err != nil {
		return nil, fmt.Errorf("the embedded default data: %w", err)
	}
	defaults := map[string]int{}
	for _, v := range datafile.NumericValues(def.Doc) {
		defaults[v.Path] = v.Value
	}
	var out []string
	seen := map[string]bool{}
	for _, v := range datafile.NumericValues(l.Doc) {
		seen[v.Path] = true
		d, ok := defaults[v.Path]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: %d (not in the default data)", v.Path, v.Value))
		case d != v.Value:
			out = append(out, fmt.Sprintf("%s: %d (default %d)", v.Path, v.Value, d))
		}
	}
	for _, v := range datafile.NumericValues(def.Doc) {
		if !seen[v.Path] {
			out = append(out, fmt.Sprintf("%s: not in this data (default %d)", v.Path, v.Value))
		}
	}
	for _, set := range sets {
		k, v, _ := strings.Cut(set, "=")
		if k = strings.TrimSpace(k); !seen[k] {
			out = append(out, fmt.Sprintf("%s: %s (--set)", k, strings.TrimSpace(v)))
		}
	}
	slices.Sort(out)
	return out, nil
}

// verbS is the "s" of a verb after n things ("1 number differs", "2 numbers differ").
func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}
