package units_test

import (
	"fmt"

	"github.com/gosudoku/sudoku/internal/units"
)

func ExampleOf() {
	g := units.Of(3) // 9x9
	cell := g.Cell(4, 3)
	fmt.Println("cell", cell, "row", g.Row(cell), "column", g.Col(cell), "box", g.Box(cell))
	fmt.Println("units", g.CellUnits[cell], "box cells", g.Units[g.CellUnits[cell][2]])
	fmt.Println(len(g.Peers[cell]), "peers; 40 is one:", g.IsPeer(cell, 40))
	// Output:
	// cell 39 row 4 column 3 box 4
	// units [4 12 22] box cells [30 31 32 39 40 41 48 49 50]
	// 20 peers; 40 is one: true
}

func ExampleSet() {
	s := units.SetOf(1, 4, 7)
	s = s.Add(9).Remove(4)
	fmt.Println(s, s.Count(), s.Has(7), s.Min())
	for v := range (units.Full(9) &^ s).Values() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	// Output:
	// {1,7,9} 3 true 1
	// 2 3 4 5 6 8
}
