package pdf

import (
	"io"
	"testing"

	"github.com/gosudoku/sudoku/render"
)

// BenchmarkWrite writes a 100-puzzle book: one puzzle per page, the
// solutions six per page.
func BenchmarkWrite(b *testing.B) {
	s := render.Sheet{PerPage: 1, Solutions: true, SolutionsPerPage: 6}
	it := item(b, puzzle9, "hard, rating 2.6, 24 clues")
	for range 100 {
		s.Puzzles = append(s.Puzzles, it)
	}
	for b.Loop() {
		if err := Write(io.Discard, s); err != nil {
			b.Fatal(err)
		}
	}
}
