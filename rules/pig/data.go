package pig

import (
	"fmt"
	"strings"
)

// Data is one version of Pig's numbers: everything a game reads besides its players and seed.
// Build it with NewData or Default (which check it and set its Fingerprint); a game only reads it.
type Data struct {
	// Target is the score that wins: the first seat to bank Target or more (1 to MaxTarget).
	Target int
	// Faces is the number of faces of the die (2 to MaxFaces): it shows 1 to Faces.
	Faces int
	// TurnCap is the one reading the rules leave open, named: a game whose turn TurnCap ends
	// without a winner (all seats' turns counted) ends with no winner (1 to MaxTurnCap).
	TurnCap int
	// Fingerprint names the values above ("pig:target=30,faces=6,turn_cap=200").
	Fingerprint string
}

// The default data: a short game.
const (
	DefaultTarget  = 30
	DefaultFaces   = 6
	DefaultTurnCap = 200
)

// Keys are the names of Data's values, as With takes them (a sensitivity or a goal search moves
// them).
var Keys = []string{"target", "faces", "turn_cap"}

// Default returns the default data.
func Default() *Data {
	d, _ := NewData(DefaultTarget, DefaultFaces, DefaultTurnCap)
	return d
}

// NewData returns the data of those values, or an error naming the first out of range.
func NewData(target, faces, turnCap int) (*Data, error) {
	switch {
	case target < 1 || target > MaxTarget:
		return nil, fmt.Errorf("pig: target %d: want 1 to %d", target, MaxTarget)
	case faces < 2 || faces > MaxFaces:
		return nil, fmt.Errorf("pig: faces %d: want 2 to %d", faces, MaxFaces)
	case turnCap < 1 || turnCap > MaxTurnCap:
		return nil, fmt.Errorf("pig: turn_cap %d: want 1 to %d", turnCap, MaxTurnCap)
	}
	return &Data{Target: target, Faces: faces, TurnCap: turnCap,
		Fingerprint: fmt.Sprintf("pig:target=%d,faces=%d,turn_cap=%d", target, faces, turnCap)}, nil
}

// With returns a copy of d with the value key (one of Keys) set to value, checked as NewData
// checks it.
func (d *Data) With(key string, value int) (*Data, error) {
	t, f, c := d.Target, d.Faces, d.TurnCap
	switch key {
	case "target":
		t = value
	case "faces":
		f = value
	case "turn_cap":
		c = value
	default:
		return nil, fmt.Errorf("pig: %q is not a value of the data (expected one of: %s)", key, strings.Join(Keys, ", "))
	}
	return NewData(t, f, c)
}
