package variant

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

func genKiller(t testing.TB, rng *rand.Rand, n int) *Puzzle {
	p := New(n)
	e := compile(p)
	sol := randomSolution(context.Background(), e, make([]int, n*n), rng, 0)
	if sol == nil {
		t.Fatal("no random solution")
	}
	rules, err := killer(context.Background(), p, sol, rng, n)
	if err != nil || rules == nil {
		t.Fatal("killer:", err)
	}
	p.Rules = rules
	return p
}

// TestKillerReference: generated killers of 4x4 and 6x6 (no givens) are
// unique by the reference solver too, with the same solution.
func TestKillerReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 6))
	for _, n := range []int{4, 6} {
		for range 15 {
			p := genKiller(t, rng, n)
			r, err := Count(context.Background(), p, 2, Options{})
			if err != nil || r.Count != 1 {
				t.Fatalf("%v: engine count %d, %v", p.Rules, r.Count, err)
			}
			c, sol, _ := refCount(p, 2, nil, 0)
			if c != 1 || !slices.Equal(sol, r.Solution) {
				t.Fatalf("%dx%d %v: reference count %d", n, n, p.Rules, c)
			}
		}
	}
}

// TestGenerate checks generated puzzles of every family: valid, unique
// (by the engine and, up to 6x6, by the reference solver), reproducible
// from the seed, and minimal in givens (but for killers, which have none
// unless needed).
func TestGenerate(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		fam   string
		sizes []int
	}{
		{"killer", []int{4, 6, 9}},
		{"jigsaw", []int{4, 5, 6, 7, 9}},
		{"x", []int{4, 6, 9}},
		{"windoku", []int{4, 9}},
		{"disjoint", []int{4, 6, 9}},
		{"antiknight", []int{6, 9}},
		{"antiking", []int{6, 9}},
		{"nonconsecutive", []int{6}},
		{"killer,x", []int{6, 9}},
		{"jigsaw,windoku", []int{9}},
		{"killer,jigsaw", []int{6}},
		{"", []int{6, 8, 12}},
	} {
		for _, n := range tc.sizes {
			spec, err := ParseSpec(tc.fam, n)
			if err != nil {
				t.Fatal(err)
			}
			for seed := range uint64(2) {
				g, err := Generate(ctx, spec, seed)
				if err != nil {
					t.Fatalf("%s %dx%d seed %d: %v", tc.fam, n, n, seed, err)
				}
				p := g.Puzzle
				name := fmt.Sprintf("%s %dx%d seed %d", tc.fam, n, n, seed)
				if err := p.Check(g.Solution); err != nil || slices.Contains(g.Solution, 0) {
					t.Fatalf("%s: solution breaks the rules: %v", name, err)
				}
				res, err := Count(ctx, p, 2, Options{})
				if err != nil || res.Count != 1 || !slices.Equal(res.Solution, g.Solution) {
					t.Fatalf("%s: count %d (%v), want the unique solution", name, res.Count, err)
				}
				again, _ := Generate(ctx, spec, seed)
				if !reflect.DeepEqual(again, g) {
					t.Errorf("%s: the same seed made another puzzle", name)
				}
				if n <= 6 {
					if c, sol, _ := refCount(p, 2, nil, 0); c != 1 || !slices.Equal(sol, g.Solution) {
						t.Fatalf("%s: reference count %d", name, c)
					}
				}
				if spec.has("killer") {
					continue
				}
				// Minimal: no given can go.
				for i, v := range p.Givens {
					if v == 0 {
						continue
					}
					q := p.Clone()
					q.Givens[i] = 0
					r, err := Count(ctx, q, 2, Options{MaxNodes: 20 * minimizeNodes})
					if err == nil && r.Count == 1 {
						t.Errorf("%s: the given at %s can go", name, CellName(i, n))
					}
				}
			}
		}
	}
}

func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		names string
		size  int
		want  string
	}{
		{"killer, X", 0, ""},
		{"sandwich", 9, `variant: unknown variant "sandwich" (known: killer, jigsaw, x, windoku, disjoint, antiknight, antiking, nonconsecutive)`},
		{"windoku", 6, "variant: windoku needs a square side (4, 9, 16), not 6"},
		{"jigsaw,disjoint", 9, "variant: disjoint groups need boxes (not jigsaw, not side 9)"},
		{"x", 3, "variant: cannot generate a 3x3 grid (sides 4 to 16)"},
		{"x", 49, "variant: cannot generate a 49x49 grid (sides 4 to 16: a 16x16 takes seconds, and from 25x25 up the engine can take minutes to find a grid that keeps x, windoku or disjoint alone)"},
		{"x,antiknight", 6, "variant: impossible rules: no 6x6 grid, whatever its regions, keeps both antiknight and x (a complete search finds none)"},
		{"killer,antiking", 4, "variant: impossible rules: no 4x4 grid, whatever its regions, keeps antiking (a complete search finds none)"},
		{"disjoint,x", 6, "variant: impossible rules: no 6x6 grid with 2x3 boxes keeps both disjoint and x (a complete search finds none)"},
		{"antiking,antiknight,nonconsecutive,x", 9, "variant: impossible rules: no 9x9 grid, whatever its regions, keeps antiking, antiknight, nonconsecutive and x (a complete search finds none)"},
		{"nonconsecutive", 4, "variant: nonconsecutive needs a side of at least 6, not 4"},
	} {
		spec, err := ParseSpec(tc.names, tc.size)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("ParseSpec(%q, %d) = %v, want %q", tc.names, tc.size, err, tc.want)
		}
		if err == nil && spec.String() != "killer,x" {
			t.Errorf("spec %v", spec)
		}
	}
}

var genTiming = flag.Bool("gentiming", false, "TestGenerateTiming: time 9x9 generation of every family")

func TestGenerateTiming(t *testing.T) {
	if !*genTiming {
		t.Skip("run with -gentiming")
	}
	for _, fam := range []string{"killer", "jigsaw", "x", "windoku", "disjoint", "antiknight", "antiking", "nonconsecutive", "killer,x", "jigsaw,windoku"} {
		spec, err := ParseSpec(fam, 9)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		clues := 0
		for seed := range uint64(5) {
			g, err := Generate(context.Background(), spec, seed)
			if err != nil {
				t.Fatal(fam, err)
			}
			clues += len(g.Puzzle.Rules)
			for _, v := range g.Puzzle.Givens {
				if v != 0 {
					clues++
				}
			}
		}
		t.Logf("%s: %v a puzzle, %d clues", fam, time.Since(t0)/5, clues/5)
	}
}

var noGridLong = flag.Bool("nogrid.long", false, "TestNoGrid: also run the searches of more than 30,000 guesses (20 s more)")

// TestNoGrid checks the noGrid table against complete searches, sides 4 to
// 8: ParseSpec refuses a set of families exactly when no grid keeps them,
// with boxes and (jigsaw) without.
func TestNoGrid(t *testing.T) {
	var names []string
	for _, f := range families {
		if f.name != "killer" && f.name != "jigsaw" {
			names = append(names, f.name)
		}
	}
	limit := int64(30_000)
	if *noGridLong {
		limit = 0
	}
	long := 0
	for n := 4; n <= 8; n++ {
		for _, jigsaw := range []bool{false, true} {
			for m := 1; m < 1<<len(names); m++ {
				var fams []string
				for k, f := range names {
					if m&(1<<k) != 0 {
						fams = append(fams, f)
					}
				}
				if jigsaw {
					fams = append(fams, "jigsaw")
				}
				spec, err := ParseSpec(strings.Join(fams, ","), n)
				if err != nil && !errors.Is(err, ErrNoGrid) {
					continue // windoku on 6x6 ...
				}
				p := &Puzzle{Size: n, Rules: spec.gridRules()}
				if r, c := BoxShape(n); r > 1 && !jigsaw {
					p.Regions = Boxes(n, r, c)
				}
				res, serr := Count(context.Background(), p, 1, Options{MaxNodes: limit, CountOnly: true})
				switch {
				case errors.Is(serr, sudoku.ErrLimit):
					long++
				case serr != nil:
					t.Fatalf("%dx%d %v: %v", n, n, spec, serr)
				case (res.Count == 0) != (err != nil):
					t.Errorf("%dx%d %v (jigsaw %v): %d grids found, ParseSpec says %v", n, n, spec, jigsaw, res.Count, err)
				}
			}
		}
	}
	for _, ng := range noGrid {
		if ng.size <= 8 {
			continue // above
		}
		spec, err := ParseSpec(ng.families, ng.size)
		if !errors.Is(err, ErrNoGrid) {
			t.Errorf("ParseSpec(%q, %d): %v, want ErrNoGrid", ng.families, ng.size, err)
		}
		p := &Puzzle{Size: ng.size, Rules: spec.gridRules()}
		if r, c := BoxShape(ng.size); ng.boxes {
			p.Regions = Boxes(ng.size, r, c)
		}
		res, serr := Count(context.Background(), p, 1, Options{MaxNodes: limit, CountOnly: true})
		switch {
		case errors.Is(serr, sudoku.ErrLimit):
			long++
		case serr != nil || res.Count != 0:
			t.Errorf("%dx%d %s (boxes %v): %d grids found, %v", ng.size, ng.size, ng.families, ng.boxes, res.Count, serr)
		}
	}
	if long > 0 {
		t.Logf("%d searches of more than %d guesses left out (-nogrid.long runs them)", long, limit)
	}
	if _, err := ParseSpec("x,antiknight", 6); err == nil || err.Error() != "variant: impossible rules: no 6x6 grid, whatever its regions, keeps both antiknight and x (a complete search finds none)" {
		t.Errorf("ParseSpec(x,antiknight, 6): %v", err)
	}
}

// TestGenerateMaxGivens: killers with MaxGivens 0 have no givens and no
// one-cell cage, with 2 at most two; each is unique by the engine and, at
// 4x4, by the reference solver, with the generator's solution.
func TestGenerateMaxGivens(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		fam       string
		n, most   int
		reference bool
	}{
		{"killer", 4, 0, true}, {"killer,x", 4, 0, true}, {"killer,jigsaw", 4, 0, true},
		{"killer", 6, 0, false}, {"killer,x", 6, 0, false}, {"killer,jigsaw", 6, 0, false},
		{"killer", 9, 0, false}, {"killer,antiknight", 9, 0, false}, {"killer", 9, 2, false},
	} {
		spec, err := ParseSpec(tc.fam, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		spec.MaxGivens = tc.most
		for seed := range uint64(2) {
			name := fmt.Sprintf("%s %dx%d seed %d", tc.fam, tc.n, tc.n, seed)
			g, err := Generate(ctx, spec, seed)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			p := g.Puzzle
			givens := 0
			for _, v := range p.Givens {
				if v != 0 {
					givens++
				}
			}
			for _, r := range p.Rules {
				if c, ok := r.(Cage); ok && len(c.Cells) == 1 {
					givens++
				}
			}
			if givens > tc.most {
				t.Errorf("%s: %d givens and one-cell cages, want at most %d", name, givens, tc.most)
			}
			res, err := Count(ctx, p, 2, Options{})
			if err != nil || res.Count != 1 || !slices.Equal(res.Solution, g.Solution) {
				t.Fatalf("%s: engine count %d, %v", name, res.Count, err)
			}
			if tc.reference {
				if c, sol, _ := refCount(p, 2, nil, 0); c != 1 || !slices.Equal(sol, g.Solution) {
					t.Fatalf("%s: reference count %d", name, c)
				}
			}
		}
	}
}
