package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/render"
)

func ExampleSVG() {
	g, _ := sudoku.Parse("1..4..2..4..3..2")
	var b strings.Builder
	if err := render.SVG(&b, g, render.Options{Caption: "4x4, easy"}); err != nil {
		fmt.Println(err)
		return
	}
	svg := b.String()
	fmt.Println(svg[:strings.Index(svg, "\n")])
	fmt.Println(strings.Count(svg, "<text"), "texts: 6 givens and the caption")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="200" height="225.6" viewBox="0 0 200 225.6" role="img">
	// 7 texts: 6 givens and the caption
}

func ExamplePNG() {
	g, _ := sudoku.Parse("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..")
	var b bytes.Buffer
	if err := render.PNG(&b, g, render.Options{CellSize: 32}); err != nil {
		fmt.Println(err)
		return
	}
	img, _ := png.Decode(&b)
	fmt.Println(img.Bounds().Size()) // 9 cells of 32 pixels and a margin of 16
	// Output:
	// (320,320)
}

func ExampleSheet() {
	g, _ := sudoku.Parse("1..4..2..4..3..2")
	s := render.Sheet{PerPage: 4}
	for range 10 {
		s.Puzzles = append(s.Puzzles, render.Item{Grid: g, Caption: "easy"})
	}
	fmt.Println(s.Pages(), "pages of puzzles")
	s.Solutions = true // needs the solutions
	fmt.Println(s.Check())
	// Output:
	// 3 pages of puzzles
	// render: puzzle 1: solution does not fit the puzzle: none given
}

func ExampleItem_Check() {
	g, _ := sudoku.Parse("1..4..2..4..3..2")
	sol, _ := sudoku.Parse("1234342121434312") // a solution, but not this puzzle's
	fmt.Println(render.Item{Grid: g, Solution: sol}.Check())
	// Output:
	// solution does not fit the puzzle: r3c2 holds 4, the solution 1
}
