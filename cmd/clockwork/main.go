// Command clockwork is a Monte Carlo balance simulator and analytics tool for The Legend of
// Zelda: Clockwork Realm. Run `clockwork --help` for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"
)

// version is the tool's version; release builds set it with -ldflags "-X main.version=...".
var version = "v0.1.0-dev"

// Exit codes.
const (
	exitOK       = 0
	exitFailure  = 1 // a check failed (for commands that check)
	exitBadInput = 2 // bad data, flags or files
)

func main() {
	os.Exit(run(context.Background(), os.Args, os.Stdout, os.Stderr))
}

// run runs the CLI with args (args[0] is the program name) and returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	err := app.RunContext(ctx, args)
	if err == nil {
		return exitOK
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := ec.Error(); msg != "" {
			fmt.Fprintln(stderr, msg)
		}
		return ec.ExitCode()
	}
	// Anything else is a usage problem found by the flag parser (unknown flag, bad value).
	fmt.Fprintln(stderr, "clockwork:", err)
	return exitBadInput
}

func newApp(stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:    "clockwork",
		Usage:   "Monte Carlo balance simulator for The Legend of Zelda: Clockwork Realm",
		Version: version,
		Description: "clockwork plays complete Clockwork Realm campaigns with heuristic agents and\n" +
			"reports win rates, Triforce Shards and rounds used. Its game data (cards, tiles,\n" +
			"layouts) is embedded; --config DIR uses a designer's own copy (see `clockwork init`)\n" +
			"and --set PATH=VALUE changes single values. Documentation: README.md and docs/.",
		Writer:                    stdout,
		ErrWriter:                 stderr,
		UseShortOptionHandling:    true,
		DisableSliceFlagSeparator: true, // --set values may hold commas (lists)
		HideHelpCommand:           true,
		ExitErrHandler:            func(*cli.Context, error) {}, // run() prints and exits
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return cli.Exit(fmt.Sprintf("clockwork %s: %v (see --help)", c.Command.Name, err), exitBadInput)
		},
		Commands: []*cli.Command{
			validateCommand(),
			initCommand(),
			dataCommand(),
		},
	}
}
