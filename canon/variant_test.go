package canon

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/variant"
)

// refElem is an element of the reference groups: target cell (r, c) comes
// from source cell src(r, c).
type refElem func(r, c int) (int, int)

// refGroup returns the elements of the classic group of order k (every
// transposition and row and column permutation of linePerms) that map each
// set of sets to a set of the same kind: the reference for Variant on
// boxes.
func refGroup(k int, sets [][]int, kinds []int) []refElem {
	n := k * k
	key := map[[2]uint64]int{}
	for i, s := range sets {
		key[bitsOf(s)] = kinds[i]
	}
	var out []refElem
	lines := linePerms(k)
	inv := make([][]int, len(lines))
	for i, p := range lines {
		inv[i] = make([]int, n)
		for x, y := range p {
			inv[i][y] = x
		}
	}
	for t := range 2 {
		for a, p := range lines {
			for b, q := range lines {
				ok := true
				for i, s := range sets {
					var img [2]uint64
					for _, x := range s {
						r, c := inv[a][x/n], inv[b][x%n]
						if t == 1 {
							r, c = inv[a][x%n], inv[b][x/n]
						}
						img[(r*n+c)/64] |= 1 << ((r*n + c) % 64)
					}
					if kind, in := key[img]; !in || kind != kinds[i] {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				out = append(out, func(r, c int) (int, int) {
					if t == 1 {
						return q[c], p[r]
					}
					return p[r], q[c]
				})
			}
		}
	}
	return out
}

// bitsOf returns the cells s (below 128) as a bit set.
func bitsOf(s []int) [2]uint64 {
	var b [2]uint64
	for _, x := range s {
		b[x/64] |= 1 << (x % 64)
	}
	return b
}

// keeps reports whether e maps every set to a set of its kind.
func keeps(e refElem, n int, sets [][]int, kinds []int, key map[string]int, in []int) bool {
	for i, s := range sets {
		for j := range in {
			in[j] = 0
		}
		for _, x := range s {
			in[x] = 1
		}
		var img []int
		for r := range n {
			for c := range n {
				sr, sc := e(r, c)
				if in[sr*n+sc] == 1 {
					img = append(img, r*n+c)
				}
			}
		}
		if kind, ok := key[setKey(img)]; !ok || kind != kinds[i] {
			return false
		}
	}
	return true
}

// refSquare returns the 8 symmetries of the square that keep the sets.
func refSquare(n int, sets [][]int, kinds []int) []refElem {
	key := map[string]int{}
	for i, s := range sets {
		key[setKey(s)] = kinds[i]
	}
	all := []refElem{
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return c, n - 1 - r },
		func(r, c int) (int, int) { return n - 1 - r, n - 1 - c },
		func(r, c int) (int, int) { return n - 1 - c, r },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return n - 1 - c, n - 1 - r },
		func(r, c int) (int, int) { return n - 1 - r, c },
		func(r, c int) (int, int) { return r, n - 1 - c },
	}
	var out []refElem
	in := make([]int, n*n)
	for _, e := range all {
		if keeps(e, n, sets, kinds, key, in) {
			out = append(out, e)
		}
	}
	return out
}

// refVariant returns the smallest (layout, givens) over the elements, both
// relabelled in order of first appearance, and the number of elements
// that give it. With fixed the givens are not relabelled but kept or
// reversed (v to n+1-v), and the elements count twice, once per way.
func refVariant(elems []refElem, n int, regions, givens []int, fixed bool) ([]int, []int, int) {
	var bestReg, bestGiv []int
	autos := 0
	ways := []int{0}
	if fixed {
		ways = []int{1, 2}
	}
	for _, e := range elems {
		for _, way := range ways {
			reg, giv := make([]int, n*n), make([]int, n*n)
			rl, gl := map[int]int{}, map[int]int{0: 0}
			for r := range n {
				for c := range n {
					sr, sc := e(r, c)
					x, v := regions[sr*n+sc], givens[sr*n+sc]
					if _, ok := rl[x]; !ok {
						rl[x] = len(rl)
					}
					if _, ok := gl[v]; !ok {
						gl[v] = len(gl)
					}
					reg[r*n+c], giv[r*n+c] = rl[x], gl[v]
					switch {
					case way == 1:
						giv[r*n+c] = v
					case way == 2 && v != 0:
						giv[r*n+c] = n + 1 - v
					case way == 2:
						giv[r*n+c] = 0
					}
				}
			}
			cmp := -1
			if bestReg != nil {
				if cmp = slices.Compare(reg, bestReg); cmp == 0 {
					cmp = slices.Compare(giv, bestGiv)
				}
			}
			switch cmp {
			case -1:
				bestReg, bestGiv, autos = reg, giv, 1
			case 0:
				autos++
			}
		}
	}
	return bestReg, bestGiv, autos
}

// ruleSets returns the cell sets of p's diagonals and windows and their
// kinds, computed from package variant's own description.
func ruleSets(p *variant.Puzzle) ([][]int, []int) {
	n := p.Size
	var sets [][]int
	var kinds []int
	for _, r := range p.Rules {
		switch r := r.(type) {
		case variant.Diagonal:
			var s []int
			for i := range n {
				if r.Positive {
					s = append(s, i*n+n-1-i)
				} else {
					s = append(s, i*n+i)
				}
			}
			slices.Sort(s)
			sets, kinds = append(sets, s), append(kinds, 0)
		case variant.Windoku:
			k := 2
			for k*k < n {
				k++
			}
			for _, w := range windokuWindows(k) {
				sets, kinds = append(sets, w), append(kinds, 1)
			}
		case variant.AntiKing, variant.AntiKnight:
			// Every pair of cells a diagonal step (a knight's move) apart.
			kind, near, far := 2, 1, 1
			if _, ok := r.(variant.AntiKnight); ok {
				kind, near, far = 3, 1, 2
			}
			for a := range n * n {
				for b := a + 1; b < n*n; b++ {
					dr, dc := abs(a/n-b/n), abs(a%n-b%n)
					if dr == near && dc == far || dr == far && dc == near {
						sets, kinds = append(sets, []int{a, b}), append(kinds, kind)
					}
				}
			}
		case variant.NonConsecutive:
			for a := range n * n {
				for b := a + 1; b < n*n; b++ {
					if abs(a/n-b/n)+abs(a%n-b%n) == 1 {
						sets, kinds = append(sets, []int{a, b}), append(kinds, 5)
					}
				}
			}
		case variant.Disjoint:
			k := 2
			for k*k < n {
				k++
			}
			for i := range k {
				for j := range k {
					var s []int
					for x := range n * n {
						if x/n%k == i && x%n%k == j {
							s = append(s, x)
						}
					}
					sets, kinds = append(sets, s), append(kinds, 4)
				}
			}
		}
	}
	return sets, kinds
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkVariant checks Variant's form of p against the reference group.
func checkVariant(t *testing.T, p *variant.Puzzle, elems []refElem) {
	t.Helper()
	f, err := Variant(context.Background(), p)
	if err != nil {
		t.Fatalf("%v: %v", p.Rules, err)
	}
	n := p.Size
	fixed := slices.ContainsFunc(p.Rules, func(r variant.Rule) bool { return r == variant.NonConsecutive{} })
	wantReg, wantGiv, autos := refVariant(elems, n, p.Regions, p.Givens, fixed)
	if !slices.Equal(f.Puzzle.Givens, wantGiv) || !slices.Equal(f.Puzzle.Regions, wantReg) || f.Automorphisms != autos {
		t.Errorf("%v %v:\n got %v %v, %d automorphisms\nwant %v %v, %d", p.Rules, p.Givens, f.Puzzle.Givens, f.Puzzle.Regions, f.Automorphisms, wantGiv, wantReg, autos)
	}
	if got := f.Map.Apply(p.Givens); !slices.Equal(got, f.Puzzle.Givens) {
		t.Errorf("%v %v: the map gives %v", p.Rules, p.Givens, got)
	}
}

var (
	xRules       = []variant.Rule{variant.Diagonal{}, variant.Diagonal{Positive: true}}
	windokuRules = []variant.Rule{variant.Windoku{}}
)

// TestVariantBoxes checks X, one diagonal, windoku and both on 4x4 and
// 9x9 puzzles against the elements of the classic group that keep them.
func TestVariantBoxes(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	grids := readGrids(t)
	for _, rules := range [][]variant.Rule{
		xRules,
		{variant.Diagonal{Positive: true}},
		windokuRules,
		append(slices.Clone(xRules), variant.Windoku{}),
		{variant.AntiKing{}},
		{variant.AntiKnight{}},
		{variant.Disjoint{}},
		{variant.AntiKing{}, variant.Disjoint{}},
		append(slices.Clone(xRules), variant.AntiKnight{}),
		{variant.Windoku{}, variant.Disjoint{}},
		{variant.NonConsecutive{}},
		{variant.NonConsecutive{}, variant.Disjoint{}},
	} {
		for _, k := range []int{2, 3} {
			if k == 3 && testing.Short() {
				continue
			}
			n := k * k
			p := variant.New(n)
			p.Rules = rules
			sets, kinds := ruleSets(p)
			elems := refGroup(k, sets, kinds)
			for i := range 40 {
				if k == 2 {
					p.Givens = randomLatin(r, 2, r.Float64())
				} else {
					for c, v := range grids[i*len(grids)/40] {
						p.Givens[c] = int(v)
					}
				}
				checkVariant(t, p, elems)
			}
			if k == 3 && slices.Equal(rules, xRules) && len(elems) != 96 {
				t.Errorf("9x9 X: %d symmetries, want 96", len(elems))
			}
			if k == 3 && len(rules) == 1 && rules[0] == (variant.Disjoint{}) && len(elems) != 2*36*36 {
				t.Errorf("9x9 disjoint groups: %d symmetries, want 2 x 36 x 36", len(elems))
			}
			if k == 3 && len(rules) == 1 && (rules[0] == (variant.AntiKing{}) || rules[0] == (variant.AntiKnight{})) && len(elems) != 8 {
				t.Errorf("9x9 %v: %d symmetries, want 8", rules[0], len(elems))
			}
		}
	}
}

// TestVariantJigsaw checks generated jigsaws (with diagonals and windows)
// against the 8 symmetries of the square, and that a rotated and
// relabelled jigsaw has the same form.
func TestVariantJigsaw(t *testing.T) {
	ctx := context.Background()
	for _, fam := range []string{"jigsaw", "jigsaw,x", "jigsaw,windoku"} {
		spec, err := variant.ParseSpec(fam, 9)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(3) {
			gen, err := variant.Generate(ctx, spec, seed)
			if err != nil {
				t.Fatal(err)
			}
			p := gen.Puzzle
			sets, kinds := ruleSets(p)
			checkVariant(t, p, refSquare(9, sets, kinds))
			for _, extra := range []variant.Rule{variant.AntiKing{}, variant.AntiKnight{}, variant.NonConsecutive{}} {
				q := p.Clone()
				q.Rules = append(slices.Clone(q.Rules), extra)
				sets, kinds := ruleSets(q)
				checkVariant(t, q, refSquare(9, sets, kinds))
			}
			f, _ := Variant(ctx, p)
			// Rotate a quarter turn and relabel.
			q := p.Clone()
			for i := range 81 {
				r, c := i/9, i%9
				j := c*9 + 8 - r
				q.Regions[j] = (p.Regions[i] + 4) % 9
				if v := p.Givens[i]; v != 0 {
					q.Givens[j] = 10 - v
				} else {
					q.Givens[j] = 0
				}
			}
			g, err := Variant(ctx, q)
			if err != nil || !slices.Equal(g.Puzzle.Givens, f.Puzzle.Givens) || !slices.Equal(g.Puzzle.Regions, f.Puzzle.Regions) {
				t.Errorf("%s seed %d: the rotated puzzle's form differs (%v)", fam, seed, err)
			}
		}
	}
}

func TestVariantErrors(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		p    *variant.Puzzle
		want string
	}{
		{&variant.Puzzle{Size: 9, Givens: make([]int, 81), Regions: variant.Boxes(9, 3, 3), Rules: []variant.Rule{variant.Kropki{}}}, `rule "kropki"`},
		{&variant.Puzzle{Size: 6, Givens: make([]int, 36), Regions: variant.Boxes(6, 2, 3)}, "2x3 boxes"},
		{&variant.Puzzle{Size: 5, Givens: make([]int, 25)}, "Latin square"},
		{&variant.Puzzle{Size: 16, Givens: make([]int, 256), Regions: variant.Boxes(16, 4, 4), Rules: windokuRules}, "windoku on a 16x16 grid"},
		{&variant.Puzzle{Size: 4, Givens: []int{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, Regions: variant.Boxes(4, 2, 2), Rules: xRules}, "row 1 holds 1 twice"},
	} {
		if _, err := Variant(ctx, tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.p.Rules, err, tc.want)
		}
	}
	// 16x16 X works.
	p := variant.New(16)
	p.Rules = xRules
	p.Givens[1], p.Givens[40] = 3, 7
	f, err := Variant(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Map.Apply(p.Givens); !slices.Equal(got, f.Puzzle.Givens) {
		t.Errorf("16x16 X: the map gives %v", got)
	}
}

// TestMirroredCount: mirroredCount counts what mirroredLines builds.
func TestMirroredCount(t *testing.T) {
	for k := 2; k <= 4; k++ {
		if got, want := mirroredCount(k), len(mirroredLines(k)); got != want {
			t.Errorf("order %d: counted %d, built %d", k, got, want)
		}
	}
}

// TestVariantMemoryBound: X on blank grids from 25x25 to 64x64 is refused
// with an error naming the bound, counting the symmetries before building
// them, in bounded memory (issue 32, High 2). Before, the 25x25 grid built
// 921,600 line permutations (hundreds of MB) before refusing, and a 36x36
// grid took 15 GB in 120 s.
func TestVariantMemoryBound(t *testing.T) {
	for _, n := range []int{25, 36, 49, 64} {
		k := 5
		for k*k != n {
			k++
		}
		p := &variant.Puzzle{Size: n, Regions: variant.Boxes(n, k, k), Rules: []variant.Rule{variant.Diagonal{}, variant.Diagonal{Positive: true}}}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_, err := Variant(ctx, p)
		cancel()
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "past the bound") {
			t.Errorf("X %dx%d: %v, want an error naming the bound", n, n, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("X %dx%d: %d MB allocated before refusing, want under 16", n, n, alloc>>20)
		}
	}
}
