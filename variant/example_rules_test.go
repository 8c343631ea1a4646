package variant_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku/variant"
)

// grid returns a blank grid of side n with some cells set.
func grid(n int, set map[variant.Cell]int) []int {
	v := make([]int, n*n)
	for c, x := range set {
		v[c.Index(n)] = x
	}
	return v
}

func ExampleCage() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Cage{Cells: []variant.Cell{{1, 1}, {2, 1}}, Sum: 10}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 1}: 3, {2, 1}: 8})))
	p.Rules = append(p.Rules, variant.Cage{Cells: []variant.Cell{{2, 1}, {3, 1}}, Sum: 30})
	fmt.Println(p.Validate())
	// Output:
	// cage r1c1-r2c1 (sum 10) holds 3+8 = 11
	// rule 2 (cage r2c1-r3c1 (sum 30)): rule not well formed: no 2 different values 1-9 sum to 30 (only 3 to 17)
}

func ExampleThermo() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Thermo{Cells: []variant.Cell{{4, 4}, {4, 5}, {4, 6}}}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{4, 4}: 5, {4, 5}: 3})))
	// Output: thermometer from r4c4: r4c5 = 3 is not above r4c4 = 5
}

func ExampleAntiKnight() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.AntiKnight{}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{2, 3}: 7, {4, 4}: 7})))
	// Output: r2c3 and r4c4 are a knight's move apart and both hold 7
}

func ExampleArrow() {
	// A two-cell circle reads as a number: 1 and 3 make 13.
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Arrow{
		Circle: []variant.Cell{{1, 1}, {1, 2}},
		Line:   []variant.Cell{{2, 2}, {3, 2}, {4, 2}},
	}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 1}: 1, {1, 2}: 3, {2, 2}: 4, {3, 2}: 5, {4, 2}: 6})))
	// Output: arrow from r1c1+r1c2: 4+5+6 = 15, not 13
}

func ExampleKropki() {
	p := variant.New(6) // 6x6, boxes of 2x3
	p.Rules = []variant.Rule{
		variant.Kropki{Cells: [2]variant.Cell{{1, 1}, {1, 2}}},              // white: differ by 1
		variant.Kropki{Cells: [2]variant.Cell{{5, 1}, {5, 2}}, Black: true}, // black: ratio 2
		variant.KropkiNegative{White: true, Black: true},                    // no dot: neither
	}
	fmt.Println(p.Check(grid(6, map[variant.Cell]int{{1, 1}: 2, {1, 2}: 3, {3, 1}: 4, {3, 2}: 5})))
	// Output: r3c1 and r3c2 hold 4 and 5 with no dot between them (all kropki dots given)
}

func ExampleSandwich() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Sandwich{Index: 1, Sum: 10}}
	row := map[variant.Cell]int{}
	for c, v := range []int{2, 1, 3, 4, 9, 5, 6, 7, 8} {
		row[variant.Cell{Row: 1, Col: c + 1}] = v
	}
	fmt.Println(p.Check(grid(9, row)))
	// Output: sandwich row 1 (sum 10): 3+4 = 7 between the 1 and the 9
}

func ExampleBoxes() {
	// A 6x6 jigsaw: any partition into six connected regions of six cells.
	p := &variant.Puzzle{Size: 6, Regions: []int{
		0, 0, 0, 1, 1, 1,
		0, 0, 2, 1, 1, 1,
		0, 2, 2, 2, 3, 3,
		4, 4, 2, 2, 3, 3,
		4, 4, 5, 5, 3, 3,
		4, 4, 5, 5, 5, 5,
	}}
	fmt.Println(p.Validate())
	p.Regions = variant.Boxes(6, 2, 3) // the usual 2x3 boxes
	r, c, ok := p.BoxDims()
	fmt.Println(r, c, ok)
	// Output:
	// <nil>
	// 2 3 true
}

func ExampleGenerate() {
	spec, err := variant.ParseSpec("killer", 6)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := variant.Generate(context.Background(), spec, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := variant.Count(context.Background(), g.Puzzle, 2, variant.Options{})
	fmt.Println(res.Status(), fmt.Sprint(res.Solution) == fmt.Sprint(g.Solution))
	// Output: unique true
}
