package meta

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// The simplex method's tolerances: a reduced cost below -costTol improves the objective, and
// an entry of the pivot column above pivotTol (relative to the column's largest) may be pivoted on.
const (
	costTol  = 1e-10
	pivotTol = 1e-7
)

// errPivots is returned when the simplex method has not finished within its pivots' cap.
var errPivots = errors.New("meta: the simplex method did not finish")

// simplex minimises c·v subject to m·v = b and v >= 0 from the feasible basis basis (a column
// of m for each row, whose columns form the identity), and returns v. A dense tableau pivoted
// by Bland's rule (the entering column the first whose reduced cost improves, the leaving row
// the first of the tightest ratio, by its basic variable), which never cycles on degenerate
// programs such as Solve's; then the basic variables are solved again from the final basis
// and m, to shed the rounding of the pivots.
//
// (gonum's lp.Simplex, which chooses by Dantzig's rule and falls back to Bland's only on an
// exactly zero step, stopped with a singular basis on about 2% of Solve's programs of random
// games of 2 to 12 entrants and never returned on about 1%.)
func simplex(m *mat.Dense, b, c []float64, basis []int) ([]float64, error) {
	rows, cols := m.Dims()
	t := mat.NewDense(rows+1, cols+1, nil) // rows of m | b; last row: the reduced costs | -objective
	t.Slice(0, rows, 0, cols).(*mat.Dense).Copy(m)
	basis = append([]int(nil), basis...)
	for r := range rows {
		t.Set(r, cols, b[r])
	}
	for j := range cols {
		v := c[j]
		for r, bj := range basis {
			v -= c[bj] * m.At(r, j)
		}
		t.Set(rows, j, v)
	}
	for range 50 * (rows + cols) {
		enter, leave := entering(t, basis)
		if enter < 0 {
			return basicSolution(m, b, basis, cols)
		}
		pivot(t, leave, enter)
		basis[leave] = enter
	}
	return nil, errPivots
}

// entering returns the pivot of Bland's rule: the first column whose reduced cost is below
// -costTol and has an entry above pivotTol (relative to its largest), and its leaving row (leavingRow); -1, -1 at the
// optimum. A column whose cost improves but has no such entry would be a ray along which the
// objective falls without end; Solve's programs are bounded, so its cost is rounding, not
// improvement, and it is passed over.
func entering(t *mat.Dense, basis []int) (enter, leave int) {
	rows := len(basis)
	_, w := t.Dims()
	for j := range w - 1 {
		if t.At(rows, j) >= -costTol {
			continue
		}
		if r := leavingRow(t, basis, j); r >= 0 {
			return j, r
		}
	}
	return -1, -1
}

// leavingRow is the row of the ratio test for column enter: the least b_r / t_r,enter over the
// rows whose entry exceeds pivotTol times the column's largest (at least 1), ties (within rounding) to the smallest basic variable;
// -1 when no entry does (unbounded).
func leavingRow(t *mat.Dense, basis []int, enter int) int {
	rows := len(basis)
	_, w := t.Dims()
	scale := 1.0
	for r := range rows {
		scale = max(scale, math.Abs(t.At(r, enter)))
	}
	leave, best := -1, 0.0
	for r := range rows {
		d := t.At(r, enter)
		if d <= pivotTol*scale {
			continue
		}
		ratio := t.At(r, w-1) / d
		switch {
		case leave < 0 || ratio < best-1e-12:
			leave, best = r, ratio
		case ratio <= best+1e-12 && basis[r] < basis[leave]:
			leave = r
		}
	}
	return leave
}

// pivot makes column col of the tableau the unit vector of row row.
func pivot(t *mat.Dense, row, col int) {
	h, w := t.Dims()
	p := t.At(row, col)
	for j := range w {
		t.Set(row, j, t.At(row, j)/p)
	}
	for r := range h {
		f := t.At(r, col)
		if r == row || f == 0 {
			continue
		}
		for j := range w {
			t.Set(r, j, t.At(r, j)-f*t.At(row, j))
		}
	}
}

// basicSolution solves the basic variables of basis from m and b (the others are 0).
func basicSolution(m *mat.Dense, b []float64, basis []int, cols int) ([]float64, error) {
	rows := len(basis)
	bm := mat.NewDense(rows, rows, nil)
	for r, j := range basis {
		bm.SetCol(r, mat.Col(nil, j, m))
	}
	var xb mat.VecDense
	if err := xb.SolveVec(bm, mat.NewVecDense(rows, b)); err != nil {
		return nil, fmt.Errorf("meta: the final basis: %w", err)
	}
	v := make([]float64, cols)
	for r, j := range basis {
		v[j] = max(xb.AtVec(r), 0)
	}
	return v, nil
}
