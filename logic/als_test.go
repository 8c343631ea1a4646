package logic

import (
	"context"
	"testing"

	"github.com/gosudoku/sudoku"
)

// TestALSXZSound walks the paths of sample puzzles (under the default
// rules) and checks, at every step, every ALS-XZ both rules find against
// the solution. It fails if either kind (singly and doubly linked) or
// either size (up to 6 cells, 7 or more) is never found.
func TestALSXZSound(t *testing.T) {
	names := map[string]int{}
	sizes := map[bool]int{}
	e := &env{ctx: context.Background()}
	steps := 0
	n := samplePaths(t, 20, func(text string, g *Grid, sol *sudoku.Grid) {
		for big, find := range map[bool]finder{false: findALSXZ, true: findBigALSXZ} {
			find(e, g, func(st *Step) bool {
				steps++
				names[st.Name]++
				sizes[big]++
				if st.Technique != ALSXZ || len(st.Eliminations) == 0 || st.Text == "" || len(st.Cells) < 2 {
					t.Errorf("%s: bad step %v", text, st)
				}
				if cells := len(st.Cells); big != (cells >= 7) || st.Rating != alsRating(cells) {
					t.Errorf("%s: %d cells rated %d by the rule of big=%v", text, cells, st.Rating, big)
				}
				checkElims(t, text, st, g, sol)
				return true
			})
		}
	})
	t.Logf("%d puzzles, %d ALS-XZs: %v; by size (7+ cells): %v", n, steps, names, sizes)
	for _, name := range []string{"ALS-XZ", "ALS-XZ (doubly linked)"} {
		if names[name] == 0 {
			t.Errorf("no %s found", name)
		}
	}
	if sizes[false] == 0 || sizes[true] == 0 {
		t.Errorf("sizes found: %v", sizes)
	}
}

// TestALSXZBigOrders checks the ALS-XZs found along the paths of the 4x4
// puzzles and the first 120 steps of the 16x16 ones of testdata/big
// against their solutions: the rules work at every order.
func TestALSXZBigOrders(t *testing.T) {
	e := &env{ctx: context.Background()}
	for _, file := range []string{"testdata/big/order2.txt", "testdata/big/order4.txt"} {
		found := 0
		for _, p := range readPuzzles(t, file) {
			if testing.Short() && p.Order() > 2 {
				continue
			}
			res, err := sudoku.Count(context.Background(), p, 2, sudoku.Options{})
			if err != nil || res.Count != 1 {
				t.Fatalf("%s: not unique", file)
			}
			g, _ := NewGrid(p)
			s, err := newSolver(context.Background(), g, Options{AssumeUnique: true})
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; !g.Solved() && (p.Order() < 4 || k < 120); k++ {
				if k%4 == 0 {
					for _, find := range []finder{findALSXZ, findBigALSXZ} {
						find(e, g, func(st *Step) bool {
							found++
							for _, c := range st.Eliminations {
								if !g.Has(c.Cell, c.Value) || res.Solution.Cell(c.Cell) == c.Value {
									t.Fatalf("%s: %s removes %d from %s (solution %d)", file, st, c.Value, g.cellName(c.Cell), res.Solution.Cell(c.Cell))
								}
							}
							return true
						})
					}
				}
				st, err := s.next(g)
				if err != nil {
					t.Fatal(err)
				}
				g.Apply(st)
			}
		}
		t.Logf("%s: %d ALS-XZs", file, found)
	}
}
