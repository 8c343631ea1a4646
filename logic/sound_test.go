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
					t.Fatalf("%s: %s removes %d from %s (solution %d, candidate %v)\n%s", sc.Text(), st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), g.Has(c.Cell, c.Value), pencilText(g))
				}
			}
			for _, c := range st.Placements {
				if sol.Cell(c.Cell) != c.Value {
					t.Fatalf("%s: %s places %d in %s, the solution has %d\n%s", sc.Text(), st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), pencilText(g))
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

// samplePaths walks the solution paths (under the default rules) of the
// rated part of testdata/sound.txt, every 16th puzzle from line 1500, at
// most short puzzles under -short. At every grid along a path it calls
// visit with the puzzle's text, the grid and the solution. It returns the
// number of puzzles walked.
func samplePaths(t *testing.T, short int, visit func(text string, g *Grid, sol *sudoku.Grid)) int {
	t.Helper()
	f, err := os.Open("testdata/sound.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 0; sc.Scan(); line++ {
		if line%16 != 0 || line < 1500 {
			continue // the rated part of the file, sampled
		}
		if testing.Short() && n == short {
			break
		}
		p, err := sudoku.Parse(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		res, err := sudoku.Count(context.Background(), p, 2, sudoku.Options{})
		if err != nil || res.Count != 1 {
			t.Fatalf("%s: not unique", sc.Text())
		}
		n++
		g, _ := NewGrid(p)
		s, err := newSolver(context.Background(), g, Options{AssumeUnique: true})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Solved() {
			visit(sc.Text(), g, res.Solution)
			st, err := s.next(g)
			if err != nil {
				break
			}
			g.Apply(st)
		}
	}
	return n
}

// checkElims fails the test at once if st removes a candidate that g does
// not have or that is the solution's value.
func checkElims(t *testing.T, text string, st *Step, g *Grid, sol *sudoku.Grid) {
	t.Helper()
	for _, c := range st.Eliminations {
		if !g.Has(c.Cell, c.Value) || sol.Cell(c.Cell) == c.Value {
			t.Fatalf("%s: %s removes %d from %s (solution %d)\n%s", text, st, c.Value, g.cellName(c.Cell), sol.Cell(c.Cell), pencilText(g))
		}
	}
}
