package canon_test

import (
	"context"
	"fmt"

	"github.com/gosudoku/sudoku"
	"github.com/gosudoku/sudoku/canon"
	"github.com/gosudoku/sudoku/variant"
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

func ExampleGeneral() {
	g, err := sudoku.Parse("1..2..3..4......") // a 4x4 puzzle
	if err != nil {
		panic(err)
	}
	f, err := canon.General(context.Background(), g)
	if err != nil {
		panic(err)
	}
	fmt.Println(f.Grid, f.Automorphisms)
	fmt.Println(f.Map)
	// Output:
	// .......1.2..3.4. 1
	// - rows=4321 cols=4312 digits=4321
}

func ExampleVariant() {
	p := variant.New(9) // an X sudoku
	p.Rules = []variant.Rule{variant.Diagonal{}, variant.Diagonal{Positive: true}}
	p.Givens[0], p.Givens[80], p.Givens[40] = 5, 7, 3
	f, err := canon.Variant(context.Background(), p)
	if err != nil {
		panic(err)
	}
	g, _ := sudoku.FromValues(3, f.Puzzle.Givens)
	fmt.Println(g, f.Automorphisms)
	// Output:
	// ........................1...............2...............3........................ 16
}
