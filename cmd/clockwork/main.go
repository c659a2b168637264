// Command clockwork is a Monte Carlo balance simulator and analytics tool for The Legend of
// Zelda: Clockwork Realm. Run `clockwork --help` for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	_ "github.com/clockworksim/clockwork/reports/clockwork" // Clockwork Realm's metrics, charts and sections for the reports
	_ "github.com/clockworksim/clockwork/reports/clue"      // CLUE's metrics, charts and sections for the reports
	_ "github.com/clockworksim/clockwork/reports/duels"     // Zelda Duels' metrics, charts and sections for the reports
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
	args = helpCommand(args)
	if len(args) > 1 && !strings.HasPrefix(args[1], "-") && app.Command(args[1]) == nil {
		fmt.Fprintf(stderr, "clockwork: unknown command %q (see clockwork --help)\n", args[1])
		return exitBadInput
	}
	args, err := interspersed(app, args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitBadInput
	}
	err = app.RunContext(ctx, args)
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
	// Anything else is a usage problem found by the flag parser (a missing required flag).
	prefix := "clockwork"
	if len(args) > 1 && app.Command(args[1]) != nil {
		prefix += " " + args[1]
		if len(args) > 2 && app.Command(args[1]).Command(args[2]) != nil { // a game's command
			prefix += " " + args[2]
		}
	}
	fmt.Fprintf(stderr, "%s: %s\n", prefix, usageText(nil, err))
	return exitBadInput
}

// helpCommand turns `clockwork help [COMMAND]` into `clockwork [COMMAND] --help`.
func helpCommand(args []string) []string {
	if len(args) < 2 || args[1] != "help" {
		return args
	}
	if len(args) == 2 {
		return []string{args[0], "--help"}
	}
	return append([]string{args[0], args[2], "--help"}, args[3:]...)
}

func newApp(stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:    "clockwork",
		Usage:   "Monte Carlo balance simulator for three Zelda board games",
		Version: version,
		Description: "clockwork plays complete games with agents and reports what designers ask, with\n" +
			"confidence intervals. Three games:\n" +
			"  clockwork COMMAND        The Legend of Zelda: Clockwork Realm (co-operative campaigns)\n" +
			"  clockwork clue COMMAND   CLUE: The Legend of Zelda (deduction, 2-6 players)\n" +
			"  clockwork duels COMMAND  Zelda Duels (team skirmish, 2-4 players)\n" +
			"Each game's data is embedded; --config DIR uses a designer's own copy (see `init`)\n" +
			"and --set PATH=VALUE changes single values. report, merge, check and compare read the\n" +
			"game from the file. Documentation: README.md and docs/.",
		Writer:                    stdout,
		ErrWriter:                 stderr,
		UseShortOptionHandling:    true,
		DisableSliceFlagSeparator: true, // --set values may hold commas (lists)
		HideHelpCommand:           true,
		ExitErrHandler:            func(*cli.Context, error) {}, // run() prints and exits
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return cli.Exit(fmt.Sprintf("clockwork: %s (see clockwork --help)", usageText(nil, err)), exitBadInput)
		},

		Commands: withUsageErrors("",
			runCommand(),
			sweepCommand(),
			ganonCommand(),
			sensitivityCommand(),
			tuneCommandOf(clockworkCommands{}),
			replayCommand(),
			mergeCommand(),
			compareCommand(),
			checkCommand(),
			reportCommand(),
			validateCommand(),
			initCommand(),
			dataCommand(),
			gameCommand(newSeatGame(clueRules{})),
			gameCommand(newSeatGame(duelsRules{})),
		),
	}
}

// withUsageErrors makes every command report a flag error as one line with exit code 2 (instead
// of urfave/cli's default of printing the whole help page), and gives every error message of
// its action the prefix "clockwork COMMAND: ".
func withUsageErrors(group string, cmds ...*cli.Command) []*cli.Command {
	for _, c := range cmds {
		name := c.Name
		if group != "" {
			name = group + " " + c.Name
		}
		c.OnUsageError = func(ctx *cli.Context, err error, _ bool) error {
			return cli.Exit(fmt.Sprintf("clockwork %s: %s (see clockwork %s --help)", name, usageText(ctx.Command, err), name), exitBadInput)
		}
		if action := c.Action; action != nil {
			c.Action = func(ctx *cli.Context) error {
				if err := sharedFlags(ctx); err != nil {
					return prefixed(name, err)
				}
				if err := readSetFile(ctx); err != nil {
					return prefixed(name, err)
				}
				return prefixed(name, action(ctx))
			}
		}
	}
	return cmds
}

// sharedFlags checks the flags many commands share, before the command reads them: an --out
// given empty (it would write into the working directory unasked) and a --checkpoint that is not
// a positive duration (leaving it out means no checkpoints).
func sharedFlags(c *cli.Context) error {
	if c.IsSet("out") && strings.TrimSpace(c.String("out")) == "" {
		return cli.Exit("--out \"\": name where to write (or leave --out out for the default)", exitBadInput)
	}
	if c.IsSet("checkpoint") && c.Duration("checkpoint") <= 0 {
		return cli.Exit(fmt.Sprintf("--checkpoint %s: must be a positive duration, e.g. 30s (leave it out for no checkpoints)", c.Duration("checkpoint")), exitBadInput)
	}
	return nil
}

var (
	invalidValue = regexp.MustCompile(`^invalid value "(.*)" for flag -([a-z-]+): .*$`)
	requiredFlag = regexp.MustCompile(`^Required flags? "(.*)" not set$`)
	unknownFlag  = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
)

// usageText rewrites the flag parser's messages in the words of the other messages:
// `--campaigns "many": expected a whole number` for `invalid value "many" for flag -campaigns:
// parse error`, `--expect is required` for `Required flag "expect" not set`.
func usageText(cmd *cli.Command, err error) string {
	msg := err.Error()
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		if strings.HasSuffix(msg, "value out of range") {
			return fmt.Sprintf("--%s %q: %s", m[2], m[1], outOfRange(cmd, m[1], m[2]))
		}
		return fmt.Sprintf("--%s %q: %s", m[2], m[1], expectedValue(cmd, m[2]))
	}
	if m := requiredFlag.FindStringSubmatch(msg); m != nil {
		return "--" + strings.ReplaceAll(m[1], ", ", ", --") + " is required"
	}
	if m := unknownFlag.FindStringSubmatch(msg); m != nil {
		return "--" + m[1] + " is not a flag of this command"
	}
	return msg
}

// outOfRange says that value, a whole number, is too large (or too small) for the flag name of
// cmd: "too large: at most 9223372036854775807".
func outOfRange(cmd *cli.Command, value, name string) string {
	bound := "at most " + strconv.FormatInt(math.MaxInt64, 10)
	if strings.HasPrefix(strings.TrimSpace(value), "-") {
		bound = "at least " + strconv.FormatInt(math.MinInt64, 10)
	}
	if cmd != nil {
		for _, f := range cmd.Flags {
			if _, ok := f.(*cli.Uint64Flag); ok && slices.Contains(f.Names(), name) {
				bound = "at most " + strconv.FormatUint(math.MaxUint64, 10)
			}
		}
	}
	if strings.HasPrefix(bound, "at least") {
		return "too small: a whole number " + bound
	}
	return "too large: a whole number " + bound
}

// expectedValue says what the flag name of cmd takes.
func expectedValue(cmd *cli.Command, name string) string {
	if cmd == nil {
		return "not a valid value"
	}
	for _, f := range cmd.Flags {
		if !slices.Contains(f.Names(), name) {
			continue
		}
		switch f.(type) {
		case *cli.IntFlag:
			return "expected a whole number"
		case *cli.Uint64Flag:
			return "expected a whole number, 0 or more"
		case *cli.Float64Flag:
			return "expected a number"
		}
	}
	return "not a valid value"
}

// prefixed gives an error message the prefix "clockwork NAME: " unless it has one. In a
// message of several lines (a list of data problems, each file:line:column: ...), the last line
// (the summary) gets it.
func prefixed(name string, err error) error {
	var ec cli.ExitCoder
	if !errors.As(err, &ec) {
		if err == nil {
			return nil
		}
		ec = cli.Exit(err.Error(), exitBadInput)
	}
	msg := ec.Error()
	lines := strings.Split(msg, "\n")
	last := lines[len(lines)-1]
	if msg == "" || strings.HasPrefix(last, "clockwork ") {
		return ec
	}
	lines[len(lines)-1] = "clockwork " + name + ": " + last
	return cli.Exit(strings.Join(lines, "\n"), ec.ExitCode())
}

// interspersed moves a command's flags before its positional arguments, so that
// `clockwork data enemies --format json` works as well as `clockwork data --format json enemies`
// (urfave/cli v2 stops reading flags at the first positional argument). Everything after "--"
// stays positional. A value flag at the very end, without its value, is an error.
func interspersed(app *cli.App, args []string) ([]string, error) {
	if len(args) < 3 {
		return args, nil
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args, nil
	}
	if sub := cmd.Command(args[2]); sub != nil && len(cmd.Subcommands) > 0 {
		// a game's command group: the flags are its subcommand's
		inner, err := interspersed(&cli.App{Commands: cmd.Subcommands}, append([]string{args[0] + " " + args[1]}, args[2:]...))
		if err != nil {
			return nil, err
		}
		return append([]string{args[0], args[1]}, inner[1:]...), nil
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	flags := []string{}
	var positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			positional = append(positional, rest[i:]...)
			i = len(rest)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] {
				if i+1 == len(rest) {
					return nil, fmt.Errorf("clockwork %s: flag needs an argument: %s (see clockwork %s --help)", args[1], a, args[1])
				}
				i++
				flags = append(flags, rest[i])
			}
		default:
			positional = append(positional, a)
		}
	}
	out := append([]string{args[0], args[1]}, flags...)
	return append(out, positional...), nil
}
