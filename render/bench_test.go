package render

import (
	"io"
	"testing"
)

// sheetOf returns a sheet of n copies of the 9x9 test puzzle with their
// solutions.
func sheetOf(b *testing.B, n, per int) Sheet {
	g := mustParse(b, puzzle9)
	sol := mustSolve(b, g)
	s := Sheet{PerPage: per, Solutions: true}
	for range n {
		s.Puzzles = append(s.Puzzles, Item{Grid: g, Solution: sol, Caption: "hard, rating 2.6, 24 clues"})
	}
	return s
}

func BenchmarkSVG(b *testing.B) {
	g := mustParse(b, puzzle9)
	for b.Loop() {
		if err := SVG(io.Discard, g, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPNG(b *testing.B) {
	g := mustParse(b, puzzle9)
	for b.Loop() {
		if err := PNG(io.Discard, g, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheetPNG draws a solution page of six grids at 150 dpi.
func BenchmarkSheetPNG(b *testing.B) {
	s := sheetOf(b, 6, 6)
	for b.Loop() {
		if err := SheetPNG(io.Discard, s, 1); err != nil {
			b.Fatal(err)
		}
	}
}
