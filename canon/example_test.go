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

func ExampleRefined() {
	// A complete 16x16 grid and a disguise of it (transposed, bands,
	// rows, stacks and columns swapped, the values relabelled).
	a, _ := sudoku.Parse("2BF8467G351C9EAD56749ABCDEFG12389AEGD138B27456FCD13CEF5296A874BG1745638B2CEDAFG96E89A2C71FGBD34532CDFEG1A459678BGFBA5D4967832C1EA356281DEB97FGC47C9EGBA5F14638D2B8D1C49F5G32EA76F4G237E68DCAB591456789DECABFG123E9AB1CF3G8254D678D1FBG24736EC95ACG23756A49D18BEF")
	b, _ := sudoku.Parse("2CA8BF63DE741G954D159728AGCFBE36GE69A15C83B2DF47BF37E4DG6591CA8259GE8BF47A6321DC38CD7GA61F2B59E46A24CE15G9D87BF3FB71D239C45EA6G8148C3D7B96EAG52FA59G48CF2B376D1EE6D259G148FC37BA73FB6AE25D1G48C98G46F3B7E2AD9C51D153GC8AF749E26B92EA154DBC86F37GC7BF269E31G584AD")
	fa, err := canon.Refined(context.Background(), a)
	if err != nil {
		panic(err)
	}
	fb, err := canon.Refined(context.Background(), b)
	if err != nil {
		panic(err)
	}
	fmt.Println(fa.Grid.String()[:64], fa.Automorphisms)
	fmt.Println(fa.Grid.Equal(fb.Grid))
	// Output:
	// 123456789ABCDEFGA56D21FG38E79B4C8BGFE94CD5267A137EC9B3ADG14F6258 1
	// true
}
