package logic

import (
	"bufio"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/gosudoku/sudoku"
)

// TestSoundness solves the puzzles of testdata/sound.txt step by step and
// checks every step against the unique solution: no elimination of a
// solution value, no wrong placement; and that every path ends with the
// grid solved: no valid 9x9 puzzle needs a guess.
func TestSoundness(t *testing.T) {
	f, err := os.Open("testdata/sound.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, stuck, steps := 0, 0, 0
	byTech := map[Technique]int{}
	for sc.Scan() {
		p, err := sudoku.Parse(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		res, err := sudoku.Count(context.Background(), p, 2, sudoku.Options{})
		if err != nil || res.Count != 1 {
			t.Fatalf("%s: %d solutions (%v)", sc.Text(), res.Count, err)
		}
		sol := res.Solution
		g, err := NewGrid(p)
		if err != nil {
			t.Fatal(err)
		}
		s, err := newSolver(context.Background(), g, Options{AssumeUnique: true})
		if err != nil {
			t.Fatal(err)
		}
		n++
		for !g.Solved() {
			st, err := s.next(g)
			if errors.Is(err, ErrStuck) {
				stuck++
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range st.Eliminations {
				if sol.Cell(c.Cell) == c.Value || !g.Has(c.Cell, c.Value) {
					t.Fatalf("%s: %s removes %d from %s (solution %d, candidate %v)\n%s", sc.Text(), st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), g.Has(c.Cell, c.Value), g.Marks())
				}
			}
			for _, c := range st.Placements {
				if sol.Cell(c.Cell) != c.Value {
					t.Fatalf("%s: %s places %d in %s, the solution has %d\n%s", sc.Text(), st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), g.Marks())
				}
			}
			if len(st.Eliminations) == 0 && len(st.Placements) == 0 {
				t.Fatalf("%s: %s does nothing", sc.Text(), st)
			}
			byTech[st.Technique]++
			steps++
			g.Apply(st)
		}
		if testing.Short() && n == 300 {
			break
		}
	}
	t.Logf("%d puzzles, %d steps, %d stuck; steps by technique: %v", n, steps, stuck, byTech)
	if stuck > 0 {
		t.Errorf("%d of %d puzzles got stuck", stuck, n)
	}
}
