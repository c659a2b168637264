package rules

import "fmt"

// Hooks and views of internals for the external tests (package rules_test), which can load the
// default data without an import cycle.

func SetDebugEngage(f func(g *Game, h int)) { debugEngage = f }

func (g *Game) PromptString() string { return g.prompt.String() }

func (g *Game) DebugFlags() string {
	return fmt.Sprintf("levelOver=%v over=%v killed=%+v act=%+v ability=%v", g.levelOver, g.over, g.killed, g.act, g.data.Enemies[g.heroes[0].Enemy].Ability)
}
