package canon

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku"
)

// linePerms returns every permutation of the n*n lines of a grid of order
// n that keeps bands whole: the band order, then the order inside each.
func linePerms(n int) [][]int {
	perms := allPermsOf(n)
	var out [][]int
	var rec func(bands []int, inside [][]int)
	rec = func(bands []int, inside [][]int) {
		if len(inside) == n {
			p := make([]int, 0, n*n)
			for b, band := range bands {
				for _, x := range inside[b] {
					p = append(p, band*n+x)
				}
			}
			out = append(out, p)
			return
		}
		for _, q := range perms {
			rec(bands, append(inside, q))
		}
	}
	for _, bands := range perms {
		rec(bands, nil)
	}
	return out
}

// refGeneral is the slow reference for General: every transposition, row
// and column permutation of linePerms, each relabelled in order of first
// appearance; the smallest string and the number of transformations that
// give it.
func refGeneral(cells []int, n int) ([]int, int) {
	side := n * n
	lines := linePerms(n)
	var best []int
	autos := 0
	cand := make([]int, side*side)
	for t := range 2 {
		for _, rows := range lines {
			for _, cols := range lines {
				label := make([]int, side+1)
				next := 1
				for r := range side {
					for c := range side {
						i := rows[r]*side + cols[c]
						if t == 1 {
							i = cols[c]*side + rows[r]
						}
						v := cells[i]
						if v != 0 && label[v] == 0 {
							label[v] = next
							next++
						}
						cand[r*side+c] = label[v]
					}
				}
				switch cmp := slices.Compare(cand, best); {
				case best == nil || cmp < 0:
					best, autos = slices.Clone(cand), 1
				case cmp == 0:
					autos++
				}
			}
		}
	}
	return best, autos
}

// randomLatin returns a grid of order n with about fill of its cells given
// at random, no row or column repeating a value (boxes may).
func randomLatin(r *rand.Rand, n int, fill float64) []int {
	side := n * n
	cells := make([]int, side*side)
	for i := range cells {
		if r.Float64() >= fill {
			continue
		}
		v := 1 + r.IntN(side)
		ok := true
		for j := range side {
			if cells[i/side*side+j] == v || cells[j*side+i%side] == v {
				ok = false
			}
		}
		if ok {
			cells[i] = v
		}
	}
	return cells
}

// randomSolution returns a random complete grid of order n: the pattern
// grid shuffled.
func randomSolution(r *rand.Rand, n int) []int {
	side := n * n
	rows, cols := linePermRandom(r, n), linePermRandom(r, n)
	digits := r.Perm(side)
	out := make([]int, side*side)
	for i := range out {
		a, b := rows[i/side], cols[i%side]
		out[i] = digits[(a%n*n+a/n+b)%side] + 1
	}
	return out
}

func linePermRandom(r *rand.Rand, n int) []int {
	p := make([]int, 0, n*n)
	for _, b := range r.Perm(n) {
		for _, x := range r.Perm(n) {
			p = append(p, b*n+x)
		}
	}
	return p
}

func gridOf(t *testing.T, cells []int, n int) *sudoku.Grid {
	t.Helper()
	g, err := sudoku.New(n)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range cells {
		if err := g.SetCell(i, v); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func intCells(g *sudoku.Grid) []int {
	out := make([]int, len(g.Cells()))
	for i, v := range g.Cells() {
		out[i] = int(v)
	}
	return out
}

// checkGeneral checks General's form of cells against want (and autos if
// not 0), that its map gives it and the inverse map gives cells back.
func checkGeneral(t *testing.T, cells []int, n int, want []int, autos int) {
	t.Helper()
	f, err := General(context.Background(), gridOf(t, cells, n))
	if err != nil {
		t.Fatalf("%v: %v", cells, err)
	}
	got := intCells(f.Grid)
	if want != nil && !slices.Equal(got, want) {
		t.Errorf("%v:\n got %v\nwant %v", cells, got, want)
	}
	if autos != 0 && f.Automorphisms.Int64() != int64(autos) {
		t.Errorf("%v: %v automorphisms, want %d", cells, f.Automorphisms, autos)
	}
	if m := f.Map.Apply(cells); !slices.Equal(m, got) {
		t.Errorf("%v: map %v gives %v, not the form", cells, f.Map, m)
	}
	if back := f.Map.Inverse().Apply(got); !slices.Equal(back, cells) {
		t.Errorf("%v: inverse map gives %v", cells, back)
	}
}

// TestGeneral4 checks General on 4x4 grids against every one of the 128
// transformations.
func TestGeneral4(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	grids := [][]int{make([]int, 16)}
	for range 300 {
		grids = append(grids, randomLatin(r, 2, r.Float64()))
	}
	for range 50 {
		grids = append(grids, randomSolution(r, 2))
	}
	for _, cells := range grids {
		want, autos := refGeneral(cells, 2)
		checkGeneral(t, cells, 2, want, autos)
	}
}

// TestGeneral9 checks that General gives the 9x9 form of Cells (itself
// checked against the reference) on the puzzles of testdata/grids.txt and
// 5 of its complete grids (all with -long; a complete grid takes General
// some 0.2 s).
func TestGeneral9(t *testing.T) {
	var grids [][81]uint8
	full := 0
	for _, p := range readGrids(t) {
		if slices.Contains(p[:], 0) || *long || full < 5 {
			grids = append(grids, p)
		}
		if !slices.Contains(p[:], 0) {
			full++
		}
	}
	if testing.Short() {
		grids = grids[:20]
	}
	var c Canonicalizer
	for _, p := range grids {
		cells := make([]int, 81)
		for i, v := range p {
			cells[i] = int(v)
		}
		f := mustCells(t, &c, &p, Minlex)
		want := make([]int, 81)
		for i, v := range f.Cells {
			want[i] = int(v)
		}
		checkGeneral(t, cells, 3, want, f.Automorphisms)
	}
}

// TestGeneral16 checks 16x16 puzzles: random transformations of a puzzle
// give the same form and automorphism count.
func TestGeneral16(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 16))
	for range 5 {
		sol := randomSolution(r, 4)
		cells := slices.Clone(sol)
		for i := range cells {
			if r.IntN(3) != 0 {
				cells[i] = 0
			}
		}
		f, err := General(context.Background(), gridOf(t, cells, 4))
		if err != nil {
			t.Fatal(err)
		}
		want := intCells(f.Grid)
		for range 3 {
			m := Mapping{Transpose: r.IntN(2) == 1, Rows: linePermRandom(r, 4), Cols: linePermRandom(r, 4), Digits: append([]int{0}, r.Perm(16)...)}
			for d := 1; d <= 16; d++ {
				m.Digits[d]++
			}
			checkGeneral(t, m.Apply(cells), 4, want, int(f.Automorphisms.Int64()))
		}
	}
}

// FuzzGeneral checks that any 4x4 or 9x9 values give an error or a form
// that the map gives, that is its own form, and (9x9) that Cells agrees.
func FuzzGeneral(f *testing.F) {
	f.Add([]byte{1, 0, 0, 2, 0, 0, 3, 0, 0, 4})
	for _, s := range handful[:2] {
		p, _ := parseCells(s)
		f.Add(p[:])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n := 2
		if len(b) > 16 {
			n = 3
		}
		side := n * n
		cells := make([]int, side*side)
		for i := range cells {
			if i < len(b) {
				cells[i] = int(b[i]) % (side + 1)
			}
		}
		g := gridOf(t, cells, n)
		fm, err := General(context.Background(), g)
		if err != nil {
			return
		}
		form := intCells(fm.Grid)
		if got := fm.Map.Apply(cells); !slices.Equal(got, form) {
			t.Fatalf("%v: map gives %v, not %v", cells, got, form)
		}
		again, err := General(context.Background(), fm.Grid)
		if err != nil || !slices.Equal(intCells(again.Grid), form) || again.Automorphisms.Cmp(fm.Automorphisms) != 0 {
			t.Fatalf("%v: the form's form is %v (%v), %v", cells, again.Grid, again.Automorphisms, err)
		}
		if n == 3 {
			var p [81]uint8
			for i, v := range cells {
				p[i] = uint8(v)
			}
			var c Canonicalizer
			cf, err := c.Cells(&p, Minlex)
			if err != nil || cf.Automorphisms != int(fm.Automorphisms.Int64()) {
				t.Fatalf("%v: Cells gives %v (%d), %v", cells, cf, cf.Automorphisms, err)
			}
			for i, v := range cf.Cells {
				if int(v) != form[i] {
					t.Fatalf("%v: Cells gives %v, General %v", cells, cf, form)
				}
			}
		}
	})
}

// TestGeneralMemoryBound: a complete grid of 16x16 to 36x36, whose first
// row ties under every column order, is refused by General with an error
// naming the bound, in bounded memory: the extensions are counted before
// they are built (issue 32, High 2). Before, it built 262,144 partial
// transformations first: 170 MB at 16x16, 290 MB at 36x36 (peak RSS of
// canon -minlex), 630 MB at 64x64.
func TestGeneralMemoryBound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{4, 5, 6} {
		g, err := sudoku.FromValues(n, randomSolution(r, n))
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err = General(context.Background(), g)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "past the bound") {
			t.Errorf("a complete %dx%d grid: %v, want an error naming the bound", n*n, n*n, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
			t.Errorf("a complete %dx%d grid: %d MB allocated before refusing, want under 32", n*n, n*n, alloc>>20)
		}
	}
}
