package clockwork

// ExpectedRollHearts is the mean of the hearts one damage roll of the current level takes from
// a hero (mode and bonus as in a boss's roll_damage; before any reduction), over the die's
// faces: what rollDamage does, averaged.
func (v View) ExpectedRollHearts(mode RollMode, bonus int) float64 {
	return v.g.data.RollHearts(v.g.level, mode, bonus)
}

// BossAttackHearts is the mean of the hearts the current boss's special attack takes from each
// of n heroes in its room (see Data.AttackHearts).
func (v View) BossAttackHearts(n int) (float64, bool) {
	return v.g.data.AttackHearts(v.g.bossAttack(), v.g.level, n)
}

// RollHearts is the mean of the hearts one damage roll on the given level's row takes from a
// hero (mode and bonus as in a boss's roll_damage; before any reduction), over the die's faces.
func (d *Data) RollHearts(level int, mode RollMode, bonus int) float64 {
	sum := 0
	for a := 1; a <= DieFaces; a++ {
		for b := 1; b <= DieFaces; b++ {
			sum += d.rowHearts(level, keptRoll(a, b, mode)+bonus)
		}
	}
	return float64(sum) / float64(DieFaces*DieFaces)
}

// AttackHearts is the mean of the hearts the special attack at takes on the given level from
// each of n heroes in the Boss Room, and false when the attack costs something else (cards,
// equipment), which hearts cannot be weighed against. A roll-off takes its amount from the
// heroes with the lowest (or highest) roll: n rolls leave about one such hero, all of them when
// all tie.
func (d *Data) AttackHearts(at BossAttack, level, n int) (float64, bool) {
	switch at.Effect {
	case BossRollDamage:
		return d.RollHearts(level, at.Mode, int(at.Bonus)), true
	case BossLoseHearts:
		return float64(at.Amount), true
	case BossRollOff:
		n = max(1, min(n, MaxPlayers))
		return float64(at.Amount) * rollOffLosers[n] / float64(n), true
	case NoBossEffect:
		return 0, true
	}
	return 0, false
}

// rollOffLosers is the expected number of heroes, of n rolling one die each, who share the
// lowest roll (the same for the highest), for n = 0 .. MaxPlayers.
var rollOffLosers = func() (out [MaxPlayers + 1]float64) {
	for n := 1; n <= MaxPlayers; n++ {
		total, count := 0, 0
		for code := 0; code < pow(DieFaces, n); code++ {
			low, ties, c := DieFaces+1, 0, code
			for i := 0; i < n; i++ {
				switch r := c%DieFaces + 1; {
				case r < low:
					low, ties = r, 1
				case r == low:
					ties++
				}
				c /= DieFaces
			}
			total += ties
			count++
		}
		out[n] = float64(total) / float64(count)
	}
	return out
}()

func pow(b, e int) int {
	p := 1
	for ; e > 0; e-- {
		p *= b
	}
	return p
}
