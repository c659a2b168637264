package duels

// The board: adjacency, lines of fire, and the squares a character can reach.

var (
	orthoDirs = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}
	allDirs   = [8][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}
)

// Adjacent reports whether squares a and b share a border or a corner.
func Adjacent(a, b Square) bool {
	if a == NoSquare || b == NoSquare || a == b {
		return false
	}
	dr, dc := a.Row()-b.Row(), a.Col()-b.Col()
	return dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// InLine reports whether b lies on a row, column or 45-degree diagonal of a (a != b), with the
// unit step from a toward b.
func InLine(a, b Square) (dr, dc int, ok bool) {
	r, c := b.Row()-a.Row(), b.Col()-a.Col()
	if r == 0 && c == 0 {
		return 0, 0, false
	}
	if r != 0 && c != 0 && r != c && r != -c {
		return 0, 0, false
	}
	return sign(r), sign(c), true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// ClearShot reports whether a ranged attack from a reaches b: b is in line with a, and no
// character and no shot-blocking obstacle stands between them.
func (g *Game) ClearShot(a, b Square) bool {
	dr, dc, ok := InLine(a, b)
	if !ok {
		return false
	}
	r, c := a.Row()+dr, a.Col()+dc
	for Sq(r, c) != b {
		s := Sq(r, c)
		if g.occ[s] != 0 {
			return false
		}
		if k := g.m.Cell[s]; k >= 0 && g.m.Obstacles[k].BlocksShot {
			return false
		}
		r, c = r+dr, c+dc
	}
	return true
}

// CanHit reports whether a card with the given icons, played by a character on a, reaches a
// target on b, and whether the attack is ranged (a card with both icons is melee when adjacent).
func (g *Game) CanHit(melee, ranged bool, a, b Square) (ok, isRanged bool) {
	if Adjacent(a, b) && melee {
		return true, false
	}
	if ranged && g.ClearShot(a, b) {
		return true, true
	}
	return false, false
}

// enterable reports whether character c may step onto square s while moving (it may pass over
// allies, not opponents), the damage that costs, and whether it may stop there.
func (g *Game) enterable(c int, s Square) (ok bool, dmg int8, stop bool) {
	if o := g.occ[s]; o != 0 && int(o-1) != c {
		if int(o-1)/MaxTeamChars != c/MaxTeamChars {
			return false, 0, false
		}
		stop = false
	} else {
		stop = true
	}
	k := g.m.Cell[s]
	if k < 0 {
		return true, 0, stop
	}
	ob := &g.m.Obstacles[k]
	if !ob.BlocksMove || g.Character(c).Through[g.mapID]&(1<<uint(k)) != 0 {
		return true, 0, stop
	}
	if ob.PassDamage > 0 {
		return true, ob.PassDamage, false
	}
	return false, 0, false
}

// reachTable is the scratch of the movement search: for every number of steps k and square s,
// the least damage of a walk of exactly k steps from the start to s, and the square before s.
type reachTable struct {
	dmg  [MaxSteps + 1][MaxSquares]int8
	prev [MaxSteps + 1][MaxSquares]Square
	n    int // steps searched
	from Square
}

const unreached = int8(127)

// search fills g.reach with the walks of character c of up to n steps.
func (g *Game) search(c, n int) {
	t := &g.reach
	if n > MaxSteps {
		n = MaxSteps
	}
	t.n, t.from = n, g.chars[c].At
	rows, cols := g.m.Rows, g.m.Cols
	for k := 0; k <= n; k++ {
		for r := 0; r < rows; r++ {
			for col := 0; col < cols; col++ {
				t.dmg[k][Sq(r, col)] = unreached
			}
		}
	}
	t.dmg[0][t.from] = 0
	dirs := orthoDirs[:]
	if g.d.Rules.DiagonalSteps {
		dirs = allDirs[:]
	}
	for k := 1; k <= n; k++ {
		for r := 0; r < rows; r++ {
			for col := 0; col < cols; col++ {
				s := Sq(r, col)
				d0 := t.dmg[k-1][s]
				if d0 == unreached {
					continue
				}
				for _, dd := range dirs {
					nr, nc := r+dd[0], col+dd[1]
					if !g.m.In(nr, nc) {
						continue
					}
					ns := Sq(nr, nc)
					ok, dmg, _ := g.enterable(c, ns)
					if ok && d0+dmg < t.dmg[k][ns] {
						t.dmg[k][ns] = d0 + dmg
						t.prev[k][ns] = s
					}
				}
			}
		}
	}
}

// best returns the least damage of a walk from the searched start to s on which the walker may
// stop at s, and its number of steps (fewest among the least-damage walks); ok false if none.
func (g *Game) best(c int, s Square) (dmg int8, steps int, ok bool) {
	if s == g.reach.from {
		return 0, 0, true
	}
	if okE, _, stop := g.enterable(c, s); !okE || !stop {
		return 0, 0, false
	}
	dmg = unreached
	for k := 1; k <= g.reach.n; k++ {
		if d := g.reach.dmg[k][s]; d < dmg {
			dmg, steps = d, k
		}
	}
	return dmg, steps, dmg != unreached
}

// path writes the squares entered by the walk of steps steps to s into buf, in order.
func (g *Game) path(s Square, steps int, buf []Square) []Square {
	buf = buf[:steps]
	for k := steps; k >= 1; k-- {
		buf[k-1] = s
		s = g.reach.prev[k][s]
	}
	return buf
}

// place moves character c to square to.
func (g *Game) relocate(c int, to Square) {
	ch := &g.chars[c]
	g.occ[ch.At] = 0
	ch.At = to
	g.occ[to] = int8(c + 1)
}

// pushDest returns where character c ends when pushed n squares in direction (dr, dc), and the
// pass damage of the obstacles it crosses: it stops before a character, the map's edge or an
// obstacle it cannot cross, and never stops on a pass-damage obstacle.
func (g *Game) pushDest(c, dr, dc, n int) (Square, int8) {
	at := g.chars[c].At
	r, col := at.Row(), at.Col()
	end, endDmg := at, int8(0)
	dmg := int8(0)
	for i := 0; i < n; i++ {
		r, col = r+dr, col+dc
		if !g.m.In(r, col) {
			break
		}
		s := Sq(r, col)
		if g.occ[s] != 0 {
			break
		}
		ok, d, stop := g.enterable(c, s)
		if !ok {
			break
		}
		dmg += d
		if stop {
			end, endDmg = s, dmg
		}
	}
	return end, endDmg
}
