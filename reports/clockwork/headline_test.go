package clockwork

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clockworksim/clockwork/configs/datafile"
	"github.com/clockworksim/clockwork/reports"
	"github.com/clockworksim/clockwork/reports/format"
	"github.com/clockworksim/clockwork/reports/stats"
	"github.com/clockworksim/clockwork/sim"
)

// rateOf is a group's win rate as the headline writes it: "34.9% [32.9-37.1]".
func rateOf(g *sim.Group) string {
	r := stats.NewRate(g.Wins, g.Episodes)
	return fmt.Sprintf("%s [%.1f-%.1f]", format.Rate(r), 100*r.Lo, 100*r.Hi)
}

// Every command's report opens with its answer: the title names the command and the data, the
// headline gives the figures a designer asked for, from the file's own groups.
func TestHeadlineByCommand(t *testing.T) {
	run, agents, sweep, grid, ganonRun := testResults(), testAgents(), testSweep(), testGanonGrid(), testGanon()
	withSet := testResults()
	for _, g := range withSet.Groups {
		g.Params = map[string]string{"rules.move_carry_over": "off"}
	}
	sens := testSensitivity([]datafile.NumericValue{{Path: "setup.time_tokens", Value: 6}, {Path: "ganon.targets.3.move", Value: 18}})
	at := func(res *sim.Results, i int) string { return rateOf(res.Groups[i]) }
	// A goal search of the sweep's value: at 2 heroes every rate (7.8% to 19.5%) is below the
	// goal, at 3 heroes 20.3% (at 16) is the nearest to its goal.
	goals := testSweep()
	goals.Goals = []sim.Goal{{Players: 2, Param: sweepParam, Goal: 0.5, Target: 14, Low: 14, High: 20},
		{Players: 3, Param: sweepParam, Goal: 0.2, Target: 16, Low: 14, High: 20, Bracketed: true}}
	reached := testSweep() // a goal reached opens the headline with its data path, as written
	reached.Goals = goals.Goals[1:]
	partial := testSweep() // interrupted at 2 heroes' last point (20): its 5 games do not count
	partial.Partial, partial.Groups[3].Partial, partial.Groups[3].Episodes, partial.Groups[3].Wins = true, true, 5, 5
	reach := testGanonGrid() // at 3 heroes every rate (0.2% and up) is above a goal of 0.1%
	reach.GameGoals[1] = sim.Goal{Players: 3, Goal: 0.001, Target: 30, Low: 6, High: 30}
	cases := []struct {
		name     string
		res      *sim.Results
		command  string
		title    string
		headline string
	}{
		{"run", run, reports.CommandRun, "Clockwork Realm balance report: run on data sha256:0123456789ab",
			"At 2 heroes the planner wins " + at(run, 0) + "; at 3 heroes " + at(run, 1) + "; at 4 heroes " + at(run, 2) + "."},
		{"run with --set", withSet, reports.CommandRun, "Clockwork Realm balance report: run on data sha256:0123456789ab with rules.move_carry_over=off",
			"At 2 heroes the planner wins " + at(withSet, 0) + "; at 3 heroes " + at(withSet, 1) + "; at 4 heroes " + at(withSet, 2) + "."},
		{"ladder", agents, reports.CommandLadder, "Clockwork Realm balance report: run (skill ladder) on data sha256:0123456789ab",
			"At 3 heroes the planner wins " + at(agents, 0) + ", the rusher " + at(agents, 1) + "."},
		// testSweep: the win rate falls as Ganon's Move target rises (14 to 20).
		{"sweep", sweep, reports.CommandSweep, "Clockwork Realm balance report: sweep on data sha256:0123456789ab",
			"At 2 heroes the win rate runs from " + at(sweep, 3) + " at ganon.targets.3.move=20 to " + at(sweep, 0) + " at ganon.targets.3.move=14; " +
				"at 3 heroes the win rate runs from " + at(sweep, 7) + " at ganon.targets.3.move=20 to " + at(sweep, 4) + " at ganon.targets.3.move=14."},
		{"partial sweep", partial, reports.CommandSweep, "Clockwork Realm balance report: sweep on data sha256:0123456789ab",
			"At 2 heroes the win rate runs from " + at(partial, 2) + " at ganon.targets.3.move=18 to " + at(partial, 0) + " at ganon.targets.3.move=14 (partial: 3 of 4 points complete); " +
				"at 3 heroes the win rate runs from " + at(partial, 7) + " at ganon.targets.3.move=20 to " + at(partial, 4) + " at ganon.targets.3.move=14."},
		{"ganon without goals", ganonRun, "ganon", "Clockwork Realm balance report: ganon on data sha256:0123456789ab",
			"At 2 heroes the win rate runs from " + at(ganonRun, 2) + " at Ganon target 10 to " + at(ganonRun, 0) + " at Ganon target 6; " +
				"at 3 heroes the win rate runs from " + at(ganonRun, 5) + " at Ganon target 15 to " + at(ganonRun, 3) + " at Ganon target 9."},
		{"ganon", grid, "ganon", "Clockwork Realm balance report: ganon on data sha256:0123456789ab",
			fmt.Sprintf("Ganon target %d gives %s at 2 heroes (goal 50.0%%); Ganon target %d gives %s at 3 heroes (goal 50.0%%).",
				grid.GameGoals[0].Target, rateOf(grid.GoalGroup(grid.GameGoals[0])), grid.GameGoals[1].Target, rateOf(grid.GoalGroup(grid.GameGoals[1])))},
		{"goal", goals, reports.CommandGoal, "Clockwork Realm balance report: goal on data sha256:0123456789ab",
			"No value tried reaches the goal (50.0%) at 2 heroes; nearest is ganon.targets.3.move=14 (" + at(goals, 0) + "); " +
				"ganon.targets.3.move=16 gives " + at(goals, 5) + " at 3 heroes (goal 20.0%)."},
		{"goal reached", reached, reports.CommandGoal, "Clockwork Realm balance report: goal on data sha256:0123456789ab",
			"ganon.targets.3.move=16 gives " + at(goals, 5) + " at 3 heroes (goal 20.0%)."},
		{"ganon, a goal out of reach", reach, "ganon", "Clockwork Realm balance report: ganon on data sha256:0123456789ab",
			fmt.Sprintf("Ganon target %d gives %s at 2 heroes (goal 50.0%%); no Ganon target tried reaches the goal (0.1%%) at 3 heroes; nearest is Ganon target 30 (%s).",
				reach.GameGoals[0].Target, rateOf(reach.GoalGroup(reach.GameGoals[0])), rateOf(reach.GoalGroup(reach.GameGoals[1])))},
		// testSensitivity: value i moves the win rate by -(i+3) points down: ganon.targets.3.move
		// (i = 1) most, 4 of 400 campaigns, -4.0 points.
		{"sensitivity", sens, reports.CommandSensitivity, "Clockwork Realm balance report: sensitivity on data sha256:0123456789ab",
			"At 3 heroes ganon.targets.3.move moves the win rate most: 17 (from 18) gives -4.0 pt ["},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.command, reports.Command(c.res))
			assert.Equal(t, c.title, reports.Title(c.res))
			h := reports.Headline(c.res)
			if c.command == reports.CommandSensitivity {
				assert.True(t, strings.HasPrefix(h, c.headline), h)
			} else {
				assert.Equal(t, c.headline, h)
			}
		})
	}
	assert.Empty(t, reports.Headline(&sim.Results{}), "no groups, no headline")
}

// The headline opens every writer: the Markdown report after its title, the HTML page after its
// heading, the terminal summaries on the line after the header.
func TestHeadlineOpensEveryReport(t *testing.T) {
	res := testResults()
	h := reports.Headline(res)
	require.NotEmpty(t, h)
	var md, page, brief, table, ganon bytes.Buffer
	require.NoError(t, reports.Markdown(&md, res))
	esc := strings.NewReplacer("[", `\[`, "]", `\]`).Replace(h)
	assert.True(t, strings.HasPrefix(md.String(), "# "+reports.Title(res)+"\n\n**"+esc+"**\n\n"), md.String()[:300])
	require.NoError(t, reports.HTML(&page, res))
	assert.Contains(t, page.String(), "<title>"+reports.Title(res)+"</title>")
	assert.Contains(t, page.String(), "<h1>"+reports.Title(res)+"</h1>\n<p class=\"headline\"><strong>"+h+"</strong></p>")
	require.NoError(t, reports.Brief(&brief, res))
	require.NoError(t, reports.Table(&table, res))
	reports.GoalTable(&ganon, testGanonGrid())
	for name, out := range map[string]string{"brief": brief.String(), "table": table.String()} {
		lines := strings.Split(out, "\n")
		assert.True(t, strings.HasPrefix(lines[0], "clockwork v0.0.0-test, seed 7"), name)
		assert.Equal(t, h, lines[1], name)
	}
	assert.Equal(t, reports.Headline(testGanonGrid()), strings.Split(ganon.String(), "\n")[1])
}

// A Ganon goal that no target tried reaches says so in every writer, naming the nearest target,
// never calling it the answer; a goal reached keeps its words.
func TestGanonGoalOutOfReach(t *testing.T) {
	res := testGanonGrid()
	res.GameGoals[1] = sim.Goal{Players: 3, Goal: 0.001, Target: 30, Low: 6, High: 30}
	g := res.GoalGroup(res.GameGoals[1])
	r := winRate(g)
	assert.Equal(t, fmt.Sprintf("3 players: no Ganon target tried (6 to 30) reaches the goal 0.1%%; nearest is Ganon target 30 (a %s campaign win rate, 95%% %.1f-%.1f%%, 400 campaigns)",
		format.Rate(r), 100*r.Lo, 100*r.Hi), GoalText(res, res.GameGoals[1]))
	assert.True(t, strings.HasPrefix(GoalText(res, res.GameGoals[0]), fmt.Sprintf("2 players: Ganon target %d gives a ", res.GameGoals[0].Target)))
	assert.True(t, strings.HasSuffix(GoalText(res, res.GameGoals[0]), ", the closest to 50.0% among the targets 6 to 30"))

	tables := goalTables(res)
	require.Len(t, tables, 1)
	require.Len(t, tables[0].Rows, 2)
	assert.Equal(t, "yes", tables[0].Rows[0][7])
	assert.Equal(t, []string{"3", "0.1%", "30"}, tables[0].Rows[1][:3])
	assert.Equal(t, "no: no target tried reaches it; 30 is the nearest", tables[0].Rows[1][7])

	var out bytes.Buffer
	reports.GoalTable(&out, res)
	assert.Contains(t, out.String(), "\n"+GoalText(res, res.GameGoals[1])+"\n")
	assert.NotContains(t, out.String(), "the closest to 0.1%")
}
