package clue

import (
	"math"
	"math/bits"
	"slices"
	"testing"

	"github.com/clockworksim/clockwork/rules/chance"
)

// smallDeal makes a random small deal (few enough cards for brute force) and its true world.
func smallDeal(r *chance.Stream) (Deal, [MaxCards]Owner) {
	var d Deal
	counts := [NumKinds]int{1 + r.Intn(3), 1 + r.Intn(3), 1 + r.Intn(4)}
	for k, n := range counts {
		for i := 0; i < n; i++ {
			d.Kind[d.Cards] = uint8(k)
			d.Cards++
		}
	}
	d.Seats = 2 + r.Intn(3)
	rest := d.Cards - NumKinds
	if d.Seats == 2 && rest >= 3 && r.Intn(2) == 0 {
		d.AsideCards = 1 + r.Intn(2)
		rest -= d.AsideCards
	}
	per := rest / d.Seats
	d.Me = -1 + r.Intn(d.Seats+1)
	// deal: envelope one of each kind, then shuffle the rest
	var world [MaxCards]Owner
	var pile [MaxCards]int
	np := 0
	start := 0
	for k, n := range counts {
		pick := start + r.Intn(n)
		world[pick] = Envelope
		for c := start; c < start+n; c++ {
			if c != pick {
				pile[np] = c
				np++
			}
		}
		start += n
		_ = k
	}
	chance.Shuffle(r, pile[:np])
	i := 0
	for ; i < d.AsideCards; i++ {
		world[pile[i]] = Aside
	}
	for s := 0; s < d.Seats; s++ {
		d.Hand[s] = per
		for j := 0; j < per; j++ {
			world[pile[i]] = Owner(s)
			i++
		}
	}
	for ; i < np; i++ {
		world[pile[i]] = Nobody
		d.FaceUp |= 1 << pile[i]
	}
	return d, world
}

// brute enumerates every assignment consistent with the facts fed to a notebook (kept in a
// fact log) and returns the possible cards per owner, the count and the per-pair counts.
type bruteFacts struct {
	hold, lack [NumOwners]uint32
	oneOf      []clause
	nand       []uint32
}

type bruteResult struct {
	poss  [NumOwners]uint32
	count uint64
	pair  [MaxCards][NumOwners]uint64
}

func brute(d Deal, f *bruteFacts) bruteResult {
	var res bruteResult
	var room [NumOwners]int
	for s := 0; s < d.Seats; s++ {
		room[s] = d.Hand[s]
	}
	room[Aside] = d.AsideCards
	var envKind [NumKinds]int
	var world [MaxCards]Owner
	var rec func(c int)
	rec = func(c int) {
		if c == d.Cards {
			var hands [NumOwners]uint32
			for i := 0; i < d.Cards; i++ {
				if world[i] != Nobody {
					hands[world[i]] |= 1 << i
				}
			}
			for o := range hands {
				if hands[o]&f.hold[o] != f.hold[o] || hands[o]&f.lack[o] != 0 {
					return
				}
			}
			for _, cl := range f.oneOf {
				if hands[cl.seat]&cl.cards == 0 {
					return
				}
			}
			for _, m := range f.nand {
				if hands[Envelope]&m == m {
					return
				}
			}
			res.count++
			for i := 0; i < d.Cards; i++ {
				if world[i] != Nobody {
					res.poss[world[i]] |= 1 << i
					res.pair[i][world[i]]++
				}
			}
			return
		}
		if d.FaceUp&(1<<c) != 0 {
			world[c] = Nobody
			rec(c + 1)
			return
		}
		k := d.Kind[c]
		if envKind[k] == 0 {
			envKind[k] = 1
			world[c] = Envelope
			rec(c + 1)
			envKind[k] = 0
		}
		for o := Owner(0); o < NumOwners; o++ {
			if o != Envelope && room[o] > 0 {
				room[o]--
				world[c] = o
				rec(c + 1)
				room[o]++
			}
		}
	}
	rec(0)
	return res
}

// observe feeds a notebook (and the brute-force log) what seat me sees of one random Rumor in
// world w; -1 me sees only the public part.
func observe(r *chance.Stream, d Deal, w *[MaxCards]Owner, n *Notebook, f *bruteFacts) {
	me := Owner(d.Me)
	var start [NumKinds]int
	var pick [NumKinds]int
	for c := 0; c < d.Cards; c++ {
		k := d.Kind[c]
		if c == 0 || d.Kind[c-1] != k {
			start[k] = c
		}
	}
	for k := 0; k < NumKinds; k++ {
		size := 0
		for c := 0; c < d.Cards; c++ {
			if int(d.Kind[c]) == k {
				size++
			}
		}
		pick[k] = start[k] + r.Intn(size)
	}
	rumor := uint32(1)<<pick[0] | 1<<pick[1] | 1<<pick[2]
	asker := Owner(r.Intn(d.Seats))
	for i := 1; i < d.Seats; i++ {
		s := (asker + Owner(i)) % Owner(d.Seats)
		var held uint32
		for c := 0; c < d.Cards; c++ {
			if rumor&(1<<c) != 0 && w[c] == s {
				held |= 1 << c
			}
		}
		if held == 0 {
			n.Lack(s, rumor)
			f.lack[s] |= rumor
			continue
		}
		if me == asker || me == s {
			c := pickBit(r, held)
			n.Hold(s, 1<<c)
			f.hold[s] |= 1 << c
		} else {
			n.HoldOneOf(s, rumor)
			f.oneOf = append(f.oneOf, clause{seat: uint8(s), cards: rumor &^ d.FaceUp})
		}
		return
	}
	if d.AsideCards > 0 && me == asker {
		var aside uint32
		for c := 0; c < d.Cards; c++ {
			if w[c] == Aside {
				aside |= 1 << c
			}
		}
		c := pickBit(r, aside)
		n.Hold(Aside, 1<<c)
		f.hold[Aside] |= 1 << c
	}
}

// wrongAccusation returns three cards, one of each kind, not all in the envelope of w, none
// face up (0 when the deal leaves no such choice after a few tries).
func wrongAccusation(r *chance.Stream, d Deal, w *[MaxCards]Owner) uint32 {
	for try := 0; try < 20; try++ {
		var m uint32
		for k := 0; k < NumKinds; k++ {
			var of uint32
			for c := 0; c < d.Cards; c++ {
				if int(d.Kind[c]) == k && d.FaceUp&(1<<c) == 0 {
					of |= 1 << c
				}
			}
			m |= 1 << pickBit(r, of)
		}
		if handOf(w, d.Cards, Envelope)&m != m {
			return m
		}
	}
	return 0
}

// pickBit returns a random set bit of m (m != 0).
func pickBit(r *chance.Stream, m uint32) int {
	i := r.Intn(bits.OnesCount32(m))
	for ; i > 0; i-- {
		m &= m - 1
	}
	return bits.TrailingZeros32(m)
}

// handOf is the cards world w gives owner o.
func handOf(w *[MaxCards]Owner, cards int, o Owner) uint32 {
	var h uint32
	for c := 0; c < cards; c++ {
		if w[c] == o {
			h |= 1 << c
		}
	}
	return h
}

// checkAgainstBrute checks every answer of n against brute force; it reports whether
// propagation alone fixed the envelope (envelopeFixed, asked first, before any search).
func checkAgainstBrute(t *testing.T, n *Notebook, d Deal, f *bruteFacts, w *[MaxCards]Owner) (fixed bool) {
	t.Helper()
	want := brute(d, f)
	if want.count == 0 {
		t.Fatalf("brute force finds no world consistent with facts of the true world")
	}
	fixed = n.envelopeFixed()
	if env := want.poss[Envelope]; fixed && bits.OnesCount32(env) != NumKinds {
		t.Fatalf("envelopeFixed with brute force envelope candidates %b", env)
	}
	if !n.Consistent() {
		t.Fatalf("notebook says inconsistent; brute force counts %d worlds", want.count)
	}
	for o := Owner(0); o < NumOwners; o++ {
		if (o < MaxSeats && int(o) >= d.Seats) || (o == Aside && d.AsideCards == 0) {
			continue
		}
		if got := n.Possible(o); got != want.poss[o] {
			t.Fatalf("Possible(%d) = %b, brute force %b", o, got, want.poss[o])
		}
		if truth := handOf(w, d.Cards, o); n.Known(o)&^truth != 0 {
			t.Fatalf("Known(%d) = %b holds a card owner %d does not (%b)", o, n.Known(o), o, truth)
		}
	}
	env := want.poss[Envelope]
	_, _, _, ok := n.Solution()
	if solved := bits.OnesCount32(env) == NumKinds; ok != solved {
		t.Fatalf("Solution ok = %v, brute force envelope candidates %b", ok, env)
	}
	count, exact := n.Count()
	if !exact || uint64(count) != want.count {
		t.Fatalf("Count = %v (exact %v), brute force %d", count, exact, want.count)
	}
	for c := 0; c < d.Cards; c++ {
		for o := Owner(0); o < NumOwners; o++ {
			wantW := float64(want.pair[c][o]) / float64(want.count)
			if got := n.Weight(c, o); math.Abs(got-wantW) > 1e-12 {
				t.Fatalf("Weight(%d, %d) = %v, brute force %v", c, o, got, wantW)
			}
		}
	}
	return fixed
}

func TestNotebookMatchesBruteForce(t *testing.T) {
	var r chance.Stream
	r.Seed(1, 0)
	games := 400
	if testing.Short() {
		games = 80
	}
	n := &Notebook{}
	fixed := 0 // positions where propagation alone fixed the envelope
	for g := 0; g < games; g++ {
		d, w := smallDeal(&r)
		n.Reset(d)
		var f bruteFacts
		if d.Me >= 0 {
			h := handOf(&w, d.Cards, Owner(d.Me))
			n.Hold(Owner(d.Me), h)
			f.hold[d.Me] |= h
		}
		if checkAgainstBrute(t, n, d, &f, &w) {
			fixed++
		}
		for step := 0; step < 8; step++ {
			observe(&r, d, &w, n, &f)
			if r.Intn(6) == 0 && len(f.nand) < MaxSeats { // a wrong accusation
				if m := wrongAccusation(&r, d, &w); m != 0 {
					n.NotAllInEnvelope(m)
					f.nand = append(f.nand, m)
				}
			}
			if r.Intn(12) == 0 { // a hand laid face up (Ganondorf)
				s := Owner(r.Intn(d.Seats))
				h := handOf(&w, d.Cards, s)
				n.Hold(s, h)
				f.hold[s] |= h
			}
			if checkAgainstBrute(t, n, d, &f, &w) {
				fixed++
			}
		}
	}
	if fixed == 0 {
		t.Fatalf("propagation never fixed the envelope: envelopeFixed untested")
	}
}

func TestNotebookFullDealNeverEntailsFalse(t *testing.T) {
	// Whole CLUE deals (21 cards, 2-6 seats), long random observation runs: the truth stays
	// possible, the solution once claimed is the envelope, and it comes for the asker.
	var r chance.Stream
	r.Seed(2, 0)
	games := 150
	if testing.Short() {
		games = 30
	}
	n := &Notebook{}
	solvedBy := 0
	for g := 0; g < games; g++ {
		seats := 2 + g%5
		d, w := fullDeal(&r, seats, g%(seats+1)-1)
		n.Reset(d)
		var f bruteFacts
		if d.Me >= 0 {
			n.Hold(Owner(d.Me), handOf(&w, d.Cards, Owner(d.Me)))
		}
		for step := 0; step < 60; step++ {
			observe(&r, d, &w, n, &f)
			for c := 0; c < d.Cards; c++ {
				if w[c] != Nobody && n.Owners(c)&(1<<w[c]) == 0 {
					t.Fatalf("game %d step %d: card %d's true owner %d ruled out", g, step, c, w[c])
				}
			}
			if h, i, l, ok := n.Solution(); ok {
				if w[h] != Envelope || w[i] != Envelope || w[l] != Envelope {
					t.Fatalf("game %d: wrong solution %d %d %d", g, h, i, l)
				}
				solvedBy++
				break
			}
		}
	}
	if solvedBy < games/3 {
		t.Errorf("only %d of %d observers solved the envelope in 60 rumors", solvedBy, games)
	}
}

// fullDeal deals the 21 CLUE cards (6 heroes, 6 items, 9 locations) to seats, as the rulebook
// does (four aside with 2 players, leftovers face up).
func fullDeal(r *chance.Stream, seats, me int) (Deal, [MaxCards]Owner) {
	var d Deal
	d.Cards, d.Seats, d.Me = 21, seats, me
	for c := 0; c < 21; c++ {
		switch {
		case c < 6:
			d.Kind[c] = KindHero
		case c < 12:
			d.Kind[c] = KindItem
		default:
			d.Kind[c] = KindLocation
		}
	}
	var w [MaxCards]Owner
	var pile [18]int
	np := 0
	env := [NumKinds]int{r.Intn(6), 6 + r.Intn(6), 12 + r.Intn(9)}
	for c := 0; c < 21; c++ {
		if c == env[0] || c == env[1] || c == env[2] {
			w[c] = Envelope
		} else {
			pile[np] = c
			np++
		}
	}
	chance.Shuffle(r, pile[:])
	i := 0
	if seats == 2 {
		d.AsideCards = 4
		for ; i < 4; i++ {
			w[pile[i]] = Aside
		}
	}
	per := (18 - i) / seats
	for s := 0; s < seats; s++ {
		d.Hand[s] = per
		for j := 0; j < per; j++ {
			w[pile[i]] = Owner(s)
			i++
		}
	}
	for ; i < 18; i++ {
		w[pile[i]] = Nobody
		d.FaceUp |= 1 << pile[i]
	}
	return d, w
}

func TestNotebookContradiction(t *testing.T) {
	var r chance.Stream
	r.Seed(3, 0)
	d, w := fullDeal(&r, 4, 0)
	for _, tc := range []struct {
		name string
		feed func(n *Notebook)
	}{
		{"held and lacked", func(n *Notebook) { n.Hold(1, 1); n.Lack(1, 1) }},
		{"two owners", func(n *Notebook) { n.Hold(1, 1<<3); n.Hold(2, 1<<3) }},
		{"too many cards", func(n *Notebook) { n.Hold(1, 0b11111) }},
		{"two heroes in the envelope", func(n *Notebook) { n.Hold(Envelope, 0b11) }},
		{"one of none", func(n *Notebook) { n.Lack(2, 0b111); n.HoldOneOf(2, 0b111) }},
		{"every location elsewhere", func(n *Notebook) {
			for c := 12; c < 21; c++ {
				n.Lack(Envelope, 1<<c)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := NewNotebook(d)
			tc.feed(n)
			if n.Consistent() {
				t.Fatalf("facts accepted as consistent")
			}
			if c, _ := n.Count(); c != 0 {
				t.Fatalf("Count = %v, want 0", c)
			}
		})
	}
	n := NewNotebook(d)
	n.Hold(0, handOf(&w, 21, 0))
	if !n.Consistent() {
		t.Fatalf("own hand alone judged inconsistent")
	}
}

func TestNotebookSampleUniform(t *testing.T) {
	// Small deals with open facts: every consistent world must come up about equally often,
	// drawn one at a time (Sample) or in batches (Samples).
	for _, batch := range []int{1, 97} {
		var r chance.Stream
		r.Seed(4, batch)
		tested := 0
		for tries := 0; tries < 200 && tested < 5; tries++ {
			d, w := smallDeal(&r)
			n := NewNotebook(d)
			var f bruteFacts
			for i := 0; i < 3; i++ {
				observe(&r, d, &w, n, &f)
			}
			worlds, _ := n.Count()
			if worlds < 4 || worlds > 60 || len(f.oneOf) == 0 {
				continue
			}
			tested++
			seen := map[World]int{}
			draws := 400 * int(worlds)
			var one World
			buf := make([]World, batch)
			for i := 0; i < draws; i += batch {
				if batch == 1 {
					if !n.Sample(&r, &one) {
						t.Fatalf("Sample found no world")
					}
					seen[one]++
					continue
				}
				m := min(batch, draws-i)
				if got := n.Samples(&r, buf[:m]); got != m {
					t.Fatalf("Samples drew %d of %d", got, m)
				}
				for _, x := range buf[:m] {
					seen[x]++
				}
			}
			if len(seen) != int(worlds) {
				t.Fatalf("sampled %d distinct worlds, Count says %v", len(seen), worlds)
			}
			chi := 0.0
			for world, k := range seen {
				checkWorld(t, d, &f, &world)
				diff := float64(k) - 400
				chi += diff * diff / 400
			}
			// chi-square with worlds-1 degrees of freedom: mean worlds-1, sd sqrt(2(worlds-1))
			if limit := worlds - 1 + 6*math.Sqrt(2*(worlds-1)); chi > limit {
				t.Fatalf("batch %d: chi-square %v over %v worlds exceeds %v", batch, chi, worlds, limit)
			}
		}
		if tested < 5 {
			t.Fatalf("found only %d small cases with open facts", tested)
		}
	}
}

// checkWorld fails when world breaks a fact or a count.
func checkWorld(t *testing.T, d Deal, f *bruteFacts, world *World) {
	t.Helper()
	var hands [NumOwners]uint32
	for c := 0; c < d.Cards; c++ {
		if (world[c] == Nobody) != (d.FaceUp&(1<<c) != 0) {
			t.Fatalf("card %d: owner %d, face up %v", c, world[c], d.FaceUp&(1<<c) != 0)
		}
		if world[c] != Nobody {
			hands[world[c]] |= 1 << c
		}
	}
	for s := 0; s < d.Seats; s++ {
		if bits.OnesCount32(hands[s]) != d.Hand[s] {
			t.Fatalf("seat %d holds %d cards, want %d", s, bits.OnesCount32(hands[s]), d.Hand[s])
		}
	}
	for o := range hands {
		if hands[o]&f.hold[o] != f.hold[o] || hands[o]&f.lack[o] != 0 {
			t.Fatalf("owner %d breaks a hold or lack fact", o)
		}
	}
	for _, cl := range f.oneOf {
		if hands[cl.seat]&cl.cards == 0 {
			t.Fatalf("seat %d holds none of %b", cl.seat, cl.cards)
		}
	}
	for _, m := range f.nand {
		if hands[Envelope]&m == m {
			t.Fatalf("the envelope holds all of %b", m)
		}
	}
}

func TestNotebookAllocatesNothing(t *testing.T) {
	var r chance.Stream
	r.Seed(5, 0)
	d, w := fullDeal(&r, 4, 1)
	n := NewNotebook(d)
	var f bruteFacts
	var dst World
	allocs := testing.AllocsPerRun(20, func() {
		n.Reset(d)
		n.Hold(1, handOf(&w, 21, 1))
		for i := 0; i < 10; i++ {
			observe(&r, d, &w, n, &f)
			n.Possible(Envelope)
			n.Weight(0, 2)
			n.Sample(&r, &dst)
		}
		f.oneOf = f.oneOf[:0]
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run, want 0", allocs)
	}
}

func BenchmarkNotebook(b *testing.B) {
	b.ReportAllocs()
	var r chance.Stream
	r.Seed(6, 0)
	for _, seats := range []int{3, 4, 6} {
		d, w := fullDeal(&r, seats, 0)
		n := NewNotebook(d)
		var f bruteFacts
		b.Run(string(rune('0'+seats))+"p", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				n.Reset(d)
				n.Hold(0, handOf(&w, 21, 0))
				for step := 0; step < 15; step++ {
					observe(&r, d, &w, n, &f)
					n.Possible(Envelope)
					n.Count()
				}
				f.oneOf = f.oneOf[:0]
			}
		})
	}
}

func TestNotebookIncompleteStaysSound(t *testing.T) {
	// More wrong accusations than seats: the extra one is left out, the notebook says so, and
	// what it entails stays true.
	var r chance.Stream
	r.Seed(8, 0)
	d, w := fullDeal(&r, 3, 0)
	n := NewNotebook(d)
	n.Hold(0, handOf(&w, 21, 0))
	added := 0
	for try := 0; try < 200 && added <= MaxSeats; try++ {
		if m := wrongAccusation(&r, d, &w); m != 0 {
			n.NotAllInEnvelope(m)
			added++
		}
	}
	if !n.Incomplete() {
		t.Fatalf("%d wrong accusations kept without a word", added)
	}
	for c := 0; c < 21; c++ {
		if w[c] != Nobody && n.Owners(c)&(1<<w[c]) == 0 {
			t.Fatalf("card %d's true owner ruled out", c)
		}
	}
}

func TestSortDrawsSorts(t *testing.T) {
	// sortDraws must order any draw as a plain sort does: every size up to MaxWorlds, totals
	// from 1 to near 2^64 (shift 0 and shifts past the draws' bits), repeated numbers.
	var r chance.Stream
	r.Seed(3, 4)
	var tmp [MaxWorlds]uint64
	for _, total := range []uint64{1, 2, 7, 64, 100, 1 << 20, 123456789, 1<<63 + 5, math.MaxUint64} {
		for n := 0; n <= MaxWorlds; n++ {
			xs := make([]uint64, n)
			for i := range xs {
				xs[i] = r.Uint64() % total
			}
			want := slices.Clone(xs)
			slices.Sort(want)
			sortDraws(xs, tmp[:n], total)
			if !slices.Equal(xs, want) {
				t.Fatalf("total %d, %d draws: %v, want %v", total, n, xs, want)
			}
		}
	}
}

func TestSamplesKeepTheFirstWorldsInTheirOrder(t *testing.T) {
	// Samples keeps the first keptWitnesses worlds of dst, in dst's (shuffled) order, as the
	// next kept assignments: which ones are kept decides which a later deduction can skip, and
	// through it the rest of the game, so it must not depend on how the draws are walked.
	var r chance.Stream
	for trial := 0; trial < 200; trial++ {
		r.Seed(uint64(trial), 9)
		d, _ := smallDeal(&r)
		n := NewNotebook(d)
		var ws [keptWitnesses + 9]World
		for round, size := range []int{keptWitnesses, 7, len(ws)} {
			before := n.nKept
			got := n.Samples(&r, ws[:size])
			if got == 0 {
				t.Fatalf("trial %d: no world drawn", trial)
			}
			kept := min(got, keptWitnesses)
			if n.nKept != before+kept {
				t.Fatalf("trial %d: %d worlds kept, want %d", trial, n.nKept-before, kept)
			}
			for i := 0; i < kept; i++ {
				slots := &n.kept[(before+i)%keptWitnesses]
				for m := n.unknown; m != 0; m &= m - 1 {
					c := bits.TrailingZeros32(m)
					if o := ownerOfSlot(int(slots[c])); o != ws[i][c] {
						t.Fatalf("trial %d round %d: kept world %d puts card %d with %d, the drawn world with %d", trial, round, i, c, o, ws[i][c])
					}
				}
			}
		}
	}
}
