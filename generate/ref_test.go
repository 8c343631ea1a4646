package generate

import (
	"testing"

	"github.com/gosudoku/sudoku"
)

// refCount counts the solutions of the puzzle cells (order n, row-major, 0
// blank) up to limit with a plain backtracking search: the blank cell with
// the fewest allowed values, each value in turn, values checked against
// the row, column and box by scanning them. It shares nothing with the
// engines or the filler, so it checks them.
func refCount(n int, cells []int, limit int) int {
	side := n * n
	g := append([]int(nil), cells...)
	ok := func(i, v int) bool {
		r, c := i/side, i%side
		r0, c0 := r/n*n, c/n*n
		for k := range side {
			if g[r*side+k] == v || g[k*side+c] == v || g[(r0+k/n)*side+c0+k%n] == v {
				return false
			}
		}
		return true
	}
	// Clashing givens have no solution.
	for i, v := range g {
		if v != 0 {
			g[i] = 0
			if !ok(i, v) {
				return 0
			}
			g[i] = v
		}
	}
	count := 0
	var rec func()
	rec = func() {
		best, bestN := -1, side+1
		for i, v := range g {
			if v != 0 {
				continue
			}
			k := 0
			for v := 1; v <= side; v++ {
				if ok(i, v) {
					k++
				}
			}
			if k < bestN {
				best, bestN = i, k
			}
		}
		if best < 0 {
			count++
			return
		}
		for v := 1; v <= side && count < limit; v++ {
			if ok(best, v) {
				g[best] = v
				rec()
				g[best] = 0
			}
		}
	}
	rec()
	return count
}

// refValid reports whether g is a complete valid grid: every row, column
// and box holds each value once.
func refValid(g *sudoku.Grid) bool {
	n, side := g.Order(), g.Side()
	for u := range side {
		var row, col, box = make([]bool, side+1), make([]bool, side+1), make([]bool, side+1)
		for k := range side {
			for _, p := range []struct {
				seen []bool
				v    int
			}{
				{row, g.At(u, k)},
				{col, g.At(k, u)},
				{box, g.At(u/n*n+k/n, u%n*n+k%n)},
			} {
				if p.v < 1 || p.v > side || p.seen[p.v] {
					return false
				}
				p.seen[p.v] = true
			}
		}
	}
	return true
}

func TestRefCount(t *testing.T) {
	// Known answers keep the reference honest.
	tests := []struct {
		name  string
		order int
		grid  string
		limit int
		want  int
	}{
		{"empty 4x4", 2, "................", 1000, 288},
		{"unique 4x4", 2, "1...........4..3", 10, 0}, // checked below by brute force
		{"clash", 2, "11..............", 10, 0},
		{"unique 9x9", 3, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", 2, 1},
		{"two 9x9", 3, "918436257.6598.314.3415.869187243695653791428429865731576318942392574186841629573", 10, 2},
		{"clash 9x9", 3, "9184362571659823143341578691872436956537914284298657315763189423925741868416295..", 10, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cells := make([]int, len(tt.grid))
			for i := range tt.grid {
				cells[i], _ = sudoku.SymbolValue(tt.grid[i])
			}
			got := refCount(tt.order, cells, tt.limit)
			if tt.name == "unique 4x4" {
				// Brute force over the 288 grids: count those matching.
				tt.want = bruteMatch(cells)
			}
			if got != tt.want {
				t.Errorf("refCount = %d, want %d", got, tt.want)
			}
		})
	}
}

// bruteMatch counts the valid 4x4 grids that agree with the givens, by
// enumerating all 4^16 fillings row by row as permutations.
func bruteMatch(cells []int) int {
	perms := [][]int{}
	var perm func(p []int, used int)
	perm = func(p []int, used int) {
		if len(p) == 4 {
			perms = append(perms, append([]int(nil), p...))
			return
		}
		for v := 1; v <= 4; v++ {
			if used&(1<<v) == 0 {
				perm(append(p, v), used|1<<v)
			}
		}
	}
	perm(nil, 0)
	n := 0
	for _, a := range perms {
		for _, b := range perms {
			for _, c := range perms {
				for _, d := range perms {
					vals := append(append(append(append([]int{}, a...), b...), c...), d...)
					g, _ := sudoku.FromValues(2, vals)
					if !refValid(g) {
						continue
					}
					match := true
					for i, v := range cells {
						if v != 0 && vals[i] != v {
							match = false
						}
					}
					if match {
						n++
					}
				}
			}
		}
	}
	return n
}
