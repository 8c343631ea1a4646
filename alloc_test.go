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
}
