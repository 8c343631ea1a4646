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
	// 725....6.....62.....6...8.3.3..7.5..28.....39..9.2..8.8.1...2.....98.....9....648 clues=28 orbit-minimal symmetry=central
	// .8..1.94..2.3..8..71..6...3..8.41...............83.1..8...7..14..1..2.6..75.8..9. clues=28 orbit-minimal symmetry=central
	// ...6.52....8.4.5.6.5...1..4...4..7.9.9.....2.4.1..2...2..7...4.7.5.1.3....42.6... clues=28 orbit-minimal symmetry=central
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
	// 349685271128947536657321984532468719896173425471592863213759648765814392984236157 true
}

func ExampleParseSymmetry() {
	s, err := generate.ParseSymmetry("mirror-lr+mirror-tb")
	fmt.Println(s, err, len(s.Orbits(3)))
	// Output:
	// mirror-lr+mirror-tb <nil> 25
}
