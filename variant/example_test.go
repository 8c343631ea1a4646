package variant_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku/variant"
)

// A 4x4 with a thermometer, a cage and a diagonal, counted and checked.
func Example() {
	p := variant.New(4)
	p.Rules = []variant.Rule{
		variant.Thermo{Cells: []variant.Cell{{1, 1}, {1, 2}, {1, 3}, {1, 4}}},
		variant.Cage{Cells: []variant.Cell{{2, 1}, {3, 1}}, Sum: 7},
		variant.Diagonal{},
	}
	res, err := variant.Count(context.Background(), p, 2, variant.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status(), res.Solution)

	// A wrong grid: Check names the broken rules.
	bad := []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	fmt.Println(p.Check(bad))
	// Output:
	// unique [1 2 3 4 3 4 1 2 4 3 2 1 2 1 4 3]
	// cage r2c1-r3c1 (sum 7) holds 3+2 = 5 (and 2 more)
}
