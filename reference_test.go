package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gosudoku/sudoku/internal/reftest"
)

// patternGrid returns a valid complete grid of the given order, shuffled
// by rng with moves that keep it valid: relabelling symbols, permuting rows
// within bands, bands, columns within stacks, stacks, and transposing.
func patternGrid(order int, rng *rand.Rand) []uint8 {
	side := order * order
	base := make([]uint8, side*side)
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			base[r*side+c] = uint8((order*(r%order)+r/order+c)%side + 1)
		}
	}
	perm := func() []int { // a permutation of 0..side-1 that keeps bands
		bands := rng.Perm(order)
		out := make([]int, 0, side)
		for _, b := range bands {
			for _, k := range rng.Perm(order) {
				out = append(out, b*order+k)
			}
		}
		return out
	}
	rows, cols, labels := perm(), perm(), rng.Perm(side)
	transpose := rng.IntN(2) == 1
	out := make([]uint8, side*side)
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			v := base[rows[r]*side+cols[c]]
			i := r*side + c
			if transpose {
				i = c*side + r
			}
			out[i] = uint8(labels[v-1] + 1)
		}
	}
	return out
}

// randomPuzzle blanks a random fraction of a shuffled valid grid; with
// probability 1/8 it also writes a random value into a random cell, which
// may make the puzzle clash or have no solution.
func randomPuzzle(order int, blank float64, rng *rand.Rand) []uint8 {
	side := order * order
	g := patternGrid(order, rng)
	for i := range g {
		if rng.Float64() < blank {
			g[i] = 0
		}
	}
	if rng.IntN(8) == 0 {
		g[rng.IntN(len(g))] = uint8(rng.IntN(side) + 1)
	}
	return g
}

// TestCountAgreesWithReference cross-checks Count against the reference
// solver on thousands of random puzzles of orders 2 to 5: the counts up to
// 2 must agree and every solution must be valid and keep the givens.
func TestCountAgreesWithReference(t *testing.T) {
	cases := []struct {
		order    int
		puzzles  int
		minBlank float64
		maxBlank float64
	}{
		{2, 3000, 0.2, 0.9},
		{3, 3000, 0.3, 0.75},
		{4, 1000, 0.2, 0.42},
		{5, 200, 0.1, 0.35},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("order%d", tc.order), func(t *testing.T) {
			n := tc.puzzles
			if testing.Short() {
				n /= 10
			}
			rng := rand.New(rand.NewPCG(uint64(tc.order), 42))
			var tally [3]int
			for k := 0; k < n; k++ {
				blank := tc.minBlank + rng.Float64()*(tc.maxBlank-tc.minBlank)
				cells := randomPuzzle(tc.order, blank, rng)
				want, first := reftest.Count(tc.order, cells, 2)
				tally[want]++
				g := &Grid{order: tc.order, cells: cells}
				res, err := Count(context.Background(), g, 2, Options{})
				if err != nil && g.Check() == nil {
					t.Fatalf("puzzle %d %s: %v", k, g, err)
				}
				if res.Count != want {
					t.Fatalf("puzzle %d %s: Count = %d, reference = %d", k, g, res.Count, want)
				}
				if want > 0 {
					checkSolution(t, g, res.Solution)
				}
				if want == 1 && !slices.Equal(res.Solution.cells, first) {
					t.Fatalf("puzzle %d %s: solution %s, reference %v", k, g, res.Solution, first)
				}
			}
			t.Logf("order %d: %d puzzles with 0/1/2+ solutions: %v", tc.order, n, tally)
			for c, m := range tally {
				if m == 0 && n >= 100 {
					t.Errorf("no puzzle with %d solutions: the sample does not test that case", c)
				}
			}
		})
	}
}

// checkSolution fails t unless sol is a valid completed grid that keeps
// the givens of puzzle.
func checkSolution(t *testing.T, puzzle, sol *Grid) {
	t.Helper()
	if sol == nil {
		t.Fatalf("%s: no solution grid", puzzle)
	}
	if err := sol.CheckSolved(); err != nil {
		t.Fatalf("%s: solution %s is not valid: %v", puzzle, sol, err)
	}
	for i, v := range puzzle.cells {
		if v != 0 && sol.cells[i] != v {
			t.Fatalf("%s: solution %s changes given %d", puzzle, sol, i)
		}
	}
}

// TestHardPuzzlesAgreeWithReference solves hard 9x9 puzzles from the
// benchmark sets (each has exactly one solution) and checks the reference
// solver agrees.
func TestHardPuzzlesAgreeWithReference(t *testing.T) {
	data, err := os.ReadFile("testdata/hard9.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(data))
	if testing.Short() {
		lines = lines[:10]
	}
	for k, line := range lines {
		g, err := Parse(line)
		if err != nil {
			t.Fatalf("line %d: %v", k+1, err)
		}
		res, err := Count(context.Background(), g, 2, Options{})
		if err != nil || res.Status() != Unique {
			t.Fatalf("line %d: %v, %v; want unique", k+1, res.Status(), err)
		}
		checkSolution(t, g, res.Solution)
		if n, first := reftest.Count(3, g.cells, 2); n != 1 || !slices.Equal(first, res.Solution.cells) {
			t.Fatalf("line %d: reference counts %d solutions, first %v", k+1, n, first)
		}
	}
}

// transform applies a validity-preserving move to a copy of cells:
// relabelling the symbols by perm, then transposing if flip is set.
func transform(order int, cells []uint8, perm []int, flip bool) []uint8 {
	side := order * order
	out := make([]uint8, len(cells))
	for i, v := range cells {
		j := i
		if flip {
			j = i%side*side + i/side
		}
		if v != 0 {
			out[j] = uint8(perm[v-1] + 1)
		}
	}
	return out
}

// TestCountIsInvariant: relabelling symbols and transposing must not
// change the number of solutions, and the solution must move with them.
func TestCountIsInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, order := range []int{2, 3, 4} {
		side := order * order
		for k := 0; k < 200; k++ {
			cells := randomPuzzle(order, 0.3+0.3*rng.Float64(), rng)
			g := &Grid{order: order, cells: cells}
			perm := rng.Perm(side)
			flip := rng.IntN(2) == 0
			h := &Grid{order: order, cells: transform(order, cells, perm, flip)}
			rg, _ := Count(context.Background(), g, 2, Options{})
			rh, _ := Count(context.Background(), h, 2, Options{})
			if rg.Count != rh.Count {
				t.Fatalf("order %d: %s has %d solutions, its transform %s has %d", order, g, rg.Count, h, rh.Count)
			}
			if rg.Count == 1 {
				moved := transform(order, rg.Solution.cells, perm, flip)
				if string(moved) != string(rh.Solution.cells) {
					t.Fatalf("order %d: the solution of the transform is not the transformed solution", order)
				}
			}
		}
	}
}
