package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	configs "github.com/clockworksim/clockwork/configs/clockwork"
)

func dataCommand() *cli.Command {
	return &cli.Command{
		Name:      "data",
		Usage:     "print the effective game data as tables or JSON",
		ArgsUsage: "[SECTION]",
		Description: "Prints the game data after --config and --set: all of it, or one section (" +
			strings.Join(configs.Sections, ", ") + ").\n" +
			"Tables show enemies per temple with their costs, bosses per level, the damage table,\n" +
			"layouts drawn as grids of zones and tiles drawn as small rooms. JSON has one key per\n" +
			"section (plus ganon, skull and fingerprint), with the data files' names.\n\n" +
			"Examples:\n" +
			"  clockwork data enemies\n" +
			"  clockwork data layouts\n" +
			"  clockwork data --format json | jq '.enemies | length'\n" +
			"  clockwork data bosses --set bosses.arrghus.cost.2.move=7",
		Flags: append(dataFlags(),
			&cli.StringFlag{Name: "format", Value: "table", Usage: "output `FORMAT`: table or json"},
		),
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return cli.Exit("clockwork data: expected at most one SECTION", exitBadInput)
			}
			section := c.Args().First()
			format := c.String("format")
			if format != "table" && format != "json" {
				return cli.Exit(fmt.Sprintf("clockwork data: --format %q: expected table or json", format), exitBadInput)
			}
			l, err := loadData(c)
			if err != nil {
				return err
			}
			if format == "json" {
				err = configs.DescribeJSON(c.App.Writer, l, section)
			} else {
				err = configs.Describe(c.App.Writer, l, section)
			}
			if err != nil {
				return cli.Exit("clockwork data: "+err.Error(), exitBadInput)
			}
			return nil
		},
	}
}
