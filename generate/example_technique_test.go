package generate_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/gosudoku/sudoku/generate"
)

// Puzzles whose hardest step is a Skyscraper, and a technique that is
// never the hardest step.
func ExampleDifficulty_SetTechnique() {
	d := &generate.Difficulty{}
	if err := d.SetTechnique("skyscraper"); err != nil {
		fmt.Println(err)
		return
	}
	g, err := generate.New(generate.Options{Seed: 1, Difficulty: d})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Puzzle(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Grid, p.Comment())

	d.SetTechnique("aligned-pair-exclusion")
	_, err = generate.New(generate.Options{Difficulty: d})
	fmt.Println(errors.Is(err, generate.ErrUnreachable))
	// Output:
	// .....37.8....18..6.......5..75.2...9..9.658.....8.4....2.....7....98....14....... clues=23 minimal er=4.0 level=hard hardest="Skyscraper"
	// true
}
