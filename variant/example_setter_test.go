package variant_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku/variant"
)

// A setter's check of a 4x4 with no solution: r1c1's given leaves the
// cage no way to make 3; the thermometer plays no part.
func ExampleDiagnose() {
	p := variant.New(4)
	p.Givens = make([]int, 16)
	p.Givens[0] = 1 // r1c1
	p.Rules = []variant.Rule{
		variant.Thermo{Cells: []variant.Cell{{3, 1}, {3, 2}}},
		variant.Cage{Cells: []variant.Cell{{1, 2}, {1, 3}}, Sum: 3},
	}
	d, err := variant.Diagnose(context.Background(), p, variant.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solutions:", d.Count)
	for _, i := range d.Givens {
		fmt.Printf("given %s = %d\n", variant.CellName(i, 4), p.Givens[i])
	}
	for _, k := range d.Rules {
		fmt.Println("rule:", p.Rules[k])
	}
	// Output:
	// solutions: 0
	// given r1c1 = 1
	// rule: cage r1c2-r1c3 (sum 3)
}

// The true candidates of a 4x4 with two solutions: r1c1, r1c3, r2c1 and
// r2c3 hold 1 and 3 one way or the other.
func ExampleTrueCandidates() {
	p := variant.New(4)
	p.Givens = []int{
		0, 2, 0, 4,
		0, 4, 0, 2,
		2, 1, 4, 3,
		4, 3, 2, 1,
	}
	c, err := variant.TrueCandidates(context.Background(), p, variant.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, i := range []int{0, 1, 2} {
		fmt.Printf("%s: %04b\n", variant.CellName(i, 4), c[i])
	}
	// Output:
	// r1c1: 0101
	// r1c2: 0010
	// r1c3: 0101
}
