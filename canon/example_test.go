package canon_test

import (
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
)

func ExampleCanon() {
	g, err := sudoku.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		panic(err)
	}
	f, err := canon.Canon(g, canon.Minlex)
	if err != nil {
		panic(err)
	}
	fmt.Println(f)
	fmt.Println(f.Map, f.Automorphisms)
	back, _ := f.Map.Inverse().Apply(f.Grid())
	fmt.Println(back.Equal(g))
	// Output:
	// ........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..
	// - rows=321456798 cols=321654879 digits=195462837 1
	// true
}
