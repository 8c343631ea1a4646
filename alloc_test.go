package sudoku

import (
	"context"
	"testing"
)

// TestCount9Allocations: a 9x9 count that finds no solution, the common
// call of a generator, allocates nothing; one that finds a solution
// allocates only the solution grid.
func TestCount9Allocations(t *testing.T) {
	g := MustParse("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
	sol := "519748632783652419426139875357986241264317598198524367975863124832491756641275983"
	ctx := context.Background()
	// Blank a clue that the puzzle does not need and exclude its value:
	// still unique, so no solution.
	var h *Grid
	var opt Options
	for i := range g.cells {
		if g.cells[i] == 0 {
			continue
		}
		h = g.Clone()
		h.cells[i] = 0
		if res, _ := Count(ctx, h, 2, Options{}); res.Count == 1 {
			opt = Options{Exclude: []Candidate{{Cell: i, Value: int(sol[i] - '0')}}}
			break
		}
	}
	if opt.Exclude == nil {
		t.Fatal("every clue is needed")
	}
	if a := testing.AllocsPerRun(100, func() {
		if res, _ := Count(ctx, h, 1, opt); res.Count != 0 {
			t.Fatal("found a second solution")
		}
	}); a != 0 {
		t.Errorf("no-solution count: %v allocations, want 0", a)
	}
	if a := testing.AllocsPerRun(100, func() { Count(ctx, g, 2, Options{}) }); a > 2 {
		t.Errorf("unique count: %v allocations, want at most 2 (solution cells and grid)", a)
	}
	if a := testing.AllocsPerRun(100, func() {
		if res, _ := Count(ctx, g, 2, Options{CountOnly: true}); res.Count != 1 || res.Solution != nil {
			t.Fatalf("CountOnly: %d solutions, solution %v", res.Count, res.Solution)
		}
	}); a != 0 {
		t.Errorf("unique count, CountOnly: %v allocations, want 0", a)
	}
}

// TestCountOnlyAllocations: with Options.CountOnly a count of the general
// engine allocates nothing once warm, with exclusions too (the generator's
// call at 16x16).
func TestCountOnlyAllocations(t *testing.T) {
	g, err := New(4)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opt := Options{CountOnly: true, Exclude: []Candidate{{Cell: 0, Value: 1}, {Cell: 17, Value: 3}}}
	check := func() {
		res, err := Count(ctx, g, 1, opt)
		if err != nil || res.Count != 1 || res.Solution != nil {
			t.Fatalf("CountOnly on the empty 16x16 grid: %d solutions, solution %v, %v", res.Count, res.Solution, err)
		}
	}
	check() // warm the pools
	if a := testing.AllocsPerRun(20, check); a != 0 {
		t.Errorf("CountOnly 16x16 count: %v allocations, want 0", a)
	}
	res, err := Count(ctx, g, 1, Options{Exclude: opt.Exclude})
	if err != nil || res.Solution == nil || res.Solution.Cell(0) == 1 {
		t.Errorf("without CountOnly: solution %v, %v", res.Solution, err)
	}
}
