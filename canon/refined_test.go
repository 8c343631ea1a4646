package canon

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosudoku/sudoku/generate"
)

// randomMapping returns a random transformation of a grid of order n: a
// transposition or not, band, row, stack and column permutations and a
// relabelling.
func randomMapping(r *rand.Rand, n int) Mapping {
	side := n * n
	m := Mapping{Transpose: r.IntN(2) == 1, Rows: linePermRandom(r, n), Cols: linePermRandom(r, n), Digits: make([]int, side+1)}
	for i, d := range r.Perm(side) {
		m.Digits[i+1] = d + 1
	}
	return m
}

// completeGrid returns a random complete grid of order n (the generator's,
// not the pattern grid).
func completeGrid(t *testing.T, n int, seed uint64) []int {
	t.Helper()
	g, err := generate.RandomGrid(context.Background(), n, rand.NewPCG(seed, uint64(n)))
	if err != nil {
		t.Fatal(err)
	}
	return intCells(g)
}

// blanked returns cells with each value kept with probability keep.
func blanked(r *rand.Rand, cells []int, keep float64) []int {
	out := slices.Clone(cells)
	for i := range out {
		if r.Float64() >= keep {
			out[i] = 0
		}
	}
	return out
}

// refined returns Refined's form of cells, after checking that its map
// gives it, that the inverse map gives cells back and that the form is its
// own form with the same automorphism count.
func refined(t *testing.T, cells []int, n int) GeneralForm {
	t.Helper()
	f, err := Refined(context.Background(), gridOf(t, cells, n))
	if err != nil {
		t.Fatalf("%v: %v", cells, err)
	}
	form := intCells(f.Grid)
	if m := f.Map.Apply(cells); !slices.Equal(m, form) {
		t.Fatalf("%v: map %v gives %v, not the form %v", cells, f.Map, m, form)
	}
	if back := f.Map.Inverse().Apply(form); !slices.Equal(back, cells) {
		t.Fatalf("%v: inverse map gives %v", cells, back)
	}
	again, err := Refined(context.Background(), f.Grid)
	if err != nil || !slices.Equal(intCells(again.Grid), form) || again.Automorphisms.Cmp(f.Automorphisms) != 0 {
		t.Fatalf("%v: the form's form is %v (%v automorphisms, not %v), %v", cells, again.Grid, again.Automorphisms, f.Automorphisms, err)
	}
	return f
}

// TestRefinedDisguises checks that random disguises of random complete
// grids and of puzzles made from them (near-complete to sparse) get one
// form and one automorphism count, at orders 2 to 5.
func TestRefinedDisguises(t *testing.T) {
	seeds := map[int]int{2: 40, 3: 30, 4: 8, 5: 3}
	if testing.Short() {
		seeds = map[int]int{2: 10, 3: 5, 4: 2, 5: 1}
	}
	for n := 2; n <= 5; n++ {
		r := rand.New(rand.NewPCG(uint64(n), 20))
		for seed := range seeds[n] {
			sol := completeGrid(t, n, uint64(seed))
			for _, keep := range []float64{1, 0.9, 0.6, 0.3} {
				cells := blanked(r, sol, keep)
				f := refined(t, cells, n)
				want := intCells(f.Grid)
				for range 3 {
					d := randomMapping(r, n).Apply(cells)
					g := refined(t, d, n)
					if !slices.Equal(intCells(g.Grid), want) || g.Automorphisms.Cmp(f.Automorphisms) != 0 {
						t.Fatalf("order %d seed %d keep %v: a disguise has form %v (%v), not %v (%v)", n, seed, keep, g.Grid, g.Automorphisms, f.Grid, f.Automorphisms)
					}
				}
			}
		}
	}
}

// sameClasses checks that two labellings of the same grids put them in the
// same classes: refined forms equal exactly when minlex forms are.
func sameClasses(t *testing.T, grids [][]int, minlex, refined []string) {
	t.Helper()
	toRef, toMin := map[string]string{}, map[string]string{}
	for i := range grids {
		if r, ok := toRef[minlex[i]]; ok && r != refined[i] {
			t.Fatalf("%v: equivalent to an earlier grid (minlex %s) but its refined form %s is not %s", grids[i], minlex[i], refined[i], r)
		}
		if m, ok := toMin[refined[i]]; ok && m != minlex[i] {
			t.Fatalf("%v: not equivalent to an earlier grid (minlex %s, not %s) but has its refined form %s", grids[i], minlex[i], m, refined[i])
		}
		toRef[minlex[i]], toMin[refined[i]] = refined[i], minlex[i]
	}
}

// TestRefined4 checks Refined on 4x4 grids against the slow reference that
// tries all 128 transformations: the same automorphism count, and the same
// forms exactly for the grids whose minlex forms are the same (the grids
// and disguises of them).
func TestRefined4(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 20))
	var grids [][]int
	add := func(cells []int) {
		grids = append(grids, cells)
		for range 2 {
			grids = append(grids, randomMapping(r, 2).Apply(cells))
		}
	}
	add(make([]int, 16))
	for range 300 {
		add(randomLatin(r, 2, r.Float64()))
	}
	for range 50 {
		add(randomSolution(r, 2))
	}
	var minlex, forms []string
	for _, cells := range grids {
		want, autos := refGeneral(cells, 2)
		f := refined(t, cells, 2)
		if f.Automorphisms.Int64() != int64(autos) {
			t.Fatalf("%v: %v automorphisms, want %d", cells, f.Automorphisms, autos)
		}
		minlex = append(minlex, fmt.Sprint(want))
		forms = append(forms, f.Grid.String())
	}
	sameClasses(t, grids, minlex, forms)
}

// TestRefined9 checks Refined on the 9x9 grids of testdata/grids.txt and
// disguises of them against Canon's minlex forms (themselves checked
// against the reference): the same classes and automorphism counts.
func TestRefined9(t *testing.T) { sameAsMinlex(t, 20, refined) }

// sameAsMinlex checks form on the 9x9 grids of testdata/grids.txt and a
// disguise of each (from the seed) against Canon's minlex forms: the same
// classes and automorphism counts.
func sameAsMinlex(t *testing.T, seed uint64, form func(*testing.T, []int, int) GeneralForm) {
	t.Helper()
	r := rand.New(rand.NewPCG(9, seed))
	var c Canonicalizer
	var grids [][]int
	var minlex, forms []string
	all := readGrids(t)
	if testing.Short() {
		all = all[:20]
	}
	for _, p := range all {
		cells := make([]int, 81)
		for i, v := range p {
			cells[i] = int(v)
		}
		for _, d := range [][]int{cells, randomMapping(r, 3).Apply(cells)} {
			var q [81]uint8
			for i, v := range d {
				q[i] = uint8(v)
			}
			m := mustCells(t, &c, &q, Minlex)
			f := form(t, d, 3)
			if f.Automorphisms.Int64() != int64(m.Automorphisms) {
				t.Fatalf("%v: %v automorphisms, want %d", d, f.Automorphisms, m.Automorphisms)
			}
			grids = append(grids, d)
			minlex = append(minlex, m.String())
			forms = append(forms, f.Grid.String())
		}
	}
	sameClasses(t, grids, minlex, forms)
}

// TestRefinedInequivalent checks that inequivalent grids of 16x16 and
// 25x25 get different forms: random complete grids, puzzles made from them
// and the same puzzles with one more given.
func TestRefinedInequivalent(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 20))
	seen := map[string]int{}
	for n := 4; n <= 5; n++ {
		for seed := range 3 {
			sol := completeGrid(t, n, uint64(100+seed))
			puzzle := blanked(r, sol, 0.8)
			more := slices.Clone(puzzle)
			for i, v := range more {
				if v == 0 {
					more[i] = sol[i]
					break
				}
			}
			for _, cells := range [][]int{sol, puzzle, more} {
				s := refined(t, cells, n).Grid.String()
				if i, ok := seen[s]; ok {
					t.Fatalf("order %d seed %d: grid %d has the form of grid %d", n, seed, len(seen), i)
				}
				seen[s] = len(seen)
			}
		}
	}
}

// TestRefinedErrors checks bad grids and a done context.
func TestRefinedErrors(t *testing.T) {
	cells := make([]int, 16)
	cells[0], cells[1] = 1, 1
	if _, err := Refined(context.Background(), gridOf(t, cells, 2)); err == nil {
		t.Error("a row repeating 1: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sol := completeGrid(t, 4, 1)
	if _, err := Refined(ctx, gridOf(t, sol, 4)); !errors.Is(err, context.Canceled) {
		t.Errorf("done context: %v", err)
	}
}

// FuzzRefined checks that any values of a 4x4, 9x9 or 16x16 grid give an
// error or a form that the map gives, that is its own form, and that a
// disguise of the grid has.
func FuzzRefined(f *testing.F) {
	f.Add([]byte{1, 0, 0, 2, 0, 0, 3, 0, 0, 4}, uint64(1))
	for _, s := range handful[:3] {
		p, _ := parseCells(s)
		f.Add(p[:], uint64(2))
	}
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		n := 2
		switch {
		case len(b) > 81:
			n = 4
		case len(b) > 16:
			n = 3
		}
		side := n * n
		cells := make([]int, side*side)
		for i := range cells {
			if i < len(b) {
				cells[i] = int(b[i]) % (side + 1)
			}
		}
		fm, err := Refined(context.Background(), gridOf(t, cells, n))
		if err != nil {
			return
		}
		form := intCells(fm.Grid)
		if got := fm.Map.Apply(cells); !slices.Equal(got, form) {
			t.Fatalf("%v: map gives %v, not %v", cells, got, form)
		}
		d := randomMapping(rand.New(rand.NewPCG(seed, 1)), n).Apply(cells)
		for _, g := range [][]int{form, d} {
			again, err := Refined(context.Background(), gridOf(t, g, n))
			if err != nil || !slices.Equal(intCells(again.Grid), form) || again.Automorphisms.Cmp(fm.Automorphisms) != 0 {
				t.Fatalf("%v: %v has form %v (%v), not %v (%v): %v", cells, g, again.Grid, again.Automorphisms, fm.Grid, fm.Automorphisms, err)
			}
		}
	})
}

// TestRefinedDeadline checks that Refined stops when its context is done,
// in the row-by-row search (a random 16x16 grid) and in the
// individualization-refinement search (a shuffled 16x16 pattern grid).
func TestRefinedDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, cells := range [][]int{completeGrid(t, 4, 1), randomSolution(rand.New(rand.NewPCG(1, 16)), 4)} {
		if _, err := Refined(ctx, gridOf(t, cells, 4)); !errors.Is(err, context.Canceled) {
			t.Fatalf("error %v, want the context's", err)
		}
		s := newSearch(4, 16, gridOf(t, cells, 4).Cells())
		if _, err := s.irForm(ctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("individualization-refinement: error %v, want the context's", err)
		}
	}
}

// irForm returns the individualization-refinement form of cells (Refined's
// fallback, run whatever the ties), after the checks of refined.
func irForm(t *testing.T, cells []int, n int) GeneralForm {
	t.Helper()
	g := gridOf(t, cells, n)
	s := newSearch(n, n*n, g.Cells())
	f, err := s.irForm(context.Background())
	if err != nil {
		t.Fatalf("%v: %v", cells, err)
	}
	form := intCells(f.Grid)
	if m := f.Map.Apply(cells); !slices.Equal(m, form) {
		t.Fatalf("%v: map %v gives %v, not the form %v", cells, f.Map, m, form)
	}
	if back := f.Map.Inverse().Apply(form); !slices.Equal(back, cells) {
		t.Fatalf("%v: inverse map gives %v", cells, back)
	}
	return f
}

// TestIR4 checks the individualization-refinement search on 4x4 grids
// against the slow reference: the same automorphism count, and the same
// forms exactly for the grids whose minlex forms are the same.
func TestIR4(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 21))
	var grids [][]int
	add := func(cells []int) {
		grids = append(grids, cells)
		for range 2 {
			grids = append(grids, randomMapping(r, 2).Apply(cells))
		}
	}
	add(make([]int, 16))
	add(patternGrid(2))
	for range 300 {
		add(randomLatin(r, 2, r.Float64()))
	}
	for range 50 {
		add(randomSolution(r, 2))
	}
	var minlex, forms []string
	for _, cells := range grids {
		want, autos := refGeneral(cells, 2)
		f := irForm(t, cells, 2)
		if f.Automorphisms.Int64() != int64(autos) {
			t.Fatalf("%v: %v automorphisms, want %d", cells, f.Automorphisms, autos)
		}
		minlex = append(minlex, fmt.Sprint(want))
		forms = append(forms, f.Grid.String())
	}
	sameClasses(t, grids, minlex, forms)
}

// patternGrid returns the cyclic pattern grid of order n: row r (band
// r/n, row r%n inside it) is 1..N shifted by n*(r%n) + r/n.
func patternGrid(n int) []int {
	side := n * n
	cells := make([]int, side*side)
	for r := range side {
		for c := range side {
			cells[r*side+c] = (n*(r%n)+r/n+c)%side + 1
		}
	}
	return cells
}

// TestRefinedPatterns checks Refined on shuffled pattern grids (every line
// in one class) and puzzles made from them, orders 2 to 5: disguises get
// one form and one automorphism count (at 9x9 Canon's count), and the
// form of a puzzle differs from that of the grid.
func TestRefinedPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 21))
	var c Canonicalizer
	for n := 2; n <= 5; n++ {
		base := patternGrid(n)
		for _, cells := range [][]int{base, blanked(r, base, 0.9), blanked(r, base, 0.6)} {
			f := refined(t, cells, n)
			if n == 3 {
				var q [81]uint8
				for i, v := range cells {
					q[i] = uint8(v)
				}
				if m := mustCells(t, &c, &q, Minlex); f.Automorphisms.Int64() != int64(m.Automorphisms) {
					t.Fatalf("%v: %v automorphisms, want %d", cells, f.Automorphisms, m.Automorphisms)
				}
			}
			for range 3 {
				d := randomMapping(r, n).Apply(cells)
				g := refined(t, d, n)
				if !slices.Equal(intCells(g.Grid), intCells(f.Grid)) || g.Automorphisms.Cmp(f.Automorphisms) != 0 {
					t.Fatalf("order %d: a disguise of %v has form %v (%v automorphisms), not %v (%v)", n, cells, g.Grid, g.Automorphisms, f.Grid, f.Automorphisms)
				}
			}
		}
	}
}

// TestIR9 checks the individualization-refinement search on the 9x9
// grids of testdata/grids.txt and disguises of them against Canon's
// minlex forms: the same classes and automorphism counts.
func TestIR9(t *testing.T) { sameAsMinlex(t, 21, irForm) }
