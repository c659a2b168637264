package main

import "github.com/urfave/cli/v2"

func initCommand() *cli.Command { return &cli.Command{Name: "init"} }

func dataCommand() *cli.Command { return &cli.Command{Name: "data"} }
