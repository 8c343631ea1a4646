package variant_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku/variant"
)

// A 6x6 killer with no givens at all (no one-cell cage either), and a set
// of families that no grid keeps, refused at once.
func ExampleSpec_MaxGivens() {
	spec, err := variant.ParseSpec("killer", 6)
	if err != nil {
		fmt.Println(err)
		return
	}
	spec.MaxGivens = 0
	g, err := variant.Generate(context.Background(), spec, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	givens := 0
	for _, v := range g.Puzzle.Givens {
		if v != 0 {
			givens++
		}
	}
	small := 0
	for _, r := range g.Puzzle.Rules {
		if c, ok := r.(variant.Cage); ok && len(c.Cells) < 2 {
			small++
		}
	}
	res, err := variant.Count(context.Background(), g.Puzzle, 2, variant.Options{})
	fmt.Println(givens, small, res.Status(), err)

	_, err = variant.ParseSpec("x,antiknight", 6)
	fmt.Println(err)
	// Output:
	// 0 0 unique <nil>
	// variant: impossible rules: no 6x6 grid, whatever its regions, keeps both antiknight and x (a complete search finds none)
}
