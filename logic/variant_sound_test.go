package logic

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gosudoku/sudoku/variant"
)

var variantFams = flag.String("variantfams", "x;windoku;disjoint;antiknight;antiking;jigsaw;x,windoku", "families")
var variantSound = flag.Int("variantsound", 0, "TestVariantSoundness: generate this many puzzles per family (0: the fixtures' few)")

// soundVariant solves the variant puzzle p step by step and checks every
// step against its solution sol; it returns the steps and whether the
// path got stuck.
func soundVariant(t *testing.T, p *variant.Puzzle, sol []int, opt Options) (steps []*Step, stuck bool) {
	t.Helper()
	g, err := NewVariantGrid(p)
	if err != nil {
		t.Fatal(err)
	}
	opt.AssumeUnique = true
	s, err := newSolver(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Solved() {
		st, err := s.next(g)
		if errors.Is(err, ErrStuck) {
			return steps, true
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range st.Eliminations {
			if sol[c.Cell] == c.Value || !g.Has(c.Cell, c.Value) {
				t.Fatalf("%s removes %d from %s (solution %d, candidate %v)", st, c.Value, g.cellName(c.Cell), sol[c.Cell], g.Has(c.Cell, c.Value))
			}
		}
		for _, c := range st.Placements {
			if sol[c.Cell] != c.Value {
				t.Fatalf("%s places %d in %s, the solution has %d", st, c.Value, g.cellName(c.Cell), sol[c.Cell])
			}
		}
		if len(st.Eliminations) == 0 && len(st.Placements) == 0 {
			t.Fatalf("%s does nothing", st)
		}
		steps = append(steps, st)
		g.Apply(st)
	}
	return steps, false
}

// TestVariantSoundness solves generated puzzles of every family whose
// rules are all-different groups step by step, each step checked against
// the unique solution, and wants every one solved by logic alone. The
// suite takes a few seeds per family and size; -variantsound N takes N
// seeds per family at 9x9 (-variantfams picks the families, ";"
// between them).
func TestVariantSoundness(t *testing.T) {
	type fam struct {
		spec  string
		size  int
		seeds int
	}
	fams := []fam{
		{"x", 9, 8}, {"windoku", 9, 8}, {"disjoint", 9, 8}, {"antiknight", 9, 2},
		{"antiking", 9, 6}, {"jigsaw", 9, 6}, {"x,windoku", 9, 1},
		{"x", 6, 20}, {"jigsaw", 6, 20}, {"antiking", 6, 20}, {"disjoint", 6, 20},
		{"windoku", 4, 10}, {"x", 4, 10}, {"x", 5, 10}, {"jigsaw", 8, 6},
		{"killer", 9, 2}, {"killer", 6, 10}, {"killer", 4, 10}, {"killer,x", 6, 6},
		{"nonconsecutive", 6, 6},
	}
	if *variantSound > 0 {
		fams = nil
		for _, f := range strings.Split(*variantFams, ";") {
			fams = append(fams, fam{f, 9, *variantSound})
		}
	}
	for _, f := range fams {
		spec, err := variant.ParseSpec(f.spec, f.size)
		if err != nil {
			t.Fatal(err)
		}
		stuck, start, nsteps := 0, time.Now(), 0
		byTech := map[string]int{}
		for seed := range f.seeds {
			gen, err := variant.Generate(context.Background(), spec, uint64(seed+1))
			if err != nil {
				t.Fatal(err)
			}
			steps, st := soundVariant(t, gen.Puzzle, gen.Solution, Options{})
			if st {
				stuck++
				t.Errorf("%s %dx%d seed %d: stuck after %d steps", f.spec, f.size, f.size, seed+1, len(steps))
			}
			nsteps += len(steps)
			for _, s := range steps {
				byTech[s.Name]++
			}
		}
		msg := fmt.Sprintf("%s %dx%d: %d puzzles, %d steps, %d stuck, %v", f.spec, f.size, f.size, f.seeds, nsteps, stuck, time.Since(start).Round(time.Millisecond))
		if *variantSound > 0 {
			msg += fmt.Sprint("; ", byTech)
		}
		t.Log(msg)
	}
}
