package sudoku_test

import (
	"fmt"

	"github.com/gosudoku/sudoku"
)

func ExampleUnit() {
	u := sudoku.Unit{Kind: sudoku.Box, Index: 4}
	fmt.Println(u)
	// Units numbered rows, then columns, then boxes (27 in a 9x9 grid):
	fmt.Println(sudoku.UnitAt(2, 9), sudoku.UnitAt(12, 9), sudoku.UnitAt(26, 9))
	// Output:
	// box 5
	// row 3 column 4 box 9
}

func ExampleCellName() {
	fmt.Println(sudoku.CellName(39, 9))   // row 5, column 4 of a 9x9 grid
	fmt.Println(sudoku.CellName(255, 16)) // the last cell of a 16x16 grid
	// Output:
	// r5c4
	// r16c16
}

func ExampleCandidate_Placement() {
	c := sudoku.Candidate{Cell: 39, Value: 7}
	fmt.Println(c.Placement(9), c.Elimination(9))
	// Output:
	// r5c4=7 r5c4<>7
}
