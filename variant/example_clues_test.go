package variant_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku/variant"
)

func ExampleQuadruple() {
	// A 4x4: the four cells of the top-left box hold a 1 and a 2, and the
	// X-sums of rows 2 and 4 and a skyscraper above column 1 do the rest.
	p := variant.New(4)
	p.Rules = []variant.Rule{
		variant.Quadruple{Cells: []variant.Cell{{1, 1}, {1, 2}, {2, 1}, {2, 2}}, Values: []int{1, 2}},
		variant.XSum{Index: 2, Sum: 6},
		variant.XSum{Index: 4, Sum: 9},
		variant.Skyscraper{Column: true, Index: 1, Count: 3},
	}
	res, err := variant.Count(context.Background(), p, 2, variant.Options{})
	fmt.Println(res.Count, res.Solution, err)
	// Output: 1 [1 3 2 4 2 4 1 3 4 1 3 2 3 2 4 1] <nil>
}

func ExampleIndexer() {
	// r3c5 = 7 in a row indexer says that r7c5 holds 3.
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Indexer{Cells: []variant.Cell{{3, 5}}}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{3, 5}: 7, {7, 5}: 4})))
	// Output: row indexer r3c5: r3c5 = 7 points to r7c5 = 4, which should hold 3
}
