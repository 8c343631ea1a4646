package logic

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gosudoku/sudoku"
)

// FuzzNext reads any bytes as a puzzle (any format, pencil marks
// included), asks for the next step with a short deadline and checks that
// nothing panics and that a step on a puzzle with one solution is sound.
func FuzzNext(f *testing.F) {
	for _, s := range []string{
		"020900000048000031000063020009407003003080200400105600030570000250000180000006050",
		"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
		".................................................................................",
		"1...4..2..3...1.",
		"110800570000009210090040000300900050007000300020006008000020040071400000064007003",
		".-------.-------.-------.\n| 1 2 3 | 456 456 456 | 789 789 789 |\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := sudoku.Parse(string(data))
		if err != nil || p.Order() > 4 {
			return
		}
		g, err := NewGrid(p)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		res, cerr := sudoku.Count(ctx, p, 2, sudoku.Options{MaxGuesses: 10000})
		unique := cerr == nil && res.Count == 1
		if g.Solved() {
			return
		}
		st, err := Next(ctx, g, Options{AssumeUnique: unique})
		if cerr == nil && !unique && !errors.Is(err, ErrNotUnique) {
			t.Fatalf("Next on a grid with %d solutions: %v, want ErrNotUnique", res.Count, err)
		}
		if err != nil {
			if errors.Is(err, ErrNotUnique) || errors.Is(err, ErrStuck) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, sudoku.ErrLimit) {
				return
			}
			t.Fatalf("Next: %v", err)
		}
		if len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("%s does nothing", st)
		}
		if !unique {
			return
		}
		for _, c := range st.Eliminations {
			if res.Solution.Cell(c.Cell) == c.Value {
				t.Fatalf("%s removes the solution's %d from %s", st, c.Value, g.cellName(c.Cell))
			}
		}
		for _, c := range st.Placements {
			if res.Solution.Cell(c.Cell) != c.Value {
				t.Fatalf("%s places %d in %s, the solution has %d", st, c.Value, g.cellName(c.Cell), res.Solution.Cell(c.Cell))
			}
		}
	})
}
