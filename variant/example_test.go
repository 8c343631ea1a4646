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

// One rule set, many puzzles: a Solver compiles a 6x6 X sudoku's rules once
// and counts each line of givens with them.
func ExampleSolver() {
	p := variant.New(6)
	p.Rules = []variant.Rule{variant.Diagonal{}, variant.Diagonal{Positive: true}}
	s, err := variant.NewSolver(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{
		".........5..6........3....4......1..",
		"..3.......6..5..4..3..1.............",
		"..3.......6..5..4..3..1.........3...",
	} {
		givens := make([]int, len(line))
		for i, ch := range line {
			if ch != '.' {
				givens[i] = int(ch - '0')
			}
		}
		res, err := s.Count(context.Background(), givens, 2, variant.Options{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(res.Status(), res.Solution)
	}
	// Output:
	// unique [4 1 5 2 3 6 2 6 3 5 1 4 6 3 1 4 5 2 5 4 2 3 6 1 1 5 4 6 2 3 3 2 6 1 4 5]
	// unique [4 6 3 1 2 5 5 2 1 3 6 4 1 5 6 2 4 3 2 3 4 5 1 6 6 1 5 4 3 2 3 4 2 6 5 1]
	// column 3: r1c3 and r6c3 both hold 3
}
