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

func ExampleDiagonal() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Diagonal{}, variant.Diagonal{Positive: true}} // X sudoku
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 9}: 4, {5, 5}: 4})))
	// Output: positive diagonal: r1c9 and r5c5 both hold 4
}

func ExampleWindoku() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Windoku{}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{6, 6}: 1, {8, 8}: 1})))
	// Output: window 4: r6c6 and r8c8 both hold 1
}

func ExampleDisjoint() {
	p := variant.New(6) // 2x3 boxes: six groups of six cells
	p.Rules = []variant.Rule{variant.Disjoint{}}
	fmt.Println(p.Check(grid(6, map[variant.Cell]int{{1, 2}: 5, {3, 5}: 5})))
	// Output: disjoint group 2: r1c2 and r3c5 both hold 5
}

func ExampleExtraRegion() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.ExtraRegion{Cells: []variant.Cell{{1, 1}, {1, 5}, {5, 1}, {5, 5}}}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 5}: 8, {5, 1}: 8})))
	// Output: extra region r1c1-r5c5: r1c5 and r5c1 both hold 8
}

func ExampleAntiKing() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.AntiKing{}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{3, 3}: 2, {4, 4}: 2})))
	// Output: r3c3 and r4c4 are a king's move apart and both hold 2
}

func ExampleNonConsecutive() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.NonConsecutive{}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{5, 5}: 6, {6, 5}: 5})))
	// Output: r5c5 and r6c5 are neighbours and hold consecutive values 6 and 5
}

func ExampleLittleKiller() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.LittleKiller{Cells: []variant.Cell{{1, 3}, {2, 2}, {3, 1}}, Sum: 6}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 3}: 1, {2, 2}: 2, {3, 1}: 4})))
	// Output: little killer r1c3-r3c1 (sum 6) holds 1+2+4 = 7
}

func ExampleXV() {
	p := variant.New(9)
	p.Rules = []variant.Rule{
		variant.XV{Cells: [2]variant.Cell{{1, 1}, {1, 2}}, Sum: 10}, // X
		variant.XV{Cells: [2]variant.Cell{{2, 1}, {2, 2}}, Sum: 5},  // V
		variant.XVNegative{}, // no other neighbours sum to 5 or 10
	}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 1}: 3, {1, 2}: 7, {2, 1}: 1, {2, 2}: 4, {3, 1}: 9})))
	// Output: r2c1 and r3c1 hold 1+9 = 10 with no mark between them (all XV marks given)
}

func ExampleParity() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Parity{Cell: variant.Cell{Row: 5, Col: 5}, Even: true}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{5, 5}: 7})))
	// Output: r5c5 = 7 is not even
}

func ExampleWhisper() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Whisper{Cells: []variant.Cell{{1, 1}, {2, 2}, {3, 3}}}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 1}: 1, {2, 2}: 7, {3, 3}: 4})))
	// Output: whisper r1c1-r3c3: r2c2 = 7 and r3c3 = 4 differ by 3, less than 5
}

func ExampleRenban() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Renban{Cells: []variant.Cell{{1, 1}, {1, 2}, {1, 3}}}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{1, 1}: 5, {1, 2}: 3, {1, 3}: 6})))
	// Output: renban r1c1-r1c3 holds 3,5,6: they are not part of 3 consecutive values
}

func ExamplePalindrome() {
	p := variant.New(9)
	p.Rules = []variant.Rule{variant.Palindrome{Cells: []variant.Cell{{1, 1}, {2, 2}, {3, 3}, {4, 4}}}}
	fmt.Println(p.Check(grid(9, map[variant.Cell]int{{2, 2}: 5, {3, 3}: 6})))
	// Output: palindrome r1c1-r4c4: r2c2 = 5 but r3c3 = 6
}

// printer prints each elimination with the rule that made it.
type printer struct{ p *variant.Puzzle }

func (pr printer) Eliminate(rule, cell int, values uint64) {
	var name string
	switch rule {
	case variant.RuleRows, variant.RuleColumns, variant.RuleRegions:
		name = "a row, column or region"
	case variant.RuleSums:
		name = "the 45 rule"
	case variant.RuleGivens:
		name = "a given"
	default:
		name = pr.p.Rules[rule].String()
	}
	fmt.Printf("%s: %s loses %04b\n", name, variant.CellName(cell, pr.p.Size), values)
}

// Propagate narrows candidates and names the rule behind each
// elimination, for a logic layer that explains its steps.
func ExamplePuzzle_Propagate() {
	p := &variant.Puzzle{Size: 4} // a Latin square: rows and columns only
	p.Rules = []variant.Rule{
		variant.Parity{Cell: variant.Cell{Row: 1, Col: 1}, Even: true},
		variant.XV{Cells: [2]variant.Cell{{1, 1}, {1, 2}}, Sum: 5},
	}
	cands := make([]uint64, 16)
	for i := range cands {
		cands[i] = 0b1111 // values 1 to 4
	}
	ok, err := p.Propagate(cands, printer{p})
	fmt.Println(ok, err)
	fmt.Printf("r1c1 %04b, r1c2 %04b\n", cands[0], cands[1])
	// Output:
	// even r1c1: r1c1 loses 0101
	// V r1c1-r1c2: r1c2 loses 1010
	// true <nil>
	// r1c1 1010, r1c2 0101
}
