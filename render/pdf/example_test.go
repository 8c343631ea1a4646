package pdf_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/render"
	"github.com/gosudoku/sudoku/render/pdf"
)

// A booklet of two puzzles per page, with the solutions six per page after
// them.
func ExampleWrite() {
	s := render.Sheet{PerPage: 2, Solutions: true, SolutionsPerPage: 6}
	for _, line := range []string{
		"..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
		"1..4..2..4..3..2",
		"800000000003600000070090200050007000000045700000100030001000068008500010090000400",
	} {
		g, err := sudoku.Parse(line)
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := sudoku.Solve(context.Background(), g, sudoku.Options{})
		if err != nil || res.Solution == nil {
			fmt.Println("no solution:", line)
			continue
		}
		s.Puzzles = append(s.Puzzles, render.Item{Grid: g, Solution: res.Solution, Caption: fmt.Sprint(g.Givens(), " clues")})
	}
	var b bytes.Buffer // a file, or an http.ResponseWriter
	if err := pdf.Write(&b, s); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Pages(), "pages:", string(b.Bytes()[:5]))
	// Output:
	// 3 pages: %PDF-
}
