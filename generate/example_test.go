package generate_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/gosudoku/sudoku/generate"
)

func Example() {
	g, err := generate.New(generate.Options{Symmetry: generate.Central, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = g.Run(context.Background(), 0, 3, func(p *generate.Puzzle) error {
		fmt.Println(p.Grid, p.Comment())
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 72..4....34.9.....9....5.2.....79.6..3.....8..8.42.....6.3....7.....6.51....1..48 clues=26 orbit-minimal symmetry=central
	// 58...72.14....3.......8.6..9..7..8...7.9.6.5...1..5..9..7.6.......3....86.81...92 clues=28 orbit-minimal symmetry=central
	// .4.8.62.........3...7.29..1..1....232.4...5.973....8..9..25.6...7.........29.4.5. clues=28 orbit-minimal symmetry=central
}

func ExampleGenerator_Puzzle() {
	g, err := generate.New(generate.Options{Order: 2, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Puzzle(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Grid, p.Clues, p.Kind())
	fmt.Println(p.Solution)
	// Output:
	// ...42....2....3. 4 minimal
	// 1324241332414132
}

func ExampleRandomGrid() {
	g, err := generate.RandomGrid(context.Background(), 3, rand.NewPCG(1, 2))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g, g.CheckSolved() == nil)
	// Output:
	// 349816275128745936657329481591468723284173569736592814913257648475681392862934157 true
}

func ExampleParseSymmetry() {
	s, err := generate.ParseSymmetry("mirror-lr+mirror-tb")
	fmt.Println(s, err, len(s.Orbits(3)))
	// Output:
	// mirror-lr+mirror-tb <nil> 25
}
