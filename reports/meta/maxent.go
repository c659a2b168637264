package meta

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
)

// The barrier method's schedule: the barrier's weight 1/t shrinks tenfold a round until
// (inequalities)/t, the bound on how far the entropy is from its maximum, is below
// barrierGap; newtonDone is the Newton decrement (half its square) that ends a round.
const (
	barrierGap = 1e-11
	newtonDone = 1e-12
)

// face is the polytope of Solve's step 2 in the coordinates of its equalities' null space:
// the mixes p = p0 + N·y over the support (p > 0), with u = -C·p > 0 for the entrants off it.
type face struct {
	p0 []float64  // a mix strictly inside, over the support
	n  *mat.Dense // k x d: a basis of the null space of [A on the support; 1 1 ... 1]
	c  *mat.Dense // m x k: the rows of A of the entrants off the support, its columns
}

// maxEntropy returns the mix of maximum entropy among the equilibria on support, given p0, an
// equilibrium that plays every entrant of the support and beats every other strictly (Solve).
func maxEntropy(a [][]float64, support []bool, p0 []float64) ([]float64, error) {
	var in, off []int
	for j, s := range support {
		if s {
			in = append(in, j)
		} else {
			off = append(off, j)
		}
	}
	f := face{p0: make([]float64, len(in)), n: nullSpace(a, in)}
	if f.n == nil { // a single equilibrium
		return p0, nil
	}
	for r, j := range in {
		f.p0[r] = p0[j]
	}
	if len(off) > 0 {
		f.c = mat.NewDense(len(off), len(in), nil)
		for r, i := range off {
			for col, j := range in {
				f.c.Set(r, col, a[i][j])
			}
		}
	}
	_, d := f.n.Dims()
	y := make([]float64, d)
	for t := 1.0; ; t *= 10 {
		if err := f.center(y, t); err != nil {
			return nil, err
		}
		if float64(len(off))/t < barrierGap {
			break
		}
	}
	p, _ := f.at(y)
	out := make([]float64, len(p0))
	var sum float64
	for r, j := range in {
		out[j] = max(p[r], 0)
		sum += out[j]
	}
	for j := range out {
		out[j] /= sum
	}
	return out, nil
}

// nullSpace returns a basis (as columns) of the mixes' directions that keep A·p = 0 on the
// entrants in and the sum of p: the null space of [A restricted to in; 1 ... 1], from its
// singular value decomposition (singular values below Tol, relative to the largest, are 0).
// Nil when it is {0}.
func nullSpace(a [][]float64, in []int) *mat.Dense {
	k := len(in)
	if k < 2 {
		return nil
	}
	e := mat.NewDense(k+1, k, nil)
	for r, i := range in {
		for c, j := range in {
			e.Set(r, c, a[i][j])
		}
		e.Set(k, r, 1)
	}
	var svd mat.SVD
	if !svd.Factorize(e, mat.SVDFull) {
		return nil
	}
	values := svd.Values(nil)
	var v mat.Dense
	svd.VTo(&v)
	var cols []int
	for c, s := range values {
		if s <= Tol*math.Max(1, values[0]) {
			cols = append(cols, c)
		}
	}
	if len(cols) == 0 {
		return nil
	}
	basis := mat.NewDense(k, len(cols), nil)
	for c, col := range cols {
		for r := range k {
			basis.Set(r, c, v.At(r, col))
		}
	}
	return basis
}

// at returns the mix p = p0 + N·y over the support and the slacks u = -C·p off it.
func (f *face) at(y []float64) (p, u []float64) {
	var pv mat.VecDense
	pv.MulVec(f.n, mat.NewVecDense(len(y), y))
	p = make([]float64, len(f.p0))
	for r := range p {
		p[r] = f.p0[r] + pv.AtVec(r)
	}
	if f.c != nil {
		var uv mat.VecDense
		uv.MulVec(f.c, mat.NewVecDense(len(p), p))
		u = make([]float64, uv.Len())
		for r := range u {
			u[r] = -uv.AtVec(r)
		}
	}
	return p, u
}

// value is the barrier objective at weight t: t·sum(p log p) - sum(log u); +Inf outside the
// face's interior.
func value(t float64, p, u []float64) float64 {
	var v float64
	for _, x := range p {
		if x <= 0 {
			return math.Inf(1)
		}
		v += t * x * math.Log(x)
	}
	for _, x := range u {
		if x <= 0 {
			return math.Inf(1)
		}
		v -= math.Log(x)
	}
	return v
}

// derivatives are the barrier objective's gradient and Hessian in y at the mix p (slacks u):
// N'·g and N'·H·N for g = t(log p + 1) + C'(1/u), H = t·diag(1/p) + C'·diag(1/u²)·C.
func (f *face) derivatives(t float64, p, u []float64) (*mat.VecDense, *mat.SymDense) {
	k := len(p)
	g := mat.NewVecDense(k, nil)
	h := mat.NewDense(k, k, nil)
	for r, x := range p {
		g.SetVec(r, t*(math.Log(x)+1))
		h.Set(r, r, t/x)
	}
	for j, s := range u {
		for r := range k {
			cr := f.c.At(j, r)
			g.SetVec(r, g.AtVec(r)+cr/s)
			for c := range k {
				h.Set(r, c, h.At(r, c)+cr*f.c.At(j, c)/(s*s))
			}
		}
	}
	var gy mat.VecDense
	gy.MulVec(f.n.T(), g)
	var hn, hy mat.Dense
	hn.Mul(h, f.n)
	hy.Mul(f.n.T(), &hn)
	d := gy.Len()
	sym := mat.NewSymDense(d, nil)
	for r := range d {
		for c := r; c < d; c++ {
			sym.SetSym(r, c, (hy.At(r, c)+hy.At(c, r))/2)
		}
	}
	return &gy, sym
}

// center moves y to the minimum of the barrier objective at weight t by Newton's method with
// a backtracking line search, in place; it stops when the Newton decrement is negligible or
// no step improves the objective (the precision of the numbers).
func (f *face) center(y []float64, t float64) error {
	for range 200 {
		p, u := f.at(y)
		g, h := f.derivatives(t, p, u)
		var chol mat.Cholesky
		if !chol.Factorize(h) {
			return errors.New("meta: the entropy's Hessian is not positive definite")
		}
		var step mat.VecDense
		var cond mat.Condition // near the bound the barrier's Hessian is ill-conditioned: the step still serves
		if err := chol.SolveVecTo(&step, g); err != nil && !errors.As(err, &cond) {
			return err
		}
		dec := mat.Dot(g, &step) // the Newton decrement squared
		if dec/2 <= newtonDone {
			return nil
		}
		v := value(t, p, u)
		next := make([]float64, len(y))
		for s := 1.0; ; s /= 2 {
			if s < 1e-20 {
				return nil
			}
			for i := range y {
				next[i] = y[i] - s*step.AtVec(i)
			}
			pn, un := f.at(next)
			if value(t, pn, un) <= v-0.25*s*dec {
				break
			}
		}
		copy(y, next)
	}
	return nil
}
