package reports

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// This file is the opening of every report: the title naming the command and the data, and the
// headline, the command's answer in one sentence ("At 3 heroes the planner wins 34.9%
// [32.9-37.1]."), which the Markdown and HTML reports put first and the terminal prints after
// its header.

// The commands a results file can come from, as Command reads them from the file.
const (
	CommandRun         = "run"
	CommandLadder      = "run (skill ladder)"
	CommandSweep       = "sweep"
	CommandGoal        = "goal"
	CommandSensitivity = "sensitivity"
)

// Command names the command that wrote res, from what the file holds: sensitivity rows
// (CommandSensitivity), the game's own goal search (its descriptor's GoalCommand, Clockwork
// Realm's "ganon": its goals, or every group at the searched value of its own player count), a
// goal command's goals (CommandGoal), params that differ between groups (CommandSweep), several
// agents (CommandLadder), else CommandRun. A merge or a report of a file is named after the
// command that played it.
func Command(res *sim.Results) string {
	switch {
	case len(res.Sensitivity) > 0:
		return CommandSensitivity
	case gameGoalCommand(res):
		d, _ := sim.DescriptorOf(res.Game)
		return d.GoalCommand
	case len(res.Goals) > 0:
		return CommandGoal
	case len(SweepParams(res)) > 0:
		return CommandSweep
	case len(Rungs(res)) > 1:
		return CommandLadder
	}
	return CommandRun
}

// gameGoalCommand reports whether res was written by the game's own goal search (its
// descriptor's GoalCommand: Clockwork Realm's `clockwork ganon`): it holds that search's goals,
// or every group sets the searched value of its own player count (Descriptor.GoalParam).
func gameGoalCommand(res *sim.Results) bool {
	d, err := sim.DescriptorOf(res.Game)
	if err != nil || d.GoalParam == nil {
		return false
	}
	if len(res.GameGoals) > 0 {
		return true
	}
	for _, g := range res.Groups {
		if _, ok := g.Params[d.GoalParam(g.Players)]; !ok {
			return false
		}
	}
	return len(res.Groups) > 0
}

// Title is the title of the report of res: the game's report title, the command (as the game
// names it, GameReport.Command, else Command) and the data (its short fingerprint, when the
// file has one, and the --set values every group shares), e.g. "Clockwork Realm balance
// report: run on data sha256:0123456789ab with rules.move_carry_over=off".
func Title(res *sim.Results) string {
	cmd := Command(res)
	if own := gameOf(res).Command; own != nil {
		if c := own(res); c != "" {
			cmd = c
		}
	}
	t := gameOf(res).title() + ": " + cmd
	if res.ConfigFingerprint != "" {
		t += " on data " + shortFingerprint(res.ConfigFingerprint)
	}
	if shared := sharedParams(res); shared != "" {
		t += " with " + shared
	}
	return t
}

// sharedParams is the params every group of res sets to the same value, "k=v, k=v" (keys
// sorted), "" for none.
func sharedParams(res *sim.Results) string {
	if len(res.Groups) == 0 {
		return ""
	}
	varying := map[string]bool{}
	for _, k := range varyingKeys(res.Groups, func(g *sim.Group) map[string]string { return g.Params }) {
		varying[k] = true
	}
	var parts []string
	for _, k := range sortedKeys(res.Groups[0].Params) {
		if !varying[k] {
			parts = append(parts, k+"="+res.Groups[0].Params[k])
		}
	}
	return strings.Join(parts, ", ")
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Headline is the answer of the report of res in one sentence, by command (Command): the win
// rate of each player count with its Wilson 95% interval (a run), of each agent (a ladder), the
// lowest and highest along a sweep, the value that gives each goal (ganon, goal: "Ganon target
// 15 gives 50.2% [48.0-52.4] at 3 heroes"), and the value that moves the win rate most at each
// player count (sensitivity); or the game's own (GameReport.Headline). "" for a file without
// groups.
func Headline(res *sim.Results) string {
	if len(res.Groups) == 0 {
		return ""
	}
	var parts []string
	if own := gameOf(res).Headline; own != nil {
		parts = own(res)
	}
	switch {
	case len(parts) > 0:
	case Command(res) == CommandSensitivity:
		parts = sensitivityHeadline(res)
	case gameGoalCommand(res) || Command(res) == CommandGoal:
		parts = goalHeadline(res)
		if len(parts) == 0 {
			parts = sweepHeadline(res)
		}
	case Command(res) == CommandSweep:
		parts = sweepHeadline(res)
	default:
		parts = runHeadline(res)
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, "; ") + "."
	if first, _, _ := strings.Cut(s, " "); strings.ContainsAny(first, ".=") {
		return s // opens with a data path (rules.ganondorf_cards=6): written as --set names it
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// atPlayers is "at 3 heroes" (the game's name for its players: sim.Descriptor.PlayersNoun).
func atPlayers(res *sim.Results, n int) string {
	noun := gameOf(res).playersNoun()
	if n == 1 {
		noun = strings.TrimSuffix(strings.TrimSuffix(noun, "es"), "s")
	}
	return fmt.Sprintf("at %d %s", n, noun)
}

// groupsAt returns the groups of res with n players, in file order.
func groupsAt(res *sim.Results, n int) []*sim.Group {
	var out []*sim.Group
	for _, g := range res.Groups {
		if g.Players == n {
			out = append(out, g)
		}
	}
	return out
}

// rateText is a group's win rate with its interval, "34.9% [32.9-37.1]".
func rateText(g *sim.Group) string { return format.RateInterval(stats.NewRate(g.Wins, g.Episodes)) }

// runHeadline: each player count's win rate, by agent ("at 2 heroes the planner wins 43.3%
// [41.1-45.5]; at 3 heroes 34.9% [32.9-37.1]"; a ladder names every agent at every count: "at 3
// heroes the planner wins 34.9% [..], the expert 39.0% [..]").
func runHeadline(res *sim.Results) []string {
	ladder := len(Rungs(res)) > 1
	var parts []string
	for i, n := range PlayerCounts(res) {
		var who []string
		for j, g := range groupsAt(res, n) {
			name := RungText(res.Game, g.Agent, g.Strategies)
			switch {
			case !ladder && i > 0: // the agent was named at the first count
				who = append(who, rateText(g))
			case j == 0:
				who = append(who, fmt.Sprintf("the %s wins %s", name, rateText(g)))
			default:
				who = append(who, fmt.Sprintf("the %s %s", name, rateText(g)))
			}
		}
		parts = append(parts, atPlayers(res, n)+" "+strings.Join(who, ", "))
	}
	return parts
}

// sweepHeadline: at each player count, the sweep's lowest and highest win rates with the
// points that gave them ("at 3 heroes the win rate runs from 20.1% [..] at k=2 to 45.3% [..] at
// k=8"; a key the game titles is named by its title: "at Ganon target 15").
func sweepHeadline(res *sim.Results) []string {
	keys := SweepParams(res)
	point := func(g *sim.Group) string {
		var kv []string
		for _, k := range keys {
			if title, ok := gameOf(res).ParamTitles[k]; ok { // "Ganon target 15"
				kv = append(kv, title+" "+paramValue(g, k))
			} else {
				kv = append(kv, k+"="+paramValue(g, k))
			}
		}
		if len(Rungs(res)) > 1 {
			kv = append(kv, RungText(res.Game, g.Agent, g.Strategies))
		}
		return strings.Join(kv, ", ")
	}
	var parts []string
	for _, n := range PlayerCounts(res) {
		var gs []*sim.Group // the complete points only: a partial one's rate is of fewer games
		for _, g := range groupsAt(res, n) {
			if !g.Partial && g.Episodes > 0 {
				gs = append(gs, g)
			}
		}
		if len(gs) == 0 {
			parts = append(parts, fmt.Sprintf("%s no point of the sweep is complete (partial)", atPlayers(res, n)))
			continue
		}
		partial := ""
		if all := len(groupsAt(res, n)); len(gs) < all {
			partial = fmt.Sprintf(" (partial: %d of %d points complete)", len(gs), all)
		}
		lo, hi := gs[0], gs[0]
		for _, g := range gs[1:] {
			if winRate(g) < winRate(lo) {
				lo = g
			}
			if winRate(g) > winRate(hi) {
				hi = g
			}
		}
		if lo == hi {
			parts = append(parts, fmt.Sprintf("%s the win rate is %s at %s%s", atPlayers(res, n), rateText(lo), point(lo), partial))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s the win rate runs from %s at %s to %s at %s%s",
			atPlayers(res, n), rateText(lo), point(lo), rateText(hi), point(hi), partial))
	}
	return parts
}

// winRate is a group's win rate (0 without episodes).
func winRate(g *sim.Group) float64 {
	if g.Episodes == 0 {
		return 0
	}
	return float64(g.Wins) / float64(g.Episodes)
}

// goalHeadline: the answer to each goal ("Ganon target 15 gives 50.2% [48.0-52.4] at 3 heroes
// (goal 50.0%)"), or when no value tried reaches it the nearest ("no Ganon target tried reaches
// the goal (95.0%) at 3 heroes; nearest is Ganon target 6 (82.3% [77.6-86.2])").
func goalHeadline(res *sim.Results) []string {
	var parts []string
	for _, goal := range append(append([]sim.Goal{}, res.GameGoals...), res.Goals...) {
		d, _ := sim.DescriptorOf(res.Game)
		what, noun := fmt.Sprintf("%s %d", d.GoalTitle, goal.Target), d.GoalTitle
		if goal.Param != "" {
			what, noun = fmt.Sprintf("%s=%d", goal.Param, goal.Target), "value"
		}
		rate, got := "its group is missing", "(its group is missing)"
		if g := goalGroup(res, goal); g != nil {
			rate = rateText(g)
			got = "gives " + rate
		}
		who := ""
		if goal.Agent != "" && len(Rungs(res)) > 1 {
			who = " for the " + RungText(res.Game, goal.Agent, goal.Strategies)
		}
		if !goal.Bracketed {
			parts = append(parts, fmt.Sprintf("no %s tried reaches the goal (%s) %s%s; nearest is %s (%s)",
				noun, format.Pct(goal.Goal), atPlayers(res, goal.Players), who, what, rate))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s %s%s (goal %s)", what, got, atPlayers(res, goal.Players), who, format.Pct(goal.Goal)))
	}
	return parts
}

// goalGroup is the group of a goal's answer: a Ganon goal's (Results.GoalGroup), or the group
// at the goal's players (and agent) whose Param is the target.
func goalGroup(res *sim.Results, goal sim.Goal) *sim.Group {
	if goal.Param == "" {
		return res.GoalGroup(goal)
	}
	for _, g := range res.Groups {
		if g.Players == goal.Players && g.Params[goal.Param] == fmt.Sprint(goal.Target) &&
			(goal.Agent == "" || g.Agent == goal.Agent && g.Strategies == goal.Strategies) {
			return g
		}
	}
	return nil
}

// sensitivityHeadline: at each player count, the value that moves the win rate most and by how
// much ("at 3 heroes ganon.targets.3.move moves the win rate most: 26 (from 18) gives -12.0
// pt [-15.1 to -8.9 pt]").
func sensitivityHeadline(res *sim.Results) []string {
	if IsMatrixSensitivity(res) {
		return matrixHeadline(res)
	}
	effects, err := Effects(res, "")
	if err != nil {
		return nil
	}
	var parts []string
	for _, n := range PlayerCounts(res) {
		es := effects[n]
		if len(es) == 0 || es[0].Size() == 0 {
			continue
		}
		e := es[0]
		side := e.Low
		if side == nil || e.High != nil && !math.IsNaN(e.High.Win) && math.Abs(e.High.Win) > math.Abs(side.Win) {
			side = e.High
		}
		parts = append(parts, fmt.Sprintf("%s %s moves the win rate most: %d (from %d) gives %s [%s]",
			atPlayers(res, n), e.Param, side.Value, e.Base, format.Signed(side.Win), format.SignedRange(side.WinLo, side.WinHi)))
	}
	return parts
}
