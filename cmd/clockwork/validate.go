package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
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
			return nil
		},
	}
}
